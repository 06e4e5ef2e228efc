"""The arcade's score in the browser: a finished game is still counted after a
reload of the page (a new kernel: the browser kept it), *Clear score* forgets
it there too, a kept text that is no score is ignored with a word on the page,
and the page reads and writes no key of the browser's storage but the project's. The theme chosen
is kept the same way."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser.playwright_expect import expect
from browser.test_accessibility import settled
from browser.test_arcade import (
    LOAD_TIMEOUT,
    SEED,
    TIMEOUT,
    WHISKY,
    Arcade,
    button,
    expect_shade,
    resize,
    theme_switch,
)
from cardcommons.widgets.score import EMPTY, Score
from cardcommons.widgets.score_store import KEY, THEME_KEY

_WATCH_STORAGE = """(() => {  // each use of the browser's storage: [what, key, made by a widget's own script]
    window.ccStorageKeys = [];
    for (const name of ['getItem', 'setItem', 'removeItem']) {
        const own = Storage.prototype[name];
        Storage.prototype[name] = function (key, ...rest) {
            if (this === window.localStorage) {
                const widget = /labextensions\\/anywidget\\/|blob:/.test(new Error().stack);
                window.ccStorageKeys.push([name, key, widget]);
            }
            return own.call(this, key, ...rest);
        };
    }
})();"""
OTHER = "somebody.else.score"  # a key of another page of the same server: never read


def kept(page: Any) -> str | None:
    text: str | None = page.evaluate(f"localStorage.getItem({json.dumps(KEY)})")
    return text


def storage_keys(page: Any) -> tuple[set[str], set[str]]:
    """The storage keys the score's widget asked for, and those any script of the page asked for."""
    asked: list[tuple[str, str, bool]] = page.evaluate("window.ccStorageKeys")
    return {key for _, key, widget in asked if widget}, {key for _, key, _ in asked}


def open_whisky(arcade: Arcade, url: str) -> Any:
    arcade.page.goto(url)
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    return arcade.page.locator(".cc-arcade .cc-score")


def test_the_score_survives_a_reload_and_clear_score_forgets_it(
    arcade: Arcade, voila_url: str, screenshot_dir: Path
) -> None:
    page = arcade.page
    page.set_viewport_size({"width": 1400, "height": 900})
    page.add_init_script(_WATCH_STORAGE)
    url = f"{voila_url}/?game=whisky&seed={SEED}"
    score = open_whisky(arcade, url)
    page.evaluate(f'localStorage.setItem({json.dumps(OTHER)}, \'{{"tallies": [], "streak": 9}}\')')
    expect(score).to_contain_text(EMPTY)
    clear = button(page.locator(".cc-arcade"), "Clear score")
    expect(clear).to_be_hidden()

    # a whole deal, quickly: knock at once; the bots have one more turn each, then the showdown
    button(page.locator(WHISKY), "Knock").click()
    expect(page.locator(f"{WHISKY} .cc-showdown")).to_be_visible(timeout=TIMEOUT)
    expect(score).to_contain_text("against 3 GreedyBots", timeout=TIMEOUT)
    counted = score.inner_text()
    page.wait_for_function(f"localStorage.getItem({json.dumps(KEY)}) !== null", timeout=TIMEOUT)
    assert Score.from_dict(json.loads(kept(page) or "")).games == 1

    theme_switch(page).get_by_role("button", name="dark", exact=True).click()  # kept too
    page.wait_for_function(f"localStorage.getItem({json.dumps(THEME_KEY)}) === 'dark'", timeout=TIMEOUT)

    page.reload()  # a new kernel, which has counted nothing: the browser's copy is shown, in the theme chosen
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    expect(score).to_contain_text("against 3 GreedyBots", timeout=TIMEOUT)
    assert score.inner_text() == counted
    expect(clear).to_be_visible()
    expect(theme_switch(page).locator("button.mod-active")).to_have_text("dark", timeout=TIMEOUT)
    settled(page)  # the felt's newest moves fade in: contrast is measured at rest
    expect_shade(page, "dark")
    by_widget, by_page = storage_keys(page)
    assert by_widget == {KEY, THEME_KEY}, page.evaluate("window.ccStorageKeys")
    assert OTHER not in by_page
    shots(arcade, "restored", screenshot_dir)

    clear.focus()  # by keyboard: a named button
    page.keyboard.press("Enter")
    expect(score).to_contain_text(EMPTY, timeout=TIMEOUT)
    page.wait_for_function(  # the button hides, and the focus goes back to the game
        f"document.activeElement.closest({json.dumps(WHISKY)}) !== null", timeout=TIMEOUT
    )
    page.wait_for_function(f"localStorage.getItem({json.dumps(KEY)}) === null", timeout=TIMEOUT)
    assert page.evaluate(f"localStorage.getItem({json.dumps(OTHER)})") is not None, "another page's key is kept"
    page.reload()
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    expect(score).to_contain_text(EMPTY)
    shots(arcade, "empty", screenshot_dir)


