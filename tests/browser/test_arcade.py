"""The arcade page (``notebooks/play.ipynb``) under Voilà, in Chromium: no code in
sight, a whole Split and Choose game and a Whisky Poker round played by
clicking (at each of your turns and at the results, the page fits every width:
:func:`fits`), options switched, and not one error in the page or the console.

The page's address fixes the first deal (``?seed=``); each table shows its
seed in its title, and a headless twin of the table (same seed, same bot) is
dealt alongside and says what the browser must show after each click. The time from page load to a
playable table and the move-click latencies are printed (figures, not
assertions: run with ``-s`` to see them).
"""

from __future__ import annotations

import re
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.conftest import PICTURE_BYTES
from browser.playwright_expect import expect
from browser.test_themes_in_lab import LOWEST_CONTRASTS, MIN_CONTRAST
from cardcommons import Pack, category_counts, load_record
from cardcommons.bots import GreedyBot, HeuristicBot
from cardcommons.cards import Card
from cardcommons.palette import card_name
from cardcommons.widgets import SplitAndChooseTable, WhiskyPokerTable

TIMEOUT = 30_000
SEED = 2026  # the page's address fixes the deals, so the README's picture comes out the same each time
LOAD_TIMEOUT = 90_000
SPLIT, WHISKY = ".cc-arcade .cc-split-and-choose-table", ".cc-arcade .cc-whisky-table"
OUTSIDE = re.compile(r"^https?://(?!127\.0\.0\.1)")
"""An address of another machine (the test machine has no internet)."""


class Arcade:
    """The arcade page in the browser, with every console error and page error kept."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        self.latencies: list[float] = []
        page.on("console", lambda m: self.errors.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        # the template asks a CDN for a stylesheet; the test machine has no internet: an empty one, not an error
        page.route(OUTSIDE, lambda route: route.fulfill(status=200, body=""))

    def open(self, url: str) -> float:
        """Load the page; the seconds until the Split and Choose table can be played."""
        start = time.perf_counter()
        self.page.goto(url)
        self.expect_playable(SPLIT, LOAD_TIMEOUT)
        return time.perf_counter() - start

    def expect_playable(self, table: str, timeout: float = TIMEOUT) -> None:
        """Wait until ``table`` shows its board and a move of yours."""
        expect(self.page.locator(f"{table} .cc-board")).to_be_visible(timeout=timeout)
        moves = self.page.locator(f"{table} .cc-tray button:not(.cc-card-button):visible:enabled")
        expect(moves.first).to_be_visible(timeout=timeout)

    def seed(self, table: str) -> int:
        title = self.page.locator(table).locator(".widget-html").first.inner_text()
        found = re.search(r"(?:game|deal) (\d+)", title)
        assert found, f"no seed in the table's title: {title!r}"
        return int(found.group(1))

    def move(self, table: str, name: str) -> None:
        """Click a move button and time it until the table's log changes."""
        log = f"{table} .cc-log"
        before = self.page.locator(log).inner_text()
        start = time.perf_counter()
        button(self.page.locator(table), name).click()
        self.page.wait_for_function(
            "([sel, before]) => document.querySelector(sel).innerText !== before",
            arg=[log, before],
            polling="raf",
            timeout=TIMEOUT,
        )
        self.latencies.append(time.perf_counter() - start)

    def option(self, name: str) -> None:
        """Click an option (a toggle button of the arcade's controls)."""
        self.page.locator(".cc-arcade .widget-toggle-buttons").get_by_role("button", name=name, exact=True).click()


def light(page: Any) -> None:
    """Switch the page to the light theme (the README's pictures are light), and wait until it is painted so."""
    theme_switch(page).get_by_role("button", name="light", exact=True).click()
    expect_shade(page, "light")


def painted(page: Any) -> None:
    """Wait until the browser has laid the page out and painted it as it is now (two animation frames)."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))")


def resize(page: Any, width: int, height: int) -> None:
    """Give the page this size, and wait until it is laid out and painted at it."""
    page.set_viewport_size({"width": width, "height": height})
    painted(page)


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


def card_label(card: Card) -> str:
    """A card button's accessible name: the card in words, then as it is shown ("Eight of clubs, 8♣")."""
    return f"{card_name(card)}, {card}"


