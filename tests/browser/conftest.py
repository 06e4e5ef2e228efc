"""Real-browser tests: JupyterLab and Voilà in a temp dir, driven by Playwright with Debian's Chromium.

The recipe is in the project's browser-test notes. The servers are locked
down: each binds 127.0.0.1 only, on a free port, and asks for a random token
made for this run (the browser sends it in a header; nothing else on the
machine knows it); ``--allow-root`` only when the tests run as root. They
get their own config, runtime, data, settings and matplotlib dirs under a
temp dir, where the notebooks are copied, so autosave never touches the repo;
they are stopped at the end of the session whatever happened (SIGTERM, then
the whole process group killed if they hang).

Use :func:`run_notebook` in a test: ``page = run_notebook("explorers.ipynb")``
runs every cell of a notebook of this folder in Lab and returns the page. Each
notebook is opened once, in a page of its own that the tests share (a Lab page
and a kernel cost seconds): each test runs all its cells again, so it starts
from new widgets, in the theme and at the size it asks for. :func:`show_in_lab`
opens a file unrun in one more Lab page the tests share.
:func:`voila_url` serves ``notebooks/play.ipynb`` with Voilà.

Without a browser (or Playwright, or JupyterLab, or Voilà) the tests skip with
the reason; with ``CI=true`` they fail instead, so CI never passes without them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import shutil
import sys
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any, NoReturn

import pytest

from browser.servers import as_root, auth_header, free_port, served

HERE = Path(__file__).parent
REPO = HERE.parent.parent
SCREENSHOTS = HERE.parent / "screenshots"  # git-ignored; not test-results/, which pytest-playwright wipes
README_PICTURES = REPO / "docs" / "screenshots"  # committed: the README shows them
UPDATE_PICTURES = os.environ.get("UPDATE_SCREENSHOTS", "") == "1"
PICTURE_BYTES = 200_000  # a README picture stays well under this
CHROMIUM = os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"  # Debian's browser
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
LAB_TIMEOUT_MS = 90_000


def cannot_run(reason: str) -> NoReturn:
    """Skip a browser test that cannot run here; in CI (``CI=true``), fail it."""
    if IN_CI:
        pytest.fail(f"browser test cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason)


def _missing() -> str | None:
    for module in ("playwright", "pytest_playwright", "jupyterlab", "ipywidgets"):
        if importlib.util.find_spec(module) is None:
            return f"{module} is not installed (pip install -e '.[test]')"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium, or set CHROMIUM=/path/to/chromium)"
    return None


@pytest.fixture(scope="session")
def browser_ready() -> None:
    """Stop here (skip, or fail in CI) unless a browser test can run."""
    reason = _missing()
    if reason:
        cannot_run(reason)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_ready: None, browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    # Playwright gives every launch() a fresh temp profile itself (a --user-data-dir flag is refused).
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_FLAGS}


@pytest.fixture(scope="session")
def server_token() -> str:
    """The token of this run's servers: random, made afresh for each run."""
    return secrets.token_urlsafe(32)


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any], server_token: str) -> dict[str, Any]:
    # every request of the browser carries the token; the servers answer with a login cookie
    return {**browser_context_args, "extra_http_headers": auth_header(server_token)}


@pytest.fixture(scope="session")
def screenshot_dir() -> Path:
    """Where tests save screenshots (git-ignored)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


@pytest.fixture(scope="session")
def readme_picture(screenshot_dir: Path) -> Callable[[Any, str], Path]:
    """``readme_picture(locator, "name")``: a screenshot for the README, made
    small (256 colours). It goes to ``docs/screenshots/name.png`` only when
    ``UPDATE_SCREENSHOTS=1`` (so a test run never dirties the tree), else
    beside the other screenshots. Returns the path."""

    def take(target: Any, name: str) -> Path:
        folder = README_PICTURES if UPDATE_PICTURES else screenshot_dir
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{name}.png"
        target.screenshot(path=path, animations="disabled")
        shrink_png(path)
        return path

    return take


def shrink_png(path: Path) -> None:
    """Rewrite a screenshot with a 256-colour palette: a fraction of the bytes, the same look."""
    from PIL import Image

    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    small.save(path, optimize=True)


@pytest.fixture(scope="session")
def lab_root(browser_ready: None, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A temp notebook root and an environment with isolated Jupyter dirs."""
    base = tmp_path_factory.mktemp("jupyter")
    root = base / "nb"
    root.mkdir()
    settings = base / "lab-settings"
    notices = settings / "@jupyterlab" / "apputils-extension"
    notices.mkdir(parents=True)
    # no "get notified about Jupyter news?" toast over the notebook
    (notices / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(base / "config"),
        JUPYTER_DATA_DIR=str(base / "data"),  # no stray user kernelspec: the kernel is this Python
        JUPYTER_RUNTIME_DIR=str(base / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(settings),
        JUPYTERLAB_WORKSPACES_DIR=str(base / "workspaces"),
        IPYTHONDIR=str(base / "ipython"),
        MPLCONFIGDIR=str(base / "mpl"),
        PYTHONPATH=os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p),
    )
    return root, env


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text).strip("-")[:80]


