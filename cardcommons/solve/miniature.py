"""Miniatures of Split and Choose, small enough to solve exactly.

A miniature keeps the game's shape with fewer ranks: the top ``rounds`` ranks
in four suits plus one Joker (``4 * rounds + 1`` cards), ``rounds`` rounds of
I-split-you-choose, a blind reserve, and two hands of ``rounds`` cards each.
Suits are ignored (no flush); as in the real 21-card pack, a hand of distinct
ranks is always the one straight, and the Joker is wild only for it. The
first splitter (player 0) splits rounds 1, 3, 5, ...; the other player
(player 1) decides first at the reserve, as the player who split fewer times
does in the real game. With ``rounds=5`` these are the real game's rules
less the royal flush; the tests check the two agree wherever no flush can
be made.

A card is a *type*: an index into :attr:`Miniature.ranks`, or
:attr:`Miniature.joker` for the Joker. A holding is a tuple of counts, one
for each type.

>>> MINI3.pack_size, MINI3.ranks, MINI3.counts
(13, (<Rank.QUEEN: 12>, <Rank.KING: 13>, <Rank.ACE: 14>), (4, 4, 4, 1))
>>> MINI3.describe_hand((0, 1, 1, 1))
'K A JO'
>>> # a straight beats a straight with the Joker, which beats three of a kind (the standard order)
>>> MINI3.hand_key((1, 1, 1, 0)) > MINI3.hand_key((0, 1, 1, 1)) > MINI3.hand_key((0, 0, 3, 0))
True
>>> MINI3.outcome((1, 2, 2, 1), (3, 1, 2, 0))  # Q K A + K A JO: two straights; Q Q Q + K A A: a pair at best
1
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import cache, cached_property

from cardcommons.cards import JOKER, Rank
from cardcommons.categories import Category
from cardcommons.errors import RulesError

__all__ = ["MINI2", "MINI3", "Miniature"]

Counts = tuple[int, ...]
"""How many cards of each type (the ranks, low to high, then the Joker)."""

_ORDER = (
    Category.FOUR_OF_A_KIND,
    Category.FULL_HOUSE,
    Category.STRAIGHT,
    Category.THREE_OF_A_KIND,
    Category.TWO_PAIR,
    Category.PAIR,
    Category.HIGH_CARD,
)
"""The standard order without the flushes (suits are ignored), strongest first."""
_STRENGTH = {category: len(_ORDER) - i for i, category in enumerate(_ORDER)}
_SHAPES = {
    (4,): Category.FOUR_OF_A_KIND,
    (3, 2): Category.FULL_HOUSE,
    (3,): Category.THREE_OF_A_KIND,
    (2, 2): Category.TWO_PAIR,
    (2,): Category.PAIR,
}
"""A hand's category from its counts of two or more of a rank, largest first."""


