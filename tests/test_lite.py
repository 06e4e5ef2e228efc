"""The first cell of the lessons in JupyterLite (cardcommons.lite): each dependency is asked for, one
failing does not stop the others, nothing is said when all came, and what the message says works
without numpy, matplotlib, scipy and tqdm does work without them (and what it says needs them does)."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import textwrap
import tomllib
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from cardcommons.lite import dependencies, install_dependencies, missing_message

REPO = Path(__file__).parents[1]
NUMERIC = ("numpy", "matplotlib", "scipy", "tqdm")


def test_the_dependencies_are_the_engines_own() -> None:
    listed = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["dependencies"]
    assert dependencies() == [re.split(r"[<>=!~ \[;]", spec, maxsplit=1)[0].lower() for spec in listed]
    assert {"numpy", "matplotlib", "ipywidgets"} <= set(dependencies())


def run(coroutine: Coroutine[object, object, None]) -> None:
    """Run ``coroutine`` to its end in a thread of its own: this thread may run an event loop already
    (Playwright's, when the browser tests share the process)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


def test_each_dependency_is_asked_for_even_after_one_fails(capsys: pytest.CaptureFixture[str]) -> None:
    asked: list[str] = []

    async def install(name: str) -> None:
        asked.append(name)
        if name == "numpy":
            raise OSError("Not available")

    run(install_dependencies(install, importable=lambda name: name != "numpy"))
    assert asked == dependencies()
    said = capsys.readouterr().out
    assert said.startswith("Not installed: numpy (") and "Traceback" not in said
    assert "the odds explorer" in said, "ipywidgets came: the odds explorer works"


def test_nothing_is_said_when_every_dependency_imports(capsys: pytest.CaptureFixture[str]) -> None:
    async def install(name: str) -> None:
        pass

    run(install_dependencies(install))  # this Python has them all
    assert capsys.readouterr().out == ""


def test_without_ipywidgets_no_widget_is_promised() -> None:
    said = missing_message(["numpy", "ipywidgets"])
    assert "odds explorer" not in said.split("Works without them:")[1].split("\n")[0]
    assert "every widget" in said


BLOCKED = """
import sys
class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}")
sys.meta_path.insert(0, Blocked())
"""


def run_without_numeric(code: str) -> subprocess.CompletedProcess[str]:
    script = BLOCKED.format(blocked=set(NUMERIC)) + textwrap.dedent(code)
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO, timeout=120)


def test_what_the_message_says_works_does_work_without_numpy_matplotlib_scipy_tqdm() -> None:
    done = run_without_numeric(
        """
        from cardcommons import Pack, category_counts, evaluate
        from cardcommons.widgets.odds_explorer import OddsExplorer
        pack = Pack.split_and_choose()
        print(evaluate("As Ks Qs Js Jo", pack).describe())
        print(sum(category_counts(pack).values()))
        OddsExplorer()
        """
    )
    assert done.returncode == 0, done.stderr
    hands = "20349"  # C(21, 5): every hand of the 21-card pack
    assert done.stdout.splitlines() == ["Royal flush, the Joker as the Ten of spades", hands]


@pytest.mark.parametrize(
    "module",
    [
        *("cardcommons.split_and_choose", "cardcommons.whisky", "cardcommons.widgets.arcade", "cardcommons.bots"),
        *("cardcommons.widgets.hint", "cardcommons.simulate", "cardcommons.plots"),
        "cardcommons.widgets.hand_explorer",  # lesson 01's explorer: its census counts with numpy
    ],
)
def test_what_the_message_says_needs_them_does_need_them(module: str) -> None:
    done = run_without_numeric(f"import {module}")
    assert "ModuleNotFoundError" in done.stderr, f"{module} imports without {NUMERIC}"
