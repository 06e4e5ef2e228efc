"""``make student``: the student notebooks and the teachers' autograder zips, through ``otter assign``.

Each lesson with exercises becomes an otter assign master notebook (one question per exercise:
the lesson's prompt, a stub answer cell, the solution and its explanations, a public test that
every name the checks read is defined, and one hidden test per check). ``otter assign`` turns it
into a student notebook (outputs restored from the lesson, except from each *Guess first*
prompt to the next heading) and an autograder zip. Lessons without exercises are copied, those
outputs cleared.

>>> [cell["cell_type"] for cell in guess_cleared([{"cell_type": "markdown", "source": "**Guess first:** how many?"},
...                                               {"cell_type": "code", "source": "6", "outputs": [1]}])]
['markdown', 'code']
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import tempfile
import zipfile
from collections.abc import Iterable, Sequence
from pathlib import Path

from cardcommons.classkit.exercises import (
    GUESS_PROMPT,
    Cell,
    Common,
    Exercise,
    Lesson,
    Notebook,
    read_lesson,
    source,
    stub,
)
from cardcommons.errors import ClassKitError

NOT_YET = "not yet"
HEADING = re.compile(r"^#{1,6} ", re.MULTILINE)
"""A Markdown heading line: where a *Guess first* section ends."""
POINTS = 1.0
"""What each exercise is worth: a score runs from 0 to this."""
KIT_FILE = "classkit.json"
"""The file of an autograder zip that :func:`kit_description` writes."""
CONFIG = """\
# ASSIGNMENT CONFIG
name: {name}
init_cell: true
check_all_cell: false
export_cell: false
run_tests: false
tests:
  files: false
  ok_format: true
"""


def guess_cleared(cells: Iterable[Cell]) -> list[Cell]:
    """Copies of the cells, every code output from each *Guess first* prompt to the next heading cleared:
    a prompt's answer may be printed a few cells further down, never before the section ends.

    >>> cells = guess_cleared([{"cell_type": "markdown", "source": "**Guess first:** how many?"},
    ...                        {"cell_type": "code", "source": "6", "outputs": [1], "execution_count": 3},
    ...                        {"cell_type": "code", "source": "7", "outputs": [2], "execution_count": 4},
    ...                        {"cell_type": "markdown", "source": "## Next"},
    ...                        {"cell_type": "code", "source": "8", "outputs": [3], "execution_count": 5}])
    >>> [cell.get("outputs") for cell in cells]
    [None, [], [], None, [3]]
    """
    cleared, guessing = [], False
    for cell in map(copy.deepcopy, cells):
        if cell["cell_type"] == "markdown":
            text = source(cell)
            prompts = [match.start() for match in GUESS_PROMPT.finditer(text)]
            headings = [match.start() for match in HEADING.finditer(text)]
            if prompts or headings:  # whichever comes last in the cell decides
                guessing = max(prompts, default=-1) > max(headings, default=-1)
        elif cell["cell_type"] == "code" and guessing:
            cell.update(outputs=[], execution_count=None)
        cleared.append(cell)
    return cleared


def _raw(text: str) -> Cell:
    return {"cell_type": "raw", "metadata": {}, "source": text}


def _code(text: str) -> Cell:
    return {"cell_type": "code", "metadata": {}, "source": text, "outputs": [], "execution_count": None}


def _test(body: str, message: str, *, hidden: bool) -> Cell:
    points = "" if hidden else "\npoints: 0"  # the score comes from the hidden checks alone
    config = f"hidden: {str(hidden).lower()}{points}\nfailure_message: {json.dumps(message)}"
    config = f'""" # BEGIN TEST CONFIG\n{config}\n""" # END TEST CONFIG\n'
    return _code(config + body)


def public_test(exercise: Exercise) -> str:
    """The public test of an answer's form: every name the checks read has been given a value
    (not ``...``), a function is callable, and a name with a common wrong answer holds a value of
    that answer's kind.

    >>> common = Common("n", "7", "one too many")
    >>> print(public_test(Exercise(1, "t", (), "", ("assert f(n)",), ("n", "f"), ("f",), (), commons=(common,))))
    from cardcommons.classkit.check import same_kind
    assert n is not ...
    assert callable(f)
    assert same_kind(n, 7)
    """
    functions = set(exercise.functions)
    lines = [f"assert callable({n})" if n in functions else f"assert {n} is not ..." for n in exercise.names]
    kinds = [f"assert same_kind({c.name}, {c.wrong})" for c in exercise.commons]
    return "\n".join(["from cardcommons.classkit.check import same_kind"] * bool(kinds) + lines + kinds)


def common_test(common: Common) -> str:
    """The public test that an answer is not one common wrong answer (it shows the wrong value, not the right one).

    >>> common_test(Common("n", "7", "one too many"))
    'from cardcommons.classkit.check import same_value\\nassert not same_value(n, 7)'
    """
    return f"from cardcommons.classkit.check import same_value\nassert not same_value({common.name}, {common.wrong})"


