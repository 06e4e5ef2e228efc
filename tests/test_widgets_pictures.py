"""Every widget shows a picture where it cannot run: its mime bundle carries a
static HTML rendering of its state and one sentence, next to the live view;
and the committed lessons, rendered by nbconvert, show no widget repr."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_widgets_tables import assert_hidden, sc_hidden

from cardcommons import Pack
from cardcommons.bots import GreedyBot, HeuristicBot
from cardcommons.cards import parse_cards
from cardcommons.widgets import HandExplorer, OddsExplorer, SplitAndChooseTable, WhiskyPokerTable

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
REPRS = ("VBox(", "HBox(", "Box(children")


def bundle(app: Any) -> dict[str, Any]:
    data: dict[str, Any] = app._repr_mimebundle_()
    assert set(data) == {WIDGET_VIEW, "text/html", "text/plain"}
    assert data[WIDGET_VIEW]["model_id"] == app.widget.model_id
    assert not data["text/plain"].startswith(REPRS) and data["text/plain"].endswith(".")
    assert 'class="cc-static"' in data["text/html"] and data["text/plain"] in data["text/html"]
    return data


def test_split_and_choose_table_shows_its_deal_and_hides_what_you_may_not_see() -> None:
    table = SplitAndChooseTable(bot=HeuristicBot, seed=3, first_splitter=1)
    data = bundle(table)
    assert data["text/plain"] == "Split and Choose table: run this cell to play."
    html = data["text/html"]
    assert table.board.value in html and table.log_view.value in html and table.title.value in html
    assert_hidden(html, sc_hidden(table))


def test_whisky_table_shows_its_deal_and_the_showdown_once_over() -> None:
    table = WhiskyPokerTable(opponents=2, bot=GreedyBot, seed=5)
    assert bundle(table)["text/plain"] == "Whisky Poker table: run this cell to play."
    assert "Phase" in bundle(table)["text/html"]
    while not table.game.is_over:
        table.knock_button.click()
    assert "cc-showdown" in bundle(table)["text/html"]


def test_explorers_show_their_tables_and_the_chosen_hand() -> None:
    odds = OddsExplorer(Pack.whisky(2))
    html = bundle(odds)["text/html"]
    assert odds.table.value in html and odds.chart.value in html
    explorer = HandExplorer(Pack.split_and_choose())
    explorer.text.value = "As Ks Qs Js Jo"
    html = bundle(explorer)["text/html"]
    assert explorer.result.value in html and "Royal flush" in html
    assert all(f"{c.rank.word} of {c.suit.word}" in html for c in parse_cards("As Ks Qs Js"))  # type: ignore[union-attr]
