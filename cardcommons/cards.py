"""Cards: ranks, suits, the Joker, and parsing card strings.

A card prints in its short unicode form (``A♠``, ``10♥``, ``JO``) because that
is what a reader sees on a table, and parses from the ASCII form players type
(``As``, ``Th`` or ``10h``, ``Jo``), in either case.

>>> parse_cards("As Kh 10d Td jo")
(A♠, K♥, 10♦, 10♦, JO)
>>> str(Card(Rank.QUEEN, Suit.HEARTS))
'Q♥'
"""

from __future__ import annotations

import enum
import operator
from collections.abc import Iterable
from typing import Any, cast

from cardcommons.errors import CardError, shown


class Rank(enum.IntEnum):
    """A card rank; the Ace is high (14).

    >>> Rank.ACE > Rank.KING, Rank.TEN.symbol, Rank.TEN.word
    (True, '10', 'Ten')
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The short form used in ``str(card)``: ``2``..``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The rank in words, as in "a pair of Kings"."""
        return _RANK_WORDS[self]

    @property
    def plural(self) -> str:
        """The rank in words, plural: ``Sixes``, ``Aces``."""
        return self.word + ("es" if self is Rank.SIX else "s")


_RANK_SYMBOLS = {r: str(r.value) for r in Rank if r <= 10} | {
    Rank.JACK: "J",
    Rank.QUEEN: "Q",
    Rank.KING: "K",
    Rank.ACE: "A",
}
_RANK_WORDS = {
    Rank.TWO: "Two",
    Rank.THREE: "Three",
    Rank.FOUR: "Four",
    Rank.FIVE: "Five",
    Rank.SIX: "Six",
    Rank.SEVEN: "Seven",
    Rank.EIGHT: "Eight",
    Rank.NINE: "Nine",
    Rank.TEN: "Ten",
    Rank.JACK: "Jack",
    Rank.QUEEN: "Queen",
    Rank.KING: "King",
    Rank.ACE: "Ace",
}


class Suit(enum.Enum):
    """A suit. Suits have no order in this game: they never break a tie.

    >>> Suit("h").symbol, Suit.HEARTS.is_red
    ('♥', True)
    """

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        """The unicode suit sign."""
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red, clubs and spades black."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def word(self) -> str:
        """The suit's name in lower case, as in "the Jack of hearts"."""
        return self.name.lower()


# Suits are singletons: hashing them by identity (in C, not Enum's hash of the
# name in Python) keeps look-ups of cards fast. Set here: Enum drops it in the class body.
Suit.__hash__ = object.__hash__  # type: ignore[method-assign]
_SUIT_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_SUIT_BY_SYMBOL = {symbol: suit for suit, symbol in _SUIT_SYMBOLS.items()}


class Card:
    """A playing card, or the Joker (rank and suit both None).

    Cards are small immutable values: equal cards compare equal and hash the
    same, and both Jokers of a two-Joker pack are the same value ``JOKER``.
    Sorting puts the Joker first, then by rank, then by suit letter. A rank is
    a :class:`Rank` (or its number, 2..14) and a suit a :class:`Suit`; anything
    else is refused.

    >>> Card(Rank.ACE, Suit.SPADES), JOKER.is_joker, Card(14, Suit.SPADES) is Card(Rank.ACE, Suit.SPADES)
    (A♠, True, True)
    >>> sorted(parse_cards("Ks Jo 9h"))
    [JO, 9♥, K♠]
    >>> Card(99, Suit.SPADES)
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: not a card: rank 99, suit <Suit.SPADES: 's'> (a rank is 2..14, a suit a Suit)
    """

    # There is one object per card (53 in all), made once below: equality and
    # hashing are then by identity, in C, which keeps sets and dicts of cards fast.
    __slots__ = ("_order", "_text", "rank", "suit")
    __match_args__ = ("rank", "suit")
    rank: Rank | None
    suit: Suit | None
    _order: int
    _text: str

    def __new__(cls, rank: Rank | int | None, suit: Suit | None) -> Card:
        try:
            card = _CARDS[suit][rank]
        except (KeyError, TypeError):
            card = None
        if card is None or (rank is not None and type(rank) is not Rank and type(rank) is not int):
            raise CardError(f"not a card: rank {shown(rank)}, suit {shown(suit)} (a rank is 2..14, a suit a Suit)")
        return card

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a card cannot be changed: {self}.{name}")

    def __reduce__(self) -> tuple[type[Card], tuple[Rank | None, Suit | None]]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @property
    def is_joker(self) -> bool:
        """True for the Joker."""
        return self.rank is None

    @property
    def sort_key(self) -> tuple[int, str]:
        """Joker first, then by rank and suit letter."""
        if self.rank is None or self.suit is None:
            return (0, "")
        return (int(self.rank), self.suit.value)

    def __lt__(self, other: Card) -> bool:
        if type(other) is not Card:
            return NotImplemented
        return self._order < other._order

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text

    @property
    def code(self) -> str:
        """The ASCII form that :func:`parse_card` reads back: ``As``, ``Th``, ``Jo``.

        >>> [c.code for c in parse_cards("10h Jo")]
        ['Th', 'Jo']
        """
        if self.rank is None or self.suit is None:
            return "Jo"
        symbol = "T" if self.rank is Rank.TEN else self.rank.symbol
        return symbol + self.suit.value

    def _repr_html_(self) -> str:
        from cardcommons.faces import card_html

        return card_html(self)


