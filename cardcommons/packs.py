"""Packs: four suits from a lowest rank up to the Ace, plus 0 to 2 Jokers.

>>> pack = Pack.whisky(players=2)
>>> len(pack), pack.cards[:3], pack.lowest
(24, (9♣, 9♦, 9♥), 9)
>>> len(Pack.split_and_choose()), len(Pack(lowest=2, jokers=2))
(21, 54)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import cached_property

from cardcommons.cards import JOKER, Card, Rank, Suit, cards_str
from cardcommons.errors import CardError, shown

MIN_PLAYERS, MAX_PLAYERS = 2, 9


def _check_flag(name: str, value: object) -> None:
    """Refuse a flag that is not a real bool: "no", 1 or 2 must not pass for True."""
    if not isinstance(value, bool):
        raise CardError(f"{name} must be True or False, not {shown(value)}")


@dataclass(frozen=True)
class Pack:
    """A pack: the ranks ``lowest``..Ace in four suits, then ``jokers`` Jokers.

    ``ace_low`` is a rule of the pack: when on (the default), the Ace may also
    play just below the lowest rank in a straight (A-9-10-J-Q in the 24-card
    pack). ``pack.cards`` has a fixed order, rank by rank and suit by suit,
    Jokers last; a card's position there is its index in
    :func:`cardcommons.evaluate_many`.

    >>> Pack(lowest=10, jokers=1)
    Pack(lowest=10, jokers=1)
    >>> Pack(lowest=11)
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: a pack's lowest rank must be 2..10, not 11
    >>> Pack(ace_low="no")
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: ace_low must be True or False, not 'no'
    """

    lowest: int = 2
    jokers: int = 0
    ace_low: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.lowest, bool) or not isinstance(self.lowest, int) or not 2 <= self.lowest <= 10:
            raise CardError(f"a pack's lowest rank must be 2..10, not {shown(self.lowest)}")
        if isinstance(self.jokers, bool) or not isinstance(self.jokers, int) or not 0 <= self.jokers <= 2:
            raise CardError(f"a pack has 0 to 2 Jokers, not {shown(self.jokers)}")
        _check_flag("ace_low", self.ace_low)

    @classmethod
    def whisky(cls, players: int = 4, jokers: bool = False, ace_low: bool = True) -> Pack:
        """The Whisky Poker pack for a table: 24 cards for 2 players, one rank
        more for each extra player; with Jokers, 1 for 2-4 players, 2 for 5-9.

        >>> [len(Pack.whisky(p)) for p in range(2, 10)]
        [24, 28, 32, 36, 40, 44, 48, 52]
        >>> Pack.whisky(5, jokers=True).jokers
        2
        """
        if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise CardError(f"Whisky Poker is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {shown(players)}")
        _check_flag("jokers", jokers)
        _check_flag("ace_low", ace_low)
        joker_count = (1 if players <= 4 else 2) if jokers else 0
        return cls(lowest=11 - players, jokers=joker_count, ace_low=ace_low)

    @classmethod
    def split_and_choose(cls, ace_low: bool = True) -> Pack:
        """The Split and Choose pack: 10, J, Q, K, A of each suit and one Joker."""
        return cls(lowest=10, jokers=1, ace_low=ace_low)

    def __hash__(self) -> int:
        return self._hash  # worked out once: packs key the caches of every evaluation

    @cached_property
    def _hash(self) -> int:
        return hash((self.lowest, self.jokers, self.ace_low))

    def __repr__(self) -> str:
        extra = "" if self.ace_low else ", ace_low=False"
        return f"Pack(lowest={self.lowest}, jokers={self.jokers}{extra})"

    def __str__(self) -> str:
        jokers = {0: "", 1: " and 1 Joker", 2: " and 2 Jokers"}[self.jokers]
        return f"{len(self)}-card pack ({Rank(self.lowest).symbol} to A{jokers})"

    @cached_property
    def ranks(self) -> tuple[Rank, ...]:
        """The ranks in the pack, lowest first."""
        return tuple(Rank(r) for r in range(self.lowest, 15))

    @cached_property
    def cards(self) -> tuple[Card, ...]:
        """Every card, in the pack's fixed order (rank, then suit, Jokers last)."""
        naturals = tuple(Card(rank, suit) for rank in self.ranks for suit in Suit)
        return naturals + (JOKER,) * self.jokers

    @cached_property
    def straights(self) -> tuple[tuple[int, frozenset[int]], ...]:
        """Every straight as ``(top, ranks)``, highest first; the ace-low one,
        if the rule is on and differs from the lowest regular one, comes last
        and is topped by its fourth rank.

        >>> [top for top, _ in Pack.whisky(2).straights]
        [14, 13, 12]
        >>> [top for top, _ in Pack.split_and_choose().straights]
        [14]
        """
        regular = [(top, frozenset(range(top - 4, top + 1))) for top in range(14, self.lowest + 3, -1)]
        low = frozenset({14, *range(self.lowest, self.lowest + 4)})
        if self.ace_low and all(low != ranks for _, ranks in regular):
            regular.append((self.lowest + 3, low))
        return tuple(regular)

    @cached_property
    def straight_windows(self) -> frozenset[frozenset[int]]:
        """The ranks of every straight, as a set to look a hand's ranks up in.

        >>> frozenset({14, 13, 12, 11, 10}) in Pack.split_and_choose().straight_windows
        True
        """
        return frozenset(ranks for _, ranks in self.straights)

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __contains__(self, card: object) -> bool:
        if not isinstance(card, Card):
            return False
        if card.is_joker:
            return self.jokers > 0
        return card.rank is not None and card.rank >= self.lowest

    def check(self, cards: Iterable[Card], size: int | None = None) -> tuple[Card, ...]:
        """Return the cards as a tuple after checking they could be held
        together from this pack: each in the pack, no card twice, no more
        Jokers than the pack has and, if given, exactly ``size`` cards.

        >>> Pack.whisky(2).check(parse_cards("8s 9s"))
        Traceback (most recent call last):
        ...
        cardcommons.errors.CardError: 8♠ is not in the 24-card pack (9 to A)
        """
        held = _as_tuple(cards)
        if size is not None and type(size) is not int:
            raise CardError(f"a hand size is a number of cards, not {shown(size)}")
        try:
            distinct = set(held)
            known = self._card_set >= distinct
        except TypeError:  # unhashable: not a card
            known = False
        if not known:
            for card in held:
                if not isinstance(card, Card):
                    raise CardError(f"not a card: {shown(card)}")
                if card not in self:
                    raise CardError(f"{card} is not in the {self}")
        jokers = held.count(JOKER) if JOKER in distinct else 0  # count compares in Python: only if needed
        if len(distinct) - (jokers > 0) != len(held) - jokers:
            naturals = [c for c in held if c.rank is not None]
            twice = sorted({c for c in naturals if naturals.count(c) > 1})
            raise CardError(f"{cards_str(twice)} appears more than once in {cards_str(held)}")
        if jokers > self.jokers:
            raise CardError(f"{cards_str(held)} has {jokers} Jokers; the {self} has {self.jokers}")
        if size is not None and len(held) != size:
            raise CardError(f"expected {size} cards, got {len(held)}: {cards_str(held) or 'none'}")
        return held

    @cached_property
    def _card_set(self) -> frozenset[Card]:
        return frozenset(self.cards)

    @cached_property
    def position(self) -> dict[Card, int]:
        """Each card's index in ``pack.cards``; the Joker's is the first Joker's.

        >>> pack = Pack(lowest=10, jokers=2)
        >>> pack.position[parse_card("As")], pack.position[JOKER]
        (19, 20)
        """
        return {card: i for i, card in reversed(list(enumerate(self.cards)))}

    def indices(self, cards: Iterable[Card]) -> tuple[int, ...]:
        """The positions of cards in ``pack.cards`` (the Jokers in turn take
        the Joker positions), after :meth:`check`.

        >>> Pack(lowest=10, jokers=2).indices(parse_cards("Jo 10c Jo"))
        (20, 0, 21)
        """
        held = self.check(cards)
        next_joker = iter(range(len(self) - self.jokers, len(self)))
        return tuple(next(next_joker) if c.is_joker else self.position[c] for c in held)

    def shuffled(self, seed: int | random.Random | None = None) -> list[Card]:
        """The cards in a random order from ``random.Random(seed)``, never the global generator.

        >>> Pack.split_and_choose().shuffled(7) == Pack.split_and_choose().shuffled(7)
        True
        """
        if not isinstance(seed, (random.Random, int, type(None))):
            raise CardError(f"a seed is an int, None or a random.Random, not {shown(seed)}")
        rng = seed if isinstance(seed, random.Random) else random.Random(seed)
        order = list(self.cards)
        rng.shuffle(order)
        return order


def _as_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards as a tuple, or a CardError if they are not a collection (a string is one card's worth of letters)."""
    given: object = cards  # checked as it comes, whatever the annotation says
    if isinstance(given, (str, bytes)):
        raise CardError(f"expected cards, not the text {shown(given)}: read it with parse_cards")
    try:
        return tuple(cards)
    except TypeError:
        raise CardError(f"expected cards, not {shown(cards)}") from None


def check_pack(pack: object) -> Pack:
    """``pack`` itself if it is a :class:`Pack`, else a CardError naming it
    (checked before any cache, which would hash whatever it is given).

    >>> check_pack("52")
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: not a pack: '52' (make one with Pack(...))
    """
    if not isinstance(pack, Pack):
        raise CardError(f"not a pack: {shown(pack)} (make one with Pack(...))")
    return pack
