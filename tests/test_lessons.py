"""The lessons follow the course's conventions: an objectives cell, guess-first
questions, exercises with empty answer cells and solutions that assert, checked
cells tagged (no test marker in sight), pictures instead of reprs, numbers in
prose that a cell computes, links that resolve, and a reading pace.

Lessons are ``notebooks/NN_*.ipynb`` and ``notebooks/appendix_cheat_sheet.ipynb``;
solutions are ``notebooks/solutions/NN_<lesson>_solutions.ipynb``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
SOLUTIONS = NOTEBOOKS / "solutions"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + [NOTEBOOKS / "appendix_cheat_sheet.ipynb"]
WITH_EXERCISES = [path for path in LESSONS if path.name[:2].isdigit() and path.name[:2] != "00"]
EVERY_NOTEBOOK = LESSONS + sorted(SOLUTIONS.glob("*.ipynb"))

MAX_WORDS = 1800
"""Words of markdown prose per lesson, exercises aside."""


def _lessons(paths: list[Path]) -> list[Any]:
    return [pytest.param(path, id=path.stem) for path in paths]


def _cells(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def _source(cell: dict[str, Any]) -> str:
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _markdown(path: Path) -> list[str]:
    return [_source(cell) for cell in _cells(path) if cell["cell_type"] == "markdown"]


def _output_texts(cell: dict[str, Any]) -> Iterator[tuple[str, bool]]:
    """Each output's text, and whether it is plain text only (no picture)."""
    for output in cell.get("outputs", []):
        if "text" in output:
            text = output["text"]
            yield (text if isinstance(text, str) else "".join(text)), True
        for kind, data in output.get("data", {}).items():
            if kind.startswith("text/"):
                yield (data if isinstance(data, str) else "".join(data)), set(output["data"]) == {"text/plain"}


def _exercise_bounds(cells: list[dict[str, Any]]) -> tuple[int, int]:
    """The index of the '## Exercises' cell and of the final navigation cell."""
    starts = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and _source(c).startswith("## Exercises")]
    return (starts[0] if starts else len(cells) - 1), len(cells) - 1


EXERCISE = re.compile(r"^### Exercise (\d+): (.+)$", re.MULTILINE)


def _exercises(path: Path) -> list[tuple[int, str, int]]:
    """(number, title, cell index) of each exercise of a lesson."""
    found = []
    for i, cell in enumerate(_cells(path)):
        match = EXERCISE.match(_source(cell)) if cell["cell_type"] == "markdown" else None
        if match:
            found.append((int(match[1]), match[2].strip(), i))
    return found


def solutions_of(lesson: Path) -> Path:
    return SOLUTIONS / f"{lesson.stem}_solutions.ipynb"


@pytest.mark.parametrize("path", _lessons(LESSONS))
def test_title_then_objectives(path: Path) -> None:
    cells = _cells(path)
    title, objectives = _source(cells[0]), _source(cells[1])
    assert re.search(r"^# (\d\d|Appendix) · \S", title, re.MULTILINE), "the first cell holds '# NN · Title'"
    assert cells[1]["cell_type"] == "markdown" and "## What you will learn" in objectives
    bullets = re.findall(r"^[-*] \S", objectives.split("## What you will learn", 1)[1], re.MULTILINE)
    assert 3 <= len(bullets) <= 5, f"3 to 5 objectives, not {len(bullets)}"
    assert re.search(r"^\*\*Prerequisites:\*\*", objectives, re.MULTILINE)
    assert re.search(r"^\*\*Time:\*\*", objectives, re.MULTILINE)


@pytest.mark.parametrize("path", _lessons(WITH_EXERCISES))
def test_a_guess_first_question_comes_before_a_computed_answer(path: Path) -> None:
    cells = _cells(path)
    guesses = [
        i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and _source(c).startswith("**Guess first:**")
    ]
    assert guesses, "at least one '**Guess first:**' question"
    assert all(cells[i + 1]["cell_type"] == "code" for i in guesses), "the answer is computed right after the question"


