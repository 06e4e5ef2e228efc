"""Binder's pins: ``make binder`` writes ``binder/requirements.txt``, the full
closure of the engine's dependencies, its ``lab`` extra and
``binder/requirements.in``, compiled by uv for Binder's Python (runtime.txt).

Its first line records a digest of those inputs; ``tests/test_binder.py``
compares it with :func:`inputs_digest` of today's inputs, so a change to them
that was not compiled fails the tests.

>>> len(inputs_digest())
16
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import tomllib
from pathlib import Path

BINDER = Path(__file__).resolve().parent
REPO = BINDER.parent
EXTRA = "lab"
MARK = "# inputs: "


def python_version() -> str:
    """Binder's Python, from runtime.txt (``python-3.11`` -> ``3.11``)."""
    return (BINDER / "runtime.txt").read_text().strip().removeprefix("python-")


def inputs_digest() -> str:
    """A digest of what the pins are compiled from: the engine's dependencies, its lab extra,
    requirements.in, Binder's Python."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    inputs = [project["dependencies"], project["optional-dependencies"][EXTRA]]
    text = json.dumps([inputs, (BINDER / "requirements.in").read_text(), python_version()])
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def recorded_digest() -> str:
    """The digest written at the top of requirements.txt by the last ``make binder``."""
    first = (BINDER / "requirements.txt").read_text().splitlines()[0]
    return first.removeprefix(MARK).split()[0] if first.startswith(MARK) else ""


def compile_pins() -> None:
    """Compile requirements.txt afresh (uv reaches the package index)."""
    pins = subprocess.run(
        [
            *(sys.executable, "-m", "uv", "pip", "compile", "--quiet", "--no-header"),
            *("--python-version", python_version(), "--python-platform", "x86_64-manylinux_2_28", "--extra", EXTRA),
            *("pyproject.toml", "binder/requirements.in"),
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    header = (
        f"{MARK}{inputs_digest()} (pyproject.toml: dependencies and the {EXTRA} extra; binder/requirements.in)\n"
        "# The full closure, compiled by uv: `make binder` writes this file (do not edit it by hand).\n"
        "# Binder (repo2docker) installs it, then binder/postBuild installs the engine.\n"
    )
    (BINDER / "requirements.txt").write_text(header + pins)


if __name__ == "__main__":
    compile_pins()
