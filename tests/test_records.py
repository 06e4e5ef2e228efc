"""Records of both games: what replay refuses, and a property test over mutated records."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardcommons.bots import RandomBot
from cardcommons.cards import parse_card
from cardcommons.errors import RecordError
from cardcommons.game import Game, play
from cardcommons.records import VERSION
from cardcommons.split_and_choose import SplitAndChoose, action_code
from cardcommons.split_and_choose import parse_action as split_action
from cardcommons.split_and_choose.rules import PACK
from cardcommons.whisky import WhiskyPoker
from cardcommons.whisky import parse_action as whisky_action

Record = dict[str, Any]


def _played(game: Game, seed: int, moves: int | None = None) -> Record:
    """The record of ``game`` after random moves (all of them, or the first ``moves``)."""
    bots = [RandomBot(seed + seat) for seat in range(game.players)]
    if moves is None:
        play(game, bots)
    for _ in range(moves or 0):
        player = game.current_player
        if player is None:
            break
        game.apply(bots[player].act(game.observation(player), game.legal_actions()))
    return game.record()


def _staged_order() -> str:
    cards = list(PACK.cards)
    random.Random(5).shuffle(cards)
    return " ".join(c.code for c in cards)


SPLIT_RECORDS = [
    _played(SplitAndChoose(seed=3), 1),
    _played(SplitAndChoose(seed=8, first_splitter=1, face_up_swap=True), 2, moves=11),
    _played(SplitAndChoose.from_order(_staged_order(), first_splitter=1), 3),
]
WHISKY_RECORDS = [
    _played(WhiskyPoker(players=2, seed=4), 1),
    _played(WhiskyPoker(players=5, jokers=True, seed=6, ace_low=False, ranking="rarity"), 2),
    _played(WhiskyPoker(players=3, seed=9), 3, moves=4),
    _played(WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s", dealer=0), 4),
]


def test_records_name_their_game_and_format_and_replay_to_themselves() -> None:
    for record in SPLIT_RECORDS:
        assert record["game"] == "split and choose" and record["version"] == VERSION
        assert SplitAndChoose.replay(json.loads(json.dumps(record))).record() == record
    for record in WHISKY_RECORDS:
        assert record["game"] == "whisky poker" and record["version"] == VERSION
        assert WhiskyPoker.replay(json.loads(json.dumps(record))).record() == record


def _with(record: Record, path: tuple[Any, ...], value: Any) -> Record:
    changed = copy.deepcopy(record)
    place = changed
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return changed


def _without(record: Record, key: str) -> Record:
    return {k: v for k, v in record.items() if k != key}


SPLIT, WHISKY = SPLIT_RECORDS[0], WHISKY_RECORDS[1]
STAGED = WHISKY_RECORDS[3]


@pytest.mark.parametrize(
    ("replay", "record", "message"),
    [
        # the game's name and the format version
        (WhiskyPoker.replay, SPLIT, "not a 'whisky poker' record: game 'split and choose'"),
        (WhiskyPoker.replay, _with(WHISKY, ("game",), "split and choose"), "not a 'whisky poker' record"),
        (SplitAndChoose.replay, WHISKY, "not a 'split and choose' record: game 'whisky poker'"),
        (WhiskyPoker.replay, _without(WHISKY, "version"), "version must be 1.*not None"),
        (SplitAndChoose.replay, _with(SPLIT, ("version",), "1"), "version must be 1.*not '1'"),
        (SplitAndChoose.replay, _with(SPLIT, ("version",), True), "version must be 1.*not True"),
        # rule values are checked for type, never coerced
        (WhiskyPoker.replay, _with(WHISKY, ("rules", "jokers"), "false"), "rules.jokers must be true or false"),
        (WhiskyPoker.replay, _with(WHISKY, ("rules", "ace_low"), "no"), "rules.ace_low must be true or false.*'no'"),
        (WhiskyPoker.replay, _with(WHISKY, ("rules", "players"), 5.0), "rules.players must be an int, not 5.0"),
        (WhiskyPoker.replay, _with(WHISKY, ("rules", "players"), 10), "rules.players must be from 2 to 9, not 10"),
        (WhiskyPoker.replay, _with(WHISKY, ("rules", "ranking"), "rare"), "rules.ranking.*'rare'"),
        (SplitAndChoose.replay, _with(SPLIT, ("rules", "face_up_swap"), "no"), "rules.face_up_swap must be true"),
        (SplitAndChoose.replay, _with(SPLIT, ("rules", "first_splitter"), True), "rules.first_splitter must be an int"),
        # the deal: a seed that is there and an int, or a staged deal that agrees with the rules
        (WhiskyPoker.replay, _without(WHISKY, "seed"), "the record has no 'seed'"),
        (WhiskyPoker.replay, _with(WHISKY, ("seed",), None), "seed must be an int, not None"),
        (SplitAndChoose.replay, _without(SPLIT, "seed"), "the record has no 'seed'"),
        (SplitAndChoose.replay, _with(SPLIT, ("seed",), "3"), "seed must be an int, not '3'"),
        (WhiskyPoker.replay, _with(STAGED, ("rules", "players"), 3), r"deal.hands must be a list of 3 hands"),
        (WhiskyPoker.replay, _with(STAGED, ("seed",), 4), "a seed or a deal, not both"),
        (WhiskyPoker.replay, _with(STAGED, ("deal", "spare"), "Ac Kc Qc Jd Ts"), "deal.spare must be a list"),
        (WhiskyPoker.replay, _with(STAGED, ("deal", "hands", 0, 0), "Qc"), r"deal cannot be replayed.*Q♣"),
        # fields missing, unknown or of the wrong type
        (WhiskyPoker.replay, _without(WHISKY, "rules"), "the record has no 'rules'"),
        (WhiskyPoker.replay, _with(WHISKY, ("rules",), {"players": 5}), "rules has no 'ace_low'"),
        (WhiskyPoker.replay, _with(WHISKY, ("seeds",), 6), "a field this format does not have: 'seeds'"),
        (WhiskyPoker.replay, _with(WHISKY, ("dealer",), "1"), "dealer must be an int, not '1'"),
        (WhiskyPoker.replay, _with(WHISKY, ("actions",), "pass pass"), "actions must be a list of strings"),
        (SplitAndChoose.replay, _with(SPLIT, ("actions",), [None]), "actions must be a list of strings"),
        (SplitAndChoose.replay, _with(SPLIT, ("actions", 0), "fold"), r"actions\[0\] cannot be replayed \('fold'\)"),
        (SplitAndChoose.replay, _with(SPLIT, ("actions", 1), "keep"), r"actions\[1\].*must choose"),
        (SplitAndChoose.replay, ["not", "a", "dict"], "a record is a dict"),
    ],
)
def test_a_record_that_cannot_be_replayed_names_the_field(
    replay: Callable[[Record], Game], record: Record, message: str
) -> None:
    with pytest.raises(RecordError, match=message):
        replay(record)


# ----------------------------------------------------------- the property test


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a record: each key of a dict and each item of a list, nested."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            found += _paths(item, (*path, i))
    return found


JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 60),
    st.floats(allow_nan=False),
    st.sampled_from(["", "x", "false", "no", "1", "split and choose", "whisky poker", "standard", "rarity"]),
    st.sampled_from(["As", "Tc", "10c", "Jo", "9h", "2c", "As Kd", "keep", "pass", "take", "knock", "choose up"]),
    st.sampled_from(["exchange 9h Kc", "swap As", "split As Kd | Tc Jo", "build As Ad Ac Ah Ks | Kd Kh Qs Qd Jo"]),
    st.lists(st.sampled_from(["As", "Kd", "Jo", "pass"]), max_size=6),
    st.dictionaries(st.sampled_from(["hands", "spare", "players", "x"]), st.integers(0, 3), max_size=2),
)


@st.composite
def mutations(draw: st.DrawFn, records: list[Record]) -> Record:
    """A valid record with one to three changes: a value replaced (by junk, by the
    same value as text, or by a neighbour), a field or item removed, an item or field added."""
    record = copy.deepcopy(draw(st.sampled_from(records)))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(record)
        path = draw(st.sampled_from(paths)) if paths else ()
        parent: Any = record
        for key in path[:-1]:
            parent = parent[key]
        old = parent[path[-1]] if path else record
        kind = draw(st.sampled_from(["junk", "text", "neighbour", "remove", "add"]))
        if kind == "junk" or not path:
            new: Any = draw(JUNK)
        elif kind == "text":
            new = json.dumps(old) if not isinstance(old, str) else old.upper()
        elif kind == "neighbour":
            new = old + draw(st.sampled_from([-1, 1])) if isinstance(old, int) and not isinstance(old, bool) else None
        else:
            new = old
        if not path:
            return {"game": new} if kind == "add" else record
        if kind == "remove":
            del parent[path[-1]]
        elif kind == "add" and isinstance(parent, list):
            parent.insert(path[-1], draw(JUNK))
        elif kind == "add":
            parent[draw(st.sampled_from(["extra", "seeds", "order", "deal", "version"]))] = draw(JUNK)
        else:
            parent[path[-1]] = new
    return record


def _split_canonical(record: Record) -> Record:
    """The record as ``record()`` writes it: cards and actions in their codes."""
    out = copy.deepcopy(record)
    if "order" in out:
        out["order"] = [parse_card(code).code for code in out["order"]]
    out["actions"] = [action_code(split_action(text)) for text in out["actions"]]
    return out


def _whisky_canonical(record: Record) -> Record:
    out = copy.deepcopy(record)
    if out["deal"] is not None:
        out["deal"]["hands"] = [[parse_card(code).code for code in hand] for hand in out["deal"]["hands"]]
        out["deal"]["spare"] = [parse_card(code).code for code in out["deal"]["spare"]]
    out["actions"] = [whisky_action(text).code for text in out["actions"]]
    return out


def _replays_as_written(
    replay: Callable[[Record], Game], canonical: Callable[[Record], Record], record: Record
) -> None:
    """Either a RecordError, or a game whose record is the one given, value for
    value and type for type (JSON text compared): nothing coerced, nothing ignored."""
    try:
        game = replay(record)
    except RecordError:
        return
    assert json.dumps(game.record(), sort_keys=True) == json.dumps(canonical(record), sort_keys=True)


PROPERTY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@PROPERTY
@given(mutations(SPLIT_RECORDS))
def test_a_mutated_split_and_choose_record_replays_as_written_or_raises_record_error(record: Record) -> None:
    _replays_as_written(SplitAndChoose.replay, _split_canonical, record)


@PROPERTY
@given(mutations(WHISKY_RECORDS))
def test_a_mutated_whisky_record_replays_as_written_or_raises_record_error(record: Record) -> None:
    _replays_as_written(WhiskyPoker.replay, _whisky_canonical, record)
