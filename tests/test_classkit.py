"""The class kit: ``make student`` builds offline; the solutions score full marks on every
exercise, a wrong answer less, and a student notebook with its answers left empty runs,
its checks saying "not yet". The checks run in process against the autograder zips' tests;
grading runs once through the README's command, each notebook sandboxed, a good notebook beside
hostile and broken ones.
"""

from __future__ import annotations

import copy
import csv
import json
import re
import socket
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from IPython.display import display
from otter.nbmeta_config import NBMetadataConfig
from otter.test_files import TestFile, create_test_file

from cardcommons.classkit.__main__ import main
from cardcommons.classkit.assign import KIT_FILE, NOT_YET, keep, lessons, looks_at
from cardcommons.classkit.check_answers import score
from cardcommons.classkit.exercises import Exercise, Lesson, read_lesson, source
from cardcommons.errors import ClassKitError

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
LESSONS, _ = lessons(NOTEBOOKS)
Env = dict[str, Any]


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """What ``make student`` builds, here in a temporary folder."""
    out = tmp_path_factory.mktemp("kit")
    assert main(["student", "--lessons", str(NOTEBOOKS), "--out", str(out)]) == 0
    return out


def _tests(kit: Path, lesson: Lesson) -> dict[str, TestFile]:
    """The autograder's test files of a lesson, public and hidden, by question."""
    folder = kit / "tests" / lesson.name
    with zipfile.ZipFile(kit / "autograder" / f"{lesson.name}.zip") as zipped:
        zipped.extractall(folder, [name for name in zipped.namelist() if name.startswith("tests/")])
    return {
        path.stem: create_test_file(str(path), NBMetadataConfig()) for path in sorted((folder / "tests").glob("*.py"))
    }


@pytest.fixture(scope="module")
def solved() -> dict[str, Env]:
    """Each lesson's globals after its exercises' setup and every answer from its solutions."""
    envs = {}
    for lesson in LESSONS:
        env: Env = {"display": display}  # as in a notebook
        for cell in lesson.setup:
            exec(source(cell), env)
        for exercise in lesson.exercises:
            exec(exercise.answer, env)
            if not exercise.ungraded:
                exec(keep(exercise), env)
        envs[lesson.name] = env
    return envs


def _grade(test: TestFile, env: Env) -> float:
    test.run(env)
    return float(test.grade)


def wrong(value: Any) -> Any:
    """A wrong answer of the same kind where there is one (a number of the other sign, a list
    of wrong members, a function whose results are wrong), ``None`` otherwise.

    >>> wrong(3), wrong([0, 1]), wrong({0}), wrong(True), wrong(lambda: "ab")()
    (-4, [-1, -2], {-1}, False, 'ab?')
    """
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return -value - 1
    if isinstance(value, str):
        return value + "?"
    if isinstance(value, list | tuple | set | frozenset):
        members = [wrong(member) for member in value] or [None]
        return type(value)(*members) if hasattr(value, "_fields") else type(value)(members)
    if isinstance(value, dict):
        return {key: wrong(member) for key, member in value.items()} or {None: None}
    if callable(value) and not isinstance(value, type):
        function: Callable[..., Any] = value
        return lambda *args, **kwargs: wrong(function(*args, **kwargs))
    return None


def _exercises() -> list[Any]:
    return [
        pytest.param(lesson, e, id=f"{lesson.name}-{e.question}")
        for lesson in LESSONS
        for e in lesson.exercises
        if not e.ungraded
    ]


def test_every_lesson_with_solutions_pairs() -> None:
    assert {lesson.name for lesson in LESSONS} == {
        path.stem[: -len("_solutions")] for path in NOTEBOOKS.glob("solutions/*.ipynb")
    }
    assert all(lesson.exercises for lesson in LESSONS)


@pytest.mark.parametrize(("lesson", "exercise"), _exercises())
def test_the_solution_scores_full_marks(kit: Path, solved: dict[str, Env], lesson: Lesson, exercise: Exercise) -> None:
    assert _grade(_tests(kit, lesson)[exercise.question], solved[lesson.name]) == 1


