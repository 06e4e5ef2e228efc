"""Names from the reader's own code (a Ranking's name, a bot's name) are shown as text in HTML, never run as markup."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from cardcommons import STANDARD, Pack, Ranking, category_counts
from cardcommons.simulate import Summary
from cardcommons.widgets import HandExplorer

PLANTED = "<img src=x onerror=alert(1)>"
RANKING = Ranking(STANDARD.order, name=PLANTED)


HTML: dict[str, Callable[[], str]] = {
    "HandExplorer title": lambda: str(HandExplorer(Pack(), RANKING).title.value),
    "CategoryCounts caption": lambda: category_counts(Pack(), RANKING)._repr_html_(),
    "Summary bot names": lambda: Summary((PLANTED, "RandomBot"), (("win", "loss"), ("loss", "win")))._repr_html_(),
}


@pytest.mark.parametrize("html_of", HTML.values(), ids=HTML.keys())
def test_a_planted_tag_is_shown_as_text(html_of: Callable[[], str]) -> None:
    html = html_of()
    assert "<img" not in html and "onerror=alert(1)&gt;" in html, html
    assert re.search(r"&lt;img src=x onerror=alert\(1\)&gt;", html)
