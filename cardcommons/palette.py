"""The project's look in one place: its colours, its one font stack, and how a
card is named and labelled. Card faces, both games' pictures and every widget
read them from here (this module imports no widget library, so the engine's
own HTML uses it too).

Cards keep their own colours in every theme: white paper, red hearts and
diamonds, black clubs and spades, a purple Joker, a blue patterned back, a
gold ring for a chosen card. Panels and text take JupyterLab's theme colours
(its CSS variables, with light fallbacks for GitHub and nbconvert), and the
tints are translucent, so they read over a light or a dark panel.

The Joker has one notation wherever it is drawn, printed or logged: **JO**
(its text form, ``str(JOKER)``; in the Joker's purple in HTML). The Joker
emoji would need a colour-emoji font, and is unreadable at text size with the
fonts every Debian has.

>>> from cardcommons.cards import JOKER, parse_card
>>> JOKER_LABEL, card_name(parse_card("As")), card_name(JOKER)
('JO', 'Ace of spades', 'Joker')
>>> card_colour(parse_card("Qd")) == RED, card_colour(JOKER) == JOKER_COLOUR
(True, True)
>>> stylesheet_html().startswith("<style>")
True
"""

from __future__ import annotations

import re
from functools import cache
from html import escape
from importlib.resources import files

from cardcommons.cards import JOKER, Card

__all__ = [
    "AMBER_TINT",
    "BACK",
    "BACK_STRIPE",
    "BLACK",
    "BLUE",
    "BUTTON_COLOURS",
    "BUTTON_INK",
    "CARD_EDGE",
    "CARD_PAPER",
    "FELT",
    "FELT_DARK",
    "FELT_EDGE",
    "FELT_INK",
    "FELT_LIGHT",
    "FELT_MUTED",
    "FONT",
    "GOLD",
    "GREEN_ACCENT",
    "GREEN_TINT",
    "GREY_ACCENT",
    "INK",
    "JOKER_COLOUR",
    "JOKER_LABEL",
    "LINE",
    "MUTED",
    "ORANGE",
    "PAPER",
    "RED",
    "RED_ACCENT",
    "RED_TINT",
    "SELECTED_PAPER",
    "SHADE",
    "UNSELECTED_EDGE",
    "accent_text",
    "card_colour",
    "card_name",
    "contrast",
    "stylesheet_html",
    "text_html",
]

FONT = "system-ui,'DejaVu Sans',sans-serif"
"""The one font stack: the system's own face, then Debian's default (it has every suit symbol)."""

# -- cards: the same in every theme ----------------------------------------------
RED, BLACK, JOKER_COLOUR, GOLD = "#c62828", "#1a1a1a", "#6a1b9a", "#f9a825"
"""The inks of the cards (hearts and diamonds, clubs and spades, the Joker) and the gold of a chosen card."""
CARD_PAPER, CARD_EDGE, SELECTED_PAPER, UNSELECTED_EDGE = "#ffffff", "#555555", "#fff3c4", "#b0b5bb"
BACK, BACK_STRIPE = "#1565c0", "#0d47a1"
"""A face-down card: blue, striped with a darker blue."""
JOKER_LABEL = str(JOKER)
"""The Joker's one notation, as the engine prints it: JO."""

# -- panels and text: the theme's own --------------------------------------------
INK = "var(--jp-content-font-color1,#1a1a1a)"
MUTED = "color-mix(in srgb,var(--jp-content-font-color1,#1a1a1a) 72%,#0000)"  # #0000: clear
PAPER = "var(--jp-layout-color0,#ffffff)"
LINE = "var(--jp-border-color2,#d0d4d9)"
SHADE = "var(--jp-layout-color2,#eef0f2)"
"""Text, secondary text, panel background, rule and shaded-block colours."""
AMBER_TINT, RED_TINT, GREEN_TINT = "rgba(249,168,37,.22)", "rgba(229,57,53,.14)", "rgba(67,160,71,.16)"
"""Translucent highlights: readable over a light or a dark panel."""
RED_ACCENT, GREEN_ACCENT, GREY_ACCENT, BLUE, ORANGE = "#e53935", "#43a047", "#78909c", "#1e88e5", "#bf4a00"
"""Accents: a loss or a refusal, a win or a hint, a draw or a neutral note, a bar or a side card, a bold move."""

