"""Doctest namespace: the names every docstring example may use without importing;
and how the suite shares its tests out when it runs on several cores
(pytest-xdist's ``-n``)."""

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
OWN_SERVERS = tuple(f"{BROWSER}/{name}" for name in ("test_site.py", "test_site_lite.py", "test_share_on_binder.py"))
"""Browser tests that build and serve a site of their own, with no JupyterLab or Voila: each file a unit."""
BY_TEST = ("tests/test_lesson_seeds.py",)  # a kernel per test and nothing shared: each test a unit of its own
LONGEST = (  # started first, longest first (minutes each on 2 busy cores, then tens of CPU-seconds each down to
    # about 10): the units left, each of a few seconds, then fill in so that the two workers finish together
    BROWSER,
    "tests/test_classkit.py",
    f"{BROWSER}/test_site.py",
    *BY_TEST,
    "tests/test_binder.py",
    f"{BROWSER}/test_site_lite.py",
    "notebooks/08_i_split_you_choose.ipynb",
    "tests/test_whisky.py",
    "notebooks/06_whisky_poker_lab.ipynb",
    "tests/test_hands.py",
    "tests/test_simulate.py",
    "notebooks/solutions/10_luck_or_skill_solutions.ipynb",
    "notebooks/05_split_and_choose_lab.ipynb",
    "tests/test_widgets_in_lessons.py",
    "notebooks/solutions/09_what_the_table_tells_you_solutions.ipynb",
    "tests/test_solve.py",
    "tests/test_adjusted.py",
    f"{BROWSER}/test_share_on_binder.py",
    "notebooks/10_luck_or_skill.ipynb",
    "tests/test_dask.py",
)


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to under ``-n``: its file, the browser
    tests' shared unit, or the test itself.

    >>> unit_of("tests/browser/test_arcade.py::test_x"), unit_of("tests/browser/test_site.py::test_y")
    ('tests/browser', 'tests/browser/test_site.py')
    >>> unit_of("tests/test_lesson_seeds.py::test_z[05_lab]"), unit_of("tests/test_cards.py::test_w")
    ('tests/test_lesson_seeds.py::test_z[05_lab]', 'tests/test_cards.py')
    """
    path = nodeid.split("::", 1)[0]
    if path in BY_TEST:
        return nodeid
    if path.startswith(f"{BROWSER}/") and path not in OWN_SERVERS:
        return BROWSER
    return path


def rank(unit: str) -> int:
    """Where a unit starts: the place of the first of :data:`LONGEST` it is or belongs to, else after them all.

    >>> rank("tests/browser"), rank("tests/test_lesson_seeds.py::test_z[05_lab]"), rank("tests/test_cards.py")
    (0, 3, 20)
    """
    path = unit.split("::", 1)[0]
    return next((place for place, first in enumerate(LONGEST) if path == first), len(LONGEST))


@pytest.hookimpl(optionalhook=True)  # a pytest-xdist hook: without pytest-xdist, never called
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """``-n``'s default distribution, by file instead of by test: a notebook's
    cells share one kernel and run in order, and a test module's fixtures are
    made once (the class kit, the Dask clusters). The browser tests share one
    JupyterLab, one Voila and one Chromium, so all of them go to one worker,
    but for those that serve a site of their own. The lessons run with other
    seeds share nothing, so each is a unit of its own. The longest units start
    first, and a worker takes its next unit only when it is about to finish
    the one it runs (xdist's default takes up to two more tests early: three
    lessons of a minute each on one worker while the other stood idle)."""
    if config.getvalue("dist") != "load":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):  # type: ignore[misc]  # pytest-xdist has no type hints
        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

        def _assign_work_unit(self, node: Any) -> None:
            ordered = sorted(self.workqueue.items(), key=lambda item: rank(item[0]))  # stable: else most tests first
            self.workqueue.clear()
            self.workqueue.update(ordered)
            super()._assign_work_unit(node)

        def _reschedule(self, node: Any) -> None:
            if not node.shutting_down and self.workqueue and self._pending_of(self.assigned_work[node]) > 1:
                return  # the worker still has the next test to run after this one
            super()._reschedule(node)

    return ByFile(config, log)
