"""The arcade page fits the screen it is on, and closed pages leave no kernel behind.

At 1400, 1024 and 390 px, at each of your turns of a whole Split and Choose
game and a Whisky Poker round and at their results, as a cell's output in
JupyterLab (on a Voilà page: during the game that test_arcade.py plays by
clicking, the same game), nothing on the page scrolls sideways and no text is
cut: every element of the arcade or around it whose overflow is hidden or
scrolls has ``scrollWidth <= clientWidth`` (:func:`~browser.test_arcade.fits`).
Then five loads of one page (four of them in each theme the page can take: the
address's or the system's): after Voilà's cull time, only the last one's kernel
is left.
"""

from __future__ import annotations

import re
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser.conftest import CULL_SECONDS, REPO
from browser.playwright_expect import expect
from browser.test_arcade import (
    LOAD_TIMEOUT,
    OUTSIDE,
    SEED,
    SPLIT,
    THEMES,
    TIMEOUT,
    WHISKY,
    WIDTHS,
    Arcade,
    fits,
    play_split_and_choose,
    play_whisky_round,
    reads_in_theme,
)


def test_the_arcade_fits_in_lab(run_notebook: Callable[..., Any], screenshot_dir: Path) -> None:
    """The arcade as a cell's output in JupyterLab (as a reader who runs play.ipynb there meets it):
    the same measures at the same widths, the notebook's own columns around it included."""
    page = run_notebook("arcade.ipynb", width=1400, height=900)
    arcade = Arcade(page)
    arcade.expect_playable(SPLIT, LOAD_TIMEOUT)
    widest: list[int] = []
    arcade.option("you")
    expect(page.locator(SPLIT).locator(".widget-html").first).to_contain_text(f"game {SEED + 1}", timeout=TIMEOUT)
    play_split_and_choose(arcade, each_turn=lambda: fits(arcade, "Split and Choose in Lab", widest))
    fits(arcade, "the Split and Choose result in Lab", widest)
    arcade.option("Whisky Poker")
    arcade.expect_playable(WHISKY)
    play_whisky_round(arcade, each_turn=lambda: fits(arcade, "Whisky Poker in Lab", widest))
    fits(arcade, "the Whisky Poker showdown in Lab", widest)
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.locator(f"{WHISKY} .cc-result-box").scroll_into_view_if_needed()
        page.screenshot(path=screenshot_dir / f"lab_arcade_showdown_{width}.png")
    print(f"\narcade fits in Lab: widest page {max(widest)} px over {len(widest)} measures")


def test_reloads_leave_one_kernel(arcade: Arcade, voila_url: str, screenshot_dir: Path) -> None:
    """Five loads of the page, one after the other: the first four in each theme (those of
    :data:`~browser.test_arcade.THEMES`, each read as :func:`~browser.test_arcade.reads_in_theme` says)."""
    page = arcade.page
    page.set_viewport_size({"width": 1400, "height": 900})
    kernels = []
    for address, system in (*THEMES, (None, None)):
        if system is None:
            arcade.open(voila_url)
        else:
            reads_in_theme(arcade, voila_url, screenshot_dir, address, system)
        config = page.locator("#jupyter-config-data").text_content() or ""
        found = re.search(r'"kernelId":\s*"([\w-]+)"', config)
        assert found, config[:200]
        kernels.append(found.group(1))
    # the server culls idle unconnected kernels every few seconds; on a busy machine a round may come late
    deadline = time.monotonic() + CULL_SECONDS * 1.5 + CULL_HANG
    while True:
        time.sleep(1)
        alive = [k for k in kernels if page.request.get(f"{voila_url}/api/kernels/{k}").status == 200]
        if alive == kernels[-1:] or not alive or time.monotonic() > deadline:
            break
    print(f"\nkernels of 5 loads alive after the cull: {len(alive)}")
    assert alive == kernels[-1:], f"after {CULL_SECONDS * 1.5 + CULL_HANG:.0f} s"


CULL_HANG = 60  # seconds beyond the cull time: a guard against a hang


