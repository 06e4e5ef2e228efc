"""Clickable cards and the small HTML panels every widget shares.

The faces come from :mod:`cardcommons.faces` and every colour from
:mod:`cardcommons.palette`: cards are white in every theme; panels, text and
rules take JupyterLab's theme colours, and tints are translucent, so every
widget reads in light and dark themes.

A :class:`CardPicker` is a grid of a pack's cards, one button per card (one
per Joker), that builds a selection of up to ``limit`` cards:

>>> picker = CardPicker(Pack.whisky(2, jokers=True), limit=2)
>>> picker.button(parse_card("As")).click()
>>> picker.button(JOKER).click()
>>> picker.selection
(A♠, JO)
>>> picker.select(parse_cards("9c 9d 9h"))
Traceback (most recent call last):
...
cardcommons.errors.CardError: at most 2 cards: 9♣ 9♦ 9♥ is 3
>>> picker.selection
(A♠, JO)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape
from typing import Any

import ipywidgets as w

from cardcommons.cards import JOKER, Card, Suit, cards_str
from cardcommons.errors import CardError
from cardcommons.faces import card_html
from cardcommons.packs import Pack
from cardcommons.palette import (
    BLACK,
    CARD_PAPER,
    FONT,
    GREEN_ACCENT,
    GREEN_TINT,
    INK,
    LINE,
    PAPER,
    RED_ACCENT,
    RED_TINT,
    SELECTED_PAPER,
    UNSELECTED_EDGE,
    card_colour,
    card_name,
    stylesheet_html,
)
from cardcommons.widgets.aria import mark_chosen, page_bridge

__all__ = [
    "CardPicker",
    "card_button",
    "card_name",
    "message_html",
    "panel_html",
    "slots_html",
    "style_card_button",
]

_SUIT_ROWS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def style_card_button(button: Any, card: Card, selected: bool) -> None:
    """Paint a button as a card: white with the suit's ink; when selected, gold paper in a
    dark edge, with a check mark (the stylesheet's) and ``aria-pressed`` (:mod:`~cardcommons.widgets.aria`)."""
    button.style.button_color = SELECTED_PAPER if selected else CARD_PAPER
    button.style.text_color = card_colour(card)
    button.style.font_weight = "bold"
    button.style.font_size = "15px"
    button.layout.border = f"3px solid {BLACK}" if selected else f"2px solid {UNSELECTED_EDGE}"
    mark_chosen(button, selected)


def card_button(card: Card, selected: bool = False) -> Any:
    """An ``ipywidgets.Button`` that looks like a small card.

    >>> button = card_button(parse_card("10h"))
    >>> button.description, button.tooltip, button.style.text_color
    ('10♥', 'Ten of hearts', '#c62828')
    """
    button = w.Button(
        description=str(card),
        tooltip=card_name(card),
        layout=w.Layout(width="46px", height="34px", margin="2px", padding="0"),
    )
    button.add_class("cc-card-button")
    style_card_button(button, card, selected)
    return button


def panel_html(body: str, *, accent: str = LINE, background: str = PAPER) -> str:
    """A rounded panel with its own background and ink (legible in any theme)."""
    return (
        f'<div style="background:{background};color:{INK};border:1px solid {LINE};'
        f"border-left:4px solid {accent};border-radius:6px;padding:8px 12px;"
        f'font:14px/1.45 {FONT};box-sizing:border-box">{body}</div>'
    )


def message_html(text: str, *, error: bool = True) -> str:
    """A one-line message panel: red for a refused input, green for a hint; empty text shows nothing.

    >>> message_html("")
    ''
    >>> "not a card" in message_html("not a card: 'Zz'")
    True
    """
    if not text:
        return ""
    accent, background = (RED_ACCENT, RED_TINT) if error else (GREEN_ACCENT, GREEN_TINT)
    return panel_html(escape(text), accent=accent, background=background)


def slots_html(cards: Iterable[Card], slots: int = 5) -> str:
    """The chosen cards as faces, then face-down cards for the empty places.

    >>> slots_html(parse_cards("As"), 3).count("face-down")
    2
    """
    held = list(cards)
    faces = "".join(card_html(c) for c in held)
    backs = "".join(card_html(None, title="not chosen yet") for _ in range(max(0, slots - len(held))))
    return f'<div class="cc-hand" style="display:flex;gap:2px;padding:6px 0">{faces}{backs}</div>'


class CardPicker:
    """A grid of a pack's cards as buttons (Aces on the left, one row per suit,
    the Jokers last) that builds a selection of up to ``limit`` cards.

    Clicking a card adds it or puts it back; clicking a Joker adds a Joker or,
    if that many are chosen already, puts one back. An illegal choice (a card
    too many) changes nothing and is reported to ``on_error`` (a message) or,
    from :meth:`select`, raised as a :class:`~cardcommons.errors.CardError`.
    ``on_change`` callbacks get the new selection.
    """

    def __init__(
        self,
        pack: Pack,
        limit: int = 5,
        on_change: Callable[[tuple[Card, ...]], None] | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        self.pack = pack
        self.limit = limit
        self._selection: tuple[Card, ...] = ()
        self._on_change = [on_change] if on_change else []
        self._on_error = [on_error] if on_error else []
        self._buttons: dict[Card, Any] = {}
        self.joker_buttons: list[Any] = []
        rows = []
        for suit in _SUIT_ROWS:
            row = []
            for rank in reversed(pack.ranks):
                card = Card(rank, suit)
                button = card_button(card)
                button.on_click(self._clicked(card))
                self._buttons[card] = button
                row.append(button)
            rows.append(w.HBox(row, layout=w.Layout(flex_flow="row wrap")))
        for k in range(pack.jokers):
            button = card_button(JOKER)
            button.tooltip = f"Joker {k + 1}"
            button.on_click(self._joker_clicked(k))
            self.joker_buttons.append(button)
        if self.joker_buttons:
            rows.append(w.HBox(self.joker_buttons))
        rows += [*page_bridge(), w.HTML(stylesheet_html())]  # the cards' names in words, and the chosen ones' mark
        self.widget = w.VBox(rows, layout=w.Layout(align_items="flex-start"))
        self.widget.add_class("cc-card-picker")

    @property
    def buttons(self) -> list[Any]:
        """Every button, in the pack's order (``pack.cards``: by rank and suit, Jokers last)."""
        return [self._buttons[c] for c in self.pack.cards if not c.is_joker] + self.joker_buttons

    @property
    def selection(self) -> tuple[Card, ...]:
        """The chosen cards, in the order they were chosen."""
        return self._selection

    def button(self, card: Card) -> Any:
        """The button of a card (the first free Joker button for the Joker)."""
        if card.is_joker:
            if not self.joker_buttons:
                raise CardError(f"the {self.pack} has no Joker")
            chosen = sum(c.is_joker for c in self._selection)
            return self.joker_buttons[min(chosen, len(self.joker_buttons) - 1)]
        if card not in self._buttons:
            raise CardError(f"{card} is not in the {self.pack}")
        return self._buttons[card]

    def on_change(self, callback: Callable[[tuple[Card, ...]], None]) -> None:
        """Call ``callback(selection)`` after every change."""
        self._on_change.append(callback)

    def on_error(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(message)`` when a click is refused."""
        self._on_error.append(callback)

    def select(self, cards: Iterable[Card]) -> None:
        """Replace the selection, after checking it; on error nothing changes."""
        held = self.pack.check(cards)
        if len(held) > self.limit:
            raise CardError(f"at most {self.limit} cards: {cards_str(held)} is {len(held)}")
        self._set(held)

    def clear(self) -> None:
        """Put every card back."""
        self._set(())

    def _set(self, held: tuple[Card, ...]) -> None:
        self._selection = held
        for card, button in self._buttons.items():
            style_card_button(button, card, card in held)
        jokers = sum(c.is_joker for c in held)
        for k, button in enumerate(self.joker_buttons):
            style_card_button(button, JOKER, k < jokers)
        for callback in self._on_change:
            callback(held)

    def _toggle(self, card: Card, remove: bool) -> None:
        if remove:
            rest = list(self._selection)
            rest.remove(card)
            self._set(tuple(rest))
            return
        if len(self._selection) >= self.limit:
            raise CardError(f"{self.limit} cards are chosen already: put one back before adding {card}")
        self._set((*self._selection, card))

    def _report(self, error: CardError) -> None:
        for callback in self._on_error:
            callback(str(error))

    def _clicked(self, card: Card) -> Callable[[Any], None]:
        def clicked(_button: Any) -> None:
            try:
                self._toggle(card, remove=card in self._selection)
            except CardError as error:
                self._report(error)

        return clicked

    def _joker_clicked(self, k: int) -> Callable[[Any], None]:
        def clicked(_button: Any) -> None:
            try:
                self._toggle(JOKER, remove=sum(c.is_joker for c in self._selection) > k)
            except CardError as error:
                self._report(error)

        return clicked
