"""The Review control under a finished game's result (cardcommons.widgets.review_panel):
the review of the reader's own decisions, against the table's own bots, told to a screen reader."""

from __future__ import annotations

import random
import re
import threading
import time
from html import unescape
from typing import Any

import pytest
from test_widgets_tables import sc_play, whisky_play

from cardcommons.bots import GreedyBot, HeuristicBot
from cardcommons.game import play
from cardcommons.reviews import Review, review
from cardcommons.split_and_choose import PACK, SplitAndChoose
from cardcommons.whisky import WhiskyObservation, WhiskyPoker
from cardcommons.widgets import SplitAndChooseTable, WhiskyPokerTable, review_panel
from cardcommons.widgets.table_parts import Thinker
from cardcommons.widgets.try_again import position_words


def test_a_nine_player_whisky_game_is_reviewed_by_a_click_within_5_seconds_of_cpu(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    table = WhiskyPokerTable(8, seed=11, background=False)
    whisky_play(table, random.Random(11), misclicks=False)
    panel = table.review
    assert table.result_box.layout.display is None and panel.view.value == ""
    asked: list[tuple[Any, ...]] = []

    def spy(*args: Any, **options: Any) -> Review:
        asked.append((*args, options))
        return review(*args, **options)

    monkeypatch.setattr(review_panel, "review", spy)

    start = time.process_time()
    panel.button.click()
    cpu = time.process_time() - start
    assert cpu < 5, f"the review took {cpu:.1f} s of CPU"

    done = panel.review
    assert done is not None
    # the reader's seat, with the seated bots themselves as the table (the reader's seat unknown), once
    ((game, seat, players, options),) = asked
    assert game is table.game and seat == 0 and options["seed"] == table.seed
    assert players[0] is None and all(a is b for a, b in zip(players[1:], table._bots, strict=True))
    assert {f"seat {seat}" for seat in range(1, 9)} <= set(done.luck)  # every bot's moves were priced as known
    shown = unescape(panel.view.value)
    assert f"Review of deal {table.seed}" in shown and all(part in shown for part in done.summary_parts())
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", shown.split("<tbody")[1])
    assert len(rows) == len(done.decisions) and '<th scope="col"' in shown
    for row, decision in zip(rows, done.decisions, strict=True):
        assert str(decision.action) in row and decision.label in row
    assert f"Review of deal {table.seed}. {done.summary()}" in unescape(table.announcer.value)

    table.new_game()
    assert panel.review is None and panel.view.value == ""


def test_a_split_and_choose_review_runs_in_the_background_and_a_new_deal_drops_it() -> None:
    table = SplitAndChooseTable(seed=5, background=False)
    sc_play(table, random.Random(5), misclicks=False)
    panel = table.review
    panel._samples = 100  # a small review: the background is what is checked here
    panel._background = True
    panel.button.click()
    assert panel.button.disabled  # while the review is made, one click is enough
    panel.thinker.wait()
    assert panel.review is not None and "later chance" in panel.review.luck
    assert f"Review of game {table.seed}" in panel.view.value and not panel.button.disabled


def test_a_review_of_a_game_dealt_away_meanwhile_is_not_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    table = WhiskyPokerTable(1, seed=3, background=False)
    table.knock_button.click()
    panel = table.review
    panel._samples = 50

    def dealt_away_meanwhile(*args: Any, **options: Any) -> Review:
        done = review(*args, **options)
        table.new_game()
        return done

    monkeypatch.setattr(review_panel, "review", dealt_away_meanwhile)
    panel.button.click()
    assert panel.review is None and panel.view.value == "" and not table.game.is_over


def test_try_again_sets_up_a_costly_decision_from_the_readers_view_and_the_coach_judges_the_new_choice() -> None:
    table = WhiskyPokerTable(8, seed=11, background=False)
    whisky_play(table, random.Random(11), misclicks=False)
    panel = table.review
    panel._samples = 200
    panel.button.click()
    again = panel.try_again
    assert again is not None and again.costly, "this deal has a costly decision to try again"
    decision = again.decision
    assert again.widget in panel.widget.children
    # the position as the reader saw it: their own hand, the cards seen face up, and no card they could not see
    assert panel.review is not None
    position = panel.review.position(decision)
    view = position.observation(0)
    assert isinstance(position, WhiskyPoker) and isinstance(view, WhiskyObservation)
    words = unescape(again.position_view.value)
    assert " ".join(map(str, view.hand)) in words
    unseen = {str(card) for hand in position.hands[1:] for card in hand} | {str(card) for card in position.spare}
    unseen -= {str(card) for card in (*view.hand, *(view.spare or ()), *(c for known in view.known for c in known))}
    assert unseen and not any(card in words for card in unseen)
    # the move played again: the review's own verdict; the coach's best: no cost
    assert again._legal[again.move_choice.value] == decision.action
    again.ask_button.click()
    assert str(decision) in unescape(again.verdict_view.value)
    assert f"The coach: {decision}" in unescape(table.announcer.value)
    again.move_choice.value = next(i for i, a in enumerate(again._legal) if a == decision.best)
    again.ask_button.click()
    best = again.judge(decision, decision.best)
    assert best.cost == 0 and best.label == "good" and str(best) in unescape(again.verdict_view.value)


@pytest.mark.parametrize("game", [SplitAndChoose(seed=8), WhiskyPoker(4, seed=8)], ids=["split", "whisky"])
def test_a_position_in_words_names_exactly_the_cards_the_reader_knows_of(game: SplitAndChoose | WhiskyPoker) -> None:
    """At every turn of the reader's in a whole game: the cards they have seen (Split and Choose), or
    those they hold, see face up in the spare, or saw go face up into a bot's hand (Whisky Poker)."""
    bots = [(HeuristicBot if isinstance(game, SplitAndChoose) else GreedyBot)(seed=s) for s in range(game.players)]
    everything = {str(card) for card in (PACK if isinstance(game, SplitAndChoose) else game.pack).cards}
    turns = 0
    while not game.is_over:
        seat = game.current_player
        assert seat is not None
        if seat == 0:
            turns += 1
            view = game.observation(0)
            if isinstance(view, WhiskyObservation):
                known = {*view.hand, *(view.spare or ()), *(card for cards in view.known for card in cards)}
            else:
                known = set(view.seen)
            words = position_words(view)
            named = {card for card in everything if re.search(rf"(?<![\dA-Z]){re.escape(card)}", words)}
            assert named == {str(card) for card in known}, words
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    assert turns >= 2


def test_the_reviews_progress_bar_shows_the_share_of_the_work_done() -> None:
    """The bar under Review shows how much of the review is done (the thinker's bar cycles where that is
    unknown); a review tells each step done, up to every move priced and measured."""
    thinker = Thinker()
    release = threading.Event()

    def work() -> None:
        release.wait(10)

    thinker.run(work, True, "Reviewing your decisions", share=lambda: 0.5)
    deadline = time.monotonic() + 10
    while thinker.progress.value != thinker.progress.max // 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    shown = thinker.progress.value
    release.set()
    thinker.wait()
    assert shown == thinker.progress.max // 2

    game = WhiskyPoker(2, seed=4)
    play(game, [GreedyBot(seed=1), GreedyBot(seed=2)])
    told: list[tuple[int, ...]] = []
    review(game, 0, [None, GreedyBot()], samples=50, progress=False, told=lambda *step: told.append(step))
    steps = 2 * len(game.actions)
    assert told == [(n, steps) for n in range(1, steps + 1)]
