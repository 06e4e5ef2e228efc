"""MonteCarloBot's stand-in: its chances, its fit to MonteCarloBot's logged moves, and bad input."""

from __future__ import annotations

import json
import math
import random
from typing import Any

import numpy as np
import pytest

from cardcommons.bots import GreedyBot, HeuristicBot, MonteCarloBot, RandomBot
from cardcommons.bots.policies import Trembling
from cardcommons.bots.standin import SIGHT, TILT, fitted, settings, stand_in
from cardcommons.bots.standin_fit import GAMES, Decision, decisions, fit_table, fit_whisky, log_games, new_game, read
from cardcommons.errors import RulesError
from cardcommons.game import Action
from cardcommons.split_and_choose import SplitAndChoose, SplitAndChooseObservation, Swap
from cardcommons.whisky import WhiskyPoker

STRENGTHS = {"quick": 100, "steady": 300, "strong": 1000}


@pytest.fixture(scope="module")
def logged() -> dict[str, dict[str, list[str]]]:
    games: dict[str, dict[str, list[str]]] = json.loads(GAMES.read_text(encoding="utf-8"))["games"]
    return games


def held_out(logged: dict[str, dict[str, list[str]]], table: str, strength: str) -> list[str]:
    return [g for g in logged[table][strength] if int(g.split(":")[0]) % 2 == 1]


@pytest.mark.parametrize("table", ["whisky-2", "whisky-4", "whisky-9", "split"])
@pytest.mark.parametrize("strength", list(STRENGTHS))
def test_chances_add_up_to_one_and_leave_no_legal_move_out(
    logged: dict[str, dict[str, list[str]]], table: str, strength: str
) -> None:
    policy = stand_in(MonteCarloBot(STRENGTHS[strength]), new_game(table, 1))
    for decision in decisions(table, held_out(logged, table, strength)[:2]):
        chances = policy.probabilities(decision.observation, decision.legal)
        assert len(chances) == len(decision.legal)
        assert math.isclose(sum(chances), 1) and min(chances) > 0


@pytest.mark.parametrize(("table", "strength"), [("whisky-2", "steady"), ("whisky-9", "quick"), ("split", "strong")])
def test_the_stand_in_reads_held_out_moves_better_than_the_rule_it_replaces(
    logged: dict[str, dict[str, list[str]]], table: str, strength: str
) -> None:
    """Replayed through the scalar policies (not the fit's arrays): the
    held-out figures stored are the stand-in's own, and its log-likelihood
    beats the rule of thumb the table model read MonteCarloBot by (1 in 50 at random)."""
    game = new_game(table, 1)
    policy = stand_in(MonteCarloBot(STRENGTHS[strength]), game)
    assert policy.rule is not None
    before = Trembling(type(policy.rule)(seed=0), 0.02)  # the rule of thumb at its default settings
    ours, theirs, agree, rule_agrees = [], [], [], []
    for d in decisions(table, held_out(logged, table, strength)):
        if (
            getattr(d.observation, "phase", None) == "build"
        ):  # MonteCarloBot weighs only the best build: the fit leaves them out
            continue
        ours.append(math.log(policy.probabilities(d.observation, d.legal)[d.played]))
        theirs.append(math.log(before.probabilities(d.observation, d.legal)[d.played]))
        by_rule = policy.rule.probabilities(d.observation, d.legal)  # its likeliest moves, ties sharing
        agree.append(1 / by_rule.count(max(by_rule)) if by_rule[d.played] == max(by_rule) else 0.0)
        by_default = before.rule.probabilities(d.observation, d.legal)  # type: ignore[union-attr]
        rule_agrees.append(by_default[d.played] if by_default[d.played] == max(by_default) else 0.0)
    figures = fitted()["tables"][table][strength]["wandering"]["held_out"]
    assert figures["decisions"] == len(ours)
    assert figures["stand_in"] == pytest.approx(np.mean(ours), abs=1e-4)
    assert figures["rule_one_in_50"] == pytest.approx(np.mean(theirs), abs=1e-4)
    assert figures["stand_in_agrees"] == pytest.approx(np.mean(agree), abs=1e-4)
    assert figures["rule_agrees"] == pytest.approx(np.mean(rule_agrees), abs=1e-4)
    assert np.mean(ours) > np.mean(theirs) + 0.5


