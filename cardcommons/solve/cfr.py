"""Solving a miniature with OpenSpiel's C++ CFR+, and the stored results.

:func:`solve` loads a miniature's tree (:mod:`cardcommons.solve.efg`) with
``pyspiel.load_efg_game``, runs ``pyspiel.CFRPlusSolver`` until the average
policy's exploitability is below a target, and reports the value of the game
for the first splitter, the exploitability, the iterations, the time and the
peak memory of the process. ``make solve`` (``python -m cardcommons.solve``)
solves both miniatures and writes :data:`SOLVED` (a small JSON file, read by
:func:`stored`).

>>> from cardcommons.solve.miniature import MINI2
>>> result = solve(MINI2, target=0.01)
>>> result.exploitability < 0.01, round(result.value, 1), result.information_sets
(True, 0.1, 1364)
"""

from __future__ import annotations

import html
import json
import resource
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from cardcommons.errors import RulesError, SolvedFileError, cut, shown
from cardcommons.solve.efg import game_tree
from cardcommons.solve.miniature import Miniature

__all__ = [
    "COMMAND",
    "SOLVED",
    "Solution",
    "SolveTable",
    "checked",
    "existing",
    "load_game",
    "record",
    "section",
    "solve",
    "solve_table",
    "stored",
]

SOLVED = Path(__file__).parent / "data" / "solved.json"
"""The stored results of ``make solve``."""
COMMAND = "make solve"
"""The command that reproduces :data:`SOLVED`."""


@dataclass(frozen=True)
class Solution:
    """A miniature solved by CFR+: the value for the first splitter (±1 a game) and what it took."""

    variant: str
    information_sets: int
    iterations: int
    exploitability: float
    value: float
    seconds: float
    """Wall time of the iterations and their exploitability checks (not of writing the tree)."""
    peak_memory_gb: float
    """The process's peak resident memory, tree and solver included."""
    tree_seconds: float
    """Time to write the EFG text and load it (0 when the game was given)."""


def load_game(mini: Miniature) -> Any:
    """The miniature as an OpenSpiel game (``pyspiel.load_efg_game`` of its tree)."""
    import pyspiel

    return pyspiel.load_efg_game(game_tree(mini).text)


def solve(
    mini: Miniature, target: float = 1e-3, check_every: int = 10, max_iterations: int = 2000, game: Any = None
) -> Solution:
    """Run CFR+ on a miniature until the average policy's exploitability is
    below ``target`` (checked every ``check_every`` iterations), or
    ``max_iterations`` have run (``game``: the miniature already loaded)."""
    import pyspiel

    if not 0 < target < 1:
        raise RulesError(f"target is an exploitability between 0 and 1, not {target!r}")
    start = time.perf_counter()
    game = load_game(mini) if game is None else game
    loaded = time.perf_counter()
    solver = pyspiel.CFRPlusSolver(game)
    iterations, exploitability = 0, 1.0
    while exploitability >= target and iterations < max_iterations:
        for _ in range(check_every):
            solver.evaluate_and_update_policy()
        iterations += check_every
        exploitability = pyspiel.exploitability(game, solver.average_policy())
    policy = solver.average_policy()
    value = pyspiel.expected_returns(game.new_initial_state(), policy, -1, True)[0]
    done = time.perf_counter()
    return Solution(
        variant=mini.name,
        information_sets=len(solver.tabular_average_policy().policy_table()),
        iterations=iterations,
        exploitability=exploitability,
        value=value,
        seconds=round(done - loaded, 1),
        peak_memory_gb=round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20, 2),
        tree_seconds=round(loaded - start, 1),
    )


def stored() -> dict[str, Any]:
    """The stored results of ``make solve``: the command, and one entry per miniature.

    Raises :class:`~cardcommons.errors.SolvedFileError` naming :data:`SOLVED` and ``make solve``
    when the file is missing, not JSON or not shaped as ``make solve`` writes it.

    >>> stored()["command"]
    'make solve'
    """
    return checked(_read(SOLVED), SOLVED)


def existing() -> dict[str, Any] | None:
    """The stored results, or ``None`` where ``make solve`` has written none yet (what it adds to);
    :class:`~cardcommons.errors.SolvedFileError` if they cannot be read.

    >>> sorted(existing() or {})
    ['bots', 'command', 'self_play', 'solutions']
    """
    return stored() if SOLVED.exists() else None


def _read(path: Path) -> object:
    try:
        return json.loads(path.read_bytes().decode("utf-8"))
    except FileNotFoundError:
        raise SolvedFileError(f"{path} is missing: run {COMMAND} to write it") from None
    except (OSError, ValueError) as error:
        raise SolvedFileError(f"{path} cannot be read ({cut(str(error), 120)}): {_AGAIN}") from error


_AGAIN = f"restore it from the repository, or delete it and run {COMMAND}"
_NUMBER = (int, float)
_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "solutions": {name: (str,) if name == "variant" else _NUMBER for name in Solution.__dataclass_fields__},
    "self_play": {
        "samples": (int,),
        "pilot_gap": _NUMBER,
        "games": (int,),
        "seed": (int,),
        "outcomes": (str,),
        "seconds": _NUMBER,
    },
}