@pytest.fixture(scope="session")
def lab_url(lab_root: tuple[Path, dict[str, str]], server_token: str) -> Iterator[str]:
    """A JupyterLab server for the session, on 127.0.0.1 and a free port, opened by :func:`server_token`."""
    root, env = lab_root
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        *as_root(),
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        f"--IdentityProvider.token={server_token}",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        "--expose-app-in-browser",  # window.jupyterapp, to run commands
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    base = f"http://127.0.0.1:{port}"
    with served(cmd, f"{base}/api/status", server_token, env, root.parent / "lab.log"):
        yield base


@pytest.fixture(scope="session")
def voila_url(lab_root: tuple[Path, dict[str, str]], server_token: str) -> Iterator[str]:
    """Voilà serving a copy of ``notebooks/play.ipynb`` for the session (its
    page is the URL itself), on 127.0.0.1 and a free port, opened by :func:`server_token`."""
    if importlib.util.find_spec("voila") is None:
        cannot_run("voila is not installed (pip install -e '.[lab]')")
    root, env = lab_root
    arcade = root / "arcade"
    arcade.mkdir()
    shutil.copy(REPO / "notebooks" / "play.ipynb", arcade / "play.ipynb")
    port = free_port()
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(arcade / "play.ipynb"),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--token={server_token}",
        *voila_flags(CULL_SECONDS),
    ]
    base = f"http://127.0.0.1:{port}"
    # a static file: a GET of the page itself would run the notebook in a throwaway kernel
    with served(cmd, f"{base}/voila/static/voila.js", server_token, env, root.parent / "voila.log"):
        yield base


CULL_SECONDS = 30
"""The browser tests' Voilà shuts an idle kernel no page is connected to down after this many seconds:
long enough for a page to connect to its kernel on a busy machine (with 8 s, a page's kernel was
sometimes shut down before its widgets had connected, and the page stayed at "Loading widget...")."""


