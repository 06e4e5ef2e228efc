"""The coach: what each move is worth, estimated from one player's view.

:func:`coach` deals the cards the player cannot see at random, many times,
consistently with its observation; plays every candidate move out to the
end on each deal with a fast rule-of-thumb player in every seat; and
reports, best first, each move's average share of a win with a 95%
interval. :class:`MonteCarloBot` plays the coach's first choice.

The play-out players come from a **play-out policy**: a function of the
sampled game and a seed that returns a bot. By default it is the game's
rule-of-thumb bot (:func:`rule_of_thumb`), and then the play-outs are
played many at once over arrays (:mod:`cardcommons.bots.playouts`: the
same bots' rules, move for move), some ten thousand a second and more;
hand another policy to look ahead with other players, one game at a time.
The games themselves know nothing of bots.

>>> from cardcommons.split_and_choose import SplitAndChoose
>>> game = SplitAndChoose(seed=4)
>>> estimates = coach(game.observation(0), game.legal_actions(), samples=60, seed=1)
>>> len(estimates), estimates[0].playouts, estimates[0].share >= estimates[-1].share
(6, 60, True)
>>> MonteCarloBot(samples=60, seed=1).act(game.observation(0), game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.playouts import split_and_choose as split_and_choose_playouts
from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.whisky import GreedyBot
from cardcommons.cards import Card
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Bot, Game, Observation, play
from cardcommons.hands import value_of
from cardcommons.odds import resolve_ranking
from cardcommons.simulate import wilson_interval
from cardcommons.split_and_choose import SplitAndChoose, SplitAndChooseObservation
from cardcommons.whisky import Exchange, WhiskyObservation, WhiskyPoker

__all__ = ["ActionEstimate", "MonteCarloBot", "PlayoutPolicy", "coach", "left_out", "rule_of_thumb"]

PlayoutPolicy = Callable[[Game, int], Bot]
"""Makes the bot for one seat of a play-out, from the sampled game and a seed."""

Progress = Callable[[int, int], object]
"""Told ``(play-outs done, play-outs in all)`` after each deal."""


def rule_of_thumb(game: Game, seed: int) -> Bot:
    """The default play-out policy: :class:`HeuristicBot` for Split and Choose,
    :class:`GreedyBot` for Whisky Poker.

    >>> rule_of_thumb(WhiskyPoker(3, seed=1), seed=2)
    GreedyBot(knock_at=1.0)
    """
    if isinstance(game, SplitAndChoose):
        return HeuristicBot(seed=seed)
    if isinstance(game, WhiskyPoker):
        return GreedyBot(seed=seed)
    raise TypeError(f"no rule-of-thumb bot for {type(game).__name__}; pass a playout policy")


@dataclass(frozen=True)
class ActionEstimate:
    """One candidate move and its estimated share of a win (a shared win
    counts as a part, a draw as an equal part), with a 95% interval, from
    ``playouts`` play-outs. ``str()`` says it in plain words.

    >>> from cardcommons.split_and_choose import Choose
    >>> print(ActionEstimate(Choose(False), 0.62, 0.57, 0.67, 400))
    Choose the face-down pair: wins about 62% (57–67%)
    """

    action: Action
    share: float
    low: float
    high: float
    playouts: int

    def __str__(self) -> str:
        words = str(self.action)
        return f"{words[:1].upper()}{words[1:]}: wins about {self.share:.0%} ({self.low * 100:.0f}–{self.high:.0%})"


def coach(
    observation: Observation,
    legal_actions: Sequence[Action],
    samples: int = 1000,
    seed: int = 0,
    progress: Progress | None = None,
    playout: PlayoutPolicy = rule_of_thumb,
) -> list[ActionEstimate]:
    """Estimate every candidate move (the game's ``candidate_actions`` that
    are legal), best first, from ``samples`` play-outs **of each move**, all
    moves played out on the same deals, with the same seeds for the
    play-out bots (common random numbers: a difference between two moves
    is measured on equal terms). It reads nothing but ``observation``, which
    must be the view of the player to move, and the same seed gives the
    same estimates. Ties keep the game's order of candidates.

    With the default policy the play-outs run many at once; the deals then
    come from one sampled game whose unseen cards are shuffled for each
    further deal, so the same seed gives other deals than with a policy
    played one game at a time. Until this version ``samples`` counted the
    play-outs of all moves together (200 by default).
    """
    _check_samples(samples)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the coach's seed is an int, not {shown(seed)}")
    if progress is not None and not callable(progress):
        raise RulesError(f"progress is a function of (done, total) or None, not {shown(progress)}")
    _check_playout(playout)
    rng = random.Random(seed)
    game = _sampled(observation, rng)
    legal = checked_legal(legal_actions)
    open_moves = game.legal_actions()
    illegal = [a for a in legal if a not in open_moves]
    if illegal:
        raise RulesError(f"{shown(illegal[0])} is not a legal move for player {observation.player} now")
    candidates = [a for a in game.candidate_actions() if a in legal] or legal
    deals = _batch(observation) if playout is rule_of_thumb else None
    totals = np.zeros(len(candidates))
    done = 0
    while done < samples:
        count = min(_CHUNK, samples - done)
        deal_seeds = [rng.getrandbits(64) for _ in range(count)]
        if deals is not None:
            totals += _batch_shares(deals, observation, candidates, rng.getrandbits(64), deal_seeds)
        else:
            totals += _scalar_shares(observation, candidates, deal_seeds, playout)
        done += count
        if progress is not None:
            progress(done * len(candidates), samples * len(candidates))
    estimates = [
        ActionEstimate(a, float(t) / samples, *wilson_interval(float(t), samples), samples)
        for a, t in zip(candidates, totals.tolist(), strict=True)
    ]
    return sorted(estimates, key=lambda e: -e.share)


def left_out(observation: Observation, legal_actions: Sequence[Action], weighed: Sequence[ActionEstimate]) -> str:
    """What the coach did not weigh of ``legal_actions``, and why, in one
    sentence ("" when it weighed every move): the game's candidates leave
    out the exchanges that lower your hand and the weaker of the others,
    and every build but the best.

    >>> from cardcommons.whisky import Pass, WhiskyPoker
    >>> game = WhiskyPoker(2, seed=1)
    >>> for _ in range(2):
    ...     game.apply(Pass())
    >>> view, legal = game.observation(1), game.legal_actions()
    >>> left_out(view, legal, coach(view, legal, samples=20))
    '… and 23 exchanges that only lower your hand: the coach leaves them out.'
    """
    weighed_moves = {e.action for e in weighed}
    rest = [a for a in legal_actions if a not in weighed_moves]
    if not rest:
        return ""
    if isinstance(observation, SplitAndChooseObservation):
        kinds = [f"{_count(len(rest), 'other build')}, none better than the best build"]
    elif isinstance(observation, WhiskyObservation) and all(isinstance(a, Exchange) for a in rest):
        pack = observation.pack
        ranking = resolve_ranking(observation.ranking, pack)
        now = value_of(observation.hand, pack, ranking)
        lower = sum(value_of(_exchanged(observation.hand, a), pack, ranking) < now for a in rest)
        others = len(rest) - lower
        kinds = [f"{_count(lower, 'exchange')} that only lower your hand"] if lower else []
        if others:
            kinds.append(f"{others if lower else _count(others, 'exchange')} that do less for it than those weighed")
    else:
        kinds = [_count(len(rest), "other move")]
    return f"… and {' and '.join(kinds)}: the coach leaves them out."


def _exchanged(hand: Sequence[Card], exchange: Any) -> list[Card]:
    """``hand`` after ``exchange`` (one copy of its ``give`` for its ``take``)."""
    cards = list(hand)
    cards[cards.index(exchange.give)] = exchange.take
    return cards


def _count(n: int, thing: str) -> str:
    """ "1 exchange", "22 exchanges"."""
    return f"{n} {thing}{'' if n == 1 else 's'}"


_CHUNK = 250
"""Deals per step of the coach (its progress is told after each)."""

_Dealer = Callable[[Any, int, int], Any]


def _batch(observation: Observation) -> _Dealer | None:
    """The batch dealer for the game of ``observation``, if there is one."""
    if isinstance(observation, SplitAndChooseObservation):
        return split_and_choose_playouts.deal
    if isinstance(observation, WhiskyObservation):
        return whisky_playouts.deal
    return None


def _batch_shares(
    deal: _Dealer, observation: Observation, candidates: list[Action], seed: int, deal_seeds: list[int]
) -> npt.NDArray[np.float64]:
    """Each candidate's total share over the deals, played many at once; the
    bot in seat ``s`` of deal ``d`` has the seed ``deal_seeds[d] + s``, as in
    :func:`_scalar_shares`."""
    deals = deal(observation, len(deal_seeds), seed)
    players = deals.view.players if isinstance(observation, WhiskyObservation) else 2
    base = np.array(deal_seeds, dtype=np.uint64)[:, None]
    seeds = base + np.arange(players, dtype=np.uint64)[None, :]  # wraps past 2**64, as seed_of does
    shares: npt.NDArray[np.float64] = deals.play_out(candidates, seeds).sum(axis=1)
    return shares


def _scalar_shares(
    observation: Observation, candidates: list[Action], deal_seeds: list[int], playout: PlayoutPolicy
) -> npt.NDArray[np.float64]:
    """Each candidate's total share over the deals, one game at a time: deal
    ``d`` is ``observation.sample_game(random.Random(deal_seeds[d]))``."""
    totals = np.zeros(len(candidates))
    for deal_seed in deal_seeds:
        for i, action in enumerate(candidates):
            game = observation.sample_game(random.Random(deal_seed))
            game.apply(action)
            bots = [_played_by(playout, game, deal_seed + seat) for seat in range(game.players)]
            totals[i] += play(game, bots).share(observation.player, game.players)
    return totals


def _sampled(observation: object, rng: random.Random) -> Game:
    """A game sampled from ``observation``, refused unless its player is to move."""
    if not isinstance(observation, Observation):
        raise RulesError(f"the coach needs a player's observation, not {shown(observation)}")
    game = observation.sample_game(rng)
    if game.is_over:
        raise RulesError("the game is over: there is no move to coach")
    if game.current_player != observation.player:
        raise RulesError(
            f"this is player {observation.player}'s view, but player {game.current_player} is to move: "
            "the coach needs the view of the player to move"
        )
    return game


def _check_samples(samples: object) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RulesError(f"samples must be a whole number of at least 1, not {shown(samples)}")


def checked_legal(legal_actions: object, who: str = "the coach") -> list[Action]:
    """``legal_actions`` as a list, or :class:`RulesError` naming it if it is not a sequence of at least one.

    >>> checked_legal(None, "RandomBot")
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: RandomBot needs a list of at least one legal action, not None
    """
    if isinstance(legal_actions, str | bytes) or not isinstance(legal_actions, Sequence) or not legal_actions:
        raise RulesError(f"{who} needs a list of at least one legal action, not {shown(legal_actions)}")
    return list(legal_actions)


def _played_by(playout: PlayoutPolicy, game: Game, seed: int) -> Bot:
    bot = playout(game, seed)
    if not callable(getattr(bot, "act", None)):
        raise RulesError(f"playout is a function of (game, seed) that returns a bot, but it returned {shown(bot)}")
    return bot


def _check_playout(playout: object) -> None:
    if not callable(playout):
        raise RulesError(f"playout is a function of (game, seed) that returns a bot, not {shown(playout)}")


class MonteCarloBot:
    """Plays the move the :func:`coach` rates best, from ``samples`` play-outs
    of each candidate move a decision (a fresh seed each time from its own
    ``random.Random(seed)``). ``last_estimates`` keeps the coach's share for
    each candidate of its last move.
    """

    def __init__(self, samples: int = 1000, seed: int | None = None, playout: PlayoutPolicy = rule_of_thumb) -> None:
        _check_samples(samples)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError(f"MonteCarloBot's seed is an int or None, not {shown(seed)}")
        _check_playout(playout)
        self.samples = samples
        self.playout = playout
        self.rng = random.Random(seed)
        self.last_estimates: dict[Action, float] = {}

    def __repr__(self) -> str:
        return f"MonteCarloBot(samples={self.samples})"

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        estimates = coach(observation, legal_actions, self.samples, self.rng.getrandbits(64), playout=self.playout)
        self.last_estimates = {e.action: e.share for e in estimates}
        return estimates[0].action
