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

from cardcommons.bots.choice import checked_legal
from cardcommons.bots.policies import Trembling
from cardcommons.bots.seating import looks_ahead, playing, seat_policies, seated_words
from cardcommons.bots.styles import PerWorld, StyleReading
from cardcommons.bots.worlds import (
    RULE_OF_THUMB,
    STRANGERS,
    Policy,
    TableModel,
    as_model,
    likelihood,
    rule_of_thumb,
    sample_worlds,
)
from cardcommons.bots.worlds.model import Worlds
from cardcommons.cards import Card
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Bot, Game, Observation, play
from cardcommons.hands import value_of
from cardcommons.odds import resolve_ranking
from cardcommons.simulate import wilson_interval
from cardcommons.split_and_choose import SplitAndChooseObservation
from cardcommons.whisky import Exchange, WhiskyObservation

__all__ = [
    "ActionEstimate",
    "Advice",
    "MonteCarloBot",
    "PlayoutPolicy",
    "coach",
    "gap_words",
    "left_out",
    "percent_range",
    "rule_of_thumb",
    "same_on_every_deal",
]

PlayoutPolicy = Callable[[Game, int], Bot]
"""Makes the bot for one seat of a play-out, from the sampled game and a seed."""

Progress = Callable[[int, int], object]
"""Told ``(play-outs done, play-outs in all)`` after each deal."""


@dataclass(frozen=True)
class ActionEstimate:
    """One candidate move and its estimated share of a win (a shared win
    counts as a part, a draw as an equal part), with a 95% interval, from
    ``playouts`` play-outs. ``gap`` is its difference from the best move's
    share on the same worlds (0 for the best), with its 95% interval
    ``gap_low``-``gap_high``; ``worlds``, how many independent worlds the
    play-outs are worth (their effective sample size). ``str()`` says it in plain words.

    >>> from cardcommons.split_and_choose import Choose
    >>> print(ActionEstimate(Choose(False), 0.62, 0.57, 0.67, 400))
    Choose the face-down pair: wins about 62% (57–67%)
    >>> print(ActionEstimate(Choose(False), 0.998, 0.991, 0.999, 1000))
    Choose the face-down pair: wins about 99.8% (99.1–99.9%)
    >>> print(ActionEstimate(Choose(False), 1.0, 0.996, 1.0, 1000))
    Choose the face-down pair: wins in every world the coach drew (95% range 99.6–100%)
    """

    action: Action
    share: float
    low: float
    high: float
    playouts: int
    gap: float = 0.0
    gap_low: float = 0.0
    gap_high: float = 0.0
    worlds: float = 0.0

    def __str__(self) -> str:
        words = str(self.action)
        move = f"{words[:1].upper()}{words[1:]}"
        low, high = percent_range(self.low, self.high)
        if self.share in (0.0, 1.0):  # every play-out gave the same: the range is the doubt of the sample
            outcome = "wins" if self.share == 1.0 else "loses"
            return f"{move}: {outcome} in every world the coach drew (95% range {low}–{high}%)"
        return f"{move}: wins about {percent_range(self.share, self.share)[0]}% ({low}–{high}%)"

    @property
    def apart(self) -> bool:
        """True if a paired test on the same worlds puts this move below the best (its gap's interval below 0)."""
        return self.gap_high < 0


class Advice(list[ActionEstimate]):
    """The coach's estimates, best first (a list), with what it assumed
    (``assumption``), what the other players' moves told it (``findings``),
    how many independent worlds its play-outs are worth (``worlds``) and
    what each stranger's moves said of its style (``readings``:
    :class:`~cardcommons.bots.styles.StyleReading`). ``str()`` says it all in words.

    >>> from cardcommons.whisky import PASS, WhiskyPoker
    >>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
    >>> game.apply(PASS)
    >>> advice = coach(game.observation(1), game.legal_actions(), samples=200, seed=1)
    >>> print(advice.findings[0])  # doctest: +NORMALIZE_WHITESPACE
    Seat 0 passed: in the worlds that fit its moves, it holds two pair or better
    6 times in 10 (4 times in 10 if they said nothing)
    """

    def __init__(
        self,
        estimates: Sequence[ActionEstimate],
        assumption: str = "",
        findings: Sequence[str] = (),
        worlds: float = 0.0,
        readings: Sequence[StyleReading] = (),
    ):
        super().__init__(estimates)
        self.assumption = assumption
        self.findings = tuple(findings)
        self.worlds = worlds
        self.readings = tuple(readings)

    def __str__(self) -> str:
        lines = [str(e) for e in self]
        told = [f"{f}." for f in (*self.findings, *map(str, self.readings))]
        return "\n".join([*lines, self.assumption, *told])