def button(scope: Any, name: str) -> Any:
    """A button by its accessible name: its label alone (no icon's glyph; a card's name in words)."""
    return scope.get_by_role("button", name=name, exact=True)


@pytest.fixture
def arcade(page: Any, voila_url: str) -> Iterator[Arcade]:
    page.set_viewport_size({"width": 1400, "height": 900})
    shown = Arcade(page)
    yield shown
    no_errors(shown)


def no_errors(arcade: Arcade) -> None:
    tracebacks = arcade.page.locator(".jp-OutputArea-output[data-mime-type*='stderr'], pre:has-text('Traceback')")
    assert tracebacks.count() == 0, tracebacks.first.inner_text()
    assert arcade.errors == []


def test_arcade_plays_both_games_by_clicking(
    arcade: Arcade, voila_url: str, readme_picture: Callable[[Any, str], Path], screenshot_dir: Path
) -> None:
    # what the accessibility tests check, here on this game (a page load and a whole game fewer); that module
    # imports this one, so its helpers are imported when the test runs
    from browser.test_accessibility import SYMBOLS, live_regions, no_violations

    page = arcade.page
    load = arcade.open(f"{voila_url}/?seed={SEED}")
    print(f"\narcade: page load to a playable table {load:.2f} s")

    expect(page).to_have_title("Card Commons · play")
    # no code in sight: Voilà shows outputs only
    assert page.locator(".jp-InputArea, .jp-CodeCell .cm-editor, .jp-InputPrompt").count() == 0
    assert "Arcade()" not in page.locator("body").inner_text()
    side = page.locator(".cc-arcade-side")
    expect(side.locator(".cc-rules")).to_contain_text("Split and Choose: the rules")
    expect(side.locator(".cc-cheat-sheet")).to_contain_text("21-card pack (10 to A and 1 Joker) · 20,349 hands")

    # options: you split first, then a whole game against HeuristicBot
    assert arcade.seed(SPLIT) == SEED
    arcade.option("you")  # a new deal, the next seed
    expect(page.locator(SPLIT).locator(".widget-html").first).to_contain_text(f"game {SEED + 1}", timeout=TIMEOUT)
    expect(button(page.locator(SPLIT), "Split")).to_be_visible(timeout=TIMEOUT)
    # axe finds nothing at the first move, in both themes and at both sizes; the table's live region says whose turn
    found: dict[str, int] = {}
    no_violations(arcade, "Split and Choose first move", found, screenshot_dir)
    said = page.locator(f"{SPLIT} .cc-announcement")
    expect(said).to_have_attribute("role", "alert")
    expect(said).to_have_text("Your turn.")
    theme_switch(page).get_by_role("button", name="system", exact=True).click()  # as the page opened, for the README
    expect_shade(page, "light")

    def each_split_turn() -> None:
        fits(arcade, "Split and Choose", widest)  # the page fits every width
        # the live region says the log's newest line, and whose turn it is
        last = page.locator(f"{SPLIT} .cc-log div[role=region] > div").first.inner_text().split(".", 1)[1]
        expect(said).to_contain_text(last.strip(), timeout=TIMEOUT)

    widest: list[int] = []
    play_split_and_choose(arcade, readme_picture, each_turn=each_split_turn)
    expect(said).to_contain_text(page.locator(f"{SPLIT} .cc-headline").inner_text(), timeout=TIMEOUT)
    fits(arcade, "the Split and Choose result", widest)
    page.set_viewport_size({"width": 390, "height": 900})
    lefts = page.locator(f"{SPLIT} .cc-result-rows tr").evaluate_all(
        "rows => rows.map(r => [...r.children].map(c => Math.round(c.getBoundingClientRect().left)))"
    )
    assert len(lefts) == 3 and all(row == lefts[0] for row in lefts), f"at 390 px the result's columns: {lefts}"
    page.set_viewport_size({"width": 1400, "height": 900})
    expect(page.locator(".cc-score")).to_contain_text("against HeuristicBot")
    expect(page.locator(".cc-score td")).to_have_count(4)
    page.screenshot(path=screenshot_dir / "arcade_split_and_choose_over.png", full_page=True)

    # the theme switch restyles the page at once, without a reload: the score and the table stay
    score, log = page.locator(".cc-score").inner_text(), page.locator(f"{SPLIT} .cc-log").inner_text()
    assert "against HeuristicBot" in score
    page.evaluate("window.ccNotReloaded = true")
    theme_switch(page).get_by_role("button", name="dark", exact=True).click()
    expect_shade(page, "dark")
    assert page.evaluate("window.ccNotReloaded === true"), "the page was loaded again"
    assert page.locator(".cc-score").inner_text() == score
    assert page.locator(f"{SPLIT} .cc-log").inner_text() == log
    expect(page.locator(f"{SPLIT} .cc-result")).to_be_visible()
    readme_picture(page, "split_and_choose_dark")
    light(page)
    no_violations(arcade, "Split and Choose result", found, screenshot_dir)
    light(page)

    # the other game: Whisky Poker, three GreedyBots, one whole round
    arcade.option("Whisky Poker")
    arcade.expect_playable(WHISKY)
    expect(side.locator(".cc-rules")).to_contain_text("Whisky Poker: the rules")
    expect(side.locator(".cc-cheat-sheet")).to_contain_text("32-card pack (7 to A)")
    no_violations(arcade, "Whisky Poker first move", found, screenshot_dir)
    hint = button(page.locator(WHISKY), "Hint")  # asked by keyboard: the coach's answer, its gaps and its reading
    hint.focus()
    page.keyboard.press("Enter")
    answer = page.locator(f"{WHISKY} .cc-hint")
    expect(answer).to_contain_text("It read the other players' moves as clues to their cards", timeout=60_000)
    expect(answer).to_contain_text("points below the best")
    # and a screen reader hears it: the table's live region says the answer, its cards in words
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    expect(page.locator(f"{WHISKY} .cc-announcement")).to_contain_text("The coach, best first: ", timeout=TIMEOUT)
    (region,) = live_regions(cdp)
    assert region["role"] == "alert" and region["text"].startswith("The coach, best first: "), region
    assert "wins about" in region["text"] and not SYMBOLS.search(region["text"]), region
    print(f"\nthe Hint, as a screen reader hears it: {region['text']}")
    assert page.locator(".cc-felt .cc-card:not([role=img])").count() == 0, "a card of the felt that is no image"
    no_violations(arcade, "Whisky Poker hint", found, screenshot_dir)
    light(page)
    play_whisky_round(arcade, each_turn=lambda: fits(arcade, "Whisky Poker", widest))
    whisky_said = page.locator(f"{WHISKY} .cc-announcement")
    expect(whisky_said).to_contain_text(page.locator(f"{WHISKY} .cc-headline").inner_text(), timeout=TIMEOUT)
    fits(arcade, "the Whisky Poker showdown", widest)
    showdown = page.locator(f"{WHISKY} .cc-result-box")
    assert showdown.bounding_box()["width"] >= 0.95 * page.locator(WHISKY).bounding_box()["width"] - 20
    expect(page.locator(".cc-score")).to_contain_text("against 3 GreedyBots")
    readme_picture(page, "whisky_showdown")
    resize(page, 390, 900)
    heading, turn = (page.locator(f"{WHISKY} .cc-board-head > span").nth(i).bounding_box() for i in (0, 1))
    apart = heading["x"] + heading["width"] + 8 <= turn["x"] or turn["y"] >= heading["y"] + heading["height"]
    assert apart, f"at 390 px the board's heading {heading} touches the turn beside it {turn}"
    page.screenshot(path=screenshot_dir / "arcade_showdown_390.png")
    print(f"\narcade fits: widest page {max(widest)} px over {len(widest)} measures")
    page.set_viewport_size({"width": 1400, "height": 900})
    page.screenshot(path=screenshot_dir / "arcade_whisky_showdown.png", full_page=True)
    no_violations(arcade, "Whisky Poker showdown", found, screenshot_dir)
    print("\naxe violations per page: " + "; ".join(f"{k}: {v}" for k, v in found.items()))

    # the round's record: downloaded from its link, opened again with Open record, stepped through
    with page.expect_download() as download:
        page.locator("a.cc-record-download").click()
    name, text = download.value.suggested_filename, Path(download.value.path()).read_bytes()
    record = load_record(text)
    assert name == f"whisky-poker-{arcade.seed(WHISKY)}.json" and record.is_over
    with page.expect_file_chooser() as chooser:
        page.locator(".cc-record-controls .widget-upload").click()
    chooser.value.set_files({"name": name, "mimeType": "application/json", "buffer": text})
    replay = page.locator(".cc-record-replay")
    expect(replay).to_contain_text(f"Record {name}: Whisky Poker, seed {arcade.seed(WHISKY)}", timeout=TIMEOUT)
    button(replay, "Next").click()
    record_moves = len(record.record()["actions"])
    expect(replay.locator(".cc-record-step")).to_contain_text(f"Move 1 of {record_moves} · Seat ", timeout=TIMEOUT)

    # Whisky options: Jokers, then one opponent fewer (the list, from the keyboard)
    page.locator(".cc-arcade").get_by_role("checkbox", name="Jokers").check()
    cheat_sheet = side.locator(".cc-cheat-sheet")
    expect(cheat_sheet).to_contain_text("33-card pack (7 to A and 1 Joker)", timeout=TIMEOUT)
    expect(cheat_sheet).to_contain_text("wild only")
    opponents = page.locator(".cc-arcade").get_by_role("combobox", name="Opponents")
    opponents.focus()
    opponents.press("2")  # a list answers to the first letter of an option
    expect(cheat_sheet).to_contain_text("29-card pack (8 to A and 1 Joker)", timeout=TIMEOUT)
    expect(page.locator(WHISKY).locator(".widget-html").first).to_contain_text("you against 2 GreedyBot")
    arcade.option("RandomBot")
    expect(page.locator(WHISKY).locator(".widget-html").first).to_contain_text("you against 2 RandomBot")
    arcade.expect_playable(WHISKY)

    # back to Split and Choose: the finished game is still there; a stronger opponent deals anew
    arcade.option("Split and Choose")
    expect(page.locator(f"{SPLIT} .cc-result")).to_be_visible(timeout=TIMEOUT)
    arcade.option("MonteCarloBot")
    arcade.option("quick")
    title = page.locator(SPLIT).locator(".widget-html").first
    expect(title).to_contain_text("you against MonteCarloBot", timeout=TIMEOUT)
    page.locator(".cc-arcade").get_by_role("checkbox", name="face-up swap").check()
    expect(title).to_contain_text("face-up swaps", timeout=TIMEOUT)
    seed = arcade.seed(SPLIT)
    button(page.locator(".cc-arcade"), "New game").click()
    expect(title).to_contain_text(f"game {seed + 1}", timeout=TIMEOUT)
    arcade.expect_playable(SPLIT)
    expect(page.locator(f"{SPLIT} .cc-result")).to_be_hidden()

    moves = sorted(arcade.latencies)
    print(
        f"arcade: {len(moves)} move clicks, latency median {statistics.median(moves) * 1000:.0f} ms, "
        f"max {moves[-1] * 1000:.0f} ms"
    )


