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

from cardcommons.bots.policies import Policy, RandomBot, Trembling, batch_form, checked_probabilities
from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.styles import FAMILY, Family, SeatStyles, StyleReading, known_seat
from cardcommons.bots.whisky import GreedyBot
from cardcommons.errors import RulesError, is_real, shown
from cardcommons.game import Action, Game
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

__all__ = [
    "RULE_OF_THUMB",
    "STRANGERS",
    "SeatChances",
    "TableModel",
    "Worlds",
    "as_model",
    "in_ten",
    "kish",
    "likelihood",
    "rule_of_thumb",
    "style_chances",
    "styles_drawn",
    "systematic",
    "unexplained",
]

Floats = npt.NDArray[np.float64]
Ids = npt.NDArray[np.int64]


_STRANGER = "each other player you do not know plays in one of these styles, read from its moves:"
"""How the model says a stranger is read, before the family's styles."""


@dataclass(frozen=True)
class TableModel:
    """How a player reads the others: each plays as ``policy`` would (None:
    the game's rule-of-thumb bot, :class:`~cardcommons.bots.GreedyBot` or
    :class:`~cardcommons.bots.HeuristicBot`), or, with the chance
    ``tremble``, plays every move at random. A player whose moves the policy
    would never make is then read as a random one: its moves say nothing.
    With ``styles``, a player the model does not know (a stranger: no policy
    of its own in ``seats``) is read instead as one of that family of styles,
    by its prior (:mod:`cardcommons.bots.styles`); each world then carries its style.

    >>> print(RULE_OF_THUMB)
    each other player plays as the rule-of-thumb bot would, or (one in 50) at random
    """

    policy: Policy | None = None
    tremble: float = 0.02
    seats: tuple[Policy | None, ...] = ()
    """The policy of each seat known, by seat (None, or past the end: ``policy``)."""
    styles: Family | None = None
    """The family of styles a stranger is read by (None: ``policy``)."""

    def __post_init__(self) -> None:
        for policy in (self.policy, *self.seats):
            if policy is not None and not isinstance(policy, Policy):
                raise RulesError(
                    f"a table model's policy has probabilities(observation, legal_actions), not {shown(policy)}"
                )
        if not is_real(self.tremble) or not 0 < self.tremble <= 1:
            raise RulesError(f"tremble is a chance above 0 and at most 1, not {shown(self.tremble)}")
        if self.styles is not None and not isinstance(self.styles, Family):
            raise RulesError(
                f"a table model's styles are a family of styles (styles.family()), not {shown(self.styles)}"
            )

    def __str__(self) -> str:
        if self.styles is not None:
            return f"{_STRANGER} {self.styles}"
        who = "the rule-of-thumb bot" if self.policy is None else type(self.policy).__name__
        return f"each other player plays as {who} would, or (one in {round(1 / self.tremble)}) at random"

    def described(self, game: Game) -> str:
        """The model in words, at ``game``'s table (a family's styles there, with their prior).

        >>> from cardcommons.split_and_choose import SplitAndChoose
        >>> print(STRANGERS.described(SplitAndChoose(seed=1)))  # doctest: +NORMALIZE_WHITESPACE
        each other player you do not know plays in one of these styles, read from its moves: the rule of thumb 67%,
        a player like MonteCarloBot 25%, a player at random 8%
        """
        if self.styles is None:
            return str(self)
        return f"{_STRANGER} {self.styles.at(game)}"

    def policy_for(self, game: Game, seat: int | None = None) -> Policy:
        """The policy the model reads ``seat`` of ``game`` by (any seat not
        known, if None): the seat's own, the model's, or the game's rule-of-thumb bot."""
        known = self.seats[seat] if seat is not None and seat < len(self.seats) else None
        if known is not None:
            return known
        return self.policy if self.policy is not None else rule_of_thumb(game, 0)

    def seated(self, seats: Sequence[Policy | None]) -> TableModel:
        """This model with each seat's policy known (None: read by the model's own)."""
        return TableModel(self.policy, self.tremble, tuple(seats), self.styles)

    def styles_for(self, game: Game, seat: int) -> SeatStyles:
        """The styles ``seat`` of ``game`` is read by: a stranger's family, or its one policy."""
        known = self.seats[seat] if seat < len(self.seats) else None
        if known is None and self.styles is not None:
            return self.styles.at(game)
        policy = self.policy_for(game, seat)
        return known_seat(policy, self.tremble, batch_form(policy))

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
        if isinstance(bot, RandomBot):
            return True
        if self.styles is None:
            return repr(bot) == repr(self.policy_for(game))
        forms = [form for form in self.styles.at(game).reading if isinstance(form, Trembling) and not form.tremble]
        return any(not form.wander and repr(bot) == repr(form.rule) for form in forms)

    def mix(self, by_policy: Any, at_random: Any) -> Any:
        """The chance of one player's moves under the model, from their chance
        if it plays by the policy and if it plays at random (numbers or arrays)."""
        return (1 - self.tremble) * by_policy + self.tremble * at_random


