"""Both games as PettingZoo environments, through Shimmy's OpenSpiel wrapper, playing whole games.

:func:`pettingzoo_env` is the form that works. Shimmy's
``OpenSpielCompatibilityV0`` needs the game by name with its parameters:
given ``env=game``, its ``reset`` loads the game again by name without them
(a 3-player Whisky Poker table came back with 4 players). And it counts the
deal's chance nodes against the game's ``max_game_length``, which counts
the players' moves only, so it cut Split and Choose short after one move
(21 cards dealt, 14 moves at most). Our games end by their own rules, Whisky
Poker's bound on moves included, so here no game is truncated.

>>> env = pettingzoo_env("cardcommons_whisky_poker", players=3)
>>> env.reset(seed=1)
>>> env.possible_agents
['player_0', 'player_1', 'player_2']
"""

from __future__ import annotations

from typing import Any

from shimmy import OpenSpielCompatibilityV0

import cardcommons.openspiel  # noqa: F401  (registers both games)

__all__ = ["WholeGames", "pettingzoo_env"]


class WholeGames(OpenSpielCompatibilityV0):  # type: ignore[misc]
    """Shimmy's wrapper, without its truncation: every episode is a whole game."""

    def _update_termination_truncation(self) -> None:
        super()._update_termination_truncation()
        self.truncations = {agent: False for agent in self.agents}


def pettingzoo_env(game_name: str, render_mode: str | None = None, **params: Any) -> WholeGames:
    """``cardcommons_split_and_choose`` or ``cardcommons_whisky_poker`` with its
    OpenSpiel parameters (``players=3``, ``jokers=True``...) as a PettingZoo AEC
    environment. Agents are ``player_0``, ``player_1``...; an agent's
    observation is its observation tensor, its ``info["action_mask"]`` marks the
    legal actions, and the rewards come at the end (OpenSpiel's returns)."""
    return WholeGames(game_name=game_name, config=dict(params) or None, render_mode=render_mode)
