"""Record files: both games written and read back, finished or not, and every bad file refused in a sentence."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardcommons import RecordError, load_record, record_text
from cardcommons.bots import RandomBot
from cardcommons.game import Game
from cardcommons.record_files import FORMAT, MAX_BYTES, steps
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker


def _played(game: Game, seed: int, moves: int | None = None) -> Game:
    """``game`` after random moves: all of them, or the first ``moves``."""
    bots = [RandomBot(seed + seat) for seat in range(game.players)]
    while game.current_player is not None and moves != 0:
        player = game.current_player
        game.apply(bots[player].act(game.observation(player), game.legal_actions()))
        moves = None if moves is None else moves - 1
    return game


GAMES = {
    "split, finished": _played(SplitAndChoose(seed=3, first_splitter=1), 1),
    "split, unfinished, face-up swap": _played(SplitAndChoose(seed=8, face_up_swap=True), 2, moves=7),
    "split, staged, not begun": SplitAndChoose.from_order(
        "As Ks Qs Js Ts Ah Kh Qh Jh Th Ad Kd Qd Jd Td Ac Kc Qc Jc Tc Jo"
    ),
    "whisky, finished": _played(WhiskyPoker(players=5, jokers=True, seed=6, ranking="rarity"), 2),
    "whisky, unfinished": _played(WhiskyPoker(players=3, seed=9, ace_low=False), 3, moves=4),
    "whisky, staged, finished": _played(
        WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s", dealer=0), 4
    ),
}


@pytest.mark.parametrize("name", GAMES)
def test_a_record_file_opens_as_the_same_game_from_text_bytes_or_a_path(name: str, tmp_path: Path) -> None:
    game = GAMES[name]
    text = record_text(game)
    path = tmp_path / "game.json"
    path.write_text(text, encoding="utf-8")
    for source in (text, text.encode(), b"\xef\xbb\xbf" + text.encode(), path, str(path)):  # bytes with a BOM too
        opened = load_record(source)
        assert type(opened) is type(game) and opened.record() == game.record()
        # the game itself, not only its record: whose turn, every hand, the result
        assert opened.current_player == game.current_player and opened.is_over == game.is_over
        assert opened.observation(0) == game.observation(0) and opened.result == game.result
    # the file is plain JSON with the header first and the game's record after it
    assert json.loads(text) == {"format": FORMAT, **game.record()}
    assert text.startswith('{\n "format": "cardcommons game record",\n') and len(text) < 2_000


SPLIT_TEXT = record_text(GAMES["split, finished"])
WHISKY_TEXT = record_text(GAMES["whisky, finished"])
WHISKY_ACTIONS = json.loads(WHISKY_TEXT)["actions"]


def _changed(text: str, **fields: object) -> str:
    return json.dumps({**json.loads(text), **fields})


@pytest.mark.parametrize(
    ("source", "message"),
    [
        (SPLIT_TEXT[: len(SPLIT_TEXT) // 2], r"^the record is not JSON text: .* \(line \d+, column \d+\)$"),
        ("[1, 2]", "a record file holds one JSON object, not"),
        ('{"format": "phh"}', r"this is not a cardcommons game record \(its format field is 'phh'\)"),
        (_changed(SPLIT_TEXT, version=2), r"version must be 1 \(the format this engine reads\), not 2"),
        (_changed(SPLIT_TEXT, game="poker"), "game must be 'split and choose' or 'whisky poker', not 'poker'"),
        (_changed(WHISKY_TEXT, actions=["pass"] * 6), r"actions\[5\] cannot be replayed \('pass'\): no passing"),
        (_changed(WHISKY_TEXT, actions=["pass", "exchange Zz 9c"]), r"actions\[1\] cannot be replayed .*Zz"),
        (_changed(WHISKY_TEXT, actions=[*WHISKY_ACTIONS, "knock"]), rf"actions\[{len(WHISKY_ACTIONS)}\].*over"),
        (_changed(SPLIT_TEXT, seed="3"), "seed must be an int, not '3'"),
        (SPLIT_TEXT.replace('"seed": 3', '"seed": NaN'), "NaN is not a number a record holds"),
        (SPLIT_TEXT.replace('"seed": 3', '"seed": 3, "seed": 4'), "the field 'seed' appears twice"),
        ('{"format": ' + "[" * 100_000 + "]" * 100_000 + "}", "nested too deeply"),
        (" " * MAX_BYTES + "{}", "a record file holds at most 256,000"),
        (b"\xff" + SPLIT_TEXT.encode(), r"not UTF-8 text \(byte 0 is 0xff\)"),
        ("no such game.json", "cannot read the record file 'no such game.json': No such file or directory"),
        (3, "a record is text, bytes or a path, not 3"),
    ],
)
def test_a_bad_record_file_is_refused_in_a_sentence(source: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        load_record(source)


def test_the_wrong_card_in_a_move_is_named() -> None:
    game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s", dealer=1)
    game.apply(game.legal_actions()[1])  # seat 0 takes the spare: the spare is now face up
    text = record_text(game)
    assert load_record(text).record() == game.record()
    bad = _changed(text, actions=["take", "exchange 9c Ac"])  # seat 1 gives a card it does not hold
    with pytest.raises(RecordError, match=r"actions\[1\] cannot be replayed \('exchange 9c Ac'\): .*9♣"):
        load_record(bad)


def test_the_readmes_example_record_is_a_finished_game_written_as_record_text_writes_it() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```\n(\{\n \"format\".*?\n\})\n```", readme, re.S)
    assert example is not None
    game = load_record(example.group(1))
    assert game.is_over and record_text(game) == example.group(1) + "\n"


@pytest.mark.parametrize("name", ["split, finished", "whisky, unfinished", "whisky, staged, finished"])
def test_each_step_is_the_game_replayed_to_that_move_as_each_seat_saw_it(name: str) -> None:
    game = GAMES[name]
    record = game.record()
    found = steps(game)
    assert [step.number for step in found] == list(range(len(record["actions"]) + 1))
    for step in found:
        # the record cut after this step's move, replayed on its own
        position = type(game).replay({**record, "actions": record["actions"][: step.number]})  # type: ignore[attr-defined]
        assert step.views == tuple(position.observation(seat) for seat in range(game.players))
        assert step.result == position.result
        if step.number < len(found) - 1:
            assert found[step.number + 1].seat == position.current_player
    assert found[0].seat is None and found[0].move == "" and all(step.move for step in found[1:])
