"""A rule-of-thumb Whisky Poker player, and hand percentiles in a pack.

A hand's **percentile** in a pack is the fraction of all 5-card hands of
that pack that it beats or ties: about 0.5 for a middling hand, 1.0 for the
best hand there is. :class:`GreedyBot` knocks on a percentile (or on a
category), so one threshold makes sense in every pack.

>>> from cardcommons.whisky import WhiskyPoker
>>> from cardcommons.game import play
>>> game = WhiskyPoker(players=3, seed=4)
>>> result = play(game, [GreedyBot(seed=s) for s in range(3)])
>>> game.is_over and result.winners <= {0, 1, 2}
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

import numpy as np
import numpy.typing as npt

from cardcommons.bots.choice import ONE, RuleBot, seed_of
from cardcommons.categories import Category, Ranking
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Observation
from cardcommons.lookup import hand_table
from cardcommons.odds import RankingLike, resolve_ranking
from cardcommons.packs import Pack
from cardcommons.whisky import KNOCK, PASS, TAKE, WhiskyObservation, rules_table, swapped

__all__ = [
    "GreedyBot",
    "GreedyRule",
    "exchange_order",
    "hand_percentile_array",
    "hand_percentiles",
    "is_stuck",
    "percentile_of",
]


def hand_percentiles(pack: Pack, ranking: RankingLike = "standard") -> tuple[float, ...]:
    """``hand_percentiles(pack)[s]``: the fraction of the pack's 5-card hands
    whose strength (``hand_table(pack).strength``) is ``s`` or lower. Counted
    exactly, by rank multisets, not by listing hands.

    >>> p = hand_percentiles(Pack.whisky(2))
    >>> p[0], p[-1], round(p[len(p) // 2], 3)
    (0.0, 1.0, 0.822)
    """
    return _percentiles(pack, resolve_ranking(ranking, pack))


def percentile_of(view: WhiskyObservation) -> float:
    """The percentile (see :func:`hand_percentiles`) of the hand ``view``'s player holds.

    >>> from cardcommons.whisky import WhiskyPoker
    >>> percentile_of(WhiskyPoker.from_deal(["As Ks Qs Js 10s", "9s 9d Jc Qh 10h"], "Ac Kc Qc Jd 10d").observation(0))
    1.0
    """
    table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
    return _percentiles(table.pack, table.ranking)[table.strengths.strength([table.ids[c] for c in view.hand])]


def is_stuck(view: WhiskyObservation) -> bool:
    """Whether, in phase 2, no move beats the hand ``view``'s player holds:
    neither taking the face-up spare nor any exchange (GreedyBot then knocks).

    >>> from cardcommons.whisky import WhiskyPoker
    >>> game = WhiskyPoker.from_deal(["As Ks Qs Js 10s", "9h 9s 10c 10h Jh"], "Ac Kc Qc Jd 10d")
    >>> game.apply(game.legal_actions()[0])  # seat 0 passes: in phase 1 no hand is stuck
    >>> is_stuck(game.observation(0))
    False
    >>> game.apply(game.legal_actions()[1])  # seat 1 takes the spare: its old hand goes face up
    >>> is_stuck(game.observation(0))  # a royal flush: no move beats it
    True
    """
    return view.spare is not None and GreedyBot(knock_at=2.0, seed=0).choices(view, [KNOCK])[0] == [KNOCK]


@lru_cache(maxsize=64)
def _percentiles(pack: Pack, ranking: Ranking) -> tuple[float, ...]:
    per_level = hand_table(pack, ranking).hands_per_level  # counted by rank multisets when the table was built
    return tuple((np.cumsum(per_level) / per_level.sum()).tolist())


@lru_cache(maxsize=64)
def hand_percentile_array(pack: Pack, ranking: Ranking) -> npt.NDArray[np.float64]:
    """:func:`hand_percentiles` as a read-only array, made once for a pack and
    ranking: the batch paths index it by many strengths at once.

    >>> pack = Pack.whisky(2)
    >>> found = hand_percentile_array(pack, resolve_ranking("standard", pack))
    >>> found.tolist() == list(hand_percentiles(pack)), found.flags.writeable
    (True, False)
    """
    found = np.array(_percentiles(pack, ranking))
    found.setflags(write=False)
    return found


class GreedyBot(RuleBot):
    """Plays Whisky Poker greedily: improves its hand and knocks on a threshold.

    - ``knock_at``: knock as soon as the hand reaches it. A float is a
      percentile in the pack in play (see :func:`hand_percentiles`); a
      :class:`Category` means "this category or better". The default, 1.0,
      is the best hand of the pack: in practice the bot knocks only when no
      exchange improves its hand. None is the percentile ``0.5 ** (1 / players)``,
      an older level that beats ``players`` hands dealt at random half the
      time, as if the spare were a hand to beat (it is never compared: the
      level against the ``players - 1`` other hands is ``0.5 ** (1 / (players - 1))``);
      it was the default until matches showed that it knocks too early: the
      tables around it are not random, everybody trades up first.
    - Phase 1: take the unseen spare if the hand is below the percentile
      ``take_unseen_below`` (a random hand is then more likely better), else pass.
    - Phase 2: play the exchange or take-all that makes the hand strongest,
      if that beats the hand now; if nothing improves it, knock.

    Ties between equally good moves: the moves are listed take-all first,
    then the exchanges by the card given and the card taken (in the pack's
    order), and the bot's ``n``-th decision takes tied move number
    ``draw(seed, n) % ties`` (:mod:`cardcommons.bots.choice`; the seed is an
    int, or None for a fresh one). :mod:`cardcommons.bots.playouts.whisky`
    plays many games with these same tables and this same order.
    """

    def __init__(
        self, knock_at: float | Category | None = 1.0, take_unseen_below: float = 0.5, seed: int | None = None
    ) -> None:
        self.knock_at = knock_at
        self.take_unseen_below = take_unseen_below
        self.seed = seed_of(seed)
        self.decisions = 0

    def __repr__(self) -> str:
        unseen = "" if self.take_unseen_below == 0.5 else f", take_unseen_below={self.take_unseen_below!r}"
        return f"GreedyBot(knock_at={self.knock_at!r}{unseen})"

    def rule(self, pack: Pack, ranking: Ranking) -> GreedyRule:
        """This bot's thresholds with a pack and a ranking, as one flag per hand strength."""
        return _rule(pack, ranking, self.knock_at, self.take_unseen_below)

    def choices(self, observation: Observation, legal_actions: Sequence[Action]) -> tuple[list[Action], list[bool]]:
        """The moves the bot weighs from ``observation`` (knock, pass or take
        the spare; or take all and each exchange), and which are tied best."""
        if not isinstance(observation, WhiskyObservation):
            raise RulesError(f"GreedyBot plays Whisky Poker, not {shown(observation, 80)}")
        view = observation
        table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
        rule = self.rule(table.pack, table.ranking)
        ids = table.ids
        strength = table.strengths.strength
        hand = [ids[c] for c in view.hand]
        now = strength(hand)
        if rule.knock[now]:
            return [KNOCK], [True]  # always legal while the game goes on
        if view.spare is None:
            return [TAKE if rule.take_unseen[now] else PASS], [True]  # phase 1, so passing is legal
        spare = [ids[c] for c in view.spare]
        exchanges = table.exchanges
        moves: list[Action] = [TAKE]
        scores = [strength(spare)]
        for give, take in exchange_order(hand, spare):
            moves.append(exchanges[give][take])
            scores.append(strength(swapped(hand, give, take)))
        if max(scores) <= now:
            return [KNOCK], [True]
        return moves, ONE.tied(scores)


def exchange_order(hand: Sequence[int], spare: Sequence[int]) -> list[tuple[int, int]]:
    """The (give, take) card ids of the distinct exchanges, in the order the bot lists them.

    >>> exchange_order([3, 1, 3], [1, 4])
    [(1, 4), (3, 1), (3, 4)]
    """
    return [(give, take) for give in sorted(set(hand)) for take in sorted(set(spare)) if give != take]


@dataclass(frozen=True)
class GreedyRule:
    """GreedyBot's thresholds at one table, looked up by hand strength."""

    knock: tuple[bool, ...]
    """``knock[s]``: a hand of strength ``s`` knocks."""
    take_unseen: tuple[bool, ...]
    """``take_unseen[s]``: in phase 1, a hand of strength ``s`` takes the unseen spare."""

    @cached_property
    def arrays(self) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
        """``knock`` and ``take_unseen`` as arrays, to look up many hands at once (made once).

        >>> rule = GreedyRule((False, True), (True, False))
        >>> rule.arrays[0][[1, 0, 1]].tolist()
        [True, False, True]
        """
        return np.array(self.knock, dtype=bool), np.array(self.take_unseen, dtype=bool)


@lru_cache(maxsize=64)
def _rule(pack: Pack, ranking: Ranking, knock_at: float | Category | None, take_unseen_below: float) -> GreedyRule:
    percentiles = _percentiles(pack, ranking)
    if isinstance(knock_at, Category):
        least = ranking.strength(knock_at)
        knock = tuple(bool(c >= least) for c in hand_table(pack, ranking).category_strengths.tolist())
    else:
        players = 11 - pack.lowest  # the table's pack: Pack.whisky(players)
        level = knock_at if knock_at is not None else 0.5 ** (1 / players)
        knock = tuple(p >= level for p in percentiles)
    return GreedyRule(knock, tuple(p < take_unseen_below for p in percentiles))
