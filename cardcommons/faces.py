"""Card faces as HTML, for notebooks and every widget.

Faces use inline styles only, so they look the same in JupyterLab's light
and dark themes, on GitHub and in nbviewer, in the colours of
:mod:`cardcommons.palette`: a white card with a dark border, red hearts and
diamonds, black clubs and spades, a purple Joker marked JO (the project's one
notation for it), a patterned back for a face-down card, and a gold ring
around a selected card.

>>> "♥" in card_html(parse_card("Qh")) and "#c62828" in card_html(parse_card("Qh"))
True
>>> show(parse_cards("As Jo"))
A♠ JO
>>> "🃏" in show(parse_cards("As Jo"))._repr_html_()
False

Several hands at once, each a row with a label and a caption (valued hands
are captioned in words):

>>> from cardcommons.hands import evaluate
>>> show_hands([evaluate("Kh Kd 9s 9c 4d"), evaluate("As Ks Qs Js 10s")])
1: K♥ K♦ 9♠ 9♣ 4♦  (Two pair, Kings and Nines)
2: A♠ K♠ Q♠ J♠ 10♠  (Royal flush)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Protocol

from cardcommons.cards import Card, cards_str
from cardcommons.palette import (
    BACK,
    BACK_STRIPE,
    CARD_EDGE,
    CARD_PAPER,
    FONT,
    GOLD,
    JOKER_LABEL,
    card_colour,
    card_name,
    text_html,
)

__all__ = [
    "CardRow",
    "HandRows",
    "Valued",
    "back_style",
    "card_html",
    "card_text",
    "hand_html",
    "show",
    "show_hands",
    "text_html",
]

_SHAPE = (
    "display:inline-flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;"
    f"width:46px;height:66px;margin:2px;padding:3px 5px;border-radius:6px;border:1px solid {CARD_EDGE};"
    "text-align:left;"  # the rank in its corner even in a table cell that aligns right (JupyterLab's do)
)
_LOOK = f"font:600 17px/1.1 {FONT};vertical-align:middle;box-shadow:0 1px 2px rgba(0,0,0,.35);"
_FACE = f"{_SHAPE}background:{CARD_PAPER};{_LOOK}"


def back_style(stripe_px: int, border_px: int) -> str:
    """The look of a card's back: stripes ``stripe_px`` wide, a white edge
    ``border_px`` wide. A plain blue lies under the stripes: a sanitized
    picture (an untrusted notebook) keeps the colour and drops the gradient."""
    return (
        f"background-color:{BACK};background-image:repeating-linear-gradient(45deg,{BACK} 0 {stripe_px}px,"
        f"{BACK_STRIPE} {stripe_px}px {2 * stripe_px}px);border:{border_px}px solid {CARD_PAPER};"
    )


_BACK = f"{_SHAPE}{_LOOK}{back_style(5, 2)}"


def card_html(card: Card | None, *, selected: bool = False, title: str | None = None) -> str:
    """One card face as an HTML ``<span>``: to a screen reader an image named in words ("Ace of
    spades"); ``None`` draws a face-down card.

    >>> "face-down" in card_html(None)
    True
    """
    ring = f"outline:3px solid {GOLD};outline-offset:1px;transform:translateY(-4px);" if selected else ""
    tip = f' title="{escape(title)}"' if title else ""
    if card is None:
        back = f'<span class="cc-card cc-back" aria-label="face-down card" role="img"{tip}'
        return f'{back} style="{_BACK}{ring}"></span>'
    selected_class = " cc-selected" if selected else ""
    look = f"{_FACE}color:{card_colour(card)};{ring}"
    face = f'<span class="cc-card{selected_class}" role="img" aria-label="{card_name(card)}"{tip} style="{look}">'
    if card.rank is None or card.suit is None:  # the Joker: its one notation, in the middle
        return f'{face}<span style="margin:auto;font-size:19px;letter-spacing:.02em">{JOKER_LABEL}</span></span>'
    return (
        f'{face}<span style="font-size:14px">{card.rank.symbol}</span>'
        f'<span style="align-self:center;font-size:22px">{card.suit.symbol}</span></span>'
    )


def hand_html(cards: Iterable[Card | None], caption: str | None = None) -> str:
    """A row of card faces with an optional caption under it."""
    faces = "".join(card_html(card) for card in cards)
    under = f'<div style="font:13px {FONT};margin-top:2px">{text_html(caption)}</div>' if caption else ""
    return f'<div class="cc-hand" style="display:inline-block;margin:2px 0;text-align:left">{faces}{under}</div>'


class CardRow:
    """Cards that display as faces in a notebook and as text elsewhere."""

    def __init__(self, cards: Iterable[Card], caption: str | None = None) -> None:
        self.cards = tuple(cards)
        self.caption = caption

    def __repr__(self) -> str:
        text = cards_str(self.cards)
        return f"{text}  ({self.caption})" if self.caption else text

    def _repr_html_(self) -> str:
        return hand_html(self.cards, self.caption)


def show(cards: Iterable[Card], caption: str | None = None) -> CardRow:
    """Show cards as faces in a notebook: ``show(parse_cards("As Kh"))``."""
    return CardRow(cards, caption)


class Valued(Protocol):
    """Anything with cards and words for them, like a ``HandValue``."""

    @property
    def cards(self) -> tuple[Card, ...]: ...

    def describe(self) -> str: ...


def card_text(cards: Iterable[Card | None]) -> str:
    """Cards in their short form, ``??`` for a card face down.

    >>> card_text([parse_card("As"), None])
    'A♠ ??'
    """
    return " ".join("??" if card is None else str(card) for card in cards)


class HandRows:
    """Hands as rows of card faces, each with a label and a caption; plain
    text (one line per hand) where HTML is not shown."""

    def __init__(self, rows: Iterable[tuple[str, Sequence[Card | None], str]]) -> None:
        self.rows = tuple((label, tuple(cards), caption) for label, cards, caption in rows)

    def __repr__(self) -> str:
        return "\n".join(
            f"{label}: {card_text(cards)}" + (f"  ({caption})" if caption else "")
            for label, cards, caption in self.rows
        )

    def _repr_html_(self) -> str:
        cell = "text-align:left;padding:2px 8px;vertical-align:middle"
        body = "".join(
            f'<tr><th style="{cell}">{escape(label)}</th>'
            f'<td style="{cell}">{hand_html(cards, caption or None)}</td></tr>'
            for label, cards, caption in self.rows
        )
        return f'<table class="cc-hands" style="border-collapse:collapse">{body}</table>'


def show_hands(values: Iterable[Valued], labels: Iterable[str] | None = None) -> HandRows:
    """Valued hands as rows of faces captioned in words, labelled 1, 2, ... or by ``labels``."""
    hands = list(values)
    names = [str(n) for n in range(1, len(hands) + 1)] if labels is None else list(labels)
    return HandRows((name, hand.cards, hand.describe()) for name, hand in zip(names, hands, strict=True))
