"""Reading game records strictly: the checks both games' ``replay`` share.

A record is a JSON-friendly dict with the game's name, the format
``version``, the rules, the deal and the actions. Anything that cannot be
replayed exactly as written raises :class:`~cardcommons.errors.RecordError`
naming the field and its value; no value is coerced ("false" is not False).

>>> fields = read_record({"game": "split and choose", "version": 1, "seed": 3}, "split and choose", {"seed"})
>>> flag(True, "rules.face_up_swap"), integer(3, "seed")
(True, 3)
>>> flag("no", "rules.face_up_swap")
Traceback (most recent call last):
...
cardcommons.errors.RecordError: rules.face_up_swap must be true or false, not 'no'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from cardcommons.errors import CardError, IllegalActionError, RecordError, RulesError, shown

__all__ = ["VERSION", "codes", "flag", "integer", "keys", "play_actions", "read_record", "replaying", "section"]

VERSION = 1
"""The record format written today; ``replay`` reads this version only."""


def read_record(record: object, game: str, fields: set[str]) -> dict[str, Any]:
    """The record as a dict, once it is one, names ``game``, has this
    format's version and holds exactly ``fields`` besides those two."""
    if not isinstance(record, Mapping):
        raise RecordError(f"a record is a dict, not {shown(record)}")
    if record.get("game") != game:
        raise RecordError(f"not a {shown(game)} record: game {shown(record.get('game'))}")
    version = record.get("version")
    if isinstance(version, bool) or version != VERSION or not isinstance(version, int):
        raise RecordError(f"version must be {VERSION} (the format this engine reads), not {shown(version)}")
    keys(record, fields | {"game", "version"}, "the record")
    return dict(record)


def keys(mapping: Mapping[Any, Any], fields: set[str], where: str) -> None:
    """Refuse a missing field or one this format does not have."""
    missing = sorted(fields - set(mapping))
    unknown = sorted(map(shown, set(mapping) - fields))
    if missing:
        raise RecordError(f"{where} has no {shown(missing[0])}")
    if unknown:
        raise RecordError(f"{where} has a field this format does not have: {unknown[0]}")


def section(value: object, field: str, fields: set[str]) -> Mapping[str, Any]:
    """A nested dict (such as ``rules``) holding exactly ``fields``."""
    if not isinstance(value, Mapping):
        raise RecordError(f"{field} must be a dict, not {shown(value)}")
    keys(value, fields, field)
    return value


def flag(value: object, field: str) -> bool:
    """A real bool."""
    if not isinstance(value, bool):
        raise RecordError(f"{field} must be true or false, not {shown(value)}")
    return value


def integer(value: object, field: str, low: int | None = None, high: int | None = None) -> int:
    """A real int (not a bool, not 2.0), from ``low`` to ``high`` if given."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(f"{field} must be an int, not {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RecordError(f"{field} must be from {low} to {high}, not {shown(value)}")
    return value


def codes(value: object, field: str, size: int | None = None) -> list[str]:
    """A list of strings (card codes or action codes), of ``size`` items if given."""
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise RecordError(f"{field} must be a list of strings, not {shown(value)}")
    if size is not None and len(value) != size:
        raise RecordError(f"{field} must have {size} items, not {len(value)}: {shown(value)}")
    return value


@contextmanager
def replaying(field: str, value: object) -> Iterator[None]:
    """Turn the game's own refusal (a card, a rule, an action) into a RecordError naming the field."""
    try:
        yield
    except (CardError, IllegalActionError, RulesError) as error:
        raise RecordError(f"{field} cannot be replayed ({shown(value)}): {error}") from error


def play_actions(apply: Callable[[str], None], actions: object) -> None:
    """Play each action code of ``actions`` with ``apply``, naming the one that fails."""
    for i, text in enumerate(codes(actions, "actions")):
        with replaying(f"actions[{i}]", text):
            apply(text)
