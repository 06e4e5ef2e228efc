"""Evaluating 5-card hands, with the Joker rule, in any pack and under any ranking.

The Joker is wild only to complete a straight, a flush or a straight flush;
anywhere else it plays low, just below the pack's lowest rank, and never
pairs. Each way of fixing the Jokers is a *reading*; a hand's value is its
best reading under the ranking in force. Equal hands in category and card for
card (Jokers counted as what they stand for): the one with fewer Jokers wins.

>>> pack = Pack.split_and_choose()
>>> value = evaluate(parse_cards("As Ks Qs 10h Jo"), pack)
>>> value.category, value.describe()
(<Category.STRAIGHT: 'straight'>, 'Straight to the Ace, the Joker as the Jack')
>>> value < evaluate(parse_cards("As Ks Qs 10h Jd"), pack)
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from cardcommons.cards import JOKER, Card, Rank, Suit, card_order, cards_str, parse_cards
from cardcommons.categories import Category, Ranking
from cardcommons.errors import CardError
from cardcommons.odds import RankingLike, resolve_ranking
from cardcommons.packs import Pack, check_pack
from cardcommons.readings import JOKER_LOW, Reading, ranked_readings

__all__ = ["HAND_SIZE", "HandValue", "best_five", "best_reading", "evaluate", "value_of"]

HAND_SIZE = 5
"""The cards in a hand, in every game and table of the project."""


@dataclass(frozen=True, order=True)
class HandValue:
    """The value of a 5-card hand: totally ordered, hashable, equal means a tie.

    >>> pack = Pack.whisky(2, jokers=True)
    >>> v = evaluate(parse_cards("Kh Kd 9s 9c Jo"), pack)
    >>> v.category.label, v.stand_ins, v.describe()
    ('Two pair', (None,), 'Two pair, Kings and Nines, the Joker plays low')
    """

    key: tuple[int, tuple[int, ...], int] = field(repr=False)
    category: Category = field(compare=False)
    cards: tuple[Card, ...] = field(compare=False)
    stand_ins: tuple[Card | None, ...] = field(compare=False)
    ranks: tuple[int, ...] = field(compare=False, repr=False)

    @classmethod
    def _of(cls, key: tuple[int, tuple[int, ...], int], reading: Reading, cards: tuple[Card, ...]) -> HandValue:
        """The value of ``cards`` read as ``reading``, from parts already worked out (a fast
        path for :func:`value_of`, run once per hand: no generated ``__init__``)."""
        value = cls.__new__(cls)
        value.__dict__.update(
            key=key, category=reading.category, cards=cards, stand_ins=reading.stand_ins, ranks=reading.ranks
        )
        return value

    def describe(self) -> str:
        """The hand in plain words, with what each Joker does."""
        return _description(self.category, self.ranks, self.stand_ins)

    def __str__(self) -> str:
        return f"{cards_str(self.cards)}: {self.describe()}"

    def _repr_html_(self) -> str:
        from cardcommons.faces import hand_html

        return hand_html(self.cards, caption=self.describe())


@lru_cache(maxsize=1 << 16)
def _description(category: Category, ranks: tuple[int, ...], stand_ins: tuple[Card | None, ...]) -> str:
    """:meth:`HandValue.describe`, worked out once for each value that reads alike."""
    main = _describe_category(category, ranks)
    if not stand_ins:
        return main
    if all(s is None for s in stand_ins):
        plays = "the Joker plays low" if len(stand_ins) == 1 else "the Jokers play low"
        return f"{main}, {plays}"
    named = [_stand_in_name(s, category) for s in stand_ins if s is not None]
    joker = "the Joker as " if len(named) == 1 else "the Jokers as "
    return f"{main}, {joker}{' and '.join(named)}"


def _stand_in_name(card: Card, category: Category) -> str:
    assert card.rank is not None and card.suit is not None
    if category is Category.STRAIGHT:
        return f"the {card.rank.word}"
    return f"the {card.rank.word} of {card.suit.word}"


def _describe_category(category: Category, ranks: tuple[int, ...]) -> str:
    words = [_kicker(r) for r in ranks]
    match category:
        case Category.STRAIGHT_FLUSH if ranks[0] == Rank.ACE:
            return "Royal flush"
        case Category.STRAIGHT_FLUSH | Category.STRAIGHT:
            return f"{category.label} to the {words[0]}"
        case Category.FOUR_OF_A_KIND:
            return f"Four {Rank(ranks[0]).plural}, {_kicker(ranks[1])} kicker"
        case Category.FULL_HOUSE:
            return f"Full house, {Rank(ranks[0]).plural} over {Rank(ranks[1]).plural}"
        case Category.FLUSH | Category.HIGH_CARD:
            prefix = "Flush, " if category is Category.FLUSH else ""
            return f"{prefix}{words[0]} high"
        case Category.THREE_OF_A_KIND:
            return f"Three {Rank(ranks[0]).plural}"
        case Category.TWO_PAIR:
            return f"Two pair, {Rank(ranks[0]).plural} and {Rank(ranks[1]).plural}"
        case _:
            return f"Pair of {Rank(ranks[0]).plural}"


def _kicker(rank: int) -> str:
    return Rank(rank).word if rank != JOKER_LOW else "Joker"


def evaluate(cards: Iterable[Card] | str, pack: Pack | None = None, ranking: RankingLike = "standard") -> HandValue:
    """The value of a 5-card hand in ``pack`` (the full 52-card pack, plus
    Jokers if the hand has them, by default) under ``ranking``: "standard",
    "rarity" (RULES.md's ranking by rarity in this pack) or a :class:`Ranking`.

    >>> evaluate("Jo As Ad Kc Qh", Pack(jokers=1)).describe()
    'Pair of Aces, the Joker plays low'
    >>> evaluate("As Ks Qs Js Ts Jo")
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: expected 5 cards, got 6: A♠ K♠ Q♠ J♠ 10♠ JO
    """
    hand = parse_cards(cards)
    pack = _full_pack(hand) if pack is None else check_pack(pack)
    hand = pack.check(hand, size=HAND_SIZE)
    return value_of(hand, pack, resolve_ranking(ranking, pack))


def _full_pack(cards: Sequence[Card]) -> Pack:
    """The default pack: all 52 cards, plus as many Jokers as ``cards`` hold (at most 2)."""
    return Pack(lowest=2, jokers=min(2, sum(c.is_joker for c in cards)))


def value_of(hand: Sequence[Card], pack: Pack, ranking: Ranking) -> HandValue:
    """:func:`evaluate` for 5 cards already checked, under a resolved ranking."""
    shown = tuple(sorted(hand, key=card_order, reverse=True))  # high first, the Jokers (order 0) last
    code = sum(map(_CARD_CODE.__getitem__, shown))
    key, best = _best_of_shape(code & _SHAPE_MASK, _FLUSH_SUIT.get(code >> _SUIT_SHIFT), pack, ranking)
    return HandValue._of(key, best, shown)


_SUIT_SHIFT = 42
_SHAPE_MASK = (1 << _SUIT_SHIFT) - 1
_CARD_CODE = {
    Card(rank, suit): (1 << 3 * (rank - 1)) + (1 << _SUIT_SHIFT + 3 * i) for rank in Rank for i, suit in enumerate(Suit)
} | {JOKER: 1}
"""What a card adds to its hand's code, 3 bits a field: one in its rank's field (the Joker in
the lowest), and one in its suit's, above the ranks. Below ``_SUIT_SHIFT`` the sum is the
hand's shape: how many cards of each rank, and Jokers."""
_FLUSH_SUIT = {count << 3 * i: suit for i, suit in enumerate(Suit) for count in range(1, 6)}
"""The suit of a hand's natural cards when they share one, by the suit fields of its code."""


@lru_cache(maxsize=1 << 16)
def _best_of_shape(
    shape: int, flush_suit: Suit | None, pack: Pack, ranking: Ranking
) -> tuple[tuple[int, tuple[int, ...], int], Reading]:
    """A hand's best reading depends only on its shape, worked out once each: the count of
    each rank and of Jokers (packed in one int, see ``_CARD_CODE``), and the suit of its
    natural cards if they share one."""
    jokers = shape & 7
    ranks = [rank for rank in range(14, 1, -1) for _ in range(shape >> 3 * (rank - 1) & 7)]
    return best_reading(ranked_readings(ranks, flush_suit, jokers, pack), jokers, ranking)


def best_reading(
    found: Sequence[Reading], jokers: int, ranking: Ranking
) -> tuple[tuple[int, tuple[int, ...], int], Reading]:
    """The best of a hand's readings (with ``jokers`` Jokers) under ``ranking``, and its
    key: a hand's :attr:`HandValue.key` (what orders hands) without the rest of the value.

    >>> pack = Pack.whisky(2, jokers=True)
    >>> best_reading(ranked_readings([13, 13, 9, 9], None, 1, pack), 1, Ranking(tuple(Category)))[0]
    (2, (13, 9, 1), -1)
    """
    best = found[0] if len(found) == 1 else max(found, key=lambda r: (ranking.strength(r.category), r.ranks))
    return (ranking.strength(best.category), best.ranks, -jokers), best


def best_five(cards: Iterable[Card] | str, pack: Pack | None = None, ranking: RankingLike = "standard") -> HandValue:
    """The best 5-card hand among 5 or more cards.

    >>> best_five("As Ad Ac Ks Kd 2h 3c").describe()
    'Full house, Aces over Kings'
    """
    held = parse_cards(cards)
    pack = _full_pack(held) if pack is None else check_pack(pack)
    held = pack.check(held)
    if len(held) < 5:
        raise CardError(f"best_five needs at least 5 cards, got {len(held)}: {cards_str(held) or 'none'}")
    order = resolve_ranking(ranking, pack)
    return max(value_of(five, pack, order) for five in itertools.combinations(held, HAND_SIZE))