@pytest.mark.parametrize(("lesson", "exercise"), _exercises())
def test_a_wrong_answer_scores_less(kit: Path, solved: dict[str, Env], lesson: Lesson, exercise: Exercise) -> None:
    answered = solved[lesson.name]
    tests = _tests(kit, lesson)
    kept = answered[exercise.question]
    everything = {name: wrong(kept[name]) for name in exercise.names}
    one_by_one = [{name: wrong(kept[name])} for name in exercise.names]  # all wrong alike may still agree
    scores = [
        _grade(tests[exercise.question], answered | {exercise.question: kept | w}) for w in [everything, *one_by_one]
    ]
    assert min(scores) < 1
    left_empty = kept | dict.fromkeys(exercise.names, ...)
    assert _grade(tests[exercise.question], answered | {exercise.question: left_empty}) == 0


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_an_empty_student_notebook_runs_and_says_not_yet(
    kit: Path, lesson: Lesson, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    notebook = json.loads((kit / "student" / f"{lesson.name}.ipynb").read_text(encoding="utf-8"))
    cells = notebook["cells"]
    start = [source(cell) for cell in cells].index(source(lesson.heading))
    code = [source(cell) for cell in cells[:1] + cells[start:] if cell["cell_type"] == "code"]
    monkeypatch.chdir(kit / "student")
    env: Env = {}
    reports = []
    for text in code:  # otter's first cell, then the exercises: the lesson itself runs under nbval
        *before, last = text.splitlines()
        if "grader.check(" in last:
            exec("\n".join(before), env)
            reports.append(eval(last, env))
        else:
            exec(text, env)
    assert [report.result.name for report in reports] == [e.question for e in lesson.exercises if not e.ungraded]
    assert all(not report.passed and NOT_YET in str(report) for report in reports)
    assert not any("passed" in str(report) for report in reports)
    capsys.readouterr()


def _public(test: TestFile, env: Env) -> list[tuple[str, bool]]:
    """Each public test case of a question, run on ``env``: its failure message and whether it passed."""
    test.run(env)
    return [(r.test_case.failure_message or "", r.passed) for r in test.test_case_results if not r.test_case.hidden]


def _commons() -> list[Any]:
    return [
        pytest.param(lesson, e, id=f"{lesson.name}-{e.question}")
        for lesson in LESSONS
        for e in lesson.exercises
        if e.commons
    ]


def test_some_exercises_check_a_common_wrong_answer_in_public() -> None:
    assert len(_commons()) >= 5


@pytest.mark.parametrize(("lesson", "exercise"), _commons())
def test_the_public_check_refuses_the_common_wrong_answer_only(
    kit: Path, solved: dict[str, Env], lesson: Lesson, exercise: Exercise
) -> None:
    """The solution passes every public test; the common wrong answer fails its own, with its reason."""
    answered = solved[lesson.name]
    test = _tests(kit, lesson)[exercise.question]
    assert all(passed for _, passed in _public(test, answered))
    for common in exercise.commons:
        wrong = answered | {
            exercise.question: answered[exercise.question] | {common.name: eval(common.wrong, answered)}
        }
        failed = [message for message, passed in _public(test, wrong) if not passed]
        assert failed == [f"{NOT_YET}: a common wrong answer ({common.why})"]


def test_the_sentence_under_an_answer_says_what_the_public_check_saw(kit: Path) -> None:
    """It never says "All test cases passed!": it says what the public check looked at, and who checks the rest."""
    for lesson in LESSONS:
        student = (kit / "student" / f"{lesson.name}.ipynb").read_text(encoding="utf-8")
        assert "public_check(grader.check(" in student and "All test cases passed" not in student
        for exercise in lesson.exercises:
            if not exercise.ungraded:
                assert json.dumps(looks_at(exercise))[1:-1] in student.replace('\\"', '"')


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda lesson: lesson.name)
def test_the_student_notebook_reads_as_the_lesson_with_no_spoiler(kit: Path, lesson: Lesson) -> None:
    student = (kit / "student" / f"{lesson.name}.ipynb").read_text(encoding="utf-8")
    cells = json.loads(student)["cells"]
    body = cells[1 : 1 + len(lesson.before)]
    assert [source(cell) for cell in body] == [source(cell) for cell in lesson.before]
    guessing = cleared = False
    for cell, original in zip(body, lesson.before, strict=True):
        if cell["cell_type"] == "code":
            assert cell["outputs"] == ([] if guessing else original["outputs"])
            cleared = cleared or (guessing and bool(original["outputs"]))
        elif "**Guess first:**" in source(cell):
            guessing = True
        elif re.search(r"^#+ ", source(cell), re.MULTILINE):
            guessing = False  # a prompt's section ends at the next heading: every answer in it stays hidden
    assert cleared, "some answer is hidden"
    for exercise in lesson.exercises:
        assert all(check not in student for check in map(json.dumps, exercise.checks))
        assert json.dumps(exercise.answer)[1:-1] not in student
    assert "solutions/" not in student


