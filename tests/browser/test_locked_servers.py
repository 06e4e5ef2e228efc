"""The test servers are locked: only this run's token opens them, only from
127.0.0.1, and they are stopped even when something hangs (see conftest.py)."""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from contextlib import suppress

import pytest

from browser.servers import auth_header, stop


def status(url: str, headers: dict[str, str] | None = None) -> tuple[int, str]:
    """The status of a GET of ``url`` (redirects not followed) and where it redirects."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
    try:
        connection.request("GET", parts.path + (f"?{parts.query}" if parts.query else ""), headers=headers or {})
        response = connection.getresponse()
        return response.status, response.getheader("Location") or ""
    finally:
        connection.close()


def refuses_connections(url: str, host: str) -> bool:
    """True if nothing listens on ``host`` at the port of ``url``."""
    port = urllib.parse.urlsplit(url).port
    with socket.socket() as s:
        s.settimeout(5)
        return s.connect_ex((host, port or 0)) != 0


# what only the token may open: running code, and the pages (a GET of Voilà's page runs the notebook)
PROTECTED = {
    "lab_url": ["/api/kernels", "/api/contents", "/lab"],
    "voila_url": ["/voila/api/shutdown/k", "/api/kernels/k/channels", "/"],
}


@pytest.mark.parametrize("server", ["lab_url", "voila_url"])
def test_only_this_runs_token_opens_the_server(
    server: str, request: pytest.FixtureRequest, server_token: str, browser_ready: None
) -> None:
    base: str = request.getfixturevalue(server)
    for path in PROTECTED[server]:
        url = f"{base}{path}"
        assert refused(*status(url)), url
        assert refused(*status(url, auth_header("not-the-token"))), url
        assert refused(*status(f"{url}?token=not-the-token")), url
        if path != "/":
            assert not refused(*status(url, auth_header(server_token))), url
            assert not refused(*status(f"{url}?token={server_token}")), url


def refused(code: int, location: str) -> bool:
    """Forbidden, or sent to the login form."""
    return code == 403 or (code == 302 and "/login" in location)


@pytest.mark.parametrize("server", ["lab_url", "voila_url"])
def test_the_server_listens_on_127_0_0_1_only(server: str, request: pytest.FixtureRequest) -> None:
    base: str = request.getfixturevalue(server)
    assert urllib.parse.urlsplit(base).hostname == "127.0.0.1"
    assert not refuses_connections(base, "127.0.0.1")
    # another loopback address of this machine: a server bound to all interfaces would answer there too
    assert refuses_connections(base, "127.0.0.2")


def test_stop_ends_a_server_that_ignores_sigterm_and_its_children() -> None:
    # a "server" that shrugs off SIGTERM and has a child of its own that does too; each says when it does
    stubborn = (
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN); print('up', flush=True); time.sleep(600)"
    )
    parent = f"import subprocess, sys; subprocess.Popen([sys.executable, '-c', {stubborn!r}]); exec({stubborn!r})"
    proc = subprocess.Popen([sys.executable, "-c", parent], stdout=subprocess.PIPE, start_new_session=True)
    assert proc.stdout is not None
    try:
        assert [proc.stdout.readline(), proc.stdout.readline()] == [b"up\n", b"up\n"]  # both ignore SIGTERM
        stop(proc, grace=1)
        assert proc.returncode == -signal.SIGKILL  # SIGTERM was ignored: killed once the grace was over
        assert not group_alive(proc.pid, within=HANG), f"a process of the group outlived stop() by {HANG} s"
    finally:  # whatever failed, nothing is left behind
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()


HANG = 60  # seconds: a guard against a hang; an orphan is normally gone in a moment


def group_alive(pgid: int, within: float) -> bool:
    """True if the process group ``pgid`` still exists after ``within`` seconds (its orphans take a moment to go)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.1)
    return True
