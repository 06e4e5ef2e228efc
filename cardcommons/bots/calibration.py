"""Does the coach's number come true? Calibration, measured against games.

A **probe** is one game in which every seat plays the game's rule-of-thumb
bot (or another opponent), except that at one decision of seat 0, chosen at
random among its decisions of one kind (a **situation**), seat 0 asks the
:func:`~cardcommons.bots.coach` and plays its first choice, then goes on by
rule of thumb, as the coach's play-outs assume. If the coach's model of the
table is true, its stated share for that move is seat 0's expected share
of the game; over many probes, the mean stated share and the mean outcome
agree. Their **gap** (stated minus outcome, a mean of paired differences)
and its 95% interval say how far the coach's numbers are from coming true.

>>> found = calibrate("whisky-2-knock", probes=3, seed=1, samples=100)
>>> found.probes, 0 <= found.stated <= 1 and 0 <= found.outcome <= 1
(3, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardcommons.bots.coach import MonteCarloBot, coach, rule_of_thumb
from cardcommons.bots.seating import tell_the_table
from cardcommons.bots.worlds import RULE_OF_THUMB, TableModel
from cardcommons.errors import RulesError, shown
from cardcommons.game import Bot, Game
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

__all__ = ["SITUATIONS", "Calibration", "Probe", "calibrate", "probe", "run_probes", "summarise"]


@dataclass(frozen=True)
class Situation:
    """A kind of decision of seat 0: in which game, and how to tell one."""

    title: str
    game: Callable[[int], Game]
    """The game of probe ``n`` (its seed and seating rotate with ``n``)."""
    fits: Callable[[Game], bool]
    """Whether seat 0's decision now is of this kind."""


def _whisky(players: int) -> Callable[[int], Game]:
    return lambda n: WhiskyPoker(players, dealer=n % players, seed=n)


def _whisky_phase(phase: int, knocked: bool) -> Callable[[Game], bool]:
    def fits(game: Game) -> bool:
        assert isinstance(game, WhiskyPoker)
        return game.phase == phase and (game.knocker is not None) == knocked

    return fits


def _split_and_choose(n: int) -> Game:
    return SplitAndChoose(seed=n, first_splitter=n % 2)


def _phase(name: str) -> Callable[[Game], bool]:
    return lambda game: isinstance(game, SplitAndChoose) and game.phase == name


SITUATIONS: dict[str, Situation] = {
    **{
        f"whisky-{n}-{kind}": Situation(f"Whisky, {n} players, {words}", _whisky(n), fits)
        for n in (2, 4, 9)
        for kind, words, fits in (
            ("phase1", "phase 1", _whisky_phase(1, False)),
            ("phase2", "phase 2", _whisky_phase(2, False)),
            ("knock", "after a knock", _whisky_phase(2, True)),
        )
    },
    **{
        f"split-{name}": Situation(f"Split and Choose, {words}", _split_and_choose, _phase(name))
        for name, words in (
            ("split", "the split"),
            ("choose", "the choice"),
            ("reserve", "the reserve"),
            ("build", "the build"),
        )
    },
}
"""The situations probed, by name: Whisky Poker at 2, 4 and 9 players (phase 1,
phase 2 before any knock, after a knock) and Split and Choose's four phases."""


@dataclass(frozen=True)
class Probe:
    """One probe: the coach's stated share for its first choice, and seat 0's share of the game."""

    stated: float
    outcome: float


def probe(
    situation: str,
    n: int,
    samples: int | None = None,
    model: TableModel | None = RULE_OF_THUMB,
    opponents: Callable[[Game, int], Bot] = rule_of_thumb,
    seated: bool = False,
) -> Probe | None:
    """Probe ``n`` of ``situation`` (None if seat 0 never met that kind of
    decision in this game): the coach (``samples``, ``model``) at one of seat
    0's decisions of that kind, drawn at random, the other seats played by
    ``opponents(game, seed)``; ``seated``: the coach is told who sits where
    (its ``table``), else it reads every other seat by ``model``.

    >>> found = probe("split-split", 3, samples=100)
    >>> 0 <= found.stated <= 1 and found.outcome in (0.0, 0.5, 1.0)
    True
    """
    if situation not in SITUATIONS:
        raise RulesError(f"no situation named {shown(situation)}; the situations are {', '.join(SITUATIONS)}")
    kind = SITUATIONS[situation]
    first = kind.game(n)
    bots = _seats(first, n, opponents)
    moments = []
    moves = 0
    while not first.is_over:
        seat = first.current_player
        assert seat is not None
        if seat == 0 and kind.fits(first):
            moments.append(moves)
        first.apply(bots[seat].act(first.observation(seat), first.legal_actions()))
        moves += 1
    if not moments:
        return None
    chosen = random.Random(n).choice(moments)
    game = kind.game(n)
    bots = _seats(game, n, opponents)
    for _ in range(chosen):
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    view, legal = game.observation(0), game.legal_actions()
    table = [None, *bots[1:]] if seated else None
    advice = coach(view, legal, samples=samples, seed=n, model=model, table=table)
    game.apply(advice[0].action)
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    assert game.result is not None
    return Probe(advice[0].share, game.result.share(0, game.players))


