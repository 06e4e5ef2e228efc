"""Grade a folder of returned student notebooks into one score table (CSV), each student's code kept apart.

Each notebook names its lesson in its metadata (otter assign writes it), so students may rename
their files; the lesson's autograder zip from ``make student`` grades it. A notebook is graded in
two sandboxes (:mod:`cardcommons.classkit.sandbox`): in one, its code cells run
(:mod:`cardcommons.classkit.run_notebook`), seeing nothing of the other notebooks, the autograders
or the teacher's files, and hand over the answers the checks read, as data; in the other, which
never runs the student's code, the hidden checks score those answers, calling each function answer
in the first sandbox with its arguments and result as data
(:mod:`cardcommons.classkit.check_answers`). Only the second writes scores, each capped at the
exercise's points. A notebook that cannot be read, runs over its time, dies or hands over more than
the grader reads gets a row that says so in its ``problem`` column; the others are graded all the
same, and the table is written again as each row is done.
"""

from __future__ import annotations

import csv
import json
import os
import re
import stat
import tempfile
import time
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardcommons.classkit.assign import KIT_FILE, POINTS
from cardcommons.classkit.exercises import source
from cardcommons.classkit.sandbox import Limits, Sandbox, TooMuch, read_all, wait
from cardcommons.errors import ClassKitError, shown
from cardcommons.progress import progress

Row = dict[str, str]
LESSON_NAME = re.compile(r"[0-9A-Za-z_]{1,100}")
ANSWERS_LIMIT = 64 * 2**20
"""The most bytes of answers the grader reads from one notebook."""
SCORES_LIMIT = 2**20
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


def remove_tree(root: Path) -> None:
    """Remove a folder and all in it, however deep (no recursion, one folder open at a time), following no link.

    >>> with tempfile.TemporaryDirectory() as folder:
    ...     deep = Path(folder, "work")
    ...     os.makedirs(deep.joinpath(*["d"] * 50))
    ...     remove_tree(deep)
    ...     deep.exists()
    False
    """
    flags = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW
    here, names = os.open(root, flags), []
    try:
        while True:
            inner = None
            with os.scandir(here) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False):
                        inner = entry.name
                        break
                    os.unlink(entry.name, dir_fd=here)
            if inner is not None:
                os.chmod(inner, stat.S_IRWXU, dir_fd=here)  # a folder its maker closed to everyone
                inside = os.open(inner, flags, dir_fd=here)
                os.close(here)
                here = inside
                names.append(inner)
            elif names:
                outside = os.open("..", flags, dir_fd=here)
                os.close(here)
                here = outside
                os.rmdir(names.pop(), dir_fd=here)
            else:
                break
    finally:
        os.close(here)
    os.rmdir(root)


def _scores(saved: bytes | None, kit: Kit) -> dict[str, float] | None:
    """The scores the checks wrote, each capped at its points; ``None`` if they wrote none."""
    try:
        written = json.loads(saved or b"")
        return {q: min(POINTS, max(0.0, float(written[q][0]))) for q in kit.data}
    except (ValueError, KeyError, TypeError, IndexError):
        return None


def grade_one(submission: Path, autograders: Path, sandbox: Sandbox) -> Row:
    """One submission's row: its lesson, each exercise's score (0 to 1), the total, the possible and any problem."""
    row = {"submission": submission.name}
    try:
        notebook, lesson = read_submission(submission)
        row["lesson"] = lesson
        kit = Kit.read(autograders, lesson)
    except ClassKitError as error:
        return row | {"problem": str(error)}
    row["possible"] = f"{len(kit.data) * POINTS:g}"
    work = Path(tempfile.mkdtemp(prefix="classkit-"))
    try:
        scores = _run(notebook, kit, sandbox, work)
    except ClassKitError as error:
        return row | {"problem": str(error)}
    finally:
        remove_tree(work)
    for question in sorted(scores, key=lambda q: int(q.rsplit("_", 1)[1])):
        row[question] = f"{scores[question]:.3g}"
    return row | {"total": f"{sum(scores.values()):.4g}"}


