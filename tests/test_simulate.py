"""The simulator, and the matches that rank the Split and Choose bots."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FuturesTimeout
from contextlib import suppress
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
    """A slow bot: each move takes 0.05 s, and is logged as a line of ``log``."""

    def __init__(self, seed: int | None = None, log: str | None = None) -> None:
        super().__init__(seed)
        self.log = log

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        time.sleep(0.05)
        if self.log is not None:
            with open(self.log, "a") as log:
                log.write("move\n")
        return super().act(observation, legal_actions)


def _free_within(pool: ProcessPoolExecutor, seconds: float, what: str) -> None:
    """The pool answers a new job within ``seconds`` (a guard against a hang, not a speed claim)."""
    try:
        assert pool.submit(os.getpid).result(timeout=seconds) > 0
    except FuturesTimeout:
        pytest.fail(f"the process pool did not answer within {seconds:.0f} s {what}", pytrace=False)


def test_a_failure_on_a_process_pool_cancels_the_pending_games(tmp_path: Path) -> None:
    """The first chunk fails at once; the other chunks would take minutes (400
    games x ~8 moves x 0.05 s / 2 = 80 s): they are cancelled, and those already
    running stop after their current move: no move is played once simulate() raises."""
    log = tmp_path / "moves.log"
    chunk = 20

    def moves() -> int:
        return log.read_text().count("move") if log.exists() else 0

    with ProcessPoolExecutor(max_workers=2) as pool:
        with pytest.raises(SimulationFailed) as caught:
            simulate(
                SplitAndChoose,
                [JokerHater, partial(Sleeper, log=str(log))],
                games=400,
                seed=4,
                progress=False,
                executor=pool,
                chunk=chunk,
            )
        moved = moves()
        failed = caught.value
        cause = failed.__cause__
        assert isinstance(cause, ZeroDivisionError)
        # The worker's traceback comes along: as a note, or whole where tracebacks pickle (tblib, as Dask installs).
        assert cause.__traceback__ is not None or "Traceback in the worker" in "".join(getattr(cause, "__notes__", []))
        # the failing chunk's games before the failure, and what the chunk beside it finished: no other chunk played
        assert failed.summary.games < 2 * chunk, failed.summary.games
        _free_within(pool, 120, "after the failure: a cancelled chunk ran")
    # the pool is shut down (every job it still had has ended): not one move more was played
    assert moves() == moved


class Unloadable(Exception):
    """Pickles, but cannot be unpickled."""

    def __reduce__(self) -> tuple[Callable[[], None], tuple[()]]:
        return (_refuse, ())


def _refuse() -> None:
    raise TypeError("this error cannot be rebuilt")


class Unlucky(RandomBot):
    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        raise Unloadable("no luck: at all")


def test_a_process_pool_is_checked_up_front_and_never_broken() -> None:
    """A lambda gave a raw PicklingError; an error that pickles but does not unpickle
    broke the caller's pool (BrokenProcessPool for every later submit)."""

    def local_bot(seed: int) -> Bot:
        return RandomBot(seed)

    with ProcessPoolExecutor(max_workers=2) as pool:
        unsendable: list[tuple[list[BotFactory], str]] = [
            ([lambda seed: RandomBot(seed), RandomBot], r"bots\[0\] \(test_a_process_pool.*<lambda>\)"),
            ([RandomBot, partial(local_bot)], r"bots\[1\] \(test_a_process_pool.*<locals>.local_bot\)"),
        ]
        for bots, name in unsendable:
            with pytest.raises(SimulationError, match=f"simulate\\(\\): {name} cannot be sent to a process pool"):
                simulate(SplitAndChoose, bots, games=4, progress=False, executor=pool)
        with pytest.raises(SimulationError, match=r"make_game \(.*<lambda>\) cannot be sent"):
            simulate(lambda seed: SplitAndChoose(seed=seed), [RandomBot, RandomBot], games=4, executor=pool)
        with pytest.raises(SimulationFailed, match="Unloadable: no luck: at all") as failed:
            simulate(SplitAndChoose, [Unlucky, RandomBot], games=4, progress=False, executor=pool, chunk=2)
        assert type(failed.value.__cause__) is RuntimeError
        _free_within(pool, 120, "after a job's error could not be rebuilt")  # the pool still works
        again = simulate(SplitAndChoose, [RandomBot, RandomBot], games=4, progress=False, executor=pool, chunk=2)
        assert again.games == 4
    with ThreadPoolExecutor(max_workers=2) as threads:  # nothing to send: a lambda is fine
        assert simulate(SplitAndChoose, [lambda seed: RandomBot(seed), RandomBot], games=4, executor=threads).games == 4