@dataclass(frozen=True)
class Miniature:
    """The rules of a miniature: its number of rounds (2 to 5; the pack is
    the top ``rounds`` ranks in four suits and one Joker; hands hold
    ``rounds`` cards).

    >>> Miniature("mini2", 2).ranks
    (<Rank.KING: 13>, <Rank.ACE: 14>)
    >>> Miniature("mini6", 6)
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: rounds is 2 to 5, not 6
    """

    name: str
    rounds: int

    def __post_init__(self) -> None:
        if not isinstance(self.rounds, int) or isinstance(self.rounds, bool) or not 2 <= self.rounds <= 5:
            raise RulesError(f"rounds is 2 to 5, not {self.rounds!r}")

    @cached_property
    def ranks(self) -> tuple[Rank, ...]:
        """The pack's ranks, low to high: the top ``rounds`` ranks."""
        return tuple(Rank(r) for r in range(Rank.ACE - self.rounds + 1, Rank.ACE + 1))

    @property
    def joker(self) -> int:
        """The Joker's type (after the ranks)."""
        return self.rounds

    @property
    def hand_size(self) -> int:
        """Cards in a hand: as many as rounds."""
        return self.rounds

    @property
    def counts(self) -> Counts:
        """The whole pack: four of each rank and one Joker."""
        return (4,) * self.rounds + (1,)

    @property
    def pack_size(self) -> int:
        """Cards in the pack: ``4 * rounds + 1``."""
        return sum(self.counts)

    def describe_hand(self, counts: Counts) -> str:
        """Cards of these counts, low to high, the Joker last."""
        names = [r.symbol for r in self.ranks] + [str(JOKER)]
        return " ".join(names[t] for t, n in enumerate(counts) for _ in range(n))

    def category(self, hand: Counts) -> Category:
        """The category of a hand (counts of ``hand_size`` cards).

        >>> MINI3.category((0, 2, 0, 1)), MINI3.category((1, 0, 1, 1))
        (<Category.PAIR: 'pair'>, <Category.STRAIGHT: 'straight'>)
        """
        return _category(self, hand)

    def hand_key(self, hand: Counts) -> tuple[int, ...]:
        """A hand's strength as a tuple: larger is stronger, equal is a tie.

        A hand of distinct ranks (with the Joker standing for the missing
        one) is the straight; one with the Joker is beaten by one without.
        Otherwise the Joker is the lowest kicker: the category from the
        repeated ranks, then the ranks by how often they occur and high to low.
        """
        return _hand_key(self, hand)

    def build_score(self, holding: Counts) -> tuple[tuple[int, ...], ...]:
        """The best build's score of a holding (``2 * hand_size`` cards): the
        largest (weaker category, stronger category, weaker hand, stronger
        hand) over the ways to split it into two hands, as in the real game.

        >>> MINI2.build_score((2, 2, 0))  # K A and K A: two straights beat A A and K K
        ((5,), (5,), (5, 1, 0), (5, 1, 0))
        """
        return _build_score(self, holding)

    def outcome(self, first: Counts, second: Counts) -> int:
        """+1 if the first holding wins when both build their best, -1 if it loses, 0 for a draw."""
        a, b = self.build_score(first), self.build_score(second)
        return (a > b) - (a < b)

    @cached_property
    def hands(self) -> tuple[Counts, ...]:
        """Every hand of the pack as counts (each multiset once)."""
        limits = [range(n + 1) for n in self.counts]
        return tuple(c for c in itertools.product(*limits) if sum(c) == self.hand_size)


@cache
def _category(mini: Miniature, hand: Counts) -> Category:
    return _STRENGTH_CATEGORY[_hand_key(mini, hand)[0]]


_STRENGTH_CATEGORY = {strength: category for category, strength in _STRENGTH.items()}


@cache
def _hand_key(mini: Miniature, hand: Counts) -> tuple[int, ...]:
    if len(hand) != len(mini.counts) or sum(hand) != mini.hand_size or min(hand) < 0:
        raise RulesError(
            f"a hand of {mini.name} holds {mini.hand_size} cards as counts of {len(mini.counts)} types, not {hand!r}"
        )
    jokers = hand[mini.joker]
    ranks = hand[: mini.joker]
    if max(ranks) <= 1:  # distinct ranks: the one straight, the Joker standing for the missing rank
        return (_STRENGTH[Category.STRAIGHT], len(ranks) - 1, -jokers)
    repeated = tuple(sorted((n for n in ranks if n >= 2), reverse=True))
    order = sorted(((n, t) for t, n in enumerate(ranks) if n), reverse=True)
    kickers = tuple(t for n, t in order for _ in range(n)) + (-1,) * jokers
    return (_STRENGTH[_SHAPES[repeated]], *kickers)


@cache
def _build_score(mini: Miniature, holding: Counts) -> tuple[tuple[int, ...], ...]:
    if len(holding) != len(mini.counts) or sum(holding) != 2 * mini.hand_size or min(holding) < 0:
        raise RulesError(f"a holding of {mini.name} is {2 * mini.hand_size} cards as counts, not {holding!r}")
    best: tuple[tuple[int, ...], ...] | None = None
    for hand in itertools.product(*(range(n + 1) for n in holding)):
        if sum(hand) != mini.hand_size:
            continue
        other = tuple(h - n for h, n in zip(holding, hand, strict=True))
        weaker, stronger = sorted((_hand_key(mini, hand), _hand_key(mini, other)))
        score = ((weaker[0],), (stronger[0],), weaker, stronger)
        if best is None or score > best:
            best = score
    assert best is not None
    return best


MINI2 = Miniature("mini2", 2)
"""Two rounds with K and A in four suits and the Joker (9 cards); hands of 2."""
MINI3 = Miniature("mini3", 3)
"""Three rounds with Q, K and A in four suits and the Joker (13 cards); hands of 3."""
