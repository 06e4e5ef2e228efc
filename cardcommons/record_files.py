"""Game records as small text files: one game per file, to keep, send and open again.

A record file is a JSON object (UTF-8) whose first field says what it is,
``"format": "cardcommons game record"``; the rest is the game's own
:meth:`record`, read back by the game's strict ``replay``. The fields:

- ``format``: always ``"cardcommons game record"``.
- ``version``: the record format, ``1`` today; another version is refused.
- ``game``: ``"split and choose"`` or ``"whisky poker"``; it says which game reads the rest.
- ``rules``: the options. Split and Choose: ``first_splitter`` (0 or 1),
  ``face_up_swap`` (true or false). Whisky Poker: ``players`` (2 to 9),
  ``jokers``, ``ace_low`` (true or false), ``ranking`` (``"standard"`` or ``"rarity"``).
- the deal: Split and Choose has ``seed`` (an int: the pack shuffled with
  ``random.Random(seed)``) or ``order`` (the 21 cards from the top of the pack).
  Whisky Poker has ``dealer`` (a seat) and either ``seed`` (an int, with
  ``deal`` null) or ``deal`` (``hands``, one list of five cards per seat, and
  the five cards of the ``spare``, with ``seed`` null).
- ``actions``: every move in order, as text (``"split As Ks | Qh Jo"``,
  ``"choose up"``, ``"exchange 9c Kd"``, ``"knock"``; cards as ``As``, ``Td``, ``Jo``).

An unfinished game's record holds the moves so far. The file is read as
untrusted text: at most :data:`MAX_BYTES`, JSON only (nothing in it runs),
and anything that cannot be replayed exactly as written raises
:class:`~cardcommons.errors.RecordError` with a sentence naming the field.

>>> from cardcommons.split_and_choose import SplitAndChoose
>>> game = SplitAndChoose(seed=4)
>>> game.apply(game.legal_actions()[0])
>>> text = record_text(game)
>>> print(text, end="")
{
 "format": "cardcommons game record",
 "game": "split and choose",
 "version": 1,
 "rules": {"first_splitter": 0, "face_up_swap": false},
 "seed": 4,
 "actions": [
  "split Qh Jo | Jd Th"
 ]
}
>>> load_record(text).record() == game.record()
True
>>> load_record(text.replace('"version": 1', '"version": 2'))
Traceback (most recent call last):
...
cardcommons.errors.RecordError: version must be 1 (the format this engine reads), not 2
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardcommons.errors import RecordError, cut, shown
from cardcommons.game import Action, Game, Observation, Result

__all__ = ["FORMAT", "MAX_BYTES", "Step", "load_record", "read_record_text", "record_filename", "record_text", "steps"]

FORMAT = "cardcommons game record"
"""The first field of every record file, saying what the file is."""

MAX_BYTES = 256_000
"""The largest record file read (a whole game takes a few kilobytes)."""


def record_text(game: Game) -> str:
    """The record file of ``game`` (finished or not): its format header, then
    :meth:`record`'s fields, one a line, and each action on a line of its own."""
    fields = {"format": FORMAT, **game.record()}
    lines = []
    for key, value in fields.items():
        if key == "actions" and value:
            items = ",\n".join(f"  {json.dumps(action, ensure_ascii=False)}" for action in value)
            lines.append(f' "actions": [\n{items}\n ]')
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def record_filename(game: Game) -> str:
    """A file name for ``game``'s record: its game, and its seed if it has one.

    >>> from cardcommons.whisky import WhiskyPoker
    >>> record_filename(WhiskyPoker(players=3, seed=12))
    'whisky-poker-12.json'
    """
    record = game.record()
    seed = record.get("seed")
    name = re.sub(r"[^a-z]+", "-", str(record["game"]))
    return f"{name}-{seed}.json" if isinstance(seed, int) else f"{name}-staged.json"


def load_record(source: str | bytes | os.PathLike[str]) -> Game:
    """The game a record file describes, replayed move by move: ``source`` is
    the file's text (a ``str`` starting with ``{`` or ``[``), its bytes, or its path.

    >>> load_record('{"game": "whisky poker"}')
    Traceback (most recent call last):
    ...
    cardcommons.errors.RecordError: this is not a cardcommons game record (its format field is None)
    """
    record = read_record_text(_text(source))
    return _reader(record)[0](record)


