"""Worlds that read the table: the bots' move probabilities, the sampler's
posterior against exact enumeration, and the model's errors."""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from typing import Any

import numpy as np
import pytest

from cardcommons.bots import GreedyBot, HeuristicBot, MonteCarloBot, RandomBot, Trembling, coach
from cardcommons.bots.calibration import Probe, calibrate, summarise
from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.worlds import RULE_OF_THUMB, TableModel, likelihood, sample_worlds
from cardcommons.bots.worlds import whisky as whisky_worlds
from cardcommons.categories import STANDARD
from cardcommons.errors import RulesError
from cardcommons.game import Game
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import PASS, TAKE, WhiskyPoker, rules_table
from cardcommons.widgets.hint import Decision, Hint


def views_of_play(game: Game, bots: list[Any]) -> list[tuple[Any, list[Any], Any]]:
    """Every decision of a game played by ``bots``: the view, the legal moves, the move played."""
    seen = []
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        view, legal = game.observation(seat), list(game.legal_actions())
        move = bots[seat].act(view, legal)
        seen.append((view, legal, move))
        game.apply(move)
    return seen


@pytest.mark.parametrize(("players", "jokers"), [(2, False), (3, True), (6, False), (9, True)])
def test_greedy_chances_for_many_hands_equal_the_bots_probabilities(players: int, jokers: bool) -> None:
    checked = 0
    for seed in range(6):
        game = WhiskyPoker(players, jokers=jokers, seed=seed)
        for view, legal, move in views_of_play(game, [GreedyBot(seed=seed + s) for s in range(players)]):
            chances = GreedyBot().probabilities(view, legal)
            assert sum(chances) == pytest.approx(1) and chances[legal.index(move)] > 0
            table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
            hand = np.array([sorted(table.ids[c] for c in view.hand)])
            spare = None if view.spare is None else np.array(sorted(table.ids[c] for c in view.spare))
            rule = GreedyBot().rule(table.pack, table.ranking)
            for action, chance in zip(legal, chances, strict=True):
                batch = whisky_playouts.chances(rule, table, hand, spare, action)
                assert batch.tolist() == [pytest.approx(chance)], (view, action)
                checked += 1
    assert checked > 300


def test_bots_play_their_moves_as_often_as_they_say() -> None:
    """Ties are broken by the seed: over many seeds, each tied move comes up in its share."""
    game = SplitAndChoose(seed=4)
    view, legal = game.observation(0), list(game.legal_actions())
    for bot_type in (HeuristicBot,):
        chances = bot_type().probabilities(view, legal)
        played = Counter(bot_type(seed=s).act(view, legal) for s in range(600))
        for action, chance in zip(legal, chances, strict=True):
            assert abs(played[action] / 600 - chance) < 0.08 or (chance == 0 and played[action] == 0)
    for seed in range(40):  # every move a HeuristicBot plays has a chance above 0, and the chances add to 1
        split_game = SplitAndChoose(seed=seed, face_up_swap=seed % 2 == 0)
        for view, legal, move in views_of_play(split_game, [HeuristicBot(seed=seed), HeuristicBot(seed=seed + 1)]):
            chances = HeuristicBot().probabilities(view, legal)
            assert sum(chances) == pytest.approx(1) and chances[legal.index(move)] > 0


