"""The coach: estimates from one player's view only, seeded, best first; the
layers (the games never import the bots); the Hint button of the tables."""

from __future__ import annotations

import ast
import random
import re
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardcommons.bots import ActionEstimate, GreedyBot, HeuristicBot, MonteCarloBot, RandomBot, coach, rule_of_thumb
from cardcommons.bots.playouts.split_and_choose import relabel
from cardcommons.bots.worlds import sample_worlds
from cardcommons.errors import RulesError
from cardcommons.game import Action, Observation, play
from cardcommons.split_and_choose import PACK, Keep, SplitAndChoose
from cardcommons.whisky import PASS, WhiskyPoker
from cardcommons.widgets import SplitAndChooseTable, WhiskyPokerTable

PACKAGE = Path(__file__).resolve().parents[1] / "cardcommons"


def split_and_choose_twins(seed: int, stop: Callable[[SplitAndChoose], bool]) -> tuple[SplitAndChoose, SplitAndChoose]:
    """Two games of HeuristicBots played until ``stop``: the second deals the
    cards the player to act has not seen in another order (its moves renamed
    to match), so the player's view is the same and the hidden cards differ."""
    rng = random.Random(seed)
    order = rng.sample(PACK.cards, len(PACK))
    first = SplitAndChoose.from_order(order)
    bots = [HeuristicBot(seed=seed), HeuristicBot(seed=seed + 1)]
    actions = []
    while not stop(first):
        player = first.current_player
        assert player is not None
        actions.append(bots[player].act(first.observation(player), first.legal_actions()))
        first.apply(actions[-1])
    player = first.current_player
    assert player is not None
    unseen = list(first.observation(player).unseen)
    mapping = {c: c for c in PACK.cards}
    mapping.update(zip(unseen, unseen[1:] + unseen[:1], strict=True))
    second = SplitAndChoose.from_order([mapping[c] for c in order])
    for action in actions:
        second.apply(relabel(action, mapping))
    return first, second


@pytest.mark.parametrize(
    ("seed", "stop"),
    [
        (3, lambda g: g.phase == "choose" and len(g.observation(0).rounds) == 2),
        (5, lambda g: g.phase == "reserve" and g.current_player == g.first_splitter),
    ],
)
def test_split_and_choose_coach_sees_only_the_observation(seed: int, stop: Callable[[SplitAndChoose], bool]) -> None:
    first, second = split_and_choose_twins(seed, stop)
    player = first.current_player
    assert player is not None and player == second.current_player
    assert first.observation(player) == second.observation(player)
    assert first.observation(1 - player) != second.observation(1 - player)  # the hidden cards differ
    estimates = [coach(g.observation(player), g.legal_actions(), samples=60, seed=4) for g in (first, second)]
    assert estimates[0] == estimates[1]


def test_whisky_coach_sees_only_the_observation() -> None:
    """Seat 2 to play after two passes; the other hands and the spare trade places."""
    hands = ["As Ks Qs Jd 9c", "Ah Kh 8d 8c 7s", "Ad Kd Qd 10h 9h", "Ac Kc Qc Jh 10c"]
    spare = "Qh Jc 10d 9d 8h"
    first = WhiskyPoker.from_deal(hands, spare)
    second = WhiskyPoker.from_deal([spare, hands[3], hands[2], hands[0]], hands[1])
    for game in (first, second):
        game.apply(PASS)
        game.apply(PASS)
    assert first.current_player == second.current_player == 2
    assert first.observation(2) == second.observation(2)
    assert first.observation(0) != second.observation(0)
    estimates = [coach(g.observation(2), g.legal_actions(), samples=60, seed=4) for g in (first, second)]
    assert estimates[0] == estimates[1]


def test_coach_is_seeded_and_sorted() -> None:
    game = SplitAndChoose(seed=9)
    view, legal = game.observation(0), game.legal_actions()
    estimates = coach(view, legal, samples=60, seed=1)
    assert estimates == coach(view, legal, samples=60, seed=1)
    assert estimates != coach(view, legal, samples=60, seed=2)
    assert [e.share for e in estimates] == sorted((e.share for e in estimates), reverse=True)
    assert {e.action for e in estimates} == set(legal)
    assert all(e.playouts == 60 and 0 <= e.low <= e.share <= e.high <= 1 for e in estimates)


def test_coach_reports_progress() -> None:
    game = SplitAndChoose(seed=9)
    calls: list[tuple[int, int]] = []
    coach(
        game.observation(0),
        game.legal_actions(),
        samples=2500,
        seed=1,
        progress=lambda done, total: calls.append((done, total)),
    )
    assert calls == [(6000, 15000), (12000, 15000), (15000, 15000)]  # 6 moves, 1,000 worlds at a time


