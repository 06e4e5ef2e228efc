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

import random
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from cardcommons.categories import Category, Ranking
from cardcommons.game import Action, Observation
from cardcommons.hands import value_of
from cardcommons.lookup import hand_table
from cardcommons.odds import RankingLike, resolve_ranking
from cardcommons.packs import Pack
from cardcommons.whisky import KNOCK, PASS, TAKE, WhiskyAction, WhiskyObservation, rules_table, swapped

__all__ = ["GreedyBot", "hand_percentiles"]


def hand_percentiles(pack: Pack, ranking: RankingLike = "standard") -> tuple[float, ...]:
    """``hand_percentiles(pack)[s]``: the fraction of the pack's 5-card hands
    whose strength (``hand_table(pack).strength``) is ``s`` or lower. Counted
    exactly, by rank multisets, not by listing hands.

    >>> p = hand_percentiles(Pack.whisky(2))
    >>> p[0], p[-1], round(p[len(p) // 2], 3)
    (0.0, 1.0, 0.822)
    """
    return _percentiles(pack, resolve_ranking(ranking, pack))


@lru_cache(maxsize=64)
def _percentiles(pack: Pack, ranking: Ranking) -> tuple[float, ...]:
    per_level = hand_table(pack, ranking).hands_per_level  # counted by rank multisets when the table was built
    return tuple((np.cumsum(per_level) / per_level.sum()).tolist())


class GreedyBot:
    """Plays Whisky Poker greedily: improves its hand and knocks on a threshold.

    - ``knock_at``: knock as soon as the hand reaches it. A float is a
      percentile in the pack in play (see :func:`hand_percentiles`); a
      :class:`Category` means "this category or better". The default, 1.0,
      is the best hand of the pack: in practice the bot knocks only when no
      exchange improves its hand. None is the percentile ``0.5 ** (1 / players)``,
      the level at which a hand beats ``players`` hands dealt at random (as
      many as the other hands and the spare) half the time; it was the
      default until matches showed that it knocks too early: the tables
      around it are not random, everybody trades up first.
    - Phase 1: take the unseen spare if the hand is below the percentile
      ``take_unseen_below`` (a random hand is then more likely better), else pass.
    - Phase 2: play the exchange or take-all that makes the hand strongest,
      if that beats the hand now; if nothing improves it, knock.

    Ties between equally good moves go to a random one, from ``random.Random(seed)``.
    """

    def __init__(
        self, knock_at: float | Category | None = 1.0, take_unseen_below: float = 0.5, seed: int | None = None
    ) -> None:
        self.knock_at = knock_at
        self.take_unseen_below = take_unseen_below
        self.rng = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot(knock_at={self.knock_at!r})"

    def _reached(self, view: WhiskyObservation, strength: int) -> bool:
        table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
        if isinstance(self.knock_at, Category):
            category = value_of(view.hand, table.pack, table.ranking).category
            return table.ranking.strength(category) >= table.ranking.strength(self.knock_at)
        level = self.knock_at if self.knock_at is not None else 0.5 ** (1 / view.players)
        return _percentiles(table.pack, table.ranking)[strength] >= level

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not isinstance(observation, WhiskyObservation):
            raise TypeError(f"GreedyBot plays Whisky Poker, not {type(observation).__name__}")
        view = observation
        table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
        ids = table.ids
        strength = table.strengths.strength
        hand = [ids[c] for c in view.hand]
        now = strength(hand)
        if self._reached(view, now):
            return KNOCK  # always legal while the game goes on
        if view.spare is None:
            if _percentiles(table.pack, table.ranking)[now] < self.take_unseen_below:
                return TAKE
            return PASS  # phase 1, so passing is legal
        spare = [ids[c] for c in view.spare]
        exchanges = table.exchanges
        best, moves = strength(spare), list[WhiskyAction]([TAKE])
        for give in set(hand):
            for take in set(spare):
                after = strength(swapped(hand, give, take))
                if after > best:
                    best, moves = after, [exchanges[give][take]]
                elif after == best:
                    moves.append(exchanges[give][take])
        if best > now:
            return moves[0] if len(moves) == 1 else self.rng.choice(moves)
        return KNOCK
