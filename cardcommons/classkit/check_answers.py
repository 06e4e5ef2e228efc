"""Inside a second sandbox, which never runs the student's code: the hidden checks, run on a notebook's answers.

``python -m cardcommons.classkit.check_answers KIT REQUESTS RESPONSES SCORES SECONDS`` writes one
JSON object, ``{"exercise_1": [score, possible], ...}``, to the pipe ``SCORES``, the only thing
the grader reads from here. ``KIT`` holds the lesson's ``classkit.json`` (its setup code and
each exercise's names), otter's test files and ``answers.json``, what the notebook handed over,
read back as data (:mod:`cardcommons.classkit.data`). A function answer is a :class:`Remote`: a
call sends its arguments as data down the pipe ``REQUESTS`` to the notebook's own sandbox, which
runs the student's function there and answers on ``RESPONSES`` with a value, read back as data
(``SECONDS`` is how long all calls may take together). So no object of the student's makes its
way here, and nothing the student's code does can reach this process, its checks or its scores.
"""

from __future__ import annotations

import contextlib
import doctest
import json
import os
import selectors
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, Any

from cardcommons.classkit.data import NotData, decode, encode

LINE = 64 * 2**20
"""The longest response the checks read from a function answer (bytes)."""


class AnswerFailed(Exception):
    """A function answer that raised, answered with no data, or did not answer in time."""


class Channel:
    """The pipes to the notebook's sandbox, where the function answers run; calls share ``seconds`` in all.

    >>> requests, responses = os.pipe(), os.pipe()
    >>> _ = os.write(responses[1], b'{"value":{"$tuple":[1,2]}}\\n')
    >>> channel = Channel(open(requests[1], "w"), open(responses[0], "rb"), seconds=5)
    >>> channel.call("exercise_1", "f", (3,), {})
    (1, 2)
    >>> os.read(requests[0], 100)
    b'{"question":"exercise_1","name":"f","args":{"$tuple":[3]},"kwargs":{"$dict":[]}}\\n'
    """

    def __init__(self, requests: IO[str], responses: IO[bytes], seconds: float) -> None:
        self.requests, self.responses = requests, responses
        self.deadline = time.monotonic() + seconds
        self.broken = ""
        self.pending = b""

    def call(self, question: str, name: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> Any:
        """The value the student's function ``name`` of ``question`` returns on these arguments."""
        if self.broken:
            raise AnswerFailed(self.broken)
        request = {"question": question, "name": name, "args": encode(args), "kwargs": encode(kwargs)}
        try:
            self.requests.write(json.dumps(request, allow_nan=False, separators=(",", ":")) + "\n")
            self.requests.flush()
            line = self._line()
        except (OSError, ValueError) as error:
            self.broken = f"the function answers stopped ({type(error).__name__})"
            raise AnswerFailed(self.broken) from error
        answer = json.loads(line)
        if not isinstance(answer, dict) or "value" not in answer:
            raise AnswerFailed(f"{name} raised {answer.get('raised') if isinstance(answer, dict) else '?'}")
        return decode(answer["value"])

    def _line(self) -> bytes:
        """One response line, within the time left and :data:`LINE` bytes."""
        with selectors.DefaultSelector() as selector:
            selector.register(self.responses, selectors.EVENT_READ)
            while b"\n" not in self.pending:
                left = self.deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise OSError("no answer in time")
                chunk = os.read(self.responses.fileno(), 2**20)
                if not chunk or len(self.pending) > LINE:
                    raise OSError("no more answers, or one too long")
                self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line


class Remote:
    """A student's function answer as the checks see it: a call runs it in the student's sandbox."""

    def __init__(self, channel: Channel, question: str, name: str) -> None:
        self.channel, self.question, self.name = channel, question, name

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.channel.call(self.question, self.name, args, kwargs)

    def __repr__(self) -> str:
        return f"<the student's {self.name}>"


def answers(saved: Mapping[str, Any], functions: Sequence[str], remote: Any) -> dict[str, Any]:
    """One exercise's answers: its data read back (what is not data is no answer), its functions ``remote``.

    >>> answers({"n": 6, "bad": {"$code": "rm"}}, ["f"], lambda name: name.upper())
    {'n': 6, 'f': 'F'}
    """
    found: dict[str, Any] = {}
    for name, data in saved.items():
        with contextlib.suppress(NotData):
            found[name] = decode(data)
    return found | {name: remote(name) for name in functions}


def _no_display(*values: object, **options: object) -> None:
    """``display`` where nothing is shown."""


def passes(code: str, env: dict[str, Any]) -> bool:
    """Whether one test case, a doctest, passes in ``env`` (as otter runs an OK-format case).

    >>> passes(">>> assert n == 6\\n", {"n": 6}), passes(">>> assert n == 6\\n", {"n": 7})
    (True, False)
    """
    examples = [e for e in doctest.DocTestParser().parse(code, "case") if isinstance(e, doctest.Example)]
    runner = doctest.DocTestRunner(verbose=False)
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet), contextlib.redirect_stderr(quiet):
        runner.run(doctest.DocTest(examples, env, "case", None, None, code), out=quiet.write, clear_globs=False)
    return runner.failures == 0


