"""Measured rates, their 95% intervals, and the sentence that compares two of them.

A lab that compares two rates should say what its numbers decide and no
more. :func:`compare` writes that sentence from the numbers: either one rate
is higher, or the two cannot be told apart at this many games, and then how
big a gap could still hide between them. Either way it prints the gap and
its 95% interval, and a finding whose interval clears 0 by less than a point
(0.01) says it is fragile. :func:`games_needed` says, before a run, how many
games it takes to see a gap of a given size.

>>> a = Rate.counted("HeuristicBot", 550, 1000)
>>> b = Rate.counted("RandomBot", 480, 1000)
>>> print(compare(a, b))
HeuristicBot wins more often: gap +0.07 [+0.03, +0.11] (0.55 [0.52, 0.58] against 0.48 [0.45, 0.51]).
>>> print(compare(a, Rate.counted("GreedyBot", 530, 1000)))
HeuristicBot and GreedyBot cannot be told apart at 1,000 games each: gap +0.02 [-0.02, +0.06], so any gap is
under 0.07 (0.55 [0.52, 0.58] against 0.53 [0.50, 0.56]).
>>> games_needed(0.05)
3132
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from statistics import NormalDist

import numpy as np

from cardcommons.errors import SimulationError, shown

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); with no
    trials yet, every proportion is possible.

    >>> [round(x, 4) for x in wilson_interval(50, 100)]
    [0.4038, 0.5962]
    >>> wilson_interval(0, 10)[0], wilson_interval(0, 0)
    (0.0, (0.0, 1.0))
    >>> wilson_interval(11, 10)
    Traceback (most recent call last):
    ...
    cardcommons.errors.SimulationError: wilson_interval needs 0 <= successes <= trials, not 11 of 10
    """
    if not 0 <= successes <= trials:
        raise SimulationError(f"wilson_interval needs 0 <= successes <= trials, not {successes} of {trials}")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    # all or none: the bound at 0 or 1 is exact (rounding would leave the observed rate outside)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def clopper_pearson_interval(successes: int, trials: int) -> tuple[float, float]:
    """The exact (Clopper-Pearson) 95% interval for a proportion: the
    proportions under which a count this far out is at least 2.5% likely on
    its side. Wider than Wilson's; it never holds the truth less than 95 times
    in 100, however few the trials.

    >>> [round(x, 4) for x in clopper_pearson_interval(2, 2)]
    [0.1581, 1.0]
    >>> clopper_pearson_interval(0, 0)
    (0.0, 1.0)
    """
    if not 0 <= successes <= trials:
        raise SimulationError(f"clopper_pearson_interval needs 0 <= successes <= trials, not {successes} of {trials}")
    from scipy.special import betaincinv  # here, not at the top: scipy.special takes a while to import

    alpha = 1 - 0.95
    low = 0.0 if successes == 0 else float(betaincinv(successes, trials - successes + 1, alpha / 2))
    high = 1.0 if successes == trials else float(betaincinv(successes + 1, trials - successes, 1 - alpha / 2))
    return (low, high)