def assert_one_seat_read_as_exact_enumeration(view: Any, model: TableModel = RULE_OF_THUMB, tilt: float = 0.0) -> None:
    """The sampler's worlds put each card in the one other seat's hand as
    often as the exact posterior says: every set of cards that seat may hold,
    weighed by the chance of its moves under ``model`` (:func:`likelihood`, the game replayed),
    and by the ``tilt`` of its knock's hand (:func:`~cardcommons.bots.worlds.whisky.knock_tilt`)."""
    deals = whisky_playouts.deal(view, 1, seed=0)
    places = whisky_playouts.places(view, deals.template)
    (other,) = [s for s in range(view.players) if places.unknown[s]]
    hidden = places.seat(other)
    pool = places.cards
    exact: dict[int, float] = dict.fromkeys(places.cards, 0.0)
    total = 0.0
    for chosen in itertools.combinations(range(len(pool)), hidden.stop - hidden.start):
        rest = [pool[i] for i in range(len(pool)) if i not in chosen]
        row = np.array([[*(pool[i] for i in chosen), *rest]])
        game = deals.subset(np.array([0]), row).game(0)
        weight = likelihood(game, view.player, model)
        if tilt:
            hand = np.array([[deals.table.ids[c] for c in game.hands[other]]])
            weight *= float(whisky_worlds.knock_tilt(deals.table, hand, np.array([tilt]))[0, 0])
        total += weight
        for i in chosen:
            exact[pool[i]] += weight
    worlds = sample_worlds(view, 4000, seed=3, model=model)
    sampled = Counter(worlds.deals.shuffled[:, hidden].reshape(-1).tolist())
    assert worlds.effective > 1000
    for card in set(pool):
        expected = exact[card] / total
        seen = sampled[card] / 4000
        assert abs(seen - expected) < 4 * np.sqrt(expected * (1 - expected) / worlds.effective) + 0.01, card


def knocked_game() -> WhiskyPoker:
    """Two players, late in the game: seat 0 passed, exchanged twice and knocked."""
    game = WhiskyPoker(2, seed=14, dealer=1)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    while game.knocker is None:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    return game


def test_the_reading_of_a_knock_matches_exact_enumeration() -> None:
    """Two players, late in the game: seat 0 passed, exchanged twice and knocked."""
    game = knocked_game()
    assert game.current_player == 1 and game.knocker == 0 and len(game.actions) == 5
    view = game.observation(1)
    assert_one_seat_read_as_exact_enumeration(view)
    uniform = sample_worlds(view, 4000, seed=3, model=None)
    assert uniform.effective == 4000  # no reading: every world counts the same


def test_the_reading_of_a_knock_by_its_knock_chances_matches_exact_enumeration() -> None:
    """The same game, seat 0 read by a policy whose chance of a knock in phase
    2 is set by the hand's band and whether it is stuck (as MonteCarloBot's
    stand-in's is): the sampler's batch chances weigh the worlds as the policy's
    own chances, move by move, do. The knock is likelier on a weak stuck hand
    than on a top one here, so the reading differs from the same policy's without them.
    With a tilt of its knock's hand too, the worlds are weighed by it as well."""
    game = knocked_game()
    knocks = (0.01, 0.6, 0.05, 0.3, 0.05, 0.3, 0.2, 0.1, 0.02, 0.2, 0.3, 0.3)
    view = game.observation(1)
    model = RULE_OF_THUMB.seated([Trembling(GreedyBot(seed=0), 0.01, 0.5, 0.9, knocks=knocks), None])
    assert_one_seat_read_as_exact_enumeration(view, model)
    tilted = RULE_OF_THUMB.seated([Trembling(GreedyBot(seed=0), 0.01, 0.5, 0.9, knocks=knocks, tilt=1.5), None])
    assert_one_seat_read_as_exact_enumeration(view, tilted, tilt=1.5)
    plain = RULE_OF_THUMB.seated([Trembling(GreedyBot(seed=0), 0.01, 0.5, 0.9), None])
    hidden = whisky_playouts.places(view, whisky_playouts.deal(view, 1, seed=0).template).seat(0)
    drawn = [sample_worlds(view, 4000, seed=3, model=m).deals.shuffled[:, hidden] for m in (model, plain)]
    held = [Counter(cards.reshape(-1).tolist()) for cards in drawn]  # how often seat 0 holds each card
    assert max(abs(held[0][c] - held[1][c]) for c in held[0]) > 0.05 * 4000


