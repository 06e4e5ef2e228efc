"""Luck, measured: the terms add up, the adjusted result is unbiased (exactly
on a game small enough to list, and over many seeded games), bad input is refused."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from functools import partial

import pytest

from cardcommons.bots import GreedyBot, HeuristicBot, MonteCarloBot, RandomBot
from cardcommons.errors import RulesError
from cardcommons.game import Bot, Game, play
from cardcommons.luck import (
    LATER_CHANCE,
    RULE_OF_THUMB_VALUES,
    SEATED_VALUES,
    THE_DEAL,
    UNIFORM,
    Step,
    baseline,
    decompose,
    measure,
    measure_seats,
    played_on,
    policy_of,
)
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import KNOCK, PASS, WhiskyPoker


def _value(*key: object) -> Fraction:
    """An arbitrary value of a position and a move, from 0 to 1, fixed by them: no model of the game at all."""
    return Fraction(hash(repr(key)) % 97, 96)


def test_the_adjusted_result_is_exactly_unbiased_in_a_game_small_enough_to_list() -> None:
    """A toy game of four cards: seat 0 and seat 1 are dealt one each (12
    deals); seat 1 raises (KNOCK) with a 3 or 4 three times in four, else
    once in four; one of the two cards left is turned up; seat 0 calls
    (KNOCK) when its card and the turned card make more than 4, else folds.
    Every deal, move and card is listed with its chance. Whatever the values
    (here arbitrary), the adjusted result's mean is the outcome's, exactly;
    the luck terms' means are 0 one by one."""
    expected_outcome = Fraction(0)
    expected_adjusted = Fraction(0)
    term_means: dict[str, Fraction] = {}
    deals = list(itertools.permutations([1, 2, 3, 4], 2))

    def par_of_first(a: int, b: int) -> Fraction:  # the deal's value: the rule of thumb would raise half the time
        return Fraction(1, 2) * _value(a, b, "raise") + Fraction(1, 2) * _value(a, b, "check")

    baseline = sum((par_of_first(a, b) for a, b in deals), Fraction(0)) / len(deals)
    for a, b in deals:
        raise_chance = Fraction(3, 4) if b >= 3 else Fraction(1, 4)
        for move, p_move in ((KNOCK, raise_chance), (PASS, 1 - raise_chance)):
            word = "raise" if move == KNOCK else "check"
            first = Step(
                0,
                1,
                True,
                (KNOCK, PASS),
                (raise_chance, 1 - raise_chance),
                (Fraction(1, 2), Fraction(1, 2)),
                (_value(a, b, "raise"), _value(a, b, "check")),
                0 if move == KNOCK else 1,
            )
            left = [c for c in (1, 2, 3, 4) if c not in (a, b)]

            def par_after(c: int, a: int = a, b: int = b, word: str = word) -> Fraction:
                return (_value(a, b, word, c, "call") + _value(a, b, word, c, "fold")) / 2

            before = sum((par_after(c) for c in left), Fraction(0)) / len(left)  # exact, before the card
            for c in left:
                calls = a + c > 4
                second = Step(
                    1,
                    0,
                    False,
                    (KNOCK, PASS),
                    (Fraction(1, 2), Fraction(1, 2)),
                    (Fraction(1, 2), Fraction(1, 2)),
                    (_value(a, b, word, c, "call"), _value(a, b, word, c, "fold")),
                    0 if calls else 1,
                    before,
                )
                stake = 2 if move == KNOCK else 1
                outcome = Fraction(0) if not calls else Fraction(1) if a + c > b + stake else Fraction(1, 2)
                luck = decompose([first, second], outcome, 0, baseline)
                assert sum(luck.terms.values(), Fraction(0)) == luck.outcome - luck.adjusted
                chance = Fraction(1, len(deals)) * p_move * Fraction(1, len(left))
                expected_outcome += chance * outcome
                expected_adjusted += chance * luck.adjusted
                for name, value in luck.terms.items():
                    term_means[name] = term_means.get(name, Fraction(0)) + chance * value
    assert expected_adjusted == expected_outcome
    assert set(term_means) == {THE_DEAL, "seat 1", LATER_CHANCE}
    assert all(mean == 0 for mean in term_means.values()), term_means


