"""A class opens the arcade together: several Voilà pages opened at once all become playable, and a
page that cannot start says so instead of staying blank.

With Voilà's own wait for a cell's output (4 s), 16 pages opened at once on 2 cores were all blank;
``make play`` waits longer (``VOILA_FLAGS``). The test opens a handful of pages at once; the time
until each is playable is printed (a figure, not an assertion: run with ``-s``).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.conftest import CULL_SECONDS, REPO, voila_flags
from browser.playwright_expect import expect
from browser.servers import free_port, served
from browser.test_arcade import SPLIT, Arcade, no_errors

PAGES = 4
CROWD_TIMEOUT = 240_000
"""Milliseconds a page of the crowd may take to become playable (they start together, on a busy machine)."""
NOT_STARTED = "The arcade did not start in time"


def test_pages_opened_at_once_all_become_playable(context: Any, voila_url: str) -> None:
    pages = [Arcade(context.new_page()) for _ in range(PAGES)]
    start = time.perf_counter()
    for number, arcade in enumerate(pages):
        arcade.page.set_viewport_size({"width": 1024, "height": 800})
        arcade.page.goto(f"{voila_url}/?seed={number + 1}", wait_until="commit")  # all at once, not one by one
    seconds = []
    for arcade in pages:
        arcade.expect_playable(SPLIT, CROWD_TIMEOUT)
        seconds.append(round(time.perf_counter() - start, 1))
        assert NOT_STARTED not in arcade.page.locator("body").inner_text()
        no_errors(arcade)
    print(f"\n{PAGES} pages opened at once, playable after {seconds} s")


@pytest.fixture
def slow_arcade(lab_root: tuple[Path, dict[str, str]], server_token: str) -> Iterator[str]:
    """Voilà with ``make play``'s flags, serving an arcade whose cell takes longer than the executor's time limit."""
    root, env = lab_root
    folder = root / "slow-arcade"
    folder.mkdir()
    notebook = json.loads((REPO / "notebooks" / "play.ipynb").read_text(encoding="utf-8"))
    cell = notebook["cells"][0]
    cell["source"] = "import time\n\ntime.sleep(30)\n" + "".join(cell["source"])
    (folder / "play.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    port = free_port()
    flags = [flag for flag in voila_flags(CULL_SECONDS) if not flag.startswith("--VoilaExecutor.timeout=")]
    cmd = [
        sys.executable,
        "-m",
        "voila",
        str(folder / "play.ipynb"),
        "--no-browser",
        "--Voila.ip=127.0.0.1",
        f"--port={port}",
        f"--token={server_token}",
        *flags,
        "--VoilaExecutor.timeout=3",
    ]
    base = f"http://127.0.0.1:{port}"
    with served(cmd, f"{base}/voila/static/voila.js", server_token, env, root.parent / "slow-voila.log"):
        yield base


def test_a_page_that_cannot_start_says_so(page: Any, slow_arcade: str) -> None:
    arcade = Arcade(page)
    page.goto(slow_arcade, wait_until="commit")
    expect(page.get_by_text(NOT_STARTED)).to_be_visible(timeout=90_000)
    assert "Reload this page in a minute" in page.locator("body").inner_text()
    assert page.locator(SPLIT).count() == 0
    assert arcade.errors == []
