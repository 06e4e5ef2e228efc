"""Where grading runs code: a child Python under bubblewrap (``bwrap``), capped in time, memory, processes and disk.

The sandbox has no network, sees the system read-only (``/usr``, ``/etc``, this Python and the
``cardcommons`` package, and the folders it is given to read, nothing else of the teacher's
files) and may write only to size-capped RAM folders of its own (its home, ``/tmp``,
``/dev/shm``), gone when it ends. bwrap itself starts with an empty environment, so the
teacher's never enters (not even as ``/proc/1/environ``). Every process it starts ends with it.
What it says comes back through pipes the grader reads in bounded chunks, never through a file
the student's code could have made.

Where systemd gives the teacher a cgroup (``systemd-run --scope``), the whole sandbox is capped
in memory and processes; elsewhere each process is capped in memory (``RLIMIT_AS``) and the
sandbox's processes in number (``RLIMIT_NPROC``, which binds no one grading as root):
:attr:`Sandbox.unset` says, in words, which limit could not be set.

>>> command = bwrap_command(["python"], given=Path("/kit"), limits=Limits())
>>> command[:2], "--unshare-all" in command, command[-1]
(['bwrap', '--unshare-all'], True, 'python')
"""

from __future__ import annotations

import os
import resource
import selectors
import shutil
import signal
import site
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path

import cardcommons
from cardcommons.errors import ClassKitError, cut, is_real

HOME = Path("/home/student")
"""The sandbox's home and working folder (a RAM folder of its own)."""
GIVEN = Path("/run/given")
"""Where the folder the grader gives a sandbox to read appears, read-only, inside it."""

MIB = 2**20

HOW_TO_GET_BWRAP = (
    "grading runs each student's code, so it runs it in a sandbox made with bubblewrap (bwrap), "
    "which is not installed: on Debian or Ubuntu, `sudo apt-get install bubblewrap`; on Fedora, "
    "`sudo dnf install bubblewrap`; elsewhere, grade in otter's container (see the README), or pass "
    "--no-sandbox to run the students' code as yourself, on purpose"
)
WHEN_BWRAP_CANNOT_START = (
    "the sandbox cannot start here: bwrap says {reason!r}. bwrap needs unprivileged user namespaces: "
    "on Debian or Ubuntu, `sudo sysctl -w kernel.unprivileged_userns_clone=1`, and on Ubuntu 24.04 "
    "and later also `sudo sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`; inside a "
    "container, run it with user namespaces allowed, or grade in otter's Docker container (see the "
    "README), or pass --no-sandbox to run the students' code as yourself, on purpose"
)