def test_every_fit_beats_the_rule_by_log_likelihood_and_says_how_it_agrees() -> None:
    """Every table and strength: the stand-in reads held-out moves better
    than the rule of thumb as the model read it (1 in 50 at random); in
    Whisky Poker, wandering among the candidates, by half a nat a move
    better still (in Split and Choose, better: the candidates differ from
    the legal moves only at the build, left out of the figures).
    Move agreement is the rule's within a few points: the thresholds move
    little, MonteCarloBot's moves follow no sharper threshold."""
    for table, by_strength in fitted()["tables"].items():
        for strength, forms in by_strength.items():
            trembling, wandering = (forms[f]["held_out"] for f in ("trembling", "wandering"))
            assert trembling["stand_in"] > trembling["rule_one_in_50"] + 0.5, (table, strength)
            margin = 0.0 if table == "split" else 0.5
            assert wandering["stand_in"] > trembling["stand_in"] + margin, (table, strength)
            assert abs(trembling["stand_in_agrees"] - trembling["rule_agrees"]) < 0.05, (table, strength)


def test_the_logged_games_are_monte_carlo_bots_own_moves(logged: dict[str, dict[str, list[str]]]) -> None:
    """The first logged game, played again: if MonteCarloBot (or the coach it
    asks) now plays otherwise, the stand-in stands for a bot that is gone."""
    again = log_games("whisky-2", 100, 2)
    assert again == logged["whisky-2"]["quick"][:1], (
        "MonteCarloBot plays otherwise than when its games were logged: log and fit its stand-in again "
        "(python -m cardcommons.bots.standin_fit)"
    )


def test_a_refit_gives_the_stored_settings(logged: dict[str, dict[str, list[str]]]) -> None:
    refit = fit_table("split", logged["split"]["quick"])
    stored = fitted()["tables"]["split"]["quick"]
    assert {f: refit[f]["settings"] for f in refit} == {f: stored[f]["settings"] for f in stored}


def test_the_fit_finds_the_thresholds_of_a_greedy_bot_that_trembles() -> None:
    """Decisions of GreedyBot(knock_at=0.9, take_unseen_below=0.35), one move
    in five at random: the fit finds thresholds near those and a tremble near 1 in 5."""
    bot = GreedyBot(knock_at=0.9, take_unseen_below=0.35, seed=1)
    rng = random.Random(2)
    reads = []
    for seed in range(60):
        game = WhiskyPoker(4, dealer=seed % 4, seed=seed)
        while (player := game.current_player) is not None:
            view, legal = game.observation(player), list[Action](game.legal_actions())
            action = rng.choice(legal) if rng.random() < 0.2 else bot.act(view, legal)
            reads.append(read(Decision(view, tuple(legal), legal.index(action))))
            game.apply(action)
    found = fit_whisky(reads)
    assert found["knock_at"] == pytest.approx(0.9, abs=0.03)
    assert found["take_unseen_below"] == pytest.approx(0.35, abs=0.05)
    assert found["tremble"] == pytest.approx(0.2, abs=0.07)


@pytest.mark.parametrize(
    ("bot", "game", "named"),
    [
        (GreedyBot(), WhiskyPoker(2, seed=1), "GreedyBot(knock_at=1.0)"),
        (RandomBot(seed=1), SplitAndChoose(seed=1), "RandomBot()"),
        (MonteCarloBot(100), "chess", "'chess'"),
    ],
)
def test_a_stand_in_for_what_it_does_not_know_is_refused_by_name(bot: object, game: object, named: str) -> None:
    with pytest.raises(RulesError, match=named.replace("(", r"\(").replace(")", r"\)")):
        stand_in(bot, game)


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda: log_games("whisky-2", 100, 1, seed="7"), "'7'"),  # type: ignore[arg-type]
        (lambda: log_games("poker", 100, 1), "'poker'"),
        (lambda: log_games("split", 100, "600"), "'600'"),  # type: ignore[arg-type]
        (lambda: settings(WhiskyPoker(2, seed=1), "300"), "'300'"),  # type: ignore[arg-type]
        (lambda: settings(WhiskyPoker(2, seed=1), 300, form="greedy"), "'greedy'"),
    ],
)
def test_bad_input_to_the_fit_is_refused_by_name(call: object, named: str) -> None:
    with pytest.raises(RulesError, match=named):
        call()  # type: ignore[operator]