@dataclass(frozen=True, repr=False)
class Rate:
    """How often something happened, trial by trial (``happened[i]`` for
    trial ``i``), with its 95% Wilson interval. ``verb`` says what happened,
    for the sentences (``"wins"``).

    Two rates with the same ``source`` (one object, not None: the summary of
    a match, say) were measured on the same trials, such as two seats of one
    match: :func:`compare` then compares them trial by trial. :meth:`cardcommons.simulate.Summary.measure` makes
    such rates; :meth:`counted` makes one from a count alone.

    >>> rate = Rate("seat 0", [True, False, True, True])
    >>> rate.hits, rate.trials, str(rate)
    (3, 4, '0.75 [0.30, 0.95]')
    >>> rate
    Rate('seat 0', 3 of 4)
    """

    name: str
    happened: tuple[bool, ...]
    source: object = field(default=None, compare=False)
    verb: str = "wins"

    def __init__(self, name: str, happened: Iterable[bool], source: object = None, verb: str = "wins") -> None:
        if not isinstance(name, str) or not name.strip():
            raise SimulationError(f"Rate: name must be a non-empty str, not {shown(name)}")
        if isinstance(happened, str | bytes) or not isinstance(happened, Iterable):
            raise SimulationError(
                f"Rate {shown(name)}: happened must be True or False per trial, not {shown(happened)}"
            )
        trials = tuple(happened)
        wrong = next((x for x in trials if not isinstance(x, bool | np.bool_)), None)
        if wrong is not None:
            raise SimulationError(f"Rate {shown(name)}: each trial must be True or False, not {shown(wrong)}")
        if not trials:
            raise SimulationError(f"Rate {shown(name)}: a rate needs at least one trial")
        if not isinstance(verb, str) or not verb.strip():
            raise SimulationError(f"Rate {shown(name)}: verb must be a non-empty str, not {shown(verb)}")
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "happened", tuple(bool(x) for x in trials))
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "verb", verb)

    @classmethod
    def counted(cls, name: str, hits: int, trials: int, verb: str = "wins") -> Rate:
        """A rate known only by its count: ``hits`` of ``trials`` (never paired with another).

        >>> Rate.counted("blind swap", 3, 10)
        Rate('blind swap', 3 of 10)
        """
        for what, value in (("hits", hits), ("trials", trials)):
            if isinstance(value, bool) or not isinstance(value, int | np.integer):
                raise SimulationError(f"Rate.counted: {what} must be an int, not {shown(value)}")
        if not 0 <= hits <= trials:
            raise SimulationError(f"Rate.counted: needs 0 <= hits <= trials, not {hits} of {trials}")
        return cls(name, [True] * int(hits) + [False] * (int(trials) - int(hits)), verb=verb)

    @property
    def hits(self) -> int:
        return sum(self.happened)

    @property
    def trials(self) -> int:
        return len(self.happened)

    @property
    def rate(self) -> float:
        return self.hits / self.trials

    @property
    def interval(self) -> tuple[float, float, float]:
        """``(rate, low, high)``, as :func:`cardcommons.plots.plot_rates` takes it."""
        return (self.rate, *wilson_interval(self.hits, self.trials))

    def format(self, digits: int | None = None) -> str:
        """``"0.55 [0.52, 0.58]"``: enough digits to show the interval's width, at least two."""
        rate, low, high = self.interval
        places = _places(high - low) if digits is None else digits
        return f"{rate:.{places}f} [{low:.{places}f}, {high:.{places}f}]"

    def __str__(self) -> str:
        return self.format()

    def __repr__(self) -> str:
        return f"Rate({self.name!r}, {self.hits} of {self.trials})"


def _signed(value: float, places: int) -> str:
    """``value`` with its sign, to ``places`` decimals, or to as many more (up to
    four) as it takes not to print a nonzero end of an interval as 0.

    >>> _signed(0.0412, 2), _signed(-0.0031, 2), _signed(0.0, 2)
    ('+0.04', '-0.003', '+0.00')
    """
    while places < 4 and value and round(abs(value), places) == 0:
        places += 1
    return f"{value:+.{places}f}"


def _places(width: float) -> int:
    """Decimal places that show an interval of this width: two, or more for a narrow one (at most four)."""
    half = width / 2
    return 2 if half <= 0 else min(4, max(2, -math.floor(math.log10(half))))


FRAGILE = 0.01
"""A decided gap whose interval clears 0 by less than this (a point) is fragile."""


@dataclass(frozen=True, repr=False)
class Comparison:
    """Two rates and the 95% interval of their gap ``a.rate - b.rate``. The
    gap is decided when the interval leaves 0 out, and fragile when it leaves
    it out by less than :data:`FRAGILE`. ``paired``: measured on the same
    trials and compared trial by trial. Renders as the sentence that states
    the conclusion with the gap and its interval (``str``, and Markdown in a
    notebook)."""

    a: Rate
    b: Rate
    low: float
    high: float
    paired: bool

    @property
    def gap(self) -> float:
        return self.a.rate - self.b.rate

    @property
    def decided(self) -> bool:
        return self.low > 0 or self.high < 0

    @property
    def fragile(self) -> bool:
        """Decided, but by an interval whose nearer end lies within a point (0.01) of 0."""
        return self.decided and min(abs(self.low), abs(self.high)) < FRAGILE

    @property
    def higher(self) -> Rate | None:
        """The rate that is higher, when the gap is decided."""
        return None if not self.decided else self.a if self.low > 0 else self.b

    @property
    def bound(self) -> float:
        """The largest gap, either way, that the interval allows."""
        return max(-self.low, self.high)

    def _parts(self, name: str = "{}") -> tuple[str, str]:
        """The verdict (its first letter capital) and the rest of the sentence; ``name`` formats each name."""
        places = max(_places(r.interval[2] - r.interval[1]) for r in (self.a, self.b))
        first = self.higher or self.a
        second = self.b if first is self.a else self.a
        named = name.format(first.name[:1].upper() + first.name[1:]), name.format(second.name)
        sign = 1 if first is self.a else -1
        ends = sorted((sign * self.low, sign * self.high))
        digits = places + self.fragile  # a fragile end shows how near 0 it is
        gap = f"gap {sign * self.gap:+.{places}f} [{_signed(ends[0], digits)}, {_signed(ends[1], digits)}]"
        rates = f"({first.format(places)} against {second.format(places)})"
        if self.fragile:
            return (
                f"{named[0]} {self.a.verb} more often, but only just",
                f": {gap} clears 0 by less than a point, a fragile finding {rates}.",
            )
        if self.higher is not None:
            return f"{named[0]} {self.a.verb} more often", f": {gap} {rates}."
        if self.paired:
            size = f"{self.a.trials:,} games"
        elif self.a.trials == self.b.trials:
            size = f"{self.a.trials:,} games each"
        else:
            size = f"{self.a.trials:,} and {self.b.trials:,} games"
        under = (math.floor(self.bound * 10**places + 1e-9) + 1) / 10**places
        limit = f"any gap is under {under:.{places}f}" if under <= 1 else "the gap could be of any size"
        return (
            f"{named[0]} and {named[1]} cannot be told apart",
            f" at {size}: {gap}, so {limit} {rates}.",
        )

    def __str__(self) -> str:
        return "".join(self._parts())

    def _repr_markdown_(self) -> str:
        verdict, rest = self._parts("\0{}\1")  # mark the names, to escape only them
        return re.sub("\0(.*?)\1", lambda m: _markdown_escape(m.group(1)), f"**{verdict}**{rest}", flags=re.S)

    def __repr__(self) -> str:
        return f"Comparison({self.a!r}, {self.b!r}, gap {self.gap:+.4f} [{self.low:+.4f}, {self.high:+.4f}])"


