"""Grade a folder of returned student notebooks into one score table (CSV), each student's code kept apart.

Each notebook names its lesson in its metadata (otter assign writes it), so students may rename
their files; the lesson's autograder zip from ``make student`` grades it. A notebook is graded in
two steps, each in its own sandbox (:mod:`cardcommons.classkit.sandbox`): its cells run on a
private copy of it, seeing nothing of the other notebooks, the autograders or the teacher's files,
and save the answers the checks read; then a fresh interpreter, which never ran the notebook, runs
the hidden checks on those answers (:mod:`cardcommons.classkit.check_answers`). A notebook that
cannot be read, runs over its time or dies gets a row that says so in its ``problem`` column; the
others are graded all the same.
"""

from __future__ import annotations

import csv
import json
import os
import re
import stat
import tempfile
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcommons.classkit.assign import KIT_FILE
from cardcommons.classkit.exercises import source
from cardcommons.classkit.sandbox import Limits, Outcome, python_command, require_bwrap, run
from cardcommons.errors import ClassKitError, shown

Row = dict[str, str]
LESSON_NAME = re.compile(r"[0-9A-Za-z_]{1,100}")
ANSWERS = "answers.pickle"
FORMULA = tuple("=+-@\t\r")
"""What a spreadsheet may read as the start of a formula."""


@dataclass(frozen=True)
class Kit:
    """One lesson's autograder: its setup code, each graded exercise's data and function answers."""

    lesson: str
    zipped: Path
    setup: str
    data: dict[str, list[str]]
    functions: dict[str, list[str]]

    @classmethod
    def read(cls, autograders: Path, lesson: str) -> Kit:
        """The kit of ``lesson`` in ``autograders``, or :class:`ClassKitError` saying what is missing."""
        zipped = autograders / f"{lesson}.zip"
        if not zipped.is_file():
            raise ClassKitError(f"no autograder {zipped.name} for its lesson {lesson!r}; run make student")
        try:
            with zipfile.ZipFile(zipped) as archive:
                meta = json.loads(archive.read(KIT_FILE))
        except (OSError, KeyError, ValueError, zipfile.BadZipFile) as error:
            raise ClassKitError(
                f"{zipped.name} is not an autograder of this kit ({error}); run make student"
            ) from error
        exercises = meta["exercises"]
        return cls(
            lesson,
            zipped,
            meta["setup"],
            {q: list(e["data"]) for q, e in exercises.items()},
            {q: list(e["functions"]) for q, e in exercises.items()},
        )

    def unpack(self, folder: Path) -> None:
        """Write what the checks read into ``folder``: the kit file and otter's test files."""
        with zipfile.ZipFile(self.zipped) as archive:
            names = [n for n in archive.namelist() if n == KIT_FILE or re.fullmatch(r"tests/exercise_\d+\.py", n)]
            archive.extractall(folder, names)


def read_submission(submission: Path) -> tuple[dict[str, Any], str]:
    """A returned notebook and its lesson's name, read as data; :class:`ClassKitError` says why it cannot be.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "alice.ipynb"
    ...     _ = path.write_text('{"cells": [], "metadata": {"otter": {"assignment_name": "01_cards_and_hands"}}}')
    ...     read_submission(path)[1]
    '01_cards_and_hands'
    """
    try:
        notebook = json.loads(submission.read_bytes().decode("utf-8"))
    except (OSError, ValueError) as error:
        raise ClassKitError(f"not a notebook: {shown(str(error), 120)}") from error
    metadata = notebook.get("metadata") if isinstance(notebook, dict) else None
    otter = metadata.get("otter") if isinstance(metadata, dict) else None
    lesson = otter.get("assignment_name") if isinstance(otter, dict) else None
    if lesson is None:
        raise ClassKitError("not a student notebook of the class kit (no lesson in its metadata)")
    if not isinstance(lesson, str) or not LESSON_NAME.fullmatch(lesson):
        raise ClassKitError(f"its lesson name {shown(lesson, 60)} is not one of the kit's")
    cells = notebook.get("cells")
    if not isinstance(cells, list) or not all(_cell_ok(cell) for cell in cells):
        raise ClassKitError("not a notebook: its cells are not a list of cells with text")
    return notebook, lesson


def _cell_ok(cell: object) -> bool:
    if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
        return False
    text = cell.get("source", "")
    return isinstance(text, str) or (isinstance(text, list) and all(isinstance(line, str) for line in text))


def answer_cells(notebook: dict[str, Any], kit: Kit) -> dict[str, str]:
    """The answer cell of each exercise with a function answer: the cells otter tagged, in order.

    >>> cells = [{"cell_type": "code", "metadata": {"tags": ["otter_answer_cell"]}, "source": s} for s in "ab"]
    >>> questions = {"exercise_1": [], "exercise_2": []}
    >>> kit = Kit("01", Path("01.zip"), "", questions, questions | {"exercise_2": ["f"]})
    >>> answer_cells({"cells": cells}, kit)
    {'exercise_2': 'b'}
    """
    tagged = [
        source(cell)
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        and isinstance(cell.get("metadata"), dict)
        and "otter_answer_cell" in (cell["metadata"].get("tags") or [])
    ]
    ordered = sorted(kit.data, key=lambda question: int(question.rsplit("_", 1)[1]))
    return {q: cell for q, cell in zip(ordered, tagged, strict=False) if kit.functions[q]}