def test_a_strength_between_those_fitted_takes_the_nearest() -> None:
    game = SplitAndChoose(seed=1)
    assert settings(game, 150) == settings(game, 100)  # nearer 100 than 300 on a log scale
    assert settings(game, 2000) == settings(game, 1000)


def random_views(games: int, most: int, rng: random.Random) -> Any:
    """The player to move in 3-player games after up to ``most`` moves at random:
    its view, the legal moves, the rules' table, its hand and the face-up spare as card ids."""
    from cardcommons.whisky import rules_table

    for seed in range(games):
        game = WhiskyPoker(3, seed=seed)
        for _ in range(rng.randrange(most)):
            if not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
        if (player := game.current_player) is None:
            continue
        view, legal = game.observation(player), list(game.legal_actions())
        table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
        hands = np.array([sorted(table.ids[c] for c in view.hand)])
        spare = None if view.spare is None else np.array(sorted(table.ids[c] for c in view.spare))
        yield view, legal, table, hands, spare


def test_a_knock_floor_reads_alike_one_hand_at_a_time_and_in_batch() -> None:
    """A wander that knocks in phase 2 only on strong hands: the scalar chances and the
    play-outs' batch chances agree move for move, and a knock at random on a
    hand below the floor keeps only the tremble's part (in phase 1, any hand may knock at random)."""
    from cardcommons.bots.playouts.whisky import policy_chances
    from cardcommons.bots.whisky import percentile_of
    from cardcommons.whisky import Knock

    policy = Trembling(GreedyBot(0.9996, 0.56), 0.01, 0.6, knock_floor=0.9)
    weak = strong = 0
    for view, legal, table, hands, spare in random_views(30, 6, random.Random(3)):
        chances = policy.probabilities(view, legal)
        for action, chance in zip(legal, chances, strict=True):
            assert policy_chances(policy, table, hands, spare, action)[0] == pytest.approx(chance)
        k = next(i for i, a in enumerate(legal) if isinstance(a, Knock))
        by_rule = policy.by_rule * GreedyBot(0.9996, 0.56).probabilities(view, legal)[k]
        if view.spare is not None and percentile_of(view) < 0.9:  # no knock at random but the tremble's
            weak += 1
            assert chances[k] == pytest.approx(by_rule + 0.01 / len(legal))
        else:
            strong += 1
            assert chances[k] > by_rule + 0.01 / len(legal)
    assert weak and strong


def test_knock_chances_read_alike_one_hand_at_a_time_and_in_batch() -> None:
    """A policy with a chance of a knock for each phase and band of hands,
    stuck or not: before the first knock a knock has that chance and the other
    moves share the rest in proportion to their chances without it; after a
    knock the chances are the policy's without it. The scalar chances and the
    play-outs' batch chances agree move for move."""
    from cardcommons.bots.playouts.whisky import policy_chances
    from cardcommons.bots.policies import knock_cells
    from cardcommons.bots.whisky import is_stuck, percentile_of
    from cardcommons.whisky import Knock

    knocks = (0.01, 0.2, 0.3, 0.4, 0.5, 0.6, 0.25, 0.65, 0.05, 0.1, 0.7, 0.8)
    plain = Trembling(GreedyBot(0.9996, 0.56), 0.01, 0.6, knock_floor=0.9)
    policy = Trembling(GreedyBot(0.9996, 0.56), 0.01, 0.6, knock_floor=0.9, knocks=knocks)
    cells, elsewhere = set(), 0
    for view, legal, table, hands, spare in random_views(40, 9, random.Random(4)):
        chances, without = policy.probabilities(view, legal), plain.probabilities(view, legal)
        assert sum(chances) == pytest.approx(1)
        for action, chance in zip(legal, chances, strict=True):
            batch = policy_chances(policy, table, hands, spare, action, knocked=view.knocker is not None)
            assert batch[0] == pytest.approx(chance)
        k = next(i for i, a in enumerate(legal) if isinstance(a, Knock))
        if view.knocker is None:
            cell = int(knock_cells(np.array([percentile_of(view)]), np.array([is_stuck(view)]), view.phase)[0])
            cells.add(cell)
            assert chances[k] == pytest.approx(knocks[cell])
            rest = [c for i, c in enumerate(chances) if i != k]
            others = [c * (1 - knocks[cell]) / (1 - without[k]) for i, c in enumerate(without) if i != k]
            assert rest == pytest.approx(others)
        else:
            elsewhere += 1
            assert chances == pytest.approx(without)
    first = set(range(8, 12))  # phase 1's cells
    assert len(cells - first) >= 2 and len(cells & first) >= 2 and elsewhere


