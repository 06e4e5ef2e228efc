"""Games played in chunks on any ``concurrent.futures`` executor, and stopped without losing one.

:func:`cardcommons.simulate.simulate` splits its games into chunks; a chunk
plays its games one after another, in a worker (a process pool's, a Dask
cluster's). A run may stop at any moment (a game fails, or Ctrl-C) and still
keeps every game finished, in every chunk:

- A run has a directory that every process on this machine can read. A chunk
  marks there that it has started, and a stop file there tells the games in
  progress to stop after their current move: they look before each one.
- On a stop, the chunks that never started are cancelled and the others are
  waited for (:data:`STOP_GRACE` seconds at most): they return the games they
  finished. The marks, not the executor, say which chunks started: Dask's
  futures never report that they run, and cancelling one that runs drops its games.
- Ctrl-C, as a terminal or Jupyter sends it, reaches every process of the
  group, the workers too. A worker playing a chunk ignores it (on Dask, every
  worker does from the start of the run), so the caller's process alone
  decides, and no worker dies with games in hand.
- A chunk still playing once the grace is over has a bot that does not
  return. On a process pool, the worker playing it (the chunk marks which
  one) is sent :data:`RELEASE`, which stops that move and returns the games
  finished; a worker that still does not return is ended, so that the pool's
  ``with`` block, which waits for its workers, ends too.

On other machines the directory cannot be read: there a chunk plays to its
end, so keep chunks small on a cluster of many machines.
"""

from __future__ import annotations

import atexit
import logging
import os
import pickle
import shutil
import signal
import tempfile
import threading
import traceback
from collections.abc import Sequence
from concurrent.futures import Executor, Future, as_completed, wait
from contextlib import suppress
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardcommons.errors import SimulationError, cut, shown
from cardcommons.game import Action, Bot, Game, Observation, Outcome, play

if TYPE_CHECKING:
    from collections.abc import Callable

    from tqdm.auto import tqdm

    from cardcommons.luck import Measured

    GameFactory = Callable[..., Game]
    BotFactory = Callable[..., Bot]

STOP_GRACE = 2.0
"""Seconds to wait, once a run stops, for the games in progress to notice (each does after its current move)."""


@dataclass(frozen=True)
class Deal:
    """Game ``index`` of a run and its seeds: the game's, and one per bot."""

    index: int
    game_seed: int
    bot_seeds: tuple[int, ...]


@dataclass(frozen=True)
class Failure:
    """The game that raised: its index, seed, seat and bot, the error and the worker's traceback."""

    index: int
    game_seed: int
    seat: int | None
    bot: int | None
    error: BaseException
    traceback: str


@dataclass(frozen=True)
class Played:
    """What a chunk played: ``(game index, outcome per bot)`` for each game finished, and the failure if any;
    with ``adjust``, ``(game index, each bot's luck)`` for each game too (:class:`cardcommons.luck.Measured`)."""

    games: tuple[tuple[int, tuple[Outcome, ...]], ...]
    failure: Failure | None = None
    measured: tuple[tuple[int, tuple[Measured, ...]], ...] = ()