def _read_saved(path: Path) -> bytes | None:
    """The answers file the notebook's run saved, if it is a plain file (never a link out of the scratch folder)."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW)
    except OSError:
        return None
    with os.fdopen(handle, "rb") as file:
        return file.read() if stat.S_ISREG(os.fstat(file.fileno()).st_mode) else None


def _checked(outcome: Outcome, questions: Sequence[str]) -> dict[str, tuple[float, float]] | None:
    """The scores a check run printed for ``questions``, or ``None`` if it printed none."""
    try:
        printed = json.loads(outcome.stdout.strip().splitlines()[-1])
        return {q: (float(printed[q][0]), float(printed[q][1])) for q in questions}
    except (ValueError, IndexError, KeyError, TypeError):
        return None


def grade_one(submission: Path, autograders: Path, limits: Limits) -> Row:
    """One submission's row: its lesson, each exercise's score (0 to 1), the total, the possible and any problem."""
    row = {"submission": submission.name}
    try:
        notebook, lesson = read_submission(submission)
        row["lesson"] = lesson
        kit = Kit.read(autograders, lesson)
    except ClassKitError as error:
        return row | {"problem": str(error)}
    row["possible"] = f"{len(kit.data):g}"
    with tempfile.TemporaryDirectory(prefix="classkit-") as work:
        scratch, checks = Path(work) / "scratch", Path(work) / "checks"
        scratch.mkdir()
        checks.mkdir()
        (scratch / f"{lesson}.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
        argv = python_command("cardcommons.classkit.run_notebook", f"{lesson}.ipynb", json.dumps(kit.data), ANSWERS)
        outcome = run(argv, limits, timeout=limits.timeout, writable=scratch)
        saved = _read_saved(scratch / ANSWERS)
        if outcome.why_not or saved is None:
            why = outcome.why_not or "stopped before its end"
            return row | {"problem": f"its notebook {why}; not graded"}
        kit.unpack(checks)
        (checks / ANSWERS).write_bytes(saved)
        (checks / "cells.json").write_text(json.dumps(answer_cells(notebook, kit)), encoding="utf-8")
        # the data answers are checked together; each function answer apart, beside its own cell alone
        groups = [[q for q in kit.data if not kit.functions[q]], *([q] for q in kit.data if kit.functions[q])]
        scores: dict[str, tuple[float, float]] = {}
        problems = []
        for questions in filter(None, groups):
            argv = python_command(
                "cardcommons.classkit.check_answers",
                str(checks),
                str(checks / ANSWERS),
                str(checks / "cells.json"),
                *questions,
            )
            checked = run(argv, limits, timeout=limits.timeout, writable=None, readable=[checks])
            found = _checked(checked, questions)
            if found is None:
                problems.append(f"the checks of {', '.join(questions)} {checked.why_not or 'gave no score'}")
            else:
                scores |= found
    for question in sorted(scores, key=lambda q: int(q.rsplit("_", 1)[1])):
        row[question] = f"{scores[question][0]:.3g}"
    row["total"] = f"{sum(score for score, _ in scores.values()):.4g}"
    return row | ({"problem": "; ".join(problems)} if problems else {})


def grade(submissions: Path, autograders: Path, table: Path, limits: Limits | None = None) -> list[Row]:
    """Grade every notebook in ``submissions`` and write the score table ``table``; returns its rows.

    Refuses to start, saying how to get it, where ``bwrap`` is missing, unless ``limits.sandbox`` is off.
    """
    limits = limits or Limits()
    paths = sorted(submissions.glob("*.ipynb"))
    if not paths:
        raise ClassKitError(f"{submissions}: no notebooks to grade")
    if limits.sandbox:
        require_bwrap()
    rows = [grade_one(path, autograders, limits) for path in paths]
    write_table(rows, table)
    return rows


def cell(text: str) -> str:
    """A table cell that no spreadsheet reads as a formula: one that starts as a formula would gets a ``'``.

    >>> cell("=HYPERLINK(1).ipynb"), cell("alice.ipynb"), cell("-1")
    ("'=HYPERLINK(1).ipynb", 'alice.ipynb', "'-1")
    """
    return f"'{text}" if text.startswith(FORMULA) else text


def write_table(rows: Sequence[Row], table: Path) -> None:
    """Write rows as CSV: submission, lesson, the exercises in order, total, possible, problem.

    >>> import io, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "grades.csv"
    ...     row = {"submission": "a.ipynb", "lesson": "01", "exercise_1": "1", "total": "1", "possible": "1"}
    ...     write_table([row], path)
    ...     print(path.read_text(), end="")
    submission,lesson,exercise_1,total,possible,problem
    a.ipynb,01,1,1,1,
    """
    exercises = sorted({key for row in rows for key in row if key.startswith("exercise_")}, key=lambda k: int(k[9:]))
    columns = ["submission", "lesson", *exercises, "total", "possible", "problem"]
    with table.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, columns, lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        writer.writerows({key: cell(value) for key, value in row.items()} for row in rows)
