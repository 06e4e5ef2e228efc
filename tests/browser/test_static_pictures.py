"""A lesson reopened in JupyterLab and NOT run shows each widget's picture (the
deal on the felt, the odds table) and its sentence, never a widget's repr:
the committed outputs carry a static HTML rendering next to the live view."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from browser.conftest import SHOWN
from browser.playwright_expect import expect

LESSONS = Path(__file__).parents[2] / "notebooks"
TIMEOUT = 90_000
# a lesson, what its widget's picture shows, and its sentence
PICTURES = {
    "02_split_and_choose.ipynb": (".cc-static .cc-board .cc-card", "Split and Choose table: run this cell to play."),
    "04_odds_in_shortened_packs.ipynb": (".cc-static .cc-odds-table tr.cc-agree", "Odds explorer: run this cell"),
}


@pytest.mark.parametrize("lesson", sorted(PICTURES))
def test_an_unrun_lesson_shows_the_widgets_picture(
    show_in_lab: Callable[[str], Any], lab_root: tuple[Path, dict[str, str]], screenshot_dir: Path, lesson: str
) -> None:
    """In both themes, one after the other on the page that opened the lesson (the picture is the same HTML)."""
    folder = lab_root[0] / f"unrun-{lesson[:2]}"
    folder.mkdir(exist_ok=True)
    shutil.copy(LESSONS / lesson, folder / lesson)
    page = show_in_lab(f"{folder.name}/{lesson}")
    page.set_viewport_size({"width": 1400, "height": 900})
    notebook = page.locator(SHOWN)
    notebook.locator(".jp-Cell").first.wait_for(timeout=TIMEOUT)
    for theme in ("JupyterLab Light", "JupyterLab Dark"):
        page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: {theme!r}}})")
        light = "true" if theme.endswith("Light") else "false"
        expect(page.locator("body")).to_have_attribute("data-jp-theme-light", light, timeout=TIMEOUT)
        picture, sentence = PICTURES[lesson]
        shown = notebook.locator(f".jp-OutputArea-output {picture}").first
        shown.scroll_into_view_if_needed(timeout=TIMEOUT)
        expect(shown).to_be_visible(timeout=TIMEOUT)
        output = notebook.locator(".jp-OutputArea-output", has=page.locator(".cc-static")).first
        expect(output).to_contain_text(sentence)
        for repr_start in ("VBox(", "HBox("):
            expect(notebook.locator(".jp-OutputArea-output", has_text=repr_start)).to_have_count(0)
        shade = theme.split()[-1].lower()
        output.screenshot(path=screenshot_dir / f"lab_unrun_{lesson[:2]}_{shade}.png")