def _run(notebook: dict[str, Any], kit: Kit, sandbox: Sandbox, work: Path) -> dict[str, float]:
    """Run the notebook, then the checks, each in its sandbox: the scores, or :class:`ClassKitError` saying why not."""
    given, checks, scratch = work / "notebook", work / "checks", work / "scratch"
    for folder in (given, checks, scratch):
        folder.mkdir()
    cells = [source(cell) for cell in notebook["cells"] if cell["cell_type"] == "code"]
    exercises = {q: {"data": kit.data[q], "functions": kit.functions[q]} for q in kit.data}
    (given / "notebook.json").write_text(json.dumps({"cells": cells, "exercises": exercises}), encoding="utf-8")
    kit.unpack(checks)
    timeout = sandbox.limits.timeout
    with _Pipes() as pipes:
        answers, requests, responses, scores = pipes.new(), pipes.new(), pipes.new(), pipes.new()
        theirs = [answers[1], requests[0], responses[1]]
        notebook_file = str(sandbox.seen(given) / "notebook.json")
        argv = sandbox.python("cardcommons.classkit.run_notebook", notebook_file, *map(str, theirs))
        with sandbox.start(argv, given=given, pass_fds=theirs, cwd=scratch) as student:
            pipes.close(*theirs)
            try:
                saved = read_all(pipes.take(answers[0]), ANSWERS_LIMIT, time.monotonic() + timeout)
            except TooMuch as error:
                raise ClassKitError(f"its notebook handed over {error} of answers; not graded") from error
            if saved is None:
                raise ClassKitError("its notebook ran over its time limit; not graded")
            try:
                json.loads(saved)
            except ValueError as error:
                why = wait(student, time.monotonic() + 2).why_not or "handed over no answers"
                raise ClassKitError(f"its notebook {why}; not graded") from error
            (checks / "answers.json").write_bytes(saved)
            theirs = [requests[1], responses[0], scores[1]]
            seen = str(sandbox.seen(checks))
            argv = sandbox.python("cardcommons.classkit.check_answers", seen, *map(str, theirs), f"{timeout:g}")
            with sandbox.start(argv, given=checks, pass_fds=theirs, cwd=scratch) as checker:
                pipes.close(*theirs)
                try:
                    written = read_all(pipes.take(scores[0]), SCORES_LIMIT, time.monotonic() + 2 * timeout)
                except TooMuch:
                    written = None
                ended = wait(checker, time.monotonic() + 5)
    found = _scores(written, kit)
    if found is None:
        raise ClassKitError(f"its checks {ended.why_not or 'gave no score'}; not graded")
    return found


class _Pipes:
    """The grader's pipes to the sandboxes: each end closed once, all of them on leaving."""

    def __init__(self) -> None:
        self.open: set[int] = set()

    def __enter__(self) -> _Pipes:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close(*self.open)

    def new(self) -> tuple[int, int]:
        """A new pipe (read end, write end)."""
        pipe = os.pipe()
        self.open |= set(pipe)
        return pipe

    def take(self, fd: int) -> int:
        """``fd``, now the caller's to close."""
        self.open.discard(fd)
        return fd

    def close(self, *fds: int) -> None:
        for fd in fds:
            if fd in self.open:
                self.open.discard(fd)
                os.close(fd)


def grade(submissions: Path, autograders: Path, table: Path, limits: Limits | None = None) -> list[Row]:
    """Grade every notebook in ``submissions``, writing the score table ``table`` again as each row is done;
    returns its rows.

    Refuses to start, saying why and what to do, where the sandbox cannot start (``bwrap`` missing or
    not allowed to), unless ``limits.sandbox`` is off.
    """
    return grade_with(submissions, autograders, table, Sandbox.prepare(limits or Limits()))


def grade_with(submissions: Path, autograders: Path, table: Path, sandbox: Sandbox) -> list[Row]:
    """:func:`grade` with the sandbox prepared (and its unset limits said) by the caller."""
    paths = sorted(submissions.glob("*.ipynb"))
    if not paths:
        raise ClassKitError(f"{submissions}: no notebooks to grade")
    rows: list[Row] = []
    for path in progress(paths, desc="notebooks", unit="notebook"):
        try:
            rows.append(grade_one(path, autograders, sandbox))
        except Exception as error:  # one notebook the grader trips on costs its own row, not the table
            rows.append({"submission": path.name, "problem": f"the grader failed on it: {shown(error, 160)}"})
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
    partial = table.with_name(f".{table.name}.partial")
    with partial.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, columns, lineterminator="\n", extrasaction="ignore")
        writer.writeheader()
        writer.writerows({key: cell(value) for key, value in row.items()} for row in rows)
    os.replace(partial, table)
