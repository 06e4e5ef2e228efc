"""The simulator, and the matches that rank the Split and Choose bots."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardcommons.bots import GreedyBot, HeuristicBot, MonteCarloBot, RandomBot
from cardcommons.cards import JOKER
from cardcommons.errors import SimulationError
from cardcommons.game import Action, Bot, Game, Observation
from cardcommons.simulate import BotFactory, SimulationFailed, simulate, wilson_interval
from cardcommons.split_and_choose import SplitAndChoose, SplitAndChooseObservation
from cardcommons.whisky import WhiskyPoker


def test_wilson_interval() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    assert wilson_interval(0, 0) == (0.0, 1.0)
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
    with pytest.raises(SimulationError, match="at least 1"):
        simulate(SplitAndChoose, [RandomBot, RandomBot], games=0)


@pytest.mark.parametrize(
    ("make_game", "bots", "seats"),
    [
        (SplitAndChoose, [HeuristicBot, RandomBot, RandomBot], 2),
        (SplitAndChoose, [HeuristicBot], 2),
        (partial(WhiskyPoker, 4), [GreedyBot] * 5, 4),
        (partial(WhiskyPoker, 4), [GreedyBot] * 3, 4),
    ],
)
def test_one_bot_per_seat_or_an_error_naming_both(make_game: Game, bots: list[BotFactory], seats: int) -> None:
    """Three bots at a two-seat game once let bot 2 overwrite bot 0's seat: wins
    were counted for a bot that never played."""
    with pytest.raises(SimulationError, match=f"has {seats} seats but {len(bots)} bot"):
        simulate(make_game, bots, games=10, seed=1, progress=False)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("argument", "value"),
    [
        ("games", "10"),
        ("games", 2.5),
        ("games", 0),
        ("games", True),
        ("chunk", 0),
        ("chunk", -1),
        ("chunk", 2.0),
        ("seed", "1"),
        ("seed", 1.5),
        ("seed", None),
        ("progress", "no"),
        ("rotate", 1),
        ("executor", "processes"),
        ("bots", "RandomBot"),
        ("bots", []),
        ("bots[1]", 3),
        ("make_game", "SplitAndChoose"),
    ],
)
def test_every_argument_is_checked_by_name(argument: str, value: object) -> None:
    call: dict[str, object] = {"make_game": SplitAndChoose, "bots": [RandomBot, RandomBot], "games": 4}
    if argument == "bots[1]":
        call["bots"] = [RandomBot, value]
    else:
        call[argument] = value
    with pytest.raises(SimulationError, match=re.escape(argument)) as error:
        simulate(progress=False, **call) if argument != "progress" else simulate(**call)  # type: ignore[arg-type]
    assert repr(value) in str(error.value)


class JokerHater(RandomBot):
    """Fails at the build whenever it holds the Joker (in about half the games)."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        assert isinstance(observation, SplitAndChooseObservation)
        if observation.phase == "build" and JOKER in observation.hand:
            raise ZeroDivisionError("no Jokers, please")
        return super().act(observation, legal_actions)


def test_a_failing_bot_names_the_game_its_seed_and_the_seat() -> None:
    with pytest.raises(SimulationFailed) as caught:
        simulate(SplitAndChoose, [RandomBot, JokerHater], games=50, seed=4, progress=False)
    failed = caught.value
    assert isinstance(failed.__cause__, ZeroDivisionError)
    message = str(failed)
    for part in (f"game {failed.game} ", f"(seed {failed.seed})", f"seat {failed.seat}", "bot 1 (JokerHater)"):
        assert part in message
    assert failed.game > 0 and f"{failed.game} of 50 games had finished" in message
    # The finished games are kept: they are the games before the failing one, exactly.
    before = simulate(SplitAndChoose, [RandomBot, JokerHater], games=failed.game, seed=4, progress=False)
    assert failed.summary.outcomes == before.outcomes
    # The seed is the failing game's own: that deal gives the Joker to the failing seat by the build.
    assert failed.seat in (0, 1)


