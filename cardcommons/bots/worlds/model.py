"""The table model and its sampled worlds: how a player reads the others,
the chance of their moves (:func:`likelihood`), and what a sample of worlds
holds (:class:`Worlds`), with the weighing helpers both games' samplers share.

>>> print(RULE_OF_THUMB)
each other player plays as the rule-of-thumb bot would, or (one in 50) at random
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.policies import Policy, RandomBot, checked_probabilities
from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.whisky import GreedyBot
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Game
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

__all__ = [
    "RULE_OF_THUMB",
    "TableModel",
    "Worlds",
    "as_model",
    "in_ten",
    "kish",
    "likelihood",
    "rule_of_thumb",
    "systematic",
]

Floats = npt.NDArray[np.float64]
Ids = npt.NDArray[np.int64]


@dataclass(frozen=True)
class TableModel:
    """How a player reads the others: each plays as ``policy`` would (None:
    the game's rule-of-thumb bot, :class:`~cardcommons.bots.GreedyBot` or
    :class:`~cardcommons.bots.HeuristicBot`), or, with the chance
    ``tremble``, plays every move at random. A player whose moves the policy
    would never make is then read as a random one: its moves say nothing.

    >>> print(RULE_OF_THUMB)
    each other player plays as the rule-of-thumb bot would, or (one in 50) at random
    """

    policy: Policy | None = None
    tremble: float = 0.02
    seats: tuple[Policy | None, ...] = ()
    """The policy of each seat known, by seat (None, or past the end: ``policy``)."""

    def __post_init__(self) -> None:
        for policy in (self.policy, *self.seats):
            if policy is not None and not isinstance(policy, Policy):
                raise RulesError(
                    f"a table model's policy has probabilities(observation, legal_actions), not {shown(policy)}"
                )
        if isinstance(self.tremble, bool) or not isinstance(self.tremble, int | float) or not 0 < self.tremble <= 1:
            raise RulesError(f"tremble is a chance above 0 and at most 1, not {shown(self.tremble)}")

    def __str__(self) -> str:
        who = "the rule-of-thumb bot" if self.policy is None else type(self.policy).__name__
        return f"each other player plays as {who} would, or (one in {round(1 / self.tremble)}) at random"

    def policy_for(self, game: Game, seat: int | None = None) -> Policy:
        """The policy the model reads ``seat`` of ``game`` by (any seat not
        known, if None): the seat's own, the model's, or the game's rule-of-thumb bot."""
        known = self.seats[seat] if seat is not None and seat < len(self.seats) else None
        if known is not None:
            return known
        return self.policy if self.policy is not None else rule_of_thumb(game, 0)

    def seated(self, seats: Sequence[Policy | None]) -> TableModel:
        """This model with each seat's policy known (None: read by the model's own)."""
        return TableModel(self.policy, self.tremble, tuple(seats))

    def fits(self, bot: object, game: Game) -> bool:
        """Whether ``bot`` plays ``game`` as this model reads a player: by the
        model's policy (the same rule and settings) or at random.

        >>> from cardcommons.bots import MonteCarloBot, RandomBot
        >>> game = WhiskyPoker(3, seed=1)
        >>> RULE_OF_THUMB.fits(GreedyBot(seed=5), game), RULE_OF_THUMB.fits(RandomBot(seed=5), game)
        (True, True)
        >>> RULE_OF_THUMB.fits(MonteCarloBot(seed=5), game), RULE_OF_THUMB.fits(GreedyBot(knock_at=0.5), game)
        (False, False)
        """
        return isinstance(bot, RandomBot) or repr(bot) == repr(self.policy_for(game))

    def mix(self, by_policy: Any, at_random: Any) -> Any:
        """The chance of one player's moves under the model, from their chance
        if it plays by the policy and if it plays at random (numbers or arrays)."""
        return (1 - self.tremble) * by_policy + self.tremble * at_random


RULE_OF_THUMB = TableModel()
"""The default model: the rule-of-thumb bots the arcade seats (one player in 50 at random)."""


