"""The exercises of a lesson, paired with their solutions, and the checks read from the solutions' asserts.

A lesson's exercises follow a Markdown cell whose first line is ``## Exercises``; each
starts at a Markdown heading ``### Exercise N: title`` and holds its prompt and an answer
cell (a code cell of comments only, such as ``# Your answer here``). The solutions
notebook repeats each heading, with the same number and title, above the code and
prose that solve it; its code cells before the first heading are the exercises' setup.

In a solution, a top-level statement is a **check** when it asserts something, prints
nothing and binds no name that later code reads; everything else is the **answer**. The
names a check reads that the answer binds are what a student must define.

>>> split = split_solution(["n = 6 * 7\\nassert n == 42, 'six sevens'"])
>>> split.answer, split.checks, split.names
('n = 6 * 7', ("assert n == 42, 'six sevens'",), ('n',))
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cardcommons.errors import ClassKitError

Cell = dict[str, Any]
Notebook = dict[str, Any]

EXERCISES_HEADING = re.compile(r"^##\s+Exercises\s*$")
EXERCISE_HEADING = re.compile(r"^###\s+Exercise\s+(\d+)\s*:\s*(.+?)\s*$")
GUESS_PROMPT = re.compile(r"\*\*Guess first:\*\*")
NAVIGATION = re.compile(r"^\[←")


@dataclass(frozen=True)
class Split:
    """A solution cut in two: the answer code and the checks; the names the checks read from the
    answer, every name the answer binds, and every name the checks read."""

    answer: str
    checks: tuple[str, ...]
    names: tuple[str, ...]
    binds: frozenset[str]
    reads: frozenset[str]


@dataclass(frozen=True)
class Common:
    """A common wrong answer of an exercise, for its public test: the answer's ``name``, the
    ``wrong`` value as an expression that reads no answer, and ``why`` it is wrong.

    In a solution it is a ``refuses(check, wrong)  # why`` line, where the exercise's check
    takes one name (``check(name)``): the comment makes the wrong answer a common one.
    """

    name: str
    wrong: str
    why: str


@dataclass(frozen=True)
class Exercise:
    """One exercise: its prompt cells from the lesson, its answer, checks and explanations from the solutions.

    ``names`` are the names the checks read from the answer, in the order the answer binds them.
    An exercise with a reason (``ungraded``) has no check in the kit: the reason says why.
    ``kept`` are the names the checks read that some answer so far binds: the notebook keeps
    their values right after the exercise, since otter checks at the end, when a later
    exercise may have bound them again.
    """

    number: int
    title: str
    prompt: tuple[Cell, ...]
    answer: str
    checks: tuple[str, ...]
    names: tuple[str, ...]
    functions: tuple[str, ...]
    explanations: tuple[Cell, ...]
    binds: frozenset[str] = frozenset()
    ungraded: str = ""
    kept: tuple[str, ...] = ()
    commons: tuple[Common, ...] = ()

    @property
    def question(self) -> str:
        """The name ``grader.check`` takes: ``exercise_1``, ``exercise_2``...

        >>> Exercise(3, "t", (), "x = 1", ("assert x",), ("x",), (), ()).question
        'exercise_3'
        """
        return f"exercise_{self.number}"


@dataclass(frozen=True)
class Lesson:
    """A lesson cut in three: the cells before its exercises, the exercises, the cells after them."""

    name: str
    before: tuple[Cell, ...]
    heading: Cell
    setup: tuple[Cell, ...]
    exercises: tuple[Exercise, ...]
    after: tuple[Cell, ...]


def source(cell: Cell) -> str:
    """A cell's text, whether stored as one string or as a list of lines.

    >>> source({"source": ["a\\n", "b"]})
    'a\\nb'
    """
    text = cell.get("source", "")
    return text if isinstance(text, str) else "".join(text)


def _first_line(cell: Cell) -> str:
    lines = source(cell).strip().splitlines()
    return lines[0] if lines else ""


def _heading(cell: Cell) -> tuple[int, str] | None:
    if cell["cell_type"] != "markdown":
        return None
    match = EXERCISE_HEADING.match(_first_line(cell))
    return (int(match[1]), match[2]) if match else None


def is_placeholder(cell: Cell) -> bool:
    """Whether a code cell is an empty answer cell: blank lines and comments only.

    >>> is_placeholder({"cell_type": "code", "source": "# Your answer here"})
    True
    """
    return cell["cell_type"] == "code" and all(
        not line.strip() or line.lstrip().startswith("#") for line in source(cell).splitlines()
    )


def _sections(cells: Sequence[Cell], where: str) -> Iterator[tuple[int, str, list[Cell]]]:
    """Each exercise heading with the cells up to the next heading (or the closing navigation)."""
    current: tuple[int, str, list[Cell]] | None = None
    for cell in cells:
        heading = _heading(cell)
        if heading is not None:
            if current is not None:
                yield current
            current = (*heading, [cell])
        elif current is not None:
            current[2].append(cell)
    if current is None:
        raise ClassKitError(f"{where}: no '### Exercise N: title' heading")
    yield current


def _bound(node: ast.AST) -> set[str]:
    """The names a statement binds (assignments, loops, definitions, imports), not those inside a definition."""
    names: set[str] = set()
    stack = [node]
    while stack:
        child = stack.pop()
        if isinstance(child, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
            continue  # its variables stay inside
        if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store):
            names.add(child.id)
        elif isinstance(child, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in child.names)
        if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(child.name)
            stack += child.decorator_list
        else:
            stack += ast.iter_child_nodes(child)
    return names


def _read(node: ast.AST) -> set[str]:
    return {child.id for child in ast.walk(node) if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load)}


def _free(node: ast.AST) -> set[str]:
    """The names a statement reads that it does not bind anywhere inside (a comprehension, a parameter)."""
    stored = {child.id for child in ast.walk(node) if isinstance(child, ast.Name) and isinstance(child.ctx, ast.Store)}
    return _read(node) - stored - {child.arg for child in ast.walk(node) if isinstance(child, ast.arg)}


def _asserts(node: ast.AST) -> bool:
    return any(isinstance(child, ast.Assert) for child in ast.walk(node))


def _tests_a_check(statement: ast.stmt) -> bool:
    """``refuses(check, wrong)``: it shows the check failing on a wrong value; it checks no answer."""
    return "refuses" in _read(statement)


def _is_check(statement: ast.stmt, read_later: set[str], check_functions: set[str]) -> bool:
    if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) or _tests_a_check(statement):
        return False
    prints = any(isinstance(node, ast.Call) and _read(node.func) & {"print", "display"} for node in ast.walk(statement))
    checks = _asserts(statement) or bool(_read(statement) & check_functions)
    return checks and not prints and not _bound(statement) & read_later


def split_solution(cells: Sequence[str], where: str = "solution") -> Split:
    """A solution's code cells, cut into answer code, checks, and the names the checks read from the answer.

    A top-level function whose body asserts (``def check_1(answer): assert ...``) is a check
    function: it goes with each check that calls it, never into the answer.

    >>> split = split_solution(["def double(x):\\n    return 2 * x\\n\\n\\nassert double(2) == 4"])
    >>> split.names, split.checks
    (('double',), ('assert double(2) == 4',))
    >>> split = split_solution(["answer = 7\\n\\n\\ndef check_1(n):\\n    assert n % 7 == 0\\n\\n\\ncheck_1(answer)"])
    >>> split.answer, split.names, split.checks[0].splitlines()[-1]
    ('answer = 7', ('answer',), 'check_1(answer)')

    A ``refuses(check, wrong)`` line tests the check, not the answer: it is left out.

    >>> split = split_solution(
    ...     ["n = 2\\n\\n\\ndef check(n):\\n    assert n == 2\\n\\n\\ncheck(n)", "refuses(check, n + 1)"]
    ... )
    >>> split.answer, split.checks[0].splitlines()[-1], len(split.checks)
    ('n = 2', 'check(n)', 1)
    """
    lines: list[str] = []
    statements: list[tuple[ast.stmt, int, int]] = []  # each with its first and last line in `lines`
    for text in cells:
        try:
            tree = ast.parse(text)
        except SyntaxError as error:
            raise ClassKitError(
                f"{where}: a solution cell does not parse: {error.msg} (line {error.lineno})"
            ) from error
        for statement in tree.body:
            decorators = getattr(statement, "decorator_list", [])
            first = min([statement.lineno, *(d.lineno for d in decorators)])
            statements.append((statement, len(lines) + first, len(lines) + (statement.end_lineno or first)))
        lines += [*text.splitlines(), ""]
    definitions = {
        entry[0].name: entry for entry in statements if isinstance(entry[0], ast.FunctionDef) and _asserts(entry[0])
    }
    later: set[str] = set()
    candidates: list[tuple[ast.stmt, int, int]] = []
    for entry in reversed(statements):
        if _is_check(entry[0], later, set(definitions)):
            candidates.insert(0, entry)
        later |= _read(entry[0])
    checking = {id(entry) for entry in [*candidates, *definitions.values()]}
    bound_by_answer: list[str] = []
    for entry in statements:
        if id(entry) not in checking and not _tests_a_check(entry[0]):
            bound_by_answer += sorted(_bound(entry[0]) - set(bound_by_answer))

    def free(entry: tuple[ast.stmt, int, int]) -> set[str]:
        called = _read(entry[0]) & set(definitions)
        return set().union(_free(entry[0]), *(_free(definitions[name][0]) for name in called))

    def reads(entry: tuple[ast.stmt, int, int]) -> set[str]:
        return free(entry) & set(bound_by_answer)

    checks = [entry for entry in candidates if reads(entry)]  # an assert reading no answer checks nothing
    if not checks:
        raise ClassKitError(f"{where}: no check (a top-level assert on a name the answer defines) in its solution")
    wanted = set().union(*map(reads, checks))
    names = tuple(name for name in bound_by_answer if name in wanted)
    # the answer: all but the checks, the check functions and what only checks a check function
    left_out = [
        *checks,
        *definitions.values(),
        *(e for e in candidates if _read(e[0]) & set(definitions)),
        *(e for e in statements if _tests_a_check(e[0])),
    ]
    out_lines = {n for _, first, last in left_out for n in range(first, last + 1)}
    answer = "\n".join(line for n, line in enumerate(lines, start=1) if n not in out_lines)
    answer = re.sub(r"\n{4,}", "\n\n\n", answer).strip()

    def code(entry: tuple[ast.stmt, int, int]) -> str:
        return "\n".join(lines[entry[1] - 1 : entry[2]])

    tests = tuple(
        "\n\n\n".join([*(code(definitions[name]) for name in sorted(_read(e[0]) & set(definitions))), code(e)])
        for e in checks
    )
    return Split(answer, tests, names, frozenset(bound_by_answer), frozenset().union(*map(free, checks)))


def commons(cells: Sequence[str], split: Split) -> tuple[Common, ...]:
    """The common wrong answers of a solution: each ``refuses(check, wrong)  # why`` line whose
    check is called on one answer name (``check(name)``) and whose wrong value reads no answer.

    >>> code = ["n = 6\\n\\n\\ndef check(n):\\n    assert n == 6\\n\\n\\ncheck(n)\\nrefuses(check, 7)  # one too many"]
    >>> commons(code, split_solution(code))
    (Common(name='n', wrong='7', why='one too many'),)
    """
    found: list[Common] = []
    for text in cells:
        lines = text.splitlines()
        body = ast.parse(text).body
        checked = {
            call.func.id: call.args[0].id
            for call in (s.value for s in body if isinstance(s, ast.Expr) and isinstance(s.value, ast.Call))
            if isinstance(call.func, ast.Name) and len(call.args) == 1 and isinstance(call.args[0], ast.Name)
        }
        for statement in body:
            call = statement.value if isinstance(statement, ast.Expr) else None
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == "refuses"):
                continue
            if len(call.args) != 2 or not isinstance(call.args[0], ast.Name):
                continue
            rest = lines[(statement.end_lineno or statement.lineno) - 1][statement.end_col_offset or 0 :]
            name = checked.get(call.args[0].id)
            if "#" in rest and name in split.names and not _read(call.args[1]) & split.binds:
                why = rest.split("#", 1)[1].strip()
                found.append(Common(name, ast.get_source_segment(text, call.args[1]) or "", why))
    return tuple(found)


def read_lesson(name: str, lesson: Notebook, solutions: Notebook) -> Lesson:
    """Pair a lesson's exercises with its solutions, by number and title.

    Raises :class:`ClassKitError` naming the exercise when the two do not pair: a heading
    missing on one side, a title that differs, or a lesson exercise without an answer cell.
    An exercise that pairs but whose solution checks nothing the answer defines comes back
    ``ungraded``, the reason said.
    """
    cells: list[Cell] = lesson["cells"]
    starts = [
        i
        for i, cell in enumerate(cells)
        if cell["cell_type"] == "markdown" and EXERCISES_HEADING.match(_first_line(cell))
    ]
    if len(starts) != 1:
        raise ClassKitError(f"{name}: {len(starts)} '## Exercises' headings, not one")
    start = starts[0]
    end = next((i for i in range(len(cells) - 1, start, -1) if not NAVIGATION.match(_first_line(cells[i]))), start) + 1
    prompts = {number: (title, body) for number, title, body in _sections(cells[start + 1 : end], name)}
    solved = {number: (title, body) for number, title, body in _sections(solutions["cells"], f"{name} solutions")}
    if sorted(prompts) != sorted(solved):
        raise ClassKitError(f"{name}: exercises {sorted(prompts)} in the lesson, {sorted(solved)} in its solutions")
    first_heading = next(i for i, cell in enumerate(solutions["cells"]) if _heading(cell))
    setup = tuple(cell for cell in solutions["cells"][:first_heading] if cell["cell_type"] == "code")
    exercises: list[Exercise] = []
    splits: list[Split] = []
    for number in sorted(prompts):
        where = f"{name}, exercise {number}"
        (title, prompt), (solved_title, solution) = prompts[number], solved[number]
        if title != solved_title:
            raise ClassKitError(f"{where}: titled {title!r} in the lesson, {solved_title!r} in its solutions")
        if not any(is_placeholder(cell) for cell in prompt):
            raise ClassKitError(f"{where}: no answer cell (a code cell of comments only, such as '# Your answer here')")
        code = [source(cell) for cell in solution if cell["cell_type"] == "code"]
        try:
            split, unchecked = split_solution(code, where), ""
        except ClassKitError as error:  # left ungraded, with the reason, rather than stopping the kit
            split, unchecked = Split("", (), (), frozenset(), frozenset()), str(error).removeprefix(f"{where}: ")
        splits.append(split)
        functions = tuple(
            statement.name
            for text in code
            if not unchecked
            for statement in ast.parse(text).body
            if isinstance(statement, ast.FunctionDef | ast.ClassDef) and statement.name in split.names
        )
        exercises.append(
            Exercise(
                number=number,
                title=title,
                prompt=tuple(
                    _unlinked(cell) for cell in prompt if not is_placeholder(cell) and _unlinked(cell)["source"]
                ),
                answer=split.answer,
                checks=split.checks,
                names=split.names,
                functions=functions,
                explanations=tuple(
                    cell
                    for cell in solution[1:]
                    if cell["cell_type"] == "markdown" and not NAVIGATION.match(_first_line(cell))
                ),
                binds=split.binds,
                ungraded=unchecked,
                commons=() if unchecked else commons(code, split),
            )
        )
    bound: set[str] = set()
    graded = []
    for split, exercise in zip(splits, exercises, strict=True):
        bound |= split.binds
        graded.append(replace(exercise, kept=tuple(sorted(split.reads & bound))))
    return Lesson(
        name, tuple(cells[:start]), _unlinked(cells[start]), setup, tuple(graded), tuple(map(_unlinked, cells[end:]))
    )


def _unlinked(cell: Cell) -> Cell:
    """A Markdown cell without its lines that link to the solutions (students have no solutions)."""
    if cell["cell_type"] != "markdown":
        return cell
    return dict(cell, source="\n".join(line for line in source(cell).splitlines() if "solutions/" not in line).strip())


def stub(exercise: Exercise) -> str:
    """The student's answer cell: every name the checks read, bound to ``...``.

    >>> print(stub(Exercise(1, "t", (), "", ("assert f(n)",), ("n", "f"), ("f",), ())))
    # Your answer here. The checks read these names:
    n = ...
    f = ...  # a function
    """
    lines = ["# Your answer here. The checks read these names:"]
    functions = set(exercise.functions)
    lines += [f"{name} = ...  # a function" if name in functions else f"{name} = ..." for name in exercise.names]
    return "\n".join(lines)