def test_a_take_of_the_unseen_spare_off_the_rule_is_weighed_too() -> None:
    """Seat 0 holds two pair and takes the unseen spare, which the rule of
    thumb never does: the model reads it as a player at random, so its later
    exchange says nothing of the cards it took, and the worlds must not read
    that exchange as the rule's (they did, when the take was left out)."""
    game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qc Jh 10s 9d Kh"], "Qh Qs Jc 10d 9h", dealer=1)
    assert GreedyBot().probabilities(game.observation(0), game.legal_actions())[1] == 0  # the rule would not take
    game.apply(TAKE)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    for _ in range(2):  # seat 1 exchanges, then seat 0
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    assert [type(a).__name__ for a in game.actions] == ["TakeSpare", "Exchange", "Exchange"]
    assert_one_seat_read_as_exact_enumeration(game.observation(1))


def assert_seats_read_as_exact_enumeration(view: Any, by_seat: bool = False) -> None:
    """Every way to deal the cards ``view`` cannot locate among the other
    seats is weighed by the chance of all their moves (:func:`likelihood`, the
    game replayed; ``by_seat``: each seat's part replayed for each of its own
    ways, the others read as random players, whose part is then the same
    in every deal); the sampler, seat by seat, puts each card in each seat, and
    in the last place of the stock (the cards no move spoke of, in any
    order), as often as that exact posterior says."""
    deals = whisky_playouts.deal(view, 1, seed=0)
    places = whisky_playouts.places(view, deals.template)
    pool = places.cards
    seats = [s for s in range(view.players) if places.unknown[s]]
    counts = [len(places.unknown[s]) for s in seats]
    assert len(set(pool)) == len(pool)

    def weight(ways: tuple[tuple[int, ...], ...], model: TableModel = RULE_OF_THUMB) -> float:
        rest = [i for i in range(len(pool)) if all(i not in way for way in ways)]
        row = np.array([[pool[i] for i in (*(i for way in ways for i in way), *rest)]])
        return likelihood(deals.subset(np.array([0]), row).game(0), view.player, model)

    parts: list[dict[tuple[int, ...], float]] = []
    if by_seat:  # each seat's own part, the others' cards any that are left
        for k, seat in enumerate(seats):
            alone = RULE_OF_THUMB.seated([None if s == seat else RandomBot() for s in range(view.players)])
            part = {}
            for way in itertools.combinations(range(len(pool)), counts[k]):
                others = next(_deals_among([i for i in range(len(pool)) if i not in way], counts[:k] + counts[k + 1 :]))
                part[way] = weight((*others[:k], way, *others[k:]), alone)
            parts.append(part)
    exact = np.zeros((len(seats) + 1, len(pool)))  # each card's chance: in each seat, in the last place
    for ways in _deals_among(list(range(len(pool))), counts):
        chance = math.prod(part[way] for part, way in zip(parts, ways, strict=True)) if by_seat else weight(ways)
        for k, way in enumerate(ways):
            exact[k, list(way)] += chance
        rest = [i for i in range(len(pool)) if all(i not in way for way in ways)]
        exact[-1, rest] += chance / len(rest)
    exact /= exact[-1].sum()
    assert exact[:-1].max() > 0.9  # the moves say a lot
    worlds = sample_worlds(view, 4000, seed=3)
    assert worlds.effective > 1000
    shuffled = worlds.deals.shuffled
    located = [*(shuffled[:, places.seat(s)] for s in seats), shuffled[:, -1:]]
    for expected, columns in zip(exact, located, strict=True):
        sampled = Counter(columns.reshape(-1).tolist())
        for card, chance in zip(pool, expected, strict=True):
            seen = sampled[card] / 4000
            assert abs(seen - chance) < 4 * np.sqrt(chance * (1 - chance) / worlds.effective) + 0.01, card


