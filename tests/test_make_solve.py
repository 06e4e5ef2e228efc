"""``make solve``: one part by ``VARIANTS``, every part by default, and the timings its comment
quotes are the stored run's (``solved.json``), not guesses."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from cardcommons.solve.cfr import stored

REPO = Path(__file__).resolve().parent.parent


def _dry_run(*arguments: str) -> str:
    """The command ``make -n solve`` would run (no venv set-up: the stamp is given as made)."""
    done = subprocess.run(
        ["make", "--no-print-directory", "-n", "-o", ".venv/.installed", "solve", *arguments],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return done.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize(
    ("arguments", "command"),
    [((), "-m cardcommons.solve"), (("VARIANTS=mini2",), "-m cardcommons.solve mini2")],
    ids=["every part", "one part"],
)
def test_make_solve_runs_the_parts_asked(arguments: tuple[str, ...], command: str) -> None:
    assert _dry_run(*arguments).endswith(command)


def test_the_timings_quoted_are_the_stored_runs() -> None:
    comment = next(line for line in (REPO / "Makefile").read_text().splitlines() if "The stored run" in line)
    quoted = {float(number.replace(",", "")) for number in re.findall(r"\d[\d,]*\.\d+", comment)}
    runs = stored()
    solutions = runs["solutions"]
    expected = {solutions[name][key] for name in ("mini2", "mini3") for key in ("seconds", "peak_memory_gb")}
    assert quoted == expected | {runs["self_play"]["full game"]["seconds"]}
    assert 'make solve VARIANTS="mini2"' in (REPO / "README.md").read_text()
