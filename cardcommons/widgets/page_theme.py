"""The theme of a page that Voilà serves: as the reader's system is set
(``prefers-color-scheme``), light or dark, switched at once without a reload.

Voilà 0.5 draws its page in the one JupyterLab theme the server names
(``?theme=dark`` in the address, else light). It has no switch, and its
theme manager reads no settings, so JupyterLab's "synchronise with system"
does not reach it. But it serves the light and dark stylesheets of its
page template under ``voila/templates/lab/static/`` (the ones it writes into a
page asked for with ``?theme=``), and each one only sets the theme's CSS
variables on ``:root``. A link to one of them, put in the page by an HTML
widget after Voilà's own stylesheet, therefore restyles the whole page: the
table, its controls and the page around them. A ``media`` query on the link
makes it follow the system, and follow it live when the system changes.

Not the copies under ``voila/api/themes/``: on a server that also runs
JupyterLab (Binder, or Lab's "Render with Voilà"), Jupyter Server keeps one
cache of where such a file lies for Voilà's themes and Lab's alike, keyed by
the file's name, so whichever of the two serves a theme first, the other
then refuses its own copy of it (403).

>>> html = theme_html("system", "/user/ab12/")
>>> [link.split('"')[5] for link in html.split("<link")[1:]]
['not all and (prefers-color-scheme: dark)', '(prefers-color-scheme: dark)']
>>> html.count('href="/user/ab12/voila/templates/lab/static/theme-')
2
"""

from __future__ import annotations

from html import escape
from typing import Literal

from cardcommons.errors import RulesError

__all__ = ["THEMES", "Theme", "checked_theme", "theme_html"]

Theme = Literal["system", "light", "dark"]
THEMES: tuple[Theme, ...] = ("system", "light", "dark")
"""The choices: as the reader's system is set, light, dark."""
_SHEET = "voila/templates/lab/static/theme-{}.css"
_WHEN_SYSTEM = {"light": "not all and (prefers-color-scheme: dark)", "dark": "(prefers-color-scheme: dark)"}
"""The media queries of the two stylesheets when the page follows the system (no preference reads light)."""


def checked_theme(theme: object) -> Theme:
    """``theme`` if it is one of :data:`THEMES`.

    >>> checked_theme("sepia")
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: a theme is 'system', 'light' or 'dark', not 'sepia'
    """
    for known in THEMES:
        if theme == known:
            return known
    raise RulesError(f"a theme is 'system', 'light' or 'dark', not {theme!r}")


def theme_html(theme: Theme, base_url: str) -> str:
    """The stylesheet links that give a Voilà page ``theme``; ``base_url`` is
    the server's (Voilà gives it to the kernel as ``VOILA_BASE_URL``).

    Native parts (scroll bars, check boxes) follow too, by ``color-scheme``.

    >>> theme_html("dark", "/").startswith('<link rel="stylesheet" href="/voila/templates/lab/static/theme-dark.css"')
    True
    """
    theme = checked_theme(theme)
    shades = ("light", "dark") if theme == "system" else (theme,)
    links = "".join(
        f'<link rel="stylesheet" href="{escape(base_url + _SHEET.format(shade))}"'
        + (f' media="{_WHEN_SYSTEM[shade]}"' if theme == "system" else "")
        + ">"
        for shade in shades
    )
    scheme = "light dark" if theme == "system" else theme
    return f"{links}<style>:root{{color-scheme:{scheme}}}</style>"