def _deals_among(cards: list[int], counts: list[int]) -> Any:
    """Every way to deal ``counts[k]`` of ``cards`` to each seat ``k`` in turn."""
    if not counts:
        yield ()
        return
    for first in itertools.combinations(cards, counts[0]):
        for rest in _deals_among([c for c in cards if c not in first], counts[1:]):
            yield (first, *rest)


def test_the_reading_of_two_seats_and_the_cards_left_matches_exact_enumeration() -> None:
    """Three players, late in the game: both other seats hold two cards the view cannot locate."""
    game = WhiskyPoker(3, seed=10, dealer=0)
    play_until(game, [GreedyBot(seed=seat) for seat in range(3)], 10)
    assert game.current_player == 2 and game.phase == 2
    assert_seats_read_as_exact_enumeration(game.observation(2))


@pytest.mark.parametrize("way", ["weighted draws", "without tables", "from the knock's table", "moved apart"])
def test_the_reading_of_three_seats_after_a_knock_matches_exact_enumeration(
    way: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four players after a knock: the knocker holds two cards the view cannot
    locate, two other seats one each, seven more lie in the stock. The seats
    are drawn in turn (each from its table of ways and from the cards left,
    leaving the cards the later ones need, the last from every way left; or,
    without tables, from the cards left only; or the knocker from a table of
    the ways its knock may come from only, and from the cards left), and the
    weighted draws, resampled, match the posterior; so do the worlds kept once
    moved apart by exact steps (which would hide a wrong weight: the draws are
    checked without them too)."""
    if way != "moved apart":
        monkeypatch.setattr(whisky_worlds, "_SWEEPS", 0)
    if way == "without tables":
        monkeypatch.setattr(whisky_worlds, "_MOST_DEALS", 0)
    kept: list[int] = []
    if way == "from the knock's table":  # the knocker's 55 ways too many for a table of every way, not its knock's
        monkeypatch.setattr(whisky_worlds, "_MOST_DEALS", 54)
        support = whisky_worlds._knock_support

        def spied(*args: Any) -> Any:
            found = support(*args)
            kept.append(-1 if found is None else len(found))
            return found

        monkeypatch.setattr(whisky_worlds, "_knock_support", spied)
    game = WhiskyPoker(4, seed=30, dealer=0)
    play_until(game, [GreedyBot(seed=seat) for seat in range(4)], 16)
    assert game.knocker == 0 and game.current_player == 1
    assert_seats_read_as_exact_enumeration(game.observation(1), by_seat=True)
    assert (way == "from the knock's table") == bool(kept) and all(0 < n < 55 for n in kept)


def play_until(game: WhiskyPoker, bots: list[Any], moves: int) -> None:
    """Play ``game`` with ``bots`` until ``moves`` moves have been made."""
    while len(game.actions) < moves:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))


def test_the_model_is_a_policy_or_none() -> None:
    game = WhiskyPoker(3, seed=5)
    view, legal = game.observation(0), game.legal_actions()
    with pytest.raises(
        RulesError, match=re.escape("model is a TableModel, a policy with probabilities(), or None, not 'greedy'")
    ):
        coach(view, legal, samples=10, model="greedy")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"a table model's policy has probabilities.*not GreedyRule"):
        TableModel(GreedyBot().rule(rules_table(3, False, True, "standard").pack, STANDARD))  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"tremble is a chance above 0 and at most 1, not 1\.5"):
        TableModel(tremble=1.5)
    with pytest.raises(RulesError, match="games is a whole number of at least 1, not 0"):
        sample_worlds(view, 0, seed=1)
    with pytest.raises(RulesError, match="worlds are dealt from a player's view of a game, not 'view'"):
        sample_worlds("view", 10, seed=1)  # type: ignore[arg-type]


def test_a_policy_of_ones_own_reads_the_table_one_game_at_a_time() -> None:
    game = WhiskyPoker(2, seed=4)
    game.apply(PASS)
    assert game.current_player is not None
    view, legal = game.observation(game.current_player), game.legal_actions()
    read = coach(view, legal, samples=40, seed=1, model=GreedyBot())
    assert "each other player plays as GreedyBot would, or (one in 50) at random." in read.assumption
    assert [e.action for e in read] and 0 < read.worlds <= 40


def test_likelihood_is_the_chance_of_the_other_players_moves() -> None:
    game = WhiskyPoker.from_deal(["9s 10d Jc Qh 9h", "As Ks Qs Js 10s"], "Ac Kc Qc Jd 10c")
    game.apply(PASS)  # seat 0 holds a pair: the bot would take the unseen spare, not pass
    assert likelihood(game, 1) == pytest.approx(0.98 * 0 + 0.02 / 3)
    assert likelihood(game, 0) == 1.0  # seat 1 has not moved
    assert likelihood(game, 1, TableModel(tremble=1.0)) == pytest.approx(1 / 3)
    assert RULE_OF_THUMB.tremble == 0.02


def test_the_coach_that_reads_the_table_comes_true_where_the_uniform_one_does_not() -> None:
    """Calibration, measured against games (a small version of the bench's
    table): after a knock at a two-player table, the uniform coach states a
    share far above what seat 0 then wins; the coach that reads the knock
    states one that comes true, within its interval and 3 points."""
    uniform = calibrate("whisky-2-knock", probes=100, seed=0, samples=300, model=None)
    read = calibrate("whisky-2-knock", probes=100, seed=0, samples=300)
    assert uniform.gap - uniform.half_width > 0.15, uniform
    assert read.surely_off <= 0.03, read


def test_a_calibration_is_never_surer_than_true_numbers_would_allow() -> None:
    """Where seat 0 rarely wins, a few dozen probes may show no win: their own
    spread is then nearly nothing, and the gap's interval takes the spread true
    statements would give, s(1 - s) on average. Where the outcomes vary more
    than that, their own spread stands."""
    none_won = summarise("whisky-9-phase1", [Probe(0.1, 0.0)] * 59 + [Probe(0.2, 0.0)])
    stated = [0.1] * 59 + [0.2]
    assert none_won.gap == pytest.approx(sum(stated) / 60)
    if_true = sum(s * (1 - s) for s in stated) / 60
    assert none_won.half_width == pytest.approx(1.959963984540054 * math.sqrt(if_true / 60))
    assert none_won.surely_off == pytest.approx(none_won.gap - none_won.half_width)
    assert 0.02 < none_won.surely_off < 0.03  # by the probes' own spread alone, surely off by 10 points
    scattered = summarise("whisky-2-phase1", [Probe(0.5, float(n % 2)) for n in range(60)])
    assert scattered.half_width == pytest.approx(1.959963984540054 * math.sqrt(0.25 * 60 / 59 / 60))


def test_the_reading_says_what_a_blind_swap_told() -> None:
    """At the reserve, after the other player swapped blind: which card it gave
    is read from its hand (the rule of thumb gives its worst), not dealt at random."""
    game = SplitAndChoose(seed=3)
    bots = [HeuristicBot(seed=1), HeuristicBot(seed=2)]
    while not (game.phase == "reserve" and game.current_player == game.first_splitter):
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    view = game.observation(game.first_splitter)
    assert view.unseen_blind_swap
    read = sample_worlds(view, 300, seed=1)
    other = 1 - game.first_splitter
    said = f"Player {other}'s moves say it gave away a King more than 9 times in 10"
    assert any(finding.startswith(said) for finding in read.findings), read.findings
    assert sample_worlds(view, 300, seed=1, model=None).findings == ()
    named = sample_worlds(view, 300, seed=1, names=lambda seat: "the bot" if seat == other else "you")
    assert named.findings == tuple(f.replace(f"Player {other}", "The bot") for f in read.findings)


def test_the_findings_name_the_seats_as_the_table_names_them() -> None:
    """Told the table's names, the findings use them (the same worlds, the same
    words otherwise); a name that is not a function of the seat is refused."""
    game = WhiskyPoker(4, seed=1)
    play_until(game, [GreedyBot(seed=s) for s in range(4)], 9)
    seat = game.current_player
    assert seat is not None
    view = game.observation(seat)
    read = sample_worlds(view, 300, seed=1)
    named = sample_worlds(view, 300, seed=1, names=lambda s: f"bot {s} (Ann)")
    assert read.findings and all(f.startswith("Seat ") for f in read.findings), read.findings
    assert named.findings == tuple(re.sub(r"^Seat (\d+)", r"Bot \1 (Ann)", f) for f in read.findings)
    with pytest.raises(RulesError, match="names is a function of a seat that gives its name, not 'Ann'"):
        sample_worlds(view, 10, seed=1, names="Ann")  # type: ignore[arg-type]
    hint = Hint(
        lambda: Decision(view, tuple(game.legal_actions()), 1),
        background=False,
        samples=100,
        seat_name=lambda s: f"Bot {s}",
    )
    hint.button.click()  # the Hint tells the coach the table's names: its findings need no renaming
    knocked = re.search(r"Bot (\d+) (?:knocked|gave [^:]*): in the worlds that fit its moves", hint.answer.value)
    assert knocked and "Seat " not in hint.answer.value, hint.answer.value


class _Gives:
    """A policy of one's own that gives ``chances`` for every view (bad ones, for the errors)."""

    def __init__(self, chances: Any) -> None:
        self.chances = chances

    def probabilities(self, observation: Any, legal_actions: Any) -> Any:
        return self.chances if not callable(self.chances) else self.chances(legal_actions)

    def __repr__(self) -> str:
        return "Gives()"


