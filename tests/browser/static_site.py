"""A folder served on 127.0.0.1 as a static host serves it: the built course
site and the JupyterLite site in their browser tests."""

from __future__ import annotations

import functools
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any


class StaticFiles(SimpleHTTPRequestHandler):
    """Files with the types a browser insists on (JavaScript modules, WebAssembly), and no log."""

    extensions_map = {  # noqa: RUF012 - the base class's own attribute
        **SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".js": "text/javascript",
        ".wasm": "application/wasm",
    }

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextmanager
def served(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on a free port of 127.0.0.1 while the block runs; yield its URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(StaticFiles, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
