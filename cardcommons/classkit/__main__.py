"""The class kit's two commands (``python -m cardcommons.classkit``).

- ``student [--out class]``: the student notebooks (``class/student``) and the autograder zips (``class/autograder``);
- ``grade SUBMISSIONS [--out grades.csv] [--timeout SECONDS] [--memory MIB] [--processes N] [--disk MIB]
  [--no-sandbox]``: grade returned notebooks into a CSV score table, each student's code in a sandbox
  (bubblewrap); it says first which limit this machine does not let it set; exit status 1 when a notebook
  could not be graded (its row says why in its ``problem`` column).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from cardcommons.classkit.assign import build
from cardcommons.classkit.grade import grade_with
from cardcommons.classkit.sandbox import Limits, Sandbox
from cardcommons.errors import ClassKitError


def main(argv: Sequence[str] | None = None) -> int:
    """Run a class kit command; returns the exit status (2 for a lesson or a kit that does not fit, 1 for a
    notebook that could not be graded)."""
    parser = argparse.ArgumentParser(prog="python -m cardcommons.classkit", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    student = commands.add_parser("student", help="build the student notebooks and the autograder zips")
    student.add_argument("--lessons", type=Path, default=Path("notebooks"))
    student.add_argument("--out", type=Path, default=Path("class"))
    marking = commands.add_parser("grade", help="grade a folder of returned notebooks into a CSV table")
    marking.add_argument("submissions", type=Path)
    marking.add_argument("--autograders", type=Path, default=Path("class/autograder"))
    marking.add_argument("--out", type=Path, default=Path("grades.csv"))
    marking.add_argument("--timeout", type=float, default=Limits.timeout, help="seconds per notebook (and per check)")
    marking.add_argument("--memory", type=int, default=Limits.memory, help="MiB of memory per notebook")
    marking.add_argument("--processes", type=int, default=Limits.processes, help="processes and threads per notebook")
    marking.add_argument("--disk", type=int, default=Limits.disk, help="MiB it may write in each of its folders")
    marking.add_argument(
        "--no-sandbox", action="store_true", help="run the students' code as yourself, without bubblewrap (on purpose)"
    )
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
            limits = Limits(args.timeout, args.memory, not args.no_sandbox, args.processes, args.disk)
            sandbox = Sandbox.prepare(limits)
            for unset in sandbox.unset:
                print(f"classkit: not limited on this machine: {unset}", file=sys.stderr)
            rows = grade_with(args.submissions, args.autograders, args.out, sandbox)
            problems = [row for row in rows if row.get("problem")]
            print(f"{len(rows)} notebooks, {len(problems)} with a problem: {args.out}")
            for row in problems:
                print(f"{row['submission']}: {row['problem']}", file=sys.stderr)
            if problems:
                return 1
    except ClassKitError as error:
        print(f"classkit: error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
