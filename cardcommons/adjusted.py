"""Shares of a win, plain and adjusted for luck, with their 95% intervals.

A bot's **share** of a game is 1 for a win, a part of 1 for a shared win or
a draw, 0 for a loss. Its **adjusted share** is the share less the game's
luck terms (:mod:`cardcommons.luck`): the same mean, and where the luck
explains much of the result, a narrower interval from the same games.
:class:`Estimate` is one mean with its interval; :class:`ShareComparison`
sets the gap between two bots' shares beside the gap between their
adjusted shares, and says what each decides and how many games the
adjustment is worth.

>>> plain = estimate("GreedyBot", [1, 0, 1, 1, 0, 1, 0, 1])
>>> print(plain)
GreedyBot: 0.62 [0.27, 0.98] over 8 games
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from cardcommons.errors import SimulationError, shown
from cardcommons.rates import Z95

__all__ = ["Estimate", "ShareComparison", "compare_shares", "estimate"]


@dataclass(frozen=True)
class Estimate:
    """A mean over ``games`` games with its 95% interval ``low``-``high``
    (normal, from the games' spread and, for an adjusted share, the
    baseline's own ``extra`` standard error)."""

    name: str
    mean: float
    low: float
    high: float
    games: int

    def __str__(self) -> str:
        return f"{self.name}: {self.mean:.2f} [{self.low:.2f}, {self.high:.2f}] over {self.games:,} games"


def _spread(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error."""
    n = len(values)
    mean = math.fsum(values) / n
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else math.inf
    return mean, math.sqrt(variance / n)


def estimate(name: str, values: Sequence[float], extra: float = 0.0) -> Estimate:
    """The mean of ``values`` (one per game) with its 95% interval, ``extra``
    (a standard error shared by every game) counted in."""
    if not values:
        raise SimulationError(f"an estimate of {shown(name)} needs at least one game")
    mean, error = _spread(values)
    half = Z95 * math.hypot(error, extra)
    return Estimate(name, mean, mean - half, mean + half, len(values))


@dataclass(frozen=True)
class ShareComparison:
    """Bot ``a``'s share less bot ``b``'s, game by game: ``plain`` (the gap
    of the shares) beside ``adjusted`` (the gap of the adjusted shares), and
    ``ratio``, the plain gap's variance over the adjusted one's: the
    adjustment's interval is as narrow as ``ratio`` times the games would
    make the plain one."""

    a: str
    b: str
    plain: Estimate
    adjusted: Estimate
    ratio: float
    correlation: float = 0.0
    """The luck's correlation with the plain gap, game by game (0 where either never varies)."""
    break_even: float = 0.0
    """The correlation above which subtracting the luck narrows the spread: half the luck's spread over the gap's."""
    shared: float = 0.0
    """The standard error every adjusted game shares (the baselines'): more games do not shrink it."""

    def games_for(self, games: int) -> int | None:
        """The games the adjusted gap needs for the interval ``games`` games
        give the plain one; None if no number of games gives it (the
        baselines' own error, :attr:`shared`, is wider than that interval).

        >>> gap = compare_shares("A", "B", ([1, 0, 1, 1], [0, 1, 0, 0]), ([0.6, 0.5, 0.7, 0.6], [0.4, 0.5, 0.3, 0.4]))
        >>> gap.games_for(1_000), round(gap.correlation, 2)
        (27, 0.99)
        >>> shared = compare_shares("A", "B", gap_shares := ([1, 0, 1, 1], [0, 1, 0, 0]), gap_shares, (0.01, 0.01))
        >>> shared.games_for(4), shared.games_for(1_000), shared.games_for(100_000) is None
        (5, 1667, True)
        """
        if isinstance(games, bool) or not isinstance(games, int) or games < 1:
            raise SimulationError(f"games is a whole number of at least 1, not {shown(games)}")
        plain = _error(self.plain) ** 2 * self.plain.games / games  # the plain gap's variance at ``games``
        room = plain - self.shared**2
        if room <= 0:
            return None
        per_game = (_error(self.adjusted) ** 2 - self.shared**2) * self.adjusted.games  # one adjusted game's variance
        return max(1, math.ceil(per_game / room))

    def saving(self, games: int) -> str:
        """In words, from the numbers: how many of ``games`` plain games the
        adjustment saves for the same interval, or that it saves none, and why."""
        needed = self.games_for(games)
        why = f"the luck it subtracts correlates {self.correlation:.2f} with the result"
        if needed is None:
            return (
                f"Adjusted for luck, no number of games gives the interval {games:,} plain games give: the average "
                f"deal's own error (a standard error of {self.shared:.3f}, shared by every game) is wider than it, "
                f"though {why}. Here the plain gap is the one to read, or the average deal measured more closely."
            )
        if needed < games:
            return (
                f"Adjusted for luck, about {needed:,} games give the interval {games:,} plain games give: "
                f"{games - needed:,} games saved ({1 - needed / games:.0%}), because {why}."
            )
        if self.correlation > self.break_even:
            why += f", above the {self.break_even:.2f} it must pass, but the average deal's own error outweighs it"
        else:
            why += f", under the {self.break_even:.2f} it must pass to remove more spread than it adds"
        return (
            f"Adjusted for luck, the interval is no narrower: about {needed:,} games for the interval {games:,} "
            f"plain games give, no game saved, because {why}. Here the plain gap is the one to read."
        )

    def __str__(self) -> str:
        return (
            f"{self.a} against {self.b}, share gap {_gap(self.plain)}; adjusted for luck, {_gap(self.adjusted)}. "
            f"{_worth(self.ratio)}"
        )

    def _repr_markdown_(self) -> str:
        return str(self)

    def __repr__(self) -> str:
        gap, adjusted = self.plain, self.adjusted
        return (
            f"ShareComparison({self.a!r}, {self.b!r}, gap {gap.mean:+.4f} [{gap.low:+.4f}, {gap.high:+.4f}], "
            f"adjusted {adjusted.mean:+.4f} [{adjusted.low:+.4f}, {adjusted.high:+.4f}], ratio {self.ratio:.2f})"
        )


def _error(estimate: Estimate) -> float:
    """The standard error behind ``estimate``'s 95% interval."""
    return (estimate.high - estimate.low) / (2 * Z95)


def _gap(gap: Estimate) -> str:
    decided = gap.low > 0 or gap.high < 0
    verdict = "decided" if decided else "not decided"
    return f"{gap.mean:+.3f} [{gap.low:+.3f}, {gap.high:+.3f}] ({verdict})"


def _worth(ratio: float) -> str:
    if ratio > 1:
        return f"The adjustment narrows the interval as much as {ratio:.1f} times the games would."
    return f"The adjustment widens the interval here: it is worth {ratio:.2f} times the games (use the plain gap)."


def compare_shares(
    a: str,
    b: str,
    shares: tuple[Sequence[float], Sequence[float]],
    adjusted: tuple[Sequence[float], Sequence[float]],
    baseline_errors: tuple[float, float] = (0.0, 0.0),
) -> ShareComparison:
    """Compare two bots' shares of the same games, plain and adjusted (one
    value per game each); ``baseline_errors``: each adjusted share's baseline's
    standard error (counted in full, as if they erred the same way).

    >>> print(compare_shares("A", "B", ([1, 0, 1, 1], [0, 1, 0, 0]), ([0.6, 0.5, 0.7, 0.6], [0.4, 0.5, 0.3, 0.4])))
    ... # doctest: +NORMALIZE_WHITESPACE
    A against B, share gap +0.500 [-0.480, +1.480] (not decided); adjusted for luck, +0.200 [+0.040, +0.360] (decided).
    The adjustment narrows the interval as much as 37.5 times the games would.
    """
    counts = {len(shares[0]), len(shares[1]), len(adjusted[0]), len(adjusted[1])}
    if len(counts) != 1:
        raise SimulationError(f"compare_shares(): the shares and adjusted shares of {a} and {b} differ in length")
    plain_gaps = [x - y for x, y in zip(*shares, strict=True)]
    adjusted_gaps = [x - y for x, y in zip(*adjusted, strict=True)]
    plain = estimate(f"{a} - {b}", plain_gaps)
    adjusted_gap = estimate(f"{a} - {b}, adjusted", adjusted_gaps, sum(baseline_errors))
    ratio = ((plain.high - plain.low) / (adjusted_gap.high - adjusted_gap.low)) ** 2 if plain.high > plain.low else 1.0
    luck = [x - y for x, y in zip(plain_gaps, adjusted_gaps, strict=True)]
    varies = len(set(plain_gaps)) > 1 and len(set(luck)) > 1
    correlation = statistics.correlation(plain_gaps, luck) if varies else 0.0
    break_even = statistics.stdev(luck) / statistics.stdev(plain_gaps) / 2 if varies else 0.0
    return ShareComparison(a, b, plain, adjusted_gap, ratio, correlation, break_even, sum(baseline_errors))