@dataclass(frozen=True)
class Limits:
    """What one notebook may take: ``timeout`` seconds of wall-clock time (and as many for its checks),
    ``memory`` MiB, ``processes`` processes and threads, ``disk`` MiB in each folder it may write to
    (and in any one file).

    >>> Limits(timeout=0)
    Traceback (most recent call last):
    ...
    cardcommons.errors.ClassKitError: timeout must be a positive number of seconds, not 0
    """

    timeout: float = 300.0
    memory: int = 4096
    sandbox: bool = True
    processes: int = 64
    disk: int = 256

    def __post_init__(self) -> None:
        if not is_real(self.timeout) or not self.timeout > 0:
            raise ClassKitError(f"timeout must be a positive number of seconds, not {self.timeout!r}")
        for name, least in (("memory", 256), ("processes", 8), ("disk", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise ClassKitError(f"{name} must be a whole number, {least} or more, not {value!r}")


@dataclass(frozen=True)
class Outcome:
    """How a child ended: its exit status (negative: the signal that ended it), or ``None`` if it ran over.

    >>> Outcome(None).why_not, Outcome(-9).why_not, Outcome(0).why_not
    ('ran over its time limit', 'died (signal 9)', '')
    """

    status: int | None

    @property
    def why_not(self) -> str:
        """Why it did not finish well, or ``""``."""
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


def bwrap_command(argv: Sequence[str], *, given: Path | None, limits: Limits, bwrap: str = "bwrap") -> list[str]:
    """The ``bwrap`` command line that runs ``argv`` apart, ``given`` read-only as :data:`GIVEN`, its RAM
    folders capped."""
    size = str(limits.disk * MIB)
    command = [bwrap, "--unshare-all", "--die-with-parent", "--new-session", "--clearenv"]
    command += ["--ro-bind", "/usr", "/usr", "--ro-bind-try", "/etc", "/etc"]
    for top in ("bin", "lib", "lib64", "sbin"):
        root = Path("/") / top
        if root.is_symlink():
            command += ["--symlink", os.readlink(root), str(root)]
        elif root.exists():
            command += ["--ro-bind", str(root), str(root)]
    command += ["--proc", "/proc", "--dev", "/dev"]
    for writable in ("/tmp", "/dev/shm", str(HOME)):
        command += ["--size", size, "--tmpfs", writable]
    for folder in _python_folders():
        command += ["--ro-bind", str(folder), str(folder)]
    if given is not None:
        command += ["--ro-bind", str(given), str(GIVEN)]
    command += ["--remount-ro", "/dev", "--remount-ro", "/", "--chdir", str(HOME)]
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


def python_command(module: str, *args: str, processes: int | None = None) -> list[str]:
    """The child Python's command line: isolated (no user site, no environment), the package on its path,
    and, given ``processes``, that many processes and threads at most (set inside the sandbox).

    >>> command = python_command("json.tool", "x.json", processes=64)
    >>> command[1:3], "sys.argv[1:] = ['x.json']" in command[3], "RLIMIT_NPROC, (64, 64)" in command[3]
    (['-I', '-c'], True, True)
    """
    path, argv = str(package_root()), list(args)
    cap = "" if processes is None else f"resource.setrlimit(resource.RLIMIT_NPROC, ({processes}, {processes})); "
    boot = f"sys.path.insert(0, {path!r}); sys.argv[1:] = {argv!r}; runpy.run_module({module!r}, run_name='__main__')"
    return [sys.executable, "-I", "-c", f"import resource, runpy, sys; {cap}{boot}"]


def _scope(limits: Limits) -> list[str]:
    """``systemd-run``'s command line that puts a command in a cgroup capped in memory and tasks.

    >>> _scope(Limits(memory=512, processes=32))[-5:]
    ['--collect', '--property=MemoryMax=512M', '--property=MemorySwapMax=0', '--property=TasksMax=32', '--']
    """
    user = ["--user"] if os.geteuid() != 0 else []
    caps = [f"MemoryMax={limits.memory}M", "MemorySwapMax=0", f"TasksMax={limits.processes}"]
    return ["systemd-run", *user, "--scope", "--quiet", "--collect", *(f"--property={cap}" for cap in caps), "--"]


READ_CAPS = 'cd "/sys/fs/cgroup$(sed -n "s/^0:://p" /proc/self/cgroup)" && cat memory.max pids.max'
"""What a command in a cgroup of its own runs to read the caps it is under (cgroup v2)."""


def _caps(read: subprocess.CompletedProcess[bytes]) -> tuple[int, int] | None:
    """The memory (bytes) and process caps that :data:`READ_CAPS` read, or ``None`` where it could not.

    >>> _caps(subprocess.CompletedProcess([], 0, b"536870912\\n32\\n")), _caps(subprocess.CompletedProcess([], 1))
    ((536870912, 32), None)
    """
    try:
        memory, processes = read.stdout.split() if read.returncode == 0 else (b"", b"")
        return int(memory), int(processes)
    except (ValueError, TypeError):
        return None


def _quick(command: Sequence[str]) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(command, capture_output=True, timeout=60, env=_plain_environment(), check=False)


def _plain_environment() -> dict[str, str]:
    """What bwrap (or systemd-run) is started with: nothing of the teacher's but how to reach systemd."""
    kept = ("XDG_RUNTIME_DIR", "DBUS_SESSION_BUS_ADDRESS")
    return {"PATH": "/usr/bin:/bin"} | {name: os.environ[name] for name in kept if name in os.environ}


@dataclass(frozen=True)
class Sandbox:
    """How this run starts its children: ``bwrap`` (``None`` without the sandbox), a ``systemd-run``
    ``scope`` prefix (empty where no cgroup is offered) and the limits that could not be set (``unset``)."""

    limits: Limits
    bwrap: str | None
    scope: tuple[str, ...] = ()
    unset: tuple[str, ...] = field(default=())

    @classmethod
    def prepare(cls, limits: Limits) -> Sandbox:
        """Check that the sandbox starts (:class:`ClassKitError` with bwrap's own reason if not), and find
        which limits this machine lets the grader set."""
        if not limits.sandbox:
            return cls(limits, None, (), ("the sandbox (--no-sandbox: the students' code runs as you)",))
        bwrap = require_bwrap()
        tried = _quick(["env", "-i", *bwrap_command(["/bin/true"], given=None, limits=limits, bwrap=bwrap)])
        if tried.returncode != 0:
            reason = tried.stderr.decode("utf-8", "replace").strip() or f"exit status {tried.returncode}"
            raise ClassKitError(WHEN_BWRAP_CANNOT_START.format(reason=cut(reason, 300)))
        scope = _scope(limits)
        if shutil.which("systemd-run") and _caps(_quick([*scope, "sh", "-c", READ_CAPS])) == (
            limits.memory * MIB,
            limits.processes,
        ):
            return cls(limits, bwrap, tuple(scope))
        unset = [f"memory for the whole sandbox (no cgroup from systemd here: each process gets {limits.memory} MiB)"]
        if os.geteuid() == 0:
            unset.append("the number of processes (grading as root, whom no process limit binds: grade as a user)")
        return cls(limits, bwrap, (), tuple(unset))

    def seen(self, given: Path) -> Path:
        """Where the child sees the folder ``given``: :data:`GIVEN` in the sandbox, where it is without."""
        return given if self.bwrap is None else GIVEN

    def command(self, argv: Sequence[str], given: Path) -> list[str]:
        """The full command line that runs ``argv`` (a :func:`python_command`) here, ``given`` to read."""
        if self.bwrap is None:
            return list(argv)
        sandboxed = bwrap_command(argv, given=given, limits=self.limits, bwrap=self.bwrap)
        return [*self.scope, "env", "-i", *sandboxed]

    def python(self, module: str, *args: str) -> list[str]:
        """:func:`python_command` with the process cap where it is set inside the sandbox."""
        inside = self.bwrap is not None and not self.scope and os.geteuid() != 0
        return python_command(module, *args, processes=self.limits.processes if inside else None)

    @contextmanager
    def start(
        self, argv: Sequence[str], *, given: Path, pass_fds: Sequence[int] = (), cwd: Path
    ) -> Iterator[subprocess.Popen[bytes]]:
        """Start ``argv`` (its output thrown away), ``given`` to read; every process it started ends on leaving.

        Without the sandbox it runs in ``cwd``, as the teacher, capped in memory and file size.
        """
        memory, disk = self.limits.memory * MIB, self.limits.disk * MIB

        def capped() -> None:
            if not self.scope:
                resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            resource.setrlimit(resource.RLIMIT_FSIZE, (disk, disk))

        env = _plain_environment() if self.bwrap else _environment(cwd)
        child = subprocess.Popen(
            self.command(argv, given),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            cwd=cwd,
            env=env,
            preexec_fn=capped,
            start_new_session=True,
            pass_fds=tuple(pass_fds),
        )
        try:
            yield child
        finally:
            end(child)


def end(child: subprocess.Popen[bytes]) -> None:
    """End a child and every process of its session."""
    with suppress(ProcessLookupError):
        os.killpg(child.pid, signal.SIGKILL)
    child.wait()


def wait(child: subprocess.Popen[bytes], deadline: float) -> Outcome:
    """Wait for a child until ``deadline`` (a :func:`time.monotonic` time); ``Outcome(None)`` when it runs over."""
    try:
        return Outcome(child.wait(timeout=max(0.0, deadline - time.monotonic())))
    except subprocess.TimeoutExpired:
        end(child)
        return Outcome(None)


class TooMuch(Exception):
    """A child said more than the grader reads."""


def read_all(fd: int, limit: int, deadline: float) -> bytes | None:
    """Everything written to the pipe ``fd`` until its end, in bounded chunks: ``None`` if it is still
    open at ``deadline``, :class:`TooMuch` past ``limit`` bytes. Closes ``fd``.

    >>> reader, writer = os.pipe()
    >>> _ = os.write(writer, b"data"); os.close(writer)
    >>> read_all(reader, 10, time.monotonic() + 5)
    b'data'
    """
    chunks: list[bytes] = []
    size = 0
    with selectors.DefaultSelector() as selector, open(fd, "rb", buffering=0, closefd=True) as pipe:
        selector.register(pipe, selectors.EVENT_READ)
        while True:
            left = deadline - time.monotonic()
            if left <= 0 or not selector.select(left):
                return None
            chunk = pipe.read(MIB)
            if not chunk:
                return b"".join(chunks)
            size += len(chunk)
            if size > limit:
                raise TooMuch(f"more than {limit // MIB} MiB")
            chunks.append(chunk)
