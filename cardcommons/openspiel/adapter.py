"""One OpenSpiel game, state and observer for both card games.

A game supplies its :class:`Rules`: the pack the chance nodes deal from, how
a complete deal starts one of our games, a stable id for each action and
the tensor layout of an observation. Everything else is shared: the state
deals card by card at chance nodes, then plays our own game; the legal
actions are our game's, turned into ids; the information-state and
observation strings are our observation of the player (every field of it:
all that player may know, nothing more); the returns come from our ``Result``.

A state keeps only the cards dealt and the actions played; a copy replays
them (OpenSpiel copies states often, and our games share large lookup
tables that a deep copy would duplicate).

Both games take the parameter ``table_model``: how a state resampled for a
player (:meth:`CardGameState.resample_from_infostate`, as ISMCTS asks)
deals the cards that player has not seen. ``"uniform"`` (the default, the
classic determinization) deals them at random, as if the other players'
moves said nothing; ``"rule_of_thumb"`` weighs them by how likely the other
players' moves were, each played by the rule-of-thumb bot or (one in 50) at
random (:mod:`cardcommons.bots.worlds`).
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, cast

import numpy as np
import numpy.typing as npt
import pyspiel

from cardcommons.bots.worlds import RULE_OF_THUMB, TableModel, sample_worlds
from cardcommons.cards import Card
from cardcommons.errors import IllegalActionError, RulesError, shown
from cardcommons.game import Action, Game, Observation

__all__ = ["TABLE_MODELS", "CardGame", "CardGameState", "Rules", "Tensors", "game_type", "mark"]

Tensors = dict[str, npt.NDArray[np.float32]]
"""Named views into one flat observation tensor."""


class Rules(Protocol):
    """What one of our games supplies to be an OpenSpiel game."""

    players: int
    cards: tuple[Card, ...]
    """The pack's distinct cards: chance outcome ``i`` deals ``cards[i]``."""
    copies: tuple[int, ...]
    """How many of each card the pack holds (2 for a pair of Jokers)."""
    deal_size: int
    """How many cards the chance nodes deal before the first move."""
    num_distinct_actions: int
    candidate_actions: bool
    """Offer only our game's ``candidate_actions()`` (a pruned game for solvers), not every legal action."""
    max_moves: int
    """A game still going after this many moves ends as a draw (0: no bound, for a game that has its own)."""

    def start(self, deal: Sequence[Card]) -> Game:
        """Our game for a complete deal, in the order the chance nodes dealt it."""
        ...

    def action_id(self, action: Action) -> int:
        """The action's id: the same action always gets the same id, whatever the deal order."""
        ...

    def tensor_shapes(self, perfect_recall: bool) -> dict[str, tuple[int, ...]]:
        """The named pieces of the observation tensor."""
        ...

    def fill(self, tensors: Tensors, observation: Observation) -> None:
        """Write an observation into zeroed tensors."""
        ...

    def without_history(self, observation: Observation) -> Observation:
        """The observation without what only perfect recall keeps (the observation string)."""
        ...

    def deal_of(self, game: Game) -> list[Card]:
        """The cards of one of our games (one :meth:`start` made, or a sample of it) in dealing order."""
        ...

    def history_of(self, game: Game) -> Sequence[Action]:
        """Every action played in one of our games, in order."""
        ...


