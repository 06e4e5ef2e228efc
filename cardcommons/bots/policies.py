"""Policies: how likely a player is to make each legal move, one move at a time or in batch.

A **policy** models a player: ``probabilities(observation, legal_actions)``
gives the chance of each legal move from the player's view (:class:`Policy`).
The coach uses a policy twice: to weigh the worlds by the chance of the moves
a player made (likelihoods) and to continue the player's seat in the
play-outs. Each policy the project knows has one **batch form**, a
:class:`Trembling`: a rule-of-thumb bot (whose rule plays many games at once
over arrays) or none, and a chance ``tremble`` that a move is made at random
instead, among the legal moves alike. The rule-of-thumb bots are their own
rule with no tremble, :class:`RandomBot` is no rule and a tremble of 1, and
MonteCarloBot's stand-in is a rule with fitted settings and a tremble of its
own. :func:`batch_form` finds it; the play-outs and the likelihoods of the
batch path read nothing else of a policy.

>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
>>> view, legal = game.observation(0), game.legal_actions()  # pass, take the spare, knock
>>> GreedyBot().probabilities(view, legal)  # two pair: the bot passes
[1.0, 0.0, 0.0]
>>> [round(p, 3) for p in Trembling(GreedyBot(), 0.3).probabilities(view, legal)]
[0.8, 0.1, 0.1]
>>> batch_form(RandomBot()), batch_form(GreedyBot())
(Trembling(None, tremble=1.0), Trembling(GreedyBot(knock_at=1.0), tremble=0.0))
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from cardcommons.bots.choice import checked_legal, legal_sequence
from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.whisky import GreedyBot, is_stuck, percentile_of
from cardcommons.errors import RulesError, is_real, shown
from cardcommons.game import Action, Observation
from cardcommons.whisky import KNOCK, WhiskyObservation

__all__ = [
    "FIRST_KNOCK_BANDS",
    "KNOCK_BANDS",
    "KNOCK_CELLS",
    "RANDOM",
    "Policy",
    "RandomBot",
    "Rule",
    "Trembling",
    "batch_form",
    "candidates",
    "checked_probabilities",
    "knock_cells",
]

Ids = npt.NDArray[np.int64]
Rule = GreedyBot | HeuristicBot
"""The bots whose rule plays many games at once (:mod:`cardcommons.bots.playouts`)."""

KNOCK_BANDS = (0.95, 0.99, 0.998)
"""The percentiles that part Whisky Poker's hands into bands for a policy's chances of a knock in
phase 2 (``Trembling.knocks``), each band stuck or not,"""
FIRST_KNOCK_BANDS = (0.5, 0.9, 0.98)
"""and in phase 1."""


def _bands(edges: tuple[float, ...]) -> list[str]:
    bounds = (0, *edges, 1)
    return [f"{low:g}_{high:g}" for low, high in itertools.pairwise(bounds)]


KNOCK_CELLS = (
    *(f"knock_phase2_{band}{stuck}" for band in _bands(KNOCK_BANDS) for stuck in ("", "_stuck")),
    *(f"knock_phase1_{band}" for band in _bands(FIRST_KNOCK_BANDS)),
)
"""The names of a policy's chances of a knock (``Trembling.knocks``, in this order: see :func:`knock_cells`).

>>> KNOCK_CELLS[:3], KNOCK_CELLS[-1]
(('knock_phase2_0_0.95', 'knock_phase2_0_0.95_stuck', 'knock_phase2_0.95_0.99'), 'knock_phase1_0.98_1')
"""


def knock_cells(percentiles: npt.NDArray[np.float64], stuck: npt.NDArray[np.bool_], phase: int) -> Ids:
    """The place in ``Trembling.knocks`` of hands at ``percentiles`` in
    ``phase``: in phase 2, their band (:data:`KNOCK_BANDS`) and whether each is
    ``stuck`` (no move beats it); in phase 1, after those, their band (:data:`FIRST_KNOCK_BANDS`).

    >>> knock_cells(np.array([0.5, 0.5, 0.98, 1.0]), np.array([False, True, True, False]), 2).tolist()
    [0, 1, 3, 6]
    >>> knock_cells(np.array([0.3, 0.95]), np.zeros(2, dtype=bool), 1).tolist()
    [8, 10]
    """
    if phase == 1:
        found: Ids = 2 * (len(KNOCK_BANDS) + 1) + np.searchsorted(FIRST_KNOCK_BANDS, percentiles, side="right")
        return found
    found = 2 * np.searchsorted(KNOCK_BANDS, percentiles, side="right") + stuck
    return found


@runtime_checkable
class Policy(Protocol):
    """A model of a player: how likely it is to play each legal move from its view."""

    def probabilities(self, observation: Observation, legal_actions: Sequence[Action]) -> Sequence[float]: ...


class RandomBot:
    """Plays a uniformly random legal action, from its own ``random.Random(seed)``.

    >>> RandomBot(seed=1).probabilities(None, ["a", "b"])
    [0.5, 0.5]
    """

    def __init__(self, seed: int | None = None) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError(f"RandomBot's seed is an int or None, not {shown(seed)}")
        self.rng = random.Random(seed)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Any one of ``legal_actions``; :class:`~cardcommons.errors.RulesError` if there is none to choose.

        >>> RandomBot(seed=1).act(None, [])
        Traceback (most recent call last):
        ...
        cardcommons.errors.RulesError: RandomBot needs a list of at least one legal action, not []
        """
        return self.rng.choice(legal_sequence(legal_actions, "RandomBot"))  # by place: only the one drawn is built

    def probabilities(self, observation: Observation, legal_actions: Sequence[Action]) -> list[float]:
        """An equal chance for each legal move."""
        legal = legal_sequence(legal_actions, "RandomBot")
        return [1 / len(legal)] * len(legal)

    def __repr__(self) -> str:
        return "RandomBot()"


