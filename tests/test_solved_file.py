"""The stored results of ``make solve`` (``solved.json``): a file that is truncated, empty, not JSON or
wrongly shaped raises the project's error naming the file and ``make solve``, from every reader, and
``python -m cardcommons.solve`` says so before it starts solving."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import cardcommons.solve.__main__ as solve_command
from cardcommons.errors import SolvedFileError
from cardcommons.solve import cfr
from cardcommons.solve.self_play import SelfPlay

GOOD = cfr.SOLVED.read_text(encoding="utf-8")
DATA = json.loads(GOOD)


def _changed(change: Callable[[dict[str, Any]], object]) -> bytes:
    data = json.loads(GOOD)
    change(data)
    return json.dumps(data).encode()


BROKEN = {
    "truncated": GOOD.encode()[: len(GOOD) // 2],
    "empty": b"",
    "not JSON": b"solved: yes",
    "not UTF-8": b"\xff\xfe",
    "a list": b"[1, 2]",
    "no command": _changed(lambda d: d.pop("command")),
    "solutions a list": _changed(lambda d: d.update(solutions=[1])),
    "a solution without its value": _changed(lambda d: d["solutions"]["mini2"].pop("value")),
    "a value as text": _changed(lambda d: d["solutions"]["mini2"].update(value="0.1")),
    "a bot's figure as null": _changed(lambda d: d["bots"]["mini2"].update(random=None)),
    "outcomes of another game": _changed(lambda d: d["self_play"]["full game"].update(outcomes="WX")),
    "self-play of another shape": _changed(lambda d: d["self_play"].update({"full game": [1]})),
}
READERS: dict[str, Callable[[], object]] = {
    "stored": cfr.stored,
    "solve_table": cfr.solve_table,
    "SelfPlay.stored": SelfPlay.stored,
    "record": lambda: cfr.record("bots", "mini2", {"random": 0.5}),
}


@pytest.fixture
def solved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "solved.json"
    monkeypatch.setattr(cfr, "SOLVED", path)
    return path


@pytest.mark.parametrize("text", BROKEN.values(), ids=BROKEN.keys())
@pytest.mark.parametrize("read", READERS.values(), ids=READERS.keys())
def test_every_reader_names_the_file_and_make_solve(solved: Path, text: bytes, read: Callable[[], object]) -> None:
    solved.write_bytes(text)
    with pytest.raises(SolvedFileError, match="make solve") as raised:
        read()
    assert str(solved) in str(raised.value)
    assert solved.read_bytes() == text  # record left it as it was


def test_a_missing_file_says_to_run_make_solve_and_record_starts_one(solved: Path) -> None:
    with pytest.raises(SolvedFileError, match=f"{solved} is missing: run make solve"):
        cfr.stored()
    cfr.record("bots", "mini2", {"random": 0.5})
    assert cfr.stored() == {"command": "make solve", "bots": {"mini2": {"random": 0.5}}}
    with pytest.raises(SolvedFileError, match="has no solutions: run make solve"):
        cfr.solve_table()
    with pytest.raises(SolvedFileError, match="has no self_play"):
        SelfPlay.stored()


def test_the_good_file_reads_as_before(solved: Path) -> None:
    solved.write_text(GOOD, encoding="utf-8")
    assert cfr.stored() == DATA
    assert SelfPlay.stored().games == DATA["self_play"]["full game"]["games"]


def test_the_command_checks_the_file_before_it_solves(
    solved: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    solved.write_bytes(BROKEN["truncated"])

    def no_solving(*args: object, **kwargs: object) -> None:
        raise AssertionError("solving started")

    monkeypatch.setattr(solve_command, "solve", no_solving)
    monkeypatch.setattr(solve_command, "game_tree", no_solving)
    with pytest.raises(SystemExit) as exited:
        solve_command.main(["mini2"])
    assert exited.value.code == 2
    error = capsys.readouterr().err
    assert str(solved) in error and "make solve" in error