def coach(
    observation: Observation,
    legal_actions: Sequence[Action],
    samples: int | None = None,
    seed: int = 0,
    progress: Progress | None = None,
    playout: PlayoutPolicy = rule_of_thumb,
    model: TableModel | Policy | None = STRANGERS,
    also: Sequence[Action] = (),
    table: Sequence[object] | None = None,
    names: Callable[[int], str] | None = None,
) -> Advice:
    """Estimate every candidate move (the game's ``candidate_actions`` that
    are legal), best first, all moves played out on the same worlds, with the
    same seeds for the play-out bots (common random numbers: a difference
    between two moves is measured on equal terms). It reads nothing but
    ``observation``, which must be the view of the player to move, and the
    same seed gives the same estimates. Ties keep the game's order of candidates.

    **The worlds read the table**: the cards the player cannot see are dealt
    in proportion to how likely the other players were to make the moves
    they made, under ``model`` (:mod:`cardcommons.bots.worlds`). ``table``
    lists the players by seat where they are known (a bot, or None for one
    to read: :mod:`cardcommons.bots.seating`): each seat is then read, and
    played on in the play-outs, by its own policy. A seat not known is a
    stranger: by default (:data:`~cardcommons.bots.worlds.STRANGERS`) read as
    one of a family of styles (:mod:`cardcommons.bots.styles`), each world
    drawn with a style for each stranger, in proportion to the chance of its
    moves under it, and played on in that style; the advice's ``readings``
    say what each stranger's moves said of its style. A model without styles
    (:data:`~cardcommons.bots.worlds.RULE_OF_THUMB`: the rule-of-thumb bots,
    one player in 50 at random) reads a stranger by its policy and plays it
    on by the rule of thumb. ``model=None`` deals the cards as if the other
    players' moves said nothing.

    ``samples``: play-outs of each move. None (the default) plays 1,000 at
    a time until every move is known to within 3 points (95%) or the best
    move is apart from every other on the same worlds (a paired test), and
    at most 4,000. Intervals count the worlds' effective sample size: worlds
    drawn twice count once. With the default policy the play-outs run many
    at once; a play-out ``policy`` of another kind plays one game at a time
    (its deals weighed, not resampled).

    ``also``: legal moves to weigh beside the candidates (a move played that
    the game leaves out of them, to price it). ``names`` names each seat in
    the findings as the table names it (by default "Seat 2", "Player 1").
    """
    _check_samples(samples, allow_none=True)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the coach's seed is an int, not {shown(seed)}")
    if progress is not None and not callable(progress):
        raise RulesError(f"progress is a function of (done, total) or None, not {shown(progress)}")
    _check_playout(playout)
    table_model = as_model(model)
    rng = random.Random(seed)
    game = _sampled(observation, rng)
    legal = checked_legal(legal_actions)
    open_moves = game.legal_actions()
    illegal = [a for a in legal if a not in open_moves]
    if illegal:
        raise RulesError(f"{shown(illegal[0])} is not a legal move for player {observation.player} now")
    candidates = [a for a in game.candidate_actions() if a in legal] or legal
    outside = [a for a in also if a not in legal]
    if outside:
        raise RulesError(f"{shown(outside[0])} is not among the legal moves given: the coach weighs only those")
    candidates += [a for a in also if a not in candidates]
    batch = playout is rule_of_thumb
    seats = [None] * game.players if table is None else seat_policies(table, game, observation.player)
    if table_model is not None and table is not None:
        table_model = table_model.seated(seats)
    policies = playing(seats, Trembling(rule_of_thumb(game, 0), 0.0), table)
    most = _MOST if samples is None else samples
    outcomes = Outcomes(len(candidates))
    findings: tuple[str, ...] = ()
    replayed: dict[bytes, Any] = {}  # the chance of the other players' moves, by the cards they hid
    readings: tuple[StyleReading, ...] = ()
    while outcomes.playouts < most:
        count = min(_CHUNK, most - outcomes.playouts)
        if batch:
            worlds = sample_worlds(observation, count, rng.getrandbits(64), table_model, replayed, names)
            base = np.array([rng.getrandbits(64) for _ in range(count)], dtype=np.uint64)[:, None]
            seeds = base + np.arange(game.players, dtype=np.uint64)[None, :]  # wraps past 2**64, as seed_of does
            played = _in_style(policies, worlds, table_model, game)
            outcomes.add(worlds.deals.play_out(candidates, seeds, played), np.ones(count), worlds.clusters)
            findings = findings or worlds.findings
            readings = readings or worlds.readings
        else:
            shares, weights = _scalar_shares(observation, candidates, count, rng, playout, table_model)
            outcomes.add(shares, weights, np.arange(count))
        if progress is not None:
            progress(outcomes.playouts * len(candidates), most * len(candidates))
        if samples is None and outcomes.playouts >= _CHUNK and outcomes.settled():
            break
    if progress is not None and outcomes.playouts < most:
        progress(outcomes.playouts * len(candidates), outcomes.playouts * len(candidates))
    estimates = outcomes.estimates(candidates)
    assumption = _assumption(table_model, batch, game) if table is None else _seated_assumption(table, observation)
    return Advice(sorted(estimates, key=lambda e: -e.share), assumption, findings, estimates[0].worlds, readings)


