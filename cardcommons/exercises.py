"""Checks for the lessons' exercises that prove they can fail.

A solution checks its answer with ``check(answer)``, a function that asserts.
A check that accepts everything checks nothing, so each solution also shows
its check refusing a wrong answer: :func:`refuses`.

>>> def check(games):
...     assert games == 2_401, f"not {games:,} games"
>>> check(2_401)
>>> refuses(check, 2_400)
>>> refuses(check, 2_401)
Traceback (most recent call last):
...
AssertionError: check accepts the wrong answer 2401
"""

from __future__ import annotations

from collections.abc import Callable

from cardcommons.errors import shown

__all__ = ["refuses"]


def refuses(check: Callable[..., object], *wrong: object) -> None:
    """Assert that ``check(*wrong)`` fails its assertion: the check tells this wrong answer from a right one.
    Any other exception is the check's own error and propagates."""
    try:
        check(*wrong)
    except AssertionError:
        return
    name = getattr(check, "__name__", "the check")
    raise AssertionError(f"{name} accepts the wrong answer {', '.join(shown(w) for w in wrong)}")