def _markdown_escape(text: str) -> str:
    """Text that Markdown shows as written: no HTML, no emphasis, no links."""
    return re.sub(r"([\\`*_{}\[\]()#+!|~>-])", r"\\\1", html.escape(text, quote=False))


def compare(a: Rate, b: Rate) -> Comparison:
    """Whether ``a`` and ``b`` differ, with 95% confidence, as a sentence that
    prints the gap ``a - b`` and its interval.

    Two rates of the same trials (the same ``source``: two seats of one match,
    say) are compared trial by trial: their outcomes are linked (in a
    two-player game one seat's win is the other's loss), and treating them as
    independent would misstate the gap's interval. That is also why a paired
    gap can be decided while the two rates' own intervals overlap: the gap's
    interval is built from the games one seat won and the other lost, not
    from the two rates' spreads added up. Other rates are compared as two
    independent samples.

    The method: the reported interval spans two 95% intervals of the gap,
    so a gap is decided only when both leave 0 out.

    - Newcombe's hybrid score interval (1998), built from each rate's Wilson
      interval (with the correlation of the pairs when paired). It is close
      to the normal interval at many games and stays inside [-1, 1].
    - An exact one, for the few games where a normal approximation does not
      hold. Paired: the exact conditional interval of the games that only one
      of the two won (it leaves 0 out exactly when the exact sign test,
      McNemar's, gives p < 0.05). Independent: Newcombe's interval built from
      each rate's exact Clopper-Pearson interval instead.

    So two seats that split 2 games 2-0 are not told apart (the exact test
    gives p = 0.5), and with no real difference a finding is claimed at most
    about 5 times in 100 at any number of games.

    >>> match = object()  # what both rates were counted on: the same 100 games
    >>> seat0 = Rate("seat 0", [True] * 45 + [False] * 55, source=match)
    >>> seat1 = Rate("seat 1", [False] * 45 + [True] * 55, source=match)
    >>> print(compare(seat1, seat0))
    Seat 1 and seat 0 cannot be told apart at 100 games: gap +0.10 [-0.11, +0.30], so any gap is under 0.30
    (0.55 [0.45, 0.64] against 0.45 [0.36, 0.55]).
    >>> comparison = compare(seat1, seat0)
    >>> comparison.paired, comparison.decided, round(comparison.gap, 2)
    (True, False, 0.1)
    >>> two = object()
    >>> print(compare(Rate("seat 0", [True, True], source=two), Rate("seat 1", [False, False], source=two)))
    Seat 0 and seat 1 cannot be told apart at 2 games: gap +1.00 [-0.68, +1.00], so the gap could be of any
    size (1.00 [0.34, 1.00] against 0.00 [0.00, 0.66]).
    """
    for what, rate in (("a", a), ("b", b)):
        if not isinstance(rate, Rate):
            raise SimulationError(f"compare(): {what} must be a Rate, not {shown(rate)}")
    if a.verb != b.verb:
        raise SimulationError(
            f"compare(): {shown(a.name)} {a.verb} but {shown(b.name)} {b.verb}: compare like with like"
        )
    paired = a.source is not None and a.source is b.source
    if paired and a.trials != b.trials:
        raise SimulationError(
            f"compare(): {shown(a.name)} and {shown(b.name)} share a source but have {a.trials} and {b.trials} trials"
        )
    low, high = _gap_interval(a, b, paired)
    return Comparison(a, b, low, high, paired)