@pytest.mark.parametrize("samples", [0, -5, 2.5, "200", True, None])
def test_coach_and_its_bot_refuse_bad_samples_by_name(samples: Any) -> None:
    game = SplitAndChoose(seed=9)
    if samples is not None:  # None is the coach's default: as many as it needs
        with pytest.raises(
            RulesError, match=f"samples must be a whole number of at least 1, not {re.escape(repr(samples))}"
        ):
            coach(game.observation(0), game.legal_actions(), samples=samples)
    with pytest.raises(RulesError, match="samples"):
        MonteCarloBot(samples=samples)


def test_monte_carlo_bot_plays_the_coachs_first_choice() -> None:
    game = SplitAndChoose(seed=11)
    bot = MonteCarloBot(samples=60, seed=3)
    seed = random.Random(3).getrandbits(64)
    estimates = coach(game.observation(0), game.legal_actions(), samples=60, seed=seed, model=bot.model)
    assert bot.act(game.observation(0), game.legal_actions()) == estimates[0].action
    assert bot.last_estimates == {e.action: e.share for e in estimates}


def test_the_playout_policy_is_used() -> None:
    game = WhiskyPoker(3, seed=5)
    view, legal = game.observation(0), game.legal_actions()
    greedy = coach(view, legal, samples=30, seed=1)
    random_playouts = coach(view, legal, samples=30, seed=1, playout=lambda g, s: RandomBot(s))
    assert greedy != random_playouts


def test_rule_of_thumb_names_a_game_it_does_not_know() -> None:
    class Other:
        players = 2

    with pytest.raises(RulesError, match="no rule-of-thumb bot for Other"):
        rule_of_thumb(Other(), 1)  # type: ignore[arg-type]


def test_estimate_in_plain_words() -> None:
    assert str(ActionEstimate(Keep(), 0.5, 0.41, 0.6, 100)) == "Keep: wins about 50% (41–60%)"


def test_games_do_not_import_the_bots_in_a_fresh_interpreter() -> None:
    code = (
        "import sys, cardcommons.split_and_choose, cardcommons.whisky, cardcommons.game, cardcommons.simulate\n"
        "print(sorted(m for m in sys.modules if m.startswith('cardcommons.bots')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


@pytest.mark.parametrize("package", ["split_and_choose", "whisky"])
def test_no_game_module_imports_the_bots(package: str) -> None:
    """Lazy imports inside functions count too."""
    for path in (PACKAGE / package).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("cardcommons.bots"), path.name
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("cardcommons.bots") for a in node.names), path.name


# -- the Hint button ---------------------------------------------------------


def test_hint_shows_the_estimates_of_your_move_and_changes_nothing() -> None:
    table = SplitAndChooseTable(seed=2, first_splitter=0, background=False)
    record, html = table.game.record(), table.html
    table.hint.button.click()
    table.hint.wait(60)
    assert len(table.hint.lines) == 6 and all("wins about" in line for line in table.hint.lines)
    assert table.hint.lines[0].startswith("Split ")
    assert table.game.record() == record and table.html == html
    assert "The coach" in table.hint.answer.value
    view = table.view
    decision = table._decision()
    assert decision is not None and decision.table is not None and decision.table[0] is None  # you, then the bot
    expected = coach(view, table.game.legal_actions(), seed=table.seed * 1000, table=decision.table)
    assert table.hint.lines == tuple(str(e) for e in expected)
    assert "as seated: seat 1 as HeuristicBot()" in expected.assumption
    answer = table.hint.answer.value
    assert "points below the best" in answer and expected.assumption.replace("'", "&#x27;") in answer


def test_hint_in_the_background_does_not_block_and_clears_after_a_move() -> None:
    table = SplitAndChooseTable(seed=3, first_splitter=0)
    table.hint.button.click()
    assert table.hint.busy or table.hint.lines  # the click returns at once, the coach works on
    table.hint.wait(60)
    assert table.hint.lines and table.hint.progress.layout.visibility == "hidden"
    cards = table.view.rounds[-1].cards
    assert cards is not None
    for card in cards[:2]:
        table.card_button(card).click()
    table.split_button.click()
    table.wait(30)
    assert table.hint.lines == () and table.hint.answer.value == ""


class _HeldBot(HeuristicBot):
    """A rule-of-thumb bot that waits, before each move, until the test lets it go."""

    def __init__(self, release: threading.Event, seed: int | None = None) -> None:
        super().__init__(seed=seed)
        self.release = release

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        self.release.wait(30)
        return super().act(observation, legal_actions)


