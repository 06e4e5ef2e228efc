"""A review's costs, checked: the coach's cost of each decision agrees,
within its interval, with a paired check by play-outs on the same view.

The check is built apart from the coach's batch play-outs: from the
reviewed seat's view at each decision (the position as it stood, no hidden
card revealed), it deals the unseen cards one world at a time, weighs each
world by how likely the other seat (a GreedyBot, as seated) were to make
the moves they made there, plays the coach's best and the move made on the
same world with the same seeded bots, game by game through the engine, and
takes the weighted mean of the difference with its standard error."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from cardcommons.bots import GreedyBot, RandomBot
from cardcommons.bots.seating import seat_policies
from cardcommons.bots.worlds import RULE_OF_THUMB, likelihood
from cardcommons.game import Action, play
from cardcommons.reviews import Review, review
from cardcommons.whisky import WhiskyObservation, WhiskyPoker

SEAT = 0
CHECK_WORLDS = 600
TABLE: list[object] = [None, GreedyBot()]


def _paired_check(view: WhiskyObservation, best: Action, played: Action, seed: int) -> tuple[float, float]:
    """The best move's share less the move played's, from ``view``, on the
    same weighted worlds and bots: the mean and its standard error."""
    rng = random.Random(seed)
    model = RULE_OF_THUMB.seated(seat_policies(TABLE, view.sample_game(random.Random(0)), SEAT))
    gaps, weights = np.zeros(CHECK_WORLDS), np.zeros(CHECK_WORLDS)
    for w in range(CHECK_WORLDS):
        world = rng.getrandbits(64)
        shares = []
        for move in (best, played):
            game = view.sample_game(random.Random(world))  # the same world for both moves
            weights[w] = likelihood(game, SEAT, model)
            game.apply(move)
            bots = [GreedyBot(seed=world + s) for s in range(game.players)]  # the same bots too
            shares.append(play(game, bots).share(SEAT, game.players))
        gaps[w] = shares[0] - shares[1]
    total = weights.sum()
    mean = float(weights @ gaps / total)
    error = float(math.sqrt(((weights * (gaps - mean)) ** 2).sum()) / total)
    return mean, error


@pytest.fixture(scope="module")
def reviewed() -> Review:
    """A 2-player Whisky game whose reviewed seat plays at random (so its moves cost something)."""
    game = WhiskyPoker(2, seed=3)
    play(game, [RandomBot(seed=3), GreedyBot(seed=1)])
    return review(game, SEAT, table=TABLE, samples=600, seed=1, progress=False)


def test_each_decisions_cost_agrees_with_a_paired_check_on_the_same_view(reviewed: Review) -> None:
    checked = 0
    for number, decision in enumerate(reviewed.decisions):
        if decision.action == decision.best:
            assert decision.cost == 0  # the best against itself, on the same worlds
            continue
        view = reviewed.position(decision).observation(SEAT)
        assert isinstance(view, WhiskyObservation)
        check, check_error = _paired_check(view, decision.best, decision.action, seed=100 + number)
        coach_error = (decision.high - decision.low) / (2 * 1.959963984540054)
        # Independent estimates of one paired gap: apart by no more than 3 standard errors of their difference.
        assert abs(decision.cost - check) <= 3 * math.hypot(coach_error, check_error) + 1e-9, (
            decision,
            check,
            check_error,
        )
        assert check_error < 0.04  # narrow enough that a cost of the wrong size would fail
        checked += decision.cost >= 0.05
    assert checked >= 2  # the game has costly decisions: the agreement is not between zeros
