"""Worlds that fit what the table did: the cards a player cannot see, dealt
as the other players' moves say they lie.

A **world** is a whole deal that fits one player's view. Dealt uniformly,
every world that fits the cards seen counts the same, as if the other
players' moves said nothing. They say a lot: a Whisky Poker player who
knocks holds a hand no exchange improved; a splitter who kept a pair face
down chose that split over five others. :func:`sample_worlds` weighs each
world by how likely the other players were to make the moves they made in
it, under a stated :class:`TableModel` of them (Bayes' rule: the chance of
a world after the moves is its chance before, times the chance of the
moves in it), and resamples: what it returns are worlds drawn, as near as
its effective sample size allows, from that posterior.

- Whisky Poker, the rule-of-thumb model: **sequential importance
  resampling**, seat by seat. A seat's unknown cards have stayed in its
  hand since the deal (every card that moves, moves face up), so each
  seat's moves speak of its own unknown cards only. For each world the
  sampler draws several candidates for the next seat's unknown cards from
  the cards left, keeps one in proportion to the chance of that seat's moves
  (:func:`cardcommons.bots.playouts.whisky.chances`, the bot's own rule
  over arrays) and weighs the world by their mean; it resamples when the
  weights grow uneven.
- Split and Choose, or any model's own policy: many candidate worlds, each
  weighed by the chance of its history, replayed move by move
  (:func:`likelihood`) once for each set of cards the other players hid,
  then resampled.

The model allows a player who plays at random (``tremble``), so a reader or
a bot that plays otherwise than the model still leaves worlds to weigh.

>>> from cardcommons.whisky import WhiskyPoker, KNOCK, PASS
>>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
>>> game.apply(PASS)  # seat 0 passes: its hand is not among the weaker half
>>> worlds = sample_worlds(game.observation(1), 400, seed=1)
>>> round(worlds.effective) > 100
True
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.playouts import split_and_choose as split_and_choose_playouts
from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.policies import Policy, RandomBot, Trembling, batch_form, checked_probabilities
from cardcommons.bots.split_and_choose import HeuristicBot
from cardcommons.bots.whisky import GreedyBot
from cardcommons.categories import Category
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Game, Observation
from cardcommons.split_and_choose import SplitAndChoose, SplitAndChooseObservation
from cardcommons.whisky import Exchange, Knock, Pass, TakeSpare, WhiskyObservation, WhiskyPoker

__all__ = ["RULE_OF_THUMB", "Policy", "TableModel", "Worlds", "likelihood", "rule_of_thumb", "sample_worlds"]

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


def sample_worlds(
    observation: Observation,
    games: int,
    seed: int,
    model: TableModel | None = RULE_OF_THUMB,
    cache: dict[bytes, float] | None = None,
) -> Worlds:
    """``games`` worlds that fit ``observation`` (it reads nothing else),
    drawn in proportion to the chance of the other players' moves under
    ``model`` (None: uniformly, as if their moves said nothing), from ``seed``.
    ``cache`` keeps the chances of the moves replayed, for the next call
    about the same view."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(f"games is a whole number of at least 1, not {shown(games)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the worlds' seed is an int, not {shown(seed)}")
    if not isinstance(observation, WhiskyObservation | SplitAndChooseObservation):
        raise RulesError(f"worlds are dealt from a player's view of a game, not {shown(observation)}")
    model = as_model(model)
    if model is not None and not _others_moved(observation):
        model = None  # nothing to read: every world fits equally well
    if isinstance(observation, WhiskyObservation):
        deals: Any = whisky_playouts.deal(observation, games, seed)
        if model is None:
            return Worlds(deals, np.arange(games), float(games))
        policies = [batch_form(model.policy_for(deals.template, s)) for s in range(observation.players)]
        if all(p is not None for p in policies):
            return _whisky_worlds(deals, model, [p for p in policies if p is not None], random.Random(seed))
    elif model is None:
        return Worlds(split_and_choose_playouts.deal(observation, games, seed), np.arange(games), float(games))
    rng = random.Random(seed)
    if isinstance(observation, WhiskyObservation):
        drawn: Any = whisky_playouts.deal(observation, games, rng.getrandbits(64))
    else:  # set out as arrays only once weighed: the few kept
        drawn = split_and_choose_playouts.candidates(observation, games * _CANDIDATES, rng.getrandbits(64))
    weights = _replayed_chances(drawn, model, {} if cache is None else cache)
    generator = np.random.default_rng(rng.getrandbits(64))
    picked = _systematic(weights, games, generator)
    findings = _split_findings(drawn, weights) if isinstance(observation, SplitAndChooseObservation) else ()
    return Worlds(drawn.subset(picked), picked, _kish(weights), findings)


_CANDIDATES = 16
"""Split and Choose draws this many candidate worlds for each world it keeps:
few cards are hidden, so the same hidden cards come up again and again and
their chance is replayed once."""


def _others_moved(observation: WhiskyObservation | SplitAndChooseObservation) -> bool:
    """Whether a player other than the observer has made a move yet."""
    me = observation.player
    if isinstance(observation, WhiskyObservation):
        return any(e.seat is not None and e.seat != me for e in observation.events)
    split = any(r.splitter != me and r.face_up is not None for r in observation.rounds)
    chose = any(r.splitter == me and r.chose_face_up is not None for r in observation.rounds)
    return split or chose or any(d.player != me for d in observation.reserve)


def _replayed_chances(deals: Any, model: TableModel, cache: dict[bytes, float]) -> Floats:
    """The chance of the other players' moves in each of ``deals``, by
    :func:`likelihood`. It depends only on the cards the player cannot see
    that they held when they moved (``deals.their_hidden()``): one replay for each."""
    player = deals.view.player
    hidden = deals.their_hidden()
    _, first, inverse = np.unique(hidden, axis=0, return_index=True, return_inverse=True)
    chances = []
    for g in first.tolist():
        key = hidden[g].tobytes()
        if key not in cache:
            cache[key] = likelihood(deals.game(g), player, model)
        chances.append(cache[key])
    weights: Floats = np.array(chances)[inverse.reshape(-1)]
    return weights


_TYPES = ("a Ten", "a Jack", "a Queen", "a King", "an Ace", "the Joker")
"""Split and Choose's card types (a pack position // 4), in words."""


def _split_findings(deals: Any, weights: Floats) -> tuple[str, ...]:
    """What the other player's moves said of the cards it hid from this one
    (its face-down pairs) and of the card it gave blind: the type whose
    chance moved most, if by 15 points or more, beside its chance if the
    moves said nothing (the candidate worlds, unweighed)."""
    other = 1 - deals.view.player
    hidden = deals.their_hidden()
    found = []
    share = weights / weights.sum()
    for columns, words in ((hidden[:, :-1], "the cards it kept face down hold"), (hidden[:, -1:], "it gave away")):
        if not columns.size or (columns < 0).all():
            continue
        types = np.where(columns >= 0, columns // 4, -1)
        after = [float(share[(types == t).any(axis=1)].sum()) for t in range(len(_TYPES))]
        before = [float((types == t).any(axis=1).mean()) for t in range(len(_TYPES))]
        t = max(range(len(_TYPES)), key=lambda k: abs(after[k] - before[k]))
        if abs(after[t] - before[t]) >= 0.15:
            found.append(
                f"Player {other}'s moves say {words} {_TYPES[t]} {_in_ten(after[t])} in the worlds that fit them "
                f"({_in_ten(before[t])} if they said nothing)"
            )
    return tuple(found)


def _kish(weights: Floats) -> float:
    """Kish's effective sample size of weighted draws."""
    return float(weights.sum() ** 2 / (weights**2).sum())


def _systematic(weights: Floats, count: int, rng: np.random.Generator) -> Ids:
    """``count`` indices drawn in proportion to ``weights``, systematically (one uniform draw)."""
    edges = np.cumsum(weights / weights.sum())
    points = (rng.random() + np.arange(count)) / count
    return np.minimum(np.searchsorted(edges, points, side="right"), len(weights) - 1)


# -- Whisky Poker: seat by seat ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Move:
    """One past move of another seat, as the reading needs it: the cards of
    its hand everyone knows now, how many of its unknown cards it held then,
    the spare if face up, the move, and how many moves it had."""

    public: list[int]
    hidden: int
    spare: list[int] | None
    action: Action
    legal: int


def _whisky_moves(deals: whisky_playouts.Deals) -> dict[int, list[_Move]]:
    """Each other seat's past moves, replayed in the sampled game: those that
    depend on its unknown cards, and a phase-1 take of the unseen spare, made
    from a hand everyone has seen since (the chance of all of a seat's moves
    decides whether it plays by the policy or at random)."""
    view, template = deals.view, deals.template
    ids = deals.table.ids
    unknown = deals.unknown
    took = [e.seat for e in view.events if isinstance(e.action, TakeSpare) and e.phase == 1]
    replay = WhiskyPoker.replay({**template.record(), "actions": []})
    moves: dict[int, list[_Move]] = {}
    took_yet = False
    for action in template.actions:
        seat = replay.current_player
        assert seat is not None
        if seat != view.player and unknown[seat]:
            spare = [ids[c] for c in replay.spare] if replay.spare_face_up else None
            hand = [ids[c] for c in replay.hands[seat]]
            if took and seat == took[0] and not took_yet:  # the hand it gives face up: every card of it known
                public, hidden = sorted(hand), 0
            else:  # since the deal, or since its phase-1 take, it holds its unknown cards
                public, hidden = whisky_playouts.minus(hand, unknown[seat]), len(unknown[seat])
            moves.setdefault(seat, []).append(_Move(public, hidden, spare, action, len(replay.legal_actions())))
        took_yet = took_yet or (isinstance(action, TakeSpare) and replay.phase == 1)
        replay.apply(action)
    return moves


def _whisky_worlds(
    deals: whisky_playouts.Deals, model: TableModel, policies: list[Trembling], rng: random.Random
) -> Worlds:
    """Sequential importance resampling over the seats (see the module's
    description), each seat read by its policy's batch form (``policies[s]``)."""
    generator = np.random.default_rng(rng.getrandbits(64))
    moves = _whisky_moves(deals)
    games = deals.games
    places = whisky_playouts.places(deals.view, deals.template)
    table = deals.table
    particles = deals.shuffled.copy()
    weights = np.ones(games)
    for seat in sorted(moves):
        where = places.seat(seat)
        count = where.stop - where.start
        left = particles[:, where.start :]  # the cards not yet placed: the seat's are drawn from these
        drawn = np.zeros((games, 0, count), dtype=np.int64)  # for each world, each try: places in ``left``
        chance = np.zeros((games, 0))
        tries, fitting = 0, 0
        more = _TRIES
        while tries * 2 <= more:
            new = _draws(generator, games * (more - tries), left.shape[1], count).reshape(games, -1, count)
            new_chance, fits = _seat_chances(
                moves[seat], _gathered(left, new).reshape(-1, count), policies[seat], table, model
            )
            drawn = np.concatenate([drawn, new], axis=1)
            chance = np.concatenate([chance, new_chance.reshape(games, -1)], axis=1)
            tries, fitting = more, fitting + int(fits.sum())
            wanted = _FITTING * games * tries / max(1, fitting)  # tries that give each world a few that fit
            more = min(_MOST_TRIES, _MOST_ROWS // games, int(np.ceil(wanted)))
        total = chance.sum(axis=1)
        pick = (np.cumsum(chance, axis=1) < (generator.random(games) * total)[:, None]).sum(axis=1)
        kept = drawn[np.arange(games), np.minimum(pick, tries - 1)]
        particles = np.concatenate([particles[:, : where.start], _first(left, kept, generator)], axis=1)
        weights = weights * total / tries
        weights /= weights.max()
        if weights.sum() ** 2 / (weights**2).sum() < games / 2:
            picked = _systematic(weights, games, generator)
            particles, weights = particles[picked], np.ones(games)
    read = deals.subset(np.arange(games), particles)
    labels = read.labels()  # a world drawn twice here was copied by a resampling: it counts once
    per_world = np.asarray(np.bincount(labels, weights=weights), dtype=np.float64)
    picked = _systematic(weights, games, generator)
    return Worlds(read.subset(picked), labels[picked], _kish(per_world), _whisky_findings(read, deals, weights, moves))


_TRIES = 32
"""Candidates for a seat's unknown cards, drawn for each world, at first."""
_FITTING = 4
"""If fewer of those than this fit the seat's moves, on average, more are drawn:"""
_MOST_TRIES = 64
"""up to this many a world,"""
_MOST_ROWS = 64_000
"""and this many in all."""


def _draws(generator: np.random.Generator, rows: int, cards: int, count: int) -> Ids:
    """For each of ``rows``, ``count`` places out of ``cards`` drawn at random
    without replacement, in order: each a place not drawn yet, every one alike."""
    drawn: Ids = np.zeros((rows, count), dtype=np.int64)
    ordered: list[Ids] = []  # the places drawn so far in each row, least first (a column each)
    for i in range(count):
        place = generator.integers(0, cards - i, size=rows)  # the place-th of those not drawn yet:
        for taken in ordered:  # skip each drawn place at or before it
            place += place >= taken
        drawn[:, i] = place
        edges: list[Any] = [-1, *ordered, cards]
        ordered = [np.minimum(np.maximum(place, low), high) for low, high in itertools.pairwise(edges)]  # in order
    return drawn


def _gathered(cards: Ids, places: Ids) -> Ids:
    """``cards[g]`` at ``places[g, t]`` for each world ``g`` and try ``t``."""
    gathered: Ids = np.take_along_axis(cards, places.reshape(len(cards), -1), axis=1).reshape(places.shape)
    return gathered


def _first(cards: Ids, places: Ids, generator: np.random.Generator) -> Ids:
    """Each row of ``cards`` with its cards at ``places`` put first, in that
    order, and the others after them in a random order."""
    every = np.arange(len(cards))[:, None]
    others = np.ones(cards.shape, dtype=bool)
    others[every, places] = False
    rest = generator.permuted(cards[others].reshape(len(cards), -1), axis=1)
    arranged: Ids = np.concatenate([cards[every, places], rest], axis=1)
    return arranged


def _seat_chances(
    moves: list[_Move], hidden: Ids, policy: Trembling, table: Any, model: TableModel
) -> tuple[Floats, npt.NDArray[np.bool_]]:
    """The chance of a seat's moves for each row of its unknown cards
    (``hidden``), under ``model``, the seat read by ``policy``; and whether
    that policy could have made them all. A move is weighed only where the earlier ones fit."""
    bot_chance = np.ones(len(hidden))
    fits = np.ones(len(hidden), dtype=bool)
    at_random = 1.0
    for move in moves:
        at_random /= move.legal
        rows = np.flatnonzero(fits)
        if not len(rows):
            continue
        unknown = hidden[:, : move.hidden] if len(rows) == len(hidden) else hidden[rows, : move.hidden]
        public = np.tile(np.array(move.public, dtype=np.int64), (len(rows), 1))
        hands = np.concatenate([public, unknown], axis=1) if move.public else unknown
        spare = None if move.spare is None else np.array(sorted(move.spare), dtype=np.int64)
        if spare is not None:  # only the exchanges read a hand's order
            hands = np.sort(hands, axis=1)
        bot_chance[rows] *= whisky_playouts.policy_chances(policy, table, hands, spare, move.action)
        fits[rows] = bot_chance[rows] > 0
    return model.mix(bot_chance, at_random), fits


def _whisky_findings(read: Any, uniform: Any, weights: Floats, moves: dict[int, list[_Move]]) -> tuple[str, ...]:
    """For each seat whose moves spoke of its cards (the clearest first): the
    best category it holds at least half the time in the worlds that fit,
    and how often, beside how often if its moves said nothing."""
    table = read.table
    strengths = table.strengths
    category_of = {table.ranking.strength(c): c for c in Category}
    order = sorted(category_of)  # weakest first
    found = []
    for seat, seat_moves in moves.items():
        now = category_of_hands(read, seat, strengths)
        share = {c: float(weights[now >= c].sum() / weights.sum()) for c in order}
        least = max(c for c in order if share[c] >= 0.5)
        prior = float((category_of_hands(uniform, seat, strengths) >= least).mean())
        if least == order[0] or share[least] - prior < 0.15:
            continue
        name = category_of[least].value
        found.append(
            (
                share[least] - prior,
                f"Seat {seat} {_verb(seat_moves[-1].action)}: in the worlds that fit its moves, it holds "
                f"{_article(name)}{name} or better {_in_ten(share[least])} ({_in_ten(prior)} if they said nothing)",
            )
        )
    return tuple(text for _, text in sorted(found, key=lambda pair: -pair[0])[:_FINDINGS])


_FINDINGS = 3
"""At most this many findings are told."""


def _verb(action: Action) -> str:
    """A seat's move as a verb: "knocked", "gave 9♥ and took K♣"."""
    if isinstance(action, Exchange):
        return f"gave {action.give} and took {action.take}"
    return {Knock: "knocked", Pass: "passed", TakeSpare: "took the spare"}[type(action)]


def category_of_hands(deals: Any, seat: int, strengths: Any) -> Ids:
    """The ranking's strength of the category of ``seat``'s hand in each game of ``deals``."""
    levels = strengths.strengths_of_codes(strengths.codes[deals.hands[:, seat]].sum(axis=1))
    found: Ids = strengths.category_strengths[levels]
    return found


def _article(name: str) -> str:
    return "" if name in {"two pair", "three of a kind", "four of a kind"} else "a "


def _in_ten(share: float) -> str:
    """A share as a count out of ten: "8 times in 10"."""
    n = round(share * 10)
    return f"{n} time{'' if n == 1 else 's'} in 10"
