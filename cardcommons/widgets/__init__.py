"""Jupyter widgets: little apps to explore hands and odds in any pack, and
game tables to play Split and Choose and Whisky Poker against the bots.

Each widget is a plain object with a ``.widget`` (an ipywidgets box) that
displays itself in a notebook, its controls as attributes (set ``.value``,
call ``.click()``) and read-only properties for what it shows, so it can be
driven from code and tested without a browser.

>>> from cardcommons.widgets import HandExplorer, OddsExplorer
>>> HandExplorer(Pack.split_and_choose()).cards
()
>>> OddsExplorer().counts.total
201376
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardcommons.census import HandCensus, Standing, hand_census
    from cardcommons.widgets.arcade import Arcade
    from cardcommons.widgets.cards import CardPicker, card_button
    from cardcommons.widgets.hand_explorer import HandExplorer
    from cardcommons.widgets.odds_explorer import OddsExplorer
    from cardcommons.widgets.split_table import SplitAndChooseTable
    from cardcommons.widgets.whisky_table import WhiskyPokerTable

_HOMES = {
    "Arcade": "cardcommons.widgets.arcade",
    "CardPicker": "cardcommons.widgets.cards",
    "HandCensus": "cardcommons.census",
    "HandExplorer": "cardcommons.widgets.hand_explorer",
    "OddsExplorer": "cardcommons.widgets.odds_explorer",
    "SplitAndChooseTable": "cardcommons.widgets.split_table",
    "Standing": "cardcommons.census",
    "WhiskyPokerTable": "cardcommons.widgets.whisky_table",
    "card_button": "cardcommons.widgets.cards",
    "hand_census": "cardcommons.census",
}
"""Where each name lives: it is imported when first asked for, so a lesson that
shows the odds explorer does not wait for the game tables and their bots."""

__all__ = [
    "Arcade",
    "CardPicker",
    "HandCensus",
    "HandExplorer",
    "OddsExplorer",
    "SplitAndChooseTable",
    "Standing",
    "WhiskyPokerTable",
    "card_button",
    "hand_census",
]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOMES[name]), name)
    globals()[name] = value  # asked for once
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
