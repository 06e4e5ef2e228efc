"""The review of a finished game: its parts are data, its costs agree with a
paired check by play-outs, it stays within 5 s of CPU for 9 players, bad input is refused."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from fractions import Fraction
from html import escape

import numpy as np
import pytest

from cardcommons import Review, review
from cardcommons.bots import GreedyBot, HeuristicBot, RandomBot, coach
from cardcommons.bots.worlds import sample_worlds
from cardcommons.errors import RulesError
from cardcommons.game import play
from cardcommons.luck import _BASELINES, THE_DEAL
from cardcommons.reviews import THRESHOLDS_WORDS, label
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker


@pytest.fixture(scope="module")
def whisky_review() -> Review:
    """A two-player Whisky game in which seat 0 plays at random, reviewed."""
    game = WhiskyPoker(2, seed=11)
    play(game, [RandomBot(seed=3), GreedyBot(seed=4)])
    return review(game, 0, table=[None, GreedyBot()], samples=600, progress=False)


def test_a_review_is_data_whose_luck_adds_up_exactly(whisky_review: Review) -> None:
    done = whisky_review
    assert done.decisions and all(d.label in {"good", "inaccuracy", "mistake", "blunder"} for d in done.decisions)
    assert sum(done.luck.values(), Fraction(0)) == done.outcome - done.adjusted
    assert set(done.luck) == {THE_DEAL, "seat 1"}
    assert done.luck[THE_DEAL] == done.par - done.baseline
    for d in done.decisions:
        assert d.low <= d.cost <= d.high
        assert d.label == label(d.cost, d.low)
        assert d.action != d.best or d.cost == d.low == d.high == 0
    html = done._repr_html_()
    assert "<table" in html and "<svg" in html and 'role="img"' in html
    assert done.chance_words().replace("'", "&#x27;") in html  # the picture's text, beside it and as its title
    assert THRESHOLDS_WORDS in str(done)
    assert repr(done) == f"Review(seat 0, {len(done.decisions)} decisions, outcome {float(done.outcome):.2f})"


def test_each_cost_agrees_with_a_paired_check_by_playouts_on_the_same_view(whisky_review: Review) -> None:
    """The coach's cost of each decision, against the best move and the move
    made played out on fresh worlds from the same view (their own seeds):
    the two agree within the two intervals."""
    game = whisky_review.game
    assert isinstance(game, WhiskyPoker)
    checked = 0
    for decision in whisky_review.decisions:
        if decision.action == decision.best:
            continue
        replay = WhiskyPoker.replay({**game.record(), "actions": [a.code for a in game.actions[: decision.move - 1]]})
        worlds = sample_worlds(replay.observation(0), 3000, seed=12345)
        seeds = np.random.default_rng(7).integers(0, 2**63, size=(3000, 2), dtype=np.uint64)
        shares = worlds.deals.play_out([decision.best, decision.action], seeds)
        gaps = shares[0] - shares[1]
        error = float(gaps.std(ddof=1) / np.sqrt(len(gaps)))
        half = (decision.high - decision.low) / 2
        assert abs(float(gaps.mean()) - decision.cost) <= half + 1.96 * error, (decision, gaps.mean(), error)
        checked += 1
    assert checked  # a random player makes moves the coach would not: there was something to check


def test_a_nine_player_whisky_game_is_reviewed_within_5_seconds_of_cpu() -> None:
    game = WhiskyPoker(9, seed=1)
    play(game, [RandomBot(seed=0)] + [GreedyBot(seed=s) for s in range(1, 9)])
    _BASELINES.clear()  # the table's baseline is estimated in the time too
    start = time.process_time()
    done = review(game, 0, table=[None] + [GreedyBot()] * 8, progress=False)
    assert time.process_time() - start < 5
    assert set(done.luck) == {THE_DEAL, *(f"seat {s}" for s in range(1, 9))}


def test_a_split_and_choose_game_has_later_chance() -> None:
    game = SplitAndChoose(seed=3)
    play(game, [RandomBot(seed=0), HeuristicBot(seed=1)])
    done = review(game, 1, table=[RandomBot(), None], samples=300, progress=False)
    assert set(done.luck) == {THE_DEAL, "seat 0", "later chance"}
    assert sum(done.luck.values(), Fraction(0)) == done.outcome - done.adjusted
    assert [d.move for d in done.decisions] == sorted(d.move for d in done.decisions)
    assert "You " in done.summary() and "average deal" in done.summary()
    for decision in done.decisions:  # each position can be set up again, the seat to move
        again = done.position(decision)
        assert again.current_player == 1 and decision.action in again.legal_actions()
    with pytest.raises(RulesError, match="not one of this review's decisions"):
        done.position(replace(done.decisions[0], move=99))


def test_bad_input_is_refused_by_name() -> None:
    game = WhiskyPoker(3, seed=2)
    with pytest.raises(RulesError, match="not finished"):
        review(game, 0)
    play(game, [GreedyBot(seed=s) for s in range(3)])
    with pytest.raises(RulesError, match="seat is a number from 0 to 2, not 3"):
        review(game, 3)
    with pytest.raises(RulesError, match="table has 2 players, but the game has 3 seats"):
        review(game, 0, table=[None, None])
    with pytest.raises(RulesError, match="samples is a whole number of at least 1, not 0"):
        review(game, 0, samples=0)


def test_the_coach_prices_a_move_it_would_leave_out_when_asked() -> None:
    """A review prices the move made even where the game leaves it out of the
    coach's candidates (an exchange that only lowers the hand)."""
    game = WhiskyPoker(2, seed=1)
    for _ in range(2):
        game.apply(game.legal_actions()[0] if game.phase == 1 else game.legal_actions()[-1])
    view, legal = game.observation(game.current_player or 0), list(game.legal_actions())
    left_out = next(a for a in legal if a not in game.candidate_actions())
    advice = coach(view, legal, samples=50, also=[left_out])
    assert left_out in [e.action for e in advice]
    assert len(advice) == len([a for a in game.candidate_actions() if a in legal]) + 1
    with pytest.raises(RulesError, match="not among the legal moves given"):
        coach(view, [a for a in legal if a != left_out], samples=50, also=[left_out])


