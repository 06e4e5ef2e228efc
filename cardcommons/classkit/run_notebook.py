"""Inside the student's sandbox: run a returned notebook's code cells, hand over its answers as data, then
answer calls of its function answers.

``python -m cardcommons.classkit.run_notebook NOTEBOOK ANSWERS REQUESTS RESPONSES``: ``NOTEBOOK`` is
JSON, ``{"cells": [code, ...], "exercises": {"exercise_1": {"data": [...], "functions": [...]}}}``;
the three others are the numbers of pipes the grader opened. When the cells have run, the values
the notebook kept (``exercise_1 = {"answer": answer}``) are written to ``ANSWERS`` as data
(:mod:`cardcommons.classkit.data`), one JSON object, and the pipe is closed. Then each line read
from ``REQUESTS`` (``{"question", "name", "args", "kwargs"}``, as data) calls that kept function
and gets one line on ``RESPONSES``: ``{"value": ...}`` or ``{"raised": "TypeError"}``. A cell that
fails is passed over, as otter does; the hidden checks never run here, and nothing said here is
read as anything but data. Nor does otter: the notebook's ``import otter`` finds :class:`Otter`,
whose ``grader.check`` does nothing (the real one takes seconds to import, for checks that run
elsewhere).

>>> answers_of({"exercise_1": {"answer": 42, "f": print, "other": 1}, "exercise_2": "not a dict"},
...            {"exercise_1": {"data": ["answer", "f"]}, "exercise_2": {"data": ["n"]}})
{'exercise_1': {'answer': 42}}
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import types
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from cardcommons.classkit.data import NotData, decode, encode


class Otter(types.ModuleType):
    """What ``import otter`` finds here: ``otter.Notebook(...).check(...)`` does nothing.

    >>> Otter().Notebook("01_cards_and_hands.ipynb", tests_dir="./tests").check("exercise_1") is None
    True
    """

    def __init__(self) -> None:
        super().__init__("otter")

    class Notebook:
        def __init__(self, *args: object, **options: object) -> None:
            pass

        def check(self, *args: object, **options: object) -> None:
            return None


def answers_of(namespace: Mapping[str, Any], exercises: Mapping[str, Mapping[str, Sequence[str]]]) -> dict[str, Any]:
    """Each exercise's kept data answers, each written as data; what is missing or is not data is left out."""
    answers: dict[str, Any] = {}
    for question, names in exercises.items():
        kept = namespace.get(question)
        if not isinstance(kept, dict):
            continue
        answers[question] = {}
        for name in names["data"]:
            with contextlib.suppress(Exception):
                answers[question][name] = encode(kept[name])
    return answers


def respond(namespace: Mapping[str, Any], request: str) -> str:
    """The response line to one request line: the kept function called on the arguments, as data.

    >>> respond({"exercise_1": {"double": lambda x: 2 * x}},
    ...         '{"question": "exercise_1", "name": "double", "args": {"$tuple": [21]}, "kwargs": {"$dict": []}}')
    '{"value":42}'
    >>> respond({}, '{"question": "exercise_1", "name": "double", "args": {"$tuple": []}, "kwargs": {"$dict": []}}')
    '{"raised":"KeyError"}'
    """
    try:
        asked = json.loads(request)
        function = namespace[asked["question"]][asked["name"]]
        args, kwargs = decode(asked["args"]), decode(asked["kwargs"])
        value = function(*args, **kwargs)
        return _line({"value": encode(value)})
    except NotData:
        return _line({"raised": "NotData"})
    except BaseException as error:  # the student's function stopped: the check sees it raise
        return _line({"raised": type(error).__name__})


def _line(message: dict[str, Any]) -> str:
    return json.dumps(message, allow_nan=False, separators=(",", ":"))


def serve(namespace: Mapping[str, Any], requests: TextIO, responses: TextIO) -> None:
    """Answer each request line until the checks close the pipe."""
    for line in requests:
        responses.write(respond(namespace, line) + "\n")
        responses.flush()


def main(argv: Sequence[str]) -> None:
    """Run the notebook ``argv[0]``, hand over its answers on the pipe ``argv[1]``, then serve calls."""
    notebook = json.loads(Path(argv[0]).read_text(encoding="utf-8"))
    answers_fd, requests_fd, responses_fd = (int(fd) for fd in argv[1:4])
    from IPython.core.interactiveshell import InteractiveShell

    sys.modules["otter"] = Otter()
    shell = InteractiveShell.instance()
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        for code in notebook["cells"]:
            shell.run_cell(code, store_history=False)  # type: ignore[no-untyped-call]
        with open(answers_fd, "w", encoding="utf-8") as answers:
            answers.write(_line(answers_of(shell.user_ns, notebook["exercises"])))
        with open(requests_fd, encoding="utf-8") as requests, open(responses_fd, "w", encoding="utf-8") as responses:
            serve(shell.user_ns, requests, responses)


if __name__ == "__main__":
    main(sys.argv[1:])
