"""Exact odds: how many 5-card hands of a pack fall in each category.

The counts are combinatorial, never a loop over hands: hands are grouped by
the shape of their natural cards (how ranks repeat, whether one suit, how
many straights the ranks fit in) and each group is classified once, by
:func:`cardcommons.readings.readings`, the same Joker rule the evaluator uses.

>>> counts = category_counts(Pack(lowest=2))
>>> counts[Category.FULL_HOUSE], counts[Category.FLUSH], counts.total
(3744, 5108, 2598960)
>>> counts.one_in(Category.STRAIGHT_FLUSH)
64974.0
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import cache
from html import escape
from math import comb, factorial, prod
from typing import TypeAlias

from cardcommons.cards import Card, Rank
from cardcommons.categories import STANDARD, Category, Ranking, RankingName
from cardcommons.errors import CardError, shown
from cardcommons.packs import Pack, check_pack
from cardcommons.readings import example_naturals, readings

RankingLike: TypeAlias = RankingName | Ranking
"""A ranking by name ("standard" or "rarity", for the pack in play) or a :class:`Ranking`."""


class CategoryCounts(Mapping[Category, int]):
    """Exact counts of 5-card hands per category, in the ranking's order (strongest first).

    >>> counts = category_counts(Pack.split_and_choose())
    >>> [(c.value, n) for c, n in counts.items()][:3]
    [('straight flush', 24), ('four of a kind', 85), ('full house', 480)]
    >>> counts.probability(Category.FLUSH)
    Fraction(0, 1)
    """

    def __init__(self, pack: Pack, ranking: Ranking, counts: Mapping[Category, int]) -> None:
        self.pack = pack
        self.ranking = ranking
        self._counts = {category: counts.get(category, 0) for category in ranking.order}

    def __getitem__(self, category: Category) -> int:
        return self._counts[category]

    def __iter__(self) -> Iterator[Category]:
        return iter(self._counts)

    def __len__(self) -> int:
        return len(self._counts)

    @property
    def total(self) -> int:
        """All 5-card hands of the pack: C(len(pack), 5)."""
        return sum(self._counts.values())

    def probability(self, category: Category) -> Fraction:
        """The exact chance that 5 random cards of the pack are in ``category``."""
        return Fraction(self._counts[category], self.total)

    def probabilities(self) -> dict[Category, Fraction]:
        """Every category's exact probability."""
        return {category: self.probability(category) for category in self}

    def one_in(self, category: Category) -> float:
        """N such that the category comes once in N hands (infinity if never)."""
        count = self._counts[category]
        return self.total / count if count else float("inf")

    def one_in_text(self, category: Category) -> str:
        """How rare the category is, in the one format every view uses: "1 in 885.5", or "never".

        >>> counts = category_counts(Pack(lowest=10, jokers=1))
        >>> counts.one_in_text(Category.STRAIGHT_FLUSH), counts.one_in_text(Category.FLUSH)
        ('1 in 847.9', 'never')
        """
        return _one_in_text(self.one_in(category), "1 in ")

    def rows(self) -> list[tuple[str, int, float, float]]:
        """One row per category: name, count, probability, "1 in N"."""
        return [(c.value, n, float(self.probability(c)), self.one_in(c)) for c, n in self.items()]

    def __repr__(self) -> str:
        return f"CategoryCounts({self.pack!r}, {self.ranking.name}, {dict((c.name, n) for c, n in self.items())})"

    def _repr_html_(self) -> str:
        body = "".join(
            f"<tr><td>{name}</td><td>{count:,}</td><td>{p:.6f}</td><td>{_one_in_text(n)}</td></tr>"
            for name, count, p, n in self.rows()
        )
        head = "<tr><th>category</th><th>hands</th><th>probability</th><th>1 in</th></tr>"
        caption = escape(f"{self.pack}, {self.ranking.name} order")  # a Ranking's name is the reader's own text
        return f"<table><caption>{caption}</caption>{head}{body}</table>"


def _one_in_text(n: float, lead: str = "") -> str:
    return "never" if n == float("inf") else f"{lead}{n:,.1f}"


def category_counts(pack: Pack, ranking: RankingLike = "standard") -> CategoryCounts:
    """The exact number of 5-card hands of ``pack`` in each category, every
    category present (zeros included), ordered by ``ranking``.

    Under "rarity" (or any other order) a Joker hand is counted in the
    category of its best reading under that order.

    >>> counts = category_counts(Pack(lowest=9, jokers=1), "rarity")
    >>> [c.name for c in counts.ranking.order[:3]], counts[Category.FLUSH]
    (['FLUSH', 'STRAIGHT_FLUSH', 'FOUR_OF_A_KIND'], 60)
    """
    order = resolve_ranking(ranking, check_pack(pack))
    return CategoryCounts(pack, order, _counts(pack, order))