def score(test_file: Path, question: str, setup: str, answers: Mapping[str, Any]) -> tuple[float, float]:
    """The score and the possible points of an exercise's OK-format test file (``test = {...}``), run on
    ``answers`` after ``setup``: the cases with no points of their own share what the file's points leave.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "exercise_1.py"
    ...     cases = [{"code": f">>> assert exercise_1['n'] {test}\\n"} for test in ("> 5", "< 5")]
    ...     _ = path.write_text(f"test = {{'points': 1, 'suites': [{{'cases': {cases!r}}}]}}")
    ...     score(path, "exercise_1", "", {"n": 6}), score(path, "exercise_1", "", {})
    ((0.5, 1.0), (0.0, 1.0))
    """
    spec: dict[str, Any] = {}
    exec(test_file.read_text(encoding="utf-8"), spec)  # the teacher's kit, from make student
    (suite,) = spec["test"]["suites"]
    possible = float(spec["test"]["points"])
    given = [case.get("points") for case in suite["cases"]]
    share = (possible - sum(p for p in given if p is not None)) / max(1, sum(p is None for p in given))
    earned = 0.0
    for case, points in zip(suite["cases"], given, strict=True):
        env: dict[str, Any] = {"display": _no_display}
        exec(setup, env)
        env[question] = dict(answers)
        if passes(case["code"], env):
            earned += share if points is None else points
    return earned, possible


def main(argv: Sequence[str]) -> None:
    """Check every exercise of the kit ``argv[0]`` and write the scores to the pipe ``argv[3]``."""
    kit = Path(argv[0])
    requests_fd, responses_fd, scores_fd = (int(fd) for fd in argv[1:4])
    meta = json.loads((kit / "classkit.json").read_text(encoding="utf-8"))
    saved = json.loads((kit / "answers.json").read_text(encoding="utf-8"))
    scores = {}
    with (
        open(requests_fd, "w", encoding="utf-8") as requests,
        open(responses_fd, "rb") as responses,
        open(os.devnull, "w") as quiet,
        contextlib.redirect_stdout(quiet),
        contextlib.redirect_stderr(quiet),
    ):
        channel = Channel(requests, responses, float(argv[4]))
        for question, names in meta["exercises"].items():
            kept = saved.get(question) if isinstance(saved, dict) else None
            data = {name: kept[name] for name in names["data"] if name in kept} if isinstance(kept, dict) else {}
            found = answers(data, names["functions"], lambda name, q=question: Remote(channel, q, name))
            scores[question] = score(kit / "tests" / f"{question}.py", question, meta["setup"], found)
    with open(scores_fd, "w", encoding="utf-8") as out:
        out.write(json.dumps(scores))


if __name__ == "__main__":
    main(sys.argv[1:])