def play_split_and_choose(
    arcade: Arcade,
    readme_picture: Callable[[Any, str], Path] | None = None,
    each_turn: Callable[[], None] = lambda: None,
) -> None:
    """A whole game (you split first) matched by a headless twin; ``each_turn`` is called at each of your turns."""
    page = arcade.page
    table = page.locator(SPLIT)
    log = table.locator(".cc-log")
    twin = SplitAndChooseTable(bot=HeuristicBot, seed=arcade.seed(SPLIT), first_splitter=0)
    choices = 0
    while not twin.game.is_over:
        phase = twin.phase
        each_turn()
        if phase == "split":
            for card in (twin.view.rounds[-1].cards or ())[:2]:
                twin.card_button(card).click()
                button(table, card_label(card)).click()
            expect(table.locator(".cc-preview")).to_contain_text("Face up:", timeout=TIMEOUT)
            twin.split_button.click()
            arcade.move(SPLIT, "Split")
        elif phase == "choose":
            up = choices % 2 == 0
            choices += 1
            (twin.face_up_button if up else twin.face_down_button).click()
            arcade.move(SPLIT, "Take the face-up pair" if up else "Take the face-down pair")
        elif phase == "reserve":
            card = twin.view.hand[-1]  # give the lowest card
            twin.card_button(card).click()
            button(table, card_label(card)).click()
            twin.swap_button.click()
            arcade.move(SPLIT, "Swap")
        else:
            twin.suggest_button.click()
            button(table, "Suggest the best build").click()
            expect(table.locator(".cc-preview")).to_contain_text("stronger hand", timeout=TIMEOUT)
            if readme_picture is not None:
                page.locator(".cc-arcade").evaluate("e => e.scrollIntoView()")  # the README's picture starts on top
                picture = readme_picture(page, "split_and_choose")
                assert 0 < picture.stat().st_size < PICTURE_BYTES, picture
            twin.build_button.click()
            arcade.move(SPLIT, "Build")
        expect(log).to_contain_text(twin.log[-1], timeout=TIMEOUT)
    assert twin.result is not None
    headline = {"win": "You win!", "loss": "The bot wins.", "draw": "A draw."}[twin.result.outcome(0)]
    expect(table.locator(".cc-result")).to_contain_text(headline, timeout=TIMEOUT)