def test_a_label_is_one_its_interval_backs() -> None:
    """A decision surely worse than the best (its interval off 0) keeps its label; where the interval's
    low end is under half a point (it shows as 0), the label says perhaps; one reaching 0 is good."""
    from cardcommons.reviews import Decision
    from cardcommons.whisky import KNOCK, PASS

    def judged(low: float) -> Decision:
        return Decision(4, KNOCK, PASS, 0.07, low, 0.14, 0.3, label(0.07, low))

    assert [judged(low).verdict for low in (0.03, 0.005, 0.0049, 0.0001, 0.0, -0.01)] == [
        "a mistake",
        "a mistake",
        "perhaps a mistake",
        "perhaps a mistake",
        "good",
        "good",
    ]
    assert str(judged(0.004)) == "Move 4, knock: 7 points below pass (0 to 14), perhaps a mistake"
    assert judged(0.004).interval == "0 to 14"
    assert "perhaps" in THRESHOLDS_WORDS and "half a point" in THRESHOLDS_WORDS


def test_the_summary_names_the_costliest_decision_and_adds_no_costs_up(whisky_review: Review) -> None:
    """Costs are counted each from the reader's view at its move: the summary never adds them (three
    decisions of 40 points would make 120 points of a win), it counts the decisions surely worse and
    names the costliest; the result luck aside stands beside the rule of thumb's on an average deal."""
    done = whisky_review
    first = done.decisions[0]
    costs = (0.40, 0.45, 0.38)
    decisions = tuple(
        replace(first, move=first.move + 2 * i, cost=c, low=c - 0.05, high=c + 0.05, label="blunder")
        for i, c in enumerate(costs)
    ) + (replace(first, move=first.move + 6, cost=0.0, low=-0.004, high=0.004, label="good"),)
    words = replace(done, decisions=decisions).summary()
    assert "3 of your 4 decisions were surely worse than the coach's best" in words
    worst = decisions[1]
    assert f"the costliest, {worst.action} at move {worst.move}, gave up 45 points" in words
    assert "(40 to 50), a blunder" in words
    assert "123" not in words and not re.search(r"\b(1[0-9]{2})\b points", words)
    assert (
        f"Luck aside, the game counts {round(100 * float(done.adjusted))} points of a win for you, against "
        f"{round(100 * float(done.baseline))} for the rule of thumb from your seat on an average deal"
    ) in words
    assert (
        f"From these cards the rule of thumb, playing your seat against these players, takes "
        f"{float(done.par):.0%} of the win, against {float(done.baseline):.0%} for an average deal"
    ) in words
    assert "unknown" not in words  # the one other player is known
    one = replace(done, decisions=decisions[:1] + decisions[3:]).summary()
    assert "1 of your 2 decisions was surely worse" in one
    assert "None of your 2 decisions was surely worse" in replace(done, decisions=decisions[3:] * 2).summary()
    assert "Your one decision was not surely worse" in replace(done, decisions=decisions[3:]).summary()
    assert "Your one decision was surely worse" in replace(done, decisions=decisions[:1]).summary()
    assert "Both your decisions were surely worse" in replace(done, decisions=decisions[:2]).summary()
    # shown: each part a paragraph; a move as good as the best costs 0 with no interval; perhaps, where due
    hedged = replace(decisions[0], cost=0.07, low=0.004, high=0.14, label="mistake")
    shown = replace(done, decisions=(hedged, *decisions[1:]))
    html = shown._repr_html_()
    assert all(f"<p>{escape(part)}</p>" in html for part in shown.summary_parts())
    cells = re.findall(r"<tr[^>]*>(.*?)</tr>", html.split("<tbody")[1])
    assert "perhaps a mistake" in cells[0] and "(0 to 14)" in cells[0]
    assert re.search(r">0</td>", cells[3]) and "(0 to" not in cells[3] and "good" in cells[3]
    assert "All 3 of your decisions were surely worse" in replace(done, decisions=decisions[:3]).summary()
