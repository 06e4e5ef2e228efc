"""The JupyterLite course (``make lite``), built afresh and served on 127.0.0.1
with no other network: every lesson and the arcade are there with the
engine's install cell first; the Pyodide kernel boots from the site alone
(Pyodide's core and its boot packages are served by it), installs the
engine's wheel, ipywidgets and anywidget from the site's package index,
``evaluate`` answers, a widget's click reaches Python, and the arcade's score
store reads what the browser kept; a lesson's install cell, run out of reach
of Pyodide's package site, says in plain words what is missing and what still
works, with no traceback.

What this cannot reach here: numpy and matplotlib, which the lessons'
install cell fetches from Pyodide's package CDN (unreachable from these
machines), so the engine is installed without them (its pure part imports
without numpy) and the numpy paths (the widgets of the lessons, the coach's
Hint) are not run in this test."""

from __future__ import annotations

import contextlib
import importlib.util
import json
import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.conftest import cannot_run
from browser.playwright_expect import expect
from browser.static_site import served
from cardcommons.widgets.score_store import KEY

REPO = Path(__file__).parents[2]
LITE_PYTHON = REPO / ".venv-lite" / "bin" / "python"  # make lite's environment (docs/lite/requirements.txt)
_BUILD = importlib.util.spec_from_file_location("lite_build", REPO / "docs" / "lite" / "build.py")
assert _BUILD is not None and _BUILD.loader is not None
lite_build = importlib.util.module_from_spec(_BUILD)
_BUILD.loader.exec_module(lite_build)
BOOT_MS = 45_000  # online, the kernel boots in about 10 s
FIRST_CELL_MS = 180_000  # boot and install: 75 s on a busy machine (load 5 on 2 cores)
INSTALL = (
    "import piplite\nawait piplite.install(['ipywidgets', 'anywidget'])\n"
    "await piplite.install('cardcommons', deps=False)"
)
ENGINE = (
    "import cardcommons\nprint(cardcommons.evaluate('As Ks Qs Js Jo', cardcommons.Pack.split_and_choose()).describe())"
)
CLICK = (
    "import ipywidgets as w\nb, l = w.Button(description='Evaluate'), w.Label('not yet')\n"
    "b.on_click(lambda _: setattr(l, 'value', cardcommons.evaluate('Ah Kh Qh Jh Th').describe()))\nw.VBox([b, l])"
)
STORE = (  # the arcade's score store: what the browser kept under the project's key reaches Python
    "from cardcommons.widgets.score_store import ScoreStore\nstore, kept = ScoreStore(), w.Label('')\n"
    "ask = w.Button(description='Kept?')\nask.on_click(lambda _: setattr(kept, 'value', f'kept {store.found}'))\n"
    "w.VBox([store, ask, kept])"
)