@pytest.mark.parametrize(
    ("knocks", "named"),
    [
        ((0.1,) * 6, r"\(0.1, 0.1, 0.1, 0.1, 0.1, 0.1\)"),
        ((0.1,) * 11 + (1.0,), "1.0"),
        ((0.1,) * 11 + (float("nan"),), "nan"),
        ([0.1] * 12, r"\[0.1,"),
    ],
)
def test_knock_chances_out_of_reach_are_refused_by_name(knocks: object, named: str) -> None:
    with pytest.raises(RulesError, match=named):
        Trembling(GreedyBot(), 0.01, 0.5, knocks=knocks)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="moves at random now and then"):
        Trembling(GreedyBot(), 0.0, knocks=(0.1,) * 12)


@pytest.mark.parametrize("tilt", [-0.5, float("nan"), float("inf"), True, "1"])
def test_a_knock_tilt_out_of_reach_is_refused_by_name(tilt: object) -> None:
    with pytest.raises(RulesError, match=f"tilt is a number from 0 up, not {tilt!r}"):
        Trembling(GreedyBot(), 0.01, 0.5, tilt=tilt)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="only a Whisky Poker policy"):
        Trembling(HeuristicBot(), 0.01, tilt=1.0)


def test_a_knock_tilt_reads_a_knocker_stronger_and_is_fitted_to_where_its_hands_came_out(
    logged: dict[str, dict[str, list[str]]],
) -> None:
    """Logged games at 4 players, at seat 0's turn after a MonteCarloBot
    knocked: the worlds read the knocker's hand weaker than it came out,
    so a tilt makes the bands its hands came out in likelier, and the
    tilt stored is the likeliest of those tried on every logged game."""
    from cardcommons.bots.standin_fit import KNOCK_TILTS, fit_knock_tilt, knock_worlds

    read = [knock_worlds("whisky-4", g, 100) for g in logged["whisky-4"]["quick"][:40]]
    found = [w for w in read if w is not None]
    assert len(found) >= 5 and all(len(held) == 1000 and 0 <= true <= 1 for held, true in found)
    scores = fit_knock_tilt(found)
    assert scores[1.0] > scores[0.0]
    stored = fitted()["knock_tilts"]["whisky-4"]
    assert [float(t) for t in stored] == list(KNOCK_TILTS)
    assert settings(WhiskyPoker(4, seed=1), 100)["knock_tilt"] == max(KNOCK_TILTS, key=lambda t: stored[str(t)])


@pytest.mark.parametrize("strength", ["quick", "steady"])
def test_at_split_and_choose_the_stand_in_plays_on_about_as_strongly_as_monte_carlo_bot(strength: str) -> None:
    """In the coach's play-outs, its seat played on by the stand-in's rule, it
    wins against HeuristicBot about as often as MonteCarloBot does in real
    games (measured over 200 to 300 paired games: 0.94 at quick and at steady),
    where the rule of thumb alone wins about half."""
    from cardcommons.bots.playouts.split_and_choose import deal
    from cardcommons.bots.seating import playing, seat_policies
    from cardcommons.bots.split_and_choose import Foresight, HeuristicBot

    wins, plain = [], []
    for n in range(4):
        game = SplitAndChoose(seed=100 + n, first_splitter=0)
        table = [None, MonteCarloBot(STRENGTHS[strength])]
        seats = playing(seat_policies(table, game, me=0), Trembling(HeuristicBot(), 0.0), table)
        assert isinstance(seats[1].rule, Foresight) and seats[1].rule.sight == SIGHT[strength]
        deals = deal(game.observation(0), 400, seed=n)
        seeds = np.random.default_rng(n).integers(0, 2**63, size=(400, 2), dtype=np.uint64)
        first = [HeuristicBot(seed=n).act(game.observation(0), game.legal_actions())]
        wins.append(1 - deals.play_out(first, seeds, seats).mean())
        plain.append(1 - deals.play_out(first, seeds, [seats[0], seats[0]]).mean())
    assert 0.91 <= np.mean(wins) <= 0.97
    assert 0.4 <= np.mean(plain) <= 0.6


