"""Lay out the static site's sources: ``python docs/site/stage.py OUT [LITE]`` (``make site`` runs it).

OUT gets this folder's ``conf.py``, ``index.md``, ``static/`` and ``templates/`` (the theme's
search button, named by its own words), a copy of ``notebooks/``
(every lesson, new ones too, and the solutions), and ``vendor/``: the
widget manager, require.js and MathJax from ``docs/site/node_modules`` (npm),
so the pages load nothing from elsewhere. The arcade gets a title
(:data:`PREFACES`). A widget whose state was not saved
with its notebook would show nothing: its output keeps only its static
picture (the HTML the widget gives besides its view). A saved widget is a
picture too: its controls are disabled, and a line under it says where to
use it (:func:`freeze_widgets`): on Binder when pyproject.toml names the
repository (:func:`repository_name`), in JupyterLite when a JupyterLite site
(``make lite``'s LITE) is built beside the site (it is served at ``lite/``),
and on the reader's own machine.

>>> cell = {"outputs": [{"data": {VIEW: {"model_id": "m1"}, "text/html": "<b>5♠</b>"}}]}
>>> keep_pictures({"cells": [cell], "metadata": {}})
1
>>> sorted(cell["outputs"][0]["data"])
['text/html']
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tomllib
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NPM = HERE / "node_modules"
PYPROJECT = REPO / "pyproject.toml"
VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"
VENDOR = {  # where in vendor/ <- what from node_modules/
    "require.js": "requirejs/require.js",
    "html-manager": "@jupyter-widgets/html-manager/dist",
    "mathjax/tex-mml-chtml.js": "mathjax/es5/tex-mml-chtml.js",
    "mathjax/output/chtml/fonts/woff-v2": "mathjax/es5/output/chtml/fonts/woff-v2",
}
PREFACES = {  # a page the site adds a title and a word to: the arcade is a kernel's work
    "play.ipynb": (
        "# The arcade\n\nBoth games against the computer, as they were last played: on this page the table is "
        "a picture."
    ),
}
PLAY_PARAGRAPH = "**Just want to play?**"
"""How lesson 00's paragraph on where to play starts: the site says it its own way (:func:`site_play_paragraph`)."""
APP = ": run this cell to "
"""What a widget's one-line summary (its ``text/plain``) says where it cannot run ("Hand explorer: run this cell to
pick five cards..."): its saved output is a picture on the site."""
SKIP = shutil.ignore_patterns("*.map", "embed.js", "libembed-amd.js", "*.txt", ".ipynb_checkpoints", "voila.json")


class StagingError(ValueError):
    """A lesson no longer has what the site rewrites in it, or the repository's name is not of GitHub's form."""


@dataclass(frozen=True)
class Openers:
    """Where a site reader can open a notebook to run it: Binder (when the repository's public name is set) and the
    site's own JupyterLite (when it is built beside the site), each only where it is there."""

    repository: str = ""
    """The repository's GitHub name, "owner/name" ('' when not set: no Binder link)."""
    lite: bool = False
    """Whether JupyterLite is served at the site's ``lite/``."""

    def links(self, notebook: str, depth: int, *, play: bool) -> list[str]:
        """HTML links that open ``notebook`` (its path under ``notebooks/``, from a page ``depth`` folders below the
        site's root), the arcade on Binder for ``play``; then the reader's own machine (``make play`` or ``make lab``).

        >>> Openers("ann/cards", lite=True).links("02_split_and_choose.ipynb", 1, play=True)[:2]
        ['<a href="https://mybinder.org/v2/gh/ann/cards/HEAD?urlpath=voila/render/notebooks/play.ipynb" ...>the arcade
        on Binder</a>', '<a href="../lite/notebooks/index.html?path=02_split_and_choose.ipynb" ...>this lesson in
        JupyterLite</a>']
        >>> Openers().links("play.ipynb", 1, play=True)
        ['the course on your own machine (<code style="color:inherit;background:none">make play</code>)']
        """
        found = []
        if self.repository:
            target = "voila/render/notebooks/play.ipynb" if play else f"lab/tree/notebooks/{notebook}"
            what = "the arcade" if play else "this lesson"
            found.append(f'<a href="{BINDER}{self.repository}/HEAD?urlpath={target}"{_LINK}>{what} on Binder</a>')
        if self.lite:
            what = "the arcade" if notebook == "play.ipynb" else "this lesson"
            found.append(
                f'<a href="{"../" * depth}lite/notebooks/index.html?path={notebook}"{_LINK}>{what} in JupyterLite</a>'
            )
        command = "make play" if play else "make lab"
        return [*found, f"the course on your own machine ({_CODE}{command}</code>)"]

    def play_here(self, summary: str, notebook: str, depth: int) -> str:
        """The line under a saved widget whose one-line summary is ``summary``: it is a picture, and where to use it.

        >>> print(Openers().play_here("Hand explorer: run this cell to pick cards.", "01_x.ipynb", 1))
        <p class="cc-play-here" ...>This hand explorer is a picture of its last run: its controls do nothing on this
        page. To use it, open the course on your own machine (<code ...>make lab</code>).</p>
        """
        name = summary.split(APP)[0]
        play = name.endswith(("table", "arcade"))
        thing = "table" if name.endswith("table") else name.removeprefix("Card Commons ").lower()
        where = " or ".join(self.links(notebook, depth, play=play))
        return (
            f'<p class="cc-play-here" style="font-size:14px;margin:4px 0 12px">This {thing} is a picture of its last '
            f"run: its controls do nothing on this page. To {'play' if play else 'use it'}, open {where}.</p>"
        )


