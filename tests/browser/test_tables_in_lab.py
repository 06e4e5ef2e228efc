"""The game tables in a real JupyterLab and Chromium: a whole game of each, clicked through.

A headless twin of each table (same seed, same bot) is driven alongside: its
log says what the browser must show after each click, so every expectation
comes from the engine, not from copied strings.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser.playwright_expect import expect
from browser.test_arcade import card_label
from cardcommons.bots import GreedyBot, HeuristicBot
from cardcommons.cards import Card
from cardcommons.widgets import SplitAndChooseTable, WhiskyPokerTable

NOTEBOOK = "tables.ipynb"
TIMEOUT = 30_000


def button(table: Any, name: str) -> Any:
    """A button by its accessible name: its label alone (no icon's glyph; a card's name in words)."""
    return table.get_by_role("button", name=name, exact=True)


def press(table: Any, name: str) -> None:
    button(table, name).click()


def press_card(table: Any, card: Card) -> None:
    press(table, card_label(card))


def test_split_and_choose_whole_game_in_lab(run_notebook: Callable[..., Any], screenshot_dir: Path) -> None:
    page = run_notebook(NOTEBOOK, height=1100)
    table = page.locator(".cc-split-and-choose-table")
    log = table.locator(".cc-log")
    twin = SplitAndChooseTable(bot=HeuristicBot, seed=3, first_splitter=0)
    expect(table.locator(".cc-board")).to_contain_text("Round 1 of 5", timeout=TIMEOUT)
    table.screenshot(path=screenshot_dir / "lab_split_and_choose_start.png")
    choices = 0
    while not twin.game.is_over:
        phase = twin.phase
        if phase == "split":
            cards = twin.view.rounds[-1].cards or ()
            for card in cards[:2]:
                twin.card_button(card).click()
                press_card(table, card)
            expect(table.locator(".cc-preview")).to_contain_text("Face up:", timeout=TIMEOUT)
            twin.split_button.click()
            press(table, "Split")
        elif phase == "choose":
            name = "Take the face-up pair" if choices % 2 == 0 else "Take the face-down pair"
            choices += 1
            (twin.face_up_button if name.endswith("face-up pair") else twin.face_down_button).click()
            if choices == 2:
                table.screenshot(path=screenshot_dir / "lab_split_and_choose_choose.png")
            press(table, name)
        elif phase == "reserve":
            card = twin.view.hand[-1]  # give the lowest card
            twin.card_button(card).click()
            press_card(table, card)
            twin.swap_button.click()
            press(table, "Swap")
        else:
            twin.suggest_button.click()
            press(table, "Suggest the best build")
            expect(table.locator(".cc-preview")).to_contain_text("stronger hand", timeout=TIMEOUT)
            table.screenshot(path=screenshot_dir / "lab_split_and_choose_build.png")
            twin.build_button.click()
            press(table, "Build")
        assert twin.message == "" or twin.message.startswith("The best"), twin.message
        expect(log).to_contain_text(twin.log[-1], timeout=TIMEOUT)

    result = table.locator(".cc-result")
    assert twin.result is not None
    headline = {"win": "You win!", "loss": "The bot wins.", "draw": "A draw."}[twin.result.outcome(0)]
    expect(result).to_contain_text(headline, timeout=TIMEOUT)
    expect(result.locator(".cc-step")).to_have_count(4)
    for value in (*twin.result.weaker, *twin.result.stronger):
        expect(result).to_contain_text(value.describe())
    # every card of both builds is drawn as a face on the felt, the result panel beside it
    assert table.locator(".cc-board .cc-build .cc-card").count() == 20
    assert result.bounding_box()["y"] < table.locator(".cc-board").bounding_box()["y"] + 400
    table.screenshot(path=screenshot_dir / "lab_split_and_choose_result.png")

    press(table, "Replay")
    expect(table.locator(".cc-replay")).to_contain_text("the same result ✓", timeout=TIMEOUT)
    page.screenshot(path=screenshot_dir / "lab_tables.png", full_page=True)


def test_whisky_round_exchange_knock_showdown_in_lab(run_notebook: Callable[..., Any], screenshot_dir: Path) -> None:
    page = run_notebook(NOTEBOOK, height=1100)
    table = page.locator(".cc-whisky-table")
    table.scroll_into_view_if_needed()
    log = table.locator(".cc-log")
    twin = WhiskyPokerTable(opponents=3, bot=GreedyBot, seed=12)
    expect(table.locator(".cc-board")).to_contain_text("Phase 1", timeout=TIMEOUT)
    expect(button(table, "Exchange")).to_be_hidden()
    table.screenshot(path=screenshot_dir / "lab_whisky_phase1.png")

    assert twin.game.current_player == 0 and twin.game.phase == 1
    twin.pass_button.click()
    press(table, "Pass")
    expect(log).to_contain_text(twin.log[-1], timeout=TIMEOUT)
    expect(table.locator(".cc-board")).to_contain_text("Phase 2", timeout=TIMEOUT)

    assert twin.game.current_player == 0 and twin.game.phase == 2
    give, take = twin.view.hand[0], (twin.view.spare or ())[-1]
    twin.hand_button(give).click()
    twin.spare_button(take).click()
    # the twin's buttons are the same cards as the browser's; click the browser's hand, then spare
    hand_row, spare_row = table.locator(".cc-hand-row"), table.locator(".cc-spare-row")
    hand_row.get_by_role("button", name=card_label(give), exact=True).click()
    spare_row.get_by_role("button", name=card_label(take), exact=True).click()
    expect(table.locator(".cc-prompt")).to_contain_text(f"give {give}, take {take}", timeout=TIMEOUT)
    for row, card in ((hand_row, give), (spare_row, take)):  # each chosen card says so, and shows its mark
        expect(row.get_by_role("button", name=card_label(card), pressed=True)).to_be_visible()
    table.screenshot(path=screenshot_dir / "lab_whisky_exchange.png")
    twin.exchange_button.click()
    press(table, "Exchange")
    expect(log).to_contain_text(f"You gave {give} and took {take}", timeout=TIMEOUT)
    expect(log).to_contain_text(twin.log[-1], timeout=TIMEOUT)

    assert twin.game.current_player == 0 and not twin.game.is_over
    twin.knock_button.click()
    press(table, "Knock")
    expect(log).to_contain_text(twin.log[-1], timeout=TIMEOUT)
    assert twin.result is not None
    showdown = table.locator(".cc-showdown")
    expect(showdown).to_be_visible(timeout=TIMEOUT)
    expect(showdown.locator(".cc-showdown-row")).to_have_count(4)
    expect(showdown.locator(".cc-winner")).to_have_count(len(twin.result.winners))
    for value in twin.result.values:
        expect(showdown).to_contain_text(value.describe())
    table.screenshot(path=screenshot_dir / "lab_whisky_showdown.png")
