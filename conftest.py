"""Doctest namespace: the names every docstring example may use without importing;
and how the suite shares its tests out when it runs on several cores
(pytest-xdist's ``-n auto``)."""

from importlib.util import find_spec
from typing import Any

import numpy as np
import pytest

import cardcommons
from cardcommons.cards import parse_card

# The OpenSpiel adapter needs the extra `openspiel`; without it, its doctests are not collected
# (tests/test_openspiel.py skips, or fails under CI=true).
collect_ignore_glob = [] if find_spec("pyspiel") else ["cardcommons/openspiel/*"]


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.update({name: getattr(cardcommons, name) for name in cardcommons.__all__})
    doctest_namespace.update(np=np, parse_card=parse_card)


BROWSER = "tests/browser"
LONGEST = (BROWSER, "tests/test_binder.py")  # minutes each: started first, each on its own worker
BY_TEST = ("tests/test_lesson_seeds.py",)  # a kernel per test and nothing shared: each test a unit of its own


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: without pytest-xdist, never called
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``-n``'s default distribution, by file instead of by test: a notebook's
    cells share one kernel and run in order, and a test module's fixtures are
    made once (the class kit, the Dask clusters). The browser tests share one
    JupyterLab, one Voila and one Chromium, so all of them go to one worker.
    The lessons run with other seeds share nothing, so each is a unit of its
    own. The longest units start first."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):  # type: ignore[misc]  # pytest-xdist has no type hints
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            if path in BY_TEST:
                return nodeid
            return BROWSER if path.startswith(f"{BROWSER}/") else path

        def _assign_work_unit(self, node: Any) -> None:
            first = next((scope for scope in LONGEST if scope in self.workqueue), None)
            if first is not None:
                self.workqueue.move_to_end(first, last=False)
            super()._assign_work_unit(node)

    return ByFile(config, log)
