"""MonteCarloBot's stand-in: the rule of thumb with settings fitted to its own moves.

A :class:`~cardcommons.bots.MonteCarloBot` plays thousands of play-outs a
move: too slow to ask how likely it was to make each move in a thousand
worlds, or to play its seat in a thousand play-outs. Its **stand-in** is a
policy that says how likely each legal move is, at once, and plays many
games at once: the game's rule-of-thumb bot (GreedyBot with fitted
``knock_at`` and ``take_unseen_below`` for Whisky Poker, HeuristicBot for
Split and Choose) with a fitted tremble, a chance at each move of a legal
move at random (:class:`~cardcommons.bots.policies.Trembling`).

The settings were fitted by maximum likelihood to MonteCarloBot's own
decisions at each of the arcade's strengths, logged at the arcade's tables
(Whisky Poker at 2, 4 and 9 players, Split and Choose), and measured on
games held out; ``standin.json`` beside this module keeps them with their
figures, and ``python -m cardcommons.bots.standin_fit`` fits them again
(:mod:`cardcommons.bots.standin_fit`).

>>> from cardcommons.bots import MonteCarloBot
>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker(4, seed=1)
>>> policy = stand_in(MonteCarloBot(300), game)
>>> policy  # doctest: +ELLIPSIS
Trembling(GreedyBot(knock_at=0.99..., take_unseen_below=0...), tremble=0...)
>>> chances = policy.probabilities(game.observation(game.current_player), game.legal_actions())
>>> round(sum(chances), 9), min(chances) > 0
(1.0, True)
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from cardcommons.bots.choice import checked_legal
from cardcommons.bots.policies import Rule, Trembling
from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.whisky import GreedyBot
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Observation
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

__all__ = ["FITTED", "Wandering", "fitted", "settings", "stand_in"]

FITTED = Path(__file__).with_name("standin.json")
"""The fitted settings and their figures, as ``python -m cardcommons.bots.standin_fit`` writes them."""


@cache
def fitted() -> dict[str, Any]:
    """The contents of :data:`FITTED`: the strengths (play-outs a move, by
    name), and for each table and strength the fitted settings with their figures."""
    found: dict[str, Any] = json.loads(FITTED.read_text(encoding="utf-8"))
    return found


def stand_in(bot: object, game: object, form: str = "trembling") -> Trembling | Wandering:
    """The stand-in policy for ``bot``, a MonteCarloBot, at ``game``'s table
    (any point of a game of Whisky Poker or Split and Choose: its rules
    are read, nothing else). ``form``: ``"trembling"``, a
    :class:`~cardcommons.bots.policies.Trembling`, or ``"wandering"``, a :class:`Wandering`.

    >>> from cardcommons.bots import GreedyBot
    >>> stand_in(GreedyBot(), SplitAndChoose(seed=1))
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: a stand-in stands for a MonteCarloBot, not GreedyBot(knock_at=1.0)
    """
    from cardcommons.bots.coach import MonteCarloBot  # the coach's own bot, whose module may import this one

    if not isinstance(bot, MonteCarloBot):
        raise RulesError(f"a stand-in stands for a MonteCarloBot, not {shown(bot)}")
    found = settings(game, bot.samples, form)
    if isinstance(game, SplitAndChoose):
        rule: Rule = HeuristicBot(seed=0)
    else:
        rule = GreedyBot(found["knock_at"], found["take_unseen_below"], seed=0)
    if form == "wandering":
        return Wandering(rule, found["tremble"], found["wander"])
    return Trembling(rule, found["tremble"])


@dataclass(frozen=True)
class Wandering:
    """Plays as ``rule`` would; or, with the chance ``wander``, a move at random
    among those MonteCarloBot weighs (the game's candidate moves: in Whisky
    Poker's phase 2, taking all, knocking and the few exchanges that do not
    lower the hand with the strongest results); or, with the chance
    ``tremble``, any legal move at random.

    >>> from cardcommons.whisky import parse_action
    >>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
    >>> game.apply(parse_action("take"))  # seat 0 takes the spare: seat 1 sees seat 0's old hand face up
    >>> view, legal = game.observation(1), game.legal_actions()
    >>> chances = Wandering(GreedyBot(), 0.01, 0.6).probabilities(view, legal)
    >>> len(legal), sum(c > 0.01 for c in chances), round(sum(chances), 9)  # 6 candidates: 4 exchanges, take, knock
    (27, 6, 1.0)
    """

    rule: Rule
    tremble: float
    wander: float

    def __post_init__(self) -> None:
        if not isinstance(self.rule, GreedyBot | HeuristicBot):
            raise RulesError(f"a wandering policy's rule is GreedyBot or HeuristicBot, not {shown(self.rule)}")
        for name, chance in (("tremble", self.tremble), ("wander", self.wander)):
            if isinstance(chance, bool) or not isinstance(chance, int | float) or not 0 <= chance <= 1:
                raise RulesError(f"{name} is a chance from 0 to 1, not {shown(chance)}")
        if self.tremble + self.wander > 1:
            raise RulesError(f"tremble and wander add up to at most 1, not {self.tremble + self.wander}")

    def probabilities(self, observation: Observation, legal_actions: Sequence[Action]) -> list[float]:
        """The rule's chance of each move, mixed with an equal chance for each candidate and for each legal move."""
        legal = checked_legal(legal_actions, "a policy")
        if not isinstance(observation, Observation):
            raise RulesError(f"a wandering policy reads a player's observation, not {shown(observation)}")
        weighed = set(observation.sample_game(random.Random(0)).candidate_actions()) & set(legal) or set(legal)
        by_rule = self.rule.probabilities(observation, legal)
        keep = 1 - self.tremble - self.wander
        return [
            keep * p + self.wander * (a in weighed) / len(weighed) + self.tremble / len(legal)
            for a, p in zip(legal, by_rule, strict=True)
        ]


