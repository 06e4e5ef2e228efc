"""Whisky Poker's worlds, read seat by seat (sequential importance resampling).

A seat's unknown cards have stayed in its hand since the deal (or since its
phase-1 take of the unseen spare: every card that moves, moves face up), so
each seat's moves speak of its own unknown cards only. For each world the
sampler draws several candidates for the next seat's unknown cards from the
cards left, keeps one in proportion to the chance of that seat's moves (its
policy's batch form: :func:`cardcommons.bots.playouts.whisky.policy_chances`)
and weighs the world by their mean; it resamples when the weights grow uneven.
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.policies import Trembling
from cardcommons.bots.styles import SeatStyles
from cardcommons.bots.worlds.model import (
    Floats,
    Ids,
    Worlds,
    in_ten,
    kish,
    reading,
    styles_drawn,
    systematic,
    unexplained,
)
from cardcommons.categories import Category
from cardcommons.game import Action
from cardcommons.whisky import Exchange, Knock, Pass, TakeSpare, WhiskyPoker

__all__ = ["category_of_hands", "sample"]


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


def _whisky_moves(deals: whisky_playouts.Deals, every: bool = False) -> dict[int, list[_Move]]:
    """Each other seat's past moves, replayed in the sampled game: those that
    depend on its unknown cards, and a phase-1 take of the unseen spare, made
    from a hand everyone has seen since (the chance of all of a seat's moves
    decides whether it plays by the policy or at random); with ``every``, a
    seat whose cards are all known too (its moves speak of its style only)."""
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
        if seat != view.player and (unknown[seat] or every):
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


def sample(deals: whisky_playouts.Deals, seats: list[SeatStyles], rng: random.Random) -> Worlds:
    """Sequential importance resampling over the seats (see the module's
    description), each seat read by its styles (``seats[s]``: their batch
    forms and prior); then each stranger's style drawn in each world, in
    proportion to its prior and the chance of the seat's moves under it."""
    generator = np.random.default_rng(rng.getrandbits(64))
    moves = _whisky_moves(deals)
    games = deals.games
    places = whisky_playouts.places(deals.view, deals.template)
    table = deals.table
    policies = [_Read(styles) for styles in seats]
    order = sorted(moves)
    first = _exact_first(moves, places)
    if first is not None:  # its slots go first, so that it draws from every card (put back in place at the end)
        order.remove(first)
        order.insert(0, first)
    columns = np.array([c for s in order for c in range(places.seat(s).start, places.seat(s).stop)], dtype=np.int64)
    layout = np.concatenate([columns, np.setdiff1d(np.arange(len(places.cards)), columns)])
    particles = deals.shuffled[:, layout]
    weights = np.ones(games)
    start = 0
    for seat in order:
        count = len(places.unknown[seat])
        where = slice(start, start + count)
        start += count
        if seat == first:
            particles = _drawn_exactly(
                particles, count, moves[seat], policies[seat], table, generator, seat, seats[seat]
            )
            continue
        left = particles[:, where.start :]  # the cards not yet placed: the seat's are drawn from these
        drawn = np.zeros((games, 0, count), dtype=np.int64)  # for each world, each try: places in ``left``
        chance = np.zeros((games, 0))
        tries, fitting = 0, 0
        more = _TRIES
        while tries * 2 <= more:
            new = _draws(generator, games * (more - tries), left.shape[1], count).reshape(games, -1, count)
            new_chance, fits = _seat_chances(
                moves[seat], _gathered(left, new).reshape(-1, count), policies[seat], table
            )
            drawn = np.concatenate([drawn, new], axis=1)
            chance = np.concatenate([chance, new_chance.reshape(games, -1)], axis=1)
            tries, fitting = more, fitting + int(fits.sum())
            wanted = _FITTING * games * tries / max(1, fitting)  # tries that give each world a few that fit
            more = min(_MOST_TRIES, _MOST_ROWS // games, int(np.ceil(wanted)))
        total = chance.sum(axis=1)
        if not total.any():
            raise unexplained([seat], [seats[seat]])
        pick = (np.cumsum(chance, axis=1) < (generator.random(games) * total)[:, None]).sum(axis=1)
        kept = drawn[np.arange(games), np.minimum(pick, tries - 1)]
        particles = np.concatenate([particles[:, : where.start], _first(left, kept, generator)], axis=1)
        weights = weights * total / tries
        weights /= weights.max()
        if weights.sum() ** 2 / (weights**2).sum() < games / 2:
            picked = systematic(weights, games, generator)
            particles, weights = particles[picked], np.ones(games)
    read = deals.subset(np.arange(games), particles[:, np.argsort(layout)])
    labels = read.labels()  # a world drawn twice here was copied by a resampling: it counts once
    per_world = np.asarray(np.bincount(labels, weights=weights), dtype=np.float64)
    picked = systematic(weights, games, generator)
    final = read.subset(picked)
    styles, readings = {}, []
    for seat, seat_moves in sorted(_whisky_moves(deals, every=True).items()):
        if seats[seat].stranger:
            chances, fitted = _style_chances(seat_moves, final.hidden[seat], policies[seat], table)
            styles[seat], posterior = styles_drawn(chances, seats[seat].prior, generator)
            readings.append(reading(seat, seats[seat], posterior, fitted, len(seat_moves)))
    findings = _whisky_findings(read, deals, weights, moves)
    return Worlds(final, labels[picked], kish(per_world), findings, styles, tuple(readings))


class _Read:
    """A seat's styles as the sampler reads them: their batch forms and prior."""

    def __init__(self, styles: SeatStyles) -> None:
        forms = styles.batch()
        assert forms is not None, styles  # the caller reads a table without batch forms otherwise
        self.forms: list[Trembling] = forms
        self.prior: Floats = np.array(styles.prior)


def _exact_first(moves: dict[int, list[_Move]], places: whisky_playouts.Places) -> int | None:
    """The seat to draw first, exactly (see :func:`_drawn_exactly`): one that
    knocked (few hands fit a knock: drawn at random they seldom do), if its
    unknown cards can be dealt in at most :data:`_MOST_DEALS` ways."""
    for seat, seat_moves in moves.items():
        count = len(places.unknown[seat])
        if any(isinstance(m.action, Knock) for m in seat_moves) and math.comb(len(places.cards), count) <= _MOST_DEALS:
            return seat
    return None


def _drawn_exactly(
    particles: Ids, count: int, moves: list[_Move], policy: _Read, table: Any, generator: Any, seat: int, styles: Any
) -> Ids:
    """Each world's first ``count`` cards drawn from all of its cards (every
    world holds the same cards) in proportion to the chance of the seat's
    ``moves`` with them, over every way to deal them: the seat's posterior,
    exactly; the other cards after them, in a random order. Every world's
    weight is the same (the mean chance), so the weights are not changed."""
    pool = particles[0]
    ways = np.array(list(itertools.combinations(range(len(pool)), count)), dtype=np.int64).reshape(-1, count)
    chance, _ = _seat_chances(moves, pool[ways], policy, table)
    if not chance.any():
        raise unexplained([seat], [styles])
    picked = ways[generator.choice(len(ways), size=len(particles), p=chance / chance.sum())]
    ordered = np.tile(pool, (len(particles), 1))  # every world's cards in one order: the places picked are the same
    return _first(ordered, picked, generator)


_MOST_DEALS = 120_000
"""A knocker's unknown cards are drawn exactly if they can be dealt in at most this many ways."""
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


def _seat_chances(moves: list[_Move], hidden: Ids, styles: _Read, table: Any) -> tuple[Floats, npt.NDArray[np.bool_]]:
    """The chance of a seat's moves for each row of its unknown cards
    (``hidden``), read by its ``styles`` (the mean over their prior); and
    whether a style that plays by a rule could have made them all."""
    chances, _ = _style_chances(moves, hidden, styles, table)
    ruled = [k for k, form in enumerate(styles.forms) if form.rule is not None]
    fits: npt.NDArray[np.bool_] = np.asarray((chances[:, ruled] > 0).any(axis=1))
    found: Floats = chances @ styles.prior
    return found, fits


def _style_chances(moves: list[_Move], hidden: Ids, styles: _Read, table: Any) -> tuple[Floats, Floats]:
    """For each row of a seat's unknown cards (``hidden``) and each of its
    styles, the chance of its moves, and how many of them fit the style (it
    makes them likelier than a player at random would). A move is weighed
    only where the earlier ones have a chance under some style; a style that
    plays every move at random is the same for every row."""
    weighed = np.array([k for k, form in enumerate(styles.forms) if form.rule is not None or form.wander], dtype=int)
    forms = [styles.forms[k] for k in weighed.tolist()]
    chances = np.ones((len(hidden), len(styles.forms)))
    fits = np.zeros((len(hidden), len(styles.forms)))
    at_random = 1.0
    for move in moves:
        at_random /= move.legal
        rows = np.flatnonzero((chances[:, weighed] > 0).any(axis=1))
        if not len(rows) or not forms:
            continue
        unknown = hidden[rows, : move.hidden]
        public = np.tile(np.array(move.public, dtype=np.int64), (len(rows), 1))
        hands = np.concatenate([public, unknown], axis=1) if move.public else unknown
        spare = None if move.spare is None else np.array(sorted(move.spare), dtype=np.int64)
        if spare is not None:  # only the exchanges read a hand's order
            hands = np.sort(hands, axis=1)
        found = whisky_playouts.policies_chances(forms, table, hands, spare, move.action)
        chances[np.ix_(rows, weighed)] *= found
        fits[np.ix_(rows, weighed)] += found > 1 / move.legal + 1e-12
    others = np.setdiff1d(np.arange(len(styles.forms)), weighed)
    chances[:, others] = at_random
    return chances, fits


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
                f"{_article(name)}{name} or better {in_ten(share[least])} ({in_ten(prior)} if they said nothing)",
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