def voila_flags(seconds: int) -> list[str]:
    """``make play``'s Voilà settings (``notebooks/voila.json``) as flags, with the
    timeout of its idle kernels set to ``seconds`` (checked every ``seconds // 4``)."""
    settings = json.loads((REPO / "notebooks" / "voila.json").read_text())
    settings["MappingKernelManager"] = {"cull_idle_timeout": seconds, "cull_interval": max(1, seconds // 4)}
    return [
        f"--{section}.{name}={item}"
        for section, values in settings.items()
        for name, value in values.items()
        for item in (value if isinstance(value, list) else [value])
    ]


SHOWN = ".jp-NotebookPanel:not(.lm-mod-hidden)"
"""The notebook of a Lab page shown (its other tabs are hidden)."""
_RUNS = f"""[...document.querySelectorAll('{SHOWN} .jp-CodeCell .jp-InputPrompt')]
    .map(prompt => Number((prompt.textContent.match(/\\[(\\d+)\\]/) ?? [0, 0])[1]))"""
"""The execution count of each code cell of the notebook shown (0 where it has not run)."""
_LAST_RUN = f"() => Math.max(0, ...{_RUNS})"
_ALL_CELLS_RAN = f"(after) => {{ const runs = {_RUNS}; return runs.length > 0 && runs.every(n => n > after); }}"
_STORAGE_KEYS = "() => [Object.keys(localStorage), Object.keys(sessionStorage)]"
_FORGET_KEYS_BUT = """([local, session]) => {
    for (const key of Object.keys(localStorage)) if (!local.includes(key)) localStorage.removeItem(key);
    for (const key of Object.keys(sessionStorage)) if (!session.includes(key)) sessionStorage.removeItem(key);
}"""
_SHOW_ALONE = """async path => {
    for (const widget of [...window.jupyterapp.shell.widgets('main')]) widget.dispose();  // no "save?" asked
    await window.jupyterapp.commands.execute('docmanager:open', {path});
}"""
LIGHT = "JupyterLab Light"
FAILED = pytest.StashKey[bool]()
"""Set on a test's item when its set-up or call failed (read by fixtures at their teardown)."""


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    report: pytest.TestReport = yield
    if report.failed:
        item.stash[FAILED] = True
    return report


class LabNotebooks:
    """The notebooks of this folder open in JupyterLab, each in a page of its own with its kernel
    started, in one browser context: each is opened once, then kept for the tests that run it."""

    def __init__(self, context: Any, lab_url: str, root: Path) -> None:
        self.context, self.lab_url, self.root = context, lab_url, root
        self.pages: dict[str, Any] = {}
        self.files: Any = None  # the page that shows files unrun
        self.lab_keys: Any = None  # the browser's storage keys as the first page opened had them: Lab's own

    def page(self, name: str) -> Any:
        """The page of ``name``: open (a copy in a folder of the Lab root, the file browser folded away,
        the kernel idle), opened now if it is not."""
        if name not in self.pages:
            self.pages[name] = self._open(name)
            if self.lab_keys is None:  # no cell has run in this browser context yet
                self.lab_keys = self.pages[name].evaluate(_STORAGE_KEYS)
        return self.pages[name]

    def _open(self, name: str) -> Any:
        from playwright.sync_api import expect

        folder = self.root / _slug(name)
        folder.mkdir(exist_ok=True)
        shutil.copy(HERE / name, folder / name)
        path = f"{folder.name}/{name}"
        page = self.context.new_page()
        # a workspace of its own: Lab reopens nothing of another notebook's page
        page.goto(f"{self.lab_url}/lab/workspaces/{_slug(path)}/tree/{path}")
        page.locator(f"{SHOWN} .jp-CodeCell .cm-content").first.wait_for(timeout=LAB_TIMEOUT_MS)
        expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=LAB_TIMEOUT_MS)
        page.evaluate("window.jupyterapp.shell.collapseLeft()")
        return page

    def forget_storage(self, name: str) -> None:
        """Remove what widgets kept in the browser's storage (Lab's origin, shared by the pages): a fresh
        browser context has none of it."""
        self.pages[name].evaluate(_FORGET_KEYS_BUT, self.lab_keys)

    def close(self, name: str) -> None:
        """Close ``name``'s page: the next test that runs it opens it afresh."""
        page = self.pages.pop(name, None)
        if page is not None:
            page.close()

    def show(self, path: str) -> Any:
        """Open ``path`` (of the Lab root), not run, alone in a Lab page kept for the files the tests
        look at (Lab loaded once for them all; what an earlier test opened there is closed); the page."""
        if self.files is None:
            self.files = self.context.new_page()
            self.files.goto(f"{self.lab_url}/lab/workspaces/files")
            self.files.wait_for_function("() => window.jupyterapp !== undefined", timeout=LAB_TIMEOUT_MS)
            self.files.evaluate("() => window.jupyterapp.restored")
        self.files.bring_to_front()
        self.files.evaluate(_SHOW_ALONE, path)
        return self.files

    def close_files(self) -> None:
        """Close the page of :meth:`show`: the next test opens a new one."""
        if self.files is not None:
            self.files.close()
            self.files = None


@pytest.fixture(scope="session")
def lab_notebooks(
    browser: Any, browser_context_args: dict[str, Any], lab_url: str, lab_root: tuple[Path, dict[str, str]]
) -> Iterator[LabNotebooks]:
    """The notebooks open in Lab for the session (see :class:`LabNotebooks`)."""
    context = browser.new_context(**browser_context_args)
    yield LabNotebooks(context, lab_url, lab_root[0])
    context.close()


@pytest.fixture
def run_notebook(lab_notebooks: LabNotebooks, request: pytest.FixtureRequest) -> Iterator[Callable[..., Any]]:
    """``run_notebook("explorers.ipynb")``: the notebook of this folder open in Lab (see
    :class:`LabNotebooks`), at ``width`` x ``height`` in ``theme``, with nothing the widgets of an
    earlier run kept in the browser's storage; run all cells, wait until each has run again, and return
    the Playwright page. A cell that raises fails the test; a test that fails closes the pages it ran,
    so the next test opens them afresh."""
    from playwright.sync_api import expect

    ran: list[str] = []

    def run(name: str, width: int = 1280, height: int = 1000, theme: str = LIGHT) -> Any:
        page = lab_notebooks.page(name)
        page.bring_to_front()  # a page kept behind the others since gets its clicks and frames a second late
        ran.append(name)
        page.set_viewport_size({"width": width, "height": height})
        lab_notebooks.forget_storage(name)
        page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: {theme!r}}})")
        expect(page.locator("body")).to_have_attribute("data-jp-theme-name", theme, timeout=LAB_TIMEOUT_MS)
        last = page.evaluate(_LAST_RUN)
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(_ALL_CELLS_RAN, arg=last, timeout=LAB_TIMEOUT_MS)
        tracebacks = page.locator(f"{SHOWN} .jp-OutputArea-output pre:has-text('Traceback')")
        if tracebacks.count():
            pytest.fail(f"a cell of {name} raised:\n{tracebacks.first.inner_text()}")
        return page

    yield run
    if request.node.stash.get(FAILED, False):
        for name in ran:
            lab_notebooks.close(name)


@pytest.fixture
def arcade(page: Any, voila_url: str) -> Iterator[Any]:
    """The arcade page's :class:`~browser.test_arcade.Arcade` (not loaded yet): after the test, no
    traceback on the page and no error in its console."""
    from browser.test_arcade import Arcade, no_errors

    shown = Arcade(page)
    yield shown
    no_errors(shown)


@pytest.fixture
def show_in_lab(lab_notebooks: LabNotebooks, request: pytest.FixtureRequest) -> Iterator[Callable[[str], Any]]:
    """``show_in_lab("folder/name.ipynb")``: a file of the Lab root opened in Lab and not run, the tab
    shown of a page the tests share (see :meth:`LabNotebooks.show`; :data:`SHOWN` selects the notebook
    shown); returns the page. A test that fails closes the page, so the next test opens a new one."""

    def show(path: str) -> Any:
        return lab_notebooks.show(path)

    yield show
    if request.node.stash.get(FAILED, False):
        lab_notebooks.close_files()
