"""cardcommons: cards, packs, hands and odds for poker-hand games played with shortened packs.

>>> from cardcommons import Pack, evaluate
>>> evaluate("As Ks Qs Js Jo", Pack.split_and_choose()).describe()
'Royal flush, the Joker as the Ten of spades'
"""

from typing import TYPE_CHECKING

from cardcommons.cards import JOKER, Card, Rank, Suit, parse_card, parse_cards
from cardcommons.categories import STANDARD, Category, Ranking
from cardcommons.errors import CardError, IllegalActionError, PlotError, RecordError, RulesError, SimulationError
from cardcommons.hands import HandValue, best_five, evaluate
from cardcommons.odds import category_counts
from cardcommons.packs import Pack

if TYPE_CHECKING:  # imported when first asked for (see __getattr__)
    from cardcommons.reviews import Review, review

__all__ = [
    "JOKER",
    "STANDARD",
    "Card",
    "CardError",
    "Category",
    "HandValue",
    "IllegalActionError",
    "Pack",
    "PlotError",
    "Rank",
    "Ranking",
    "RecordError",
    "Review",
    "RulesError",
    "SimulationError",
    "Suit",
    "best_five",
    "category_counts",
    "evaluate",
    "parse_card",
    "parse_cards",
    "review",
]


def __getattr__(name: str) -> object:
    """:func:`~cardcommons.reviews.review` and its :class:`~cardcommons.reviews.Review`, imported when first
    asked for: they bring the bots and the coach, which a reader of cards and odds alone does not need."""
    if name in ("review", "Review"):
        from cardcommons import reviews

        return getattr(reviews, name)
    raise AttributeError(f"module 'cardcommons' has no attribute {name!r}")