def play_whisky_round(arcade: Arcade, opponents: int = 3, each_turn: Callable[[], None] = lambda: None) -> None:
    """Pass in phase 1, exchange once in phase 2, then knock (unless a bot knocked first);
    ``each_turn`` is called at each of your turns."""
    table = arcade.page.locator(WHISKY)
    log = table.locator(".cc-log")
    twin = WhiskyPokerTable(opponents=opponents, bot=GreedyBot, seed=arcade.seed(WHISKY))
    exchanged = False
    while not twin.game.is_over:
        assert twin.game.current_player == 0
        each_turn()
        if twin.game.phase == 1:
            twin.pass_button.click()
            arcade.move(WHISKY, "Pass")
        elif not exchanged:
            exchanged = True
            give, take = twin.view.hand[0], (twin.view.spare or ())[-1]
            twin.hand_button(give).click()
            twin.spare_button(take).click()
            table.locator(".cc-hand-row").get_by_role("button", name=card_label(give), exact=True).click()
            table.locator(".cc-spare-row").get_by_role("button", name=card_label(take), exact=True).click()
            twin.exchange_button.click()
            arcade.move(WHISKY, "Exchange")
        else:
            twin.knock_button.click()
            arcade.move(WHISKY, "Knock")
        expect(log).to_contain_text(twin.log[-1], timeout=TIMEOUT)
    assert twin.result is not None
    showdown = table.locator(".cc-showdown")
    expect(showdown.locator(".cc-showdown-row")).to_have_count(opponents + 1, timeout=TIMEOUT)
    for value in twin.result.values:
        expect(showdown).to_contain_text(value.describe())