def test_the_teachers_notes_stay_out_of_the_student_copies(kit: Path) -> None:
    assert (NOTEBOOKS / "teachers" / "README.md").exists()
    assert not list((kit / "student").rglob("*teachers*"))
    assert all("](teachers/" not in path.read_text(encoding="utf-8") for path in (kit / "student").glob("*.ipynb"))


LESSON_01 = next(lesson for lesson in LESSONS if lesson.name.startswith("01_"))
HOSTILE = {
    # wrong first answer, then otter's runner and the grader's own checks patched, and the answer saved as code
    "forged": """
import pickle

import otter.test_files.abstract_test as abstract
import otter.test_files.ok_test as ok_test

import cardcommons.classkit.check_answers as checker

abstract.TestFile.grade = property(lambda self: 1.0)
abstract.TestFile.score = property(lambda self: self.possible)
ok_test.run_doctest = lambda *args, **kwargs: (True, "")
checker.passes = lambda *args, **kwargs: True
forge, payload = pickle.dumps, b"cos\\nsystem\\n(S" + repr("touch " + PWNED).encode() + b"\\ntR."
pickle.dumps = lambda value, **options: payload if value == [] else forge(value, **options)
""",
    # at a classmate's notebook, the hidden tests, the network, the teacher's files
    "mallory": """
import socket
from pathlib import Path

attempts = [
    lambda: Path(RETURNED, "zed.ipynb").write_text("{}"),
    lambda: Path(AUTOGRADERS, "planted.txt").write_text("x"),
    lambda: Path(STOLEN).write_bytes(Path(AUTOGRADERS, "01_cards_and_hands.zip").read_bytes()),
    lambda: Path(OUTSIDE).write_text("x"),
    lambda: socket.create_connection(("127.0.0.1", PORT), timeout=2).sendall(b"hello"),
]
for attempt in attempts:
    try:
        attempt()
    except Exception:
        pass
""",
    "dies": "import os, signal, subprocess\nsubprocess.Popen(['sleep', '600'])\nos.kill(os.getpid(), signal.SIGKILL)",
}


def _returned(kit: Path, *, wrong_first: bool = False, extra: str = "") -> dict[str, Any]:
    """Lesson 01 as a student returns it: every answer from the solutions (the first one wrong if asked),
    and an extra cell at the end; the lesson's own cells left out (they run under nbval)."""
    notebook: dict[str, Any] = json.loads((kit / "student" / f"{LESSON_01.name}.ipynb").read_text(encoding="utf-8"))
    start = [source(cell) for cell in notebook["cells"]].index(source(LESSON_01.heading))
    answers = [cell for cell in notebook["cells"] if "otter_answer_cell" in cell["metadata"].get("tags", [])]
    for cell, exercise in zip(answers, LESSON_01.exercises, strict=True):
        cell["source"] = exercise.answer
    if wrong_first:
        answers[0]["source"] += "\nanswer = []"
    extra_cell: dict[str, Any] = {
        "cell_type": "code",
        "metadata": {},
        "source": extra,
        "outputs": [],
        "execution_count": None,
    }
    notebook["cells"] = notebook["cells"][:1] + notebook["cells"][start:] + [extra_cell]
    return notebook


def _broken(kit: Path) -> dict[str, str]:
    """Notebooks that cannot be graded, by file name: none of them runs."""
    no_kit = _returned(kit)
    del no_kit["metadata"]["otter"]
    odd = _returned(kit)
    odd["metadata"]["otter"]["assignment_name"] = "../../class/autograder/01"
    return {
        '=HYPERLINK("x","click").ipynb': '{"cells": [',
        "no_kit.ipynb": json.dumps(no_kit),
        "odd_lesson.ipynb": json.dumps(odd),
    }


