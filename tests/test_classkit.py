"""The class kit: ``make student`` builds offline; the solutions score full marks on every
exercise, a wrong answer less, and a student notebook with its answers left empty runs,
its checks saying "not yet". The checks run in process against the autograder zips' tests;
grading runs once through the README's command, each notebook sandboxed, a good notebook beside
hostile and broken ones.
"""

from __future__ import annotations

import contextlib
import copy
import csv
import io
import json
import re
import socket
import tempfile
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from IPython.display import display
from otter.nbmeta_config import NBMetadataConfig
from otter.test_files import TestFile, create_test_file

from cardcommons.classkit import grade as grading
from cardcommons.classkit.__main__ import main
from cardcommons.classkit.assign import KIT_FILE, NOT_YET, keep, lessons, looks_at
from cardcommons.classkit.check_answers import score
from cardcommons.classkit.data import dumps, loads
from cardcommons.classkit.exercises import Exercise, Lesson, read_lesson, source
from cardcommons.classkit.sandbox import Limits, Sandbox
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


@pytest.fixture(scope="module")
def solution_checks(kit: Path, solved: dict[str, Env]) -> Callable[[Lesson, Exercise], TestFile]:
    """An exercise's check, run once on its solution (lesson 09's exercise 2 costs seconds): graded by one test,
    its public cases read by another."""
    done: dict[tuple[str, str], TestFile] = {}

    def check(lesson: Lesson, exercise: Exercise) -> TestFile:
        key = (lesson.name, exercise.question)
        if key not in done:
            done[key] = _tests(kit, lesson)[exercise.question]
            done[key].run(solved[lesson.name])
        return done[key]

    return check


@pytest.mark.parametrize(("lesson", "exercise"), _exercises())
def test_the_solution_scores_full_marks(
    solution_checks: Callable[[Lesson, Exercise], TestFile], lesson: Lesson, exercise: Exercise
) -> None:
    assert float(solution_checks(lesson, exercise).grade) == 1


def _through_data(value: Any) -> Any:
    """A value as the checks' sandbox gets it: written as data and read back; a function called through data."""
    if callable(value) and not isinstance(value, type):
        function: Callable[..., Any] = value
        return lambda *args, **kwargs: loads(dumps(function(*loads(dumps(args)), **loads(dumps(kwargs)))))
    return loads(dumps(value))


@pytest.mark.parametrize(("lesson", "exercise"), _exercises())
def test_the_solution_scores_full_marks_with_its_answers_as_data(
    kit: Path, solved: dict[str, Env], lesson: Lesson, exercise: Exercise
) -> None:
    """Every answer, every argument a check passes a function answer and every result crosses as data."""
    kept = solved[lesson.name][exercise.question]
    crossed = {name: _through_data(value) for name, value in kept.items()}
    assert _grade(_tests(kit, lesson)[exercise.question], solved[lesson.name] | {exercise.question: crossed}) == 1


@pytest.mark.parametrize(("lesson", "exercise"), _exercises())
def test_a_wrong_answer_scores_less(kit: Path, solved: dict[str, Env], lesson: Lesson, exercise: Exercise) -> None:
    answered = solved[lesson.name]
    tests = _tests(kit, lesson)
    kept = answered[exercise.question]
    everything = {name: wrong(kept[name]) for name in exercise.names}
    one_by_one = [{name: wrong(kept[name])} for name in exercise.names]  # all wrong alike may still agree
    scores = (  # graded one by one until one scores less: a check can cost seconds
        _grade(tests[exercise.question], answered | {exercise.question: kept | w}) for w in [everything, *one_by_one]
    )
    assert any(score < 1 for score in scores), "every wrong answer scored full marks"
    left_empty = kept | dict.fromkeys(exercise.names, ...)
    assert _grade(tests[exercise.question], answered | {exercise.question: left_empty}) == 0


@pytest.mark.parametrize(("lesson", "exercise"), _exercises())
def test_every_name_a_check_reads_is_named_in_the_exercise_text(lesson: Lesson, exercise: Exercise) -> None:
    """A student learns from the exercise what to set ("Set `answer` to ..."): no right answer scores 0
    for a name the text never asked for."""
    text = "\n".join(source(cell) for cell in exercise.prompt)
    assert [name for name in exercise.names if f"`{name}`" not in text] == []


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