_CHUNK = 1000
"""Worlds per step of the coach (its progress is told after each)."""
_MOST = 4000
"""The most play-outs of each move that the default coach plays."""
_WIDTH = 0.03
"""The default coach stops once every move is known to within this (95%), or the best is apart."""
_Z = 1.959963984540054


def _in_style(
    policies: list[Trembling], worlds: Worlds, model: TableModel | None, game: Game
) -> list[Trembling | PerWorld]:
    """Each seat's batch form for the play-outs: a stranger's, in each world, its
    world's style (the rule of thumb for a style with none); the others', ``policies``."""
    played: list[Trembling | PerWorld] = list(policies)
    if model is None:
        return played
    for seat, which in worlds.styles.items():
        forms = tuple(form or policies[seat] for form in model.styles_for(game, seat).playing)
        played[seat] = PerWorld(forms, which)
    return played


def _assumption(model: TableModel | None, batch: bool, game: Game) -> str:
    """What the coach assumed of the other players, and of the play-outs, in words."""
    if model is None:
        reading = "It dealt the cards you cannot see as if the other players' moves said nothing about them."
    else:
        reading = f"It read the other players' moves as clues to their cards: {model.described(game)}."
    players = "by the rule of thumb" if batch else "as the play-out policy given makes them"
    if model is not None and model.styles is not None and batch:
        return (
            f"{reading} Its play-outs go on with you playing by the rule of thumb and each other player in the "
            "style its world drew for it: its ranges count the luck of the worlds it drew, not whether the game "
            "goes on that way."
        )
    return (
        f"{reading} Its play-outs go on with every player, you too, playing {players}: its ranges count "
        "the luck of the worlds it drew, not whether the game goes on that way."
    )


def _seated_assumption(table: Sequence[object], view: Observation) -> str:
    """What the coach assumed of the players as seated, seen from ``view``, in words."""
    return (
        f"It read the other players' moves as clues to their cards, and played them on, as seated: "
        f"{seated_words(table, view.player, looks_ahead(view))} (and each, one in 50, as a player at random). "
        "Its play-outs go on with you "
        "playing by the rule of thumb: its ranges count the luck of the worlds it drew, not whether the game goes "
        "on that way."
    )