# -- the move buttons: the same in every theme ----------------------------------
BUTTON_INK = "#ffffff"
BUTTON_COLOURS = {"primary": "#1976d2", "success": "#2e7d32", "info": "#0277bd", "danger": "#d32f2f"}
"""The colour of a button of each ipywidgets style, under its white ink (4.5:1 or more, WCAG AA): the
themes' own greens and light blues are too pale for white text, and the dark theme writes black on them."""

# -- the felt the games are played on --------------------------------------------
FELT_INK, FELT_MUTED = "#f1f8e9", "#e2f0d0"  # both 4.5:1 or more on every green of the felt
FELT, FELT_LIGHT, FELT_DARK, FELT_EDGE = "#1f6d2b", "#237532", "#155021", "#0e3d17"
"""The felt's green, lighter at its centre and darker at its rim, and its edge."""


def accent_text(accent: str) -> str:
    """An accent as the colour of a text: 70% the accent, 30% the theme's ink, so darker on a light
    page and lighter on a dark one (no colour reads 4.5:1 on both white and near black).

    >>> accent_text(RED_ACCENT)
    'color-mix(in srgb,#e53935 70%,var(--jp-content-font-color1,#1a1a1a))'
    """
    return f"color-mix(in srgb,{accent} 70%,{INK})"


def contrast(one: str, other: str) -> float:
    """The WCAG contrast ratio of two colours, each ``#rrggbb`` or ``rgb(r, g, b)``
    (as a browser computes them): 4.5 or more reads as body text.

    >>> round(contrast(BUTTON_INK, BUTTON_COLOURS["success"]), 1), round(contrast(JOKER_COLOUR, "#111111"), 1)
    (5.1, 2.0)
    """

    def luminance(colour: str) -> float:
        if colour.startswith("#"):
            channels = [int(colour[i : i + 2], 16) for i in (1, 3, 5)]
        else:
            channels = [int(v) for v in re.findall(r"\d+", colour)[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (v / 255 for v in channels)]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def card_colour(card: Card) -> str:
    """The ink of a card: red, black, or the Joker's purple."""
    if card.suit is None:
        return JOKER_COLOUR
    return RED if card.suit.is_red else BLACK


def card_name(card: Card) -> str:
    """A card in words, for tooltips and screen readers: "Ace of spades", "Joker"."""
    if card.rank is None or card.suit is None:
        return "Joker"
    return f"{card.rank.word} of {card.suit.word}"


def text_html(text: str) -> str:
    """Text for HTML, escaped, with each Joker drawn as a purple **JO** on
    the cards' white paper: the purple reads 9:1 there, on a light page, a
    dark one or the felt (on a dark page alone it would read 2:1).

    >>> text_html("A♠ JO & more JOKES")  # doctest: +ELLIPSIS
    'A♠ <b style="color:#6a1b9a;background:#ffffff;...">JO</b> &amp; more JOKES'
    """
    return _JOKER_WORD.sub(f'<b style="{_JOKER_INK}">{JOKER_LABEL}</b>', escape(text))


_JOKER_INK = f"color:{JOKER_COLOUR};background:{CARD_PAPER};padding:0 2px;border-radius:3px"
"""The Joker's word in a text: its purple on card paper."""


_JOKER_WORD = re.compile(rf"(?<!\w){JOKER_LABEL}(?!\w)")
"""The Joker in a text: JO as a word of its own."""


@cache
def stylesheet_html() -> str:
    """The one stylesheet of the widgets (``palette.css``: layout classes and
    their media queries), as a ``<style>`` element. The look itself stays in
    inline styles, so a picture keeps it where a stylesheet is stripped."""
    css = files("cardcommons").joinpath("palette.css").read_text(encoding="utf-8")
    return f"<style>{css}</style>"