@dataclass(frozen=True)
class Trembling:
    """Plays as ``rule`` would (None: no rule), or, at each move, with the
    chance ``tremble`` a legal move at random, and with the chance ``wander``
    one of the game's candidate moves at random (those the coach weighs,
    ``candidate_actions()``: the moves a player who looks ahead picks among;
    in Whisky Poker a knock among them in phase 2 only on a hand at the percentile
    ``knock_floor`` or above, see :func:`~cardcommons.bots.whisky.hand_percentiles`:
    in phase 1 MonteCarloBot knocks on middling hands too, at 2 players).
    The batch form of every policy the project knows (see the module's description).

    ``looks_ahead`` (Whisky Poker only): in the play-outs, where every card
    of a world is known, at tables of up to 4 players, its phase-2 moves before a knock are chosen by a
    look at the next turn instead (:func:`cardcommons.bots.playouts.whisky.look_ahead`):
    how MonteCarloBot's stand-in plays on. Its probabilities, which read a
    player's view alone, are the rule's and the moves at random as above.

    ``knocks`` (Whisky Poker only, for reading moves; the play-outs play by
    the rule): before the first knock, the chance of a knock, by the phase,
    the hand's band and in phase 2 whether no move beats it (:func:`knock_cells`),
    fitted where the rule and the moves at random put it wrong; the other moves
    keep their chances in proportion. Empty: as the rule and the moves at random make it.

    ``tilt`` (Whisky Poker only, for reading the cards of a seat that knocked):
    its hand is read as stronger than its moves alone say, each way to deal
    it weighed by ``exp(tilt * nines)``, the nines of its percentile
    (:func:`cardcommons.bots.worlds.whisky.knock_tilt`). MonteCarloBot's moves
    before its knock say less of the cards it keeps than its choices hold, so
    its stand-in's tilt is fitted to where its hands came out (see
    :mod:`cardcommons.bots.standin`).

    >>> from cardcommons.whisky import WhiskyPoker
    >>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
    >>> Trembling(None, 1.0).probabilities(game.observation(0), game.legal_actions())
    [0.3333333333333333, 0.3333333333333333, 0.3333333333333333]
    """

    rule: Rule | None
    tremble: float
    wander: float = 0.0
    knock_floor: float = 0.0
    looks_ahead: bool = False
    knocks: tuple[float, ...] = ()
    tilt: float = 0.0

    def __post_init__(self) -> None:
        if self.rule is not None and not isinstance(self.rule, GreedyBot | HeuristicBot):
            raise RulesError(f"a trembling policy's rule is GreedyBot, HeuristicBot or None, not {shown(self.rule)}")
        if not isinstance(self.looks_ahead, bool):
            raise RulesError(f"looks_ahead is True or False, not {shown(self.looks_ahead)}")
        if self.looks_ahead and not isinstance(self.rule, GreedyBot):
            raise RulesError(
                f"only a Whisky Poker policy (GreedyBot's rule) looks ahead, not one with {shown(self.rule)}"
            )
        for name in ("tremble", "wander", "knock_floor"):
            chance = getattr(self, name)
            if not is_real(chance) or not 0 <= chance <= 1:
                raise RulesError(f"{name} is a chance from 0 to 1, not {shown(chance)}")
        if self.tremble + self.wander > 1:
            raise RulesError(f"tremble and wander are chances of one move: at most 1 together, not {shown(self)}")
        if self.knocks and (
            not isinstance(self.knocks, tuple)
            or len(self.knocks) != len(KNOCK_CELLS)
            or not all(is_real(k) and 0 < k < 1 for k in self.knocks)
        ):
            raise RulesError(
                f"knocks are {len(KNOCK_CELLS)} chances above 0 and below 1, one a phase, band and"
                f" stuck or not, not {shown(self.knocks)}"
            )
        if self.knocks and not (isinstance(self.rule, GreedyBot) and self.tremble + self.wander):
            raise RulesError(
                f"only a Whisky Poker policy that moves at random now and then has knock chances, not {shown(self)}"
            )
        if not is_real(self.tilt) or not 0 <= self.tilt < math.inf:
            raise RulesError(f"tilt is a number from 0 up, not {shown(self.tilt)}")
        if self.tilt and not isinstance(self.rule, GreedyBot):
            raise RulesError(f"only a Whisky Poker policy (GreedyBot's rule) tilts a knock, not {shown(self)}")
        if self.rule is None and self.tremble + self.wander != 1:
            raise RulesError(
                f"a policy with no rule plays every move at random: tremble and wander add up to 1, not {shown(self)}"
            )

    def __repr__(self) -> str:
        wander = f", wander={self.wander!r}" if self.wander else ""
        floor = f", knock_floor={self.knock_floor!r}" if self.knock_floor else ""
        ahead = ", looks_ahead=True" if self.looks_ahead else ""
        knocks = f", knocks={self.knocks!r}" if self.knocks else ""
        tilt = f", tilt={self.tilt!r}" if self.tilt else ""
        return f"Trembling({self.rule!r}, tremble={self.tremble!r}{wander}{floor}{ahead}{knocks}{tilt})"

    @property
    def by_rule(self) -> float:
        """The chance that a move is the rule's."""
        return 1 - self.tremble - self.wander

    def probabilities(self, observation: Observation, legal_actions: Sequence[Action]) -> list[float]:
        """The rule's chance of each move, mixed with an equal chance for each
        legal move and for each candidate move; a knock's chance its own, if the policy has ``knocks``."""
        legal = checked_legal(legal_actions, "a policy")
        chances = [self.tremble / len(legal)] * len(legal)
        if self.rule is not None and self.by_rule:
            by_rule = self.rule.probabilities(observation, legal)
            chances = [c + self.by_rule * p for c, p in zip(chances, by_rule, strict=True)]
        if self.wander:
            looked = set(candidates(observation, legal))
            floor, view = self.knock_floor, observation
            phase_2 = isinstance(view, WhiskyObservation) and view.spare is not None
            weak = floor > 0 and phase_2 and isinstance(view, WhiskyObservation) and percentile_of(view) < floor
            if weak and len(looked) > 1:  # too weak a hand to knock on at random
                looked.discard(KNOCK)
            chances = [
                c + (self.wander / len(looked) if a in looked else 0.0) for c, a in zip(chances, legal, strict=True)
            ]
        view = observation
        if self.knocks and isinstance(view, WhiskyObservation) and view.knocker is None:
            cell = knock_cells(np.array([percentile_of(view)]), np.array([is_stuck(view)]), view.phase)
            knock = self.knocks[int(cell[0])]
            other = (1 - knock) / (1 - chances[legal.index(KNOCK)])  # the other moves in proportion
            chances = [knock if a == KNOCK else c * other for c, a in zip(chances, legal, strict=True)]
        return chances


