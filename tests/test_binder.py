"""Binder's set-up works as Binder builds it.

Binder (repo2docker) starts from its own base image, a Python 3.11
environment that already holds notebook, JupyterLab, JupyterHub and their
companions (``tests/repo2docker_base.txt``), installs
``binder/requirements.txt`` on top with pip, runs ``binder/postBuild`` from
the repository's root, and serves ``notebooks/``. The slow test does the
same in a temporary folder, from a copy of the repository, then requires
``pip check`` clean, every package pinned, lesson 08 executed by
``jupyter nbconvert --execute`` and the arcade rendered by Voila at
``/voila/render/notebooks/play.ipynb``: the point is the environment (nbval
runs every lesson in the project's own), and lesson 08 needs the most of it,
solving a miniature live with OpenSpiel. There the lesson measures the luck of
its first 4 games instead of 40: the same code runs on fewer games, for a
fraction of the time. The pins are the full closure that
``make binder`` compiles (``binder/pins.py``); the fast tests fail when they
are stale or miss an input.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
from pathlib import Path
from types import ModuleType

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
BINDER = ROOT / "binder"
BASE = Path(__file__).with_name("repo2docker_base.txt")
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
    "node_modules",
    "test-results",
    "screenshots",
)


def load_pins_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("binder_pins", BINDER / "pins.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pinned(path: Path) -> dict[str, str]:
    """``name: version`` of every ``name==version`` line of a requirements file."""
    lines = [line.split(";")[0].strip() for line in path.read_text().splitlines()]
    pins = [line.split("==") for line in lines if line and not line.startswith("#")]
    assert all(len(pin) == 2 for pin in pins), f"{path.name}: every requirement is pinned to one version"
    return {canonicalize_name(name): version for name, version in pins}


def run(command: list[str], cwd: Path, env: dict[str, str], timeout: float = 900) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False)
    if done.returncode:
        pytest.fail(f"{' '.join(command)} exited {done.returncode}\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    return done.stdout


def test_binder_files_are_well_formed() -> None:
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert runtime.startswith("python-3."), runtime
    post_build = BINDER / "postBuild"
    assert post_build.read_text().startswith("#!/bin/bash\n") and "set -e" in post_build.read_text()
    assert os.access(post_build, os.X_OK), "binder/postBuild must be executable"
    names = set(pinned(BINDER / "requirements.txt"))
    assert {"numpy", "matplotlib", "ipywidgets", "tqdm", "jupyterlab", "ipykernel", "voila", "notebook"} <= names


def test_binder_pins_are_compiled_from_todays_inputs() -> None:
    pins = load_pins_module()
    assert pins.recorded_digest() == pins.inputs_digest(), (
        "binder/requirements.txt is stale: pyproject.toml's dependencies or lab extra, or binder/requirements.in, "
        "changed since it was compiled; run `make binder`"
    )


def test_binder_pins_satisfy_every_input() -> None:
    pins = pinned(BINDER / "requirements.txt")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    inputs = [*project["dependencies"], *project["optional-dependencies"]["lab"]]
    inputs += [line for line in (BINDER / "requirements.in").read_text().splitlines() if line and line[0] != "#"]
    for line in inputs:
        requirement = Requirement(line)
        version = pins.get(canonicalize_name(requirement.name))
        assert version is not None, f"{requirement.name} (from {line!r}) is not pinned: run `make binder`"
        assert requirement.specifier.contains(version, prereleases=True), f"{requirement.name}=={version}: {line!r}"


def test_binder_base_is_repo2dockers() -> None:
    base = pinned(BASE)
    assert base["notebook"] == "7.4.7" and base["jupyterlab"].startswith("4.4.")
    # the reason for the notebook pin: the base's notebook does not accept our jupyterlab
    assert Requirement("jupyterlab<4.5").specifier.contains(base["jupyterlab"])
    assert not Requirement("jupyterlab<4.5").specifier.contains(pinned(BINDER / "requirements.txt")["jupyterlab"])


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def voila_renders_the_arcade(bin_dir: Path, repo: Path, env: dict[str, str], log: Path) -> str:
    """Start the Jupyter server of the Binder environment and GET the arcade from Voila; return the page."""
    port, token = free_port(), secrets.token_urlsafe(32)
    command = [str(bin_dir / "jupyter"), "server", "--no-browser", "--ServerApp.ip=127.0.0.1"]
    command += [f"--ServerApp.port={port}", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={repo}"]
    command += ["--allow-root"] if os.geteuid() == 0 else []
    base = f"http://127.0.0.1:{port}"
    with log.open("w") as out:
        server = subprocess.Popen(command, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert server.poll() is None, f"jupyter server exited:\n{log.read_text()[-3000:]}"
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, f"jupyter server not ready:\n{log.read_text()[-3000:]}"
                time.sleep(0.5)
        request = urllib.request.Request(f"{base}/voila/render/notebooks/play.ipynb")
        request.add_header("Authorization", f"token {token}")
        with urllib.request.urlopen(request, timeout=240) as response:
            assert response.status == 200
            return str(response.read().decode())
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, 9)
            server.wait()


LESSON = ROOT / "notebooks" / "08_i_split_you_choose.ipynb"
LUCK_GAMES = ("LUCK_GAMES = 40", "LUCK_GAMES = 4")
"""The lesson's games adjusted for luck, and as many as Binder's run plays: the same cells run, on fewer games."""


@pytest.mark.binder
def test_binder_environment_runs_a_lesson_and_the_arcade(tmp_path: Path) -> None:
    assert LESSON.exists(), f"no lesson {LESSON.name} to run"
    repo = tmp_path / "repo"
    shutil.copytree(ROOT, repo, ignore=SKIP)
    lesson = repo / "notebooks" / LESSON.name
    assert lesson.read_text().count(LUCK_GAMES[0]) == 1, f"{LESSON.name} sets {LUCK_GAMES[0]} no more"
    lesson.write_text(lesson.read_text().replace(*LUCK_GAMES))
    venv = tmp_path / "venv"
    bin_dir = venv / "bin"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "PYTHON", "VIRTUAL_ENV", "MPL"))}
    env |= {
        "PATH": f"{bin_dir}{os.pathsep}{env.get('PATH', '')}",
        "VIRTUAL_ENV": str(venv),
        "JUPYTER_DATA_DIR": str(tmp_path / "jupyter-data"),
        "JUPYTER_CONFIG_DIR": str(tmp_path / "jupyter-config"),
        "JUPYTER_RUNTIME_DIR": str(tmp_path / "jupyter-runtime"),
        "IPYTHONDIR": str(tmp_path / "ipython"),
        "MPLCONFIGDIR": str(tmp_path / "mpl"),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    python = str(bin_dir / "python")
    # the base image, its own pip among it: uv lays it out fast from its cache (no pip of the venv's own to
    # replace); what Binder does on top is pip's
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)], tmp_path, env)
    run([sys.executable, "-m", "uv", "pip", "install", "--quiet", "--python", python, "-r", str(BASE)], tmp_path, env)
    freeze = [python, "-m", "pip", "list", "--format=freeze", "--exclude", "cardcommons"]
    base = {line.split("==")[0] for line in run(freeze, repo, env).split()}
    # without compiling every module installed ahead (two thirds of pip's CPU here): Python compiles what runs
    run([python, "-m", "pip", "install", "--quiet", "--no-compile", "-r", "binder/requirements.txt"], repo, env)
    run(["bash", "binder/postBuild"], repo, env)
    voila = json.loads((ROOT / "notebooks" / "voila.json").read_text())
    served = json.loads((tmp_path / "jupyter-config" / "jupyter_server_config.json").read_text())
    assert served == voila, "Binder's server has make play's Voilà settings"
    # what the voila/render route reads them as (Voilà's server extension: the server's config)
    route = "from jupyter_server.serverapp import ServerApp; from voila.execute import VoilaExecutor; "
    route += "from voila.configuration import VoilaConfiguration; from nbformat.v4 import new_notebook; "
    route += "app = ServerApp(); app.load_config_file(); e = VoilaExecutor(new_notebook(), config=app.config); "
    route += "print(e.iopub_timeout, e.timeout, e.raise_on_iopub_timeout, "
    route += (
        "VoilaConfiguration(parent=app).extension_denylist == "
        + repr(voila["VoilaConfiguration"]["extension_denylist"])
        + ")"
    )
    executor = voila["VoilaExecutor"]
    wanted = [str(executor[name]) for name in ("iopub_timeout", "timeout", "raise_on_iopub_timeout")]
    assert run([python, "-c", route], repo, env).split() == [*wanted, "True"]
    run([python, "-m", "pip", "check"], repo, env)
    pins = pinned(BINDER / "requirements.txt")
    listed = (line.split("==") for line in run(freeze, repo, env).split())
    installed: dict[str, str] = {canonicalize_name(name): version for name, version in listed}
    for name, version in pins.items():
        assert installed.get(name) == version, f"{name}: pinned {version}, installed {installed.get(name)}"
    unpinned = sorted(set(installed) - set(pins) - {canonicalize_name(name) for name in base})
    assert not unpinned, f"installed but not pinned (binder/requirements.txt is not the full closure): {unpinned}"

    out = tmp_path / "executed"
    execute = [str(bin_dir / "jupyter"), "nbconvert", "--to", "notebook", "--execute"]
    run(
        [*execute, "--ExecutePreprocessor.timeout=300", "--output-dir", str(out), f"notebooks/{LESSON.name}"], repo, env
    )
    assert [p.name for p in out.glob("*.ipynb")] == [LESSON.name]
    page = voila_renders_the_arcade(bin_dir, repo, env, tmp_path / "server.log")
    culling = voila["MappingKernelManager"]
    culled = f"idle durations > {culling['cull_idle_timeout']} seconds at {culling['cull_interval']} second intervals"
    assert culled in (tmp_path / "server.log").read_text(), "Binder's server culls the arcade's idle kernels"
    assert "application/vnd.jupyter.widget-view+json" in page, "Voila rendered no widget"
    assert not re.search(r"Traceback|There was an error when executing cell", page), page[-3000:]
