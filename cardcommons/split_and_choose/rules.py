"""The fixed rules of Split and Choose: the 21-card pack, the five rounds and the phases of a game.

>>> print(PACK)
21-card pack (10 to A and 1 Joker)
>>> PACK.cards[:5], PACK.cards[-1]
((10♣, 10♦, 10♥, 10♠, J♣), JO)
>>> import typing
>>> ROUNDS, typing.get_args(Phase)
(5, ('split', 'choose', 'reserve', 'build', 'over'))
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

from cardcommons.cards import Card, card_order
from cardcommons.packs import Pack

__all__ = ["PACK", "ROUNDS", "Phase"]

PACK = Pack.split_and_choose()
"""The 21-card pack: 10, J, Q, K, A of each suit and one Joker."""
ROUNDS = 5
Phase = Literal["split", "choose", "reserve", "build", "over"]

_INDEX = PACK.position


def _high_first(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted high first, the Joker last (by the cards' own order, in C)."""
    return tuple(sorted(cards, key=card_order, reverse=True))
