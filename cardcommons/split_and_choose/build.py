"""Building 10 cards into two 5-card hands: the best build, the score of a
build, and the 126 builds a player chooses from.

>>> build = best_build("As Ad Ac Ah Ks Kd Kh Qs Qd Jo")
>>> print(build)
build K♠ K♥ K♦ Q♠ Q♦ (weaker) and A♠ A♥ A♦ A♣ 🃏 (stronger)
>>> build_score(build.weaker, build.stronger)[:2]
(6, 7)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import overload

import numpy as np
import numpy.typing as npt

from cardcommons.cards import Card, parse_cards
from cardcommons.categories import Ranking
from cardcommons.hands import HandValue, value_of
from cardcommons.lookup import hand_table
from cardcommons.odds import RankingLike, resolve_ranking
from cardcommons.packs import Pack
from cardcommons.split_and_choose.actions import Build, _sorted_cards
from cardcommons.split_and_choose.rules import _INDEX, PACK

__all__ = ["best_build", "build_score"]

_POSITIONS = tuple(combo for combo in itertools.combinations(range(10), 5) if 0 in combo)
"""The 126 ways to split 10 positions into two 5s: the hand holding position 0, in order."""
_SELECT = np.zeros((252, 10), dtype=np.int64)
for _row, _combo in enumerate(_POSITIONS):
    _SELECT[_row, list(_combo)] = 1
    _SELECT[126 + _row, [p for p in range(10) if p not in _combo]] = 1
_COMPLEMENTS = tuple(tuple(p for p in range(10) if p not in combo) for combo in _POSITIONS)


class BuildScorer:
    """Scores all 126 splits of 10 cards at once with the pack's lookup table."""

    def __init__(self, pack: Pack, ranking: Ranking) -> None:
        self.pack = pack
        self.ranking = ranking
        self.table = hand_table(pack, ranking)
        self.category = self.table.category_strengths
        self.levels = self.table.levels + 1
        self.index = pack.position
        self.jokers = tuple(range(len(pack) - pack.jokers, len(pack)))

    def indices(self, cards: Sequence[Card]) -> list[int]:
        """Pack positions, the Jokers in turn taking the Joker positions; sorted."""
        jokers = iter(self.jokers)
        return sorted(next(jokers) if c.is_joker else self.index[c] for c in cards)

    def scores(self, positions: Sequence[int]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """For 10 sorted pack positions: the score of each of the 126 splits
        and the strengths of the 252 hands (the first 126 hold position 0)."""
        total = _SELECT @ self.table.codes[np.asarray(positions)]
        strength = self.table.strengths_of_codes(total)
        first, second = strength[:126], strength[126:]
        weaker = np.minimum(first, second)
        stronger = np.maximum(first, second)
        category = self.category
        score = ((category[weaker] * 16 + category[stronger]) * self.levels + weaker) * self.levels + stronger
        return score, strength


@lru_cache(maxsize=16)
def build_scorer(pack: Pack, ranking: Ranking) -> BuildScorer:
    return BuildScorer(pack, ranking)


def best_build(cards: Iterable[Card] | str, pack: Pack | None = None, ranking: RankingLike = "standard") -> Build:
    """The best way to build 10 cards into two 5-card hands: the split that
    maximises (weaker category, stronger category, weaker hand, stronger hand),
    categories compared in the ranking's order, hands by the full hand order
    (the Joker rule included). Of the 126 splits it looks at all, with the
    pack's lookup table.

    Ties (several splits with the same four values, which happens when cards
    of equal worth can change places) go to the first split in a fixed order
    that does not depend on the order of ``cards``: the cards are put in the
    pack's order, and the splits are tried as the 5-card combinations, in
    lexicographic order, of the hand that holds the first of them. When the
    two hands are equal, the one holding that first card is named the weaker.

    >>> from cardcommons.cards import cards_str
    >>> build = best_build("As Ad Ac Ah Ks Kd Kh Qs Qd Jo")
    >>> cards_str(build.weaker), cards_str(build.stronger)
    ('K♠ K♥ K♦ Q♠ Q♦', 'A♠ A♥ A♦ A♣ 🃏')
    """
    pack = PACK if pack is None else pack
    held = pack.check(parse_cards(cards), size=10)
    scorer = build_scorer(pack, resolve_ranking(ranking, pack))
    positions = scorer.indices(held)
    score, strength = scorer.scores(positions)
    best = int(np.argmax(score))
    first = tuple(pack.cards[positions[p]] for p in _POSITIONS[best])
    second = tuple(pack.cards[positions[p]] for p in _COMPLEMENTS[best])
    first, second = _sorted_cards(first), _sorted_cards(second)
    if strength[best] <= strength[126 + best]:
        return Build._trusted(first, second)
    return Build._trusted(second, first)


def build_score(
    weaker: Iterable[Card], stronger: Iterable[Card], pack: Pack | None = None, ranking: RankingLike = "standard"
) -> tuple[int, int, HandValue, HandValue]:
    """The tuple that scoring compares, for a build (the hands in either
    order): the category strengths of the weaker and the stronger hand, then
    the two hands' values.

    >>> score = build_score(parse_cards("As Ad Ac Ks Kd"), parse_cards("Qs Qd Qh Jc Jd"))
    >>> score[:2], score[2].describe()
    ((6, 6), 'Full house, Queens over Jacks')
    """
    pack = PACK if pack is None else pack
    order = resolve_ranking(ranking, pack)
    a = value_of(pack.check(tuple(weaker), size=5), pack, order)
    b = value_of(pack.check(tuple(stronger), size=5), pack, order)
    low, high = (a, b) if a <= b else (b, a)
    return (order.strength(low.category), order.strength(high.category), low, high)


class _BuildActions(Sequence[Build]):
    """The 126 builds of 10 cards, made on demand."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self._cards = tuple(sorted(cards, key=_INDEX.__getitem__))
        self._key = frozenset(cards)

    def __len__(self) -> int:
        return len(_POSITIONS)

    @overload
    def __getitem__(self, i: int) -> Build: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Build]: ...
    def __getitem__(self, i: int | slice) -> Build | Sequence[Build]:
        if isinstance(i, slice):
            return [self[j] for j in range(len(self))[i]]
        combo = _POSITIONS[i]
        first = tuple(self._cards[p] for p in combo)
        second = tuple(self._cards[p] for p in _COMPLEMENTS[i])
        return Build(hands=(first, second))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Build):
            return False
        weaker, stronger = action.hands
        return len(weaker) == len(stronger) == 5 and frozenset(weaker + stronger) == self._key

    def __iter__(self) -> Iterator[Build]:
        return (self[i] for i in range(len(self)))
