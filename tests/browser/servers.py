"""Servers for the browser tests, locked down: each binds 127.0.0.1 only, on a
free port, asks for a random token made for the run, and is stopped however
the tests end (SIGTERM, then its whole process group killed if it hangs).

>>> auth_header("abc")
{'Authorization': 'token abc'}
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path


def auth_header(token: str) -> dict[str, str]:
    """The header that opens the servers of this run."""
    return {"Authorization": f"token {token}"}


def free_port() -> int:
    """A port nothing listens on now, on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def as_root() -> list[str]:
    """``--allow-root`` when the tests run as root (CI does), else nothing."""
    return ["--allow-root"] if os.geteuid() == 0 else []


@contextmanager
def served(cmd: list[str], ready_url: str, token: str, env: dict[str, str], log_path: Path) -> Iterator[None]:
    """Run a server while the block runs: wait until ``ready_url`` answers 200
    (asked with the token), and stop it at the end, whatever happened."""
    with open(log_path, "w") as log:
        proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        try:
            _wait_ready(proc, ready_url, token, log_path)
            yield
        finally:
            stop(proc)


def _wait_ready(proc: subprocess.Popen[bytes], url: str, token: str, log_path: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    request = urllib.request.Request(url, headers=auth_header(token))
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited rc={proc.returncode}:\n{log_path.read_text()}")
        try:
            with urllib.request.urlopen(request, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise RuntimeError(f"server not ready after {timeout}s:\n{log_path.read_text()}")
        time.sleep(0.25)


def stop(proc: subprocess.Popen[bytes], grace: float = 20) -> None:
    """SIGTERM (a server shuts its kernels down), then kill the process group
    (its own session: ``start_new_session=True``) if it is still there."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        with suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=grace)
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)  # whatever of the group is left
    proc.wait()
