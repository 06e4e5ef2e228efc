"""Both games as OpenSpiel games, for the research library's algorithms.

Importing this package registers ``cardcommons_split_and_choose`` and
``cardcommons_whisky_poker`` (parameters ``players`` and ``jokers``) with
``pyspiel``; it needs the optional extra ``openspiel``. Chance nodes deal
the cards; the information-state and observation strings are our own
observation of the player, so they hold all the player may know and
nothing more; returns come from our own result.

>>> import pyspiel
>>> import cardcommons.openspiel
>>> game = pyspiel.load_game("cardcommons_whisky_poker", {"players": 3})
>>> state = game.new_initial_state()
>>> while state.is_chance_node():
...     state.apply_action(state.chance_outcomes()[0][0])
>>> state.current_player(), state.information_state_string(0)[:45]
(0, 'WhiskyObservation(player=0, players=3, dealer')
"""

from cardcommons.openspiel.adapter import CardGameState
from cardcommons.openspiel.split_and_choose import SplitAndChooseGame
from cardcommons.openspiel.whisky import WhiskyPokerGame

__all__ = ["CardGameState", "SplitAndChooseGame", "WhiskyPokerGame"]
