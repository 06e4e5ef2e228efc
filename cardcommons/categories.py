"""Hand categories and the orders they can be ranked in, and the names of the
two orders every pack has: "standard" and "rarity" (by rarity in that pack).

>>> STANDARD.order[0], STANDARD.strength(Category.PAIR) > STANDARD.strength(Category.HIGH_CARD)
(<Category.STRAIGHT_FLUSH: 'straight flush'>, True)
>>> RANKING_NAMES
('standard', 'rarity')
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, TypeAlias, get_args

from cardcommons.errors import CardError, shown


class Category(enum.Enum):
    """A kind of poker hand. Members are listed in the standard order, strongest first."""

    STRAIGHT_FLUSH = "straight flush"
    FOUR_OF_A_KIND = "four of a kind"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    STRAIGHT = "straight"
    THREE_OF_A_KIND = "three of a kind"
    TWO_PAIR = "two pair"
    PAIR = "pair"
    HIGH_CARD = "high card"

    @property
    def label(self) -> str:
        """The category in words, capitalised: ``Full house``."""
        return self.value.capitalize()

    @staticmethod
    def of_groups(sizes: Iterable[int]) -> Category:
        """The category made by groups of equal ranks, with no straight or flush.

        >>> Category.of_groups([3, 2]), Category.of_groups([2, 1, 1])
        (<Category.FULL_HOUSE: 'full house'>, <Category.PAIR: 'pair'>)
        """
        top, second, *_ = sorted(sizes, reverse=True) + [0, 0]
        if top >= 4:
            return Category.FOUR_OF_A_KIND
        if top == 3:
            return Category.FULL_HOUSE if second == 2 else Category.THREE_OF_A_KIND
        if top == 2:
            return Category.TWO_PAIR if second == 2 else Category.PAIR
        return Category.HIGH_CARD


# Categories are singletons: hashing them by identity (in C, not Enum's hash of the
# name in Python) keeps rankings, which caches are keyed on, cheap to hash.
Category.__hash__ = object.__hash__  # type: ignore[method-assign]


@dataclass(frozen=True)
class Ranking:
    """An order of the nine categories, strongest first.

    >>> custom = Ranking.from_counts({Category.FLUSH: 1, Category.PAIR: 5}, name="demo")
    >>> [c.name for c in custom.order[:3]]
    ['FLUSH', 'PAIR', 'STRAIGHT_FLUSH']
    """

    order: tuple[Category, ...]
    name: str = "custom"

    def __post_init__(self) -> None:
        try:
            whole = isinstance(self.order, tuple) and sorted(self.order, key=_STANDARD_INDEX.__getitem__) == list(
                Category
            )
        except (KeyError, TypeError):  # not categories
            whole = False
        if not whole or not isinstance(self.name, str):
            raise CardError(f"a ranking orders all nine categories exactly once, not {shown(self.order)}")

    @cached_property
    def _strengths(self) -> dict[Category, int]:
        return {category: len(self.order) - 1 - i for i, category in enumerate(self.order)}

    def strength(self, category: Category) -> int:
        """0 for the weakest category up to 8 for the strongest."""
        return self._strengths[category]

    def best(self, categories: Iterable[Category]) -> Category:
        """The strongest of some categories under this order."""
        return max(categories, key=self.strength)

    @classmethod
    def from_counts(cls, counts: Mapping[Category, int], name: str = "rarity") -> Ranking:
        """Order categories by rarity: those that occur from rarest to commonest
        (equal counts keep the standard order), then those that never occur,
        in the standard order. See RULES.md, ranking by rarity.
        """
        occurring = [c for c in Category if counts.get(c, 0) > 0]
        occurring.sort(key=lambda c: counts[c])
        return cls(tuple(occurring) + tuple(c for c in Category if counts.get(c, 0) <= 0), name)

    def __str__(self) -> str:
        return " > ".join(c.value for c in self.order)


RankingName: TypeAlias = Literal["standard", "rarity"]
"""A ranking by name: the standard order, or the order by rarity in the pack in play."""
RANKING_NAMES: tuple[RankingName, ...] = get_args(RankingName)

_STANDARD_INDEX = {category: i for i, category in enumerate(Category)}
STANDARD = Ranking(tuple(Category), "standard")
"""The usual poker order: straight flush, four of a kind, ..., high card."""
