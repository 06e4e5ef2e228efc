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

from cardcommons.census import HandCensus, Standing, hand_census
from cardcommons.widgets.arcade import Arcade
from cardcommons.widgets.cards import CardPicker, card_button
from cardcommons.widgets.hand_explorer import HandExplorer
from cardcommons.widgets.odds_explorer import OddsExplorer
from cardcommons.widgets.split_table import SplitAndChooseTable
from cardcommons.widgets.whisky_table import WhiskyPokerTable

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