_INTERRUPTED = """
import sys, time
from cardcommons.bots import RandomBot
from cardcommons.simulate import SimulationInterrupted, simulate
from cardcommons.split_and_choose import SplitAndChoose

LOG = sys.argv[2]


class Logged(SplitAndChoose):
    "A game that writes a line to the log once it is over, in whichever process plays it."

    def apply(self, action, player=None):
        super().apply(action, player)
        if self.is_over:
            with open(LOG, "a") as log:
                log.write("over\\n")


class Hanger(RandomBot):
    "A bot that never returns, and cannot be interrupted."

    def act(self, observation, legal_actions):
        while True:
            pass


class Sleeper(RandomBot):
    def act(self, observation, legal_actions):
        time.sleep(0.02)
        return super().act(observation, legal_actions)


def run(executor, bots=(Sleeper, Sleeper)):
    print("playing", flush=True)
    try:
        simulate(Logged, list(bots), games=2000, seed=1, progress=False, executor=executor, chunk=10)
    except SimulationInterrupted as stop:
        print(stop.summary.games, flush=True)
        sys.exit(str(stop))


if __name__ == "__main__":
    if sys.argv[1] == "processes":
        from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

        with ProcessPoolExecutor(max_workers=2) as pool:
            run(pool)
    elif sys.argv[1] == "hung":
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=2) as pool:
            run(pool, (Sleeper, Hanger))
    elif sys.argv[1] == "dask":
        import logging

        from distributed import Client, LocalCluster

        # distributed's own health logs (a heartbeat late on a busy machine) are not simulate()'s words: silenced
        with LocalCluster(
            n_workers=2, threads_per_worker=1, dashboard_address=None, silence_logs=logging.CRITICAL
        ) as cluster:
            with Client(cluster) as client:
                run(client.get_executor())
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


def _default_sigint() -> None:
    """In the child, before it runs Python: Ctrl-C's default action, whatever the parent's."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


