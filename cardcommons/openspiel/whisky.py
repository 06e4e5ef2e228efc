"""Whisky Poker as the OpenSpiel game ``cardcommons_whisky_poker``.

Parameters: ``players`` (2 to 9, default 4), ``jokers``,
``candidate_actions``: when true, phase 2 offers only the few best
exchanges that do not lower the hand (our engine's look-ahead choices),
besides taking the spare and knocking; ``max_moves`` (below); and
``table_model``, how a state resampled for a player deals what it has not
seen (``"uniform"``, the default, or ``"rule_of_thumb"``:
:mod:`cardcommons.openspiel.adapter`).

The last seat deals, so seat 0 plays first. Chance deals 5 cards to seat 0,
then 5 to seat 1 and so on, then 5 to the spare; outcome ``i`` is the
``i``-th distinct card of the pack (a pair of Jokers is one card, twice as
likely).

With ``n`` distinct cards, the ``3 + n²`` action ids are: 0 pass, 1 take
the spare, 2 knock, ``3 + n × g + t`` give card ``g`` and take card ``t``.
The returns: each seat antes 1 and the winners share the pot, so a lone
winner gets ``players − 1``, a loser −1, everyone 0 in a draw.

The information-state string holds the public log (perfect recall); the
observation string and tensor only the table as it is now. The log has no
fixed length, so there is no information-state tensor.

A game can go on until a position comes up a third time, which no practical
bound limits: random play, as a solver explores, knocks about once in 27
moves and now and then plays 240. Such a game's sampling probability (about
1/27 a move, times the deal's) falls below the smallest float, and outcome
sampling divided by zero. So a game still going after ``max_moves`` moves
(default 100; GreedyBots at nine players take about 50 at most) ends as a
draw, as chess has its fifty-move rule; that is the game's maximum length.
``max_moves=0`` lifts the bound.

>>> import pyspiel
>>> game = pyspiel.load_game("cardcommons_whisky_poker", {"players": 2, "jokers": True})
>>> game.num_distinct_actions(), game.max_chance_outcomes()
(628, 25)
>>> state = game.new_initial_state()
>>> for card in range(15):
...     state.apply_action(card)
>>> print(state.table)
Whisky Poker, 2 players, 25-card pack (9 to A and 1 Joker), dealer seat 1, phase 1
seat 0: 9♣ 9♦ 9♥ 9♠ 10♣
seat 1: 10♦ 10♥ 10♠ J♣ J♦
spare (face down): J♥ J♠ Q♣ Q♦ Q♥
seat 0 to play
>>> [state.action_to_string(a) for a in state.legal_actions()]
['pass', 'take the spare', 'knock']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pyspiel

from cardcommons.cards import Card, parse_card
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Game, Observation
from cardcommons.hands import HAND_SIZE
from cardcommons.openspiel.adapter import CardGame, Tensors, game_type, mark
from cardcommons.packs import MAX_PLAYERS, MIN_PLAYERS, Pack
from cardcommons.whisky import Exchange, Knock, Pass, TakeSpare, WhiskyObservation, WhiskyPoker

__all__ = ["WhiskyPokerGame"]

_PASS, _TAKE, _KNOCK, _EXCHANGE = 0, 1, 2, 3


class WhiskyRules:
    """One table's pack, the deal, the action ids and the tensor layout."""

    def __init__(self, players: int, jokers: bool, candidate_actions: bool, max_moves: int) -> None:
        self.players = players
        self.jokers = jokers
        self.candidate_actions = candidate_actions
        self.max_moves = max_moves
        pack = Pack.whisky(players, jokers)
        count = Counter(pack.cards)
        self.cards: tuple[Card, ...] = tuple(count)
        self.copies = tuple(count.values())
        self.position = {card: i for i, card in enumerate(self.cards)}
        self.deal_size = HAND_SIZE * (players + 1)
        self.num_distinct_actions = _EXCHANGE + len(self.cards) ** 2

    def start(self, deal: Sequence[Card]) -> WhiskyPoker:
        hands = [deal[HAND_SIZE * s : HAND_SIZE * (s + 1)] for s in range(self.players)]
        return WhiskyPoker.from_deal(hands, deal[-HAND_SIZE:], dealer=self.players - 1, jokers=self.jokers)

    def action_id(self, action: Action) -> int:
        match action:
            case Pass():
                return _PASS
            case TakeSpare():
                return _TAKE
            case Knock():
                return _KNOCK
            case Exchange(give=give, take=take):
                return _EXCHANGE + len(self.cards) * self.position[give] + self.position[take]
        raise TypeError(f"not a Whisky Poker action: {shown(action)}")

    def tensor_shapes(self, perfect_recall: bool) -> dict[str, tuple[int, ...]]:
        """The table now (no tensor with perfect recall: the public log has no bound)."""
        if perfect_recall:
            return {}
        players, cards = self.players, len(self.cards)
        return {
            "player": (players,),
            "phase": (2,),
            "to_play": (players,),
            "hand": (cards,),
            "spare_face_up": (1,),
            "spare": (cards,),
            "known": (players, cards),
            "first_knock": (players,),
            "knocked": (players,),
        }

    def fill(self, tensors: Tensors, observation: Observation) -> None:
        assert isinstance(observation, WhiskyObservation)
        view = observation
        tensors["player"][view.player] = 1
        tensors["phase"][view.phase - 1] = 1
        if view.current_player is not None:
            tensors["to_play"][view.current_player] = 1
        mark(tensors["hand"], [self.position[c] for c in view.hand])
        if view.spare is not None:
            tensors["spare_face_up"][0] = 1
            mark(tensors["spare"], [self.position[c] for c in view.spare])
        for row, known in zip(tensors["known"], view.known, strict=True):
            mark(row, [self.position[c] for c in known])
        if view.knocker is not None:
            tensors["first_knock"][view.knocker] = 1
        mark(tensors["knocked"], view.knocks)

    def without_history(self, observation: Observation) -> Observation:
        """The table now: the observation without its public log."""
        assert isinstance(observation, WhiskyObservation)
        return replace(observation, events=())

    def deal_of(self, game: Game) -> list[Card]:
        """Seat by seat, then the spare, as dealt (the record of a staged deal)."""
        assert isinstance(game, WhiskyPoker)
        deal = game.record()["deal"]
        return [parse_card(code) for hand in [*deal["hands"], deal["spare"]] for code in hand]

    def history_of(self, game: Game) -> Sequence[Action]:
        assert isinstance(game, WhiskyPoker)
        return game.actions


