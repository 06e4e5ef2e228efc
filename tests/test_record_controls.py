"""The arcade's record controls: a finished game's record downloaded, a file opened and stepped through,
a bad file refused in a sentence with nothing changed."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from html import escape, unescape
from typing import Any
from urllib.parse import unquote

import pytest

from cardcommons import load_record, record_text
from cardcommons.record_files import MAX_BYTES
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.widgets import Arcade
from cardcommons.widgets.record_controls import RecordControls


def _finished_arcade() -> Arcade:
    arcade = Arcade(game="whisky", seed=3)
    arcade.whisky_opponents.value = 1
    arcade.table.knock_button.click()  # you knock at once: the bot's last turn, then the showdown
    assert arcade.table.game.is_over
    return arcade


def _downloaded(arcade: Arcade) -> tuple[str, str] | None:
    """The file name and text the Download record link gives (None: no link)."""
    link = re.search(
        r'href="data:application/json;charset=utf-8,([^"]*)" download="([^"]*)"', arcade.records.download_view.value
    )
    return None if link is None else (unescape(link.group(2)), unquote(unescape(link.group(1))))


def _upload(name: str, content: bytes) -> tuple[dict[str, Any], ...]:
    """A FileUpload value as the browser sends it."""
    return (
        {
            "name": name,
            "type": "application/json",
            "size": len(content),
            "content": memoryview(content),
            "last_modified": datetime(2026, 1, 1, tzinfo=UTC),
        },
    )


def test_the_record_is_offered_once_the_game_is_over_and_opens_as_the_same_game() -> None:
    arcade = Arcade(game="whisky", seed=3)
    assert _downloaded(arcade) is None and "once the game is over" in arcade.records.download_view.value
    arcade.whisky_opponents.value = 1
    arcade.table.knock_button.click()
    downloaded = _downloaded(arcade)
    assert downloaded is not None
    name, text = downloaded
    game = arcade.table.game
    assert name == f"whisky-poker-{arcade.table.seed}.json" and text == record_text(game)
    assert load_record(text).result == game.result
    arcade.new_game_button.click()  # a new deal: nothing to download until it is over
    assert _downloaded(arcade) is None


def test_replay_steps_through_the_finished_game_at_the_table() -> None:
    arcade = _finished_arcade()
    arcade.table.replay_button.click()
    replay = arcade.records.replay
    assert f"Replay: Whisky Poker, seed {arcade.table.seed}, 2 players, finished" in replay.view.value
    assert replay.step == 0 and replay.last == len(arcade.table.game.record()["actions"])


def test_an_opened_record_steps_from_the_deal_to_the_result_showing_each_seats_view() -> None:
    arcade = _finished_arcade()
    game = arcade.table.game
    records, replay = arcade.records, arcade.records.replay
    assert replay.widget.layout.display == "none"
    records.open_button.value = _upload("mine.json", record_text(game).encode())
    assert records.open_button.value == () and records.message == ""  # nothing kept, nothing refused
    assert replay.widget.layout.display is None and replay.step == 0
    assert f"Record mine.json: Whisky Poker, seed {arcade.table.seed}, 2 players, finished" in replay.view.value
    moves = game.record()["actions"]
    assert (
        replay.last == len(moves)
        and f"The deal, then {len(moves)} moves" in replay.view.value
        and replay.previous_button.disabled
    )
    for number in range(1, len(moves) + 1):
        replay.next_button.click()
        assert f"Move {number} of {len(moves)} · Seat " in replay.view.value
    assert replay.next_button.disabled and not replay.previous_button.disabled
    # the last move shows what each seat knew at the end, as the game itself says it, and the result
    for seat in range(game.players):
        assert escape(str(game.observation(seat))) in replay.view.value
    assert escape(str(game.result)) in replay.view.value
    replay.previous_button.click()
    assert replay.step == len(moves) - 1 and escape(str(game.result)) not in replay.view.value


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("notes.txt", b"hello", "notes.txt is not a game record: the record is not JSON text"),
        (
            "old.json",
            b'{"format": "cardcommons game record", "game": "whisky poker", "version": 0}',
            "version must be 1",
        ),
        ("big.json", b" " * (MAX_BYTES + 1), "big.json is 256,001 bytes: a record file holds at most 256,000"),
    ],
)
def test_a_bad_file_is_refused_in_a_sentence_and_the_replay_shown_stays(
    name: str, content: bytes, message: str
) -> None:
    records = RecordControls()
    good = record_text(_finished_arcade().table.game).encode()
    records.open_button.value = _upload("good.json", good)
    records.replay.next_button.click()
    shown = records.replay.view.value
    records.open_button.value = _upload(name, content)
    assert message in records.message and escape(message) in records.message_label.value
    assert records.replay.view.value == shown and records.replay.step == 1
    records.open_button.value = _upload("good.json", good)  # the same file again opens: the message goes
    assert records.message == "" and records.message_label.value == "" and records.replay.step == 0


def test_a_record_with_no_move_or_one_says_so_at_the_deal() -> None:
    records, game = RecordControls(), SplitAndChoose(seed=1)
    records.open(record_text(game).encode(), "new.json")
    assert "The deal, no move yet" in records.replay.view.value and records.replay.next_button.disabled
    game.apply(game.legal_actions()[0])
    records.open(record_text(game).encode(), "one.json")
    assert "The deal, then 1 move<" in records.replay.view.value
    assert "Split and Choose, seed 1, 2 players, unfinished" in records.replay.view.value


def _hidden(widget: Any) -> bool:
    return bool(widget.layout.display == "none")


def _quick(panel: Any) -> None:
    """A review panel made to review at once, with few play-outs (the review itself is tested elsewhere)."""
    panel._background, panel._samples = False, 100


def test_the_replay_of_the_game_just_finished_opens_its_review_made_once_with_the_tables_bots_known(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from cardcommons.reviews import review
    from cardcommons.widgets import review_panel

    made: list[Any] = []

    def counted(*args: Any, **options: Any) -> Any:
        made.append((args, options))
        return review(*args, **options)

    arcade = _finished_arcade()
    records, table = arcade.records, arcade.table
    _quick(records.review)
    _quick(table.review)
    assert _hidden(records.review.widget)  # no game replayed yet
    table.replay_button.click()
    assert not _hidden(records.review.widget)
    monkeypatch.setattr(review_panel, "review", counted)
    records.review.button.click()
    done = records.review.review
    assert done is not None and done.game is table.game and len(made) == 1
    ((_game, seat, players), options) = made[0]
    assert seat == 0 and players[0] is None and players[1] is table.players[1] and options["seed"] == table.seed
    assert set(done.luck) == {"the deal", "seat 1"}  # the table's bot is known, as at the table's own Review
    shown = unescape(records.review.view.value)
    heading = f"Review of the Whisky Poker game, seed {table.seed}, seat 0's decisions"
    assert heading in shown and all(part in shown for part in done.summary_parts())
    assert unescape(records.announcer.value).endswith(f"{heading}. {done.summary()}</div>")
    table.review.button.click()  # the table's own Review shows the same review, not made again
    assert table.review.review is done and len(made) == 1
    arcade.new_game_button.click()  # the replay stays, and so does its review
    assert records.review.review is done


def test_an_opened_record_is_reviewed_with_its_players_unknown_and_an_unfinished_one_is_not_offered() -> None:
    game = _finished_arcade().table.game
    records = RecordControls(background=False)
    _quick(records.review)
    records.open(record_text(game).encode(), "mine.json")
    assert not _hidden(records.review.widget)
    records.review.button.click()
    done = records.review.review
    assert done is not None and done.game.record() == game.record()
    assert set(done.luck) == {"the deal"}  # a record does not say who played: no seat's moves are luck
    assert "the moves of a player whose play is unknown are not counted as luck" in done.summary()
    assert records.review.try_again is not None
    unfinished = SplitAndChoose(seed=1)
    unfinished.apply(unfinished.legal_actions()[0])
    records.open(record_text(unfinished).encode(), "half.json")
    assert _hidden(records.review.widget) and records.review.view.value == ""  # the old review gone
