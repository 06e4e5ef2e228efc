"""The engine's dependencies in JupyterLite, or plain words on what is missing.

In JupyterLite each lesson opens with a cell that installs the engine from the
site (``%pip install --no-deps cardcommons``) and then awaits
:func:`install_dependencies`: it installs what the engine depends on (numpy,
matplotlib, scipy from Pyodide's package site; ipywidgets from the site),
imports each one to check that it came (offline, Pyodide's installer can
return without an error and without the package), and says in plain words
what is missing and what still works without it.

>>> print(missing_message(["numpy", "matplotlib", "tqdm", "scipy"]))
Not installed: numpy, matplotlib, tqdm, scipy (Pyodide's package site did not answer: is this browser offline?).
Works without them: cards and packs, a hand's value (evaluate), exact odds (category_counts), the odds explorer.
Needs them: the games and the arcade, the bots and the coach's Hint, simulations, plots, the hand explorer.
Run this cell again once the browser is online.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import re
from collections.abc import Awaitable, Callable
from contextlib import suppress
from html import escape

from IPython.display import display

__all__ = ["Note", "dependencies", "install_dependencies", "missing_message"]

Installer = Callable[[str], Awaitable[object]]

STILL_WORKS = "cards and packs, a hand's value (evaluate), exact odds (category_counts)"
"""What the engine does with none of its dependencies (the pure engine: ``import cardcommons``)."""
NEEDS = "the games and the arcade, the bots and the coach's Hint, simulations, plots, the hand explorer"
"""What needs numpy, matplotlib, scipy or tqdm."""


def dependencies() -> list[str]:
    """The project names of the engine's own dependencies (no extras), in the order it lists them.

    >>> dependencies()[:2]
    ['numpy', 'matplotlib']
    """
    requires = importlib.metadata.requires("cardcommons") or []
    return [_name(spec) for spec in requires if ";" not in spec]


def _name(spec: str) -> str:
    """The project name of a requirement (``numpy>=1.26`` -> ``numpy``)."""
    match = re.match(r"[A-Za-z0-9._-]+", spec)
    assert match is not None, spec  # a dependency's metadata always starts with its name
    return match[0].lower()


def _importable(name: str) -> bool:
    """Whether the module of project ``name`` imports."""
    try:
        importlib.import_module(name.replace("-", "_"))
    except ImportError:
        return False
    return True


class Note(str):
    """Plain words: as text, and in a notebook as paragraphs (a phone's narrow output wraps them between
    words, not inside one).

    >>> Note("One.\\nTwo & three.")._repr_html_()
    '<p>One.</p><p>Two &amp; three.</p>'
    """

    __slots__ = ()

    def _repr_html_(self) -> str:
        return "".join(f"<p>{escape(line)}</p>" for line in self.splitlines())


def missing_message(missing: list[str]) -> str:
    """What a reader without the projects ``missing`` can still do, in plain words ('' when none is missing).

    >>> missing_message([])
    ''
    >>> print(missing_message(["ipywidgets"]))
    Not installed: ipywidgets (Pyodide's package site did not answer: is this browser offline?).
    Works without them: cards and packs, a hand's value (evaluate), exact odds (category_counts).
    Needs them: every widget: the tables, the explorers and the arcade.
    Run this cell again once the browser is online.
    """
    if not missing:
        return ""
    widgets = "ipywidgets" not in missing
    numeric = [name for name in missing if name != "ipywidgets"]
    needs = [NEEDS] if numeric else []
    if not widgets:
        needs.append("every widget: the tables, the explorers and the arcade")
    return "\n".join(
        (
            f"Not installed: {', '.join(missing)} (Pyodide's package site did not answer: is this browser offline?).",
            f"Works without them: {STILL_WORKS}{', the odds explorer' if widgets else ''}.",
            f"Needs them: {'; '.join(needs)}.",
            "Run this cell again once the browser is online.",
        )
    )


async def install_dependencies(
    install: Installer | None = None, importable: Callable[[str], bool] = _importable
) -> None:
    """Install the engine's dependencies one by one (``install``: Pyodide's ``piplite.install``), so
    that what can come comes; show :func:`missing_message` for those that do not import."""
    if install is None:
        install = importlib.import_module("piplite").install
    for name in dependencies():
        with suppress(OSError):  # Pyodide's package site is out of reach: said below, by name
            await install(name)
    missing = [name for name in dependencies() if not importable(name)]
    if missing:
        display(Note(missing_message(missing)))  # type: ignore[no-untyped-call]
