"""The simulator, and the matches that rank the Split and Choose bots."""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor
from functools import partial

import pytest

from cardcommons.bots import HeuristicBot, MonteCarloBot, RandomBot
from cardcommons.game import Bot, Game
from cardcommons.simulate import BotFactory, simulate, wilson_interval
from cardcommons.split_and_choose import SplitAndChoose


def test_wilson_interval() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    assert wilson_interval(5, 0) == (0.0, 1.0)
    low, high = wilson_interval(900, 1000)
    assert low < 0.9 < high and high - low < 0.04


def test_process_pool_gives_the_same_numbers_as_serial() -> None:
    bots: list[BotFactory] = [HeuristicBot, RandomBot]
    serial = simulate(SplitAndChoose, bots, games=120, seed=3, progress=False, chunk=16)
    with ProcessPoolExecutor(max_workers=2) as pool:
        parallel = simulate(SplitAndChoose, bots, games=120, seed=3, progress=False, executor=pool, chunk=16)
    assert parallel.outcomes == serial.outcomes and parallel.names == serial.names == ("HeuristicBot", "RandomBot")
    assert serial.wins[0] + serial.draws[0] + serial.losses[0] == 120
    again = simulate(SplitAndChoose, bots, games=120, seed=3, progress=False, chunk=7)
    assert again.outcomes == serial.outcomes


def test_rotation_seats_each_bot_in_each_seat() -> None:
    seats: list[int] = []

    def make_game(seed: int) -> Game:
        return SplitAndChoose(seed=seed)

    class Recorder(RandomBot):
        def act(self, observation, legal_actions):  # type: ignore[no-untyped-def]
            seats.append(observation.player)
            return super().act(observation, legal_actions)

    def recorder(seed: int) -> Bot:
        return Recorder(seed)

    simulate(make_game, [recorder, RandomBot], games=4, seed=1, progress=False, rotate=True)
    assert set(seats) == {0, 1}
    seats.clear()
    simulate(make_game, [recorder, RandomBot], games=4, seed=1, progress=False, rotate=False)
    assert set(seats) == {0}


def test_summary_table_and_validation() -> None:
    summary = simulate(SplitAndChoose, [RandomBot, RandomBot], games=10, seed=2, progress=False)
    assert "10 games" in str(summary) and "<table>" in summary._repr_html_()
    rate, low, high = summary.rate(0)
    assert low <= rate <= high
    with pytest.raises(ValueError, match="at least 1"):
        simulate(SplitAndChoose, [RandomBot, RandomBot], games=0)


def test_heuristic_bot_beats_random_bot() -> None:
    """2,000 games, seats alternating: the 95% interval of the heuristic's wins is above one half."""
    summary = simulate(SplitAndChoose, [HeuristicBot, RandomBot], games=2000, seed=20, progress=False)
    _rate, low, _ = summary.rate(0)
    assert low > 0.9, summary
    assert summary.rate(1)[2] < 0.1


def test_monte_carlo_bot_beats_heuristic_bot() -> None:
    """A short match (the 2,000-game match runs in benchmarks/run.py): with 40
    samples a decision, Monte Carlo wins more than half of 160 games, with
    95% confidence."""
    with ProcessPoolExecutor(max_workers=2) as pool:
        summary = simulate(
            SplitAndChoose,
            [partial(MonteCarloBot, samples=40), HeuristicBot],
            games=160,
            seed=2024,
            progress=False,
            executor=pool,
            chunk=10,
        )
    wins, losses = summary.wins[0], summary.losses[0]
    low, _ = wilson_interval(wins, wins + losses)
    assert low > 0.5, summary


def test_monte_carlo_decision_at_default_samples() -> None:
    """Its time is a benchmark figure (benchmarks/run.py), not a test."""
    game = SplitAndChoose(seed=1)
    bot = MonteCarloBot(seed=1)
    action = bot.act(game.observation(0), game.legal_actions())
    assert action in game.legal_actions() and len(bot.last_estimates) == 6