def test_hint_out_of_turn_changes_nothing() -> None:
    release = threading.Event()
    table = SplitAndChooseTable(bot=partial(_HeldBot, release), seed=2, first_splitter=1, background=True)
    assert table.busy  # the bot splits first, thinking in the background (held until released)
    record = table.game.record()
    table.hint.button.click()
    assert table.hint.lines == () and "your own turn" in table.hint.answer.value
    assert not table.hint.busy and table.game.record() == record
    release.set()
    table.wait(60)
    assert table.game.current_player == 0  # the bot has split: the reader chooses
    assert "your own turn" not in table.hint.answer.value  # the note went when the reader's turn came


def test_hint_at_the_whisky_table() -> None:
    table = WhiskyPokerTable(opponents=2, seed=9, background=False)
    assert table.game.current_player == 0
    record = table.game.record()
    table.hint.button.click()
    assert table.hint.lines and all(re.search(r": (wins about|wins in|loses in)", line) for line in table.hint.lines)
    assert table.game.record() == record


# -- bad input: RulesError naming it, nothing changed -------------------------


@pytest.mark.parametrize("seed", [[1], np.int64(3), "abc", 1.5, True])
def test_coach_and_its_bot_refuse_a_bad_seed_by_name(seed: Any) -> None:
    game = SplitAndChoose(seed=9)
    with pytest.raises(RulesError, match=f"seed is an int.*not {re.escape(repr(seed))}"):
        coach(game.observation(0), game.legal_actions(), samples=10, seed=seed)
    with pytest.raises(RulesError, match=f"seed is an int or None, not {re.escape(repr(seed))}"):
        MonteCarloBot(samples=10, seed=seed)


def test_coach_refuses_the_view_of_a_player_not_to_move() -> None:
    game = SplitAndChoose(seed=9)
    with pytest.raises(RulesError, match="this is player 1's view, but player 0 is to move"):
        coach(game.observation(1), game.legal_actions(), samples=10)
    whisky = WhiskyPoker(4, seed=2)
    seat = whisky.current_player
    assert seat is not None
    with pytest.raises(RulesError, match=f"player {seat} is to move"):
        MonteCarloBot(samples=10).act(whisky.observation((seat + 1) % 4), whisky.legal_actions())


def test_coach_refuses_a_finished_game_and_no_moves() -> None:
    game = WhiskyPoker(3, seed=4)
    view = game.observation((game.dealer + 1) % 3)  # the first to play
    with pytest.raises(RulesError, match=r"the coach needs a list of at least one legal action, not \[\]"):
        coach(view, [], samples=10)
    with pytest.raises(RulesError, match="the coach needs a list of at least one legal action, not None"):
        coach(view, None, samples=10)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"RandomBot needs a list of at least one legal action, not \[\]"):
        RandomBot(seed=1).act(view, [])
    play(game, [GreedyBot(seed=s) for s in range(3)])
    with pytest.raises(RulesError, match="the game is over"):
        coach(game.observation(0), game.legal_actions(), samples=10)


def test_coach_refuses_a_move_that_is_not_legal() -> None:
    game = SplitAndChoose(seed=9)
    with pytest.raises(RulesError, match="Keep\\(\\) is not a legal move for player 0 now"):
        coach(game.observation(0), [*game.legal_actions(), Keep()], samples=10)


@pytest.mark.parametrize(("option", "value"), [("playout", 3), ("playout", None), ("progress", "tick")])
def test_coach_and_its_bot_refuse_what_is_not_a_function(option: str, value: Any) -> None:
    game = SplitAndChoose(seed=9)
    with pytest.raises(RulesError, match=f"{option} is a function .*not {re.escape(repr(value))}"):
        coach(game.observation(0), game.legal_actions(), samples=10, **{option: value})
    if option == "playout":
        with pytest.raises(RulesError, match="playout is a function"):
            MonteCarloBot(playout=value)


def test_coach_refuses_a_playout_that_returns_no_bot_by_name() -> None:
    game = SplitAndChoose(seed=9)
    with pytest.raises(
        RulesError, match="playout is a function of \\(game, seed\\) that returns a bot, but it returned None"
    ):
        coach(game.observation(0), game.legal_actions(), samples=2, playout=lambda game, seed: None)  # type: ignore[arg-type,return-value]


