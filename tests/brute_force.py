"""A deliberately simple, independent hand classifier that the tests hold the engine to.

It shares no code with :mod:`cardcommons` beyond the pack's card order: it
implements RULES.md section 1 in the most obvious way. A card is ``(rank,
suit)`` with ranks 2..14, or ``None`` for the Joker. Every Joker either plays
low (rank 0, pairing with nothing) or stands for a card of the pack that the
hand does not hold; a reading where the Jokers stand for cards counts only if
the five cards then make a straight, a flush or a straight flush. A hand's
value under an order of the categories is its best reading, then fewer Jokers.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import NamedTuple

# Category numbers, in the standard order (strongest first), with their names.
SF, FOUR, FULL, FLUSH, STRAIGHT, THREE, TWO_PAIR, PAIR, HIGH = range(9)
NAMES = (
    "straight flush",
    "four of a kind",
    "full house",
    "flush",
    "straight",
    "three of a kind",
    "two pair",
    "pair",
    "high card",
)
STANDARD_ORDER = tuple(range(9))
LOW = 0
"""A Joker that plays low: below every rank, and equal to no rank."""

_SHAPES = {
    (4, 1): FOUR,
    (3, 2): FULL,
    (3, 1, 1): THREE,
    (2, 2, 1): TWO_PAIR,
    (2, 1, 1, 1): PAIR,
    (1, 1, 1, 1, 1): HIGH,
}

Natural = tuple[int, str]
BruteCard = Natural | None
Reading = tuple[int, tuple[int, ...]]
"""A category number and the tie-break ranks (high to low)."""


class PackSpec(NamedTuple):
    """A pack as the tests see it: lowest rank, number of Jokers, ace-low rule."""

    lowest: int
    jokers: int
    ace_low: bool


@cache
def pack_cards(spec: PackSpec) -> tuple[BruteCard, ...]:
    """Rank by rank (low to high), suit by suit (c d h s), then the Jokers."""
    naturals: list[BruteCard] = [(rank, suit) for rank in range(spec.lowest, 15) for suit in "cdhs"]
    return (*naturals, *[None] * spec.jokers)


@cache
def straights(spec: PackSpec) -> tuple[tuple[int, frozenset[int]], ...]:
    """Each straight as (top card, its five ranks); the ace-low one is topped by its fourth rank."""
    found = [(top, frozenset(range(top - 4, top + 1))) for top in range(spec.lowest + 4, 15)]
    low = frozenset({14, spec.lowest, spec.lowest + 1, spec.lowest + 2, spec.lowest + 3})
    if spec.ace_low and spec.lowest < 10:  # with lowest 10, A-10-J-Q-K is just the Ace-high straight
        found.append((spec.lowest + 3, low))
    return tuple(found)


def _by_groups(ranks: Sequence[int], low_jokers: int) -> Reading:
    """Category and tie-break from repeated ranks; each low Joker is a lone card of rank 0."""
    counts = Counter(ranks)
    shape = tuple(sorted([*counts.values(), *[1] * low_jokers], reverse=True))
    tiebreak = sorted(counts, key=lambda r: (counts[r], r), reverse=True) + [LOW] * low_jokers
    return _SHAPES[shape], tuple(tiebreak)


def classify_naturals(cards: Sequence[Natural], spec: PackSpec) -> Reading:
    """Five natural cards: the usual poker rules in this pack."""
    ranks = [rank for rank, _ in cards]
    one_suit = len({suit for _, suit in cards}) == 1
    tops = [top for top, window in straights(spec) if set(ranks) == window]
    if tops:
        return (SF if one_suit else STRAIGHT), (max(tops),)
    if one_suit:
        return FLUSH, tuple(sorted(ranks, reverse=True))
    return _by_groups(ranks, 0)


def all_readings(hand: Sequence[BruteCard], spec: PackSpec) -> set[Reading]:
    """Every reading of a hand: all Jokers low, or all standing for unheld cards of
    the pack when that makes a straight, a flush or a straight flush."""
    naturals = [card for card in hand if card is not None]
    jokers = len(hand) - len(naturals)
    if jokers == 0:
        return {classify_naturals(naturals, spec)}
    found = {_by_groups([rank for rank, _ in naturals], jokers)}
    unheld = [card for card in pack_cards(PackSpec(spec.lowest, 0, spec.ace_low)) if card not in naturals]
    for fill in itertools.combinations(unheld, jokers):
        reading = classify_naturals([*naturals, *(card for card in fill if card is not None)], spec)
        if reading[0] in (SF, FLUSH, STRAIGHT):
            found.add(reading)
    return found


def strength_of(order: Sequence[int]) -> dict[int, int]:
    """Category number -> strength (8 for the first of ``order``, 0 for the last)."""
    return {category: 8 - position for position, category in enumerate(order)}


def best(readings: set[Reading], order: Sequence[int]) -> Reading:
    """The best reading under an order of the categories."""
    strength = strength_of(order)
    return max(readings, key=lambda reading: (strength[reading[0]], reading[1]))


Key = tuple[int, tuple[int, ...], int]


def key(readings: set[Reading], jokers: int, order: Sequence[int]) -> Key:
    """A hand's value: the best reading's strength and tie-break, then fewer Jokers."""
    category, tiebreak = best(readings, order)
    return strength_of(order)[category], tiebreak, -jokers


def rarity_order(counts: Counter[int]) -> tuple[int, ...]:
    """RULES.md: occurring categories rarest first (ties in standard order), then the absent ones."""
    occurring = sorted((c for c in range(9) if counts[c] > 0), key=lambda c: (counts[c], c))
    return tuple(occurring) + tuple(c for c in range(9) if counts[c] == 0)


class Enumeration(NamedTuple):
    """Every 5-card hand of a pack (as index tuples into the pack's cards) with its brute-force value."""

    spec: PackSpec
    hands: list[tuple[int, ...]]
    standard_categories: list[int]
    standard_keys: list[Key]
    rarity: tuple[int, ...]
    rarity_categories: list[int]
    rarity_keys: list[Key]


@cache
def enumerate_pack(spec: PackSpec) -> Enumeration:
    """Classify every hand of the pack under the standard order and under rarity (cached)."""
    cards = pack_cards(spec)
    hands: list[tuple[int, ...]] = list(itertools.combinations(range(len(cards)), 5))
    readings = [all_readings([cards[i] for i in hand], spec) for hand in hands]
    jokers = [sum(cards[i] is None for i in hand) for hand in hands]
    standard = [best(r, STANDARD_ORDER)[0] for r in readings]
    rarity = rarity_order(Counter(standard))
    return Enumeration(
        spec,
        hands,
        standard,
        [key(r, j, STANDARD_ORDER) for r, j in zip(readings, jokers, strict=True)],
        rarity,
        [best(r, rarity)[0] for r in readings],
        [key(r, j, rarity) for r, j in zip(readings, jokers, strict=True)],
    )


def dense_ranks(values: Sequence[object]) -> list[int]:
    """Each value's position among the distinct values, sorted: two sequences have
    the same dense ranks exactly when they induce the same total preorder."""
    distinct = sorted(set(values))  # type: ignore[type-var]
    position = {value: i for i, value in enumerate(distinct)}
    return [position[value] for value in values]
