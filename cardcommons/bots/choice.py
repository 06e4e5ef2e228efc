"""How the rule-of-thumb bots choose, written once for one game or for many.

A bot's rule is written over **numbers or arrays of them**: the same code
decides one move of one game (Python ints and floats, fast in a loop) or the
same move in thousands of play-outs at once (numpy arrays). The few
operations that differ between the two are passed in as ``xp``:
:data:`ONE` for one game, :data:`MANY` for arrays.

Ties between equally good moves are broken by a **seeded draw per
decision**: a bot's ``n``-th decision draws ``draw(seed, n)``, a 64-bit
number mixed from the bot's seed and ``n`` (SplitMix64), and takes tied move
number ``draw % ties`` in the order the bot lists its moves. Both paths
compute the same draw, so a batch of play-outs plays exactly the moves the
bots would play one game at a time.

>>> best(ONE, [0.5, 0.75, 0.75], lambda: draw(seed_of(1), 0))
2
>>> import numpy as np
>>> scores = [np.array([0.5, 0.9]), np.array([0.75, 0.1]), np.array([0.75, 0.2])]
>>> best(MANY, scores, lambda: draw(np.array([seed_of(1), seed_of(2)], dtype=np.uint64), 0)).tolist()
[2, 0]
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Observation

__all__ = [
    "MANY",
    "ONE",
    "TOLERANCE",
    "Ops",
    "RuleBot",
    "best",
    "best_in_table",
    "checked_legal",
    "draw",
    "legal_sequence",
    "seed_of",
]

TOLERANCE = 1e-12
"""Scores this close to the best count as equal."""
_MASK = (1 << 64) - 1

Num = Any
"""A number (one game) or a numpy array of numbers (many play-outs)."""


def seed_of(seed: object) -> int:
    """A bot's seed as a 64-bit number: an int is taken modulo 2**64, None
    draws a fresh one from the operating system.

    >>> seed_of(-1) == 2**64 - 1, seed_of(5)
    (True, 5)
    >>> seed_of("abc")
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: a seed is an int or None, not 'abc'
    """
    if seed is None:
        return secrets.randbits(64)
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise RulesError(f"a seed is an int or None, not {seed!r}")
    return int(seed) & _MASK


def draw(seed: Num, decision: int) -> Num:
    """The 64-bit draw of a bot's ``decision``-th decision (counting from 0),
    for one seed (an int below 2**64) or an array of them (uint64).

    >>> draw(7, 0) == draw(7, 0) != draw(7, 1)
    True
    """
    z = (seed + (((decision + 1) * 0x9E3779B97F4A7C15) & _MASK)) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Ops:
    """The operations a rule needs that differ between one game and many.
    A "table" of scores is the list itself for one game, and for many an
    array with a row per game and a column per move."""

    def __init__(
        self,
        where: Callable[[Num, Num, Num], Num],
        maximum: Callable[[Num, Num], Num],
        any: Callable[[Num], bool],
        table: Callable[[Sequence[Num]], Num],
        tied: Callable[[Num], Num],
        count: Callable[[Num], Num],
        kth: Callable[[Num, Num, Callable[[], Num]], Num],
        each: Callable[[Callable[[Num], Num], Sequence[int]], list[Num]],
        once: Callable[[Callable[..., list[Num]], Sequence[Num]], list[Num]],
    ) -> None:
        self.where = where
        """``where(condition, a, b)``: ``a`` where the condition holds, else ``b``."""
        self.maximum = maximum
        self.any = any
        """``any(x)``: whether some game has ``x`` true (not zero); a rule skips work that adds nothing anywhere."""
        self.table = table
        """``table(scores)``: the scores of the moves as one table."""
        self.tied = tied
        """``tied(table)``: for each move, whether its score is the best (within :data:`TOLERANCE`)."""
        self.count = count
        """``count(tied)``: how many moves are tied."""
        self.kth = kth
        """``kth(tied, count, draw)``: the move of the tied moves that the draw picks
        (number ``draw % count`` of them, in order); the draw is made only if needed."""
        self.each = each
        """``each(f, items)``: ``[f(item) for item in items]``, for many games in one call of ``f`` (given the items
        as a column, ``f`` broadcasts them against its games' numbers: it reads them only elementwise)."""
        self.once = once
        """``once(f, keys)``: ``f(*keys)``, for many games computed once for each distinct row of the ``keys``
        (whole numbers from 0; ``f`` reads them only elementwise, so the games that share a row share a result)."""


def _one_where(condition: object, a: Num, b: Num) -> Num:
    return a if condition else b


def _one_tied(scores: list[Num]) -> list[bool]:
    top = max(scores)
    return [score >= top - TOLERANCE for score in scores]


def _one_kth(tied: list[bool], count: int, make_draw: Callable[[], int]) -> int:
    k = 0 if count == 1 else int(make_draw() % count)
    return [i for i, t in enumerate(tied) if t][k]


def _many_tied(table: Num) -> Num:
    top = table.max(axis=1, keepdims=True)
    return table >= (top if table.dtype.kind in "iu" else top - TOLERANCE)  # whole numbers tie only when equal


def _many_kth(tied: Num, count: Num, make_draw: Callable[[], Num]) -> Num:
    choice = np.argmax(tied, axis=1)  # the first tied move: the only one, in most games
    several = np.flatnonzero(count > 1)
    if len(several):
        k = make_draw()[several] % count[several].astype(np.uint64)
        ranks = np.cumsum(tied[several], axis=1, dtype=np.int8)
        choice[several] = np.argmax(ranks > k.astype(np.int8)[:, None], axis=1)
    return choice


def _one_each(f: Callable[[Num], Num], items: Sequence[int]) -> list[Num]:
    return [f(item) for item in items]


def _one_once(f: Callable[..., list[Num]], keys: Sequence[Num]) -> list[Num]:
    return f(*keys)


def _many_once(f: Callable[..., list[Num]], keys: Sequence[Num]) -> list[Num]:
    columns = np.broadcast_arrays(*keys)
    tops = [int(column.max(initial=0)) + 1 for column in columns]
    if any(int(column.min(initial=0)) < 0 for column in columns) or np.prod(tops, dtype=object) >= 2**63:
        return f(*keys)  # rows that do not fit one whole number: every one computed
    row = columns[0].astype(np.int64)
    for column, top in zip(columns[1:], tops[1:], strict=True):
        row = row * top + column
    _, first, inverse = np.unique(row, return_index=True, return_inverse=True)
    if len(first) == len(row):
        return f(*keys)
    found = f(*(column[first] for column in columns))
    return [np.broadcast_to(result, len(first))[inverse.reshape(-1)] for result in found]


def _many_any(x: Num) -> bool:
    return bool(x.any()) if isinstance(x, np.ndarray) else bool(x)


def _many_each(f: Callable[[Num], Num], items: Sequence[int]) -> list[Num]:
    return list(f(np.array(items, dtype=np.int64)[:, None]))


ONE = Ops(_one_where, max, bool, list, _one_tied, sum, _one_kth, _one_each, _one_once)
"""For one game: Python numbers."""
MANY = Ops(
    np.where,
    np.maximum,
    _many_any,
    lambda scores: np.stack(np.broadcast_arrays(*scores), axis=1),
    _many_tied,
    lambda tied: tied.sum(axis=1),
    _many_kth,
    _many_each,
    _many_once,
)
"""For many play-outs at once: numpy arrays."""


def best(xp: Ops, scores: Sequence[Num], make_draw: Callable[[], Num]) -> Num:
    """The index of the move to play among ``scores`` (one per move, in the
    bot's order): the best score, ties (within :data:`TOLERANCE`) broken by the draw."""
    return best_in_table(xp, xp.table(scores), make_draw)


def best_in_table(xp: Ops, table: Num, make_draw: Callable[[], Num]) -> Num:
    """:func:`best`, for scores already in one table (for many games: a row per game)."""
    tied = xp.tied(table)
    return xp.kth(tied, xp.count(tied), make_draw)


class RuleBot:
    """A bot that plays by a rule: from a view, the rule gives the moves it
    weighs and which of them are tied best (:meth:`choices`); the bot's
    ``n``-th decision plays tied move number ``draw(seed, n) % ties``.
    :meth:`probabilities` says how likely each legal move is, to whoever
    does not know the seed: one definition of the rule serves both."""

    seed: int
    decisions: int
    """Decisions made so far: the next one draws ``draw(seed, decisions)``."""

    def choices(self, observation: Observation, legal_actions: Sequence[Action]) -> tuple[list[Action], list[bool]]:
        """The moves the rule weighs from ``observation``, and which are tied best (one, if it leaves no choice)."""
        raise NotImplementedError

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        moves, tied = self.choices(observation, legal_actions)
        decision = self.decisions
        self.decisions += 1
        return moves[ONE.kth(tied, sum(tied), lambda: draw(self.seed, decision))]

    def probabilities(self, observation: Observation, legal_actions: Sequence[Action]) -> list[float]:
        """How likely the bot is to play each of ``legal_actions`` from
        ``observation``: its move, or an equal part for each of the moves its
        seeded tie-break chooses from.

        >>> from cardcommons.bots import GreedyBot
        >>> from cardcommons.whisky import WhiskyPoker
        >>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
        >>> GreedyBot().probabilities(game.observation(0), game.legal_actions())  # two pair: pass
        [1.0, 0.0, 0.0]
        """
        moves, tied = self.choices(observation, legal_actions)
        chances = {move: 1 / sum(tied) for move, t in zip(moves, tied, strict=True) if t}
        return [chances.get(action, 0.0) for action in legal_actions]


def legal_sequence(legal_actions: object, who: str = "the coach") -> Sequence[Action]:
    """``legal_actions`` as given (a sequence built on demand, as Split and Choose's 126 builds, stays so), or
    :class:`RulesError` naming it if it is not a sequence of at least one.

    >>> legal_sequence(None, "RandomBot")
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: RandomBot needs a list of at least one legal action, not None
    """
    if isinstance(legal_actions, str | bytes) or not isinstance(legal_actions, Sequence) or not legal_actions:
        raise RulesError(f"{who} needs a list of at least one legal action, not {shown(legal_actions)}")
    return legal_actions


def checked_legal(legal_actions: object, who: str = "the coach") -> list[Action]:
    """``legal_actions`` as a list, or :class:`RulesError` naming it (see :func:`legal_sequence`).

    >>> checked_legal((1, 2))
    [1, 2]
    """
    return list(legal_sequence(legal_actions, who))
