"""Shares adjusted for luck in simulate()'s summaries: the same games as the
plain shares, intervals from the games' spread, the same numbers on an executor."""

from __future__ import annotations

import math
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial

import pytest

from cardcommons.adjusted import compare_shares, estimate
from cardcommons.bots import GreedyBot, HeuristicBot, RandomBot
from cardcommons.errors import SimulationError
from cardcommons.game import Bot
from cardcommons.simulate import simulate
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker


def test_a_run_that_adjusts_keeps_each_bots_share_and_adjusted_share_of_every_game() -> None:
    bots: list[Callable[..., Bot]] = [HeuristicBot, partial(HeuristicBot, infer_reserve=False)]
    run = simulate(SplitAndChoose, bots, games=12, seed=3, progress=False, adjust=True)
    assert len(run.measured) == run.games == 12
    for b in (0, 1):
        wins, draws = run.wins[b], run.draws[b]
        assert math.isclose(run.share(b).mean, (wins + draws / 2) / run.games)
        assert all(m[b].share + m[1 - b].share == 1 for m in run.measured)  # two players: the shares add up
        assert all(
            math.isclose(m[b].share - m[b].adjusted, sum(m[b].terms.values()), abs_tol=1e-9) for m in run.measured
        )
    assert "adjusted" in str(run) and "adjusted for luck" in run._repr_html_()
    named = run.compare_shares(0, 1, names=("the reader", "the other"))
    assert str(named).startswith("the reader against the other") and named.ratio == run.compare_shares().ratio
    with pytest.raises(SimulationError, match=r"Summary\.compare_shares: names must be two names, not 'x'"):
        run.compare_shares(0, 1, names="x")  # type: ignore[arg-type]


def test_an_estimate_is_the_normal_interval_of_the_games_with_the_baselines_error_counted_in() -> None:
    values = [0.2, 0.4, 0.9, 0.5]
    mean = sum(values) / 4
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / 3)
    found = estimate("x", values, extra=0.01)
    assert math.isclose(found.high - found.mean, 1.959963984540054 * math.hypot(sd / 2, 0.01))
    comparison = compare_shares("a", "b", ([1, 0, 1], [0, 1, 0]), ([0.7, 0.6, 0.8], [0.3, 0.4, 0.2]))
    assert comparison.plain.mean == pytest.approx(1 / 3) and comparison.adjusted.mean == pytest.approx(0.4)
    assert comparison.ratio > 1 and "decided" in str(comparison)


def test_the_same_run_on_an_executor_measures_the_same_luck() -> None:
    game = partial(WhiskyPoker, 3)
    bots = [GreedyBot, RandomBot, GreedyBot]
    alone = simulate(game, bots, games=6, seed=5, progress=False, adjust=True)
    with ThreadPoolExecutor(2) as pool:
        spread = simulate(game, bots, games=6, seed=5, progress=False, adjust=True, executor=pool, chunk=2)
    assert spread.measured == alone.measured


def test_a_run_without_luck_says_how_to_measure_it() -> None:
    run = simulate(SplitAndChoose, [HeuristicBot, RandomBot], games=2, seed=1, progress=False)
    assert run.measured == ()
    with pytest.raises(SimulationError, match=r"adjust=True"):
        run.adjusted_share(0)
    with pytest.raises(SimulationError, match="adjust must be True or False, not 1"):
        simulate(SplitAndChoose, [HeuristicBot, RandomBot], games=2, progress=False, adjust=1)  # type: ignore[arg-type]


def test_the_saving_counts_the_games_for_the_same_interval_and_says_why_when_there_is_none() -> None:
    plain = ([1, 0, 1, 0, 1, 1], [0, 1, 0, 1, 0, 0])
    tracking = compare_shares("a", "b", plain, ([0.6, 0.4, 0.7, 0.5, 0.6, 0.5], [0.4, 0.6, 0.3, 0.5, 0.4, 0.5]))
    gaps = [1, -1, 1, -1, 1, 1]
    luck = [1 - 0.2, -1 + 0.2, 1 - 0.4, -1 - 0.0, 1 - 0.2, 1 - 0.0]  # each gap less its adjusted gap
    mean_gap, mean_luck = sum(gaps) / 6, sum(luck) / 6
    covariance = sum((g - mean_gap) * (x - mean_luck) for g, x in zip(gaps, luck, strict=True))
    spread_gap = math.sqrt(sum((g - mean_gap) ** 2 for g in gaps))
    spread_luck = math.sqrt(sum((x - mean_luck) ** 2 for x in luck))
    assert tracking.correlation == pytest.approx(covariance / spread_gap / spread_luck)
    assert tracking.break_even == pytest.approx(spread_luck / spread_gap / 2)
    assert tracking.games_for(600) == math.ceil(600 / tracking.ratio) < 600
    needed = tracking.games_for(600)
    assert needed is not None and f"{600 - needed:,} games saved" in tracking.saving(600)
    noise = compare_shares("a", "b", plain, ([1.5, -0.5, 0.5, 0.5, 1.5, 0.5], [0, 1, 0, 1, 0, 0]))
    assert noise.ratio < 1 and noise.correlation < noise.break_even
    assert "no game saved" in noise.saving(600) and f"correlates {noise.correlation:.2f}" in noise.saving(600)
    with pytest.raises(SimulationError, match="games is a whole number of at least 1, not 0"):
        tracking.games_for(0)


def test_the_games_for_an_interval_count_the_baselines_error_which_more_games_do_not_shrink() -> None:
    """Each adjusted share carries its baseline's standard error, the same in
    every game: the adjusted gap's variance at n games is s^2 / n + e^2, so it
    needs n = s^2 / (plain variance - e^2) games, and none reach a plain
    interval narrower than the baselines' error."""
    plain = ([1, 0, 1, 0, 1, 1], [0, 1, 0, 1, 0, 0])
    adjusted = ([0.6, 0.4, 0.7, 0.5, 0.6, 0.5], [0.4, 0.6, 0.3, 0.5, 0.4, 0.5])
    shared = compare_shares("a", "b", plain, adjusted, (0.003, 0.002))
    gaps = [x - y for x, y in zip(*adjusted, strict=True)]
    mean = sum(gaps) / 6
    per_game = sum((g - mean) ** 2 for g in gaps) / 5  # one adjusted game's variance
    plain_per_game = 1.0 * 6 / 5 * (1 - (2 / 6) ** 2)  # the gaps are +-1, four of six +1
    assert shared.shared == 0.005
    needed, without = shared.games_for(600), compare_shares("a", "b", plain, adjusted).games_for(600)
    assert needed == math.ceil(per_game / (plain_per_game / 600 - 0.005**2))
    assert without is not None and needed > without  # the baselines' error costs games
    assert shared.games_for(100_000) is None  # a plain interval narrower than the baselines' error
    assert "no number of games gives the interval 100,000 plain games give" in shared.saving(100_000)
