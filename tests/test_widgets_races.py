"""The tables under races and odd input: New game against the bots' last
redraw, the thinking label against the bots' last move, a second Hint, a
kernel without threads, and flags that are not True or False."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest

import cardcommons.widgets.hint as hint_module
import cardcommons.widgets.table_parts as table_parts
from cardcommons.bots import GreedyBot, HeuristicBot, MonteCarloBot, coach
from cardcommons.errors import RulesError
from cardcommons.hands import value_of
from cardcommons.odds import resolve_ranking
from cardcommons.split_and_choose import stage
from cardcommons.whisky import Pass, WhiskyPoker
from cardcommons.widgets import SplitAndChooseTable, WhiskyPokerTable
from cardcommons.widgets.hint import BUILD_CAUTION, Decision, Hint
from cardcommons.widgets.table_parts import Thinker


def test_new_game_waits_for_the_bots_last_redraw(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker's last redraw is held open; New game (from another thread,
    as a click arrives) must not swap the game under it, and deals once it is drawn."""
    in_redraw, go_on = threading.Event(), threading.Event()
    draw = SplitAndChooseTable._board_html

    def slow_board(table: SplitAndChooseTable, view: Any) -> str:
        if threading.current_thread() is not threading.main_thread() and not table.thinker.thinking:
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


def test_a_move_clicked_during_the_bots_last_redraw_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    in_redraw, go_on = threading.Event(), threading.Event()
    draw = SplitAndChooseTable._board_html

    def slow_board(table: SplitAndChooseTable, view: Any) -> str:
        if threading.current_thread() is not threading.main_thread() and not table.thinker.thinking:
            in_redraw.set()
            assert go_on.wait(10)
        return draw(table, view)

    monkeypatch.setattr(SplitAndChooseTable, "_board_html", slow_board)
    table = SplitAndChooseTable(HeuristicBot, seed=3, first_splitter=1, background=True)
    assert in_redraw.wait(10)
    record = table.game.record()
    table.face_up_button.click()  # your turn to choose, but the redraw of the bot's split is not done
    assert table.game.record() == record and table.message == SplitAndChooseTable.words.busy_move
    go_on.set()
    table.wait(10)
    table.face_up_button.click()
    assert len(table.game.record()["actions"]) > len(record["actions"])


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


# -- the Hint ----------------------------------------------------------------


def _whisky_phase_two() -> tuple[Any, Any]:
    """Seat 1's view and moves in a two-player deal at phase 2 (the spare face up)."""
    game = WhiskyPoker(2, seed=1)
    for _ in range(2):
        game.apply(Pass())
    view = game.observation(1)
    assert view.phase == 2 and game.current_player == 1
    return view, tuple(game.legal_actions())


def test_a_second_hint_while_the_coach_thinks_is_answered(monkeypatch: pytest.MonkeyPatch) -> None:
    view, legal = _whisky_phase_two()
    go_on, asked = threading.Event(), []

    def slow_coach(
        observation: Any, legal_actions: Any, samples: int, seed: int, progress: Any, table: Any, names: Any
    ) -> Any:
        asked.append(seed)
        assert go_on.wait(10)
        return coach(observation, legal_actions, 20, seed, names=names)

    monkeypatch.setattr(hint_module, "coach", slow_coach)
    now = [Decision(view, legal, 1)]
    hint = Hint(lambda: now[0], background=True, samples=20)
    hint.button.click()
    hint.button.click()  # the same question again, while the coach thinks
    assert hint.busy and "still thinking about this move" in hint.answer.value
    now[0] = Decision(view, legal, 2)  # a new question, while the coach thinks
    hint.button.click()
    assert "answers this one next" in hint.answer.value
    go_on.set()
    hint.wait(30)
    assert (asked, hint.busy) == ([1, 2], False), "the question asked last is answered"
    assert hint.lines == tuple(str(e) for e in coach(view, legal, 20, 2))
    assert hint.progress.layout.visibility == "hidden"