RULE_OF_THUMB = TableModel()
"""The rule-of-thumb bots the arcade seats (one player in 50 at random), every seat read so."""
STRANGERS = TableModel(styles=FAMILY)
"""The coach's default: a seat it knows by its policy, a stranger by the family of styles
(:data:`cardcommons.bots.styles.FAMILY`)."""


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
    return float(math.prod(float(found.chances @ found.styles.prior) for found in style_chances(game, player, model)))


@dataclass(frozen=True)
class SeatChances:
    """One seat's moves in one world, read by its ``styles``: their chance under
    each style, how many of them fit each (a move fits a style that makes it
    likelier than a player at random would), and how many there were."""

    seat: int
    styles: SeatStyles
    chances: Floats
    fits: Floats
    moves: int


def style_chances(game: Game, player: int, model: TableModel) -> list[SeatChances]:
    """The moves of each seat other than ``player`` in ``game``, read by its
    styles under ``model`` (:class:`SeatChances`): replayed from its deal, move by move."""
    actions: Sequence[Action]
    if isinstance(game, WhiskyPoker):
        actions = game.actions
    elif isinstance(game, SplitAndChoose):
        actions = game.history
    else:
        raise RulesError(f"likelihood reads Whisky Poker or Split and Choose, not {shown(game)}")
    replay = type(game).replay({**game.record(), "actions": []})
    seats = {seat: model.styles_for(game, seat) for seat in range(game.players) if seat != player}
    chances = {seat: np.ones(len(styles.names)) for seat, styles in seats.items()}
    fits = {seat: np.zeros(len(styles.names)) for seat, styles in seats.items()}
    moves = dict.fromkeys(seats, 0)
    for action in actions:
        mover = replay.current_player
        assert mover is not None
        if mover != player:
            legal = list(replay.legal_actions())
            view = replay.observation(mover)
            found = [checked_probabilities(p, view, legal)[legal.index(action)] for p in seats[mover].reading]
            chances[mover] *= found
            fits[mover] += np.array(found) > 1 / len(legal) + 1e-12
            moves[mover] += 1
        replay.apply(action)
    return [SeatChances(seat, styles, chances[seat], fits[seat], moves[seat]) for seat, styles in seats.items()]


def unexplained(seats: Sequence[int], styles: Sequence[SeatStyles]) -> RulesError:
    """The error when no world drawn fits the moves of ``seats`` under their styles (a family with no random player)."""
    who = ", ".join(f"seat {s}" for s in seats)
    named = "; ".join(", ".join(style.names) for style in styles)
    return RulesError(
        f"no world drawn fits the moves of {who} under the styles read by ({named}): "
        "give the family a chance of 'random', a player whose moves any world fits"
    )


def styles_drawn(chances: Floats, prior: Sequence[float], generator: np.random.Generator) -> tuple[Ids, Floats]:
    """A style for each world, drawn in proportion to its prior times the
    chance of the seat's moves under it (``chances[g, k]``: world ``g``, style
    ``k``); and each world's posterior over the styles."""
    joint = chances * np.asarray(prior)[None, :]
    total = joint.sum(axis=1, keepdims=True)
    posterior = np.where(total > 0, joint / np.where(total > 0, total, 1), np.asarray(prior)[None, :])
    edges = np.cumsum(posterior, axis=1)
    drawn = (edges < generator.random(len(posterior))[:, None] * edges[:, -1:]).sum(axis=1)
    return np.minimum(drawn, posterior.shape[1] - 1), posterior


def reading(seat: int, styles: SeatStyles, posterior: Floats, fits: Floats, moves: int) -> StyleReading:
    """A stranger's :class:`StyleReading` from its worlds (drawn alike): each
    world's posterior over the styles (``posterior[g, k]``) and how many of its
    moves fit each style there (``fits[g, k]``)."""
    mean = posterior.mean(axis=0)
    weight = posterior.sum(axis=0)
    fitted = np.where(weight > 0, (posterior * fits).sum(axis=0) / np.where(weight > 0, weight, 1), 0.0)
    return StyleReading(
        seat, styles.names, styles.prior, tuple(float(p) for p in mean), moves, tuple(float(f) for f in fitted)
    )


@dataclass
class Worlds:
    """Worlds for play-outs, drawn from a player's view and read through a
    model: ``deals`` (the batch play-outs' deals), ``clusters[g]`` names
    world ``g`` (equal labels, the same world, drawn twice), ``effective``
    the effective sample size of the weighted worlds they were drawn from,
    ``findings``: what the other players' moves said, in words, and each
    stranger's style in each world (``styles``) with what its moves said of it (``readings``)."""

    deals: Any
    clusters: Ids
    effective: float
    findings: tuple[str, ...] = field(default=())
    styles: dict[int, Ids] = field(default_factory=dict)
    """Each stranger's style in each world (an index into its family's styles at the game)."""
    readings: tuple[StyleReading, ...] = ()
    """What each stranger's moves say of its style."""


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
