"""The committed lessons, rendered by nbconvert, show a picture for every
widget output and never a widget's repr (``VBox(children=...``): as
committed, and as GitHub shows them (without the saved widget state)."""

from __future__ import annotations

import copy
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter

NOTEBOOKS = Path(__file__).parent.parent / "notebooks"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
REPRS = ("VBox(", "HBox(", "Box(children")


EXPORTER = HTMLExporter()  # type: ignore[no-untyped-call]  # one for every page: its templates load once


def rendered(notebook: nbformat.NotebookNode) -> str:
    html, _ = EXPORTER.from_notebook_node(notebook)
    return str(html)


@pytest.mark.parametrize("path", sorted(NOTEBOOKS.glob("**/*.ipynb")), ids=lambda p: p.name)
def test_lessons_show_pictures_not_widget_reprs(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
    widgets = [o for c in notebook.cells for o in c.get("outputs", []) if WIDGET_VIEW in o.get("data", {})]
    for output in widgets:
        plain = output["data"].get("text/plain", "")
        assert not plain.startswith(REPRS), f"{path.name}: a widget shows as {plain[:60]!r}"
    bare = copy.deepcopy(notebook)
    bare.metadata.pop("widgets", None)
    html = rendered(bare)
    assert not any(r in html for r in REPRS), f"{path.name}: a widget repr in the page nbconvert renders"
    if "widgets" in notebook.metadata:  # else the page as committed is the one just rendered
        assert not any(r in rendered(notebook) for r in REPRS)
    ours = [o for o in widgets if 'class="cc-static"' in o["data"].get("text/html", "")]
    assert html.count('class="cc-static"') == len(ours)