def test_where_no_thread_can_start_the_hint_answers_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    table = SplitAndChooseTable(seed=3, first_splitter=0, background=True)
    table.hint.samples = 20

    def refuse(_thread: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    table.hint.button.click()
    assert table.hint.lines and not table.hint.busy
    assert table.hint.progress.layout.visibility == "hidden"


def test_the_hint_says_what_it_left_out_and_why() -> None:
    view, legal = _whisky_phase_two()
    hint = Hint(lambda: Decision(view, legal, 1), background=False, samples=20)
    hint.button.click()
    weighed = {e.action for e in coach(view, legal, 20, 1)}
    rest = [a for a in legal if a not in weighed]
    pack, ranking = view.pack, resolve_ranking(view.ranking, view.pack)
    now = value_of(view.hand, pack, ranking)
    lower = [a for a in rest if value_of([a.take if c == a.give else c for c in view.hand], pack, ranking) < now]
    assert len(rest) == len(lower) == 23  # every exchange left out here lowers the hand
    assert "… and 23 exchanges that only lower your hand: the coach leaves them out." in hint.answer.value


def test_after_a_move_you_could_not_see_the_hint_says_why_its_numbers_moved() -> None:
    view, legal = _whisky_phase_two()
    unseen = ["Bot 1 took the spare unseen"]
    now = [Decision(view, legal, 1, tuple(unseen))]
    hint = Hint(lambda: now[0], background=False, samples=20)
    hint.button.click()
    assert "Why its numbers moved" not in hint.answer.value, "nothing to compare with yet"
    now[0] = Decision(view, legal, 2, (*unseen, "Bot 2 took the spare unseen"))
    hint.button.click()
    assert "Why its numbers moved since your last hint: Bot 2 took the spare unseen." in hint.answer.value
    now[0] = Decision(view, legal, 3, now[0].unseen)
    hint.button.click()
    assert "Why its numbers moved" not in hint.answer.value, "no move you could not see since"


def test_the_tables_tell_the_hint_the_moves_you_could_not_see() -> None:
    whisky = WhiskyPokerTable(opponents=1, seed=2, background=False)
    decision = whisky._decision()
    assert decision is not None and decision.unseen == ("Bot 1 took the spare unseen",)
    split = SplitAndChooseTable(seed=3, first_splitter=1, background=False)
    decision = split._decision()
    assert decision is not None and decision.unseen == ("the bot split a pair face down",)


def test_the_hint_reads_the_bots_as_seated_and_says_which_a_stand_in_plays() -> None:
    greedy = WhiskyPokerTable(opponents=2, seed=2, background=False)
    decision = greedy._decision()
    assert decision is not None and decision.unlike == () and decision.table is not None
    strong = WhiskyPokerTable(opponents=2, bot=MonteCarloBot(samples=20, seed=1), seed=2, background=False)
    decision = strong._decision()
    assert decision is not None and decision.unlike == ("MonteCarloBot", "MonteCarloBot")
    strong.hint.samples = 20
    strong.hint.button.click()
    answer = strong.hint.answer.value
    assert (
        "seats 1-2 as MonteCarloBot(samples=20), read by a stand-in fitted to its moves and played on looking "
        "ahead in each world drawn" in answer
    )
    assert "The 2 MonteCarloBots at this table are read by a stand-in fitted to their moves" in answer
    assert "about as strongly as they play against the rule of thumb" in answer and "too hopeful" not in answer
    greedy.hint.samples = 20
    greedy.hint.button.click()
    assert "at this table" not in greedy.hint.answer.value and "seats 1-2 as GreedyBot" in greedy.hint.answer.value


# -- words -------------------------------------------------------------------


def test_the_log_says_what_a_monte_carlo_bot_expects_in_a_players_words() -> None:
    table = SplitAndChooseTable(bot=MonteCarloBot(samples=20, seed=1), seed=2, first_splitter=1, background=False)
    line = table.log[0]
    assert re.search(
        r"\(it expects to win about \d+%, from \d+ deals played out with unseen cards guessed afresh; "
        r"its next best move, about \d+%\)$",
        line,
    ), line
    assert "estimated share" not in line and "weighed" not in line


def test_equal_hands_are_labelled_equal_in_the_build_preview(monkeypatch: pytest.MonkeyPatch) -> None:
    straights = "As Ks Qs Js 10h Ad Kd Qd Jd 10c"  # two equal straights
    staged = stage(straights, "Ah Ac Kh Kc Qh Qc Jh Jc 10s 10d", "Jo", best_builds=False)
    monkeypatch.setattr(SplitAndChooseTable, "_deal", lambda _table, _seed: staged)
    table = SplitAndChooseTable(seed=1, first_splitter=0, background=False)
    assert table.phase == "build" and table.game.current_player == 0
    table.suggest_button.click()
    preview = table.preview.value
    assert preview.count("(equal hands)") == 2 and "weaker hand" not in preview and "stronger hand" not in preview
    table.hint.samples = 20
    table.hint.button.click()
    legal = table.game.legal_actions()
    assert len(legal) == 126 and len(table.hint.lines) == 1  # C(10, 5) / 2 builds; the coach weighs the best
    assert "… and 125 other builds, none better than the best build" in table.hint.answer.value


def test_the_hint_cautions_at_split_and_choose_s_build_where_a_monte_carlo_bots_hidden_cards_read_weak(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Measured, a seated MonteCarloBot's face-down cards are read weaker than they turn out at the build
    (the coach too hopeful there), not before: the Hint says so at the build only."""
    bot = MonteCarloBot(samples=20, seed=1)
    split = SplitAndChooseTable(bot=bot, seed=2, first_splitter=0, background=False)
    split.hint.samples = 20
    split.hint.button.click()
    assert "read by a stand-in" in split.hint.answer.value and BUILD_CAUTION not in split.hint.answer.value
    staged = stage("As Ks Qs Js 10h Ad Kd Qd Jd 10c", "Ah Ac Kh Kc Qh Qc Jh Jc 10s 10d", "Jo", best_builds=False)
    monkeypatch.setattr(SplitAndChooseTable, "_deal", lambda _table, _seed: staged)
    build = SplitAndChooseTable(bot=MonteCarloBot(samples=20, seed=1), seed=1, first_splitter=0, background=False)
    assert build.phase == "build"
    build.hint.samples = 20
    build.hint.button.click()
    assert f"about as strongly as it plays against the rule of thumb. {BUILD_CAUTION}" in build.hint.answer.value
