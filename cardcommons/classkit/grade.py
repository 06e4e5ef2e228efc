"""Grade a folder of returned student notebooks into one score table (CSV), with otter's local grader.

Each notebook names its lesson in its metadata (otter assign writes it), so students may rename
their files; the lesson's autograder zip from ``make student`` grades it, with no container.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Sequence
from pathlib import Path

from cardcommons.errors import ClassKitError

Row = dict[str, str]


def lesson_of(submission: Path) -> str:
    """The lesson a student notebook belongs to, from its otter metadata.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "alice.ipynb"
    ...     _ = path.write_text('{"metadata": {"otter": {"assignment_name": "01_cards_and_hands"}}}')
    ...     lesson_of(path)
    '01_cards_and_hands'
    """
    try:
        name = json.loads(submission.read_text(encoding="utf-8"))["metadata"]["otter"]["assignment_name"]
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ClassKitError(f"{submission.name}: not a student notebook of the class kit ({error!r})") from error
    return str(name)


def grade_one(submission: Path, autograders: Path) -> Row:
    """One submission's row: its lesson, each exercise's score (0 to 1), the total and the possible."""
    from otter.api import grade_submission  # the `class` extra

    lesson = lesson_of(submission)
    zipped = autograders / f"{lesson}.zip"
    if not zipped.exists():
        raise ClassKitError(f"{submission.name}: no autograder {zipped.name} for lesson {lesson!r}; run make student")
    results = grade_submission(str(submission), str(zipped), quiet=True)
    row = {"submission": submission.name, "lesson": lesson}
    for name, test_file in sorted(results.results.items()):
        row[name] = f"{test_file.score:.3g}"
    row |= {"total": f"{results.total:.4g}", "possible": f"{results.possible:g}"}
    return row


def grade(submissions: Path, autograders: Path, table: Path) -> list[Row]:
    """Grade every notebook in ``submissions`` and write the score table ``table``; returns its rows."""
    paths = sorted(submissions.glob("*.ipynb"))
    if not paths:
        raise ClassKitError(f"{submissions}: no notebooks to grade")
    rows = [grade_one(path, autograders) for path in paths]
    write_table(rows, table)
    return rows


def write_table(rows: Sequence[Row], table: Path) -> None:
    """Write rows as CSV: submission, lesson, the exercises in order, total, possible.

    >>> import io, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "grades.csv"
    ...     row = {"submission": "a.ipynb", "lesson": "01", "exercise_1": "1", "total": "1", "possible": "1"}
    ...     write_table([row], path)
    ...     print(path.read_text(), end="")
    submission,lesson,exercise_1,total,possible
    a.ipynb,01,1,1,1
    """
    exercises = sorted({key for row in rows for key in row if key.startswith("exercise_")}, key=lambda k: int(k[9:]))
    with table.open("w", newline="", encoding="utf-8") as out:
        writer = csv.DictWriter(out, ["submission", "lesson", *exercises, "total", "possible"], lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