def test_bad_models_policies_and_seeds_are_named() -> None:
    """A model of the other game, a policy that gives no chances or NaN, a
    string seed: the project's own error naming each, never advice from one world."""
    split = SplitAndChoose(seed=4)
    split.apply(split.legal_actions()[0])
    view, legal = split.observation(1), split.legal_actions()
    with pytest.raises(RulesError, match=r"GreedyBot\(knock_at=1\.0\).*GreedyBot plays Whisky Poker, not"):
        coach(view, legal, samples=10, model=GreedyBot())
    whisky = WhiskyPoker(3, seed=5)
    whisky.apply(PASS)
    whisky_view, whisky_legal = whisky.observation(1), whisky.legal_actions()
    with pytest.raises(RulesError, match=r"plays by GreedyBot.s rule or at random, not Trembling\(HeuristicBot\(\)"):
        coach(whisky_view, whisky_legal, samples=10, model=HeuristicBot())
    for chances, said in (
        (None, r"the policy Gives\(\) gave no probabilities"),
        (lambda legal: [float("nan")] * len(legal), r"the policy Gives\(\) gave \[nan, nan, nan\] for 3 legal moves"),
        ([1.0], r"gave \[1\.0\] for 3 legal moves: a chance from 0 to 1 for each, adding up to 1"),
    ):
        with pytest.raises(RulesError, match=said):
            coach(whisky_view, whisky_legal, samples=10, model=_Gives(chances))
    with pytest.raises(RulesError, match="the worlds' seed is an int, not '1'"):
        sample_worlds(whisky_view, 10, seed="1")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="the probes' first number \\(seed\\) is an int, not '1'"):
        calibrate("whisky-2-knock", probes=2, seed="1")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="RandomBot's seed is an int or None, not 'x'"):
        RandomBot(seed="x")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="tremble is a chance from 0 to 1, not 2"):
        Trembling(GreedyBot(), 2)
    with pytest.raises(RulesError, match=r"a policy with no rule plays every move at random: tremble and wander add"):
        Trembling(None, 0.5)
    with pytest.raises(
        RulesError, match=r"at most 1 together, not Trembling\(GreedyBot\(knock_at=1\.0\), tremble=0\.5, wander=0\.6\)"
    ):
        Trembling(GreedyBot(), 0.5, wander=0.6)
    with pytest.raises(RulesError, match="a trembling policy's rule is GreedyBot, HeuristicBot or None, not RandomBot"):
        Trembling(RandomBot(), 1.0)  # type: ignore[arg-type]