class _Play:
    """The cards dealt so far, and our game once the deal is complete. A copy replays it."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.deal: list[int] = []
        self.moves: list[int] = []
        self.played: list[Action] = []
        self.table: Game | None = None
        self.legal: dict[int, Action] = {}
        self.replaying = False
        """Take any legal action, candidate or not: a sampled world replays what its players did."""

    def left(self) -> Counter[int]:
        """How many of each card the chance nodes have still to deal."""
        left = Counter(dict(enumerate(self.rules.copies)))
        left.subtract(self.deal)
        return +left

    @property
    def over(self) -> bool:
        """Our game is over, or it reached the move bound (a draw)."""
        table = self.table
        return table is not None and (table.is_over or self.truncated)

    @property
    def truncated(self) -> bool:
        """The game reached the move bound before its end: a draw."""
        bound = self.rules.max_moves
        return bool(bound) and len(self.moves) >= bound and self.table is not None and not self.table.is_over

    def apply(self, action_id: int) -> None:
        """Deal a card or play an action by id; one that is not possible now raises and changes nothing."""
        if self.over:
            raise IllegalActionError(f"the game is over: no action {action_id}")
        if self.table is None:
            if action_id not in self.left():
                raise IllegalActionError(f"chance outcome {action_id} is not a card left to deal")
            self.deal.append(action_id)
            if len(self.deal) == self.rules.deal_size:
                self.table = self.rules.start([self.rules.cards[i] for i in self.deal])
        else:
            legal = self.legal_actions()
            if action_id not in legal:
                raise IllegalActionError(f"action {action_id} is not legal now; the legal ids are {sorted(legal)}")
            self.table.apply(legal[action_id])
            self.moves.append(action_id)
            self.played.append(legal[action_id])
        self.legal = {}

    def replay(self, deal: Sequence[int], actions: Sequence[Action]) -> None:
        """Deal ``deal`` (chance outcomes) and play ``actions`` on our game, which checks them."""
        for card in deal:
            self.apply(card)
        for action in actions:
            assert self.table is not None
            self.table.apply(action)
            self.moves.append(self.rules.action_id(action))
            self.played.append(action)
        self.legal = {}

    def legal_actions(self) -> dict[int, Action]:
        """Our game's legal (or candidate) actions by id, computed once per position."""
        table = self.table
        if not self.legal and table is not None and not self.truncated:
            pruned = self.rules.candidate_actions and not self.replaying
            actions = table.candidate_actions() if pruned else table.legal_actions()
            self.legal = {self.rules.action_id(a): a for a in actions}
        return self.legal

    def __deepcopy__(self, memo: dict[int, Any]) -> _Play:
        twin = _Play(self.rules)
        twin.replay(self.deal, self.played)
        return twin


