"""Inside a second, fresh sandbox: the hidden checks of some exercises, run on a notebook's answers.

``python -m cardcommons.classkit.check_answers KIT ANSWERS CELLS QUESTION...`` prints one JSON
line, ``{"exercise_1": [score, possible], ...}``. ``KIT`` holds the lesson's ``classkit.json``
(its setup code and each exercise's names) and otter's test files; ``ANSWERS`` is what
:mod:`cardcommons.classkit.run_notebook` saved; ``CELLS`` is JSON, each function answer's
cell. This interpreter never ran the notebook: data answers come back as data (the engine's
own values, containers, numbers; nothing that runs code when read), and a function answer is
defined again from its answer cell alone, so no other cell of the notebook can change a score.

>>> read_data(pickle.dumps({"answer": [1.5, "Ah"]}))
{'answer': [1.5, 'Ah']}
>>> read_data(pickle.dumps(print))
Traceback (most recent call last):
...
_pickle.UnpicklingError: builtins.print is not data
"""

from __future__ import annotations

import contextlib
import doctest
import io
import json
import os
import pickle
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

DATA = frozenset(
    {
        ("builtins", "set"),
        ("builtins", "frozenset"),
        ("builtins", "complex"),
        ("builtins", "bytearray"),
        ("builtins", "range"),
        ("builtins", "slice"),
        ("collections", "Counter"),
        ("collections", "OrderedDict"),
        ("fractions", "Fraction"),
        ("numpy", "dtype"),
        ("numpy", "ndarray"),
        ("numpy._core.multiarray", "scalar"),
        ("numpy._core.multiarray", "_reconstruct"),
        ("numpy.core.multiarray", "scalar"),
        ("numpy.core.multiarray", "_reconstruct"),
        ("cardcommons.lookup", "hand_table"),  # a pack's hand table, rebuilt from the pack
    }
)
ENGINE = (
    "cards",
    "categories",
    "hands",
    "packs",
    "odds",
    "census",
    "rates",
    "simulate",
    "lookup",
    "game",
    "whisky",
    "split_and_choose",
    "solve",
    "bots",
)
"""The engine's modules whose types are values (not the class kit, the widgets, progress bars or runners)."""


class DataUnpickler(pickle.Unpickler):
    """An unpickler that builds containers, numbers, numpy values and the engine's own types, nothing else."""

    def find_class(self, module: str, name: str) -> Any:
        found = super().find_class(module, name) if (module, name) in DATA or _engine(module) else None
        if (module, name) in DATA or (
            isinstance(found, type) and not issubclass(found, BaseException) and found.__module__ == module
        ):
            return found
        raise pickle.UnpicklingError(f"{module}.{name} is not data")


def _engine(module: str) -> bool:
    parts = module.split(".")
    return parts[0] == "cardcommons" and len(parts) > 1 and parts[1] in ENGINE


def read_data(blob: bytes) -> Any:
    """A pickled value, read as data (:class:`DataUnpickler`)."""
    return DataUnpickler(io.BytesIO(blob)).load()


def answers(blobs: Mapping[str, bytes], setup: str, cell: str | None, functions: Sequence[str]) -> dict[str, Any]:
    """One exercise's answers: its data read back, its functions defined again from ``cell`` after ``setup``."""
    found: dict[str, Any] = {}
    for name, blob in blobs.items():
        with contextlib.suppress(Exception):  # a value that is not data is no answer
            found[name] = read_data(blob)
    if functions and cell is not None:
        namespace: dict[str, Any] = {"display": _no_display}
        exec(setup, namespace)
        namespace |= found
        with contextlib.suppress(Exception):
            exec(cell, namespace)
        found |= {name: namespace[name] for name in functions if callable(namespace.get(name))}
    return found


def _no_display(*values: object, **options: object) -> None:
    """``display`` where nothing is shown."""


def passes(code: str, env: dict[str, Any]) -> bool:
    """Whether one test case, a doctest, passes in ``env`` (as otter runs an OK-format case).

    >>> passes(">>> assert n == 6\\n", {"n": 6}), passes(">>> assert n == 6\\n", {"n": 7})
    (True, False)
    """
    examples = [e for e in doctest.DocTestParser().parse(code, "case") if isinstance(e, doctest.Example)]
    runner = doctest.DocTestRunner(verbose=False)
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        runner.run(doctest.DocTest(examples, env, "case", None, None, code), out=quiet.write, clear_globs=False)
    return runner.failures == 0


def score(test_file: Path, question: str, setup: str, answers: Mapping[str, Any]) -> tuple[float, float]:
    """The score and the possible points of an exercise's OK-format test file (``test = {...}``), run on
    ``answers`` after ``setup``: the cases with no points of their own share what the file's points leave.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "exercise_1.py"
    ...     cases = [{"code": f">>> assert exercise_1['n'] {test}\\n"} for test in ("> 5", "< 5")]
    ...     _ = path.write_text(f"test = {{'points': 1, 'suites': [{{'cases': {cases!r}}}]}}")
    ...     score(path, "exercise_1", "", {"n": 6}), score(path, "exercise_1", "", {})
    ((0.5, 1.0), (0.0, 1.0))
    """
    spec: dict[str, Any] = {}
    exec(test_file.read_text(encoding="utf-8"), spec)  # the teacher's kit, from make student
    (suite,) = spec["test"]["suites"]
    possible = float(spec["test"]["points"])
    given = [case.get("points") for case in suite["cases"]]
    share = (possible - sum(p for p in given if p is not None)) / max(1, sum(p is None for p in given))
    earned = 0.0
    for case, points in zip(suite["cases"], given, strict=True):
        env: dict[str, Any] = {"display": _no_display}
        exec(setup, env)
        env[question] = dict(answers)
        if passes(case["code"], env):
            earned += share if points is None else points
    return earned, possible


def main(argv: Sequence[str]) -> None:
    """Check the exercises ``argv[3:]`` and print their scores as JSON."""
    kit, saved, cells_file, questions = Path(argv[0]), Path(argv[1]), Path(argv[2]), argv[3:]
    meta = json.loads((kit / "classkit.json").read_text(encoding="utf-8"))
    cells = json.loads(cells_file.read_text(encoding="utf-8"))
    with saved.open("rb") as file:
        kept = DataUnpickler(file).load()
    out = sys.stdout
    scores = {}
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        for question in questions:
            saved_here = kept.get(question) if isinstance(kept, dict) else None
            blobs = saved_here if isinstance(saved_here, dict) else {}
            blobs = {k: v for k, v in blobs.items() if isinstance(k, str) and isinstance(v, bytes)}
            found = answers(blobs, meta["setup"], cells.get(question), meta["exercises"][question]["functions"])
            scores[question] = score(kit / "tests" / f"{question}.py", question, meta["setup"], found)
    print(json.dumps(scores), file=out, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
