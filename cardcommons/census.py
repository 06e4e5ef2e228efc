"""Where a hand stands among all the 5-card hands of its pack, exactly.

The pack's :func:`cardcommons.lookup.hand_table` (the evaluator's own order)
knows how many hands have each strength, counted by rank multisets rather than
by listing the hands. Then "how many hands beat this one" is a sum over the
stronger levels: exact, and as quick as building the table.

>>> census = hand_census(Pack.split_and_choose())
>>> census.total
20349
>>> census.standing(parse_cards("As Ks Qs Js 10s"))
Standing(beaten_by=0, ties=3, beats=20345)
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from math import comb
from typing import NamedTuple

import numpy as np

from cardcommons.cards import Card
from cardcommons.categories import Ranking
from cardcommons.hands import HAND_SIZE
from cardcommons.lookup import HandTable, hand_table
from cardcommons.odds import RankingLike, resolve_ranking
from cardcommons.packs import Pack, check_pack

__all__ = ["HandCensus", "Standing", "hand_census"]


class Standing(NamedTuple):
    """How many other hands of the pack beat a hand, tie with it, and lose to it."""

    beaten_by: int
    ties: int
    beats: int


class HandCensus:
    """The strengths of all ``C(len(pack), HAND_SIZE)`` hands of a pack under a ranking,
    counted per strength level. Build it with :func:`hand_census` (cached)."""

    def __init__(self, pack: Pack, ranking: Ranking) -> None:
        self.pack = pack
        self.ranking = ranking
        self.table: HandTable = hand_table(pack, ranking)
        per_level = np.append(self.table.hands_per_level, 0)  # a level above the best: nothing beats it
        self.per_level = per_level
        # at_least[s] = hands with strength >= s
        self._at_least = np.cumsum(per_level[::-1])[::-1]
        self.total = comb(len(pack), HAND_SIZE)
        assert int(per_level.sum()) == self.total

    def strength(self, cards: Iterable[Card]) -> int:
        """The table strength of a legal 5-card hand of the pack."""
        return self.table.strength(self.pack.indices(self.pack.check(cards, size=HAND_SIZE)))

    def standing(self, cards: Iterable[Card]) -> Standing:
        """How many hands of the pack beat ``cards``, tie with it (itself not
        counted) and lose to it."""
        s = self.strength(cards)
        beaten_by = int(self._at_least[s + 1])
        ties = int(self.per_level[s]) - 1
        return Standing(beaten_by, ties, self.total - beaten_by - ties - 1)


@lru_cache(maxsize=8)
def _census(pack: Pack, ranking: Ranking) -> HandCensus:
    return HandCensus(pack, ranking)


def hand_census(pack: Pack, ranking: RankingLike = "standard") -> HandCensus:
    """The (cached) :class:`HandCensus` of a pack under a ranking."""
    return _census(check_pack(pack), resolve_ranking(ranking, pack))
