"""The coach: what each move is worth, estimated from one player's view.

:func:`coach` deals the cards the player cannot see at random, many times,
consistently with its observation; plays every candidate move out to the
end on each deal with a fast rule-of-thumb player in every seat; and
reports, best first, each move's average share of a win with a 95%
interval. :class:`MonteCarloBot` plays the coach's first choice.

The play-out players come from a **play-out policy**: a function of the
sampled game and a seed that returns a bot. By default it is the game's
rule-of-thumb bot (:func:`rule_of_thumb`); hand another to look ahead with
other players. The games themselves know nothing of bots.

>>> from cardcommons.split_and_choose import SplitAndChoose
>>> game = SplitAndChoose(seed=4)
>>> estimates = coach(game.observation(0), game.legal_actions(), samples=60, seed=1)
>>> len(estimates), estimates[0].playouts, estimates[0].share >= estimates[-1].share
(6, 10, True)
>>> MonteCarloBot(samples=60, seed=1).act(game.observation(0), game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.whisky import GreedyBot
from cardcommons.errors import RulesError
from cardcommons.game import Action, Bot, Game, Observation, play
from cardcommons.simulate import wilson_interval
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

__all__ = ["ActionEstimate", "MonteCarloBot", "PlayoutPolicy", "coach", "rule_of_thumb"]

PlayoutPolicy = Callable[[Game, int], Bot]
"""Makes the bot for one seat of a play-out, from the sampled game and a seed."""

Progress = Callable[[int, int], object]
"""Told ``(play-outs done, play-outs in all)`` after each deal."""


def rule_of_thumb(game: Game, seed: int) -> Bot:
    """The default play-out policy: :class:`HeuristicBot` for Split and Choose,
    :class:`GreedyBot` for Whisky Poker.

    >>> rule_of_thumb(WhiskyPoker(3, seed=1), seed=2)
    GreedyBot(knock_at=1.0)
    """
    if isinstance(game, SplitAndChoose):
        return HeuristicBot(seed=seed)
    if isinstance(game, WhiskyPoker):
        return GreedyBot(seed=seed)
    raise TypeError(f"no rule-of-thumb bot for {type(game).__name__}; pass a playout policy")


@dataclass(frozen=True)
class ActionEstimate:
    """One candidate move and its estimated share of a win (a shared win
    counts as a part, a draw as an equal part), with a 95% interval, from
    ``playouts`` play-outs. ``str()`` says it in plain words.

    >>> from cardcommons.split_and_choose import Choose
    >>> print(ActionEstimate(Choose(False), 0.62, 0.57, 0.67, 400))
    Choose the face-down pair: wins about 62% (57–67%)
    """

    action: Action
    share: float
    low: float
    high: float
    playouts: int

    def __str__(self) -> str:
        words = str(self.action)
        return f"{words[:1].upper()}{words[1:]}: wins about {self.share:.0%} ({self.low * 100:.0f}–{self.high:.0%})"


def coach(
    observation: Observation,
    legal_actions: Sequence[Action],
    samples: int = 200,
    seed: int = 0,
    progress: Progress | None = None,
    playout: PlayoutPolicy = rule_of_thumb,
) -> list[ActionEstimate]:
    """Estimate every candidate move (the game's ``candidate_actions`` that
    are legal), best first, from ``samples`` play-outs in all, shared among
    the candidates; every candidate is played out on the same deals. It
    reads nothing but ``observation``, and the same seed gives the same
    estimates. Ties keep the game's order of candidates.
    """
    _check_samples(samples)
    rng = random.Random(seed)
    legal = list(legal_actions)
    candidates = [a for a in observation.sample_game(rng).candidate_actions() if a in legal] or legal
    rounds = max(1, samples // len(candidates))
    totals = dict.fromkeys(candidates, 0.0)
    for done in range(1, rounds + 1):
        deal_seed = rng.getrandbits(64)
        for action in candidates:
            game = observation.sample_game(random.Random(deal_seed))
            game.apply(action)
            bots = [playout(game, deal_seed + seat) for seat in range(game.players)]
            totals[action] += play(game, bots).share(observation.player, game.players)
        if progress is not None:
            progress(done * len(candidates), rounds * len(candidates))
    estimates = [ActionEstimate(a, t / rounds, *wilson_interval(t, rounds), rounds) for a, t in totals.items()]
    return sorted(estimates, key=lambda e: -e.share)


def _check_samples(samples: object) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RulesError(f"samples must be a whole number of at least 1, not {samples!r}")


class MonteCarloBot:
    """Plays the move the :func:`coach` rates best, from ``samples`` play-outs
    a decision (a fresh seed each time from its own ``random.Random(seed)``).
    ``last_estimates`` keeps the coach's share for each candidate of its last move.
    """

    def __init__(self, samples: int = 200, seed: int | None = None, playout: PlayoutPolicy = rule_of_thumb) -> None:
        _check_samples(samples)
        self.samples = samples
        self.playout = playout
        self.rng = random.Random(seed)
        self.last_estimates: dict[Action, float] = {}

    def __repr__(self) -> str:
        return f"MonteCarloBot(samples={self.samples})"

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        estimates = coach(observation, legal_actions, self.samples, self.rng.getrandbits(64), playout=self.playout)
        self.last_estimates = {e.action: e.share for e in estimates}
        return estimates[0].action