def read_record_text(text: str) -> dict[str, Any]:
    """The record in ``text`` as the dict the game's ``replay`` reads (the
    format header checked and taken off), once the text is a JSON object."""
    if len(text) > MAX_BYTES:
        raise RecordError(f"the record is {len(text):,} characters long: a record file holds at most {MAX_BYTES:,}")
    try:
        record = json.loads(text, parse_constant=_no_constant, object_pairs_hook=_no_repeats)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise RecordError(f"the record is not JSON text: {error.msg} ({where})") from error
    except (ValueError, RecursionError) as error:  # NaN, a repeated field, a huge int, deep nesting
        reason = cut(str(error)) if isinstance(error, ValueError) else "it is nested too deeply"
        raise RecordError(f"the record is not a record file's JSON: {reason}") from error
    if not isinstance(record, dict):
        raise RecordError(f"a record file holds one JSON object, not {shown(record)}")
    if record.get("format") != FORMAT:
        raise RecordError(f"this is not a {FORMAT} (its format field is {shown(record.get('format'))})")
    del record["format"]
    return record


def _text(source: str | bytes | os.PathLike[str]) -> str:
    """The text of a record given as text, bytes or a path (no more than :data:`MAX_BYTES` read)."""
    if isinstance(source, str) and source.lstrip().startswith(("{", "[")):
        return source
    if isinstance(source, str | os.PathLike):
        try:
            with open(source, "rb") as file:
                source = file.read(MAX_BYTES + 1)
        except OSError as error:
            raise RecordError(f"cannot read the record file {shown(os.fspath(source))}: {error.strerror}") from error
    if not isinstance(source, bytes):
        raise RecordError(f"a record is text, bytes or a path, not {shown(source)}")
    if len(source) > MAX_BYTES:
        raise RecordError(f"the record is over {MAX_BYTES:,} bytes: a record file holds at most {MAX_BYTES:,}")
    try:
        return source.decode("utf-8-sig")  # a byte-order mark, as some editors write, is no part of the text
    except UnicodeDecodeError as error:
        raise RecordError(f"the record is not UTF-8 text (byte {error.start} is {source[error.start]:#04x})") from None


def _no_constant(name: str) -> None:
    raise ValueError(f"{name} is not a number a record holds")


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise ValueError(f"the field {shown(key)} appears twice")
        found[key] = value
    return found


@dataclass(frozen=True)
class Step:
    """The deal (``number`` 0) or one move of a game, and what each seat knew once it was made."""

    number: int  # 0 for the deal, 1 for the first move
    seat: int | None  # who moved (None for the deal)
    move: str  # the move as the game words it ("" for the deal)
    views: tuple[Observation, ...]  # each seat's observation after it
    result: Result | None  # how the game ended, after the last move of a finished game


def steps(game: Game) -> list[Step]:
    """The deal and every move of ``game``, played again from its record.

    >>> from cardcommons.whisky import WhiskyPoker
    >>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s", dealer=1)
    >>> game.apply(game.legal_actions()[1])
    >>> [(step.number, step.seat, step.move) for step in steps(game)]
    [(0, None, ''), (1, 0, 'take the spare')]
    >>> print(steps(game)[1].views[1])
    Seat 1's view, phase 2
      seat 0: ?? ?? ?? ?? ??
      seat 1: 9♥ 10♦ J♣ Q♥ Q♠
      spare: 9♣ K♦ K♠ A♦ A♠
    """
    record = game.record()
    replay, parse = _reader(record)
    position = replay({**record, "actions": []})

    def step(number: int, seat: int | None, move: str) -> Step:
        views = tuple(position.observation(s) for s in range(position.players))
        return Step(number, seat, move, views, position.result)

    found = [step(0, None, "")]
    for number, code in enumerate(record["actions"], 1):
        seat, action = position.current_player, parse(code)
        position.apply(action)
        found.append(step(number, seat, str(action)))
    return found


Reader = tuple[Callable[[dict[str, Any]], Game], Callable[[str], Action]]
"""A game's ``replay`` and ``parse_action``."""


def _reader(record: dict[str, Any]) -> Reader:
    """The ``replay`` and ``parse_action`` of the game ``record`` names (imported here: the games need numpy)."""
    from cardcommons import split_and_choose, whisky

    readers: dict[object, Reader] = {
        split_and_choose.game.GAME_NAME: (split_and_choose.SplitAndChoose.replay, split_and_choose.parse_action),
        whisky.game.GAME_NAME: (whisky.WhiskyPoker.replay, whisky.parse_action),
    }
    found = readers.get(record.get("game"))
    if found is None:
        names = " or ".join(map(repr, readers))
        raise RecordError(f"game must be {names}, not {shown(record.get('game'))}")
    return found