def _luck_sums(
    make_game: Callable[[int], Game],
    bots: list[Callable[..., Bot]],
    seat: int,
    games: int,
    known_table: list[object],
    values: str = SEATED_VALUES,
) -> list[tuple[float, float, float]]:
    """For ``games`` seeded games: each outcome, adjusted result and baseline error of ``seat``."""
    rows = []
    for g in range(games):
        game = make_game(g)
        play(game, [bot(seed=1000 * g + s) for s, bot in enumerate(bots)])
        luck = measure(game, seat, table=known_table, playouts=4, seed=g, baseline_games=30, values=values)
        assert luck.outcome - luck.adjusted == sum(luck.terms.values(), Fraction(0))
        rows.append((float(luck.outcome), float(luck.adjusted), luck.baseline_error))
    return rows


@pytest.mark.parametrize(
    ("make_game", "bots", "table", "games", "values"),
    [
        (
            lambda g: WhiskyPoker(3, seed=g),
            [partial(GreedyBot, knock_at=0.8), RandomBot, GreedyBot],
            [GreedyBot(knock_at=0.8), RandomBot(), GreedyBot()],
            80,
            SEATED_VALUES,
        ),
        (
            lambda g: SplitAndChoose(seed=g, first_splitter=g % 2),
            [HeuristicBot, partial(HeuristicBot, infer_reserve=False)],
            [RandomBot(), HeuristicBot(infer_reserve=False)],
            50,
            SEATED_VALUES,
        ),
        (
            lambda g: SplitAndChoose(seed=g, first_splitter=g % 2),
            [partial(HeuristicBot, infer_reserve=False), HeuristicBot],
            [None, HeuristicBot()],
            30,
            RULE_OF_THUMB_VALUES,
        ),
    ],
    ids=["whisky, seated", "split and choose, seated", "split and choose, rule of thumb"],
)
def test_the_adjusted_mean_is_the_plain_mean_over_many_seeded_games(
    make_game: Callable[[int], Game], bots: list[Callable[..., Bot]], table: list[object], games: int, values: str
) -> None:
    """The mean of outcome less adjusted (the luck) is 0 within its 99.7%
    interval, which counts the games' spread and the baseline's own error:
    with the values' play-outs going on as the table is seated (the judged
    seat too, by the policy it is told, wrong or right: here a random bot
    for a HeuristicBot; a known seat whose policy is not the rule of thumb
    moves before each later round's cards, so that term's expectation
    is the seated one's), and with the rule of thumb in every seat."""
    rows = _luck_sums(make_game, bots, 0, games, table, values)
    differences = [o - a for o, a, _ in rows]
    n = len(differences)
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1) / n)
    baseline_error = max(e for _, _, e in rows)
    assert abs(mean) <= 3 * math.hypot(spread, baseline_error), (mean, spread, baseline_error)
    assert spread > 0  # the luck varies from game to game: the test could fail


def test_a_seat_of_known_policy_has_a_term_and_an_unknown_one_has_none() -> None:
    game = WhiskyPoker(3, seed=5)
    play(game, [GreedyBot(seed=1), MonteCarloBot(samples=20, seed=2), RandomBot(seed=3)])
    luck = measure(game, 0, table=[GreedyBot(), MonteCarloBot(), RandomBot()], playouts=2, baseline_games=5)
    assert set(luck.terms) == {THE_DEAL, "seat 2"}
    assert luck.par - luck.baseline == luck.terms[THE_DEAL]
    assert all(0 <= v <= 1 for step in luck.steps for v in step.values)


@pytest.mark.parametrize(
    ("game", "players"),
    [
        (WhiskyPoker(3, seed=5), [GreedyBot(seed=1), RandomBot(seed=2), GreedyBot(seed=3)]),
        (SplitAndChoose(seed=3), [HeuristicBot(seed=1), RandomBot(seed=2)]),
    ],
)
def test_every_seats_luck_from_one_set_of_play_outs_is_each_seats_alone(game: Game, players: list[Bot]) -> None:
    """Measured together, each seat's luck is what it is measured alone: the
    same steps, values and terms. Here the seats weigh different moves (a
    random seat is known to the others, but played on by the rule of thumb
    when judged), so the play-outs are of every move any seat weighs."""
    play(game, players)
    table: list[object] = list(players)
    seats = range(game.players)
    together = measure_seats(game, seats, table, 4, baseline_games=5, values=RULE_OF_THUMB_VALUES)
    alone = [measure(game, s, table, 4, baseline_games=5, values=RULE_OF_THUMB_VALUES) for s in seats]
    assert together == tuple(alone)
    pairs = itertools.combinations(alone, 2)
    assert any(a.moves != b.moves for x, y in pairs for a, b in zip(x.steps, y.steps, strict=True))
    with pytest.raises(RulesError, match="a list of at least one seat, not"):
        measure_seats(game, [], table)