@pytest.mark.parametrize("path", _lessons(WITH_EXERCISES))
def test_exercises_each_with_a_hint_and_an_empty_answer_cell(path: Path) -> None:
    cells = _cells(path)
    start, end = _exercise_bounds(cells)
    assert start < end, "an '## Exercises' section before the final navigation cell"
    exercises = _exercises(path)
    assert 4 <= len(exercises) <= 5, f"4 to 5 exercises, not {len(exercises)}"
    assert [n for n, _, _ in exercises] == list(range(1, len(exercises) + 1))
    for number, _, i in exercises:
        assert start < i < end, f"exercise {number} sits in the Exercises section"
        assert re.search(r"^\*\*Hint:\*\*", _source(cells[i]), re.MULTILINE), f"exercise {number} has a hint"
        answer = cells[i + 1]
        assert answer["cell_type"] == "code" and _source(answer).strip() == "# Your answer here", number
        assert not answer.get("outputs"), f"exercise {number}'s answer cell is empty"


@pytest.mark.parametrize("path", _lessons(WITH_EXERCISES))
def test_every_exercise_has_a_solution_that_asserts(path: Path) -> None:
    solutions = solutions_of(path)
    assert solutions.exists(), f"{solutions.name} exists"
    cells = _cells(solutions)
    found = {number: (title, i) for number, title, i in _exercises(solutions)}
    for number, title, _ in _exercises(path):
        assert number in found, f"a solution to exercise {number}"
        assert found[number][0] == title, f"exercise {number} keeps its title"
        following = []
        for cell in cells[found[number][1] + 1 :]:
            if cell["cell_type"] == "markdown" and EXERCISE.match(_source(cell)):
                break
            following.append(cell)
        code = "\n".join(_source(c) for c in following if c["cell_type"] == "code")
        assert re.search(r"^\s*assert\b", code, re.MULTILINE), f"the solution to exercise {number} asserts"
        assert all(c.get("outputs") is not None for c in following if c["cell_type"] == "code")


@pytest.mark.parametrize("path", _lessons(WITH_EXERCISES))
def test_the_solutions_link_heads_the_exercises(path: Path) -> None:
    cells = _cells(path)
    start, _ = _exercise_bounds(cells)
    assert f"](solutions/{solutions_of(path).name})" in _source(cells[start])


PROBLEM_FIRST = ["01_cards_and_hands", "02_split_and_choose", "03_whisky_poker", "04_odds_in_shortened_packs"]
PROBLEM_FIRST += ["07_ranking_by_rarity"]
"""Lessons that open on a question to guess, before the objectives (issue 19, section 5); the labs join."""


@pytest.mark.parametrize("path", _lessons([p for p in WITH_EXERCISES if p.stem in PROBLEM_FIRST]))
def test_a_question_to_start_before_the_objectives(path: Path) -> None:
    assert "**A question to start.**" in _source(_cells(path)[0])


@pytest.mark.parametrize("path", _lessons(EVERY_NOTEBOOK))
def test_no_test_marker_in_a_cell(path: Path) -> None:
    marked = [_source(c) for c in _cells(path) if c["cell_type"] == "code" and "NBVAL_CHECK_OUTPUT" in _source(c)]
    assert not marked, "use the cell tag nbval-check-output"


REPR = re.compile(r"^[\s(\[{]*[A-Z]\w*\((?:[a-z_]\w*=|\)|children=)", re.MULTILINE)


@pytest.mark.parametrize("path", _lessons(EVERY_NOTEBOOK))
def test_no_output_is_a_bare_repr(path: Path) -> None:
    for cell in _cells(path):
        for text, plain_only in _output_texts(cell):
            if plain_only:
                assert not REPR.search(text), f"a picture, not a repr: {text[:120]!r}"


@pytest.mark.parametrize("path", _lessons(EVERY_NOTEBOOK))
def test_the_plain_text_beside_a_picture_reads_too(path: Path) -> None:
    """A page without HTML shows an output's plain text: no long dataclass repr there either."""
    for cell in _cells(path):
        for text, _ in _output_texts(cell):
            assert not (REPR.search(text) and len(text) > 300), f"a short plain text, not {text[:120]!r}..."


NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?%?")


def _strip_exempt(markdown: str) -> str:
    """Markdown without what the numbers rule exempts: code spans and blocks,
    link targets, exercise numbers, the reading-time line."""
    text = re.sub(r"```.*?```", " ", markdown, flags=re.DOTALL)
    text = re.sub(r"`[^`]*`", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)
    text = re.sub(r"^#+ (?:Exercise \d+|\d\d ·)", " ", text, flags=re.MULTILINE)
    return re.sub(r"^\*\*Time:\*\*.*$", " ", text, flags=re.MULTILINE)


def _numbers(text: str) -> set[str]:
    """The tokens the rule covers: two or more digits, a decimal point or a %,
    commas dropped; lesson numbers (00 to 09) aside."""
    found = set()
    for token in NUMBER.findall(text):
        token = token.rstrip(",").replace(",", "")
        digits = sum(ch.isdigit() for ch in token)
        if (digits >= 2 or "." in token or "%" in token) and not re.fullmatch(r"0\d", token):
            found.add(token)
    return found


def test_numbers_rule_on_a_sample() -> None:
    markdown = "Of `12` hands, 3,060 are high cards (5.8%); see [lesson 04](04_x.ipynb), 7 ranks.\n**Time:** 25 min"
    assert _numbers(_strip_exempt(markdown)) == {"3060", "5.8%"}


@pytest.mark.parametrize("path", _lessons(LESSONS))
def test_every_number_in_prose_is_computed(path: Path) -> None:
    cells = _cells(path)
    computed: set[str] = set()
    for cell in cells:
        if cell["cell_type"] == "code":
            computed |= _numbers(_source(cell))
            computed |= {n for text, _ in _output_texts(cell) for n in _numbers(text)}
    typed = {n for cell in cells if cell["cell_type"] == "markdown" for n in _numbers(_strip_exempt(_source(cell)))}
    assert not typed - computed, f"numbers in prose that no cell computes: {sorted(typed - computed)}"


LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("path", _lessons(LESSONS))
def test_navigation_and_links_resolve(path: Path) -> None:
    cells = _cells(path)
    for cell in (cells[0], cells[-1]):
        assert "](00_welcome.ipynb)" in _source(cell) or path.name == "00_welcome.ipynb", "a contents link"
        assert cell["cell_type"] == "markdown" and LINK.search(_source(cell)), "prev / contents / next links"
    for markdown in _markdown(path):
        for target in LINK.findall(markdown):
            if re.match(r"[a-z]+:", target) or target.startswith("#"):
                continue
            file = target.split("#")[0]
            assert (path.parent / file).exists(), f"{target} resolves"


@pytest.mark.parametrize("path", _lessons(LESSONS))
def test_prose_stays_short(path: Path) -> None:
    cells = _cells(path)
    start, _ = _exercise_bounds(cells)
    prose = [_source(c) for c in cells[:start] + cells[-1:] if c["cell_type"] == "markdown"]
    unlinked = [re.sub(r"\]\([^)]*\)", "]", text) for text in prose]
    words = sum(len(re.sub(r"<[^>]*>", " ", text).split()) for text in unlinked)  # an HTML tag is no word
    assert words <= MAX_WORDS, f"{words} words of prose, at most {MAX_WORDS}"


def test_the_glossary_defines_the_course_words() -> None:
    glossary = (NOTEBOOKS / "glossary.md").read_text(encoding="utf-8")
    words = ["pack", "table size", "category", "reading", "ranking", "rarity order", "ace-low", "Joker rule"]
    words += ["split", "reserve", "blind swap", "build", "spare", "knock"]
    for word in words:
        assert re.search(rf"^\*\*{re.escape(word)}\*\*", glossary, re.MULTILINE | re.IGNORECASE), word


REFUSING = [path.stem for path in WITH_EXERCISES]
"""Lessons whose solutions show each check refusing a wrong answer (issue 19, section 4); every lesson joins."""


