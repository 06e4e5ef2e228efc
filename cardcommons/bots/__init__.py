"""Computer players. Every bot has one method, ``act(observation, legal_actions)``,
and is handed nothing but its own view of the game, so it cannot peek.

- :class:`RandomBot` plays any legal action, for both games.
- :func:`coach` estimates each move from one player's view: it deals the
  unseen cards at random many times, consistently with that view, plays
  each candidate action out with the game's rule-of-thumb bot, and reports
  every action's share of a win with a 95% interval, best first.
- :class:`MonteCarloBot` plays the coach's best action, for both games.
- Rule-of-thumb bots, one per game: ``HeuristicBot`` (Split and Choose) and
  ``GreedyBot`` (Whisky Poker). Their rules are written once for one game or
  for many: :mod:`cardcommons.bots.playouts` plays thousands of their games at
  once over arrays, move for move as they would, for the coach.

>>> bot = RandomBot(seed=1)
>>> isinstance(bot, Bot)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from cardcommons.bots.coach import ActionEstimate, MonteCarloBot, PlayoutPolicy, checked_legal, coach, rule_of_thumb
from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.whisky import GreedyBot
from cardcommons.game import Action, Bot, Observation

__all__ = [
    "ActionEstimate",
    "Bot",
    "GreedyBot",
    "HeuristicBot",
    "MonteCarloBot",
    "PlayoutPolicy",
    "RandomBot",
    "coach",
    "rule_of_thumb",
]


class RandomBot:
    """Plays a uniformly random legal action, from its own ``random.Random(seed)``."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Any one of ``legal_actions``; :class:`~cardcommons.errors.RulesError` if there is none to choose.

        >>> RandomBot(seed=1).act(None, [])
        Traceback (most recent call last):
        ...
        cardcommons.errors.RulesError: RandomBot needs a list of at least one legal action, not []
        """
        return self.rng.choice(checked_legal(legal_actions, "RandomBot"))

    def __repr__(self) -> str:
        return "RandomBot()"
