"""The arcade page fits the screen it is on, and closed pages leave no kernel behind.

At 1400, 1024 and 390 px, at each of your turns of a whole Split and Choose
game and a Whisky Poker round and at their results, on a Voilà page and as
a cell's output in JupyterLab, nothing on the page scrolls sideways and no
text is cut: every element of the arcade or around it whose overflow is
hidden or scrolls has ``scrollWidth <= clientWidth``. The showdown uses the table's
width; the score beside the table counts the games. Then five reloads: after
Voilà's cull time, at most one of their kernels is left.
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
    TIMEOUT,
    WHISKY,
    Arcade,
    play_split_and_choose,
    play_whisky_round,
    resize,
)

WIDTHS = (1400, 1024, 390)

_OVERFLOWS = """() => {
    const cut = [];
    let checked = 0;
    const root = document.scrollingElement;
    if (root.scrollWidth > root.clientWidth + 1) cut.push(`the page: ${root.scrollWidth} > ${root.clientWidth}`);
    // what holds the arcade: Lab's output area and notebook up to its panel (not Lab's own menus), or Voilà's page
    const around = [];
    for (let e = document.querySelector('.cc-arcade').parentElement; e; e = e.parentElement) {
        around.push(e);
        if (e.classList.contains('jp-NotebookPanel')) break;
    }
    for (const e of [...around, ...document.querySelectorAll('.cc-arcade, .cc-arcade *')]) {
        if (!e.offsetParent || e.closest('.cc-announce')) continue;  // not shown, or for screen readers only
        const x = getComputedStyle(e).overflowX;
        if (x === 'visible') continue;
        checked += 1;
        if (e.scrollWidth > e.clientWidth + 1)
            cut.push(`${e.tagName.toLowerCase()}.${[...e.classList].join('.')} "${e.innerText.slice(0, 40)}": ` +
                     `${e.scrollWidth} > ${e.clientWidth}`);
    }
    return [cut, checked];
}"""


def fits(arcade: Arcade, where: str, widest: list[int]) -> None:
    """At each width, nothing on the page overflows (the widths measured are kept in ``widest``)."""
    page = arcade.page
    for width in WIDTHS:
        resize(page, width, 900)
        cut, checked = page.evaluate(_OVERFLOWS)
        assert cut == [], f"{where} at {width} px: {cut}"
        assert checked > 10, f"{where} at {width} px: only {checked} elements clip or scroll"
        widest.append(page.evaluate("document.scrollingElement.scrollWidth"))
    page.set_viewport_size({"width": 1400, "height": 900})


def test_the_arcade_fits_at_every_width(
    arcade: Arcade, voila_url: str, screenshot_dir: Path, readme_picture: Callable[[Any, str], Path]
) -> None:
    page = arcade.page
    page.set_viewport_size({"width": 1400, "height": 900})
    arcade.open(f"{voila_url}/?seed={SEED}")
    widest: list[int] = []
    arcade.option("you")
    expect(page.locator(SPLIT).locator(".widget-html").first).to_contain_text(f"game {SEED + 1}", timeout=TIMEOUT)
    play_split_and_choose(arcade, each_turn=lambda: fits(arcade, "Split and Choose", widest))
    fits(arcade, "the Split and Choose result", widest)
    page.set_viewport_size({"width": 390, "height": 900})
    lefts = page.locator(f"{SPLIT} .cc-result-rows tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => Math.round(c.getBoundingClientRect().left)))"
    )
    assert len(lefts) == 3 and all(row == lefts[0] for row in lefts), f"at 390 px the result's columns: {lefts}"
    page.set_viewport_size({"width": 1400, "height": 900})
    score = page.locator(".cc-score")
    expect(score).to_contain_text("against HeuristicBot")
    expect(score.locator("td")).to_have_count(4)

    arcade.option("Whisky Poker")
    arcade.expect_playable(WHISKY)
    play_whisky_round(arcade, each_turn=lambda: fits(arcade, "Whisky Poker", widest))
    fits(arcade, "the Whisky Poker showdown", widest)
    showdown = page.locator(f"{WHISKY} .cc-result-box")
    table = page.locator(WHISKY)
    assert showdown.bounding_box()["width"] >= 0.95 * table.bounding_box()["width"] - 20
    expect(score).to_contain_text("against 3 GreedyBots")
    page.set_viewport_size({"width": 1400, "height": 900})
    readme_picture(page, "whisky_showdown")
    resize(page, 390, 900)
    heading, turn = (page.locator(f"{WHISKY} .cc-board-head > span").nth(i).bounding_box() for i in (0, 1))
    apart = heading["x"] + heading["width"] + 8 <= turn["x"] or turn["y"] >= heading["y"] + heading["height"]
    assert apart, f"at 390 px the board's heading {heading} touches the turn beside it {turn}"
    page.screenshot(path=screenshot_dir / "arcade_showdown_390.png")
    print(f"\narcade fits: widest page {max(widest)} px over {len(widest)} measures")


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


def test_reloads_leave_one_kernel(arcade: Arcade, voila_url: str) -> None:
    page = arcade.page
    page.set_viewport_size({"width": 1024, "height": 800})
    kernels = []
    for _ in range(5):
        arcade.open(voila_url)
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