def test_by_default_every_move_is_known_to_three_points_or_the_best_is_apart() -> None:
    game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
    game.apply(PASS)
    estimates = coach(game.observation(1), game.legal_actions())
    assert len({e.playouts for e in estimates}) == 1 and 1000 <= estimates[0].playouts <= 4000
    narrow = all(e.high - e.share <= 0.03 and e.share - e.low <= 0.03 for e in estimates)
    assert narrow or all(e.apart for e in estimates[1:])
    first_split = SplitAndChoose(seed=4)
    estimates = coach(first_split.observation(0), first_split.legal_actions())
    assert all(e.high - e.share <= 0.03 and e.share - e.low <= 0.03 for e in estimates) or all(
        e.apart for e in estimates[1:]
    )


def test_gaps_are_paired_differences_on_the_same_worlds() -> None:
    """Each move's gap to the best is the mean of its share less the best's, deal by deal;
    its interval is narrower than the two shares' intervals would make it."""
    game = SplitAndChoose(seed=4)
    estimates = coach(game.observation(0), game.legal_actions(), samples=2000, seed=2)
    best = estimates[0]
    assert best.gap == best.gap_low == best.gap_high == 0
    for e in estimates[1:]:
        assert e.gap == pytest.approx(e.share - best.share)
        assert e.gap_low <= e.gap <= e.gap_high
        assert e.gap_high - e.gap_low < (e.high - e.low) + (best.high - best.low)


def test_the_coach_says_what_it_assumed_and_what_the_moves_told_it() -> None:
    game = WhiskyPoker(4, seed=1)
    bots = [GreedyBot(seed=s) for s in range(4)]
    while game.knocker is None or game.current_player == game.knocker:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    seat = game.current_player
    assert seat is not None
    read = coach(game.observation(seat), game.legal_actions(), samples=400, seed=1)
    assert "plays in one of these styles, read from its moves: the rule of thumb 40%" in read.assumption
    assert "each other player in the style its world drew for it" in read.assumption
    assert [r.seat for r in read.readings] == [s for s in range(4) if s != seat]
    assert any(f"Seat {game.knocker} knocked: in the worlds that fit its moves" in f for f in read.findings)
    uniform = coach(game.observation(seat), game.legal_actions(), samples=400, seed=1, model=None)
    assert uniform.findings == () and "said nothing" in uniform.assumption
    assert read[0].share < uniform[0].share  # a knock warns: the knocker holds more than a random hand


def test_a_share_every_world_agrees_on_says_so_and_the_true_deal_had_weight() -> None:
    """The arcade's ``?game=split&seed=1673654257&opponent=HeuristicBot&first=toss``
    (the toss: you split first), you following the hints, at round 5: the bot
    kept K♦ Q♦ face down. Three pairs may lie there; the reading gives the true
    one about half the weight (and K♦ J♠, which the bot would not have kept,
    almost none). In every world drawn, every split wins if both players go on
    by the rule of thumb (in the true deal too): the words say so, not "100–100%"."""
    game = SplitAndChoose(seed=1673654257, first_splitter=0)
    for said in (
        "split A♠ JO face up, J♦ 10♣ face down",
        "choose the face-up pair",
        "split K♣ J♣ face up, K♥ J♥ face down",
        "choose the face-down pair",
        "split Q♣ 10♦ face up, K♠ Q♠ face down",
        "choose the face-up pair",
        "split A♥ 10♥ face up, K♦ Q♦ face down",
        "choose the face-up pair",
    ):
        (action,) = [a for a in game.legal_actions() if str(a) == said]
        game.apply(action)
    view, legal = game.observation(0), game.legal_actions()
    worlds = sample_worlds(view, 2000, seed=1)
    hidden = {tuple(sorted(str(PACK.cards[c]) for c in row if c >= 0)) for row in worlds.deals.their_hidden().tolist()}
    truth = np.sort(worlds.deals.their_hidden()[:, :2], axis=1) == sorted(PACK.position[c] for c in game.hand(1)[-2:])
    assert len(hidden) <= 3 and 0.4 < truth.all(axis=1).mean() < 0.6
    advice = coach(view, legal, seed=0)
    assert str(advice[0]).endswith(": wins in every world the coach drew (95% range 99.6–100%)")
    assert "Its play-outs go on with you playing by the rule of thumb and each other player in the style" in (
        advice.assumption
    )
    for split in legal:  # the true deal, played on by the rule of thumb
        played = SplitAndChoose(seed=1673654257, first_splitter=0)
        for action in [*game.history, split]:
            played.apply(action)
        assert play(played, [HeuristicBot(seed=1), HeuristicBot(seed=2)]).share(0, 2) == 1.0