@pytest.fixture(scope="module")
def built_lite(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The JupyterLite site, built as ``make lite`` builds it (with its own environment's Python), in a temp folder."""
    if not LITE_PYTHON.exists() or not (REPO / "docs" / "lite" / "node_modules").is_dir():
        cannot_run("the JupyterLite build's environment or Pyodide's npm package is missing (make lite sets them up)")
    out = tmp_path_factory.mktemp("lite") / "site"
    done = subprocess.run([LITE_PYTHON, str(REPO / "docs" / "lite" / "build.py"), str(out)], capture_output=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return out


@pytest.fixture(scope="module")
def lite_url(built_lite: Path) -> Iterator[str]:
    with served(built_lite) as url:
        yield url


def test_every_lesson_opens_with_the_install_cell(built_lite: Path) -> None:
    files = built_lite / "files"
    names = {p.name for p in files.glob("*.ipynb")}
    assert {"00_welcome.ipynb", "01_cards_and_hands.ipynb", "play.ipynb"} <= names
    assert {p.name for p in (REPO / "notebooks").rglob("*.ipynb")} == {p.name for p in files.rglob("*.ipynb")}
    for path in files.rglob("*.ipynb"):
        first = json.loads(path.read_text())["cells"][0]
        assert "".join(first["source"]) == lite_build.INSTALL, path.name
    assert list((built_lite / "pypi").glob("cardcommons-*.whl")), "the engine's wheel is served"
    lock = json.loads((built_lite / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"]["micropip"]["file_name"].startswith("micropip-"), "micropip is served by the site"
    assert lock["packages"]["numpy"]["file_name"].startswith("https://"), "numpy comes from Pyodide's CDN"
    config = json.loads((built_lite / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs", "the Pyodide addon points the kernel at the site's"


def offline(page: Any, lite_url: str) -> None:
    """Every request of ``page`` that is not for the site fails, as offline: Pyodide's package site too."""
    page.context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith(lite_url) else route.abort()
    )


def run_cell(page: Any, cell: Any) -> None:
    """Run ``cell`` by its keys (Shift+Enter); again if the notebook was not ready to take them. A dialog
    Lab opens meanwhile (on a busy machine, the kernel's choice while the Pyodide kernel is still being
    registered) is answered with its default, as a reader pressing Enter would."""
    page.add_locator_handler(page.locator(".jp-Dialog"), lambda dialog: dialog.locator(".jp-mod-accept").first.click())
    for _ in range(6):
        cell.locator(".cm-content").click(timeout=BOOT_MS)
        page.keyboard.press("Shift+Enter")
        with contextlib.suppress(AssertionError):
            expect(cell.locator(".jp-InputPrompt")).to_contain_text(re.compile(r"\[(\*|\d+)\]"), timeout=10_000)
            return
    pytest.fail("the cell never started: Shift+Enter did not reach the notebook")


def test_the_first_cell_says_in_plain_words_what_is_missing_offline_then_the_engine_and_a_widget_run(
    page: Any, lite_url: str, screenshot_dir: Path
) -> None:
    """A lesson's first cell, run with Pyodide's package site out of reach: no traceback, but what is
    missing and what still works; pictured at 1400, 1024 and 390 px, light and dark. Then, in the same
    kernel (one boot of Pyodide: seconds of CPU), cells below it install ipywidgets and anywidget from the
    site's package index, ``evaluate`` answers, a widget's click reaches Python, and the arcade's score
    store reads what the browser kept."""
    asked: list[str] = []
    offline(page, lite_url)
    page.context.on("request", lambda request: asked.append(request.url))
    page.add_init_script(f"localStorage.setItem({json.dumps(KEY)}, 'a score')")
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(f"{lite_url}/notebooks/index.html?path=01_cards_and_hands.ipynb")
    first = page.locator(".jp-Cell").first
    run_cell(page, first)
    said = first.locator(".jp-OutputArea-output")
    try:
        expect(said.first).to_contain_text("Not installed: numpy", timeout=FIRST_CELL_MS)
    except AssertionError:
        page.screenshot(path=screenshot_dir / "lite_first_cell_failed.png")
        elsewhere = sorted({url.split("?")[0] for url in asked if not url.startswith(lite_url)})
        pytest.fail(f"the kernel did not answer (asked elsewhere for: {elsewhere[:6]})")
    local = [url for url in asked if url.startswith(lite_url)]
    assert any(url.endswith("pyodide.asm.wasm") for url in local), "Pyodide's core comes from the site"
    expect(said.first).to_contain_text("Works without them: cards and packs, a hand's value (evaluate)")
    shown = "\n".join(said.all_inner_texts())
    assert "Traceback" not in shown and "OSError" not in shown, shown
    assert said.count() == 1, f"the cell shows its message and nothing else: {shown}"
    for theme in ("light", "dark"):
        if theme == "dark":
            page.set_viewport_size({"width": 1400, "height": 900})  # the menu bar folds away at 390 px
            page.get_by_role("menuitem", name="Settings").click()
            page.locator(".lm-Menu-item", has_text="Theme").first.hover()
            page.locator(".lm-Menu-item", has_text="JupyterLab Dark").first.click()
            expect(page.locator("body")).to_have_attribute("data-jp-theme-light", "false", timeout=30_000)
        for width in (1400, 1024, 390):
            page.set_viewport_size({"width": width, "height": 900})
            first.screenshot(path=screenshot_dir / f"lite_first_cell_{width}_{theme}.png", animations="disabled")

    page.set_viewport_size({"width": 1200, "height": 800})
    for code in (INSTALL, ENGINE, CLICK, STORE):
        run_below(page, code)
    expect(page.get_by_text("Royal flush, the Joker as the Ten of spades").first).to_be_visible(timeout=BOOT_MS)
    label = page.locator(".widget-label").first
    expect(label).to_have_text("not yet", timeout=30_000)
    page.get_by_role("button", name="Evaluate").click()
    expect(label).to_have_text("Royal flush", timeout=30_000)  # the click reached Python, and its answer came back
    button = page.get_by_role("button", name="Kept?")
    expect(button).to_be_visible(timeout=30_000)
    button.click()
    expect(page.get_by_text("kept a score")).to_be_visible(timeout=30_000)  # anywidget runs in JupyterLite too
    page.screenshot(path=screenshot_dir / "lite_engine.png")


def run_below(page: Any, code: str) -> None:
    """A new cell below the one selected (the toolbar's button), holding ``code`` (typed as one piece: no
    bracket closed or line indented for it), run by its keys."""
    page.get_by_role("toolbar", name="main area toolbar").get_by_role("button", name="Insert a cell below (B)").click()
    cells = page.locator(".jp-Notebook .jp-Cell")
    cell = cells.nth(cells.evaluate_all("all => all.findIndex(c => c.classList.contains('jp-mod-active'))"))
    expect(cell.locator(".cm-content")).to_have_text("")
    cell.locator(".cm-content").click()
    page.keyboard.insert_text(code)
    expect(cell.locator(".cm-content")).to_contain_text(code.splitlines()[-1])
    page.keyboard.press("Shift+Enter")
    expect(cell.locator(".jp-InputPrompt")).to_contain_text(re.compile(r"\[(\*|\d+)\]"), timeout=10_000)