BINDER = "https://mybinder.org/v2/gh/"
_CODE = '<code style="color:inherit;background:none">'  # the text's own colour; the link's, dark blue: on the
_LINK = ' style="color:#0b4a9e"'  # output's light box in either theme of the site


def repository_name(pyproject: Path = PYPROJECT) -> str:
    """The repository's public GitHub name, "owner/name", as pyproject.toml's ``[tool.cardcommons] repository``
    sets it ('' when it is not set).

    >>> import tempfile
    >>> def named(setting: str) -> str:
    ...     with tempfile.TemporaryDirectory() as folder:
    ...         settings = Path(folder) / "pyproject.toml"
    ...         _ = settings.write_text(f'[tool.cardcommons]\\nrepository = "{setting}"\\n')
    ...         return repository_name(settings)
    >>> named("ann/cards"), named("")
    ('ann/cards', '')
    >>> named("https://github.com/ann/cards")
    Traceback (most recent call last):
    stage.StagingError: [tool.cardcommons] repository is a GitHub name such as 'owner/name', not 'https://github.com/ann/cards'
    """
    name = tomllib.loads(pyproject.read_text())["tool"].get("cardcommons", {}).get("repository", "")
    if name and not re.fullmatch(r"[A-Za-z0-9-]+/[A-Za-z0-9._-]+", name):
        raise StagingError(f"[tool.cardcommons] repository is a GitHub name such as 'owner/name', not {name!r}")
    return str(name)


def site_play_paragraph(openers: Openers) -> str:
    """Lesson 00's paragraph on where to play, for a site reader (who has no Render with Voilà button).

    >>> print(site_play_paragraph(Openers()))
    **Just want to play?** ... open the course on your own machine (<code ...>make play</code>).
    """
    where = " or ".join(openers.links("play.ipynb", 1, play=True)).replace(_LINK, "")  # the theme's link colour
    return f"{PLAY_PARAGRAPH} Both games against the computer, in the browser with no code in sight: open {where}."


class MissingVendorError(FileNotFoundError, ValueError):
    """A file the site serves itself is not installed (``npm ci --prefix docs/site``)."""


def keep_pictures(notebook: dict[str, Any]) -> int:
    """Drop the widget view of every output whose widget state is not saved; return how many."""
    saved = notebook["metadata"].get("widgets", {}).get(STATE, {}).get("state", {})
    dropped = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            view = output.get("data", {}).get(VIEW)
            if view is not None and view["model_id"] not in saved:
                del output["data"][VIEW]
                dropped += 1
    return dropped