def _gap_interval(a: Rate, b: Rate, paired: bool) -> tuple[float, float]:
    """The 95% interval of ``a.rate - b.rate`` that :func:`compare` reports: the
    span of Newcombe's hybrid score interval and of an exact one (see there)."""
    wilson = _newcombe(a, b, _phi(a, b) if paired else 0.0, wilson_interval)
    exact = _paired_exact(a, b) if paired else _newcombe(a, b, 0.0, clopper_pearson_interval)
    return (min(wilson[0], exact[0]), max(wilson[1], exact[1]))


def _phi(a: Rate, b: Rate) -> float:
    """The correlation of two rates' outcomes, trial by trial (0 when one of them never varies)."""
    both = sum(x and y for x, y in zip(a.happened, b.happened, strict=True))
    only_a, only_b = a.hits - both, b.hits - both
    neither = a.trials - both - only_a - only_b
    margins = a.hits * (a.trials - a.hits) * b.hits * (b.trials - b.hits)
    return (both * neither - only_a * only_b) / math.sqrt(margins) if margins else 0.0


def _newcombe(a: Rate, b: Rate, phi: float, limits: Callable[[int, int], tuple[float, float]]) -> tuple[float, float]:
    """Newcombe's hybrid interval for ``a.rate - b.rate`` (1998: method 10 for
    independent rates; for paired ones, with the correlation ``phi`` of the
    pairs), built from each rate's own interval, as ``limits`` gives it."""
    p1, p2 = a.rate, b.rate
    l1, u1 = limits(a.hits, a.trials)
    l2, u2 = limits(b.hits, b.trials)
    below = math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    above = math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    gap = p1 - p2
    return (max(-1.0, gap - below), min(1.0, gap + above))


def _paired_exact(a: Rate, b: Rate) -> tuple[float, float]:
    """The exact conditional interval of a paired gap: of the trials where
    exactly one of the two happened, the share ``q`` that were ``a``'s has an
    exact (Clopper-Pearson) interval, and the gap is ``(2q - 1)`` times the
    share of such trials. It leaves 0 out exactly when the exact sign test
    (McNemar's, exact) gives p < 0.05."""
    only_a = sum(x and not y for x, y in zip(a.happened, b.happened, strict=True))
    split = only_a + sum(y and not x for x, y in zip(a.happened, b.happened, strict=True))
    if split == 0:
        return (0.0, 0.0)
    low, high = clopper_pearson_interval(only_a, split)
    share = split / a.trials
    return (share * (2 * low - 1), share * (2 * high - 1))


def games_needed(gap: float, rate: float = 0.5, *, paired: bool = True, power: float = 0.8) -> int:
    """How many games a comparison needs to see a true gap of ``gap`` between
    two rates near ``rate``: with that many, the 95% interval of the gap
    leaves 0 out with probability ``power``.

    It is the interval-width law: a gap's interval narrows like one over the
    square root of the games, so half the gap takes four times the games.
    ``paired`` (the default): two rates of the same games that cannot both
    happen in one game, such as two players' wins in one match. Otherwise two
    separate runs, each of that many games. ``power=0.5`` asks only for an
    interval as narrow as the gap (half the runs would still miss it).

    >>> games_needed(0.1), games_needed(0.05), games_needed(0.05, power=0.5)
    (778, 3132, 1533)
    >>> games_needed(0.05, paired=False), games_needed(0.05, 0.25, paired=False)
    (1566, 1174)
    """
    for what, value in (("gap", gap), ("rate", rate), ("power", power)):
        if isinstance(value, bool) or not isinstance(value, int | float | np.integer | np.floating):
            raise SimulationError(f"games_needed(): {what} must be a number, not {shown(value)}")
    if not 0 < gap <= 1:
        raise SimulationError(f"games_needed(): gap must be above 0 and at most 1, not {shown(gap)}")
    if not 0.5 <= power < 1:
        raise SimulationError(f"games_needed(): power must be at least 0.5 and below 1, not {shown(power)}")
    a, b = rate + gap / 2, rate - gap / 2
    if not (b >= 0 and a <= 1) or (paired and a + b > 1):
        room = "two rates that cannot both happen add up to at most 1" if paired else "rates lie in [0, 1]"
        raise SimulationError(f"games_needed(): no rates {a:g} and {b:g} around rate={shown(rate)}: {room}")
    # the variance of one game's contribution to the gap
    spread = a + b - gap * gap if paired else a * (1 - a) + b * (1 - b)
    z = Z95 + NormalDist().inv_cdf(power)
    return max(1, math.ceil(spread * (z / gap) ** 2 - 1e-9))
