"""The static course site (``make site``) in Chromium, offline: every page
loads with no failed request, none to another host and no error, passes axe
in both themes, the saved widgets show in lessons 01, 02 and 04 as pictures
(no control enabled, a line under each saying where to use it), links between
pages resolve (JupyterLite's too, built beside the site: a stand-in here) and
none is a placeholder, search finds "Joker". The site is built afresh from
the committed notebooks (no kernel)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections import deque
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import pytest

from browser.conftest import cannot_run
from browser.playwright_expect import expect
from browser.static_site import served

REPO = Path(__file__).parents[2]
SITE = REPO / "docs" / "site"
TIMEOUT = 30_000
WIDGET_LESSONS = {  # a lesson, and what its saved widget shows: the hand explorer's cards, the table, the odds
    "01_cards_and_hands": ".cc-card",
    "02_split_and_choose": ".cc-board .cc-card",
    "04_odds_in_shortened_packs": ".cc-odds-table tr",
}


@pytest.fixture(scope="module")
def built_site(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built as ``make site`` builds it, in a temp folder."""
    if importlib.util.find_spec("myst_nb") is None:
        cannot_run("myst-nb is not installed (pip install -e '.[site]')")
    if not (SITE / "node_modules").is_dir():
        cannot_run("the site's npm packages are missing (npm ci --prefix docs/site)")
    base = tmp_path_factory.mktemp("site")
    lite = base / "lite" / "notebooks" / "index.html"  # a stand-in for make lite's site, beside this one
    lite.parent.mkdir(parents=True)
    lite.write_text('<!doctype html><html lang="en"><title>JupyterLite</title></html>')
    for command in (
        [sys.executable, str(SITE / "stage.py"), str(base / "src"), str(base / "lite")],
        [sys.executable, "-m", "sphinx", "-q", "-W", "-b", "html", str(base / "src"), str(base / "html")],
    ):
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr[-3000:]
    return base / "html"


@pytest.fixture(scope="module")
def site_url(built_site: Path) -> Iterator[str]:
    """The built site served on 127.0.0.1 (a free port), as any static host would."""
    with served(built_site) as url:
        yield url


class Links(HTMLParser):
    """Every ``href`` and ``src`` of a page, and its ``id`` anchors."""

    def __init__(self) -> None:
        super().__init__()
        self.targets: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src") and value:
                self.targets.append(value)
            if name == "id" and value:
                self.ids.add(value)


def pages_of(site: Path) -> list[Path]:
    """The site's pages (not the theme's templates under _static, nor JupyterLite's)."""
    return sorted(p for p in site.rglob("*.html") if not {"_static", "lite"} & set(p.relative_to(site).parts))


def parsed(page: Path) -> Links:
    links = Links()
    links.feed(page.read_text(encoding="utf-8"))
    return links


def test_every_link_between_pages_resolves(built_site: Path) -> None:
    pages = pages_of(built_site)
    lessons = {p.stem for p in pages if p.parent.name == "notebooks"}
    assert {"00_welcome", "glossary", "appendix_cheat_sheet", *WIDGET_LESSONS} <= lessons
    assert len(list((built_site / "notebooks" / "solutions").glob("*.html"))) >= 7
    anchors = {page: parsed(page).ids for page in pages}
    links_to_lessons = 0
    for page in pages:
        assert "OWNER/REPO" not in page.read_text(encoding="utf-8"), f"{page.relative_to(built_site)}: a placeholder"
        for target in parsed(page).targets:
            parts = urlsplit(target)
            if parts.scheme or parts.netloc or target.startswith(("mailto:", "javascript:", "data:")):
                continue
            path = (page.parent / unquote(parts.path)).resolve() if parts.path else page
            assert path.exists(), f"{page.relative_to(built_site)} links to {target}: no such file"
            if parts.fragment and path.suffix == ".html":
                assert parts.fragment in anchors[path], f"{page.relative_to(built_site)} links to {target}: no anchor"
            links_to_lessons += page.parent.name == "notebooks" and path.parent.name == "notebooks" and path != page
    assert links_to_lessons > 20, "the lessons link to each other"


TABS = 4
"""Pages checked at a time, each in a tab of its own: the next pages load while one is checked."""


