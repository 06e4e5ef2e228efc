"""Computer players. Every bot has one method, ``act(observation, legal_actions)``,
and is handed nothing but its own view of the game, so it cannot peek.

- :class:`RandomBot` plays any legal action, for both games.
- :class:`MonteCarloBot` looks ahead, for both games: it deals the unseen
  cards at random many times, consistently with its view, plays each
  candidate action out with the game's rule-of-thumb bot, and keeps the
  action with the best average result.
- Rule-of-thumb bots, one per game: ``HeuristicBot`` (Split and Choose) and
  ``GreedyBot`` (Whisky Poker).

>>> bot = RandomBot(seed=1)
>>> isinstance(bot, Bot)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.whisky import GreedyBot
from cardcommons.game import Action, Bot, Observation, play

__all__ = ["Bot", "GreedyBot", "HeuristicBot", "MonteCarloBot", "RandomBot"]


class RandomBot:
    """Plays a uniformly random legal action, from its own ``random.Random(seed)``."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return self.rng.choice(legal_actions)

    def __repr__(self) -> str:
        return "RandomBot()"


class MonteCarloBot:
    """Estimates each candidate action by ``samples`` play-outs in all (shared
    among the candidates), each from a deal of the unseen cards drawn at
    random consistently with the bot's view; every candidate is tried on the
    same deals. Ties go to the first candidate.
    """

    def __init__(self, samples: int = 200, seed: int | None = None) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, not {samples!r}")
        self.samples = samples
        self.rng = random.Random(seed)
        self.last_estimates: dict[Action, float] = {}

    def __repr__(self) -> str:
        return f"MonteCarloBot(samples={self.samples})"

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        legal = list(legal_actions)
        candidates = [a for a in observation.sample_game(self.rng).candidate_actions() if a in legal] or legal
        if len(candidates) == 1:
            self.last_estimates = {candidates[0]: 1.0}
            return candidates[0]
        totals = dict.fromkeys(candidates, 0.0)
        rounds = max(1, self.samples // len(candidates))
        for _ in range(rounds):
            deal_seed = self.rng.getrandbits(64)
            for action in candidates:
                game = observation.sample_game(random.Random(deal_seed))
                game.apply(action)
                bots = [game.playout_bot(deal_seed + seat) for seat in range(game.players)]
                totals[action] += play(game, bots).share(observation.player, game.players)
        self.last_estimates = {action: total / rounds for action, total in totals.items()}
        return max(candidates, key=totals.__getitem__)
