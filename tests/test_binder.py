"""Binder's set-up works: a fresh environment built from binder/ runs every lesson.

Binder (repo2docker) installs ``binder/requirements.txt``, runs
``binder/postBuild`` from the repository's root, and serves ``notebooks/``.
This test does the same in a new virtual environment in a temporary folder,
from a copy of the repository, then executes every lesson there with
``jupyter nbconvert --execute``: a missing or wrong pin, a broken postBuild or
a lesson that needs something Binder lacks fails the build. pip's cache keeps
it to a minute or two.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
SKIP = shutil.ignore_patterns(
    ".git",
    ".venv",
    "__pycache__",
    "*.egg-info",
    ".mypy_cache",
    ".ruff_cache",
    ".hypothesis",
    ".ipynb_checkpoints",
    "build",
    "test-results",
    "screenshots",
)


def run(command: list[str], cwd: Path, env: dict[str, str], timeout: float = 900) -> None:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode:
        pytest.fail(f"{' '.join(command)} exited {done.returncode}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")


def test_binder_files_are_well_formed() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-3."), runtime
    post_build = BINDER / "postBuild"
    assert post_build.read_text().startswith("#!/bin/bash\n") and "set -e" in post_build.read_text()
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    pins = [line for line in (BINDER / "requirements.txt").read_text().splitlines() if line and line[0] != "#"]
    assert pins and all("==" in line for line in pins), "every requirement is pinned to one version"
    names = {line.split("==")[0].lower().replace("_", "-") for line in pins}
    assert {"numpy", "scipy", "matplotlib", "ipywidgets", "tqdm", "jupyterlab", "ipykernel", "voila"} <= names


@pytest.mark.binder
def test_binder_environment_runs_every_lesson(tmp_path: Path) -> None:
    lessons = sorted((ROOT / "notebooks").glob("*.ipynb"))
    assert lessons, "no lessons to run"
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=SKIP)
    venv = tmp_path / "venv"
    bin_dir = venv / "bin"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "PYTHON", "VIRTUAL_ENV", "MPL"))}
    env |= {
        "PATH": f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        "VIRTUAL_ENV": str(venv),
        "JUPYTER_DATA_DIR": str(tmp_path / "jupyter-data"),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "jupyter-config"),
        "IPYTHONDIR": str(tmp_path / "ipython"),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    run([sys.executable, "-m", "venv", str(venv)], tmp_path, env)
    run([str(bin_dir / "python"), "-m", "pip", "install", "--quiet", "-r", "binder/requirements.txt"], repo, env)
    run(["bash", "binder/postBuild"], repo, env)
    out = tmp_path / "executed"
    for lesson in lessons:
        run(
            [
                str(bin_dir / "jupyter"),
                "nbconvert",
                "--to",
                "notebook",
                "--execute",
                "--ExecutePreprocessor.timeout=300",
                "--output-dir",
                str(out),
                f"notebooks/{lesson.name}",
            ],
            repo,
            env,
        )
    assert sorted(p.name for p in out.glob("*.ipynb")) == [p.name for p in lessons]