def test_every_page_loads_offline_with_the_saved_widgets_and_no_axe_violations(
    page: Any, site_url: str, built_site: Path, screenshot_dir: Path
) -> None:
    """Each page once: no request to another host, none failed, no error logged, a lesson's saved widgets drawn
    with no control enabled, and axe (WCAG 2.1 A/AA) finds nothing in either theme, the search button included.
    The pages load in a few tabs at once and are checked one by one, in order."""
    from browser.axe import COLOUR_RULES, violations

    outside: list[str] = []
    failed: list[str] = []

    def only_this_site(route: Any) -> None:
        if route.request.url.startswith(site_url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    def note_failure(response: Any) -> None:
        if response.status >= 400:
            failed.append(f"{response.status} {response.url}")

    page.context.route("**/*", only_this_site)

    # a request cut short by the next page.goto (net::ERR_ABORTED) is no failure of the site
    def note_failed_request(request: Any) -> None:
        if request.failure != "net::ERR_ABORTED":
            failed.append(request.url)

    errors: list[str] = []

    def watched(tab: Any) -> Any:
        def note_error(message: Any) -> None:
            if message.type == "error":
                errors.append(f"{tab.url}: {message.text}")

        tab.on("requestfailed", note_failed_request)
        tab.on("response", note_failure)
        tab.on("pageerror", lambda error: errors.append(f"{tab.url}: {error}"))
        tab.on("console", note_error)
        tab.set_viewport_size({"width": 1400, "height": 900})
        return tab

    tabs = [watched(page), *(watched(page.context.new_page()) for _ in range(TABS - 1))]
    found: dict[str, int] = {}
    waiting = iter(pages_of(built_site))
    loading: deque[tuple[Any, Path]] = deque()

    def load_next(tab: Any) -> None:
        path = next(waiting, None)
        if path is not None:
            tab.goto(f"{site_url}/{path.relative_to(built_site).as_posix()}", wait_until="commit")
            loading.append((tab, path))

    for tab in tabs:
        load_next(tab)
    while loading:
        tab, path = loading.popleft()
        relative = path.relative_to(built_site).as_posix()
        tab.wait_for_load_state("load")
        stem = path.stem
        if stem in WIDGET_LESSONS and path.parent.name == "notebooks":  # a lesson, not its teacher's notes
            picture = tab.locator(f".cell_output .jupyter-widgets {WIDGET_LESSONS[stem]}").first
            picture.scroll_into_view_if_needed(timeout=TIMEOUT)
            expect(picture).to_be_visible(timeout=TIMEOUT)
            expect(tab.locator(".cell_output .cc-play-here").first).to_contain_text("is a picture of its last run")
            tab.screenshot(path=screenshot_dir / f"site_{stem[:2]}.png")
        tab.wait_for_load_state("networkidle")
        controls = tab.locator(".cell_output .jupyter-widgets").locator("button, input, select, textarea")
        enabled = controls.evaluate_all("all => all.filter(c => !c.disabled).map(c => c.outerHTML.slice(0, 80))")
        assert enabled == [], f"{relative}: controls that do nothing on a page, enabled: {enabled}"
        tab.add_style_tag(content="* { transition: none !important }")  # axe reads the colours, not a fade
        for shade, rules in (("light", None), ("dark", COLOUR_RULES)):  # the dark theme changes colours only
            tab.evaluate(f"document.documentElement.dataset.theme = {shade!r}")
            broken = violations(tab, rules=rules)
            found[f"{relative} {shade}"] = len(broken)
            assert broken == [], f"{relative} in {shade}: {broken}"
        load_next(tab)
    print("\naxe violations per page: " + ", ".join(f"{k}: {v}" for k, v in found.items()))
    assert len(found) == 2 * len(pages_of(built_site)), "every page checked in both themes"
    assert not errors, f"errors on the pages: {errors[:5]}"
    assert not outside, f"requests to other hosts: {outside[:5]}"
    assert not failed, f"failed requests: {failed[:5]}"


def test_search_finds_joker(page: Any, site_url: str) -> None:
    page.goto(f"{site_url}/search.html?q=Joker")
    results = page.locator("#search-results li")
    expect(results.first).to_be_visible(timeout=TIMEOUT)
    assert results.count() >= 3
    expect(page.locator("#search-results")).to_contain_text("Cards and hands")


def test_saved_tables_are_pictures_that_say_where_to_play(page: Any, site_url: str, screenshot_dir: Path) -> None:
    page.route("**/*", lambda route: route.continue_() if route.request.url.startswith(site_url) else route.abort())
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(f"{site_url}/notebooks/02_split_and_choose.html", wait_until="networkidle")
    widgets = page.locator(".cell_output .jupyter-widgets button")
    expect(widgets.first).to_be_attached(timeout=TIMEOUT)
    assert widgets.count() >= 6
    assert widgets.evaluate_all("buttons => buttons.filter(b => !b.disabled).map(b => b.innerText)") == []
    lines = page.locator(".cell_output .cc-play-here")
    tables = page.locator(".cell_output .cc-game-table")
    expect(tables.first).to_be_visible(timeout=TIMEOUT)
    assert lines.count() == tables.count() > 0
    # no repository named in pyproject.toml: no Binder link; JupyterLite, built beside the site, opens this lesson
    expect(lines.first).not_to_contain_text("Binder")
    lite = lines.first.get_by_role("link", name="this lesson in JupyterLite")
    expect(lite).to_have_attribute("href", "../lite/notebooks/index.html?path=02_split_and_choose.ipynb")
    expect(lines.first).to_contain_text("make play")
    for shade in ("light", "dark"):
        page.evaluate(f"document.documentElement.dataset.theme = {shade!r}")
        for width in (1400, 1024, 390):
            page.set_viewport_size({"width": width, "height": 900})
            page.wait_for_timeout(500)  # the sidebars fold away
            lines.first.scroll_into_view_if_needed()
            page.screenshot(path=screenshot_dir / f"site_saved_table_{width}_{shade}.png")