def test_the_judged_seat_is_never_known() -> None:
    game = WhiskyPoker(2, seed=3)
    play(game, [GreedyBot(seed=1), GreedyBot(seed=2)])
    luck = measure(game, 1, table=[GreedyBot(), GreedyBot()], playouts=2, baseline_games=5)
    assert set(luck.terms) == {THE_DEAL, "seat 0"}
    assert not any(step.known for step in luck.steps if step.mover == 1)


def test_the_values_play_each_seat_on_as_seated_and_par_follows_them() -> None:
    """Seated values play a known seat on by its own policy, the judged one
    too (its policy is never a term's); par is then the judged seat's
    value with the first mover playing as the play-outs do, and a seat told
    to play at random gives a par apart from the rule of thumb's."""
    game = WhiskyPoker(2, seed=3)
    play(game, [GreedyBot(seed=1), GreedyBot(seed=2)])
    random_table: list[object] = [RandomBot(), RandomBot()]
    seated = measure(game, 1, table=random_table, playouts=32, baseline_games=5)
    plain = measure(game, 1, table=random_table, playouts=32, baseline_games=5, values=RULE_OF_THUMB_VALUES)
    assert [repr(p) for p in played_on(game, random_table)] == ["Trembling(None, tremble=1.0)"] * 2
    first = seated.steps[0]
    assert first.model == first.chances == tuple(Fraction(1, len(first.moves)) for _ in first.moves)
    assert seated.par == first.expected and plain.par == plain.steps[0].par != seated.par
    assert set(seated.terms) == set(plain.terms) == {THE_DEAL, "seat 0"}


@pytest.mark.parametrize("game", [SplitAndChoose(seed=1, first_splitter=1), WhiskyPoker(3, seed=1, dealer=2)])
def test_every_seats_baseline_comes_from_the_same_deals_and_they_add_up_to_1(game: Game) -> None:
    """Every seat's share of each play-out adds up to 1, so the baselines of
    all the seats at a table, estimated from the same deals, do too: exactly.
    Each still lies within 4 standard errors of its own estimate from other deals."""
    found = [baseline(game, seat, games=12) for seat in range(game.players)]
    assert sum(mean for mean, _ in found) == 1
    assert all(0 < error < 0.2 for _, error in found)
    other = [baseline(game, seat, games=13) for seat in range(game.players)]  # other deals: another estimate
    for (mean, error), (again, error_again) in zip(found, other, strict=True):
        assert abs(mean - again) < 4 * math.hypot(error, error_again)


def test_policies_of_players() -> None:
    assert policy_of(RandomBot()) is UNIFORM
    assert repr(policy_of(HeuristicBot())) == "HeuristicBot()"
    assert policy_of(MonteCarloBot()) is None and policy_of("a person") is None


def test_bad_input_is_refused_by_name() -> None:
    game = SplitAndChoose(seed=2)
    with pytest.raises(RulesError, match="not finished"):
        measure(game, 0)
    play(game, [HeuristicBot(seed=1), HeuristicBot(seed=2)])
    with pytest.raises(RulesError, match="from 0 to 1, not 2"):
        measure(game, 2)
    with pytest.raises(RulesError, match="table has 3 players, but the game has 2 seats"):
        measure(game, 0, table=[None, None, None])
    with pytest.raises(RulesError, match="values is one of 'seated', 'rule of thumb', not 'coach'"):
        measure(game, 0, values="coach")
    with pytest.raises(RulesError, match="playouts is a whole number of at least 1, not 0"):
        measure(game, 0, playouts=0)
    with pytest.raises(RulesError, match="Whisky Poker or Split and Choose, not 'game'"):
        measure("game", 0)  # type: ignore[arg-type]  # the wrong type on purpose