class Run:
    """A run's directory: its stop file and the marks of the chunks that started.
    It pickles as its path, for the workers."""

    def __init__(self) -> None:
        self.path = tempfile.mkdtemp(prefix="cardcommons-run-")
        self.owner = os.getpid()

    def is_stopped(self) -> bool:
        return os.path.exists(os.path.join(self.path, "stop"))

    def stop(self) -> None:
        _touch(os.path.join(self.path, "stop"))

    def start(self, chunk: int) -> None:
        """Mark that ``chunk`` started, in this process."""
        with suppress(FileNotFoundError), open(os.path.join(self.path, f"started-{chunk}"), "w") as mark:
            mark.write(str(os.getpid()))

    def started(self, chunk: int) -> bool:
        return os.path.exists(os.path.join(self.path, f"started-{chunk}"))

    def player(self, chunk: int) -> int | None:
        """The process that started ``chunk``, if it did and said so.

        >>> run = Run()
        >>> run.start(3)
        >>> run.player(3) == os.getpid(), run.player(4)
        (True, None)
        >>> run.remove()
        """
        with suppress(OSError, ValueError), open(os.path.join(self.path, f"started-{chunk}")) as mark:
            return int(mark.read())
        return None

    def remove(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def _touch(path: str) -> None:
    with suppress(FileNotFoundError), open(path, "a"):  # the run is over once its directory is gone
        pass


class _Stopped(Exception):
    """Raised inside a game once the run is stopped."""


class _Seated:
    """A bot that first looks whether the run has stopped, then acts."""

    def __init__(self, bot: Bot, run: Run | None) -> None:
        self.bot, self.run = bot, run

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if self.run is not None and self.run.is_stopped():
            raise _Stopped
        return self.bot.act(observation, legal_actions)


def check_seats(game: Game, bots: int) -> None:
    """One bot per seat of ``game``, or a SimulationError naming both numbers."""
    players = getattr(game, "players", None)
    if players != bots:
        raise SimulationError(
            f"{type(game).__name__} has {shown(players)} seats but {bots} "
            f"{'bot was' if bots == 1 else 'bots were'} given: one bot per seat"
        )


def play_chunk(
    make_game: GameFactory,
    bots: Sequence[BotFactory],
    rotate: bool,
    deals: Sequence[Deal],
    run: Run | None = None,
    adjust: bool = False,
) -> Played:
    """Play some games; stop at the first failure (reported, not raised) or once ``run`` is stopped.
    ``adjust``: measure each bot's luck in each game too (:func:`cardcommons.luck.measure_seats`)."""
    if run is not None:
        run.start(deals[0].index)
        if os.getpid() != run.owner and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # a process pool's worker: the caller decides
            if RELEASE is not None:
                signal.signal(RELEASE, _release)
    games: list[tuple[int, tuple[Outcome, ...]]] = []
    measured: list[tuple[int, tuple[Measured, ...]]] | None = [] if adjust else None
    _playing[0] = True
    try:
        return _play(make_game, bots, rotate, deals, run, games, measured)
    except _Stopped:  # released by the caller in the middle of a move: the games finished so far
        return Played(tuple(games), None, tuple(measured or ())[: len(games)])
    finally:
        _playing[0] = False


RELEASE = getattr(signal, "SIGUSR1", None)
"""The signal that stops a process pool's worker in the middle of a bot's move (see :func:`_halt`)."""
_playing = [False]  # whether this process is playing a chunk: RELEASE means nothing otherwise


def _release(number: int, frame: object) -> None:
    if _playing[0]:
        raise _Stopped


def _play(
    make_game: GameFactory,
    bots: Sequence[BotFactory],
    rotate: bool,
    deals: Sequence[Deal],
    run: Run | None,
    games: list[tuple[int, tuple[Outcome, ...]]],
    measured: list[tuple[int, tuple[Measured, ...]]] | None,
) -> Played:
    """:func:`play_chunk`'s games, added to ``games`` as each ends (and their luck to ``measured``, unless None)."""
    for deal in deals:
        game: Game | None = None
        seat_of: list[int] = []
        try:
            if run is not None and run.is_stopped():
                break
            game = make_game(seed=deal.game_seed)
            check_seats(game, len(bots))
            shift = deal.index % game.players if rotate else 0
            seat_of = [(b + shift) % game.players for b in range(len(bots))]
            seated = {seat_of[b]: _Seated(factory(seed=deal.bot_seeds[b]), run) for b, factory in enumerate(bots)}
            result = play(game, [seated[s] for s in range(game.players)])
            if measured is not None:
                measured.append((deal.index, _luck(game, [seated[s].bot for s in range(game.players)], seat_of)))
        except _Stopped:
            break
        except Exception as error:
            seat = game.current_player if game is not None else None
            bot = seat_of.index(seat) if seat in seat_of else None
            failure = Failure(deal.index, deal.game_seed, seat, bot, _portable(error), traceback.format_exc())
            return Played(tuple(games), failure, tuple(measured or ()))
        games.append((deal.index, tuple(result.outcome(seat_of[b]) for b in range(len(bots)))))
    return Played(tuple(games), None, tuple(measured or ()))


def _luck(game: Game, table: list[Bot], seat_of: list[int]) -> tuple[Measured, ...]:
    """Each bot's luck in a finished game, the other seats read by their bots' policies where known."""
    from cardcommons.luck import measure_seats  # the bots and the play-outs: only for a run that adjusts

    return tuple(luck.measured() for luck in measure_seats(game, seat_of, table))


def _portable(error: Exception) -> BaseException:
    """The error itself if it travels back from a worker process (pickled, then
    unpickled), else a RuntimeError that describes it: an error that pickles but
    cannot be unpickled would break the caller's process pool."""
    try:
        pickle.loads(pickle.dumps(error))
    except Exception:
        return RuntimeError(f"{type(error).__name__}: {error}")
    return error


def check_portable(executor: Executor, factories: dict[str, Callable[..., object]]) -> None:
    """On a process pool, every factory must reach the workers: one that does not
    pickle (a lambda, a function defined inside another) is refused by name, before
    anything is sent. Dask sends them with cloudpickle, which takes lambdas too."""
    from concurrent.futures import ProcessPoolExecutor  # here, not on top: multiprocessing is slow to import

    if not isinstance(executor, ProcessPoolExecutor):
        return
    for name, factory in factories.items():
        try:
            pickle.loads(pickle.dumps(factory))
        except Exception as error:
            inner = getattr(factory, "func", factory)  # a partial names its function
            raise SimulationError(
                f"simulate(): {name} ({getattr(inner, '__qualname__', type(inner).__name__)}) cannot be sent to "
                f"a process pool's workers ({type(error).__name__}: {cut(str(error))}); define it at the top level "
                "of a module, or use functools.partial of a class"
            ) from None


class _QuietStop(logging.Filter):
    """Drops the warning a Dask worker logs when it closes with one of our stopped chunks in flight."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        return not ("play_chunk" in text and "CancelledError" in text)


def _ignore_ctrl_c(owner: int) -> None:
    """In a Dask worker process (not the caller's): leave Ctrl-C to the caller, and
    say nothing of the chunks a stop leaves in flight when the cluster closes."""
    if os.getpid() != owner:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        log = logging.getLogger("distributed.worker.state_machine")
        if not any(isinstance(f, _QuietStop) for f in log.filters):
            log.addFilter(_QuietStop())


def _shield(executor: Executor, run: Run) -> None:
    """On a Dask cluster, every worker process leaves Ctrl-C to the caller from now on.
    (A process pool's workers do so as they start a chunk.)"""
    client = getattr(executor, "_client", None)
    if type(executor).__module__.startswith("distributed") and client is not None:
        with suppress(Exception):  # in-process workers, an older Dask: no worse than before
            client.run(_ignore_ctrl_c, run.owner)


def run_on(
    executor: Executor,
    jobs: list[tuple[GameFactory, Sequence[BotFactory], bool, list[Deal]]],
    played: list[Played],
    bar: tqdm,
    adjust: bool = False,
) -> None:
    """Run the chunks on ``executor``, adding what they play to ``played``. At the
    first failure, or on Ctrl-C (re-raised), cancel the chunks not started and
    collect what the others finished."""
    run = Run()
    futures: list[tuple[int, Future[Played]]] = []
    collected: set[Future[Played]] = set()
    try:
        _shield(executor, run)
        futures.extend((job[3][0].index, executor.submit(play_chunk, *job, run, adjust)) for job in jobs)
        for future in as_completed(f for _, f in futures):
            collected.add(future)
            played.append(future.result())
            bar.update(len(played[-1].games))
            if played[-1].failure is not None:
                break
    finally:
        if len(collected) < len(jobs):
            _halt(executor, run, futures, collected, played)
        else:
            run.remove()


def _halt(
    executor: Executor,
    run: Run,
    futures: list[tuple[int, Future[Played]]],
    collected: set[Future[Played]],
    played: list[Played],
) -> None:
    """Stop the games in progress, cancel the chunks not started, and wait for
    the others to return what they finished. The run's directory stays until
    this process exits: an executor may still start a chunk it cancelled (Dask
    does), which must find the stop file."""
    run.stop()
    atexit.register(run.remove)
    left = []
    for chunk, future in futures:
        # a chunk that starts from now on sees the stop file first: cancelling it loses nothing
        if future not in collected and (run.started(chunk) or not future.cancel()):
            left.append(future)
    done, stuck = wait(left, timeout=STOP_GRACE)
    played.extend(_returned(done))
    if stuck:
        _release_stuck(executor, run, [(chunk, future) for chunk, future in futures if future in stuck], played)


def _returned(done: set[Future[Played]]) -> list[Played]:
    return [future.result() for future in done if not future.cancelled() and future.exception() is None]


def _release_stuck(
    executor: Executor, run: Run, stuck: Sequence[tuple[int, Future[Played]]], played: list[Played]
) -> None:
    """A process pool's workers still playing a chunk after the grace (a bot that does not return) are sent
    :data:`RELEASE`, which stops the move in hand; the games they finished are kept. One that still does not
    return is ended: the pool's ``with`` block waits for its workers. Only this process's own pool's workers."""
    import multiprocessing  # here, not on top, as in check_portable
    from concurrent.futures import ProcessPoolExecutor

    if not isinstance(executor, ProcessPoolExecutor) or RELEASE is None:
        return
    workers = {process.pid: process for process in multiprocessing.active_children() if process.pid is not None}
    playing = {chunk: workers.get(run.player(chunk) or -1) for chunk, _ in stuck}  # -1: no process
    for pid in {process.pid for process in playing.values() if process is not None and process.pid is not None}:
        with suppress(ProcessLookupError):
            os.kill(pid, RELEASE)
    done, _ = wait([future for _, future in stuck], timeout=STOP_GRACE)
    played.extend(_returned(done))
    for chunk, future in stuck:
        left_over = playing[chunk]
        if future not in done and left_over is not None:
            left_over.kill()