@pytest.mark.parametrize("sight", [1.5, -0.1, "0.6", True])
def test_a_look_ahead_out_of_reach_is_refused_by_name(sight: object) -> None:
    from cardcommons.bots.split_and_choose import Foresight

    with pytest.raises(RulesError, match=f"sight is a chance from 0 to 1, not {sight!r}"):
        Foresight(sight=sight)  # type: ignore[arg-type]


def _reserve_views(logged: dict[str, dict[str, list[str]]]) -> list[Decision]:
    """MonteCarloBot's held-out decisions at Split and Choose's reserve (quick)."""
    found = decisions("split", held_out(logged, "split", "quick"))
    return [
        d for d in found if isinstance(d.observation, SplitAndChooseObservation) and d.observation.phase == "reserve"
    ]


def test_at_the_reserve_the_stand_in_reads_a_move_by_how_well_the_rule_scores_it(
    logged: dict[str, dict[str, list[str]]],
) -> None:
    """MonteCarloBot's reserve decisions, read by the rule's scores: a move the
    rule weighs is likelier than another by exp(sharpness x their scores' gap),
    a move it does not weigh has none of it, and a sharpness far above any gap
    reads the rule's own moves (HeuristicBot's chances)."""
    from cardcommons.bots.split_and_choose import SWAP_ORDER, Foresight, HeuristicBot, _key, kept_hidden
    from cardcommons.split_and_choose import Keep

    rule = HeuristicBot(seed=0)
    found = _reserve_views(logged)[:12]
    assert found
    for d in found:
        view, legal = d.observation, list(d.legal)
        assert isinstance(view, SplitAndChooseObservation)
        before = [r for r in view.reserve if r.player != view.player]
        seen = (before[0].swapped, -1) if before else None  # no face-up swaps here: nothing shown
        scores = rule.reserve_scores(
            _key(view.hand), _key(view.unseen), _key(view.opponent_drafted), _key(kept_hidden(view)), seen
        )
        by_type = dict(zip([None, *SWAP_ORDER], scores, strict=True))
        swaps = [
            next(c for c in view.hand if _type(c) == t) for t in SWAP_ORDER if any(_type(c) == t for c in view.hand)
        ]
        weighed: list[Action] = [Keep(), *(Swap(card) for card in swaps)]
        score: dict[Action, float] = {Keep(): by_type[None], **{Swap(card): by_type[_type(card)] for card in swaps}}
        chances = Foresight(sharpness=7.0).probabilities(view, legal)
        assert math.isclose(sum(chances), 1)
        for a, chance in zip(legal, chances, strict=True):
            if a not in score:
                assert chance == 0.0
        a, b = weighed[0], weighed[-1]
        ratio = chances[legal.index(a)] / chances[legal.index(b)]
        assert ratio == pytest.approx(math.exp(7.0 * (score[a] - score[b])))
        sharp = Foresight(sharpness=1e6).probabilities(view, legal)
        assert sharp == pytest.approx(rule.probabilities(view, legal), abs=1e-9)


def _type(card: object) -> int:
    """A card's type as the rule counts it: 10 to Ace 0 to 4, the Joker 5."""
    rank = getattr(card, "rank", None)
    return 5 if rank is None else int(rank) - 10


def test_the_fit_finds_the_wander_and_sharpness_a_reader_was_given(logged: dict[str, dict[str, list[str]]]) -> None:
    """Moves drawn from the stand-in's own reading at MonteCarloBot's logged
    views (quick: 600 decisions; a wander of 0.5 at the split, 0.2 at the
    choice, a sharpness of 20 at the reserve, 1 move in 50 at random): the
    fit finds them back, within what 600 decisions can tell."""
    from cardcommons.bots.split_and_choose import Foresight
    from cardcommons.bots.standin_fit import fit_phases

    policy = Trembling(Foresight(wander={"split": 0.5, "choose": 0.2}, sharpness=20.0), 0.02)
    rng = random.Random(5)
    reads = []
    for d in decisions("split", logged["split"]["quick"]):
        chances = policy.probabilities(d.observation, d.legal)
        played = rng.choices(range(len(d.legal)), chances)[0]
        reads.append(read(Decision(d.observation, d.legal, played)))
    found = fit_phases(reads, np.array([r.by_rule for r in reads]))
    assert found["wander_split"] == pytest.approx(0.5, abs=0.15)
    assert found["wander_choose"] == pytest.approx(0.2, abs=0.15)
    assert 10 <= found["sharpness"] <= 50