def _seats(game: Game, n: int, opponents: Callable[[Game, int], Bot]) -> list[Bot]:
    """Seat 0's rule-of-thumb bot and the opponents, seeded from the probe's number; the
    opponents that play knowing who sits where are told the table as the arcade tells them
    (seat 0 a person they read)."""
    others = [opponents(game, n * 16 + s) for s in range(1, game.players)]
    tell_the_table([None, *others])
    return [rule_of_thumb(game, n * 16), *others]


@dataclass(frozen=True)
class Calibration:
    """A situation's probes summed up: the mean stated share, the mean
    outcome, their gap (stated minus outcome) and the gap's 95% half-width."""

    situation: str
    probes: int
    stated: float
    outcome: float
    gap: float
    half_width: float

    @property
    def surely_off(self) -> float:
        """How far the gap is surely from 0 (|gap| less its half-width), 0 if its interval holds 0."""
        return max(0.0, abs(self.gap) - self.half_width)

    @property
    def gap_text(self) -> str:
        """The gap in points with its half-width: "+4 ± 3"."""
        return f"{self.gap * 100:+.0f} ± {self.half_width * 100:.0f}"

    def __str__(self) -> str:
        return (
            f"{SITUATIONS[self.situation].title}: says {self.stated:.2f}, comes true {self.outcome:.2f}, "
            f"gap {self.gap_text} points ({self.probes} probes)"
        )


def summarise(situation: str, found: Sequence[Probe]) -> Calibration:
    """The :class:`Calibration` of ``found`` probes of ``situation``.

    The gap's spread is the larger of the probes' own spread and the spread
    true statements would give: an outcome whose expected share is ``s`` has a
    variance of up to ``s(1 - s)``. Where seat 0 rarely wins, a few dozen probes may
    show almost no wins, and their own spread alone would claim a certainty
    they do not have.

    >>> print(summarise("whisky-9-phase1", [Probe(0.1, 0.0)] * 20))
    Whisky, 9 players, phase 1: says 0.10, comes true 0.00, gap +10 ± 13 points (20 probes)
    """
    n = len(found)
    if n < 2:
        raise RulesError(f"a calibration needs at least 2 probes, not {n}")
    gaps = [p.stated - p.outcome for p in found]
    mean = sum(gaps) / n
    observed = sum((g - mean) ** 2 for g in gaps) / (n - 1)
    if_true = sum(p.stated * (1 - p.stated) for p in found) / n
    spread = math.sqrt(max(observed, if_true))
    return Calibration(
        situation,
        n,
        sum(p.stated for p in found) / n,
        sum(p.outcome for p in found) / n,
        mean,
        1.959963984540054 * spread / math.sqrt(n),
    )


def run_probes(
    situation: str,
    count: int,
    seed: int = 0,
    samples: int | None = None,
    model: TableModel | None = RULE_OF_THUMB,
    opponents: Callable[[Game, int], Bot] = rule_of_thumb,
    seated: bool = False,
) -> list[Probe]:
    """``count`` probes of ``situation`` (games where it never comes up are
    skipped), numbered from ``seed``: the material of a reliability diagram.

    >>> [0 <= p.stated <= 1 for p in run_probes("whisky-2-phase1", 2, samples=50)]
    [True, True]
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the probes' first number (seed) is an int, not {shown(seed)}")
    found: list[Probe] = []
    n = seed
    while len(found) < count:
        result = probe(situation, n, samples, model, opponents, seated)
        if result is not None:
            found.append(result)
        n += 1
    return found


def calibrate(
    situation: str,
    probes: int,
    seed: int = 0,
    samples: int | None = None,
    model: TableModel | None = RULE_OF_THUMB,
    opponents: Callable[[Game, int], Bot] = rule_of_thumb,
    seated: bool = False,
) -> Calibration:
    """``probes`` probes of ``situation`` (see :func:`run_probes`), summed up."""
    return summarise(situation, run_probes(situation, probes, seed, samples, model, opponents, seated))


def monte_carlo_opponents(samples: int) -> Callable[[Game, int], Bot]:
    """Opponents that are MonteCarloBots of ``samples`` play-outs a move."""
    return lambda game, seed: MonteCarloBot(samples, seed=seed)
