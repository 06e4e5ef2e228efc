"""The full game's first-splitter question, by self-play at a decisive size.

The real game is too big to solve, so ``make solve`` asks the strongest bot:
:class:`~cardcommons.bots.MonteCarloBot` plays both seats, the same seat
splitting first in every game. A seeded pilot of :data:`PILOT_GAMES` games
measures the gap between the seats; :func:`~cardcommons.rates.games_needed`
turns it into the number of games that decides a gap that size (at most
:data:`MOST_GAMES`), and a second seeded run plays them. Every game's outcome
is stored, so a lesson reads the run back as a
:class:`~cardcommons.simulate.Summary` and replays any of its games.

>>> run = SelfPlay.stored()
>>> run.summary.games == run.games >= PILOT_GAMES
True
>>> replayed = play(run.samples, games=2, seed=run.seed, progress=False)
>>> replayed.outcomes == run.summary.outcomes[:2]  # the stored games, played again
True
"""

from __future__ import annotations

import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial

from cardcommons.bots import MonteCarloBot
from cardcommons.errors import SolvedFileError
from cardcommons.game import Outcome
from cardcommons.rates import Comparison, games_needed
from cardcommons.simulate import Summary, simulate
from cardcommons.split_and_choose import SplitAndChoose

__all__ = ["MOST_GAMES", "PILOT_GAMES", "SAMPLES", "SelfPlay", "decide", "play"]

SAMPLES = 300
"""MonteCarloBot's play-outs of each move (the arcade's "steady")."""
PILOT_GAMES, PILOT_SEED, SEED = 1_000, 1, 2
"""The pilot's size and seed, and the decisive run's seed."""
SMALLEST_GAP, MOST_GAMES = 0.02, 20_000
"""The decisive run is sized for the pilot's gap, but not under this gap nor over this many games."""
SEATS = ("the first splitter", "the second splitter")

_LETTERS: dict[Outcome, str] = {"win": "W", "draw": "D", "loss": "L"}
_OUTCOMES: dict[str, Outcome] = {letter: outcome for outcome, letter in _LETTERS.items()}
_OTHER: dict[Outcome, Outcome] = {"win": "loss", "draw": "draw", "loss": "win"}


def play(samples: int, games: int, seed: int, workers: int = 1, progress: bool = True) -> Summary:
    """``games`` seeded games of MonteCarloBot(``samples``) in both seats, seat 0 splitting first."""
    bot = partial(MonteCarloBot, samples, model=None)  # as the stored run was played: not reading the table
    if workers == 1:
        return simulate(SplitAndChoose, [bot, bot], games, seed, progress=progress, rotate=False)
    with ProcessPoolExecutor(workers) as pool:
        return simulate(SplitAndChoose, [bot, bot], games, seed, progress=progress, rotate=False, executor=pool)


@dataclass(frozen=True)
class SelfPlay:
    """A decisive self-play run: its bot, its sizing and every game's outcome for the first splitter."""

    samples: int
    pilot_gap: float
    """How much more often the second splitter won in the pilot."""
    games: int
    seed: int
    outcomes: str
    """The first splitter's outcome of each game: W, D or L."""
    seconds: float

    @property
    def summary(self) -> Summary:
        """The run as the simulator reports it (seat 0: the first splitter)."""
        games = tuple((_OUTCOMES[o], _OTHER[_OUTCOMES[o]]) for o in self.outcomes)
        return Summary(names=SEATS, outcomes=games)

    def verdict(self) -> Comparison:
        """Whether the seats' win rates differ, as a sentence (second splitter first)."""
        return self.summary.compare(1, 0)

    @classmethod
    def stored(cls) -> SelfPlay:
        """The run ``make solve`` stored."""
        from cardcommons.solve.cfr import SOLVED, section

        runs = section("self_play")
        if "full game" not in runs:
            raise SolvedFileError(f"{SOLVED} has no self-play run of the full game: run make solve to write it")
        return cls(**runs["full game"])


def decide(workers: int | None = None, progress: bool = True) -> SelfPlay:
    """The pilot, then the run ``games_needed`` sizes from its gap (``workers``: processes, all cores by default)."""
    workers = (os.cpu_count() or 1) if workers is None else workers
    start = time.perf_counter()
    pilot = play(SAMPLES, PILOT_GAMES, PILOT_SEED, workers, progress)
    gap = pilot.rate(1)[0] - pilot.rate(0)[0]
    games = min(MOST_GAMES, max(PILOT_GAMES, games_needed(max(abs(gap), SMALLEST_GAP))))
    run = play(SAMPLES, games, SEED, workers, progress)
    outcomes = "".join(_LETTERS[game[0]] for game in run.outcomes)
    return SelfPlay(SAMPLES, round(gap, 4), games, SEED, outcomes, round(time.perf_counter() - start, 1))