def resolve_ranking(ranking: RankingLike, pack: Pack) -> Ranking:
    """Turn "standard", "rarity" or a :class:`Ranking` into a :class:`Ranking` for ``pack``.

    >>> str(resolve_ranking("rarity", Pack(lowest=9)))
    'straight flush > flush > four of a kind > full house > straight > high card > three of a kind > two pair > pair'
    """
    if isinstance(ranking, Ranking):
        return ranking
    if isinstance(ranking, str) and ranking == "standard":
        return STANDARD
    if isinstance(ranking, str) and ranking == "rarity":
        return rarity_ranking(pack)
    raise CardError(f"unknown ranking {shown(ranking)}: use 'standard', 'rarity' or a Ranking")


def rarity_ranking(pack: Pack) -> Ranking:
    """RULES.md's ranking by rarity: categories ordered by their standard counts in ``pack``."""
    return _rarity_ranking(check_pack(pack))


@cache
def _rarity_ranking(pack: Pack) -> Ranking:
    return Ranking.from_counts(_counts(pack, STANDARD), name="rarity")


def category_changes(
    pack: Pack, before: RankingLike = "standard", after: RankingLike = "rarity"
) -> dict[tuple[Category, Category], int]:
    """How many hands of ``pack`` change category when counted under ``after``
    instead of ``before``: ``{(category before, category after): hands}``.
    Only Joker hands can change: their best reading depends on the order.

    >>> changes = category_changes(Pack(lowest=9, jokers=1))
    >>> {(a.value, b.value): n for (a, b), n in changes.items()}
    {('straight flush', 'flush'): 36, ('straight', 'high card'): 3024}
    """
    first, second = resolve_ranking(before, pack), resolve_ranking(after, pack)
    changes: dict[tuple[Category, Category], int] = {}
    for jokers in range(1, pack.jokers + 1):
        for naturals, ways in _shapes(pack, 5 - jokers):
            categories = [r.category for r in readings(naturals, jokers, pack)]
            move = first.best(categories), second.best(categories)
            if move[0] != move[1]:
                changes[move] = changes.get(move, 0) + comb(pack.jokers, jokers) * ways
    return dict(sorted(changes.items(), key=lambda item: [STANDARD.strength(c) for c in item[0]], reverse=True))


@cache
def _counts(pack: Pack, ranking: Ranking) -> dict[Category, int]:
    counts = dict.fromkeys(Category, 0)
    for jokers in range(pack.jokers + 1):
        joker_ways = comb(pack.jokers, jokers)
        for naturals, ways in _shapes(pack, 5 - jokers):
            best = ranking.best(r.category for r in readings(naturals, jokers, pack))
            counts[best] += joker_ways * ways
    return counts


def _shapes(pack: Pack, size: int) -> Iterator[tuple[tuple[Card, ...], int]]:
    """Groups of ``size`` natural cards that read alike: one representative
    of each group and how many sets of cards it stands for."""
    ranks = list(reversed(pack.ranks))
    for groups in _repeated_rank_patterns(size):
        repeated = [rank for rank, n in zip(ranks, groups, strict=False) for _ in range(n)]
        yield (
            example_naturals(repeated, one_suit=False),
            _rank_choices(groups, len(ranks)) * prod(comb(4, n) for n in groups),
        )
    windows = [sum(1 << r for r in window) for _, window in pack.straights]
    classes: dict[tuple[int, bool], tuple[tuple[Rank, ...], int]] = {}
    for subset in itertools.combinations(ranks, size):
        mask = sum(1 << r for r in subset)
        fits = sum(1 for window in windows if window & mask == mask)
        flush_fills = comb(len(ranks) - size, 5 - size) - fits
        example, n = classes.get((fits, flush_fills > 0), (subset, 0))
        classes[fits, flush_fills > 0] = (example, n + 1)
    for example, n in classes.values():
        yield example_naturals(example, one_suit=True), 4 * n
        yield example_naturals(example, one_suit=False), (4**size - 4) * n


def _repeated_rank_patterns(size: int) -> Iterator[tuple[int, ...]]:
    """Group sizes (largest first) of ``size`` cards with at least one repeated rank."""

    def split(left: int, largest: int) -> Iterator[tuple[int, ...]]:
        if left == 0:
            yield ()
        for n in range(min(left, largest), 0, -1):
            for rest in split(left - n, n):
                yield (n, *rest)

    return (groups for groups in split(size, 4) if groups[0] > 1)


def _rank_choices(groups: tuple[int, ...], ranks: int) -> int:
    """Ways to give distinct ranks to groups, groups of equal size being interchangeable."""
    if len(groups) > ranks:
        return 0
    same_size = prod(factorial(groups.count(n)) for n in set(groups))
    return factorial(ranks) // (factorial(ranks - len(groups)) * same_size)