def test_a_renamed_copy_checks_as_the_original_and_a_check_that_cannot_start_says_why(
    kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """ "Make a copy" in Jupyter gives ``…-Copy1.ipynb``: its checks find their tests by the lesson; a notebook
    run away from its folder gets one line that says why its check cannot start."""
    notebook = json.loads((kit / "student" / f"{LESSON_01.name}.ipynb").read_text(encoding="utf-8"))
    first, check = [source(cell) for cell in notebook["cells"] if "grader" in source(cell)][:2]
    (tmp_path / "copied").mkdir()
    (tmp_path / "copied" / f"{LESSON_01.name}-Copy1.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    reports = []
    for folder in ("copied", "elsewhere"):
        (tmp_path / folder).mkdir(exist_ok=True)
        monkeypatch.chdir(tmp_path / folder)
        env: Env = {"answer": ...}
        exec(first, env)
        *before, last = check.splitlines()
        exec("\n".join(before), env)
        reports.append(str(eval(last, env)))
    assert reports[0] == "exercise_1: not yet: set answer."
    assert reports[1] == (
        f"exercise_1: the check cannot start: no notebook of lesson {LESSON_01.name} in the folder this one runs in "
        f"({tmp_path / 'elsewhere'}); open the notebook from its own folder. Your teacher's grading does not need it."
    )
    capsys.readouterr()


def _public(test: TestFile, env: Env | None = None) -> list[tuple[str, bool]]:
    """Each public test case of a question, run on ``env`` (else as last run): its failure message and whether
    it passed. On ``env`` the public cases run alone: they come first, so the hidden ones (lesson 09's exercise 2
    enumerates every world again, seconds) change none of their results."""
    if env is not None:
        test = copy.copy(test)
        test.test_cases = [case for case in test.test_cases if not case.hidden]
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
    kit: Path,
    solved: dict[str, Env],
    solution_checks: Callable[[Lesson, Exercise], TestFile],
    lesson: Lesson,
    exercise: Exercise,
) -> None:
    """The solution passes every public test; the common wrong answer fails its own, with its reason."""
    answered = solved[lesson.name]
    assert all(passed for _, passed in _public(solution_checks(lesson, exercise)))
    test = _tests(kit, lesson)[exercise.question]
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


TEACHERS = NOTEBOOKS / "teachers"
KEYS = [
    pytest.param(notes, id=notes.stem)
    for notes in sorted(TEACHERS.glob("[0-9][0-9]_*.md"))
    if (NOTEBOOKS / "solutions" / f"{notes.stem}_solutions.ipynb").exists()
]
MEASURED = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+\.\d+|\d+%)(?![\w])")
"""A number a run prints: thousands, decimals, percentages (a key's counts by hand are checked by the solutions)."""