def candidates(observation: Observation, legal_actions: Sequence[Action]) -> list[Action]:
    """The game's candidate moves from ``observation`` (the coach's: see
    ``candidate_actions()``) that are among ``legal_actions``; all of them if none is.

    >>> from cardcommons.split_and_choose import SplitAndChoose
    >>> game = SplitAndChoose(seed=4)
    >>> len(candidates(game.observation(0), game.legal_actions()))
    6
    """
    game = observation.sample_game(random.Random(0))  # the candidates read only what the player sees
    return [a for a in game.candidate_actions() if a in legal_actions] or list(legal_actions)


RANDOM = Trembling(None, 1.0)
"""The random policy's batch form: every legal move alike."""


def batch_form(policy: object) -> Trembling | None:
    """The batch form of ``policy``, or None if it has none (a policy of
    one's own: its moves are weighed and played one game at a time)."""
    if isinstance(policy, Trembling):
        return policy
    if isinstance(policy, GreedyBot | HeuristicBot):
        return Trembling(policy, 0.0)
    if isinstance(policy, RandomBot):
        return RANDOM
    return None


def checked_probabilities(policy: Policy, observation: Observation, legal_actions: Sequence[Action]) -> list[float]:
    """``policy``'s chances of ``legal_actions``, checked: one number from 0
    to 1 for each move, adding up to 1; else :class:`RulesError` naming the policy.

    >>> checked_probabilities(RandomBot(), None, ["a", "b"])
    [0.5, 0.5]
    """
    try:
        found = [float(p) for p in policy.probabilities(observation, legal_actions)]
    except (TypeError, ValueError) as error:
        raise RulesError(f"the policy {shown(policy)} gave no probabilities: {error}") from None
    if len(found) != len(legal_actions) or not all(0 <= p <= 1 for p in found) or not math.isclose(sum(found), 1):
        raise RulesError(
            f"the policy {shown(policy)} gave {shown(found)} for {len(legal_actions)} legal moves: "
            "a chance from 0 to 1 for each, adding up to 1"
        )
    return found
