"""The JupyterLite course (``make lite``), built afresh and served on 127.0.0.1
with no other network: every lesson and the arcade are there with the
engine's install cell first; the Pyodide kernel boots from the site alone
(Pyodide's core and its boot packages are served by it), installs the
engine's wheel, ipywidgets and anywidget from the site's package index,
``evaluate`` answers, a widget's click reaches Python, and the arcade's score
store reads what the browser kept.

What this cannot reach here: numpy and matplotlib, which the lessons'
install cell fetches from Pyodide's package CDN (unreachable from these
machines), so the engine is installed without them (its pure part imports
without numpy) and the numpy paths (the widgets of the lessons, the coach's
Hint) are not run in this test."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import urllib.parse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.conftest import cannot_run
from browser.playwright_expect import expect
from browser.static_site import served
from cardcommons.widgets.score_store import KEY

REPO = Path(__file__).parents[2]
BOOT_MS = 45_000  # online, the kernel boots in about 10 s
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
    """The JupyterLite site, built as ``make lite`` builds it, in a temp folder."""
    if importlib.util.find_spec("jupyterlite_core") is None:
        cannot_run("jupyterlite-core is not installed (pip install -e '.[site]')")
    if not (REPO / "docs" / "lite" / "node_modules").is_dir():
        cannot_run("Pyodide's npm package is missing (make .venv/.installed)")
    out = tmp_path_factory.mktemp("lite") / "site"
    done = subprocess.run([sys.executable, str(REPO / "docs" / "lite" / "build.py"), str(out)], capture_output=True)
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
        assert "".join(first["source"]).startswith("%pip install -q cardcommons"), path.name
    assert list((built_lite / "pypi").glob("cardcommons-*.whl")), "the engine's wheel is served"
    lock = json.loads((built_lite / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert lock["packages"]["micropip"]["file_name"].startswith("micropip-"), "micropip is served by the site"
    assert lock["packages"]["numpy"]["file_name"].startswith("https://"), "numpy comes from Pyodide's CDN"


def test_the_kernel_boots_offline_and_runs_the_engine_and_a_widget(
    page: Any, lite_url: str, screenshot_dir: Path
) -> None:
    asked: list[str] = []
    page.context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith(lite_url) else route.abort()
    )
    page.context.on("request", lambda request: asked.append(request.url))
    page.add_init_script(f"localStorage.setItem({json.dumps(KEY)}, 'a score')")
    code = "&".join("code=" + urllib.parse.quote(c) for c in (INSTALL, ENGINE, CLICK, STORE))
    page.set_viewport_size({"width": 1200, "height": 800})
    page.goto(f"{lite_url}/repl/index.html?kernel=python&toolbar=1&{code}")
    answer = page.get_by_text("Royal flush, the Joker as the Ten of spades")
    try:
        answer.first.wait_for(timeout=BOOT_MS)
    except Exception:
        page.screenshot(path=screenshot_dir / "lite_failed.png")
        elsewhere = sorted({url.split("?")[0] for url in asked if not url.startswith(lite_url)})
        pytest.fail(f"the kernel did not answer (asked elsewhere for: {elsewhere[:6]})")
    local = [url for url in asked if url.startswith(lite_url)]
    assert any(url.endswith("pyodide.asm.wasm") for url in local), "Pyodide's core comes from the site"
    label = page.locator(".widget-label").first
    expect(label).to_have_text("not yet", timeout=30_000)
    page.get_by_role("button", name="Evaluate").click()
    expect(label).to_have_text("Royal flush", timeout=30_000)  # the click reached Python, and its answer came back
    button = page.get_by_role("button", name="Kept?")
    expect(button).to_be_visible(timeout=30_000)
    button.click()
    expect(page.get_by_text("kept a score")).to_be_visible(timeout=30_000)  # anywidget runs in JupyterLite too
    page.screenshot(path=screenshot_dir / "lite_engine.png")