def checked(data: object, path: Path) -> dict[str, Any]:
    """``data`` if it is shaped as ``make solve`` writes :data:`SOLVED` (each section optional), else
    :class:`~cardcommons.errors.SolvedFileError` naming the file and the first field that is wrong.

    >>> checked({"command": "make solve", "bots": {"mini2": {"random": 0.78}}}, SOLVED)["bots"]
    {'mini2': {'random': 0.78}}
    >>> checked({"command": "make solve", "bots": {"mini2": {"random": "high"}}}, Path("solved.json"))
    Traceback (most recent call last):
    ...
    cardcommons.errors.SolvedFileError: solved.json: bots, mini2, random is 'high', not a number: restore it ...
    """

    def wrong(where: str, value: object, wanted: str) -> SolvedFileError:
        return SolvedFileError(f"{path}: {where} is {shown(value, 80)}, not {wanted}: {_AGAIN}")

    if not isinstance(data, dict):
        raise wrong("the whole file", data, "an object")
    if data.get("command") != COMMAND:
        raise wrong("command", data.get("command"), repr(COMMAND))
    for section, entries in data.items():
        if section == "command":
            continue
        if section not in ("solutions", "bots", "self_play") or not isinstance(entries, dict):
            raise wrong(str(section), entries, "a section make solve writes (solutions, bots, self_play)")
        for name, entry in entries.items():
            if not isinstance(entry, dict):
                raise wrong(f"{section}, {name}", entry, "an object")
            fields = _FIELDS.get(section, dict.fromkeys(entry, _NUMBER))
            if sorted(entry) != sorted(fields):
                raise wrong(f"{section}, {name}", sorted(entry), f"the fields {', '.join(fields)}")
            for field, kinds in fields.items():
                value = entry[field]
                if isinstance(value, bool) or not isinstance(value, kinds):
                    raise wrong(f"{section}, {name}, {field}", value, "text" if kinds == (str,) else "a number")
            if section == "self_play" and (
                set(entry["outcomes"]) - set("WDL") or len(entry["outcomes"]) != entry["games"]
            ):
                raise wrong(f"{section}, {name}, outcomes", entry["outcomes"], "one of W, D or L a game")
    return data


def section(name: str) -> dict[str, Any]:
    """One section of the stored results (``solutions``, ``bots`` or ``self_play``), or
    :class:`~cardcommons.errors.SolvedFileError` if :data:`SOLVED` has none.

    >>> sorted(section("solutions"))
    ['mini2', 'mini3']
    """
    found = stored().get(name)
    if found is None:
        raise SolvedFileError(f"{SOLVED} has no {name}: run {COMMAND} to write them")
    return dict(found)


_COLUMNS = (
    ("variant", "variant", "{}"),
    ("information_sets", "information sets", "{:,}"),
    ("iterations", "iterations", "{:,}"),
    ("exploitability", "exploitability", "{:.5f}"),
    ("value", "value for the first splitter", "{:+.3f}"),
    ("seconds", "time (s)", "{:,.0f}"),
    ("peak_memory_gb", "memory (GB)", "{:.1f}"),
)


class SolveTable:
    """The solve results as a table (one row per miniature), as text and as HTML.

    >>> print(SolveTable([{"variant": "mini2", "information_sets": 1364, "iterations": 930,
    ...     "exploitability": 9.5e-05, "value": 0.118, "seconds": 15.4, "peak_memory_gb": 0.06}]))
    variant | information sets | iterations | exploitability | value for the first splitter | time (s) | memory (GB)
    mini2 | 1,364 | 930 | 0.00010 | +0.118 | 15 | 0.1
    """

    def __init__(self, rows: list[dict[str, Any]]) -> None:
        self.rows = rows

    def _cells(self) -> list[list[str]]:
        return [[form.format(row[key]) for key, _, form in _COLUMNS] for row in self.rows]

    def __str__(self) -> str:
        lines = [" | ".join(head for _, head, _ in _COLUMNS), *(" | ".join(cells) for cells in self._cells())]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(h)}</th>" for _, h, _ in _COLUMNS)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>" for cells in self._cells()
        )
        return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def solve_table(solutions: list[Solution] | None = None) -> SolveTable:
    """The stored results (or these solutions) as a table.

    >>> "mini3" in str(solve_table())
    True
    """
    rows = [asdict(s) for s in solutions] if solutions is not None else list(section("solutions").values())
    return SolveTable(rows)


def record(section: str, variant: str, entry: dict[str, Any]) -> None:
    """Store one result in :data:`SOLVED` (``section``: "solutions" or "bots"), keeping the others."""
    data = existing() or {"command": COMMAND}
    data.setdefault(section, {})[variant] = entry
    SOLVED.parent.mkdir(exist_ok=True)
    SOLVED.write_text(json.dumps(data, indent=2) + "\n")