card_order = operator.attrgetter("_order")
"""A sort key for cards, in C: the Joker first, then by rank, then by suit letter.

>>> sorted(parse_cards("Ks Jo 9h"), key=card_order, reverse=True)
[K♠, 9♥, JO]
"""


def _make_card(rank: Rank | None, suit: Suit | None, order: int) -> Card:
    card = object.__new__(Card)
    object.__setattr__(card, "rank", rank)
    object.__setattr__(card, "suit", suit)
    object.__setattr__(card, "_order", order)
    # the printed form, made once: observations print many cards (OpenSpiel's information states)
    object.__setattr__(card, "_text", "JO" if rank is None or suit is None else rank.symbol + suit.symbol)
    return card


_CARDS: dict[Suit | None, dict[int | None, Card]] = {
    suit: {rank: _make_card(rank, suit, 4 * rank + i) for rank in Rank} for i, suit in enumerate(Suit)
}
_CARDS[None] = {None: _make_card(None, None, 0)}
_EVERY_CARD = frozenset(card for by_rank in _CARDS.values() for card in by_rank.values())
JOKER = Card(None, None)
"""The Joker: wild only for straights and flushes, otherwise the lowest card."""

_RANK_BY_TOKEN = {r.symbol: r for r in Rank} | {"T": Rank.TEN}
_JOKER_TOKENS = {"JO", "JK", "🃏", "JOKER"}
_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
"""The variation selectors that ask for a symbol's text or emoji look (phones add one after ♠): not part of a card."""


def parse_card(token: str) -> Card:
    """Read one card: a rank (``2``..``9``, ``T`` or ``10``, ``J``, ``Q``, ``K``, ``A``)
    then a suit (``c d h s`` or ``♣ ♦ ♥ ♠``), in either case; ``Jo``, ``JK`` or
    ``🃏`` for the Joker. The variation selector a phone adds to an emoji suit
    (``"A♠\ufe0f"``) is read past.

    >>> parse_card("qh"), parse_card("10♠"), parse_card("JK"), parse_card("A♠\ufe0f")
    (Q♥, 10♠, JO, A♠)
    >>> parse_card("Ax")
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: not a card: 'Ax' (unknown suit 'x')
    """
    if not isinstance(token, str):
        raise CardError(f"not a card: {shown(token)} (a card is written like 'As' or '10h')")
    text = token.strip()
    if not text.isascii():
        text = text.translate(_SELECTORS)
    upper = text.upper()
    if upper in _JOKER_TOKENS:
        return JOKER
    if len(text) < 2:
        raise CardError(f"not a card: {shown(token)} (a card is a rank then a suit, like 'As' or '10h')")
    rank_text, suit_text = upper[:-1], text[-1]
    rank = _RANK_BY_TOKEN.get(rank_text)
    if rank is None:
        raise CardError(f"not a card: {shown(token)} (unknown rank {shown(text[:-1])})")
    suit = _SUIT_BY_SYMBOL.get(suit_text)
    if suit is None:
        try:
            suit = Suit(suit_text.lower())
        except ValueError:
            raise CardError(f"not a card: {shown(token)} (unknown suit {shown(suit_text)})") from None
    return Card(rank, suit)


def parse_cards(text: str | Iterable[str | Card]) -> tuple[Card, ...]:
    """Read cards from a string separated by spaces or commas, or from an
    iterable of tokens and cards.

    >>> parse_cards("As,Kh  🃏")
    (A♠, K♥, JO)
    >>> parse_cards(["9c", JOKER])
    (9♣, JO)
    """
    given: object = text  # checked as it comes, whatever the annotation says
    if type(given) is tuple:
        try:
            if _EVERY_CARD.issuperset(given):  # cards already: nothing to read
                return cast("tuple[Card, ...]", given)
        except TypeError:  # unhashable: not a card, refused below
            pass
    if isinstance(given, str):
        tokens: Iterable[Any] = given.replace(",", " ").split()
    elif isinstance(given, (tuple, list)) or (
        isinstance(given, Iterable) and not isinstance(given, (bytes, bytearray))
    ):
        tokens = given
    else:
        raise CardError(f"not cards: {shown(given)} (write them like 'As Kh 10d', or give a list of cards)")
    return tuple([t if isinstance(t, Card) else parse_card(t) for t in tokens])


def cards_str(cards: Iterable[Card]) -> str:
    """The cards in their short form, separated by spaces.

    >>> cards_str(parse_cards("As Jo"))
    'A♠ JO'
    """
    return " ".join(str(c) for c in cards)
