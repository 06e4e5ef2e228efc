"""The HTML a Whisky Poker game and its result display as in a notebook.

Both are a small table of card faces (from :mod:`cardcommons.faces`, in the
colours of :mod:`cardcommons.palette`), one
:class:`Row` per seat and one for the spare: a label, the cards (``None``
for a card face down), a caption under them, a note beside them, and a
highlight for the seat to play or the winners.

>>> from cardcommons.cards import parse_cards
>>> rows = [Row("seat 0", parse_cards("As Kd"), "Ace high", "dealer", True), Row("spare", [None] * 5)]
>>> html = rows_html("A table", rows)
>>> html.count("face-down card"), "Ace of spades" in html, "dealer" in html
(5, True, True)
>>> rows_html("A table", [Row("seat 1", parse_cards("Jo"), "", "holds JO")]).count(">JO<")  # its face, its caption
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from cardcommons.cards import Card
from cardcommons.faces import hand_html, text_html
from cardcommons.palette import AMBER_TINT, FONT

__all__ = ["Row", "rows_html"]

HIGHLIGHT = f"background:{AMBER_TINT};"
"""A translucent gold, readable in light and dark themes."""
_CELL = "text-align:left;padding:2px 8px;vertical-align:middle;"


@dataclass(frozen=True)
class Row:
    """One row of the table: ``cards`` as faces, ``None`` for one face down."""

    label: str
    cards: Sequence[Card | None]
    caption: str = ""
    note: str = ""
    highlight: bool = False


def rows_html(title: str, rows: Iterable[Row], footnote: str = "") -> str:
    """A table of rows under ``title``, with ``footnote`` in small print under it."""
    body = "".join(
        f'<tr style="{HIGHLIGHT if row.highlight else ""}"><th style="{_CELL}">{text_html(row.label)}</th>'
        f"<td>{hand_html(row.cards, row.caption or None)}</td>"
        f'<td style="{_CELL}">{text_html(row.note)}</td></tr>'
        for row in rows
    )
    small = f'<div style="font:12px {FONT};opacity:.75">{text_html(footnote)}</div>' if footnote else ""
    return (
        f'<div class="cc-whisky"><div style="font-weight:600">{text_html(title)}</div>'
        f'<table style="border-collapse:collapse">{body}</table>{small}</div>'
    )
