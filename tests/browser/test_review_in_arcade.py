"""The review under a finished game in the arcade page, in Chromium, on one page load: a short
Whisky Poker deal, then a whole Split and Choose game, each played by keyboard, then each one's
Review by keyboard, read through the accessibility tree as a screen reader is given it (a heading,
the summary, a table with its column headers and a verdict in each row, the picture's words, the
summary said in the table's live region); Try again at a costly decision; the review of the game
replayed (*Replay*, then *Review this game*: the same review, made once); and axe-core finds no
violation at 1400 and 390 px, light and dark, with each game's review on the page. Screenshots of
both reviews at 1400, 1024 and 390 px in both themes, and the README's picture of a review."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser.conftest import PICTURE_BYTES
from browser.playwright_expect import expect
from browser.test_accessibility import (
    live_regions,
    log_length,
    no_violations,
    play_split_by_keyboard,
    press,
    tab_to,
    wait_for_turn,
)
from browser.test_arcade import LOAD_TIMEOUT, SPLIT, TIMEOUT, WHISKY, Arcade, button, expect_shade, theme_switch

SEED = 12
REVIEW_TIMEOUT = 90_000
"""A review takes a second or two of CPU; on a machine shared with other work, its wall time is longer."""


def read_review(page: Any, scope: Any, heading: str) -> str:
    """Wait for the review under ``heading`` in ``scope`` and read it through the accessibility
    tree (Playwright's ARIA snapshot: roles and names, as a screen reader gets them); its summary."""
    review = scope.locator(".cc-review-view")
    expect(review.get_by_role("heading", name=heading, level=3)).to_be_visible(timeout=REVIEW_TIMEOUT)
    tree = review.aria_snapshot()
    print(f"\n{heading}, as the accessibility tree gives it:\n{tree}")
    assert re.search(rf'- heading "{re.escape(heading)}" \[level=3\]', tree), tree
    # the summary: the paragraphs before the table (a paragraph's text is quoted where it holds a colon)
    parts = re.findall(r"^ *- paragraph: (.*)$", tree.split('- region "Your decisions')[0], re.MULTILINE)
    summary = " ".join(part.removeprefix('"').removesuffix('"') for part in parts)
    assert re.match(r"You (won|lost|drew)", summary) and "rule of thumb" in summary, tree
    assert len(parts) == 3 and parts[-1].strip('"').startswith(("The other players", "Luck aside")), parts
    assert '- table "Your decisions"' in tree, tree
    headers = re.findall(r'- columnheader "([^"]+)"', tree)
    assert headers == ["Move", "You played", "The coach's best", "Cost in points (95%)", "Verdict"], tree
    rows = review.get_by_role("table", name="Your decisions").locator("tbody").get_by_role("row").all()
    assert rows
    for row in rows:
        verdict = row.get_by_role("cell").last.inner_text()
        assert re.fullmatch(r"good|(perhaps )?an? (inaccuracy|mistake|blunder)", verdict.strip()), verdict
    picture = '- \'?img "Your win chance, from what you could see: [^"]+; in the end, \\d+%\\."'
    assert re.search(picture, tree), tree
    assert "perhaps" in tree and "half a point" in tree  # the thresholds, stated
    return summary


def said(page: Any, start: str) -> str:
    """What the page's live region starting with ``start`` says, read from Chromium's accessibility tree."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    found = [region for region in live_regions(cdp) if region["text"].startswith(start)]
    assert len(found) == 1, found
    assert found[0]["role"] == "alert"
    text: str = found[0]["text"]
    return text


def pictures(page: Any, targets: dict[str, Any], screenshot_dir: Path) -> None:
    """Screenshots of each target at 1400, 1024 and 390 px, light and dark, under its name."""
    for shade in ("light", "dark"):
        theme_switch(page).get_by_role("button", name=shade, exact=True).click()
        expect_shade(page, shade)
        for width in (1400, 1024, 390):
            page.set_viewport_size({"width": width, "height": 900})
            for name, target in targets.items():
                target.scroll_into_view_if_needed()
                page.screenshot(path=screenshot_dir / f"{name}_{width}_{shade}.png")
    page.set_viewport_size({"width": 1400, "height": 900})


def test_a_whisky_deal_and_a_split_and_choose_game_by_keyboard_then_their_reviews(
    arcade: Arcade, voila_url: str, screenshot_dir: Path, readme_picture: Callable[[Any, str], Path]
) -> None:
    page = arcade.page
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(f"{voila_url}/?game=whisky&seed={SEED}&players=2&first=you&theme=light")
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    whisky = page.locator(WHISKY)
    # pass, then knock when the turn comes again (unless the bot knocked first), all by keyboard
    while not whisky.locator(".cc-showdown").is_visible():
        before = log_length(page, WHISKY)
        page.locator("body").focus()
        tab_to(page, "Pass" if button(whisky, "Pass").is_visible() else "Knock", limit=80)
        press(page, "Enter")
        wait_for_turn(page, WHISKY, before)

    # at the result: Review, by keyboard; progress is shown while it is made, then the review
    tab_to(page, "Review")
    start = time.perf_counter()
    press(page, "Enter", "Review")
    summary = read_review(page, whisky, f"Review of deal {SEED}")
    print(f"the Whisky Poker review shown {time.perf_counter() - start:.1f} s after Enter")
    live = whisky.locator(".cc-announcement")
    expect(live).to_have_attribute("role", "alert")
    expect(live).to_have_text(f"Review of deal {SEED}. {summary}")

    # Try again at the first costly decision, by keyboard: the position in the reader's words, another move,
    # and the coach's verdict on it, said in the live region too
    again = whisky.locator(".cc-try-again")
    expect(again).to_contain_text(re.compile(r"Move \d+, as you saw it: Your hand: "))
    moves = again.get_by_role("combobox", name="Your move")  # the list shows its options' spaces unbroken
    played = moves.locator("option:checked").inner_text()
    other = next(text for text in moves.locator("option").all_inner_texts() if text != played)
    moves.select_option(label=other)
    tab_to(page, "Ask the coach")
    press(page, "Enter", "Ask the coach")
    verdict = again.locator(".cc-try-again-verdict")
    expect(verdict).to_contain_text(
        re.compile(rf"^Move \d+, {re.escape(other.replace(chr(160), ' '))}: "), timeout=TIMEOUT
    )
    expect(live).to_have_text(f"The coach: {verdict.inner_text()}")
    review = whisky.locator(".cc-review-view")
    pictures(page, {"review": review, "review_try_again": again}, screenshot_dir)
    found: dict[str, int] = {}
    no_violations(arcade, "Whisky Poker review", found, screenshot_dir)

    # Split and Choose: the game's button and New game by keyboard, the whole game by keyboard, then Review
    page.locator("body").focus()
    tab_to(page, "Split and Choose")
    press(page, "Space")
    arcade.expect_playable(SPLIT)
    tab_to(page, "New game")
    press(page, "Enter")
    split = page.locator(SPLIT)
    expect(split.locator(".widget-html").first).to_contain_text(f"game {SEED + 1}", timeout=TIMEOUT)
    assert play_split_by_keyboard(page) >= 5
    tab_to(page, "Review")
    start = time.perf_counter()
    press(page, "Enter", "Review")
    heading = f"Review of game {SEED + 1}"
    summary = read_review(page, split, heading)
    print(f"the Split and Choose review shown {time.perf_counter() - start:.1f} s after Enter")
    assert "The cards dealt after the first round" in summary  # its later chance, in words
    assert said(page, "Review of game") == f"{heading}. {summary}"

    # the game replayed, and its review from there, by keyboard: the same review, shown at once
    tab_to(page, "Replay")
    press(page, "Enter", "Replay")
    records = page.locator(".cc-record-controls")
    expect(records.locator(".cc-record-replay")).to_contain_text(f"Replay: Split and Choose, seed {SEED + 1}")
    tab_to(page, "Review this game")
    press(page, "Enter", "Review this game")
    replayed = f"Review of the Split and Choose game, seed {SEED + 1}, seat 0's decisions"
    assert read_review(page, records, replayed) == summary
    assert said(page, "Review of the Split") == f"{replayed}. {summary}"
    theme_switch(page).get_by_role("button", name="light", exact=True).click()
    expect_shade(page, "light")
    picture = readme_picture(split.locator(".cc-review-view"), "review")  # the README's example of a review
    assert 0 < picture.stat().st_size < PICTURE_BYTES, picture
    # on a phone each decision's row is laid out as lines: still a table with its headers, row by row
    page.set_viewport_size({"width": 390, "height": 844})
    phone = split.locator(".cc-review-view").aria_snapshot()
    print(f"\n{heading} on a phone:\n{phone}")
    assert '- table "Your decisions"' in phone and '- columnheader "Verdict"' in phone, phone
    rows = split.locator(".cc-review-view tbody tr").count()
    assert len(re.findall(r"^ *- '?row ", phone, re.MULTILINE)) == 1 + rows and rows >= 5, phone
    page.set_viewport_size({"width": 1400, "height": 900})
    targets = {"review_split": split.locator(".cc-review-view"), "review_replayed": records.locator(".cc-review-view")}
    pictures(page, targets, screenshot_dir)
    no_violations(arcade, "Split and Choose review and its replay's", found, screenshot_dir)
    print("\naxe violations per page: " + "; ".join(f"{k}: {v}" for k, v in found.items()))