_SHADE = """() => {  // the page's own background, as painted: 'dark' or 'light'
    const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/[\\d.]+/g).map(Number);
    return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? 'dark' : 'light';
}"""


def expect_shade(page: Any, shade: str) -> None:
    """Wait until the page is painted ``shade`` ("light" or "dark"), the arcade's texts all readable."""
    page.wait_for_function(f"({_SHADE})() === {shade!r}", timeout=TIMEOUT)
    # every text of the arcade readable on what is behind it (contrast measured as in test_themes_in_lab)
    lowest = page.locator(".cc-arcade").evaluate(LOWEST_CONTRASTS)
    assert lowest[0][0] >= MIN_CONTRAST, (shade, lowest)


def theme_switch(page: Any) -> Any:
    """The arcade's theme switch (system, light, dark)."""
    return page.locator(".cc-arcade .cc-theme-switch .widget-toggle-buttons")


THEMES = ((None, "dark"), (None, "light"), ("light", "dark"), ("dark", "light"))
"""The theme an address names (or None) and the system's: each pair is loaded once, by
:func:`~browser.test_arcade_fits.test_reloads_leave_one_kernel` (a load costs seconds of CPU, and that
test reloads the page anyway). The pages that follow the system come first: a theme the browser kept
would be taken instead of the system's."""


