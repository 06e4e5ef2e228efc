"""What a student sees under an exercise: the public check, in words that say what it looked at.

The public check of a student notebook sees only the form of an answer (the names are set, a
function is a function, a value is of the kind asked) and, for some exercises, whether it is
one common wrong answer. It cannot tell a right answer from most wrong ones: the teacher's
grading does. :func:`public_check` says exactly that, in place of otter's "All test cases
passed!", which would read as "right". :func:`same_kind` and :func:`same_value` are what the
public tests compare with.

>>> same_kind(3, 4.5), same_kind(True, 1), same_kind({1}, frozenset()), same_kind("a", ["a"])
(True, False, True, False)
>>> same_value(0.1 + 0.2, 0.3), same_value([1, 2], (1, 2)), same_value(object(), 1)
(True, False, False)
"""

from __future__ import annotations

import html
import json
import math
from collections.abc import Callable, Mapping, Sequence, Set
from dataclasses import dataclass
from numbers import Real
from pathlib import Path
from typing import Any

__all__ = ["CannotStart", "PublicCheck", "grader_for", "public_check", "same_kind", "same_value"]

_KINDS: tuple[tuple[str, Callable[[Any], bool]], ...] = (
    ("a yes or no", lambda value: isinstance(value, bool)),
    ("a number", lambda value: isinstance(value, Real) and not isinstance(value, bool)),
    ("text", lambda value: isinstance(value, str)),
    ("a set", lambda value: isinstance(value, Set)),
    ("a dict", lambda value: isinstance(value, Mapping)),
    ("a sequence", lambda value: isinstance(value, Sequence)),
    ("a function", callable),
)


def _kind(value: Any) -> str:
    """The first kind of :data:`_KINDS` that fits, or else the value's type."""
    return next((name for name, fits in _KINDS if fits(value)), type(value).__name__)


def same_kind(answer: Any, example: Any) -> bool:
    """Whether ``answer`` is of the kind of ``example``: both numbers (whole or not), both yes-or-no,
    text, sets, dicts, sequences or functions, or else of one type."""
    return _kind(answer) == _kind(example)


def same_value(answer: Any, wrong: Any) -> bool:
    """Whether ``answer`` equals ``wrong`` (numbers to within rounding); False where they cannot be compared."""
    try:
        if _kind(answer) == _kind(wrong) == "a number":
            return math.isclose(float(answer), float(wrong), rel_tol=1e-9, abs_tol=1e-12)
        return type(answer) is type(wrong) and bool(answer == wrong)
    except (TypeError, ValueError, ArithmeticError):
        return False


@dataclass(frozen=True)
class CannotStart:
    """What ``grader.check(name)`` gives where the checks could not start: the question and why, in words."""

    name: str
    why: str
    passed_all: bool = False


class _Unstarted:
    """A grader whose checks could not start: each check says why."""

    def __init__(self, why: str) -> None:
        self.why = why

    def check(self, question: str) -> CannotStart:
        return CannotStart(question, self.why)


def _lesson_of(path: Path) -> str | None:
    try:
        otter = json.loads(path.read_text(encoding="utf-8"))["metadata"]["otter"]
        return otter["assignment_name"] if isinstance(otter["assignment_name"], str) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def grader_for(lesson: str, folder: Path | None = None) -> Any:
    """Otter's grader for a student notebook of ``lesson``, found in ``folder`` (the working folder) by the
    lesson in its metadata, whatever its file name ("Make a copy" gives ``…-Copy1.ipynb``). Where otter
    cannot start, a grader whose checks say why, in one line.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as empty:
    ...     print(public_check(grader_for("01_cards_and_hands", Path(empty)).check("exercise_1"), "the form"))
    exercise_1: the check cannot start: no notebook of lesson 01_cards_and_hands in the folder this one runs in
    (...); open the notebook from its own folder. Your teacher's grading does not need it.
    """
    here = Path.cwd() if folder is None else folder
    candidates = [here / f"{lesson}.ipynb", *sorted(here.glob("*.ipynb"))]
    found = next((path for path in candidates if path.is_file() and _lesson_of(path) == lesson), None)
    if found is None:
        why = f"no notebook of lesson {lesson} in the folder this one runs in ({here})"
        return _Unstarted(f"{why}; open the notebook from its own folder")
    try:
        import otter  # the `class` extra

        return otter.Notebook(str(found))
    except ImportError:
        return _Unstarted("otter-grader is not installed here (pip install otter-grader)")
    except Exception as error:  # otter's own reason, in one line
        return _Unstarted(f"otter could not read {found.name} ({type(error).__name__}: {str(error).splitlines()[0]})")


@dataclass(frozen=True)
class PublicCheck:
    """Otter's ``result`` of a public check, and what that check ``looks_at``, for the sentence shown.

    >>> class Case:  # what otter's results hold, in short
    ...     def __init__(self, passed, message=None):
    ...         self.passed, self.test_case = passed, type("TestCase", (), {"failure_message": message})
    >>> class Result:
    ...     name, test_case_results = "exercise_1", [Case(True)]
    ...     passed_all = True
    >>> print(public_check(Result(), "the form of n (a whole number)"))
    exercise_1: the public check passed, and it looks only at the form of n (a whole number). Your teacher's
    grading checks whether the answer is right.
    >>> Result.passed_all, Result.test_case_results = False, [Case(False, "not yet: set n")]
    >>> print(public_check(Result(), "the form of n (a whole number)"))
    exercise_1: not yet: set n.
    """

    result: Any
    looks_at: str

    @property
    def passed(self) -> bool:
        return bool(self.result.passed_all)

    def __str__(self) -> str:
        name = self.result.name
        if isinstance(self.result, CannotStart):
            return f"{name}: the check cannot start: {self.result.why}. Your teacher's grading does not need it."
        if self.passed:
            return (
                f"{name}: the public check passed, and it looks only at {self.looks_at}. "
                "Your teacher's grading checks whether the answer is right."
            )
        messages = [case.test_case.failure_message for case in self.result.test_case_results if not case.passed]
        said = list(dict.fromkeys(message for message in messages if message)) or ["not yet"]
        return f"{name}: {'; '.join(said)}."

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(str(self))}</p>"


def public_check(result: Any, looks_at: str) -> PublicCheck:
    """The sentence to show for ``grader.check(...)``'s ``result``; ``looks_at`` says what the check sees."""
    return PublicCheck(result, looks_at)
