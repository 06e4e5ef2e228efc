"""Make each committed tqdm progress bar read as it ended.

A notebook run by ``jupyter nbconvert --execute`` keeps, for each progress bar,
the text the bar showed when it appeared ("games:   0%| ... 0/200") beside
its widget; the widget's final state is saved in the notebook's metadata.
A page that shows no widgets (GitHub, nbviewer, a static site) shows the
text: this writes the bar's final text there, from the saved state.

Usage: ``python .ci/finish_bars.py notebooks/X.ipynb ...`` (after executing them).
"""

from __future__ import annotations

import html
import json
import sys
from pathlib import Path
from typing import Any

VIEW = "application/vnd.jupyter.widget-view+json"
STATE = "application/vnd.jupyter.widget-state+json"
WIDTH = 10


def final_text(models: dict[str, Any], model_id: str) -> str | None:
    """The text a tqdm bar (an HBox of label, FloatProgress, counts) showed last, or None for another widget."""
    box = models.get(model_id, {}).get("state", {})
    children = [models.get(str(k).removeprefix("IPY_MODEL_"), {}).get("state", {}) for k in box.get("children", [])]
    if len(children) != 3 or children[1].get("_model_name") != "FloatProgressModel":
        return None
    left, bar, right = children
    done = bar["value"] / bar["max"] if bar.get("max") else 1.0
    full = round(done * WIDTH)
    text = f"{left['value']}|{'█' * full}{' ' * (WIDTH - full)}|{right['value']}"
    return html.unescape(text).replace("\u2007", " ")


def finish(path: Path) -> int:
    """Rewrite the bars of one notebook; the number rewritten."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    models = notebook.get("metadata", {}).get("widgets", {}).get(STATE, {}).get("state", {})
    changed = 0
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            text = final_text(models, data[VIEW]["model_id"]) if VIEW in data else None
            if text is not None and data.get("text/plain") != [text]:
                data["text/plain"] = [text]
                changed += 1
    if changed:
        path.write_text(json.dumps(notebook, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return changed


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}: {finish(Path(name))} progress bars finished")