class CardGameState(pyspiel.State):  # type: ignore[misc]
    """A position: chance deals the cards one at a time, then our game is played.

    ``table`` is our own game once the deal is complete (the whole truth:
    for tests and teaching, not for a player)."""

    def __init__(self, game: CardGame) -> None:
        super().__init__(game)
        self._play = _Play(game.rules)

    @property
    def table(self) -> Game | None:
        return self._play.table

    def current_player(self) -> int:
        table = self._play.table
        if table is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = table.current_player
        return int(pyspiel.PlayerId.TERMINAL) if player is None or self._play.truncated else player

    def chance_outcomes(self) -> list[tuple[int, float]]:
        left = self._play.left()
        total = left.total()
        return [(i, n / total) for i, n in sorted(left.items())]

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(self._play.legal_actions())

    def _apply_action(self, action: int) -> None:
        self._play.apply(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {self._play.rules.cards[action]}"
        legal = self._play.legal_actions()
        return str(legal[action]) if action in legal else f"action {action}"

    def is_terminal(self) -> bool:
        return self._play.over

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> CardGameState:
        """A state that ``player_id`` cannot tell from this one (for OpenSpiel's
        ISMCTS): the same history, with the cards the player has not seen dealt
        anew by :func:`~cardcommons.bots.worlds.sample_worlds` (one world) from
        our observation of the player, which never reads what the player may
        not know, under the game's ``table_model``. ``probability_sampler()``
        seeds the draw.

        >>> import pyspiel
        >>> game = pyspiel.load_game("cardcommons_whisky_poker", {"players": 2, "table_model": "rule_of_thumb"})
        >>> state = game.new_initial_state()
        >>> for card in range(15):
        ...     state.apply_action(card)
        >>> state.apply_action(2)  # seat 0 knocks, holding four Nines
        >>> world = state.resample_from_infostate(1, random.Random(1).random)
        >>> world.information_state_string(1) == state.information_state_string(1)
        True
        """
        seed = int(probability_sampler() * 2**53)
        rules = self._play.rules
        table = self._play.table
        if table is None:  # still dealing: the player has seen nothing yet
            pack = [i for i, n in enumerate(rules.copies) for _ in range(n)]
            ids = random.Random(seed).sample(pack, len(self._play.deal))
        else:
            model = cast(CardGame, self.get_game()).table_model
            world = sample_worlds(table.observation(player_id), 1, seed, model).deals.game(0)
            position = {card: i for i, card in enumerate(rules.cards)}
            ids = [position[c] for c in rules.deal_of(world)] + [rules.action_id(a) for a in rules.history_of(world)]
        twin: CardGameState = self.get_game().new_initial_state()
        twin._play.replaying = True
        for action_id in ids:  # through OpenSpiel, which keeps the history
            twin.apply_action(action_id)
        twin._play.replaying = False
        return twin

    def returns(self) -> list[float]:
        """Each player antes 1 and the winners share the pot: players × share − 1 (0 each in a draw)."""
        players = self._play.rules.players
        table = self._play.table
        if table is None or table.result is None:  # not over yet, or a draw at the move bound
            return [0.0] * players
        return [players * table.result.share(p, players) - 1 for p in range(players)]

    def __str__(self) -> str:
        table = self._play.table
        if table is None:
            return "dealing: " + " ".join(str(self._play.rules.cards[i]) for i in self._play.deal)
        return repr(table.record())


class CardGameObserver:
    """Observation tensors and strings of one player, from our observation of that player."""

    def __init__(self, rules: Rules, iig_obs_type: Any, params: Mapping[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, not {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not iig_obs_type.public_info:
            raise ValueError("only a player's own view is supported (its private and the public information)")
        self.rules = rules
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        shapes = rules.tensor_shapes(self.perfect_recall)
        self.tensor = np.zeros(sum(int(np.prod(shape)) for shape in shapes.values()), np.float32)
        self.dict: Tensors = {}
        start = 0
        for name, shape in shapes.items():
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[start : start + size].reshape(shape)
            start += size

    def _observation(self, state: CardGameState, player: int) -> Observation | None:
        if state.table is None:
            return None
        observation = state.table.observation(player)
        return observation if self.perfect_recall else self.rules.without_history(observation)

    def set_from(self, state: CardGameState, player: int) -> None:
        self.tensor.fill(0)
        observation = self._observation(state, player)
        if observation is not None:
            self.rules.fill(self.dict, observation)

    def string_from(self, state: CardGameState, player: int) -> str:
        observation = self._observation(state, player)
        return f"player {player}, the cards are being dealt" if observation is None else every_field(observation)


def every_field(observation: Observation) -> str:
    """An observation as a string that tells every two of them apart: each of its fields
    (an observation's own ``repr`` is one short line, for people).

    >>> from cardcommons.split_and_choose import SplitAndChoose
    >>> every_field(SplitAndChoose(seed=1).observation(0))[:60]
    "SplitAndChooseObservation(player=0, phase='split', current_p"
    """
    fields = dataclasses.fields(cast(Any, observation))  # both games' observations are dataclasses
    shown = (f"{f.name}={getattr(observation, f.name)!r}" for f in fields if f.repr)
    return f"{type(observation).__name__}({', '.join(shown)})"


TABLE_MODELS: dict[str, TableModel | None] = {"uniform": None, "rule_of_thumb": RULE_OF_THUMB}
"""The values of the games' ``table_model`` parameter, and the model of the
other players each stands for (None: their moves say nothing)."""


class CardGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games as an OpenSpiel game."""

    def __init__(self, game_type: Any, game_info: Any, params: Mapping[str, Any], rules: Rules) -> None:
        name = params.get("table_model", "uniform")
        if not isinstance(name, str) or name not in TABLE_MODELS:
            raise RulesError(f"table_model is one of {', '.join(map(repr, TABLE_MODELS))}, not {shown(name)}")
        super().__init__(game_type, game_info, dict(params))
        self.rules = rules
        self.table_model = TABLE_MODELS[name]
        """How a resampled state deals the cards its player has not seen (None: uniformly)."""

    def new_initial_state(self) -> CardGameState:
        return CardGameState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None) -> CardGameObserver:
        return CardGameObserver(self.rules, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


def mark(row: npt.NDArray[np.float32], positions: Sequence[int]) -> None:
    """Count each position once in a row of the tensor (a pair of Jokers counts 2)."""
    for i in positions:
        row[i] += 1


def game_type(
    short_name: str,
    long_name: str,
    players: tuple[int, int],
    parameters: dict[str, Any],
    information_state_tensor: bool,
) -> Any:
    """The OpenSpiel type of a card game: turns, a chance deal, hidden cards, zero-sum returns at the end."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        min_num_players=players[0],
        max_num_players=players[1],
        provides_information_state_string=True,
        provides_information_state_tensor=information_state_tensor,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=parameters,
    )