def looks_at(exercise: Exercise) -> str:
    """What the public check of an exercise looks at, for the sentence under it.

    >>> common = Common("n", "7", "one too many")
    >>> looks_at(Exercise(1, "t", (), "", ("assert f(n)",), ("n", "f"), ("f",), (), commons=(common,)))
    'the form of the answer (n and f are set, f is a function, n is of the kind asked) and one common wrong answer'
    """
    parts = [f"{' and '.join(exercise.names)} {'are' if len(exercise.names) > 1 else 'is'} set"]
    functions = [name for name in exercise.names if name in set(exercise.functions)]
    if functions:
        parts.append(f"{' and '.join(functions)} {'are functions' if len(functions) > 1 else 'is a function'}")
    kinds = list(dict.fromkeys(c.name for c in exercise.commons))
    if kinds:
        parts.append(f"{' and '.join(kinds)} {'are' if len(kinds) > 1 else 'is'} of the kind asked")
    common = ""
    if exercise.commons:
        common = " and one common wrong answer" if len(exercise.commons) == 1 else " and some common wrong answers"
    return f"the form of the answer ({', '.join(parts)}){common}"


def keep(exercise: Exercise) -> str:
    """The line after an exercise that keeps what its checks read, as it stands there.

    >>> keep(Exercise(1, "t", (), "", ("assert f(n)",), ("n", "f"), ("f",), (), kept=("f", "n")))
    'exercise_1 = {"f": f, "n": n}  # the answer as it stands here, for the grader'
    """
    members = ", ".join(f'"{name}": {name}' for name in exercise.kept)
    return f"{exercise.question} = {{{members}}}  # the answer as it stands here, for the grader"


def _restored(exercise: Exercise, test: str) -> str:
    """A test that first takes back the names it reads from what the exercise kept."""
    return "\n".join([*(f'{name} = {exercise.question}["{name}"]' for name in exercise.kept), test])


def _question(exercise: Exercise) -> list[Cell]:
    if exercise.ungraded:  # as the lesson has it: its prompt and an empty answer cell
        return [*copy.deepcopy(exercise.prompt), _code("# Your answer here")]
    names = ", ".join(exercise.names)
    kind = ", each of the kind asked" if exercise.commons else ""
    answer = f"{stub(exercise)}\n# BEGIN SOLUTION NO PROMPT\n{exercise.answer}\n# END SOLUTION"
    return [
        _raw(f"# BEGIN QUESTION\nname: {exercise.question}\npoints: {POINTS:g}\ncheck_cell: false"),
        *copy.deepcopy(exercise.prompt),
        _raw("# BEGIN SOLUTION"),
        _code(answer),
        *copy.deepcopy(exercise.explanations),
        _raw("# END SOLUTION"),
        _raw("# BEGIN TESTS"),
        _test(_restored(exercise, public_test(exercise)), f"{NOT_YET}: set {names}{kind}", hidden=False),
        *(
            _test(_restored(exercise, common_test(c)), f"{NOT_YET}: a common wrong answer ({c.why})", hidden=False)
            for c in exercise.commons
        ),
        *(_test(_restored(exercise, check), NOT_YET, hidden=True) for check in exercise.checks),
        _raw("# END TESTS"),
        _raw("# END QUESTION"),
        _code(
            f"{keep(exercise)}\nfrom cardcommons.classkit.check import public_check\n\n"
            f'public_check(grader.check("{exercise.question}"), {json.dumps(looks_at(exercise))})'
        ),
    ]


def master(lesson: Lesson) -> Notebook:
    """The otter assign master notebook of a lesson: its cells, then one question per exercise."""
    cells = [
        _raw(CONFIG.format(name=lesson.name)),
        *guess_cleared(lesson.before),
        copy.deepcopy(lesson.heading),
        *(_code(source(cell)) for cell in lesson.setup),
    ]
    for exercise in lesson.exercises:
        cells += _question(exercise)
    cells += copy.deepcopy(lesson.after)
    ids: set[str] = set()
    for number, cell in enumerate(cells):  # cells from the solutions share ids with the lesson's
        if cell.get("id", "") in ids or "id" not in cell:
            cell["id"] = f"classkit-{number}"
        ids.add(cell["id"])
    return {"cells": cells, "metadata": _kernel_metadata(), "nbformat": 4, "nbformat_minor": 5}


def _kernel_metadata() -> dict[str, object]:
    return {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }


def _read(path: Path) -> Notebook:
    notebook: Notebook = json.loads(path.read_text(encoding="utf-8"))
    return notebook