HANG = 120  # seconds: a guard against a hang, far beyond what any run takes


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("mode", ["serial", "processes", "dask"])
def test_ctrl_c_to_the_process_group_keeps_every_game_finished(mode: str, tmp_path: Path) -> None:
    """Ctrl-C as a terminal or Jupyter sends it: SIGINT to every process of the group,
    the workers too. Once made every worker drop its chunk (a process pool's raised in
    the middle of a game; Dask's died, with 23 tracebacks, and their running chunks
    were cancelled): 0 games kept. Now: every game that was played to its end, in any
    process, is in the summary; one line on stderr; no process left behind."""
    if mode == "dask":
        pytest.importorskip("distributed")
    log = tmp_path / "over.log"
    script = tmp_path / "interrupted.py"
    script.write_text(textwrap.dedent(_INTERRUPTED))
    run = subprocess.Popen(
        [sys.executable, str(script), mode, str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a kernel's or a terminal's
        # a shell's background job (`make test &`) ignores SIGINT, and its children inherit
        # that; a terminal's foreground job and a kernel do not, so the script starts as they do
        preexec_fn=_default_sigint,
    )
    assert run.stdout is not None and run.stdout.readline() == "playing\n"
    deadline = time.monotonic() + HANG
    while (not log.exists() or len(log.read_text().split()) < 4) and time.monotonic() < deadline:
        time.sleep(0.1)  # a few games finish first (each takes 8 moves x 0.02 s)
    workers = _children(run.pid)
    os.killpg(run.pid, signal.SIGINT)
    try:
        out, err = run.communicate(timeout=HANG)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        run.communicate()
        pytest.fail(f"the {mode} run had not stopped {HANG} s after Ctrl-C", pytrace=False)
    kept, finished = int(out), len(log.read_text().split())
    assert kept == finished >= 4, (kept, finished, err)
    assert err.splitlines() == [f"simulate() stopped after {kept} of 2000 games (their outcomes are in .summary)"]
    deadline = time.monotonic() + HANG  # an exited process takes a moment to be reaped
    while (left := [pid for pid in workers if _alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not left, f"processes left running {HANG} s after the run stopped: {left}"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
def test_ctrl_c_releases_a_process_pool_whose_bot_never_returns(tmp_path: Path) -> None:
    """A bot stuck in a loop inside ``with ProcessPoolExecutor()``: once Ctrl-C left the
    ``with`` block waiting for that worker for ever. Now its worker is ended after the
    grace, the block ends, and no process is left."""
    log = tmp_path / "over.log"
    script = tmp_path / "interrupted.py"
    script.write_text(textwrap.dedent(_INTERRUPTED))
    run = subprocess.Popen(
        [sys.executable, str(script), "hung", str(log)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=_default_sigint,
    )
    try:
        assert run.stdout is not None and run.stdout.readline() == "playing\n"
        time.sleep(1)  # both workers are in their chunk's first game, for ever
        workers = _children(run.pid)
        os.killpg(run.pid, signal.SIGINT)
        out, err = run.communicate(timeout=60)
    finally:
        with suppress(ProcessLookupError):
            os.killpg(run.pid, signal.SIGKILL)
    assert int(out) == 0
    assert err.splitlines() == ["simulate() stopped after 0 of 2000 games (their outcomes are in .summary)"], err
    deadline = time.monotonic() + HANG  # an exited process takes a moment to be reaped
    while (left := [pid for pid in workers if _alive(pid)]) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not left, f"processes left running {HANG} s after the run stopped: {left}"


def test_numpy_integers_are_integers() -> None:
    plain = simulate(SplitAndChoose, [RandomBot, RandomBot], games=6, seed=3, progress=False, chunk=2)
    numbers: dict[str, Any] = {"games": np.int64(6), "seed": np.int32(3), "chunk": np.int8(2)}
    assert simulate(SplitAndChoose, [RandomBot, RandomBot], progress=False, **numbers).outcomes == plain.outcomes


def test_heuristic_bot_beats_random_bot() -> None:
    """2,000 games, seats alternating: the 95% interval of the heuristic's wins is above nine in ten."""
    summary = simulate(SplitAndChoose, [HeuristicBot, RandomBot], games=2000, seed=20, progress=False)
    _rate, low, _ = summary.rate(0)
    assert low > 0.9, summary
    assert summary.rate(1)[2] < 0.1


def test_monte_carlo_bot_beats_heuristic_bot() -> None:
    """A short match (the longer duels run in benchmarks/run.py): with 40 play-outs
    a decision, reading the table as it does by default, Monte Carlo wins more
    than half of 24 games, with 95% confidence (it wins 22; it would need 17, which
    a bot no better than even reaches 3% of the time)."""
    summary = simulate(
        SplitAndChoose, [partial(MonteCarloBot, samples=40), HeuristicBot], games=24, seed=2024, progress=False
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


def test_two_bots_of_one_name_are_numbered_in_every_table() -> None:
    summary = simulate(SplitAndChoose, [HeuristicBot, HeuristicBot], games=4, seed=1, progress=False)
    assert [summary.label(b) for b in (0, 1)] == ["HeuristicBot (bot 0)", "HeuristicBot (bot 1)"]
    assert "HeuristicBot (bot 1)" in summary.table() and "HeuristicBot (bot 1)" in summary._repr_html_()
    assert summary.measure(0).name == "HeuristicBot (bot 0)"
    lone = simulate(SplitAndChoose, [HeuristicBot, RandomBot], games=4, seed=1, progress=False)
    assert lone.label(0) == "HeuristicBot" and "(bot" not in lone._repr_html_()
