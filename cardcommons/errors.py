"""The project's exception types: each is a ``ValueError`` that names the bad input.

>>> issubclass(CardError, ValueError) and issubclass(IllegalActionError, ValueError)
True
>>> all(issubclass(e, ValueError) for e in (PlotError, RecordError, RulesError, SimulationError))
True
"""

from typing import TypeGuard

SHOWN = 200
"""The most characters of a bad value that a message repeats."""


def shown(value: object, limit: int = SHOWN) -> str:
    """The ``repr`` of a bad value for a message, cut to about ``limit``
    characters: a message names the value, it does not copy a megabyte of it.

    >>> print(shown("As"), shown("x" * 1000, limit=12))
    'As' 'xxxxxxxxxxx... (1,002 characters)
    >>> shown(10**5000)
    '<an int whose repr fails: ValueError>'
    """
    try:
        text = repr(value)
    except Exception as error:  # an int past Python's digit limit, or a broken __repr__
        kind = type(value).__name__
        return f"<{'an' if kind[:1].lower() in 'aeiou' else 'a'} {kind} whose repr fails: {type(error).__name__}>"
    return cut(text, limit)


def is_real(value: object) -> TypeGuard[float]:
    """Whether ``value`` is a real number as a setting takes one: an int or a
    float, not a bool (``True`` is no chance), so a range check can follow.

    >>> is_real(0.5), is_real(1), is_real(True), is_real("0.5")
    (True, True, False, False)
    """
    return not isinstance(value, bool) and isinstance(value, int | float)


def cut(text: str, limit: int = SHOWN) -> str:
    """Text for a message (a value's ``str``, say), cut to about ``limit`` characters.

    >>> cut("take the spare"), cut("x" * 1000, limit=3)
    ('take the spare', 'xxx... (1,000 characters)')
    """
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text):,} characters)"


class CardError(ValueError):
    """A card, a hand or a pack that does not make sense (the message names it)."""


class IllegalActionError(ValueError):
    """An action that the game does not allow now; the game is left unchanged."""


class RecordError(ValueError):
    """A game record that cannot be replayed: the message names the field and its value."""


class SimulationError(ValueError):
    """A :func:`~cardcommons.simulate.simulate` call that cannot run as asked:
    the message names the argument and its value."""


class RulesError(ValueError):
    """A game option or a seat that the rules do not allow (a flag that is not
    a bool, a dealer or a player out of range): the message names it."""


class PlotError(ValueError):
    """A plot asked for with data it cannot be drawn from (labels that do not
    match the tables, no trials, a rate outside its interval): the message names it."""


class SolvedFileError(ValueError):
    """The stored results of ``make solve`` cannot be read (missing, not JSON, or not shaped as
    ``make solve`` writes them): the message names the file, what is wrong and ``make solve``."""


class ClassKitError(ValueError):
    """A lesson whose exercises and solutions cannot be paired into a class kit,
    or a submission that cannot be graded: the message names the notebook and the exercise."""
