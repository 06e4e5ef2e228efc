"""The review under a finished game in the arcade page, in Chromium: a short Whisky
Poker deal played by keyboard, then Review, read through the accessibility tree
(a heading, a table with its column headers, the picture's words, the summary said
in the table's live region), and axe-core finds no violation at 1400 and 390 px, light
and dark. Screenshots at 1400, 1024 and 390 px in both themes."""

from __future__ import annotations

import re
from pathlib import Path

from browser.playwright_expect import expect
from browser.test_accessibility import log_length, no_violations, press, tab_to, wait_for_turn
from browser.test_arcade import LOAD_TIMEOUT, TIMEOUT, WHISKY, Arcade, button, expect_shade, theme_switch

SEED = 12


def test_a_short_deal_by_keyboard_then_its_review(arcade: Arcade, voila_url: str, screenshot_dir: Path) -> None:
    page = arcade.page
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
    press(page, "Enter", "Review")
    review = whisky.locator(".cc-review-view")
    heading = review.get_by_role("heading", name=f"Review of deal {SEED}")
    expect(heading).to_be_visible(timeout=TIMEOUT)
    table = review.get_by_role("table", name="Your decisions")
    expect(table).to_be_visible()
    headers = table.get_by_role("columnheader")
    expect(headers).to_have_text(["Move", "You played", "The coach's best", "Cost in points (95%)", "Verdict"])
    rows = table.locator("tbody").get_by_role("row")
    assert rows.count() >= 1
    for row in rows.all():
        assert re.search(r"good|inaccuracy|mistake|blunder", row.get_by_role("cell").last.inner_text())
    picture = review.get_by_role("img", name=re.compile(r"^Your win chance, from what you could see: "))
    expect(picture).to_be_visible()
    summary = review.locator("p").first.inner_text()
    assert re.match(r"You (won|lost|drew)", summary) and "rule of thumb" in summary
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

    for shade in ("light", "dark"):
        theme_switch(page).get_by_role("button", name=shade, exact=True).click()
        expect_shade(page, shade)
        for width in (1400, 1024, 390):
            page.set_viewport_size({"width": width, "height": 900})
            review.scroll_into_view_if_needed()
            page.screenshot(path=screenshot_dir / f"review_{width}_{shade}.png")
            again.scroll_into_view_if_needed()
            page.screenshot(path=screenshot_dir / f"review_try_again_{width}_{shade}.png")
    no_violations(arcade, "Whisky Poker review", {}, screenshot_dir)
