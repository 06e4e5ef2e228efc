"""The explorers in a real JupyterLab and Chromium: controls change what is shown. The README's
picture of the odds explorer is taken from the real widget here, before any control is touched
(``UPDATE_SCREENSHOTS=1`` writes it to docs/screenshots/; otherwise it goes beside the other
screenshots, so a test run leaves the tree clean; the arcade's pictures come from
tests/browser/test_arcade.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser.conftest import PICTURE_BYTES
from browser.playwright_expect import expect
from cardcommons import Category, Pack, category_counts
from cardcommons.alt_text import figure_alt
from cardcommons.plots import close, plot_category_odds

NOTEBOOK = "explorers.ipynb"
TIMEOUT = 30_000


def test_odds_and_hand_explorers_respond_in_lab(
    run_notebook: Callable[..., Any], screenshot_dir: Path, readme_picture: Callable[[Any, str], Path]
) -> None:
    page = run_notebook(NOTEBOOK, width=1280, height=1000)
    odds = page.locator(".cc-odds-explorer")
    table = odds.locator(".cc-odds-table")
    chart = odds.locator(".cc-chart")
    expect(table).to_contain_text("32-card pack (7 to A) · standard order", timeout=TIMEOUT)
    flushes = category_counts(Pack.whisky(4))[Category.FLUSH]
    expect(table).to_contain_text(f"{flushes:,}")
    first_chart = chart.inner_html()

    # the README's picture, as the explorer first shows: the chart (HTML) drawn, no hover highlight
    chart.locator(".cc-bar").first.wait_for(timeout=TIMEOUT)
    page.mouse.move(0, 0)
    picture = readme_picture(odds, "odds_explorer")
    assert 0 < picture.stat().st_size < PICTURE_BYTES, picture

    # Jokers: the pack, the table and the chart all follow
    odds.get_by_role("button", name="1 Joker", exact=True).click()
    with_joker = category_counts(Pack(lowest=7, jokers=1))
    expect(table).to_contain_text("33-card pack (7 to A and 1 Joker)", timeout=TIMEOUT)
    expect(table).to_contain_text(f"{with_joker[Category.STRAIGHT_FLUSH]:,}")
    expect(chart).to_contain_text(f"{with_joker[Category.STRAIGHT_FLUSH]:,}", timeout=TIMEOUT)
    assert chart.inner_html() != first_chart

    # the order: rows move, the disagreeing ones stay marked
    odds.get_by_role("button", name="by rarity", exact=True).click()
    expect(table).to_contain_text("rarity order", timeout=TIMEOUT)
    expect(table.locator("tr.cc-disagree").first).to_be_visible()

    # the table size, from the keyboard: 4 players -> 2 (the list is named by its label)
    players = odds.get_by_role("combobox", name="Table size")
    players.focus()
    players.press("2")  # a list answers to the first letter of an option
    expect(table).to_contain_text("25-card pack (9 to A and 1 Joker)", timeout=TIMEOUT)
    odds.screenshot(path=screenshot_dir / "lab_odds_explorer.png")

    # the hand explorer: type a hand, see the category
    hand = page.locator(".cc-hand-explorer")
    text = hand.locator(".cc-hand-text input")
    text.fill("As Ks Qs Js Jo")
    text.press("Enter")
    expect(hand).to_contain_text("Royal flush, the Joker as the Ten of spades", timeout=TIMEOUT)
    expect(hand).to_contain_text("Hands that beat it")

    # nonsense: a message, and the hand stays
    text.fill("As Zz")
    text.press("Enter")
    expect(hand).to_contain_text("not a card: 'Zz'", timeout=TIMEOUT)
    expect(hand).to_contain_text("Royal flush, the Joker as the Ten of spades")

    # by clicking: clear, then five hearts
    hand.get_by_role("button", name="Clear").click()
    expect(hand).to_contain_text("Pick 5 cards", timeout=TIMEOUT)
    hearts = [
        "Ace of hearts, A♥",
        "King of hearts, K♥",
        "Queen of hearts, Q♥",
        "Jack of hearts, J♥",
        "Ten of hearts, 10♥",
    ]
    for card in hearts:  # named in words, each says it is chosen (aria-pressed)
        hand.get_by_role("button", name=card, exact=True, pressed=False).click()
        expect(hand.get_by_role("button", name=card, exact=True, pressed=True)).to_be_visible(timeout=TIMEOUT)
    expect(hand).to_contain_text("Royal flush", timeout=TIMEOUT)
    expect(text).to_have_value("Ah Kh Qh Jh Th")
    hand.screenshot(path=screenshot_dir / "lab_hand_explorer.png")

    # a plot of the lessons: an image a screen reader is told in words, numbers included
    plot = page.locator(".jp-OutputArea-output img[alt]")
    expect(plot).to_have_count(1)
    drawn = plot_category_odds([Pack.whisky(p) for p in (2, 4)], probability=True, log=False)
    assert plot.get_attribute("alt") == figure_alt(drawn.figure)
    close(drawn)


def test_explorers_stay_legible_in_the_dark_theme(run_notebook: Callable[..., Any], screenshot_dir: Path) -> None:
    page = run_notebook(NOTEBOOK, theme="JupyterLab Dark")
    expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false", timeout=TIMEOUT)
    table = page.locator(".cc-odds-explorer .cc-odds-table")
    expect(table).to_be_visible(timeout=TIMEOUT)
    # panels take the theme's paper and ink (every text's contrast: test_themes_in_lab); cards stay white
    assert table.evaluate("e => getComputedStyle(e).backgroundColor") != "rgb(255, 255, 255)"
    button = page.locator(".cc-hand-explorer").get_by_role("button", name="Ace of hearts, A♥", exact=True)
    assert button.evaluate("e => getComputedStyle(e).color") == "rgb(198, 40, 40)"
    text = page.locator(".cc-hand-explorer .cc-hand-text input")
    text.fill("Ah Ad Kc Qs Jo")
    text.press("Enter")
    expect(page.locator(".cc-hand-explorer")).to_contain_text("plays low", timeout=TIMEOUT)
    page.locator(".cc-odds-explorer").screenshot(path=screenshot_dir / "lab_dark_odds_explorer.png")
    page.locator(".cc-hand-explorer").screenshot(path=screenshot_dir / "lab_dark_hand_explorer.png")