@pytest.fixture(scope="module")
def graded(kit: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One grading run over a good notebook and the hostile and broken ones, as the README's command runs it."""
    folder = tmp_path_factory.mktemp("grading")
    returned, table = folder / "returned", folder / "grades.csv"
    returned.mkdir()
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        listener.setblocking(False)
        places = {
            "RETURNED": returned,
            "AUTOGRADERS": kit / "autograder",
            "STOLEN": folder / "stolen.zip",
            "OUTSIDE": folder / "outside.txt",
            "PORT": listener.getsockname()[1],
            "PWNED": folder / "pwned",
        }
        extras = {name: code for name, code in HOSTILE.items()}
        for place, value in places.items():
            extras = {name: code.replace(place, repr(str(value))) for name, code in extras.items()}
        notebooks = {
            "alice.ipynb": _returned(kit),
            "forged.ipynb": _returned(kit, wrong_first=True, extra=extras["forged"]),
            "mallory.ipynb": _returned(kit, extra=extras["mallory"]),
            "zed.ipynb": _returned(kit),
            "dies.ipynb": _returned(kit, extra=extras["dies"]),
        }
        for name, notebook in notebooks.items():
            (returned / name).write_text(json.dumps(notebook), encoding="utf-8")
        for name, text in _broken(kit).items():
            (returned / name).write_text(text, encoding="utf-8")
        zed = (returned / "zed.ipynb").read_bytes()
        autograders = sorted((kit / "autograder").iterdir())
        argv = ["grade", str(returned), "--autograders", str(kit / "autograder"), "--out", str(table)]
        status = main([*argv, "--timeout", "300"])
        try:
            listener.accept()
            reached = True
        except BlockingIOError:
            reached = False
    rows = {row["submission"]: row for row in csv.DictReader(table.open(encoding="utf-8"))}
    return {
        "status": status,
        "rows": rows,
        "places": places,
        "reached": reached,
        "zed_untouched": (returned / "zed.ipynb").read_bytes() == zed,
        "autograders_untouched": sorted((kit / "autograder").iterdir()) == autograders,
    }


def _full_marks(lesson: Lesson) -> dict[str, str]:
    full = str(len(lesson.exercises))  # the last exercise too, once checked before the cell that keeps its answer
    return dict.fromkeys((e.question for e in lesson.exercises), "1") | {"total": full, "possible": full, "problem": ""}


def test_a_good_notebook_scores_full_marks_beside_the_hostile_ones(graded: dict[str, Any]) -> None:
    assert graded["rows"]["alice.ipynb"] == {"submission": "alice.ipynb", "lesson": LESSON_01.name} | _full_marks(
        LESSON_01
    )


def test_a_patched_grader_in_the_notebook_cannot_forge_its_score(graded: dict[str, Any]) -> None:
    forged = graded["rows"]["forged.ipynb"]
    assert (forged["exercise_1"], forged["total"], forged["problem"]) == ("0", "3", "")
    assert not graded["places"]["PWNED"].exists()


def test_a_notebook_cannot_rewrite_a_classmates(graded: dict[str, Any]) -> None:
    assert graded["zed_untouched"]
    assert graded["rows"]["zed.ipynb"] | {"submission": "", "lesson": ""} == {"submission": "", "lesson": ""} | (
        _full_marks(LESSON_01)
    )


def test_a_notebook_cannot_read_the_hidden_tests_write_outside_or_reach_the_network(graded: dict[str, Any]) -> None:
    assert graded["autograders_untouched"]
    assert not graded["places"]["STOLEN"].exists()
    assert not graded["places"]["OUTSIDE"].exists()
    assert not graded["reached"]
    assert graded["rows"]["mallory.ipynb"]["total"] == "4"


def test_a_notebook_whose_kernel_dies_gets_its_own_row(graded: dict[str, Any]) -> None:
    assert graded["rows"]["dies.ipynb"]["problem"] == "its notebook died (signal 9); not graded"
    assert graded["rows"]["dies.ipynb"]["total"] == ""


def test_broken_notebooks_get_their_own_rows_and_a_failing_exit_status(graded: dict[str, Any]) -> None:
    rows = graded["rows"]
    assert graded["status"] == 1
    assert rows['\'=HYPERLINK("x","click").ipynb']["problem"].startswith("not a notebook: ")
    assert rows["no_kit.ipynb"]["problem"] == "not a student notebook of the class kit (no lesson in its metadata)"
    assert rows["odd_lesson.ipynb"]["problem"] == "its lesson name '../../class/autograder/01' is not one of the kit's"


def test_a_notebook_that_runs_over_is_stopped(kit: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without the sandbox too: the loop and the process it started are ended at the time limit."""
    (tmp_path / "returned").mkdir()
    loop = _returned(kit, extra="import subprocess\nsubprocess.Popen(['sleep', '600'])\nwhile True:\n    pass")
    (tmp_path / "returned" / "loop.ipynb").write_text(json.dumps(loop), encoding="utf-8")
    table = tmp_path / "grades.csv"
    argv = ["grade", str(tmp_path / "returned"), "--autograders", str(kit / "autograder"), "--out", str(table)]
    assert main([*argv, "--timeout", "3", "--no-sandbox"]) == 1
    (row,) = csv.DictReader(table.open(encoding="utf-8"))
    assert row["problem"] == "its notebook ran over its time limit; not graded"
    assert "loop.ipynb: its notebook ran over" in capsys.readouterr().err


def test_grading_refuses_without_bubblewrap(
    kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "returned").mkdir()
    (tmp_path / "returned" / "a.ipynb").write_text("{}", encoding="utf-8")
    monkeypatch.setenv("PATH", str(tmp_path))
    argv = ["grade", str(tmp_path / "returned"), "--autograders", str(kit / "autograder"), "--out", str(tmp_path / "g")]
    assert main(argv) == 2
    assert "sudo apt-get install bubblewrap" in capsys.readouterr().err
    assert not (tmp_path / "g").exists()


def test_the_checks_score_as_otters_runner_does(kit: Path, solved: dict[str, Env]) -> None:
    """The grader's own runner of the kit's test files agrees with otter's, on right and wrong answers."""
    meta = json.loads(zipfile.ZipFile(kit / "autograder" / f"{LESSON_01.name}.zip").read(KIT_FILE))
    folder = kit / "tests" / LESSON_01.name / "tests"
    tests = _tests(kit, LESSON_01)
    for exercise in LESSON_01.exercises:
        kept = solved[LESSON_01.name][exercise.question]
        for answers in [kept, {name: wrong(value) for name, value in kept.items()}, {}]:
            ours = score(folder / f"{exercise.question}.py", exercise.question, meta["setup"], answers)
            theirs = _grade(tests[exercise.question], solved[LESSON_01.name] | {exercise.question: answers})
            assert ours == (theirs, 1.0)


def _notebook(*cells: tuple[str, str]) -> dict[str, Any]:
    return {"cells": [{"cell_type": kind, "metadata": {}, "source": text} for kind, text in cells]}


EXERCISE_1 = (("markdown", "## Exercises"), ("markdown", "### Exercise 1: Six"), ("code", "# Your answer here"))
LESSON = _notebook(*EXERCISE_1)


@pytest.mark.parametrize(
    ("solutions", "message"),
    [
        (_notebook(("markdown", "### Exercise 1: Seven"), ("code", "n = 6\nassert n == 6")), "titled 'Six'"),
        (_notebook(("markdown", "### Exercise 2: Six"), ("code", "n = 6\nassert n == 6")), r"exercises \[1\]"),
        (_notebook(("code", "n = 6")), "no '### Exercise N: title'"),
    ],
)
def test_exercises_that_do_not_pair_raise(solutions: dict[str, Any], message: str) -> None:
    with pytest.raises(ClassKitError, match=message):
        read_lesson("lesson", copy.deepcopy(LESSON), solutions)


@pytest.mark.parametrize(
    ("solution", "reason"),
    [
        (["n = 6\nprint(n)"], "no check"),
        (["n = 6\nassert 6 == 6"], "no check"),
        (["n = 6\nassert n == 6", "n = 7"], ""),
        (["n = 6\n\n\ndef check_1(m):\n    assert m == 6\n\n\ncheck_1(n)"], ""),
    ],
)
def test_an_exercise_that_checks_nothing_is_left_ungraded(solution: list[str], reason: str) -> None:
    solutions = _notebook(("markdown", "### Exercise 1: Six"), *(("code", text) for text in solution))
    (exercise,) = read_lesson("lesson", copy.deepcopy(LESSON), solutions).exercises
    assert exercise.ungraded.startswith(reason)
