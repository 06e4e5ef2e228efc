"""Card faces as HTML, for notebooks and every widget.

Faces use inline styles only, so they look the same in JupyterLab's light
and dark themes, on GitHub and in nbviewer: a white card with a dark border,
red hearts and diamonds, black clubs and spades, a purple Joker marked JO
with a star (the Joker emoji needs a font that not every browser has), a
patterned back for a face-down card, and a gold ring around a selected card.

>>> "♥" in card_html(parse_card("Qh")) and "#c62828" in card_html(parse_card("Qh"))
True
>>> show(parse_cards("As Jo"))
A♠ 🃏
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

from cardcommons.cards import JOKER, Card, cards_str

RED, BLACK, JOKER_COLOUR, GOLD = "#c62828", "#1a1a1a", "#6a1b9a", "#f9a825"
JOKER_GLYPH = str(JOKER)
_SHAPE = (
    "display:inline-flex;flex-direction:column;justify-content:space-between;box-sizing:border-box;"
    "width:46px;height:66px;margin:2px;padding:3px 5px;border-radius:6px;border:1px solid #555;"
)
_LOOK = "font:600 17px/1.1 'DejaVu Sans',sans-serif;vertical-align:middle;box-shadow:0 1px 2px rgba(0,0,0,.35);"
_FACE = f"{_SHAPE}background:#fff;{_LOOK}"
# a plain blue under the stripes: a sanitized picture (an untrusted notebook) keeps the colour, drops the gradient
_BACK = (
    f"{_SHAPE}{_LOOK}background-color:#1565c0;"
    "background-image:repeating-linear-gradient(45deg,#1565c0 0 5px,#0d47a1 5px 10px);border:2px solid #fff;"
)


def card_html(card: Card | None, *, selected: bool = False, title: str | None = None) -> str:
    """One card face as an HTML ``<span>``; ``None`` draws a face-down card.

    >>> "face-down" in card_html(None)
    True
    """
    ring = f"outline:3px solid {GOLD};outline-offset:1px;transform:translateY(-4px);" if selected else ""
    tip = f' title="{escape(title)}"' if title else ""
    if card is None:
        return f'<span class="cc-card cc-back" aria-label="face-down card"{tip} style="{_BACK}{ring}"></span>'
    if card.rank is None or card.suit is None:
        colour, corner, middle, label = JOKER_COLOUR, "JO", "★", "Joker"
    else:
        colour = RED if card.suit.is_red else BLACK
        corner, middle, label = card.rank.symbol, card.suit.symbol, f"{card.rank.word} of {card.suit.word}"
    selected_class = " cc-selected" if selected else ""
    return (
        f'<span class="cc-card{selected_class}" aria-label="{label}"{tip} style="{_FACE}color:{colour};{ring}">'
        f'<span style="font-size:14px">{corner}</span>'
        f'<span style="align-self:center;font-size:22px">{middle}</span></span>'
    )


def text_html(text: str) -> str:
    """Text for HTML, escaped, with each Joker drawn as the faces' purple JO.

    >>> text_html("A♠ 🃏 & more")
    'A♠ <b style="color:#6a1b9a">JO</b> &amp; more'
    """
    return escape(text).replace(JOKER_GLYPH, f'<b style="color:{JOKER_COLOUR}">JO</b>')


def hand_html(cards: Iterable[Card | None], caption: str | None = None) -> str:
    """A row of card faces with an optional caption under it."""
    faces = "".join(card_html(card) for card in cards)
    under = f'<div style="font:13px sans-serif;margin-top:2px">{text_html(caption)}</div>' if caption else ""
    return f'<div class="cc-hand" style="display:inline-block;margin:2px 0">{faces}{under}</div>'


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