@pytest.mark.parametrize(("players", "jokers"), [(2, False), (4, True), (9, True)])
def test_a_trembling_policys_batch_form_gives_its_chances_and_plays_them(players: int, jokers: bool) -> None:
    """The batch form of a trembling policy (the rule, a move at random among
    the legal ones or among the candidates) gives, for every hand, the chance
    that the policy itself gives; and its moves at random come up as often."""
    policy = Trembling(GreedyBot(knock_at=0.9), tremble=0.2, wander=0.3)
    checked, drawn_at = 0, 0
    game = WhiskyPoker(players, jokers=jokers, seed=players)
    for view, legal, _ in views_of_play(game, [RandomBot(seed=s) for s in range(players)])[:12]:
        table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
        hand = np.array([sorted(table.ids[c] for c in view.hand)])
        spare = None if view.spare is None else np.array(sorted(table.ids[c] for c in view.spare))
        for action, chance in zip(legal, policy.probabilities(view, legal), strict=True):
            batch = whisky_playouts.policy_chances(policy, table, hand, spare, action)
            assert batch.tolist() == [pytest.approx(chance)], (view, action)
            checked += 1
        if spare is not None and drawn_at < 2:  # moves at random, drawn many times
            drawn_at += 1
            drawn = np.random.default_rng(drawn_at).integers(0, 2**63, size=3000, dtype=np.uint64)
            hands, faces = np.tile(hand, (3000, 1)), np.tile(spare, (3000, 1))
            for among, at_random in ((False, Trembling(None, 1.0)), (True, Trembling(None, 0.0, wander=1.0))):
                moves, slots = whisky_playouts.random_moves(table, hands, faces, np.full(3000, among), drawn)
                counts = Counter(zip(moves.tolist(), slots.tolist(), strict=True))
                wanted = [p for p in at_random.probabilities(view, legal) if p > 0]
                assert len(counts) == len(wanted)
                assert all(abs(n / 3000 - wanted[0]) < 4 * np.sqrt(wanted[0] / 3000) for n in counts.values())
    assert checked > 100 and drawn_at == 2


