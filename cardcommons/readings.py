"""Readings: the ways a hand's Jokers can be fixed, by the Joker rule.

The Joker is wild only to complete a straight, a flush or a straight flush;
then it stands for the card that makes that hand best. Anywhere else it
plays low, below the pack's lowest rank, and never pairs. A hand without
Jokers has exactly one reading.

>>> [r.category.value for r in readings(parse_cards("Ah Kh Qh Jh"), 1, Pack.whisky(2))]
['high card', 'straight', 'straight flush', 'flush']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import NamedTuple

from cardcommons.cards import Card, Rank, Suit
from cardcommons.categories import Category
from cardcommons.packs import Pack

JOKER_LOW = 1
"""The value of a Joker that plays low: below every rank of every pack."""


class Reading(NamedTuple):
    """One way to read a hand: its category, the ranks that rank it within
    the category (high to low, Jokers as what they stand for), and the card
    each Joker stands for (None when it plays low)."""

    category: Category
    ranks: tuple[int, ...]
    stand_ins: tuple[Card | None, ...]


def readings(naturals: Sequence[Card], jokers: int, pack: Pack) -> list[Reading]:
    """Every distinct way to read ``naturals`` plus ``jokers`` Jokers (best
    of each kind): Jokers low, and, where they can complete one, the best
    straight, straight flush and flush.

    >>> [r.category.value for r in readings(parse_cards("Ah Kh Qh Jh"), 1, Pack.whisky(2))]
    ['high card', 'straight', 'straight flush', 'flush']
    """
    ranks, flush_suit = shape_of(naturals)
    return ranked_readings(list(ranks), flush_suit, jokers, pack)


def shape_of(naturals: Sequence[Card]) -> tuple[tuple[int, ...], Suit | None]:
    """What the readings of natural cards depend on: their ranks, highest first, and
    their suit if they share one.

    >>> shape_of(parse_cards("9h Ah Kh"))
    ((14, 13, 9), <Suit.HEARTS: 'h'>)
    """
    ranks = [_RANK_VALUE[c.rank] for c in naturals]
    ranks.sort(reverse=True)
    suits = {c.suit for c in naturals}
    return tuple(ranks), (suits.pop() if len(suits) == 1 else None)


def ranked_readings(ranks: list[int], flush_suit: Suit | None, jokers: int, pack: Pack) -> list[Reading]:
    """:func:`readings` of natural cards given by their ranks, highest first, and
    their suit if they share one (the lookup tables start from ranks, not cards).

    >>> ranked_readings([14, 14, 9], None, 2, Pack.whisky(2))[0].category.value
    'pair'
    """
    held = set(ranks)
    if len(held) < len(ranks):
        # the ranks by group size, then by rank (a stable sort keeps the rank order among equal sizes)
        order = sorted(sorted(held, reverse=True), key=ranks.count, reverse=True)
        category = _GROUPS[ranks.count(order[0]), ranks.count(order[1]) if len(order) > 1 else 0]
        return [Reading(category, tuple(order + [JOKER_LOW] * jokers), (None,) * jokers)]
    straight = next((run for run in pack.straights if held <= run[1]), None)  # the highest run they fit in
    if jokers == 0:
        if straight:
            category = Category.STRAIGHT_FLUSH if flush_suit else Category.STRAIGHT
            return [Reading(category, (straight[0],), ())]
        category = Category.FLUSH if flush_suit else Category.HIGH_CARD
        return [Reading(category, tuple(ranks), ())]
    found = [Reading(Category.HIGH_CARD, tuple(ranks) + (JOKER_LOW,) * jokers, (None,) * jokers)]
    if straight:
        top, window = straight
        missing = sorted(window - held, reverse=True)
        off_suit = next(s for s in Suit if s is not flush_suit)
        found.append(Reading(Category.STRAIGHT, (top,), tuple(Card(Rank(r), off_suit) for r in missing)))
        if flush_suit is not None:
            found.append(Reading(Category.STRAIGHT_FLUSH, (top,), tuple(Card(Rank(r), flush_suit) for r in missing)))
    if flush_suit is not None:
        free = [r for r in reversed(pack.ranks) if r not in held]
        for fill in itertools.combinations(free, jokers):
            if held.union(fill) not in pack.straight_windows:
                stand_ins = tuple(Card(Rank(r), flush_suit) for r in fill)
                found.append(Reading(Category.FLUSH, tuple(sorted(ranks + list(fill), reverse=True)), stand_ins))
                break
    return found


_RANK_VALUE: dict[Rank | None, int] = {rank: int(rank) for rank in Rank}
_GROUPS = {(top, second): Category.of_groups([top, second]) for top in range(1, 5) for second in range(5)}
"""The category of hands whose two largest groups of equal ranks have these sizes."""


def example_naturals(ranks: Sequence[Rank], one_suit: bool) -> tuple[Card, ...]:
    """Natural cards with these ranks, all clubs if ``one_suit`` (distinct
    ranks only), otherwise in suits that are not all the same.

    >>> example_naturals([Rank.ACE, Rank.KING, Rank.KING], one_suit=False)
    (A♣, K♣, K♦)
    """
    if one_suit:
        return tuple(Card(rank, Suit.CLUBS) for rank in ranks)
    if len(set(ranks)) == len(ranks):
        return (Card(ranks[0], Suit.DIAMONDS),) + tuple(Card(rank, Suit.CLUBS) for rank in ranks[1:])
    return tuple(Card(rank, _SUITS[ranks[:i].count(rank)]) for i, rank in enumerate(ranks))


_SUITS = tuple(Suit)
