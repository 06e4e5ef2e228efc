"""Share on Binder: the arcade rendered by a Jupyter server's ``voila/render``
route under a Binder-like base URL (``/user/<name>/``, with Binder's launch
variables in the server's environment) gives a launch address that carries
the game, not the sender's own session; opened as Binder opens it (its
``urlpath`` under the receiver's base URL), it deals the same game. Once the
server has shut that page's kernel down, the page says so and offers a reload."""

from __future__ import annotations

import importlib.util
import shutil
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest

from browser.conftest import CULL_SECONDS, REPO, cannot_run, voila_flags
from browser.playwright_expect import expect
from browser.servers import as_root, auth_header, free_port, served
from browser.test_arcade import LOAD_TIMEOUT, TIMEOUT, WHISKY, Arcade, button, no_errors

PREFIX = "/user/ann-cards-x1y2/"
LAUNCH = {"BINDER_LAUNCH_HOST": "https://binder.example/", "BINDER_PERSISTENT_REQUEST": "v2/gh/ann/cards/1f2e3d4c"}


@pytest.fixture(scope="module")
def binder_like(lab_root: tuple[Path, dict[str, str]], server_token: str) -> Iterator[str]:
    """A Jupyter server as Binder runs one: under ``PREFIX``, serving a copy of the notebooks folder's arcade,
    with Binder's launch variables and the arcade's Voilà settings; its base URL."""
    if importlib.util.find_spec("voila") is None:
        cannot_run("voila is not installed (pip install -e '.[lab]')")
    root, env = lab_root
    repo = root / "binder-like"
    (repo / "notebooks").mkdir(parents=True)
    shutil.copy(REPO / "notebooks" / "play.ipynb", repo / "notebooks" / "play.ipynb")
    port = free_port()
    cmd = [sys.executable, "-m", "jupyter", "server", "--no-browser", "--ServerApp.ip=127.0.0.1", *as_root()]
    cmd += [f"--ServerApp.port={port}", f"--ServerApp.base_url={PREFIX}", f"--ServerApp.root_dir={repo}"]
    cmd += [f"--IdentityProvider.token={server_token}", *voila_flags(CULL_SECONDS)]
    base = f"http://127.0.0.1:{port}{PREFIX}"
    with served(
        cmd,
        f"{base}api/status",
        server_token,
        {**env, **LAUNCH, "JUPYTERHUB_SERVICE_PREFIX": PREFIX},
        root.parent / "binder-like.log",
    ):
        yield base


def test_share_on_binder_gives_a_launch_address_that_deals_the_same_game(
    page: Any, binder_like: str, server_token: str, screenshot_dir: Path
) -> None:
    arcade = Arcade(page)
    page.set_viewport_size({"width": 1400, "height": 900})
    page.goto(f"{binder_like}voila/render/notebooks/play.ipynb?game=whisky&seed=41&players=3&opponent=RandomBot")
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    button(page.locator(".cc-arcade"), "Share").click()
    link = page.locator(".cc-arcade .cc-share a")
    expect(link).to_be_visible(timeout=TIMEOUT)
    address = urlsplit(link.get_attribute("href") or "")
    assert f"{address.scheme}://{address.netloc}/" == LAUNCH["BINDER_LAUNCH_HOST"], address
    assert address.path == "/" + LAUNCH["BINDER_PERSISTENT_REQUEST"], "a launch at the commit this session runs"
    (urlpath,) = parse_qs(address.query)["urlpath"]  # Binder opens it under the receiver's own base URL
    assert urlpath.startswith("voila/render/notebooks/play.ipynb?game=whisky&seed=41&players=3&opponent=RandomBot")
    page.screenshot(path=screenshot_dir / "arcade_share_binder.png")
    before = page.locator(f"{WHISKY} .cc-hand-row").inner_text()
    page.goto(binder_like + urlpath)
    arcade.expect_playable(WHISKY, LOAD_TIMEOUT)
    assert page.locator(f"{WHISKY} .cc-hand-row").inner_text() == before
    # Binder's route loads MathJax from a CDN, which this machine cannot reach (the page gets an empty script)
    arcade.errors = [error for error in arcade.errors if "MathJax is not defined" not in error]
    no_errors(arcade)
    # the server shuts the kernel down (as its idle cull would): back online, the page says so
    gone = page.get_by_role("alert").filter(has_text="shut its Python kernel down")
    expect(gone).to_be_hidden()
    kernel = (page.locator(".cc-kernel-gone").get_attribute("id") or "").removeprefix("cc-kernel-gone-")
    request = urllib.request.Request(f"{binder_like}api/kernels/{kernel}", method="DELETE")
    request.headers.update(auth_header(server_token))
    with urllib.request.urlopen(request, timeout=30) as answer:
        assert answer.status == 204
    page.evaluate("dispatchEvent(new Event('online'))")
    expect(gone).to_be_visible(timeout=TIMEOUT)
    expect(gone.get_by_role("button", name="Reload")).to_be_visible()
    page.screenshot(path=screenshot_dir / "arcade_kernel_gone.png")
