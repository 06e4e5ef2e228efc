"""Where grading runs a student's code: a child Python under bubblewrap (``bwrap``), time and memory capped.

The sandbox has no network, sees the system read-only (``/usr``, ``/etc``, this Python and the
``cardcommons`` package, nothing else of the teacher's files), a private ``/tmp``, and one
folder it may write to, if any: the scratch folder holding that one notebook's copy. Every
process it starts ends with it. Without the sandbox (``--no-sandbox``), the child still runs
capped in time and memory, but as the teacher.

>>> command = bwrap_command(["python"], writable=Path("/scratch"), readable=[Path("/kit")])
>>> command[:2], "--unshare-all" in command, command[-1]
(['bwrap', '--unshare-all'], True, 'python')
"""

from __future__ import annotations

import os
import resource
import shutil
import signal
import site
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import cardcommons
from cardcommons.errors import ClassKitError

HOME = Path("/home/student")
"""The scratch folder's place inside the sandbox: the student code's home and working folder."""

HOW_TO_GET_BWRAP = (
    "grading runs each student's code, so it runs it in a sandbox made with bubblewrap (bwrap), "
    "which is not installed: on Debian or Ubuntu, `sudo apt-get install bubblewrap`; on Fedora, "
    "`sudo dnf install bubblewrap`; elsewhere, grade in otter's container (see the README), or pass "
    "--no-sandbox to run the students' code as yourself, on purpose"
)


@dataclass(frozen=True)
class Limits:
    """What one notebook may take: ``timeout`` seconds of wall-clock time, ``memory`` MiB of address space.

    >>> Limits(timeout=0)
    Traceback (most recent call last):
    ...
    cardcommons.errors.ClassKitError: timeout must be a positive number of seconds, not 0
    """

    timeout: float = 300.0
    memory: int = 4096
    sandbox: bool = True

    def __post_init__(self) -> None:
        if isinstance(self.timeout, bool) or not isinstance(self.timeout, int | float) or not self.timeout > 0:
            raise ClassKitError(f"timeout must be a positive number of seconds, not {self.timeout!r}")
        if isinstance(self.memory, bool) or not isinstance(self.memory, int) or self.memory < 256:
            raise ClassKitError(f"memory must be a whole number of MiB, 256 or more, not {self.memory!r}")


@dataclass(frozen=True)
class Outcome:
    """How a child ended: its exit status (negative: the signal that ended it), or ``None`` if it ran over."""

    status: int | None
    stdout: str

    @property
    def why_not(self) -> str:
        """Why it did not finish well, or ``""``.

        >>> Outcome(None, "").why_not, Outcome(-9, "").why_not, Outcome(0, "").why_not
        ('ran over its time limit', 'died (signal 9)', '')
        """
        if self.status is None:
            return "ran over its time limit"
        if self.status < 0 or self.status > 128:  # bwrap passes a signal on as 128 + its number
            return f"died (signal {-self.status if self.status < 0 else self.status - 128})"
        return f"stopped with exit status {self.status}" if self.status else ""


def require_bwrap() -> str:
    """The path of ``bwrap``, or :class:`ClassKitError` saying how to get it."""
    found = shutil.which("bwrap")
    if found is None:
        raise ClassKitError(HOW_TO_GET_BWRAP)
    return found


def package_root() -> Path:
    """The folder that holds the ``cardcommons`` package (put on the child's ``sys.path``)."""
    return Path(cardcommons.__file__).resolve().parent.parent


def _python_folders() -> list[Path]:
    """What the child Python needs to see, read-only: its prefixes, site-packages, and the package."""
    folders = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix), Path(sys.base_exec_prefix)}
    folders |= {Path(p) for p in site.getsitepackages()}
    folders.add(package_root() / "cardcommons")
    shown = {folder for folder in folders if folder.exists() and not folder.is_relative_to("/usr")}
    return sorted(folder for folder in shown if not any(folder.is_relative_to(f) and folder != f for f in shown))


def bwrap_command(
    argv: Sequence[str], *, writable: Path | None, readable: Sequence[Path], bwrap: str = "bwrap"
) -> list[str]:
    """The ``bwrap`` command line that runs ``argv`` apart: ``writable`` as :data:`HOME`, ``readable`` read-only."""
    command = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--clearenv"]
    command += ["--ro-bind", "/usr", "/usr", "--ro-bind-try", "/etc", "/etc"]
    for top in ("bin", "lib", "lib64", "sbin"):
        root = Path("/") / top
        if root.is_symlink():
            command += ["--symlink", os.readlink(root), str(root)]
        elif root.exists():
            command += ["--ro-bind", str(root), str(root)]
    command += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp", "--dir", str(HOME)]
    for folder in [*_python_folders(), *readable]:
        command += ["--ro-bind", str(folder), str(folder)]
    if writable is not None:
        command += ["--bind", str(writable), str(HOME)]
    command += ["--chdir", str(HOME)]
    for name, value in _environment(HOME).items():
        command += ["--setenv", name, value]
    return [*command, *argv]


def _environment(home: Path) -> dict[str, str]:
    return {
        "HOME": str(home),
        "PATH": "/usr/bin:/bin",
        "LANG": "C.UTF-8",
        "MPLBACKEND": "Agg",
        "OPENBLAS_NUM_THREADS": "1",
        "OMP_NUM_THREADS": "1",
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
    }


def python_command(module: str, *args: str) -> list[str]:
    """The child Python's command line: isolated (no user site, no environment), the package on its path.

    >>> command = python_command("json.tool", "x.json")
    >>> command[1:3], "sys.argv[1:] = ['x.json']" in command[3]
    (['-I', '-c'], True)
    """
    path, argv = str(package_root()), list(args)
    boot = f"sys.path.insert(0, {path!r}); sys.argv[1:] = {argv!r}; runpy.run_module({module!r}, run_name='__main__')"
    return [sys.executable, "-I", "-c", f"import runpy, sys; {boot}"]


def run(
    argv: Sequence[str], limits: Limits, *, timeout: float, writable: Path | None, readable: Sequence[Path] = ()
) -> Outcome:
    """Run ``argv`` (a :func:`python_command`) capped by ``limits``, in the sandbox unless ``limits.sandbox`` is off.

    Without the sandbox it runs in ``writable`` (or a fresh folder), as the teacher.
    """
    memory = limits.memory * 2**20

    def capped() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    if limits.sandbox:
        command, cwd, env = bwrap_command(argv, writable=writable, readable=readable, bwrap=require_bwrap()), None, None
    else:
        command, cwd, env = list(argv), writable, _environment(writable or Path.cwd())
    with subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        cwd=cwd,
        env=env,
        preexec_fn=capped,
        start_new_session=True,
    ) as child:
        try:
            out, _ = child.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            os.killpg(child.pid, signal.SIGKILL)
            child.communicate()
            return Outcome(None, "")
        finally:
            if child.poll() is None:
                os.killpg(child.pid, signal.SIGKILL)
    return Outcome(child.returncode, out.decode("utf-8", "replace"))
