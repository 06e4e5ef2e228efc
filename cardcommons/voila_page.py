"""What an arcade page served by Voilà adds for its reader: a word when its kernel is gone.

A page whose kernel was shut down (a laptop that slept past the server's
idle cull, a server restarted) would keep its table on screen with every
button dead. :func:`kernel_watch` gives such a page a hidden alert that the
page shows, with a Reload button, once the server no longer knows its kernel:
it asks ``api/kernels/<id>`` when the tab is shown again, when the browser is
back online, and every minute. Off a Voilà page (JupyterLab, a saved
notebook, the static site) it gives nothing.

>>> kernel_watch({}) is None
True
>>> watch = kernel_watch({"VOILA_KERNEL_ID": "k1", "VOILA_BASE_URL": "/user/ann/"})
>>> '"/user/ann/api/kernels/k1"' in watch.data, 'role="alert"' in watch.data
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from urllib.parse import quote

from IPython.display import HTML

__all__ = ["GONE", "kernel_watch"]

GONE = (
    "This page has stopped: the server shut its Python kernel down (the page was away too long, or the server "
    "restarted), so its buttons no longer answer. Reload the page to play again."
)
"""What the page says when its kernel is gone."""
_CHECK_MS = 60_000


def kernel_watch(environ: Mapping[str, str]) -> HTML | None:
    """The page's hidden alert and the script that shows it once the kernel is gone, on a Voilà page (Voilà sets
    ``VOILA_KERNEL_ID`` and ``VOILA_BASE_URL`` in the kernel's ``environ``); None elsewhere."""
    kernel, base = environ.get("VOILA_KERNEL_ID"), environ.get("VOILA_BASE_URL")
    if not kernel or base is None:
        return None
    url = json.dumps(f"{base.rstrip('/')}/api/kernels/{quote(kernel, safe='')}")
    note = f"cc-kernel-gone-{quote(kernel, safe='')}"
    return HTML(  # type: ignore[no-untyped-call]
        f'<div id="{note}" class="cc-kernel-gone" role="alert" hidden style="position:sticky;top:0;z-index:10;'
        "margin:0 0 8px;padding:10px 14px;border:2px solid #9a3412;border-radius:6px;background:#fff4e5;"
        f'color:#1a1a1a;font:15px system-ui,sans-serif">{GONE} '
        '<button type="button" onclick="location.reload()" style="margin-left:8px;padding:4px 12px;font:inherit;'
        'color:#fff;background:#9a3412;border:0;border-radius:4px;cursor:pointer">Reload</button></div>'
        f"<script>(() => {{ const note = document.getElementById({json.dumps(note)}); const check = async () => {{"
        f" try {{ const answer = await fetch({url}, {{cache: 'no-store'}}); if (answer.status === 404) note.hidden"
        " = false; } catch (offline) {} }; addEventListener('online', check); document.addEventListener("
        "'visibilitychange', () => document.hidden || check());"
        f" setInterval(check, {_CHECK_MS}); }})();</script>"
    )