def freeze_widgets(notebook: dict[str, Any], name: str, openers: Openers) -> int:
    """Disable every control of the saved widgets (on a page nothing answers them); under each widget's picture,
    put :meth:`Openers.play_here` (its summary line, which says to run the cell, taken out of the picture); return
    how many widgets. ``name``: the notebook's path under ``notebooks/``.

    >>> table = {"data": {VIEW: {"model_id": "t"}, "text/plain": "Whisky Poker table: run this cell to play."}}
    >>> state = {"b": {"model_name": "ButtonModel", "state": {"disabled": False}}}
    >>> notebook = {"cells": [{"outputs": [table]}], "metadata": {"widgets": {STATE: {"state": state}}}}
    >>> freeze_widgets(notebook, "03_whisky_poker.ipynb", Openers()), state["b"]["state"]["disabled"]
    (1, True)
    >>> notebook["cells"][0]["outputs"][1]["data"]["text/html"]
    '<p class="cc-play-here" ...>This table is a picture of its last run: ... To play, open the course...'
    """
    saved = notebook["metadata"].get("widgets", {}).get(STATE, {}).get("state", {})
    for model in saved.values():
        if "disabled" in model.get("state", {}):
            model["state"]["disabled"] = True
    widgets = 0
    for cell in notebook["cells"]:
        outputs = []
        for output in cell.get("outputs", []):
            outputs.append(output)
            data = output.get("data", {})
            summary = "".join(data.get("text/plain", ""))
            if APP in summary:
                if "text/html" in data:
                    data["text/html"] = "".join(data["text/html"]).replace(f">{escape(summary)}</div>", "></div>")
                line = openers.play_here(summary, name, name.count("/") + 1)
                outputs.append({"output_type": "display_data", "metadata": {}, "data": {"text/html": line}})
                widgets += 1
        if "outputs" in cell:
            cell["outputs"] = outputs
    return widgets


def for_the_site(notebook: dict[str, Any], name: str, openers: Openers) -> dict[str, Any]:
    """``notebook`` (its path under ``notebooks/``: ``name``) as the site shows it: its preface, its saved widgets
    as pictures (:func:`keep_pictures`, :func:`freeze_widgets`), and lesson 00's word on where to play in the site's
    own words."""
    preface = PREFACES.get(name)
    if preface:
        notebook["cells"].insert(0, {"cell_type": "markdown", "id": "site-preface", "metadata": {}, "source": preface})
    keep_pictures(notebook)
    freeze_widgets(notebook, name, openers)
    if name == "00_welcome.ipynb":
        cell = next((c for c in notebook["cells"] if PLAY_PARAGRAPH in "".join(c["source"])), None)
        if cell is None:
            raise StagingError(f"{name} has no paragraph starting {PLAY_PARAGRAPH!r} for the site to say where to play")
        paragraphs = "".join(cell["source"]).split("\n\n")
        cell["source"] = "\n\n".join(
            site_play_paragraph(openers) if part.startswith(PLAY_PARAGRAPH) else part for part in paragraphs
        )
    return notebook


def stage(out: Path, lite: Path | None = None) -> None:
    """Write the site's sources to ``out`` (emptied first); ``lite``: a JupyterLite site built beside it, to serve
    at ``lite/`` (none: not linked)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in ("conf.py", "index.md"):
        shutil.copy(HERE / name, out / name)
    for folder in ("static", "templates"):
        shutil.copytree(HERE / folder, out / folder)
    if lite is not None:
        (out / "extra").mkdir()  # conf.py copies extra/ into the site's root: JupyterLite at lite/
        (out / "extra" / "lite").symlink_to(lite.resolve(), target_is_directory=True)
    openers = Openers(repository_name(), lite is not None)
    shutil.copytree(REPO / "notebooks", out / "notebooks", ignore=SKIP)
    for path in (out / "notebooks").rglob("*.ipynb"):
        name = path.relative_to(out / "notebooks").as_posix()
        notebook = for_the_site(json.loads(path.read_text(encoding="utf-8")), name, openers)
        path.write_text(json.dumps(notebook, ensure_ascii=False), encoding="utf-8")
    for target, source in VENDOR.items():
        origin, there = NPM / source, out / "vendor" / target
        if not origin.exists():
            raise MissingVendorError(f"{origin} is missing: run npm ci --prefix docs/site")
        there.parent.mkdir(parents=True, exist_ok=True)
        if origin.is_dir():
            shutil.copytree(origin, there, ignore=SKIP)
        else:
            shutil.copy(origin, there)


if __name__ == "__main__":
    stage(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] else None)