def test_the_coach_told_who_sits_there_comes_true_at_a_table_of_random_bots() -> None:
    """A table of RandomBots fits the default model (one player in 50 at
    random), but the coach then reads and plays them on as the rule of thumb:
    its shares fall far below what seat 0 wins. Told the table, it reads and
    plays each seat at random, and its shares come true."""

    def random_bots(game: Game, seed: int) -> RandomBot:
        return RandomBot(seed)

    read = calibrate("whisky-2-phase1", probes=40, seed=0, samples=200, opponents=random_bots)
    seated = calibrate("whisky-2-phase1", probes=40, seed=0, samples=200, opponents=random_bots, seated=True)
    assert read.gap + read.half_width < -0.15, read
    assert seated.surely_off <= 0.03, seated
    game = WhiskyPoker(3, seed=5)
    game.apply(PASS)
    view, legal = game.observation(1), game.legal_actions()
    advice = coach(view, legal, samples=50, table=[RandomBot(1), GreedyBot(), GreedyBot()])
    assert "as seated: seat 0 as RandomBot(); seat 2 as GreedyBot(knock_at=1.0) (and each" in advice.assumption
    with pytest.raises(
        RulesError, match=r"table lists the 3 players by seat \(a bot, or None for one to read\), not \[None\]"
    ):
        coach(view, legal, samples=50, table=[None])
    with pytest.raises(RulesError, match=r"table lists the players by seat .* not 'GreedyBot'"):
        MonteCarloBot(table="GreedyBot")
