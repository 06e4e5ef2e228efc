"""Build the course for JupyterLite: ``python docs/lite/build.py OUT`` (``make lite`` runs it).

The site runs Python in the browser (Pyodide), with no server: the lessons,
their solutions and the arcade (``play.ipynb``), each opening with a cell
that installs the engine from the site's own wheel (:data:`INSTALL`).
Pyodide's core is served by the site itself (``docs/lite/node_modules``, from
npm), and so are the packages it needs to boot the kernel
(``docs/lite/wheels.txt``, from PyPI: those of Pyodide's lock replace its
entries, the others join the site's own package index). The site serves this
distribution the library's way: jupyterlite-pyodide-kernel's Pyodide addon
copies the lite folder's ``static/pyodide`` into the site and points the kernel
at it. Its lock addon (``--pyodide-lock``) would rewrite Pyodide's lock too, but
cannot read Pyodide 314's: the newest pyodide-lock (0.1.2) requires the
``info.version`` field, which that lock no longer has; so :func:`served_lock`
rewrites the lock here. (The addon's other input, Pyodide's full distribution
tarball, is on neither npm nor PyPI.) Every other package
of Pyodide's lock (numpy, matplotlib) is fetched from Pyodide's package CDN
when the reader's browser runs the install cell; out of its reach, the cell
says in plain words what is missing and what works without it
(:func:`cardcommons.lite.install_dependencies`).

>>> "%pip install" in with_install_cell({"cells": [], "metadata": {}})["cells"][0]["source"]
True
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
PYODIDE = HERE / "node_modules" / "pyodide"
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
WHEELS = HERE / "wheels"
INSTALL = (  # a comment after %pip would be read as package names
    "# JupyterLite: the engine from this site, then numpy, matplotlib... (it says what works without them)\n"
    "%pip install -q --no-deps cardcommons\n"
    "from cardcommons.lite import install_dependencies\n"
    "await install_dependencies()"
)


def project(wheel: Path) -> str:
    """The normalized project name of a wheel file (``matplotlib_inline-0.2.1-...whl`` -> ``matplotlib-inline``)."""
    return wheel.name.split("-")[0].lower().replace("_", "-")


def served_lock(lock: dict[str, Any], version: str, wheels: list[Path]) -> dict[str, Any]:
    """Pyodide's lock (of Pyodide ``version``) with every package on its CDN, but ``wheels`` served beside it.

    >>> lock = {"packages": {"numpy": {"file_name": "numpy.whl", "sha256": "a"}}}
    >>> served_lock(lock, "314.0.6", [])["packages"]["numpy"]["file_name"]
    'https://cdn.jsdelivr.net/pyodide/v314.0.6/full/numpy.whl'
    """
    cdn = f"https://cdn.jsdelivr.net/pyodide/v{version}/full/"
    here = {project(wheel): wheel for wheel in wheels}
    for name, package in lock["packages"].items():
        wheel = here.get(name)
        if wheel is None:
            package["file_name"] = cdn + package["file_name"]
        else:
            package["file_name"], package["sha256"] = wheel.name, hashlib.sha256(wheel.read_bytes()).hexdigest()
    return lock


class MissingPyodideError(FileNotFoundError, ValueError):
    """Pyodide's core is not installed (``npm ci --prefix docs/lite``)."""


def with_install_cell(notebook: dict[str, Any]) -> dict[str, Any]:
    """The notebook with the engine's install cell first."""
    cell: dict[str, Any] = {"cell_type": "code", "id": "lite-install", "metadata": {}, "source": INSTALL}
    cell |= {"outputs": [], "execution_count": None}
    notebook["cells"].insert(0, cell)
    return notebook


def stage(work: Path) -> list[Path]:
    """Lay out the site's inputs under ``work``: the contents, the engine's wheel, and Pyodide where the
    Pyodide addon takes it from (``static/pyodide``: its core, the boot wheels, :func:`served_lock`);
    return the wheels for the site's package index, the engine's first."""
    shutil.rmtree(work, ignore_errors=True)
    contents = work / "contents"
    shutil.copytree(REPO / "notebooks", contents, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "voila.json"))
    for path in contents.rglob("*.ipynb"):
        notebook = with_install_cell(json.loads(path.read_text(encoding="utf-8")))
        path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1), encoding="utf-8")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(work), "."],
        cwd=REPO,
        check=True,
    )
    lock = json.loads((PYODIDE / "pyodide-lock.json").read_text())
    wheels = sorted(WHEELS.glob("*.whl"))
    in_lock = [w for w in wheels if project(w) in lock["packages"]]
    static = work / "static" / "pyodide"
    static.mkdir(parents=True)
    for served in (*(PYODIDE / name for name in PYODIDE_FILES), *in_lock):
        shutil.copy(served, static / served.name)
    version = json.loads((PYODIDE / "package.json").read_text())["version"]
    (static / "pyodide-lock.json").write_text(json.dumps(served_lock(lock, version, in_lock)))
    return [next(work.glob("cardcommons-*.whl")), *(w for w in wheels if w not in in_lock)]


def build(out: Path) -> None:
    """Build the JupyterLite site into ``out``."""
    missing = [name for name in PYODIDE_FILES if not (PYODIDE / name).exists()]
    if missing or not list(WHEELS.glob("micropip-*.whl")):
        raise MissingPyodideError(f"{PYODIDE} lacks {missing} or {WHEELS} its wheels: make lite sets them up")
    work = out.with_name(out.name + "-src")
    piplite = stage(work)
    shutil.rmtree(out, ignore_errors=True)
    subprocess.run(
        [
            *(sys.executable, "-m", "jupyter", "lite", "build", "--lite-dir", str(work)),
            *("--contents", str(work / "contents"), "--output-dir", str(out)),
            *(arg for w in piplite for arg in ("--piplite-wheels", str(w))),  # one flag per wheel: one keeps one
        ],
        cwd=work,
        check=True,
    )


if __name__ == "__main__":
    build(Path(sys.argv[1]).resolve())