def _write(path: Path, notebook: Notebook) -> None:
    path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def init_cell(lesson: str) -> str:
    """The student notebook's first cell: otter's grader, found by the lesson (a renamed copy checks alike).

    >>> print(init_cell("01_cards_and_hands"))
    # Initialize Otter: the checks find this lesson's tests by its name, whatever the notebook's file name
    from cardcommons.classkit.check import grader_for
    <BLANKLINE>
    grader = grader_for("01_cards_and_hands")
    """
    return (
        "# Initialize Otter: the checks find this lesson's tests by its name, whatever the notebook's file name\n"
        f"from cardcommons.classkit.check import grader_for\n\ngrader = grader_for({json.dumps(lesson)})"
    )


def _restore_outputs(student: Notebook, lesson_cells: Sequence[Cell]) -> None:
    """Give the lesson's cells in the student notebook their outputs back (otter assign strips them)."""
    cells = student["cells"]
    start = next(i for i, cell in enumerate(cells) if source(cell) == source(lesson_cells[0]))
    for cell, original in zip(cells[start:], lesson_cells, strict=False):
        if source(cell) != source(original):
            raise ClassKitError(f"{student['metadata'].get('otter', {})}: otter assign changed a lesson cell")
        if cell["cell_type"] == "code":
            cell.update(outputs=original.get("outputs", []), execution_count=original.get("execution_count"))


def assign(lesson: Lesson, student_dir: Path, autograder_dir: Path) -> None:
    """Run otter assign on a lesson: its student notebook and its autograder zip ``NAME.zip``."""
    from otter.assign import main as otter_assign  # the `class` extra

    with tempfile.TemporaryDirectory() as work:
        master_path, result = Path(work) / f"{lesson.name}.ipynb", Path(work) / "dist"
        _write(master_path, master(lesson))
        otter_assign(str(master_path), str(result), no_pdfs=True, no_run_tests=True)
        student = _read(result / "student" / master_path.name)
        for cell in student["cells"]:  # otter would check right under the answer, before the cell that keeps it
            cell["metadata"].pop("otter", None)
        student["cells"][0]["source"] = init_cell(lesson.name)
        _restore_outputs(student, guess_cleared(lesson.before))
        _write(student_dir / master_path.name, student)
        (zipped,) = (result / "autograder").glob("*.zip")
        shutil.copyfile(zipped, autograder_dir / f"{lesson.name}.zip")
    with zipfile.ZipFile(autograder_dir / f"{lesson.name}.zip", "a") as kit:
        kit.writestr(KIT_FILE, json.dumps(kit_description(lesson), indent=1))


def kit_description(lesson: Lesson) -> dict[str, object]:
    """What grading needs beside otter's tests: the exercises' setup code, and each graded exercise's
    data answers (kept by the notebook) and function answers (defined again from the answer cell).

    >>> exercise = Exercise(1, "t", (), "", ("assert f(n)",), ("n", "f"), ("f",), (), kept=("f", "n"))
    >>> kit_description(Lesson("01", (), {}, ({"source": "import math"},), (exercise,), ()))
    {'lesson': '01', 'setup': 'import math', 'exercises': {'exercise_1': {'data': ['n'], 'functions': ['f']}}}
    """
    return {
        "lesson": lesson.name,
        "setup": "\n\n".join(source(cell) for cell in lesson.setup),
        "exercises": {
            e.question: {"data": [n for n in e.kept if n not in e.functions], "functions": list(e.functions)}
            for e in lesson.exercises
            if not e.ungraded
        },
    }


def lessons(notebooks: Path) -> tuple[list[Lesson], list[Path]]:
    """The lessons with exercises (paired with their solutions), and the other notebooks of the folder."""
    paired, plain = [], []
    for path in sorted(notebooks.glob("*.ipynb")):
        solutions = notebooks / "solutions" / f"{path.stem}_solutions.ipynb"
        if solutions.exists():
            paired.append(read_lesson(path.stem, _read(path), _read(solutions)))
        elif any(cell["cell_type"] == "markdown" and "### Exercise" in source(cell) for cell in _read(path)["cells"]):
            raise ClassKitError(f"{path.name}: exercises but no solutions notebook {solutions.name}")
        else:
            plain.append(path)
    return paired, plain


def build(notebooks: Path, out: Path) -> list[Lesson]:
    """Build ``out/student`` (to hand out) and ``out/autograder`` (to keep); returns the lessons with exercises.

    Every lesson is paired before anything is written, so a lesson that does not pair changes nothing.
    """
    paired, plain = lessons(notebooks)
    shutil.rmtree(out, ignore_errors=True)
    student_dir, autograder_dir = out / "student", out / "autograder"
    student_dir.mkdir(parents=True)
    autograder_dir.mkdir()
    for lesson in paired:
        assign(lesson, student_dir, autograder_dir)
    for path in plain:
        notebook = _read(path)
        _write(student_dir / path.name, dict(notebook, cells=guess_cleared(notebook["cells"])))
    for other in notebooks.glob("*.md"):
        shutil.copyfile(other, student_dir / other.name)
    return paired