MAX_MOVES = 100
"""The default move bound: a game still going after 100 moves ends as a draw."""
_PARAMETERS = {
    "players": 4,
    "jokers": False,
    "candidate_actions": False,
    "max_moves": MAX_MOVES,
    "table_model": "uniform",
}
_GAME_TYPE = game_type(
    "cardcommons_whisky_poker",
    "Whisky Poker (cardcommons)",
    (MIN_PLAYERS, MAX_PLAYERS),
    _PARAMETERS,
    information_state_tensor=False,
)
_NOMINAL_LENGTH = 2**31 - 1
"""With ``max_moves=0``: every game ends (a position's third time is a
draw), but with up to 50 cards in play the number of positions has no
practical bound."""


class WhiskyPokerGame(CardGame):
    """Whisky Poker for OpenSpiel at one table size, with or without Jokers."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        values = {**_PARAMETERS, **(params or {})}
        players, jokers, max_moves = int(values["players"]), bool(values["jokers"]), int(values["max_moves"])
        if max_moves < 0:
            raise RulesError(f"max_moves is a number of moves, or 0 for no bound, not {max_moves}")
        rules = WhiskyRules(players, jokers, bool(values["candidate_actions"]), max_moves)
        info = pyspiel.GameInfo(
            num_distinct_actions=rules.num_distinct_actions,
            max_chance_outcomes=len(rules.cards),
            num_players=players,
            min_utility=-1.0,
            max_utility=players - 1.0,
            utility_sum=0.0,
            max_game_length=max_moves or _NOMINAL_LENGTH,
        )
        super().__init__(_GAME_TYPE, info, params or {}, rules)


pyspiel.register_game(_GAME_TYPE, WhiskyPokerGame)
