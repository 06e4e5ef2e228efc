"""The sentences that compare two measured rates, the gap's interval behind them, and games_needed."""

from __future__ import annotations

import math

import numpy as np
import pytest

from cardcommons.bots import HeuristicBot, RandomBot
from cardcommons.errors import SimulationError
from cardcommons.rates import Z95, Rate, compare, games_needed
from cardcommons.simulate import Summary, simulate
from cardcommons.split_and_choose import SplitAndChoose


def _seats(wins_a: int, wins_b: int, games: int) -> tuple[Rate, Rate]:
    """Two seats of one match: seat A wins the first ``wins_a`` games, seat B the next ``wins_b``, the rest drawn."""
    outcomes = ["a"] * wins_a + ["b"] * wins_b + ["draw"] * (games - wins_a - wins_b)
    match = object()
    return (
        Rate("seat A", [o == "a" for o in outcomes], source=match),
        Rate("seat B", [o == "b" for o in outcomes], source=match),
    )


@pytest.mark.parametrize(
    ("a", "b", "words"),
    [
        (
            Rate.counted("A", 550, 1000),
            Rate.counted("B", 480, 1000),
            "A wins more often: gap +0.07 [+0.03, +0.11] (0.55 [0.52, 0.58] against 0.48 [0.45, 0.51]).",
        ),
        (  # the higher rate is named first, whichever argument it was
            Rate.counted("A", 480, 1000),
            Rate.counted("B", 550, 1000),
            "B wins more often: gap +0.07 [+0.03, +0.11] (0.55 [0.52, 0.58] against 0.48 [0.45, 0.51]).",
        ),
        (
            Rate.counted("A", 520, 1000),
            Rate.counted("B", 490, 1000),
            "A and B cannot be told apart at 1,000 games each: gap +0.03 [-0.01, +0.07], so any gap is under 0.08"
            " (0.52 [0.49, 0.55] against 0.49 [0.46, 0.52]).",
        ),
        (
            Rate.counted("the blind swap", 60, 200),
            Rate.counted("the face-up swap", 40, 120),
            "The blind swap and the face-up swap cannot be told apart at 200 and 120 games: gap -0.03 [-0.14, +0.07],"
            " so any gap is under 0.15"
            " (0.30 [0.24, 0.37] against 0.33 [0.26, 0.42]).",
        ),
        (
            *_seats(530, 470, 1000),
            "Seat A and seat B cannot be told apart at 1,000 games: gap +0.06 [-0.003, +0.12], so any gap is under 0.13"
            " (0.53 [0.50, 0.56] against 0.47 [0.44, 0.50]).",
        ),
        (
            *_seats(540, 460, 1000),
            "Seat A wins more often: gap +0.08 [+0.02, +0.14] (0.54 [0.51, 0.57] against 0.46 [0.43, 0.49]).",
        ),
        (  # decided by less than a point
            *_seats(5_140, 4_860, 10_000),
            "Seat A wins more often, but only just: gap +0.028 [+0.0083, +0.0477] clears 0 by less than a point,"
            " a fragile finding (0.514 [0.504, 0.524] against 0.486 [0.476, 0.496]).",
        ),
        (  # two games won 2-0 decide nothing: the exact sign test gives p = 0.5
            *_seats(2, 0, 2),
            "Seat A and seat B cannot be told apart at 2 games: gap +1.00 [-0.68, +1.00], so the gap could be of"
            " any size (1.00 [0.34, 1.00] against 0.00 [0.00, 0.66]).",
        ),
        (  # narrow intervals show a third digit
            Rate.counted("A", 13_005, 25_600),
            Rate.counted("B", 25_600 // 2, 25_600),
            "A and B cannot be told apart at 25,600 games each: gap +0.008 [-0.001, +0.017], so any gap is under 0.017"
            " (0.508 [0.502, 0.514] against 0.500 [0.494, 0.506]).",
        ),
    ],
)
def test_decided_and_undecided_pairs_in_words(a: Rate, b: Rate, words: str) -> None:
    comparison = compare(a, b)
    assert str(comparison) == words
    assert comparison.decided == ("more often" in words)
    assert comparison.fragile == ("fragile" in words)
    assert comparison.paired == (a.source is not None)
    markdown = comparison._repr_markdown_()
    verdict = words.split(":")[0].split(" at ")[0]
    assert markdown.startswith(f"**{verdict.replace('-', chr(92) + '-')}**")


def test_two_seats_of_one_match_are_compared_game_by_game() -> None:
    """In a two-player game one seat's win is the other's loss: the gap moves twice as
    far as either rate, so an interval that took the two as independent would be too
    narrow and would call a 0.06 gap at 1,000 games decided."""
    seat_a, seat_b = _seats(530, 470, 1000)
    paired = compare(seat_a, seat_b)
    independent = compare(Rate.counted("A", 530, 1000), Rate.counted("B", 470, 1000))
    assert paired.paired and not independent.paired
    assert not paired.decided and independent.decided
    assert paired.high - paired.low > 1.35 * (independent.high - independent.low)


def test_the_gap_interval_agrees_with_the_normal_one_at_many_games() -> None:
    """An independent check: at 20,000 games Newcombe's interval is the mean gap ± 1.96 standard errors."""
    rng = np.random.default_rng(1)
    games = 20_000
    ends = rng.choice(3, size=games, p=[0.48, 0.46, 0.06])  # seat A wins, seat B wins, a draw
    a = Rate("A", ends == 0, source=ends)
    b = Rate("B", ends == 1, source=ends)
    score = (ends == 0).astype(float) - (ends == 1)
    half = Z95 * score.std(ddof=1) / math.sqrt(games)
    paired = compare(a, b)
    assert paired.low == pytest.approx(score.mean() - half, abs=5e-4)
    assert paired.high == pytest.approx(score.mean() + half, abs=5e-4)
    x, y = (np.array(rate.happened) for rate in _draw(rng, games, 0.5, 0.47, paired=False))
    independent = compare(Rate("x", x), Rate("y", y))
    se = math.sqrt(x.mean() * (1 - x.mean()) / games + y.mean() * (1 - y.mean()) / games)
    assert independent.low == pytest.approx(x.mean() - y.mean() - Z95 * se, abs=5e-4)


def _draw(rng: np.random.Generator, games: int, a: float, b: float, paired: bool) -> tuple[Rate, Rate]:
    """Two rates with true values ``a`` and ``b``: two seats' wins in the same games, or two separate runs."""
    if paired:
        ends = rng.choice(3, size=games, p=[a, b, 1 - a - b])  # seat A wins, seat B wins, a draw
        return Rate("A", ends == 0, source=ends), Rate("B", ends == 1, source=ends)
    return Rate("A", rng.random(games) < a), Rate("B", rng.random(games) < b)


@pytest.mark.parametrize("paired", [True, False], ids=["paired", "independent"])
def test_the_gap_interval_holds_the_true_gap_95_times_in_100_at_few_games(paired: bool) -> None:
    """At least 95 times in 100, and not much more: the exact interval errs on the safe side at few games."""
    rng = np.random.default_rng(2)
    games, runs, truth = 40, 1500, 0.55 - 0.40
    held = 0
    for _ in range(runs):
        comparison = compare(*_draw(rng, games, 0.55, 0.40, paired))
        held += comparison.low <= truth <= comparison.high
    assert 0.935 <= held / runs <= 0.985, held / runs


@pytest.mark.parametrize("paired", [True, False], ids=["paired", "independent"])
def test_games_needed_sees_the_gap_with_the_power_asked(paired: bool) -> None:
    """Played at games_needed(0.1) games, with a true gap of 0.1, the interval leaves 0 out
    in about 80 runs of 100; at power=0.5, in about half, its half-width then being the gap."""
    rng = np.random.default_rng(3)
    for power in (0.8, 0.5):
        games = games_needed(0.1, 0.45, paired=paired, power=power)
        runs = 300
        decided = sum(compare(*_draw(rng, games, 0.5, 0.4, paired)).decided for _ in range(runs))
        assert abs(decided / runs - power) < 0.08, (power, decided / runs)
    assert games_needed(0.05) == pytest.approx(4 * games_needed(0.1), rel=0.01)  # half the gap: four times the games


def test_a_summary_pairs_its_own_bots_and_names_two_copies_apart() -> None:
    summary = simulate(SplitAndChoose, [HeuristicBot, RandomBot], games=60, seed=4, progress=False)
    comparison = summary.compare(0, 1)
    assert comparison.paired and comparison.decided and comparison.higher is not None
    assert str(comparison).startswith("HeuristicBot wins more often: ")
    assert summary.measure(1, "loss").verb == "loses" and summary.measure(0).interval == summary.rate(0)
    other = simulate(SplitAndChoose, [HeuristicBot, RandomBot], games=60, seed=5, progress=False)
    assert not compare(summary.measure(0), other.measure(0)).paired  # two runs
    twins = Summary(("HeuristicBot", "HeuristicBot"), (("win", "loss"), ("loss", "win")))
    assert str(twins.compare()).startswith("HeuristicBot (bot 0) and HeuristicBot (bot 1) cannot be told apart")
    named = twins.compare(names=("the first splitter", "the other"))
    assert str(named).startswith("The first splitter and the other cannot be told apart at 2 games")


def test_names_from_the_readers_code_are_shown_as_written_in_markdown() -> None:
    a = Rate.counted("<img src=x onerror=alert(1)>", 50, 100)
    b = Rate.counted("*bold* [link](x)", 50, 100)
    markdown = compare(a, b)._repr_markdown_()
    assert "<img" not in markdown and "&lt;img" in markdown
    assert "\\*bold\\* \\[link\\]\\(x\\)" in markdown


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Rate("", [True]), "name must be a non-empty str"),
        (lambda: Rate("A", []), "needs at least one trial"),
        (lambda: Rate("A", [1, 0]), "each trial must be True or False, not 1"),  # type: ignore[list-item]
        (lambda: Rate("A", "TF"), "happened must be True or False per trial"),  # type: ignore[arg-type]
        (lambda: Rate.counted("A", 11, 10), "0 <= hits <= trials, not 11 of 10"),
        (lambda: Rate.counted("A", 1.5, 10), "hits must be an int, not 1.5"),  # type: ignore[arg-type]
        (lambda: compare(Rate.counted("A", 1, 2), (0.5, 0.1, 0.9)), "b must be a Rate, not (0.5, 0.1, 0.9)"),  # type: ignore[arg-type]
        (
            lambda: compare(Rate("A", [True], source=SplitAndChoose), Rate("B", [1 > 0, 0 > 1], source=SplitAndChoose)),
            "1 and 2 trials",
        ),
        (lambda: compare(Rate("A", [True]), Rate("B", [True], verb="draws")), "'A' wins but 'B' draws"),
        (lambda: games_needed(0), "gap must be above 0"),
        (lambda: games_needed(0.1, power=0.3), "power must be at least 0.5"),
        (lambda: games_needed(0.1, 0.6), "add up to at most 1"),
        (lambda: games_needed(0.3, 0.1, paired=False), "rates lie in"),
        (lambda: games_needed("0.1"), "gap must be a number, not '0.1'"),  # type: ignore[arg-type]
        (lambda: Summary(("A", "B"), (("win", "loss"),)).measure(2), "bot must be an index from 0 to 1, not 2"),
        (lambda: Summary(("A", "B"), (("win", "loss"),)).measure(0, "wins"), "what must be one of win, draw, loss"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_is_named(call: object, message: str) -> None:
    with pytest.raises(SimulationError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        call()  # type: ignore[operator]


def _exact_sign_test(wins_a: int, wins_b: int) -> float:
    """The two-sided exact sign test (McNemar's, exact) on the games only one side won."""
    split = wins_a + wins_b
    tail = sum(math.comb(split, k) for k in range(min(wins_a, wins_b) + 1)) / 2.0**split
    return min(1.0, 2 * tail)


@pytest.mark.parametrize(("wins_a", "wins_b", "games"), [(2, 0, 2), (3, 0, 3), (5, 0, 5), (6, 0, 6), (8, 1, 12)])
def test_a_paired_gap_is_decided_only_where_the_exact_sign_test_is(wins_a: int, wins_b: int, games: int) -> None:
    """2-0 in 2 games gives p = 0.5, 5-0 p = 0.0625: not decided; 6-0 p = 0.03125 and 8-1 p = 0.039: decided."""
    comparison = compare(*_seats(wins_a, wins_b, games))
    assert comparison.decided == (_exact_sign_test(wins_a, wins_b) < 0.05)
    assert comparison.low <= comparison.gap <= comparison.high


def test_two_of_two_against_none_of_two_decides_nothing_either_way() -> None:
    """The 2-of-2 case, paired and independent (Fisher's exact test gives p = 0.33 for the latter)."""
    paired = compare(*_seats(2, 0, 2))
    independent = compare(Rate.counted("A", 2, 2), Rate.counted("B", 0, 2))
    assert not paired.decided and not independent.decided
    assert "cannot be told apart" in str(paired) and "cannot be told apart" in str(independent)


@pytest.mark.parametrize("paired", [True, False], ids=["paired", "independent"])
def test_with_no_real_difference_a_finding_is_claimed_at_most_5_times_in_100(paired: bool) -> None:
    """Seeded random cases with equal true rates, from 2 to 60 games: the share of
    sentences that name a winner stays within 5% (plus the noise of 800 runs) at every size."""
    rng = np.random.default_rng(6)
    runs = 800
    for games in (2, 3, 4, 6, 10, 20, 60):
        for rate in (0.45, 0.3, 0.1):
            claimed = sum(compare(*_draw(rng, games, rate, rate, paired)).decided for _ in range(runs))
            assert claimed / runs <= 0.05 + 2 * math.sqrt(0.05 * 0.95 / runs), (games, rate, claimed / runs)


def test_paired_seats_can_be_told_apart_while_their_own_intervals_overlap() -> None:
    """The two seats' whiskers overlap, yet the gap, counted game by game, leaves 0 out: with many
    draws, the gap's interval is narrower than the two whiskers laid end to end."""
    seat_a, seat_b = _seats(140, 104, 400)
    comparison = compare(seat_a, seat_b)
    assert seat_a.interval[1] < seat_b.interval[2]  # the two whiskers overlap
    assert comparison.decided and comparison.higher is seat_a
    assert str(comparison).startswith("Seat A wins more often: gap +0.09 [+0.01, +0.17] (0.35")