def _section(page: Path, heading: str) -> str:
    """The text of a page's ``## heading`` section."""
    text = page.read_text(encoding="utf-8")
    start = text.index(f"## {heading}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else len(text)]


def _printed(path: Path) -> str:
    """Every text output of a notebook, thousands written without their commas."""
    texts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        for output in cell.get("outputs", []):
            shown = [output.get("text", "")] + [v for k, v in output.get("data", {}).items() if k.startswith("text/")]
            texts += ["".join(text) if isinstance(text, list) else text for text in shown]
    return "\n".join(texts).replace(",", "")


@pytest.mark.parametrize("notes", KEYS)
def test_a_teachers_key_quotes_the_numbers_its_solutions_print(notes: Path) -> None:
    """Every measured number of the answer key (but a formula's, in backticks) is one the lesson or its
    solutions print: a key cannot drift from what is graded."""
    key = re.sub(r"`[^`]*`", "", _section(notes, "Answer key"))
    printed = _printed(NOTEBOOKS / "solutions" / f"{notes.stem}_solutions.ipynb") + _printed(
        NOTEBOOKS / f"{notes.stem}.ipynb"
    )
    quoted = MEASURED.findall(key)
    drifted = [n for n in quoted if not re.search(rf"(?<![\d.]){re.escape(n.replace(',', ''))}(?!\d)", printed)]
    assert drifted == []


@pytest.mark.parametrize("notes", KEYS)
def test_a_teachers_page_answers_its_quiz_questions(notes: Path) -> None:
    def items(heading: str) -> list[str]:
        return re.findall(r"^(\d+)\. ", _section(notes, heading), re.MULTILINE)

    assert len(items("Quiz questions")) >= 2
    assert items("Quiz answers") == items("Quiz questions")


def test_the_teachers_notes_stay_out_of_the_student_copies(kit: Path) -> None:
    assert (NOTEBOOKS / "teachers" / "README.md").exists()
    assert not list((kit / "student").rglob("*teachers*"))
    assert all("](teachers/" not in path.read_text(encoding="utf-8") for path in (kit / "student").glob("*.ipynb"))


LESSON_01 = next(lesson for lesson in LESSONS if lesson.name.startswith("01_"))
LIMITS = ["--timeout", "60", "--memory", "1024", "--disk", "16", "--processes", "64"]
"""The hostile class's limits: small enough that an attack on them is cheap to try."""
CANARY = "classkit-canary-7f3a"
"""A secret in the grader's environment, which no notebook may read."""
WRONG_1 = 'exercise_1 = {"answer": []}'
"""Exercise 1 of lesson 01 answered wrong: what a notebook keeps when its attack found nothing."""
HOSTILE = {
    # otter's runner, the grader's own checks and pickle patched inside the notebook, exercise 1 wrong
    "forged": """
WRONG_1
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
    # a score line on stdout, stderr and every pipe a function answer holds, then its exit; exercise 1 wrong
    "stdout": """
import json
import os
import sys


def winners(hands, pack):
    forged = (json.dumps({"exercise_1": [1000000, 1], "exercise_4": [1000000, 1]}) + "\\n").encode()
    for fd in range(1, 256):
        try:
            os.write(fd, forged)
        except OSError:
            pass
    os._exit(0)


print(json.dumps({"exercise_1": [1000000, 1]}), file=sys.stderr)
exercise_4 = {"winners": winners}
WRONG_1
""",
    # a wrong function that, once called, replaces every check and assert it can reach through its callers' frames
    "frames": """
import builtins
import sys


def winners(hands, pack):
    frame = sys._getframe(1)
    while frame is not None:
        for name in ("check", "passes", "score"):
            if name in frame.f_globals:
                frame.f_globals[name] = lambda *args, **kwargs: (1.0, 1.0)
        frame = frame.f_back
    builtins.AssertionError = type("Never", (Exception,), {})
    return []


exercise_4 = {"winners": winners}
""",
    # answers whose == is always true: its own class, an engine type's subclass disguised as the engine's own
    "always_equal": """
from cardcommons import Pack


class Always:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


class Disguised(Pack):
    __eq__ = Always.__eq__
    __hash__ = Pack.__hash__


Disguised.__module__, Disguised.__qualname__ = Pack.__module__, Pack.__qualname__
exercise_1 = {"answer": Always()}
exercise_2 = dict(exercise_2, split_pack=Disguised(lowest=9, jokers=0, ace_low=True))
exercise_4 = {"winners": lambda hands, pack: Always()}
""",
    # looks for the hidden tests and the teacher's secrets; answers exercise 1 right only if it found one
    "spy": """
right = exercise_1
WRONG_1
import glob
import os
from pathlib import Path

found = []
for pattern in [AUTOGRADERS + "/*", "/tmp/**/exercise_*.py", "/run/**/exercise_*.py", "/**/classkit.json"]:
    for path in glob.glob(pattern, recursive=pattern.startswith(("/tmp", "/run"))):
        try:
            found.append(Path(path).read_bytes())
        except OSError:
            pass
for path in glob.glob("/proc/*/environ"):
    try:
        if CANARY.encode() in Path(path).read_bytes():
            found.append(path)
    except OSError:
        pass
if CANARY in str(dict(os.environ)):
    found.append("environ")
if found:
    exercise_1 = {"answer": ["A♠", "A♥", "K♠"]}
""",
    # more than its disk, its memory and its processes allow; each exercise right only where a limit did not hold
    "hoarder": """
right = exercise_1
WRONG_1
import os
import subprocess
import sys


def wrote_more_than_its_disk():
    for folder in ("/tmp", os.path.expanduser("~"), "/dev/shm", "."):
        try:
            with open(os.path.join(folder, "big"), "wb") as file:
                for _ in range(64):
                    file.write(bytes(2**20))
            return True
        except OSError:
            pass
    return False


def holding(megabytes):
    code = f"import sys; held = bytearray({megabytes} * 2**20); print(1, flush=True); sys.stdin.read()"
    pipes = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    children = [subprocess.Popen([sys.executable, "-c", code], **pipes) for _ in range(3)]
    held = sum(child.stdout.read(1) == b"1" for child in children)
    for child in children:
        child.stdin.close()
    return held


def forked(count):
    done = 0
    release, hold = os.pipe()
    for _ in range(count):
        try:
            if os.fork() == 0:
                os.close(hold)
                os.read(release, 1)
                os._exit(0)
        except OSError:
            break
        done += 1
    os.close(hold)
    os.close(release)
    return done


if wrote_more_than_its_disk():
    exercise_1 = right
exercise_2 = exercise_2 if holding(400) == 3 else {}
exercise_3 = exercise_3 if forked(100) == 100 else {}
""",
    # pipes named like the answers, 3,000 nested folders, a flood on stdout: graded as the honest answers
    "fifo": """
import os

for folder in (os.path.expanduser("~"), "/tmp", "."):
    for name in ("answers.json", "answers.pickle", "notebook.json", "classkit.json"):
        try:
            os.mkfifo(os.path.join(folder, name))
        except OSError:
            pass
here = os.getcwd()
for _ in range(3000):
    os.mkdir("d")
    os.chdir("d")
os.chdir(here)
for _ in range(100):
    os.write(1, bytes(2**20))
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
    "bloated": 'exercise_1 = {"answer": "x" * 70 * 2**20}',
    "dies": """
import os
import signal
import subprocess

subprocess.Popen(["sleep", "607.25"])
os.kill(os.getpid(), signal.SIGKILL)
""",
}
HONEST = {"forged": 3, "stdout": 2, "frames": 3, "always_equal": 1, "spy": 3, "hoarder": 1, "fifo": 4, "mallory": 4}
"""What each hostile notebook's honest answers earn (the attack aside), if its limits hold."""


def _returned(kit: Path, *, extra: str = "") -> dict[str, Any]:
    """Lesson 01 as a student returns it: every answer from the solutions, and an extra cell at the end;
    the lesson's own cells left out (they run under nbval)."""
    notebook: dict[str, Any] = json.loads((kit / "student" / f"{LESSON_01.name}.ipynb").read_text(encoding="utf-8"))
    start = [source(cell) for cell in notebook["cells"]].index(source(LESSON_01.heading))
    answers = [cell for cell in notebook["cells"] if "otter_answer_cell" in cell["metadata"].get("tags", [])]
    for cell, exercise in zip(answers, LESSON_01.exercises, strict=True):
        cell["source"] = exercise.answer
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


def _processes(marker: str) -> int:
    """How many processes of this machine have ``marker`` in their command line."""
    count = 0
    for place in Path("/proc").glob("[0-9]*/cmdline"):
        with contextlib.suppress(OSError):
            count += marker.encode() in place.read_bytes()
    return count


@pytest.fixture(scope="module")
def graded(kit: Path, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One grading run over good, hostile and broken notebooks, as the README's command runs it."""
    folder = tmp_path_factory.mktemp("grading")
    returned, table = folder / "returned", folder / "grades.csv"
    returned.mkdir()
    with socket.socket() as listener, pytest.MonkeyPatch.context() as patch:
        patch.setenv("CLASSKIT_CANARY", CANARY)
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
            "WRONG_1": WRONG_1,
            "CANARY": CANARY,
        }
        notebooks = {"alice.ipynb": _returned(kit), "zed.ipynb": _returned(kit), "alice-Copy1.ipynb": _returned(kit)}
        for name, code in HOSTILE.items():
            for place, value in places.items():
                code = code.replace(place, value if place == "WRONG_1" else repr(str(value)))
            notebooks[f"{name}.ipynb"] = _returned(kit, extra=code)
        for name, notebook in notebooks.items():
            (returned / name).write_text(json.dumps(notebook), encoding="utf-8")
        for name, text in _broken(kit).items():
            (returned / name).write_text(text, encoding="utf-8")
        zed = (returned / "zed.ipynb").read_bytes()
        autograders = sorted((kit / "autograder").iterdir())
        argv = ["grade", str(returned), "--autograders", str(kit / "autograder"), "--out", str(table), *LIMITS]
        with contextlib.redirect_stderr(io.StringIO()) as said:
            status = main(argv)
        try:
            listener.accept()
            reached = True
        except BlockingIOError:
            reached = False
    rows = {row["submission"]: row for row in csv.DictReader(table.open(encoding="utf-8"))}
    return {
        "status": status,
        "said": said.getvalue(),
        "rows": rows,
        "places": places,
        "reached": reached,
        "zed_untouched": (returned / "zed.ipynb").read_bytes() == zed,
        "autograders_untouched": sorted((kit / "autograder").iterdir()) == autograders,
        "left": sorted(p.name for p in Path(tempfile.gettempdir()).glob("classkit-*")),
        "sleeping": _processes("607.25"),
    }


def _full_marks(lesson: Lesson) -> dict[str, str]:
    full = str(len(lesson.exercises))  # the last exercise too, once checked before the cell that keeps its answer
    return dict.fromkeys((e.question for e in lesson.exercises), "1") | {"total": full, "possible": full, "problem": ""}


def test_a_good_notebook_scores_full_marks_beside_the_hostile_ones(graded: dict[str, Any]) -> None:
    for name in ("alice.ipynb", "alice-Copy1.ipynb"):  # a copy made in Jupyter ("Make a copy") grades alike
        assert graded["rows"][name] == {"submission": name, "lesson": LESSON_01.name} | _full_marks(LESSON_01)


@pytest.mark.parametrize("name", sorted(HONEST))
def test_a_hostile_notebook_earns_what_its_honest_answers_earn(graded: dict[str, Any], name: str) -> None:
    """Whatever it writes, patches, forges, spies on or hoards, a notebook scores what its answers earn;
    where the machine lets the grader set no limit on memory or processes (said at the top), the hoarder's
    children hold what they took, and the exercise that says so is right."""
    row = graded["rows"][f"{name}.ipynb"]
    unlimited = {
        "exercise_2": "memory for the whole sandbox" in graded["said"],
        "exercise_3": "the number of processes" in graded["said"],
    }
    earned = HONEST[name] + (sum(unlimited.values()) if name == "hoarder" else 0)
    assert (row["total"], row["problem"]) == (str(earned), "")
    if name == "hoarder":
        held = [str(int(unset)) for unset in unlimited.values()]
        assert [row[q] for q in ("exercise_1", "exercise_2", "exercise_3")] == ["0", *held]
    assert not graded["places"]["PWNED"].exists()


def test_the_limits_not_set_are_said_once_at_the_top(graded: dict[str, Any]) -> None:
    said = graded["said"].splitlines()
    limits = [line for line in said if line.startswith("classkit: not limited on this machine: ")]
    assert said[: len(limits)] == limits and len(set(limits)) == len(limits)


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


def test_grading_leaves_no_folder_and_no_process_behind(graded: dict[str, Any]) -> None:
    assert graded["left"] == []
    assert graded["sleeping"] == 0


def test_a_notebook_whose_kernel_dies_or_hands_over_too_much_gets_its_own_row(graded: dict[str, Any]) -> None:
    rows = graded["rows"]
    dies = rows["dies.ipynb"]
    assert (dies["problem"], dies["total"]) == ("its notebook died (signal 9); not graded", "")
    assert rows["bloated.ipynb"]["problem"] == "its notebook handed over more than 64 MiB of answers; not graded"


def test_broken_notebooks_get_their_own_rows_and_a_failing_exit_status(graded: dict[str, Any]) -> None:
    rows = graded["rows"]
    assert graded["status"] == 1
    assert rows['\'=HYPERLINK("x","click").ipynb']["problem"].startswith("not a notebook: ")
    assert rows["no_kit.ipynb"]["problem"] == "not a student notebook of the class kit (no lesson in its metadata)"
    assert rows["odd_lesson.ipynb"]["problem"] == "its lesson name '../../class/autograder/01' is not one of the kit's"


def test_without_the_sandbox_a_notebook_that_runs_over_is_stopped_and_its_folders_removed(
    kit: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The loop and the process it started end at the time limit; a function answer that never returns
    costs its exercise; the FIFOs and 3,000 nested folders a notebook leaves in its folder are removed."""
    (tmp_path / "returned").mkdir()
    loop = _returned(kit, extra="import subprocess\nsubprocess.Popen(['sleep', '600'])\nwhile True:\n    pass")
    stuck = HOSTILE["fifo"].replace("range(100)", "range(0)") + (
        "\nimport time\n\n\ndef winners(hands, pack):\n    time.sleep(600)\n\n\nexercise_4 = {'winners': winners}"
    )
    for name, notebook in {"loop.ipynb": loop, "stuck.ipynb": _returned(kit, extra=stuck)}.items():
        (tmp_path / "returned" / name).write_text(json.dumps(notebook), encoding="utf-8")
    table = tmp_path / "grades.csv"
    argv = ["grade", str(tmp_path / "returned"), "--autograders", str(kit / "autograder"), "--out", str(table)]
    assert main([*argv, "--timeout", "3", "--no-sandbox"]) == 1
    rows = {row["submission"]: row for row in csv.DictReader(table.open(encoding="utf-8"))}
    assert rows["loop.ipynb"]["problem"] == "its notebook ran over its time limit; not graded"
    assert [rows["stuck.ipynb"][key] for key in ("exercise_4", "total", "problem")] == ["0", "3", ""]
    said = capsys.readouterr().err
    assert "loop.ipynb: its notebook ran over" in said
    assert said.startswith("classkit: not limited on this machine: the sandbox (--no-sandbox")
    assert not list(Path(tempfile.gettempdir()).glob("classkit-*"))


def test_the_table_is_written_as_each_row_is_done(kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A crash late in the run loses nothing graded before it; a notebook the grader trips on costs its row."""
    for name in ("a", "b", "c", "d"):
        (tmp_path / f"{name}.ipynb").write_text("{}", encoding="utf-8")

    def grade_one(path: Path, autograders: Path, sandbox: Sandbox) -> dict[str, str]:
        if path.stem == "b":
            raise RecursionError("maximum recursion depth exceeded")
        if path.stem == "d":
            raise KeyboardInterrupt
        return {"submission": path.name, "total": "1"}

    monkeypatch.setattr(grading, "grade_one", grade_one)
    table = tmp_path / "grades.csv"
    with pytest.raises(KeyboardInterrupt):
        grading.grade_with(tmp_path, kit / "autograder", table, Sandbox(Limits(sandbox=False), None))
    rows = list(csv.DictReader(table.open(encoding="utf-8")))
    assert [(row["submission"], row["total"], row["problem"]) for row in rows] == [
        ("a.ipynb", "1", ""),
        ("b.ipynb", "", "the grader failed on it: RecursionError('maximum recursion depth exceeded')"),
        ("c.ipynb", "1", ""),
    ]


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


def test_grading_stops_at_once_with_bwraps_reason_when_it_cannot_start(
    kit: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bwrap that cannot start (a container without user namespaces): its own words, and what to do."""
    (tmp_path / "returned").mkdir()
    (tmp_path / "returned" / "a.ipynb").write_text("{}", encoding="utf-8")
    bwrap = tmp_path / "bin" / "bwrap"
    bwrap.parent.mkdir()
    bwrap.write_text("#!/bin/sh\necho 'bwrap: No permissions to create new namespace' >&2\nexit 1\n")
    bwrap.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bwrap.parent}:/usr/bin:/bin")
    argv = ["grade", str(tmp_path / "returned"), "--autograders", str(kit / "autograder"), "--out", str(tmp_path / "g")]
    assert main(argv) == 2
    said = capsys.readouterr().err
    assert "bwrap says 'bwrap: No permissions to create new namespace'" in said
    assert "kernel.unprivileged_userns_clone=1" in said and "otter's Docker container" in said
    assert said.count("\n") == 1 and not (tmp_path / "g").exists()


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