class Sleeper(RandomBot):
    """A slow bot: each move takes 0.05 s."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        time.sleep(0.05)
        return super().act(observation, legal_actions)


def test_a_failure_on_a_process_pool_cancels_the_pending_games() -> None:
    """The first chunk fails at once; the other chunks would take minutes: they
    are cancelled, and those already running stop after their current move."""
    with ProcessPoolExecutor(max_workers=2) as pool:
        start = time.perf_counter()
        with pytest.raises(SimulationFailed) as caught:
            simulate(SplitAndChoose, [JokerHater, Sleeper], games=400, seed=4, progress=False, executor=pool, chunk=20)
        seconds = time.perf_counter() - start
        cause = caught.value.__cause__
        assert isinstance(cause, ZeroDivisionError)
        # The worker's traceback comes along: as a note, or whole where tracebacks pickle (tblib, as Dask installs).
        assert cause.__traceback__ is not None or "Traceback in the worker" in "".join(getattr(cause, "__notes__", []))
        assert seconds < 10, seconds  # the whole run would take 400 games x ~8 moves x 0.05 s / 2 = 80 s
        idle = time.perf_counter()
        assert pool.submit(os.getpid).result(timeout=5) > 0
        assert time.perf_counter() - idle < 5


_INTERRUPTED = """
import sys, time
from concurrent.futures import ProcessPoolExecutor
from cardcommons.bots import RandomBot
from cardcommons.simulate import SimulationInterrupted, simulate
from cardcommons.split_and_choose import SplitAndChoose

class Sleeper(RandomBot):
    def act(self, observation, legal_actions):
        time.sleep(0.05)
        return super().act(observation, legal_actions)

def run(executor):
    print("playing", flush=True)
    try:
        simulate(SplitAndChoose, [Sleeper, Sleeper], games=2000, seed=1, progress=False, executor=executor, chunk=10)
    except SimulationInterrupted as stop:
        print(f"finished {stop.summary.games}", flush=True)
        raise

if sys.argv[1] == "processes":
    with ProcessPoolExecutor(max_workers=2) as pool:
        run(pool)
else:
    run(None)
"""


def _children(pid: int) -> set[int]:
    """The live child processes of ``pid`` (from /proc)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("mode", ["serial", "processes"])
def test_ctrl_c_stops_within_seconds_and_reports_the_games_finished(mode: str) -> None:
    script = subprocess.Popen(
        [sys.executable, "-c", textwrap.dedent(_INTERRUPTED), mode],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert script.stdout is not None and script.stdout.readline() == "playing\n"
    time.sleep(3)  # games finish meanwhile: each takes about 8 moves x 0.05 s
    workers = _children(script.pid)
    assert len(workers) >= (2 if mode == "processes" else 0), workers
    start = time.perf_counter()
    script.send_signal(signal.SIGINT)
    out, err = script.communicate(timeout=30)
    seconds = time.perf_counter() - start
    assert seconds < 3, (seconds, err)
    finished = int(out.split("finished ")[1])
    assert f"simulate() stopped after {finished} of 2000 games" in err and finished > 0, (out, err)
    time.sleep(0.5)
    assert not [pid for pid in workers if _alive(pid)], "worker processes left running"


def test_numpy_integers_are_integers() -> None:
    plain = simulate(SplitAndChoose, [RandomBot, RandomBot], games=6, seed=3, progress=False, chunk=2)
    numbers: dict[str, Any] = {"games": np.int64(6), "seed": np.int32(3), "chunk": np.int8(2)}
    assert simulate(SplitAndChoose, [RandomBot, RandomBot], progress=False, **numbers).outcomes == plain.outcomes


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


def test_progress_bar_shows_unless_asked_not_to(capsys: pytest.CaptureFixture[str]) -> None:
    simulate(SplitAndChoose, [RandomBot, RandomBot], games=5, seed=1)
    shown = capsys.readouterr().err
    assert "games: 100%" in shown and "5/5" in shown
    simulate(SplitAndChoose, [RandomBot, RandomBot], games=5, seed=1, progress=False)
    assert capsys.readouterr().err == ""