def test_eight_opponents_leave_your_hand_in_view(
    arcade: Arcade, voila_url: str, screenshot_dir: Path, readme_picture: Callable[[Any, str], Path]
) -> None:
    page = arcade.page
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(f"{voila_url}/?game=whisky&seed={SEED}&theme=dark")
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    page.locator(".cc-arcade").get_by_role("combobox", name="Opponents").select_option("8")
    title = page.locator(WHISKY).locator(".widget-html").first
    expect(title).to_contain_text("you against 8 GreedyBot", timeout=TIMEOUT)
    arcade.expect_playable(WHISKY)
    lowest: list[float] = []

    def in_view() -> None:
        arcade.expect_playable(WHISKY)
        assert page.evaluate("document.scrollingElement.scrollTop") == 0
        parts = [page.locator(f"{WHISKY} .cc-hand-row")]
        parts += page.locator(f"{WHISKY} .cc-tray button:not(.cc-card-button):visible").all()
        for part in parts:
            box = part.bounding_box()
            if box is None or box["y"] + box["height"] > 900:
                page.screenshot(path=screenshot_dir / "arcade_eight_opponents.png")
            assert box is not None and box["y"] + box["height"] <= 900, (part, box)
            lowest.append(box["y"] + box["height"])

    play_whisky_round(arcade, opponents=8, each_turn=in_view)
    readme_picture(page, "whisky_eight_opponents_dark")
    print(f"\neight opponents: your hand and moves end {max(lowest):.0f} px down, of 900")


def test_from_lab_one_click_opens_the_arcade_page(
    show_in_lab: Callable[[str], Any], lab_url: str, lab_root: tuple[Path, dict[str, str]], screenshot_dir: Path
) -> None:
    """play.ipynb opened in JupyterLab, unrun: its picture's first line says to run the cell; Voilà's own
    toolbar button (Render with Voilà) opens the arcade's page of the same server, beside the notebook
    (after a "Render anyway" the first time, as the notebook is not trusted yet)."""
    folder = lab_root[0] / "from-lab"
    folder.mkdir(exist_ok=True)
    shutil.copy(REPO / "notebooks" / "play.ipynb", folder / "play.ipynb")
    page = show_in_lab("from-lab/play.ipynb")
    page.set_viewport_size({"width": 1400, "height": 900})
    page.route(OUTSIDE, lambda route: route.fulfill(status=200, body=""))
    static = page.locator(".jp-OutputArea-output .cc-static").first
    expect(static).to_be_visible(timeout=LOAD_TIMEOUT)
    assert static.inner_text().startswith("Card Commons arcade: run this cell to play")
    page.locator(".jp-NotebookPanel-toolbar .voilaRender").get_by_role("button").click()
    # a notebook from elsewhere (a clone, Binder) is not trusted yet: Voilà asks once before it runs it
    page.get_by_role("button", name="Render anyway").click()
    frame = page.frame_locator("iframe[src*='voila/render/from-lab/play.ipynb']")
    expect(frame.locator(".cc-arcade .cc-split-and-choose-table .cc-board")).to_be_visible(timeout=LOAD_TIMEOUT)
    page.screenshot(path=screenshot_dir / "arcade_from_lab.png")
    # the page has its theme switch, and its stylesheets load from this server...
    expect(frame.locator(".cc-theme-switch")).to_be_visible()
    statuses = frame.locator("body").evaluate(
        "() => Promise.all([...document.querySelectorAll('.cc-arcade link[href*=theme-]')]"
        ".map(link => fetch(link.href).then(answer => answer.status)))"
    )
    assert statuses == [200, 200], statuses
    # ...without making Lab refuse its own themes afterwards (Voilà's api/themes copies would)
    for shade in ("light", "dark"):
        answer = page.request.get(f"{lab_url}/lab/api/themes/@jupyterlab/theme-{shade}-extension/index.css")
        assert answer.status == 200, (shade, answer.status)
    page.unroute(OUTSIDE)  # the page is shared: the next test has its own requests
