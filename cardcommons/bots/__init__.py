"""Computer players. Every bot has one method, ``act(observation, legal_actions)``,
and is handed nothing but its own view of the game, so it cannot peek.

- :class:`RandomBot` plays any legal action, for both games.
- :func:`coach` estimates each move from one player's view: it deals the
  unseen cards at random many times, consistently with that view, plays
  each candidate action out with the game's rule-of-thumb bot, and reports
  every action's share of a win with a 95% interval, best first.
- :class:`MonteCarloBot` plays the coach's best action, for both games.
- :func:`read_style` says what a stranger's moves say of its style: the
  posterior over a family of styles (:mod:`cardcommons.bots.styles`), read
  jointly with the cards, as the coach reads a player it does not know.
- Rule-of-thumb bots, one per game: ``HeuristicBot`` (Split and Choose) and
  ``GreedyBot`` (Whisky Poker). Their rules are written once for one game or
  for many: :mod:`cardcommons.bots.playouts` plays thousands of their games at
  once over arrays, move for move as they would, for the coach.

>>> bot = RandomBot(seed=1)
>>> isinstance(bot, Bot)
True
"""

from __future__ import annotations

from cardcommons.bots.coach import ActionEstimate, MonteCarloBot, PlayoutPolicy, coach, rule_of_thumb
from cardcommons.bots.policies import Policy, RandomBot, Trembling
from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.strangers import read_style, read_styles
from cardcommons.bots.styles import FAMILY, STYLES, StyleReading, family
from cardcommons.bots.whisky import GreedyBot
from cardcommons.game import Bot

__all__ = [
    "FAMILY",
    "STYLES",
    "ActionEstimate",
    "Bot",
    "GreedyBot",
    "HeuristicBot",
    "MonteCarloBot",
    "PlayoutPolicy",
    "Policy",
    "RandomBot",
    "StyleReading",
    "Trembling",
    "coach",
    "family",
    "read_style",
    "read_styles",
    "rule_of_thumb",
]
