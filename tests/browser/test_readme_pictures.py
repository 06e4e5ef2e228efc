"""The README's picture of the odds explorer, taken from the real widget in
JupyterLab (the arcade's picture comes from tests/browser/test_arcade.py).

``UPDATE_SCREENSHOTS=1`` writes it to docs/screenshots/; otherwise it goes
beside the other screenshots, so a test run leaves the tree clean.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser.conftest import PICTURE_BYTES

TIMEOUT = 30_000


def test_odds_explorer_picture_for_the_readme(
    run_notebook: Callable[..., Any], readme_picture: Callable[[Any, str], Path]
) -> None:
    page = run_notebook("explorers.ipynb", width=1280, height=1000)
    odds = page.locator(".cc-odds-explorer")
    odds.locator(".cc-odds-table", has_text="32-card pack (7 to A)").wait_for(timeout=TIMEOUT)
    odds.locator(".cc-chart .cc-bar").first.wait_for(timeout=TIMEOUT)  # the chart (HTML) is drawn
    page.mouse.move(0, 0)  # no hover highlight in the picture
    picture = readme_picture(odds, "odds_explorer")
    assert 0 < picture.stat().st_size < PICTURE_BYTES, picture
