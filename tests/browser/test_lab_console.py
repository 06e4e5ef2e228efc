"""JupyterLab opened as ``make lab`` opens it: no console error from the Pyodide kernel's extension.

jupyterlite-pyodide-kernel (the ``site`` extra, for ``make lite``) installs its
labextension into the same environment as JupyterLab, which loads the code of
every federated extension it finds, disabled ones too (``disabledExtensions``
in a page config only keeps their plugins from activating; JupyterLab 4.6's
``index.js`` creates every extension's module first). The extension consumes
``@jupyterlite/services``, which JupyterLab does not share, so its loading logs
"Shared module @jupyterlite/services doesn't exist in shared scope default".
Lab works on (the plugin only serves JupyterLite). Upstream knows it
(jupyterlite/pyodide-kernel#32, open: "still gets loaded by webpack machinery";
its maintainers' advice is an environment of its own for the JupyterLite
build), so the error goes once ``make lite`` builds in an environment of its
own; then this test passes, and its expected failure fails: remove the mark.
"""

from __future__ import annotations

from typing import Any

import pytest

from browser.conftest import LAB_TIMEOUT_MS


@pytest.mark.xfail(
    strict=True, raises=AssertionError, reason="the Pyodide kernel's labextension shares Lab's environment (see above)"
)
def test_lab_logs_no_error_of_the_pyodide_kernels_extension(page: Any, lab_url: str) -> None:
    errors: list[str] = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{lab_url}/lab")
    page.locator("#jp-main-statusbar").wait_for(timeout=LAB_TIMEOUT_MS)
    page.wait_for_function("() => !!document.querySelector('.jp-LauncherCard')", timeout=LAB_TIMEOUT_MS)
    pyodide = [text for text in errors if "pyodide" in text.lower() or "@jupyterlite" in text]
    assert not pyodide, pyodide
