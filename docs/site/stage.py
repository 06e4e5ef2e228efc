"""Lay out the static site's sources: ``python docs/site/stage.py OUT`` (``make site`` runs it).

OUT gets this folder's ``conf.py``, ``index.md``, ``static/`` and ``templates/`` (the theme's
search button, named by its own words), a copy of ``notebooks/``
(every lesson, new ones too, and the solutions), and ``vendor/``: the
widget manager, require.js and MathJax from ``docs/site/node_modules`` (npm),
so the pages load nothing from elsewhere. The arcade gets a title and a word
on where to play it (:data:`PREFACES`). A widget whose state was not saved
with its notebook would show nothing: its output keeps only its static
picture (the HTML the widget gives besides its view). A saved table is a
picture too: its buttons are disabled, and a line under it says where to
play (:func:`freeze_tables`).

>>> cell = {"outputs": [{"data": {VIEW: {"model_id": "m1"}, "text/html": "<b>5♠</b>"}}]}
>>> keep_pictures({"cells": [cell], "metadata": {}})
1
>>> sorted(cell["outputs"][0]["data"])
['text/html']
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
NPM = HERE / "node_modules"
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
        "a picture. To play, open `notebooks/play.ipynb` on Binder or in JupyterLite."
    ),
}
BINDER = "https://mybinder.org/v2/gh/OWNER/REPO/HEAD?urlpath=voila/render/notebooks/play.ipynb"  # as the README
_CODE = '<code style="color:inherit;background:none">'  # the text's own colour, as the link's: on the output's
# light box in either theme of the site
PLAY_HERE = (
    '<p class="cc-play-here" style="font-size:14px;margin:4px 0 12px">This table is a picture of the game saved '
    "with the lesson: its buttons do nothing on this page. To play, open "
    f'<a href="{BINDER}" style="color:#0b4a9e">the arcade on Binder</a>, open the notebook in JupyterLite '
    f"({_CODE}make lite</code>), or run {_CODE}make play</code> on your own machine.</p>"
)
"""The line under each saved table: where it can be played."""
TABLES = ("table: run this cell to play.", "Card Commons arcade:")
"""How a table's or the arcade's one-line summary (its ``text/plain``) starts or ends."""
SKIP = shutil.ignore_patterns("*.map", "embed.js", "libembed-amd.js", "*.txt", ".ipynb_checkpoints")


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


def freeze_tables(notebook: dict[str, Any]) -> int:
    """Disable every control of the saved widgets (on a page nothing answers them), and put
    :data:`PLAY_HERE` under each saved table; return how many tables.

    >>> table = {"data": {VIEW: {"model_id": "t"}, "text/plain": "Whisky Poker table: run this cell to play."}}
    >>> state = {"b": {"model_name": "ButtonModel", "state": {"disabled": False}}}
    >>> notebook = {"cells": [{"outputs": [table]}], "metadata": {"widgets": {STATE: {"state": state}}}}
    >>> freeze_tables(notebook), state["b"]["state"]["disabled"], len(notebook["cells"][0]["outputs"])
    (1, True, 2)
    """
    saved = notebook["metadata"].get("widgets", {}).get(STATE, {}).get("state", {})
    for model in saved.values():
        if "disabled" in model.get("state", {}):
            model["state"]["disabled"] = True
    tables = 0
    for cell in notebook["cells"]:
        outputs = []
        for output in cell.get("outputs", []):
            outputs.append(output)
            data = output.get("data", {})
            summary = "".join(data.get("text/plain", ""))
            if summary.startswith(TABLES[1]) or summary.endswith(TABLES[0]):
                outputs.append({"output_type": "display_data", "metadata": {}, "data": {"text/html": PLAY_HERE}})
                tables += 1
        if "outputs" in cell:
            cell["outputs"] = outputs
    return tables


def stage(out: Path) -> None:
    """Write the site's sources to ``out`` (emptied first)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    for name in ("conf.py", "index.md"):
        shutil.copy(HERE / name, out / name)
    for folder in ("static", "templates"):
        shutil.copytree(HERE / folder, out / folder)
    shutil.copytree(REPO / "notebooks", out / "notebooks", ignore=SKIP)
    for path in (out / "notebooks").rglob("*.ipynb"):
        notebook = json.loads(path.read_text(encoding="utf-8"))
        preface = PREFACES.get(path.name)
        if preface:
            notebook["cells"].insert(
                0, {"cell_type": "markdown", "id": "site-preface", "metadata": {}, "source": preface}
            )
        if keep_pictures(notebook) + freeze_tables(notebook) or preface:
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
    stage(Path(sys.argv[1]))