def reads_in_theme(arcade: Arcade, voila_url: str, screenshot_dir: Path, address: str | None, system: str) -> None:
    """Load the page with the system in ``system``: it takes the address's theme (Voilà's ``?theme=``) if it
    names one, else the system's (``prefers-color-scheme``), and follows the system live."""
    page = arcade.page
    page.emulate_media(color_scheme=system)
    arcade.open(f"{voila_url}/?theme={address}" if address else voila_url)
    expect(theme_switch(page).locator("button.mod-active")).to_have_text(address or "system")
    expect_shade(page, address or system)
    if address is None:  # following the system, live
        other = {"light": "dark", "dark": "light"}[system]
        page.emulate_media(color_scheme=other)
        expect_shade(page, other)
        page.emulate_media(color_scheme=system)
        expect_shade(page, system)
    rows = page.locator(".cc-cheat-sheet tr")
    expect(rows).to_have_count(9)
    counts = category_counts(Pack.split_and_choose())
    for place, (row, (category, n)) in enumerate(zip(rows.all(), counts.items(), strict=True), start=1):
        assert row.locator("td").all_inner_texts()[:3] == [str(place), category.value, f"{n:,}"]
    page.screenshot(path=screenshot_dir / f"arcade_{address or 'system'}_{system}.png")


def test_a_link_deals_the_whole_game_and_share_shows_it(arcade: Arcade, voila_url: str, screenshot_dir: Path) -> None:
    """The address names the whole game; Share shows the address of the game being played, and that
    address deals the same game again; a value the page cannot use is named on it."""
    page = arcade.page
    query = "game=whisky&seed=99&players=6&opponent=RandomBot&jokers=yes&first=you"
    page.goto(f"{voila_url}/?{query}&theme=dark")
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    title = page.locator(WHISKY).locator(".widget-html").first
    expect(title).to_contain_text("you against 5 RandomBots")
    expect(title).to_contain_text("deal 99")
    expect(page.locator(".cc-arcade-side .cc-cheat-sheet")).to_contain_text("42-card pack (5 to A and 2 Jokers)")
    button(page.locator(".cc-arcade"), "Share").click()
    link = page.locator(".cc-arcade .cc-share a")
    expect(link).to_be_visible(timeout=TIMEOUT)
    address = link.get_attribute("href") or ""
    assert address.startswith(f"{voila_url}/?game=whisky&seed=99"), address
    for width in (1400, 1024, 390):
        page.set_viewport_size({"width": width, "height": 700})
        page.screenshot(path=screenshot_dir / f"arcade_share_{width}_dark.png")
    before = page.locator(f"{WHISKY} .cc-hand-row").inner_text()
    page.goto(address)
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    expect(title).to_contain_text("you against 5 RandomBots · 42-card pack (5 to A and 2 Jokers) · deal 99")
    assert page.locator(f"{WHISKY} .cc-hand-row").inner_text() == before
    page.goto(f"{voila_url}/?game=split&players=4&opponent=Nobody&theme=light")
    arcade.expect_playable(SPLIT, LOAD_TIMEOUT)
    message = page.locator(".cc-arcade").get_by_text("players is for Whisky Poker only")
    expect(message).to_be_visible()
    expect(page.locator(".cc-arcade")).to_contain_text("not 'Nobody'")
    for width in (1400, 1024, 390):
        page.set_viewport_size({"width": width, "height": 700})
        page.screenshot(path=screenshot_dir / f"arcade_address_named_{width}_light.png")
