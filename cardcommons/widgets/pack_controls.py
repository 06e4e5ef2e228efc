"""PackControls: the controls that choose a pack and an order, shared by both explorers.

A Whisky Poker table size (2 to 9 players) or any pack (lowest rank 2 to
10), 0 to 2 Jokers, the order (standard or by rarity) and whether the Ace
also plays low. Switching between a table and any pack keeps the same pack.

>>> controls = PackControls(Pack.whisky(4))
>>> controls.source.value, controls.pack()
('whisky', Pack(lowest=7, jokers=0))
>>> controls.source.value = "custom"
>>> controls.lowest.value, controls.size_label.value.count("Lowest rank")
(7, 1)
>>> controls.lowest.value, controls.jokers.value = 10, 1
>>> controls.pack() == Pack.split_and_choose()
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from cardcommons.cards import Rank
from cardcommons.categories import RankingName
from cardcommons.packs import MAX_PLAYERS, MIN_PLAYERS, Pack
from cardcommons.palette import FONT

__all__ = ["PackControls", "control_label"]


def control_label(text: str) -> str:
    """The HTML of a control's label."""
    return f'<span style="font:600 13px {FONT};opacity:.8">{text}</span>'


def _labelled(name: str) -> dict[str, Any]:
    """A list named ``name`` for a screen reader: its own label holds the name in no width (the grid's
    first column shows it to the eye)."""
    return {"description": name, "style": {"description_width": "0px"}, "layout": w.Layout(width="250px")}


class PackControls:
    """The pack and order controls; ``on_change()`` is called after any of
    them changes (once, after a switch between a table and any pack)."""

    def __init__(
        self,
        pack: Pack,
        ranking: RankingName = "standard",
        on_change: Callable[[], None] | None = None,
    ) -> None:
        whisky = pack.lowest <= 11 - MIN_PLAYERS
        self._on_change = on_change
        self._quiet = False
        self.source = w.ToggleButtons(
            options=[("Whisky table", "whisky"), ("Any pack", "custom")],
            value="whisky" if whisky else "custom",
            tooltips=["Whisky Poker: one rank more per player", "any lowest rank from 2 to 10"],
            style={"button_width": "112px"},
        )
        # each list names itself, so a screen reader says what it sets
        self.players = w.Dropdown(
            options=[(f"{n} players ({4 * (n + 4)} cards)", n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
            value=11 - pack.lowest if whisky else MIN_PLAYERS,
            **_labelled("Table size"),
        )
        self.lowest = w.Dropdown(
            options=[(f"{Rank(r).symbol} to A  ({4 * (15 - r)} cards)", r) for r in range(2, 11)],
            value=pack.lowest,
            **_labelled("Lowest rank"),
        )
        self.jokers = w.ToggleButtons(
            options=[("none", 0), ("1 Joker", 1), ("2 Jokers", 2)],
            value=pack.jokers,
            style={"button_width": "78px"},
        )
        self.ranking_choice = w.ToggleButtons(
            options=[("standard", "standard"), ("by rarity", "rarity")],
            value=ranking,
            tooltips=["the usual poker order", "rarest category strongest, in this pack"],
            style={"button_width": "90px"},
        )
        self.ace_low = w.Checkbox(value=pack.ace_low, description="the Ace also plays low", indent=False)
        self.size_label = w.HTML()
        self._show_source()
        for control in self.controls:
            control.observe(self._changed, names="value")

    @property
    def controls(self) -> tuple[Any, ...]:
        """Every control, for observing or driving them all."""
        return (self.source, self.players, self.lowest, self.jokers, self.ranking_choice, self.ace_low)

    def pack(self) -> Pack:
        """The pack chosen now (a :class:`~cardcommons.errors.CardError` if there is none)."""
        lowest = 11 - int(self.players.value) if self.source.value == "whisky" else int(self.lowest.value)
        return Pack(lowest=lowest, jokers=int(self.jokers.value), ace_low=bool(self.ace_low.value))

    def grid(self, *extra: Any) -> Any:
        """The labels and controls in a grid, two pairs a row, then ``extra``
        (more labels and controls)."""
        return w.GridBox(
            [*self._rows(), *extra],
            layout=w.Layout(
                grid_template_columns="108px minmax(250px, max-content) 56px max-content",
                grid_gap="4px 10px",
                align_items="center",
                margin="2px 0 6px",
            ),
        )

    def _rows(self) -> list[Any]:
        return [
            w.HTML(control_label("Pack")),
            self.source,
            w.HTML(control_label("Jokers")),
            self.jokers,
            self.size_label,
            w.HBox([self.players, self.lowest]),
            w.HTML(control_label("Order")),
            self.ranking_choice,
            w.HTML(control_label("Straights")),
            self.ace_low,
        ]

    def _changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if change["owner"] is self.source:
            # keep the same pack when switching between a table and any pack
            self._quiet = True
            try:
                if change["new"] == "custom":
                    self.lowest.value = 11 - self.players.value
                elif self.lowest.value <= 11 - MIN_PLAYERS:
                    self.players.value = 11 - self.lowest.value
            finally:
                self._quiet = False
            self._show_source()
        if self._on_change is not None:
            self._on_change()

    def _show_source(self) -> None:
        whisky = self.source.value == "whisky"
        self.size_label.value = control_label("Table size" if whisky else "Lowest rank")
        self.players.layout.display = None if whisky else "none"
        self.lowest.layout.display = "none" if whisky else None
