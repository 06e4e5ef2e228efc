"""The tables under races and odd input: New game against the bots' last
redraw, the thinking label against the bots' last move, a second Hint, a
kernel without threads, and flags that are not True or False."""

from __future__ import annotations

import threading
from typing import Any

import pytest

import cardcommons.widgets.table_parts as table_parts
from cardcommons.bots import GreedyBot, HeuristicBot
from cardcommons.errors import RulesError
from cardcommons.widgets import SplitAndChooseTable, WhiskyPokerTable
from cardcommons.widgets.table_parts import Thinker


def test_new_game_waits_for_the_bots_last_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's last redraw is held open; New game (from another thread,
    as a click arrives) must not swap the game under it, and deals once it is drawn."""
    in_redraw, go_on = threading.Event(), threading.Event()
    draw = SplitAndChooseTable._board_html

    def slow_board(table: SplitAndChooseTable, view: Any) -> str:
        if threading.current_thread() is not threading.main_thread() and not table.busy:
            in_redraw.set()  # the bots have moved: this is the last redraw
            assert go_on.wait(10)
        return draw(table, view)

    monkeypatch.setattr(SplitAndChooseTable, "_board_html", slow_board)
    table = SplitAndChooseTable(HeuristicBot, seed=3, first_splitter=1, background=True)
    assert in_redraw.wait(10)
    dealt = table.game
    clicker = threading.Thread(target=table.new_game)
    clicker.start()
    clicker.join(0.3)
    assert clicker.is_alive() and table.game is dealt, "New game swapped the game under the redraw"
    go_on.set()
    clicker.join(10)
    table.wait(10)
    assert table.seed == 4 and table.game is not dealt and table.message == ""


def test_thinking_label_never_outlives_the_bots_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """The ticker makes its label just as the bots finish; it must not show it afterwards."""
    made, go_on = threading.Event(), threading.Event()
    words = table_parts._thinking_html

    def late(text: str) -> str:
        if threading.current_thread() is not threading.main_thread():
            made.set()
            assert go_on.wait(10)
        return words(text)

    monkeypatch.setattr(table_parts, "_thinking_html", late)

    def bots_move() -> None:  # the bots move once the ticker is making its text
        assert made.wait(10)

    thinker = Thinker()
    before = set(threading.enumerate())
    thinker.run(bots_move, True, "The bots are thinking")
    assert made.wait(10)
    assert thinker._thread is not None
    thinker._thread.join(10)  # the bots have moved and the label was cleared...
    go_on.set()  # ...and only now the ticker's text is ready
    for thread in set(threading.enumerate()) - before:  # the worker and the ticker
        thread.join(10)
    assert thinker.label.value == "" and not thinker.busy


def test_thinking_label_speaks_of_one_bot_or_many() -> None:
    gate = threading.Event()

    class SlowBot(GreedyBot):
        def act(self, observation: Any, legal_actions: Any) -> Any:
            assert gate.wait(10)
            return super().act(observation, legal_actions)

    whisky = WhiskyPokerTable(2, SlowBot, seed=3, background=True)
    assert whisky.busy and whisky.thinker.label.value.count("The bots are thinking…") == 1
    gate.set()
    whisky.wait(10)
    assert (whisky.busy, whisky.thinker.label.value) == (False, "")
    assert SplitAndChooseTable.words.thinking == "The bot is thinking"


@pytest.mark.parametrize(
    ("table", "given", "named"),
    [
        (SplitAndChooseTable, {"face_up_swap": "no"}, "face_up_swap is True or False, not 'no'"),
        (SplitAndChooseTable, {"bot": None}, "bot is a bot, or a class or function that makes one, not None"),
        (SplitAndChooseTable, {"bot": lambda: 3}, "which has no act"),
        (SplitAndChooseTable, {"background": "yes"}, "background is True or False, not 'yes'"),
        (WhiskyPokerTable, {"jokers": "no"}, "jokers is True or False, not 'no'"),
        (WhiskyPokerTable, {"jokers": 1}, "jokers is True or False, not 1"),
        (WhiskyPokerTable, {"first_seat": "no"}, "first_seat is True or False, not 'no'"),
    ],
)
def test_tables_refuse_flags_and_bots_they_cannot_use(table: Any, given: dict[str, Any], named: str) -> None:
    with pytest.raises(RulesError, match=named):
        table(**given)
