"""Real-browser tests: JupyterLab in a temp dir, driven by Playwright with Debian's Chromium.

The recipe is in the project's browser-test notes: Lab binds 127.0.0.1 on a
free port with no token, runs as root if it must (``--allow-root``), and gets
its own config, runtime, data, settings and matplotlib dirs under a temp dir,
where the notebooks are copied, so autosave never touches the repo.

Use :func:`run_notebook` in a test: ``page = run_notebook("explorers.ipynb")``
opens a notebook of this folder in Lab, runs every cell and returns the page.

Without a browser (or Playwright, or JupyterLab) the tests skip with the
reason; with ``CI=true`` they fail instead, so CI never passes without them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, NoReturn

import pytest

HERE = Path(__file__).parent
REPO = HERE.parent.parent
SCREENSHOTS = HERE.parent / "screenshots"  # git-ignored; not test-results/, which pytest-playwright wipes
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
def screenshot_dir() -> Path:
    """Where tests save screenshots (git-ignored)."""
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


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


@pytest.fixture
def notebook_copy(lab_root: tuple[Path, dict[str, str]], request: pytest.FixtureRequest) -> Callable[[str], Path]:
    """``notebook_copy("explorers.ipynb")`` copies a notebook of tests/browser/ into a
    folder of the Lab root of its own for this test, and returns the copy's path."""

    def copy(name: str) -> Path:
        folder = lab_root[0] / _slug(request.node.name)
        folder.mkdir(exist_ok=True)
        shutil.copy(HERE / name, folder / name)
        return folder / name

    return copy


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text).strip("-")[:80]


def _serve(cmd: list[str], ready_url: str, env: dict[str, str], log_path: Path, timeout: float = 90) -> Any:
    log: IO[str] = open(log_path, "w")  # noqa: SIM115 (closed in _stop)
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            log.close()
            raise RuntimeError(f"server exited rc={proc.returncode}:\n{log_path.read_text()}")
        try:
            with urllib.request.urlopen(ready_url, timeout=2) as response:
                if response.status == 200:
                    return proc, log
        except OSError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            log.close()
            raise RuntimeError(f"server not ready after {timeout}s:\n{log_path.read_text()}")
        time.sleep(0.25)


def _stop(proc: subprocess.Popen[bytes], log: IO[str]) -> None:
    proc.send_signal(signal.SIGTERM)  # the server shuts its kernels down on SIGTERM
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # our own session (start_new_session=True)
        proc.wait()
    log.close()


@pytest.fixture(scope="session")
def lab_url(lab_root: tuple[Path, dict[str, str]]) -> Iterator[str]:
    """A JupyterLab server for the session, on 127.0.0.1 and a free port, no token."""
    root, env = lab_root
    port = _free_port()
    cmd = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        "--allow-root",
        "--ServerApp.ip=127.0.0.1",
        f"--ServerApp.port={port}",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        "--expose-app-in-browser",  # window.jupyterapp, to run commands
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    base = f"http://127.0.0.1:{port}"
    proc, log = _serve(cmd, f"{base}/api/status", env, root.parent / "lab.log")
    yield base
    _stop(proc, log)


_PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden)"
_ALL_CELLS_RAN = f"""() => {{
    const prompts = [...document.querySelectorAll('{_PANEL} .jp-CodeCell .jp-InputPrompt')];
    return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent));
}}"""


@pytest.fixture
def run_notebook(
    page: Any, lab_url: str, lab_root: tuple[Path, dict[str, str]], notebook_copy: Callable[[str], Path]
) -> Callable[..., Any]:
    """``run_notebook("explorers.ipynb")``: copy the notebook into the Lab root,
    open it (file browser folded away unless ``file_browser=True``; ``theme``
    e.g. "JupyterLab Dark"), wait for the kernel, run all cells, wait until
    each has run, and return the Playwright page. A cell that raises fails
    the test."""
    from playwright.sync_api import expect

    def run(
        name: str, width: int = 1280, height: int = 1000, theme: str | None = None, file_browser: bool = False
    ) -> Any:
        path = notebook_copy(name).relative_to(lab_root[0]).as_posix()
        page.set_viewport_size({"width": width, "height": height})
        # a workspace of its own: Lab reopens nothing from an earlier test
        page.goto(f"{lab_url}/lab/workspaces/{_slug(path)}/tree/{path}")
        page.locator(f"{_PANEL} .jp-CodeCell .cm-content").first.wait_for(timeout=LAB_TIMEOUT_MS)
        expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=LAB_TIMEOUT_MS)
        if not file_browser:
            page.evaluate("window.jupyterapp.shell.collapseLeft()")
        if theme:
            page.evaluate(f"window.jupyterapp.commands.execute('apputils:change-theme', {{theme: {theme!r}}})")
        page.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
        page.wait_for_function(_ALL_CELLS_RAN, timeout=LAB_TIMEOUT_MS)
        tracebacks = page.locator(".jp-OutputArea-output pre:has-text('Traceback')")
        if tracebacks.count():
            pytest.fail(f"a cell of {name} raised:\n{tracebacks.first.inner_text()}")
        return page

    return run
