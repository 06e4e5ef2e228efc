"""Inside the sandbox: run a returned notebook's code cells in order, then save the answers the checks read.

``python -m cardcommons.classkit.run_notebook NOTEBOOK QUESTIONS ANSWERS``: ``QUESTIONS`` is JSON,
``{"exercise_1": ["answer"], ...}``, the names of each exercise's data answers; the values that
the notebook kept (``exercise_1 = {"answer": answer}``) are pickled one by one into the file
``ANSWERS``, to be read back as data only (:mod:`cardcommons.classkit.check_answers`). A cell
that fails is passed over, as otter does; the hidden checks never run here.

>>> answers_of({"exercise_1": {"answer": 42, "other": 1}, "exercise_2": "not a dict"},
...            {"exercise_1": ["answer"], "exercise_2": ["n"]})
{'exercise_1': {'answer': b'\\x80\\x05K*.'}}
"""

from __future__ import annotations

import contextlib
import json
import os
import pickle
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardcommons.classkit.exercises import source

Answers = dict[str, dict[str, bytes]]


def answers_of(namespace: Mapping[str, Any], questions: Mapping[str, Sequence[str]]) -> Answers:
    """Each exercise's kept data answers, pickled one by one; what is missing or does not pickle is left out."""
    answers: Answers = {}
    for question, names in questions.items():
        kept = namespace.get(question)
        if not isinstance(kept, dict):
            continue
        answers[question] = {}
        for name in names:
            with contextlib.suppress(Exception):
                answers[question][name] = pickle.dumps(kept[name], protocol=5)
    return answers


def main(argv: Sequence[str]) -> None:
    """Run the notebook ``argv[0]``, then write its answers to ``argv[2]``."""
    notebook, questions, out = Path(argv[0]), json.loads(argv[1]), Path(argv[2])
    cells = [
        source(cell)
        for cell in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        if cell.get("cell_type") == "code"
    ]
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        for code in cells:
            shell.run_cell(code, store_history=False)  # type: ignore[no-untyped-call]
    out.write_bytes(pickle.dumps(answers_of(shell.user_ns, questions), protocol=5))


if __name__ == "__main__":
    main(sys.argv[1:])
