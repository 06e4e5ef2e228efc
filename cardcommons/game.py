"""The game interface shared by Split and Choose and Whisky Poker.

Both games are objects with the same members, in the shape of OpenSpiel's
games: whose turn it is, the legal actions, ``apply`` an action, one
observation per player (all that player may know), and a result at the end.
Actions are small immutable values with a readable ``str()``. A game can be
recorded as a JSON-friendly dict and replayed from it.

>>> Result(frozenset(), "a draw by repetition").outcome(0)
'draw'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, runtime_checkable

Outcome = Literal["win", "draw", "loss"]


class Action(Protocol):
    """A move: an immutable, hashable value whose ``str()`` reads like the game."""

    def __hash__(self) -> int: ...


@dataclass(frozen=True)
class Result:
    """How a game ended: the winning seats (several for a shared win, none
    for a draw) and one or more sentences that explain why.

    >>> Result(frozenset({1}), "B wins").outcome(0)
    'loss'
    """

    winners: frozenset[int]
    explanation: str

    @property
    def is_draw(self) -> bool:
        """Nobody won."""
        return not self.winners

    def share(self, player: int, players: int) -> float:
        """The player's share of one game: 1 split among the winners, 1/players each in a draw."""
        if self.is_draw:
            return 1 / players
        return 1 / len(self.winners) if player in self.winners else 0.0

    def outcome(self, player: int) -> Outcome:
        """ "win" (shared wins included), "draw" when nobody won, else "loss"."""
        if player in self.winners:
            return "win"
        return "draw" if self.is_draw else "loss"


@runtime_checkable
class Observation(Protocol):
    """What one player may know: its own cards, the face-up cards and the
    public history. It can deal the unseen cards at random, consistently
    with what it knows, to give a game a computer player can look ahead in."""

    @property
    def player(self) -> int:
        """The seat whose view this is (a plain attribute or a frozen dataclass field)."""
        ...

    def sample_game(self, rng: random.Random) -> Game:
        """A full game at this point, with every unseen card dealt at random
        from the cards this player has not seen; its turn is this player's."""
        ...


@runtime_checkable
class Game(Protocol):
    """The interface of both games."""

    players: int

    @property
    def current_player(self) -> int | None:
        """The seat to act, or None when the game is over."""
        ...

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        ...

    @property
    def result(self) -> Result | None:
        """The result, once the game is over."""
        ...

    def legal_actions(self) -> Sequence[Action]:
        """Every action the current player may take now."""
        ...

    def apply(self, action: Action) -> None:
        """Play an action; an illegal one raises IllegalActionError and changes nothing."""
        ...

    def observation(self, player: int) -> Observation:
        """What ``player`` may know now, and nothing else."""
        ...

    def record(self) -> dict[str, Any]:
        """The rules, the seed or staged cards, and the actions: JSON-serialisable."""
        ...

    def candidate_actions(self) -> Sequence[Action]:
        """The legal actions worth looking ahead on (all of them, or a pruned few)."""
        ...


@runtime_checkable
class Bot(Protocol):
    """A computer player: it sees only its observation and the legal actions."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose one of ``legal_actions``."""
        ...


def play(game: Game, bots: Sequence[Bot]) -> Result:
    """Play ``game`` to the end, seat ``i`` played by ``bots[i]``; each bot is
    handed only its own observation.

    >>> from cardcommons.bots import RandomBot
    >>> from cardcommons.split_and_choose import SplitAndChoose
    >>> play(SplitAndChoose(seed=3), [RandomBot(1), RandomBot(2)]).winners <= {0, 1}
    True
    """
    while (player := game.current_player) is not None:
        game.apply(bots[player].act(game.observation(player), game.legal_actions()))
    assert game.result is not None
    return game.result
