"""The class kit's two commands (``python -m cardcommons.classkit``).

- ``student [--out class]``: the student notebooks (``class/student``) and the autograder zips (``class/autograder``);
- ``grade SUBMISSIONS [--out grades.csv]``: grade returned notebooks into a CSV score table.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from cardcommons.classkit.assign import build
from cardcommons.classkit.grade import grade
from cardcommons.errors import ClassKitError


def main(argv: Sequence[str] | None = None) -> int:
    """Run a class kit command; returns the exit status (2 for a lesson or a submission that does not fit)."""
    parser = argparse.ArgumentParser(prog="python -m cardcommons.classkit", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    student = commands.add_parser("student", help="build the student notebooks and the autograder zips")
    student.add_argument("--lessons", type=Path, default=Path("notebooks"))
    student.add_argument("--out", type=Path, default=Path("class"))
    marking = commands.add_parser("grade", help="grade a folder of returned notebooks into a CSV table")
    marking.add_argument("submissions", type=Path)
    marking.add_argument("--autograders", type=Path, default=Path("class/autograder"))
    marking.add_argument("--out", type=Path, default=Path("grades.csv"))
    args = parser.parse_args(argv)
    try:
        if args.command == "student":
            built = build(args.lessons, args.out)
            for lesson in built:
                for exercise in lesson.exercises:
                    if exercise.ungraded:
                        print(f"{lesson.name}, {exercise.question}: not graded: {exercise.ungraded}")
            student, autograder = args.out / "student", args.out / "autograder"
            print(f"{len(built)} lessons with exercises: {student} to hand out, {autograder} to keep")
        else:
            rows = grade(args.submissions, args.autograders, args.out)
            print(f"{len(rows)} notebooks graded: {args.out}")
    except ClassKitError as error:
        print(f"classkit: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