@pytest.mark.parametrize(
    ("settings_", "named"),
    [
        ({"wander": {"build": 0.5}}, "{'build': 0.5}"),
        ({"wander": {"split": 1.5}}, "{'split': 1.5}"),
        ({"wander": [0.5]}, r"\[0.5\]"),
        ({"sharpness": -1.0}, "-1.0"),
        ({"sharpness": "5"}, "'5'"),
    ],
)
def test_a_reading_out_of_reach_is_refused_by_name(settings_: dict[str, object], named: str) -> None:
    from cardcommons.bots.split_and_choose import Foresight

    with pytest.raises(RulesError, match=named):
        Foresight(**settings_)  # type: ignore[arg-type]


def test_at_the_build_a_tilt_reweighs_each_world_by_the_value_of_the_hand_the_bot_holds() -> None:
    """Worlds drawn at seat 0's build, seat 1 read by MonteCarloBot's stand-in:
    each world's chance under the stand-in is multiplied by exp(tilt x the rule's
    value of seat 1's hand there, found from the engine's game), scaled to a mean
    of 1; a player at random is not tilted, nor is any world before the build."""
    from cardcommons.bots import HeuristicBot
    from cardcommons.bots.playouts.split_and_choose import candidates
    from cardcommons.bots.split_and_choose import profile_value
    from cardcommons.bots.styles import known_seat
    from cardcommons.bots.worlds.model import SeatChances
    from cardcommons.bots.worlds.split_and_choose import tilted

    game = SplitAndChoose(seed=3, first_splitter=1)
    bots = [HeuristicBot(seed=1), HeuristicBot(seed=2)]
    while not (game.phase == "build" and game.current_player == 0):
        player = game.current_player
        assert player is not None
        if game.phase == "reserve" and player == 1:  # a blind swap: more worlds to tell apart
            game.apply(Swap(game.hand(1)[-1]))
            continue
        game.apply(bots[player].act(game.observation(player), game.legal_actions()))
    drawn = candidates(game.observation(0), 40, seed=2)
    policy = stand_in(MonteCarloBot(100), game)
    seat = SeatChances(1, known_seat(policy, 0.02), np.ones((40, 2)), np.zeros((40, 2)), 0)
    found = tilted(drawn, [seat])[0].chances
    values = np.array([profile_value(drawn.game(g).hand(1)) for g in range(40)])
    expected = np.exp(TILT["quick"] * values)
    assert found[:, 0] == pytest.approx(expected / expected.mean())
    assert (found[:, 1] == 1).all() and values.std() > 0
    before = SplitAndChoose(seed=3, first_splitter=1)
    assert tilted(candidates(before.observation(0), 5, seed=2), [seat])[0] is seat


def test_a_logged_build_s_worlds_give_each_share_and_the_bot_s_hand_value(
    logged: dict[str, dict[str, list[str]]],
) -> None:
    """The material of the tilt's fit: a logged game at seat 0's build, read by
    the untilted stand-in, gives seat 0's share in each of 1,000 worlds, the
    value of seat 1's hand there, and the game's own outcome, the best builds played."""
    from cardcommons.bots.standin_fit import build_worlds
    from cardcommons.split_and_choose import parse_action

    first = logged["split"]["quick"][0]
    shares, values, outcome = build_worlds(first, 100)
    seed, moves = first.split(": ")
    game = new_game("split", int(seed))
    for code in moves.split("; "):  # the game as logged, to its end
        game.apply(parse_action(code))
    assert game.result is not None and outcome == game.result.share(0, 2)
    assert shares.shape == values.shape == (1000,)
    assert set(shares.tolist()) <= {0.0, 0.5, 1.0} and outcome in (0.0, 0.5, 1.0)
    assert ((values >= 0) & (values <= 1)).all()