class Outcomes:
    """The play-outs so far: each move's share in each world, the world's
    weight and its label (worlds drawn twice share one: they count once)."""

    def __init__(self, moves: int) -> None:
        self.shares = np.zeros((moves, 0))
        self.weights = np.zeros(0)
        self.labels = np.zeros(0, dtype=np.int64)

    @property
    def playouts(self) -> int:
        return len(self.weights)

    def add(
        self, shares: npt.NDArray[np.float64], weights: npt.NDArray[np.float64], labels: npt.NDArray[np.int64]
    ) -> None:
        """Add a step's play-outs (its labels are its own: another step's worlds are drawn afresh)."""
        offset = int(self.labels.max()) + 1 if len(self.labels) else 0
        self.shares = np.concatenate([self.shares, shares], axis=1)
        self.weights = np.concatenate([self.weights, weights])
        self.labels = np.concatenate([self.labels, labels + offset])

    def _mean_and_error(
        self, values: npt.NDArray[np.float64]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
        """The weighted mean of each row of ``values`` and its standard error,
        counting each world once (a cluster-robust, self-normalised estimate)."""
        total = self.weights.sum()
        mean = values @ self.weights / total
        residuals = (values - mean[:, None]) * self.weights
        per_world = np.stack([np.bincount(self.labels, weights=row) for row in residuals])
        error = np.sqrt((per_world**2).sum(axis=1)) / total
        return mean, error

    def worlds(self) -> float:
        """The effective number of worlds: Kish's, over the distinct worlds' total weights."""
        per_world = np.bincount(self.labels, weights=self.weights)
        return float(per_world.sum() ** 2 / (per_world**2).sum())

    def settled(self) -> bool:
        """Every move known to within :data:`_WIDTH`, or the best apart from every other (paired)."""
        estimates = self.estimates(list(range(len(self.shares))))
        narrow = all(e.high - e.share <= _WIDTH and e.share - e.low <= _WIDTH for e in estimates)
        return narrow or all(e.apart for e in estimates if e.gap != 0 or e.gap_low != 0)

    def estimates(self, moves: Sequence[Action]) -> list[ActionEstimate]:
        """Each move's estimate, in the order of ``moves``."""
        share, error = self._mean_and_error(self.shares)
        best = int(np.argmax(share))
        gap, gap_error = self._mean_and_error(self.shares - self.shares[best])
        worlds = self.worlds()
        found = []
        for i, action in enumerate(moves):
            p = float(share[i])
            design = p * (1 - p) / float(error[i]) ** 2 if error[i] > 0 else float(self.playouts)
            n = max(1, round(min(worlds, design)))  # the worlds the share is worth
            low, high = wilson_interval(min(p * n, n), n)
            half = _Z * float(gap_error[i])
            found.append(
                ActionEstimate(
                    action,
                    p,
                    min(low, p),
                    max(high, p),
                    self.playouts,
                    float(gap[i]),
                    float(gap[i]) - half,
                    float(gap[i]) + half,
                    worlds,
                )
            )
        return found


def percent_range(low: float, high: float) -> tuple[str, str]:
    """Two shares as percentages with the fewest decimals (up to 3) that keep
    them apart and read neither as 0% nor as 100% unless it is exactly that.

    >>> percent_range(0.57, 0.67), percent_range(0.996, 1.0), percent_range(0.0, 0.0004)
    (('57', '67'), ('99.6', '100'), ('0', '0.04'))
    """
    texts: tuple[str, ...] = ()
    for digits in range(4):
        texts = tuple(f"{x * 100:.{0 if x in (0.0, 1.0) else digits}f}" for x in (low, high))
        certain = any(float(t) in (0.0, 100.0) and x not in (0.0, 1.0) for t, x in zip(texts, (low, high), strict=True))
        if not certain and (texts[0] != texts[1] or low == high):
            break
    return texts[0], texts[1]


def gap_words(estimate: ActionEstimate) -> str:
    """A move's gap to the best, in points, with its interval.

    >>> from cardcommons.whisky import PASS
    >>> gap_words(ActionEstimate(PASS, 0.22, 0.19, 0.25, 1000, -0.21, -0.242, -0.169))
    '21 points below the best (17 to 24 below)'
    >>> gap_words(ActionEstimate(PASS, 0.5, 0.47, 0.53, 1000, -0.01, -0.04, 0.02))
    '1 point below the best (4 below to 2 above: not surely worse)'
    >>> gap_words(ActionEstimate(PASS, 0.0, 0.0, 0.004, 1000, -1.0, -1.0, -1.0))
    '100 points below the best, the same on every world drawn'
    """
    low, gap, high = (round(-100 * x) for x in (estimate.gap_high, estimate.gap, estimate.gap_low))
    words = f"{gap} point{'' if gap == 1 else 's'} below the best"
    if estimate.gap_low == estimate.gap_high:  # every world gave the same difference: no range to give
        return f"{words}, the same on every world drawn"
    if low >= 0:
        return f"{words} ({low} to {high} below)"
    return f"{words} ({high} below to {-low} above: not surely worse)"


def same_on_every_deal(estimates: Sequence[ActionEstimate]) -> list[list[ActionEstimate]]:
    """The estimates, best first, with the moves that played out the same on
    every deal (equal shares and gaps, to the last digit) in one group."""
    groups: dict[tuple[float, float, float, float], list[ActionEstimate]] = {}
    for e in estimates:
        groups.setdefault((e.share, e.gap, e.gap_low, e.gap_high), []).append(e)
    return list(groups.values())


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


def _scalar_shares(
    observation: Observation,
    candidates: list[Action],
    count: int,
    rng: random.Random,
    playout: PlayoutPolicy,
    model: TableModel | None,
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Each candidate's share in ``count`` worlds, one game at a time, and
    each world's weight (the chance of the other players' moves in it, under
    ``model``): world ``d`` is ``observation.sample_game(random.Random(s))``
    for a seed ``s`` from ``rng``, its bot in seat ``k`` seeded ``s + k``."""
    shares = np.zeros((len(candidates), count))
    weights = np.ones(count)
    for d in range(count):
        deal_seed = rng.getrandbits(64)
        for i, action in enumerate(candidates):
            game = observation.sample_game(random.Random(deal_seed))
            if i == 0 and model is not None:
                weights[d] = likelihood(game, observation.player, model)
            game.apply(action)
            bots = [_played_by(playout, game, deal_seed + seat) for seat in range(game.players)]
            shares[i, d] = play(game, bots).share(observation.player, game.players)
    return shares, weights


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


def _check_samples(samples: object, allow_none: bool = False) -> None:
    if samples is None and allow_none:
        return
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RulesError(f"samples must be a whole number of at least 1, not {shown(samples)}")


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
    ``random.Random(seed)``), reading the table with ``model`` as the coach
    does (None: as if the other players' moves said nothing), and ``table``,
    the players by seat where known (see :func:`coach`). ``last_estimates``
    keeps the coach's share for each candidate of its last move.
    """

    def __init__(
        self,
        samples: int = 1000,
        seed: int | None = None,
        playout: PlayoutPolicy = rule_of_thumb,
        model: TableModel | Policy | None = RULE_OF_THUMB,
        table: Sequence[object] | None = None,
    ) -> None:
        _check_samples(samples)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError(f"MonteCarloBot's seed is an int or None, not {shown(seed)}")
        _check_playout(playout)
        if table is not None and (isinstance(table, str | bytes) or not isinstance(table, Sequence)):
            raise RulesError(f"table lists the players by seat (a bot, or None for one to read), not {shown(table)}")
        self.samples = samples
        self.playout = playout
        self.model = as_model(model)
        self.table = None if table is None else tuple(table)
        self.rng = random.Random(seed)
        self.last_estimates: dict[Action, float] = {}

    def __repr__(self) -> str:
        reading = "" if self.model is not None else ", model=None"
        return f"MonteCarloBot(samples={self.samples}{reading})"

    def stand_in(self, game: Game) -> Policy:
        """The policy that stands for this bot at ``game``'s table, where the
        coach reads and plays it on (:func:`cardcommons.bots.standin.stand_in`)."""
        from cardcommons.bots.standin import stand_in  # which reads this module's MonteCarloBot

        return stand_in(self, game)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        seed = self.rng.getrandbits(64)
        estimates = coach(
            observation, legal_actions, self.samples, seed, playout=self.playout, model=self.model, table=self.table
        )
        self.last_estimates = {e.action: e.share for e in estimates}
        return estimates[0].action