def settings(game: object, samples: int, form: str = "trembling") -> dict[str, float]:
    """The fitted settings of the stand-in for a MonteCarloBot of ``samples``
    play-outs a move at ``game``'s table: those of the nearest strength
    fitted (on a log scale of play-outs); for Whisky Poker at a number of
    players between two fitted, each setting in proportion between theirs.
    ``form``: ``"trembling"`` (a tremble among every legal move) or
    ``"wandering"`` (a wander among the moves MonteCarloBot weighs, the
    game's candidates, and a small tremble among all).

    >>> settings(SplitAndChoose(seed=1), 300)["tremble"] > 0
    True
    >>> three = settings(WhiskyPoker(3, seed=1), 100)["take_unseen_below"]
    >>> two, four = (settings(WhiskyPoker(n, seed=1), 100)["take_unseen_below"] for n in (2, 4))
    >>> min(two, four) <= three <= max(two, four)
    True
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RulesError(f"a MonteCarloBot's play-outs a move are a whole number of at least 1, not {shown(samples)}")
    data = fitted()
    if form not in ("trembling", "wandering"):
        raise RulesError(f"the stand-in's form is 'trembling' or 'wandering', not {shown(form)}")
    strength = min(data["strengths"], key=lambda name: abs(math.log(data["strengths"][name] / samples)))
    tables = data["tables"]
    if isinstance(game, SplitAndChoose):
        return dict(tables["split"][strength][form]["settings"])
    if not isinstance(game, WhiskyPoker):
        raise RulesError(f"the stand-in plays Whisky Poker or Split and Choose, not {shown(game)}")
    counts = sorted(int(name.split("-")[1]) for name in tables if name.startswith("whisky-"))
    low = max([n for n in counts if n <= game.players], default=counts[0])
    high = min([n for n in counts if n >= game.players], default=counts[-1])
    at_low, at_high = (tables[f"whisky-{n}"][strength][form]["settings"] for n in (low, high))
    share = 0.0 if high == low else (game.players - low) / (high - low)
    return {name: round(at_low[name] + share * (at_high[name] - at_low[name]), 4) for name in at_low}