def rule_of_thumb(game: Game, seed: int) -> GreedyBot | HeuristicBot:
    """The game's rule-of-thumb bot, which the coach's play-outs and the default
    table model stand for: :class:`HeuristicBot` for Split and Choose,
    :class:`GreedyBot` for Whisky Poker.

    >>> rule_of_thumb(WhiskyPoker(3, seed=1), seed=2)
    GreedyBot(knock_at=1.0)
    """
    if isinstance(game, SplitAndChoose):
        return HeuristicBot(seed=seed)
    if isinstance(game, WhiskyPoker):
        return GreedyBot(seed=seed)
    raise RulesError(f"no rule-of-thumb bot for {type(game).__name__}: give a policy of your own")


def as_model(model: object) -> TableModel | None:
    """A :class:`TableModel` from what a caller passed: a model, a bare policy, or None (no reading)."""
    if model is None or isinstance(model, TableModel):
        return model
    if isinstance(model, Policy):
        return TableModel(model)
    raise RulesError(f"model is a TableModel, a policy with probabilities(), or None, not {shown(model)}")


def likelihood(game: Game, player: int, model: TableModel = RULE_OF_THUMB) -> float:
    """The chance, under ``model``, that the players other than ``player``
    made every move they made in ``game``: replayed from its deal, move by move.

    >>> from cardcommons.whisky import WhiskyPoker, KNOCK
    >>> game = WhiskyPoker.from_deal(["As Ks Qs Js 10s", "Qh Qd Jc 10d 9h"], "Ac Kc Qc Jd 10c")
    >>> game.apply(KNOCK)  # the best hand there is: the bot knocks
    >>> likelihood(game, player=1) == 0.98 * 1 + 0.02 * (1 / 3)
    True
    """
    actions: Sequence[Action]
    if isinstance(game, WhiskyPoker):
        actions = game.actions
    elif isinstance(game, SplitAndChoose):
        actions = game.history
    else:
        raise RulesError(f"likelihood reads Whisky Poker or Split and Choose, not {shown(game)}")
    replay = type(game).replay({**game.record(), "actions": []})
    policies = [model.policy_for(game, seat) for seat in range(game.players)]
    by_policy = [1.0] * game.players
    at_random = [1.0] * game.players
    for action in actions:
        mover = replay.current_player
        assert mover is not None
        if mover != player:
            legal = list(replay.legal_actions())
            by_policy[mover] *= checked_probabilities(policies[mover], replay.observation(mover), legal)[
                legal.index(action)
            ]
            at_random[mover] /= len(legal)
        replay.apply(action)
    mixed = [model.mix(p, r) for s, (p, r) in enumerate(zip(by_policy, at_random, strict=True)) if s != player]
    return float(math.prod(mixed))


@dataclass
class Worlds:
    """Worlds for play-outs, drawn from a player's view and read through a
    model: ``deals`` (the batch play-outs' deals), ``clusters[g]`` names
    world ``g`` (equal labels, the same world, drawn twice), ``effective``
    the effective sample size of the weighted worlds they were drawn from,
    and ``findings``: what the other players' moves said, in words."""

    deals: Any
    clusters: Ids
    effective: float
    findings: tuple[str, ...] = field(default=())


def kish(weights: Floats) -> float:
    """Kish's effective sample size of weighted draws."""
    return float(weights.sum() ** 2 / (weights**2).sum())


def systematic(weights: Floats, count: int, rng: np.random.Generator) -> Ids:
    """``count`` indices drawn in proportion to ``weights``, systematically (one uniform draw)."""
    edges = np.cumsum(weights / weights.sum())
    points = (rng.random() + np.arange(count)) / count
    return np.minimum(np.searchsorted(edges, points, side="right"), len(weights) - 1)


def in_ten(share: float) -> str:
    """A share as a count out of ten: "8 times in 10"; a share that rounds to
    none or all of them, but is not, says so.

    >>> in_ten(0.76), in_ten(0.0294), in_ten(0.9996), in_ten(1.0)
    ('8 times in 10', 'less than once in 10', 'more than 9 times in 10', '10 times in 10')
    """
    n = round(share * 10)
    if n == 0 and share > 0:
        return "less than once in 10"
    if n == 10 and share < 1:
        return "more than 9 times in 10"
    return f"{n} time{'' if n == 1 else 's'} in 10"
