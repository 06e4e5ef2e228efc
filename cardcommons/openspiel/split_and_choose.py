"""Split and Choose as the OpenSpiel game ``cardcommons_split_and_choose``.

Chance deals the 21 cards one at a time (outcome ``i`` is the card at pack
position ``i``): the reserve first, then the stock in the order it is
split. Parameters: ``first_splitter`` (0 or 1), ``face_up_swap``,
``candidate_actions``: when true, each player builds the best build, the
one build our engine looks ahead on (it is the best whatever the other
player builds), which leaves the decisions of the draft and the reserve;
and ``table_model``, how a state resampled for a player deals what it has
not seen (``"uniform"``, the default, or ``"rule_of_thumb"``:
:mod:`cardcommons.openspiel.adapter`).

The 156 action ids never depend on the order the cards were dealt in, only
on the cards (a splitter sees 4 cards, not the order they came in):

- 0 to 5: the splits. With the 4 cards in pack order, ``2 × (k − 1)`` puts
  the first card with the ``k``-th (``k`` = 1, 2, 3) face up, one more puts
  that pair face down;
- 6 and 7: take the face-up pair, take the face-down pair;
- 8 keep, ``9 + i`` swap the card at pack position ``i`` for the reserve;
- ``30 + j``: the builds. With the 10 cards in pack order, build ``j`` puts
  the first card with the 4 others of the ``j``-th choice of 4 of the
  other 9 (``itertools.combinations`` order).

>>> import pyspiel
>>> game = pyspiel.load_game("cardcommons_split_and_choose")
>>> state = game.new_initial_state()
>>> for card in range(21):
...     state.apply_action(card)
>>> print(state.table.stock_cards(0))
(10♦, 10♥, 10♠, J♣)
>>> state.legal_actions(), state.action_to_string(0)
([0, 1, 2, 3, 4, 5], 'split 10♥ 10♦ face up, J♣ 10♠ face down')
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any, get_args

import pyspiel

from cardcommons.cards import Card
from cardcommons.errors import shown
from cardcommons.game import Action, Game, Observation
from cardcommons.openspiel.adapter import CardGame, Tensors, game_type, mark
from cardcommons.split_and_choose import (
    PACK,
    Build,
    Choose,
    Keep,
    Split,
    SplitAndChoose,
    SplitAndChooseObservation,
    Swap,
)
from cardcommons.split_and_choose.rules import ROUNDS, Phase

__all__ = ["SplitAndChooseGame"]

_CHOOSE, _KEEP, _SWAP, _BUILD = 6, 8, 9, 30
_BUILDS: dict[tuple[int, ...], int] = {combo: j for j, combo in enumerate(itertools.combinations(range(1, 10), 4))}
_PHASES: tuple[Phase, ...] = get_args(Phase)
_POSITION = PACK.position
_CARDS = len(PACK)


def _in_pack_order(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=_POSITION.__getitem__)


def _positions(cards: Iterable[Card] | None) -> list[int]:
    return [_POSITION[c] for c in cards or ()]


class SplitAndChooseRules:
    """The 21-card pack, the deal, the action ids and the tensor layout."""

    players = 2
    cards = PACK.cards
    copies = (1,) * _CARDS
    deal_size = _CARDS
    num_distinct_actions = _BUILD + len(_BUILDS)
    max_moves = 0  # every game is 14 moves long

    def __init__(self, first_splitter: int, face_up_swap: bool, candidate_actions: bool) -> None:
        self.first_splitter = first_splitter
        self.face_up_swap = face_up_swap
        self.candidate_actions = candidate_actions

    def start(self, deal: Sequence[Card]) -> SplitAndChoose:
        return SplitAndChoose.from_order(deal, self.first_splitter, self.face_up_swap)

    def action_id(self, action: Action) -> int:
        match action:
            case Split(face_up=up):
                first, *others = _in_pack_order(action.cards)
                mate = next(c for c in (up if first in up else action.face_down) if c != first)
                return 2 * others.index(mate) + (first not in up)
            case Choose(face_up=face_up):
                return _CHOOSE + (not face_up)
            case Keep():
                return _KEEP
            case Swap(card=card):
                return _SWAP + _POSITION[card]
            case Build(weaker=weaker, stronger=stronger):
                first, *others = _in_pack_order(weaker + stronger)
                hand = weaker if first in weaker else stronger
                return _BUILD + _BUILDS[tuple(sorted(others.index(c) + 1 for c in hand if c != first))]
        raise TypeError(f"not a Split and Choose action: {shown(action)}")

    def tensor_shapes(self, perfect_recall: bool) -> dict[str, tuple[int, ...]]:
        """One layout for both: a player's observation already recalls every round."""
        return {
            "player": (2,),
            "phase": (len(_PHASES),),
            "to_play": (2,),
            "first_splitter": (2,),
            "face_up_swap": (1,),
            "hand": (_CARDS,),
            "splitter": (ROUNDS, 2),
            "split_cards": (ROUNDS, _CARDS),
            "face_up": (ROUNDS, _CARDS),
            "face_down": (ROUNDS, _CARDS),
            "chose": (ROUNDS, 2),
            "reserve_player": (2, 2),
            "swapped": (2, 2),
            "given": (2, _CARDS),
            "taken": (2, _CARDS),
            "build": (2, _CARDS),
        }

    def fill(self, tensors: Tensors, observation: Observation) -> None:
        assert isinstance(observation, SplitAndChooseObservation)
        view = observation
        tensors["player"][view.player] = 1
        tensors["phase"][_PHASES.index(view.phase)] = 1
        if view.current_player is not None:
            tensors["to_play"][view.current_player] = 1
        tensors["first_splitter"][view.first_splitter] = 1
        tensors["face_up_swap"][0] = view.face_up_swap
        mark(tensors["hand"], _positions(view.hand))
        for r, seen in enumerate(view.rounds):
            tensors["splitter"][r, seen.splitter] = 1
            mark(tensors["split_cards"][r], _positions(seen.cards))
            mark(tensors["face_up"][r], _positions(seen.face_up))
            mark(tensors["face_down"][r], _positions(seen.face_down))
            if seen.chose_face_up is not None:
                tensors["chose"][r, int(seen.chose_face_up)] = 1
        for i, decision in enumerate(view.reserve):
            tensors["reserve_player"][i, decision.player] = 1
            tensors["swapped"][i, int(decision.swapped)] = 1
            mark(tensors["given"][i], _positions([decision.given] if decision.given else []))
            mark(tensors["taken"][i], _positions([decision.taken] if decision.taken else []))
        if view.build is not None:
            for row, hand in zip(tensors["build"], view.build.hands, strict=True):
                mark(row, _positions(hand))

    def without_history(self, observation: Observation) -> Observation:
        """The whole observation: every round stays on the table until the end."""
        return observation

    def deal_of(self, game: Game) -> list[Card]:
        assert isinstance(game, SplitAndChoose)
        return list(game.order)

    def history_of(self, game: Game) -> Sequence[Action]:
        assert isinstance(game, SplitAndChoose)
        return game.history


_PARAMETERS = {"first_splitter": 0, "face_up_swap": False, "candidate_actions": False, "table_model": "uniform"}
_GAME_TYPE = game_type(
    "cardcommons_split_and_choose", "Split and Choose (cardcommons)", (2, 2), _PARAMETERS, information_state_tensor=True
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=SplitAndChooseRules.num_distinct_actions,
    max_chance_outcomes=_CARDS,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=2 * ROUNDS + 2 + 2,  # splits and choices, two reserve decisions, two builds
)


class SplitAndChooseGame(CardGame):
    """Split and Choose for OpenSpiel; returns are +1 to the winner, −1 to the loser, 0 each in a draw."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_PARAMETERS, **(params or {})}
        rules = SplitAndChooseRules(
            int(values["first_splitter"]), bool(values["face_up_swap"]), bool(values["candidate_actions"])
        )
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {}, rules)


pyspiel.register_game(_GAME_TYPE, SplitAndChooseGame)