@pytest.mark.parametrize("path", _lessons([p for p in WITH_EXERCISES if p.stem in REFUSING]))
def test_every_solution_shows_its_check_refusing_a_wrong_answer(path: Path) -> None:
    """Each solution defines a check, runs it on the answer, and runs it on a wrong
    answer through ``refuses`` (which fails unless the check does): nbval runs them."""
    cells = _cells(solutions_of(path))
    found = {number: i for number, _, i in _exercises(solutions_of(path))}
    for number, _, _ in _exercises(path):
        following = []
        for cell in cells[found[number] + 1 :]:
            if cell["cell_type"] == "markdown" and EXERCISE.match(_source(cell)):
                break
            following.append(_source(cell))
        code = "\n".join(following)
        assert re.search(r"^def check\(", code, re.MULTILINE), f"exercise {number} defines check()"
        assert re.search(r"^check\(", code, re.MULTILINE), f"exercise {number} runs its check on the answer"
        assert re.search(r"^refuses\(check, ", code, re.MULTILINE), f"exercise {number} shows a wrong answer refused"


@pytest.mark.parametrize("path", _lessons(EVERY_NOTEBOOK))
def test_committed_progress_bars_read_complete(path: Path) -> None:
    """A page without widgets shows a bar's text: it reads as the bar ended (:func:`cardcommons.progress.progress`)."""
    for cell in _cells(path):
        for output in cell.get("outputs", []):
            text = "".join(output.get("data", {}).get("text/plain", []))
            bar = re.match(r"[^|]*?(\d+)%\|", text)
            assert bar is None or bar[1] == "100", f"a bar left at {bar[1]}%: {text[:80]!r}"


HEADING = re.compile(r"^#{1,6} ")
OPENING_ANSWER = "opening-answer"
"""The tag of a cell whose output answers the lesson's opening question."""
ANSWERS_PRINTED = ["05_split_and_choose_lab", "06_whisky_poker_lab"]
"""Lessons whose opening question a cell answers with numbers (the labs; others join by tagging theirs)."""


def _shown(cell: dict[str, Any]) -> list[str]:
    """What a reader sees of a cell without running it: its prose, or its outputs."""
    return [_source(cell)] if cell["cell_type"] == "markdown" else [text for text, _ in _output_texts(cell)]


def _tags(cell: dict[str, Any]) -> list[str]:
    tags: list[str] = cell.get("metadata", {}).get("tags", [])
    return tags


@pytest.mark.parametrize("path", _lessons(LESSONS))
def test_the_student_copy_shows_no_answer_before_its_cell_runs(path: Path) -> None:
    """The student copy (the class kit's :func:`guess_cleared`) shows no output from a **Guess first**
    prompt to the next heading, and the numbers of the cell that answers the opening question nowhere
    before the student runs it: not in its own output, another output or the prose."""
    from cardcommons.classkit.assign import guess_cleared

    lesson = _cells(path)
    student = guess_cleared(lesson)
    guessing = False
    for index, cell in enumerate(student):
        if cell["cell_type"] == "markdown":
            for line in _source(cell).splitlines():
                guessing = "**Guess first:**" in line or (guessing and not HEADING.match(line))
        elif guessing:
            assert not cell.get("outputs"), f"cell {index}, under a guess-first prompt, shows its output"
    answers = [i for i, cell in enumerate(lesson) if OPENING_ANSWER in _tags(cell)]
    assert answers or path.stem not in ANSWERS_PRINTED, f"a cell tagged {OPENING_ANSWER!r}"
    for i in answers:
        assert not student[i].get("outputs"), f"cell {i} answers the opening question in plain view"
        said_before = {n for cell in lesson[:i] for text in _shown(cell) for n in _numbers(text)}
        answer = {n for text, _ in _output_texts(lesson[i]) for n in _numbers(text)} - said_before
        assert answer, f"cell {i} prints the numbers that answer the opening question"
        for index, cell in enumerate(student):
            repeated = answer & {n for text in _shown(cell) for n in _numbers(text)}
            assert not repeated, f"cell {index} shows the opening question's answer {sorted(repeated)}"
