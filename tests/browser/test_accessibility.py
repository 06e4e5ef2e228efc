"""Every reader's screen: axe-core finds no WCAG 2.1 A/AA violation in what the
project draws, a screen reader hears each move (read from Chromium's
accessibility tree, as a screen reader is given it), and a whole game of each
is played by keyboard alone.

axe runs on the arcade page (both games, at the first move and at the result,
and Whisky Poker's Hint, at 1400 and 390 px, light and dark: :func:`no_violations`,
during the game test_arcade.py plays by clicking, where the live region is heard
at each move and the Hint through the accessibility tree) and on the lessons'
widgets as outputs in JupyterLab (only the output areas: the rest is
JupyterLab's own). Each table has a live region (an alert drawn in no pixel)
that says, in the move log's words, what happened since the reader's last
move, then whose turn it is or the result. By keyboard (Tab, Space, Enter), the focus is always shown and
goes where the reader acts next: the first card to pick, the move that plays
the cards picked, New game at the end.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from browser.axe import violations
from browser.playwright_expect import expect
from browser.test_arcade import (
    LOAD_TIMEOUT,
    SEED,
    SPLIT,
    TIMEOUT,
    WHISKY,
    Arcade,
    button,
    expect_shade,
    painted,
    play_whisky_round,
    resize,
    theme_switch,
)
from cardcommons.palette import contrast

SIZES = ((1400, 900), (390, 844))
_FOCUSED = """() => {
    const e = document.activeElement;
    const s = getComputedStyle(e);
    return {text: e.innerText ?? '', visible: e.matches(':focus-visible'),
            ring: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2};
}"""


def no_violations(arcade: Arcade, where: str, found: dict[str, int], screenshot_dir: Path) -> None:
    """axe at both widths in both themes: no violation; the count per page kept in ``found``."""
    page = arcade.page
    for shade in ("light", "dark"):
        settled(page)
        theme_switch(page).get_by_role("button", name=shade, exact=True).click()
        expect_shade(page, shade)
        for width, height in SIZES:
            resize(page, width, height)
            broken = violations(page)
            found[f"{where}, {width} px, {shade}"] = len(broken)
            if broken:
                page.screenshot(path=screenshot_dir / f"axe_{where.replace(' ', '_')}_{width}_{shade}.png")
            assert broken == [], f"{where} at {width} px, {shade}: {broken}"
    page.set_viewport_size({"width": 1400, "height": 900})


def settled(page: Any) -> None:
    """Wait until no animation runs (the felt's newest moves slide in): contrast is measured at rest."""
    page.wait_for_function("document.getAnimations().every(a => a.playState !== 'running')", timeout=TIMEOUT)


def focused(page: Any) -> dict[str, Any]:
    """What has the focus: its text, and whether its ring shows."""
    state: dict[str, Any] = page.evaluate(_FOCUSED)
    return state


def press(page: Any, key: str, expected: str | None = None) -> None:
    """Press ``key`` on what has the focus (shown by its ring); ``expected``: its label."""
    state = focused(page)
    assert state["visible"] and state["ring"], f"the focus is not shown on {state['text']!r}"
    if expected is not None:
        assert state["text"].strip().endswith(expected), f"the focus is on {state['text']!r}, not {expected!r}"
    page.keyboard.press(key)


def tab_to(page: Any, label: str, limit: int = 40) -> None:
    """Tab on until the focus is on a control labelled ``label``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(document.activeElement.innerText ?? '').trim()").endswith(label):
            return
    raise AssertionError(f"{limit} Tabs never reached {label!r}")


def wait_for_turn(page: Any, table: str, after: int) -> None:
    """Wait until the log has more than ``after`` lines, the table says it is your turn (or the game is
    over), and the focus is in the table."""
    page.wait_for_function(
        f"""() => document.querySelectorAll('{table} .cc-log div[role=region] > div').length > {after}
                && /Your turn\\.$|win|draw/i.test(document.querySelector('{table} .cc-announcement').innerText)
                && document.activeElement.closest('{table}') !== null""",
        timeout=TIMEOUT,
    )


def log_length(page: Any, table: str) -> int:
    return int(page.locator(f"{table} .cc-log div[role=region] > div").count())


def test_a_whole_game_of_each_by_keyboard_alone(arcade: Arcade, voila_url: str, screenshot_dir: Path) -> None:
    page = arcade.page
    page.set_viewport_size({"width": 1400, "height": 900})
    arcade.open(f"{voila_url}/?seed={SEED}")
    page.locator("body").focus()
    # the options, then New game: the focus goes to the table, on the first card to pick
    tab_to(page, "you")
    press(page, "Space")
    expect(page.locator(SPLIT).locator(".widget-html").first).to_contain_text(f"game {SEED + 1}", timeout=TIMEOUT)
    tab_to(page, "New game")
    press(page, "Enter")
    expect(page.locator(SPLIT).locator(".widget-html").first).to_contain_text(f"game {SEED + 2}", timeout=TIMEOUT)
    assert play_split_by_keyboard(page) >= 5
    table = page.locator(SPLIT)
    expect(table.locator(".cc-result")).to_be_visible()
    press(page, "Tab")  # the result's New game had the focus; it still shows where it is
    page.screenshot(path=screenshot_dir / "keyboard_split_and_choose_over.png")

    # Whisky Poker: the game's button and New game by keyboard; pass, exchange (a card of each row), knock
    page.locator("body").focus()
    tab_to(page, "Whisky Poker")
    press(page, "Space")
    arcade.expect_playable(WHISKY)
    tab_to(page, "New game")
    press(page, "Enter")
    page.wait_for_function("document.activeElement.closest('.cc-whisky-table') !== null", timeout=TIMEOUT)
    whisky = page.locator(WHISKY)
    exchanged = False
    while not whisky.locator(".cc-showdown").is_visible():
        before = log_length(page, WHISKY)
        if button(whisky, "Pass").is_visible():
            press(page, "Enter", "Pass")
        elif not exchanged:
            exchanged = True
            press(page, "Space")  # the first card of your hand; the focus goes to the spare's first card
            page.wait_for_function("document.activeElement.closest('.cc-spare-row') !== null", timeout=TIMEOUT)
            press(page, "Space")
            page.wait_for_function("/Exchange/.test(document.activeElement.innerText ?? '')", timeout=TIMEOUT)
            press(page, "Enter", "Exchange")
        else:
            tab_to(page, "Knock")
            press(page, "Enter", "Knock")
        wait_for_turn(page, WHISKY, before)
    expect(whisky.locator(".cc-showdown")).to_be_visible()
    assert focused(page)["text"].strip().endswith("New game")
    page.screenshot(path=screenshot_dir / "keyboard_whisky_over.png")


def play_split_by_keyboard(page: Any) -> int:
    """Play the Split and Choose game dealt to its end by keyboard alone (Space picks the card that has
    the focus, Tab goes to the next, Enter plays), from the focus in the table; the moves made."""
    page.wait_for_function("document.activeElement.closest('.cc-split-and-choose-table') !== null", timeout=TIMEOUT)
    table = page.locator(SPLIT)
    moves = 0
    while not table.locator(".cc-result").is_visible():
        prompt = table.locator(".cc-prompt").inner_text()
        before = log_length(page, SPLIT)
        if "Take the face-up pair" in prompt or table.get_by_role("button", name="Take the face-up pair").is_visible():
            press(page, "Enter", "Take the face-up pair")
        else:
            picks = {"split": 2, "reserve": 1, "build": 5}[
                "split"
                if button(table, "Split").is_visible()
                else "reserve"
                if button(table, "Swap").is_visible()
                else "build"
            ]
            for n in range(picks):
                press(page, "Space")
                if n < picks - 1:
                    page.keyboard.press("Tab")
            # all picked: the focus goes to the move that plays them
            page.wait_for_function(
                "/(Split|Swap|Build)$/.test((document.activeElement.innerText ?? '').trim())", timeout=TIMEOUT
            )
            press(page, "Enter")
        moves += 1
        wait_for_turn(page, SPLIT, before)
    return moves


def test_a_phone_at_a_full_table_keeps_your_hand_in_view(arcade: Arcade, voila_url: str, screenshot_dir: Path) -> None:
    """At 390x844, eight opponents: at the first turn of a fresh page opened from a shared link, and
    at each of your turns after, your hand and your moves are on screen without scrolling (your
    tray over the felt, the other seats drawn small, the page brought to your hand once you have moved)."""
    page = arcade.page
    page.set_viewport_size({"width": 390, "height": 844})
    lowest: list[float] = []

    def in_view(first: str = "") -> None:
        arcade.expect_playable(WHISKY)
        if not first:  # the focus comes to your hand (and the page scrolls to it)
            page.wait_for_function(f"document.activeElement.closest('{WHISKY}') !== null", timeout=TIMEOUT)
        painted(page)
        if first:  # the page as it opened: nothing scrolled
            assert page.evaluate("window.scrollY") == 0
        parts = [page.locator(f"{WHISKY} .cc-hand-row")]
        parts += page.locator(f"{WHISKY} .cc-tray button:not(.cc-card-button):visible").all()
        for part in parts:
            box = part.bounding_box()
            inside = box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844
            if not inside or first:
                page.screenshot(path=screenshot_dir / f"phone_eight_opponents{first}.png")
            assert inside, (first, part, box)
            lowest.append(box["y"] + box["height"])

    # a fresh page, opened from a shared link: the address Share gives for this game
    link = f"{voila_url}/?game=whisky&seed={SEED}&players=9&opponent=GreedyBot&first=bot&jokers=no"
    page.goto(link)
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    expect(page.locator(WHISKY).locator(".widget-html").first).to_contain_text("you against 8 GreedyBot")
    in_view("_shared_link")
    seed = arcade.seed(WHISKY)
    button(page.locator(".cc-arcade"), "New game").click()  # the reader deals: the page follows to their hand
    expect(page.locator(WHISKY).locator(".widget-html").first).to_contain_text(f"deal {seed + 1}", timeout=TIMEOUT)

    play_whisky_round(arcade, opponents=8, each_turn=in_view)
    page.screenshot(path=screenshot_dir / "phone_eight_opponents.png")
    button(page.locator(".cc-arcade"), "Share").click()  # the link was the one Share gives, for that game
    shared = link.replace(f"seed={SEED}", f"seed={seed + 1}")
    expect(page.locator(".cc-arcade .cc-share a")).to_have_attribute("href", shared, timeout=TIMEOUT)
    print(f"\nphone, eight opponents: your hand and moves end {max(lowest):.0f} px down, of 844")


def test_the_lessons_widgets_in_lab_have_no_axe_violations(
    run_notebook: Callable[..., Any], screenshot_dir: Path
) -> None:
    """The explorers and both tables as cells' outputs in JupyterLab (Lab's own interface is Lab's)."""
    found: dict[str, int] = {}
    for notebook, theme in (("explorers.ipynb", "JupyterLab Light"), ("tables.ipynb", "JupyterLab Dark")):
        page = run_notebook(notebook, width=1400, height=900, theme=theme)
        page.locator(".jp-OutputArea-output .cc-card, .jp-OutputArea-output select").first.wait_for(timeout=TIMEOUT)
        broken = violations(page, include=[".jp-OutputArea-output"])
        found[f"{notebook} in {theme}"] = len(broken)
        assert broken == [], f"{notebook}: {broken}"
    print("\naxe violations in Lab's outputs: " + "; ".join(f"{k}: {v}" for k, v in found.items()))


_HEARD = """() => {  // each text the Whisky table's live region takes, in order (what a screen reader is given to say)
    window.ccHeard = [];
    new MutationObserver(() => {
        const said = [...document.querySelectorAll('.cc-whisky-table .cc-announcement')].map(e => e.textContent);
        const text = said.join(' | ');
        if (said.length && text !== window.ccHeard.at(-1)) window.ccHeard.push(text);
    }).observe(document, {subtree: true, childList: true, characterData: true});
}"""


def live_regions(cdp: Any) -> list[dict[str, Any]]:
    """The live regions of the page as Chromium's accessibility tree gives them to a screen reader:
    each one's role, its politeness, and its text."""
    nodes = {node["nodeId"]: node for node in cdp.send("Accessibility.getFullAXTree")["nodes"]}

    def text(node: dict[str, Any]) -> str:
        if node.get("role", {}).get("value") == "StaticText":
            return str(node.get("name", {}).get("value", ""))
        return "".join(text(nodes[child]) for child in node.get("childIds", []) if child in nodes)

    regions = []
    for node in nodes.values():
        properties = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        role = node.get("role", {}).get("value")
        if node.get("ignored") or (role not in ("alert", "status", "log") and properties.get("live") in (None, "off")):
            continue
        if role in ("alert", "status", "log") or properties.get("liveRoot") == node.get("backendDOMNodeId"):
            regions.append({"role": role, "live": properties.get("live"), "text": text(node)})
    return regions


_MARK = "e => [getComputedStyle(e, '::after').content, getComputedStyle(e).backgroundColor]"
_MARK_COLOUR = "e => getComputedStyle(e, '::after').backgroundColor"


def buttons(cdp: Any) -> dict[str, str | None]:
    """Every button shown, as Chromium's accessibility tree names it to a screen reader, with its
    pressed state ("true", "false", or None for a button that is no toggle)."""
    found: dict[str, str | None] = {}
    for node in cdp.send("Accessibility.getFullAXTree")["nodes"]:
        if node.get("ignored") or node.get("role", {}).get("value") != "button":
            continue
        properties = {p["name"]: p["value"].get("value") for p in node.get("properties", [])}
        found[str(node.get("name", {}).get("value", ""))] = properties.get("pressed")
    return found


_CARD_WORDS = (
    re.compile(  # a card in words first, then as it is shown (a voice says what it sees): "Eight of clubs, 8♣"
        r"^(?:(?:Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King|Ace) of "
        r"(?:spades|hearts|diamonds|clubs)|Joker( \d)?), (?:(?:10|[2-9JQKA])[♠♥♦♣]|JO)$"
    )
)
SYMBOLS = re.compile(r"[♠♥♦♣\ue000-\uf8ff]")
"""A card's suit, or a glyph of the private-use area (an icon's), where words belong."""
_ICON = re.compile(r"[\ue000-\uf8ff]")
"""A glyph of the private-use area: an icon's."""


def test_a_screen_reader_is_told_each_move_of_a_whisky_deal_once(arcade: Arcade, voila_url: str) -> None:
    """What Chromium's accessibility tree gives a screen reader during a Whisky Poker deal: one live
    region (an alert, assertive), which says the log's new lines in the log's words, then "Your turn."
    at each of the reader's turns and the result at the end; every line of the log is said once,
    in order, and no announcement repeats an older line. The move being built is said too, cards in
    words ("Exchange so far: give Eight of clubs; take ..."); the buttons are named in words, with
    no icon's glyph, and a card button says whether it is chosen (pressed)."""
    page = arcade.page
    page.set_viewport_size({"width": 1400, "height": 900})
    page.add_init_script(f"({_HEARD})()")
    arcade.page.goto(f"{voila_url}/?game=whisky&seed={SEED}")
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    log = page.locator(f"{WHISKY} .cc-log div[role=region] > div")

    pressed_seen: list[str] = []

    def at_your_turn() -> None:
        expect(page.locator(f"{WHISKY} .cc-announcement")).to_have_text(re.compile(r"Your turn\.$"), timeout=TIMEOUT)
        named = buttons(cdp)
        assert not [name for name in named if _ICON.search(name)], f"a button named with an icon's glyph: {named}"
        assert not [n for n in named if SYMBOLS.search(n) and not _CARD_WORDS.match(n)], f"a card not in words: {named}"
        cards = {name: pressed for name, pressed in named.items() if _CARD_WORDS.match(name)}
        assert len(cards) >= 5 and set(cards.values()) == {"false"}, named  # your hand, in words, none chosen
        assert (named["Whisky Poker"], named["Split and Choose"]) == ("true", "false"), named  # the game chosen
        if not pressed_seen and page.locator(f"{WHISKY} .cc-spare-row").is_visible():  # choose a card, put it back
            card = page.locator(f"{WHISKY} .cc-hand-row button").first
            card.click()
            expect(card).to_have_attribute("aria-pressed", "true", timeout=TIMEOUT)
            mark, paper = card.evaluate(_MARK)  # the check mark, besides the gold: at least 3:1 on the card
            assert mark != "none" and contrast(paper, card.evaluate(_MARK_COLOUR)) >= 3, (mark, paper)
            chosen = [name for name, pressed in buttons(cdp).items() if pressed == "true" and _CARD_WORDS.match(name)]
            assert chosen == [f"{card.get_attribute('title')}, {card.inner_text().strip()}"], chosen
            pressed_seen.append(card.get_attribute("title") or "")
            card.click()
            expect(card).to_have_attribute("aria-pressed", "false", timeout=TIMEOUT)
            expect(page.locator(f"{WHISKY} .cc-announcement")).to_have_text("No card chosen for an exchange.")
            return
        regions = live_regions(cdp)
        assert len(regions) == 1, f"one live region on the page, not {regions}"
        (region,) = regions
        assert region["role"] == "alert" and region["live"] == "assertive", region
        assert region["text"].endswith("Your turn."), region
        if log.count():  # the bots' newest move, in the log's words (the log shows its newest line first)
            newest = log.first.inner_text().split(".", 1)[1].strip()
            assert region["text"].endswith(f"{newest}. Your turn."), (newest, region)

    play_whisky_round(arcade, each_turn=at_your_turn)
    headline = page.locator(f"{WHISKY} .cc-headline").inner_text()
    expect(page.locator(f"{WHISKY} .cc-announcement")).to_contain_text(headline, timeout=TIMEOUT)
    (region,) = live_regions(cdp)
    assert region["role"] == "alert" and region["text"].endswith(headline), region

    # the move being built, said in words as it was built
    heard: list[str] = page.evaluate("window.ccHeard")
    assert (
        pressed_seen
        and f"Exchange so far: give {pressed_seen[0]}; take: not chosen yet. Click a card of the spare." in heard
    )
    built = [text for text in heard if text.startswith(("Exchange so far", "No card chosen"))]
    assert any(re.fullmatch(r"Exchange so far: give [\w ]+; take [\w ]+\. Then Exchange\.", t) for t in built), built
    assert not [text for text in built if SYMBOLS.search(text)], built
    print(f"\nthe move being built, as a screen reader hears it: {built}")
    # every line of the log said once, in order: what each announcement says before whose turn it is (or the result)
    heard = [text for text in heard if text not in built]
    assert all(" | " not in text for text in heard), f"two live regions at once: {heard}"
    endings = ("Your turn.", "The bots are playing…", headline)
    told = []
    for text in heard:
        ending = next((e for e in endings if text.endswith(e)), None)
        assert ending is not None, f"an announcement that says neither whose turn it is nor the result: {text!r}"
        told.append(text.removesuffix(ending).strip())
    lines = [row.split(".", 1)[1].strip() for row in reversed(log.all_inner_texts())]
    assert " ".join(t for t in told if t) == " ".join(f"{line}." for line in lines), heard

    # the other game and back: still one live region on the page (the table not shown takes its region
    # away), and the table shown again does not say its last news a second time
    arcade.option("Split and Choose")
    arcade.expect_playable(SPLIT)
    assert [region["role"] for region in live_regions(cdp)] == ["alert"]
    arcade.option("Whisky Poker")
    expect(page.locator(f"{WHISKY} .cc-showdown")).to_be_visible(timeout=TIMEOUT)
    assert [region["text"] for region in live_regions(cdp)] == [""]