def test_a_kept_text_that_is_no_score_is_ignored_with_a_word(
    arcade: Arcade, voila_url: str, screenshot_dir: Path
) -> None:
    page = arcade.page
    page.set_viewport_size({"width": 1400, "height": 900})
    url = f"{voila_url}/?game=whisky&seed={SEED}"
    page.goto(f"{voila_url}/voila/static/voila.js")  # the page's origin, without an arcade and its kernel
    page.evaluate(f'localStorage.setItem({json.dumps(KEY)}, \'{{"tallies": "lots"}}\')')
    score = open_whisky(arcade, url)
    expect(score).to_contain_text("could not be read, so the count starts afresh", timeout=TIMEOUT)
    expect(score).to_contain_text(EMPTY)
    shots(arcade, "unreadable", screenshot_dir)
    button(page.locator(WHISKY), "Knock").click()  # the next game replaces it
    expect(score).to_contain_text("against 3 GreedyBots", timeout=TIMEOUT)
    expect(score).not_to_contain_text("could not be read")
    page.wait_for_function(f"localStorage.getItem({json.dumps(KEY)}).includes('GreedyBots')", timeout=TIMEOUT)


def shots(arcade: Arcade, name: str, folder: Path) -> None:
    """The score panel at 1400, 1024 and 390 px, light and dark."""
    page = arcade.page
    for shade in ("light", "dark"):
        settled(page)
        theme_switch(page).get_by_role("button", name=shade, exact=True).click()
        expect_shade(page, shade)
        for width in (1400, 1024, 390):
            resize(page, width, 900)
            box = page.locator(".cc-arcade .cc-score-box")
            box.screenshot(path=folder / f"score_{name}_{width}_{shade}.png")
            box.scroll_into_view_if_needed()  # and as the reader meets it, in the page
            page.screenshot(path=folder / f"score_{name}_{width}_{shade}_page.png")
    theme_switch(page).get_by_role("button", name="system", exact=True).click()
    page.set_viewport_size({"width": 1400, "height": 900})


def test_in_lab_the_arcade_run_again_shows_the_score_the_browser_kept(run_notebook: Callable[..., Any]) -> None:
    """The arcade as a cell's output in JupyterLab: a new Arcade (the cell run again, as after a
    restart of the kernel) shows the games the browser kept."""
    page = run_notebook("arcade.ipynb", width=1400, height=900)
    arcade = Arcade(page)
    arcade.expect_playable(".cc-arcade .cc-split-and-choose-table", LOAD_TIMEOUT)
    score = page.locator(".cc-arcade .cc-score")
    expect(score).to_contain_text(EMPTY)
    arcade.option("Whisky Poker")
    arcade.expect_playable(WHISKY)
    button(page.locator(WHISKY), "Knock").click()
    expect(score).to_contain_text("against 3 GreedyBots", timeout=TIMEOUT)
    page.wait_for_function(f"localStorage.getItem({json.dumps(KEY)}) !== null", timeout=TIMEOUT)
    counted = score.inner_text()
    # in Lab too, the finished game's record downloads from its link and opens again with Open record
    with page.expect_download() as download:
        page.locator(".cc-arcade a.cc-record-download").click()
    with page.expect_file_chooser() as chooser:
        page.locator(".cc-arcade .cc-record-controls .widget-upload").click()
    chooser.value.set_files(download.value.path())
    expect(page.locator(".cc-arcade .cc-record-replay")).to_contain_text("Whisky Poker, seed", timeout=TIMEOUT)
    page.locator(".cc-arcade").evaluate("e => e.classList.add('cc-run-before')")
    page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    expect(page.locator(".cc-arcade.cc-run-before")).to_have_count(0, timeout=TIMEOUT)  # the new arcade's output
    expect(page.locator(".cc-arcade .cc-split-and-choose-table .cc-board")).to_be_visible(timeout=TIMEOUT)
    expect(score).to_have_count(1)
    expect(score).to_contain_text("against 3 GreedyBots", timeout=TIMEOUT)
    assert score.inner_text() == counted
