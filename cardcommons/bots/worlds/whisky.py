"""Whisky Poker's worlds, read seat by seat (sequential importance resampling).

A seat's unknown cards have stayed in its hand since the deal (or since its
phase-1 take of the unseen spare: every card that moves, moves face up), so
each seat's moves speak of its own unknown cards only, and the chance of
every seat's moves is the product of each seat's own. Where the ways to deal
a seat's unknown cards are few enough, that chance is found once for each
way (a **table**, by its policy's batch form:
:func:`cardcommons.bots.playouts.whisky.policy_chances`); for a seat that
knocked, once for each way its knock may come from (its styles' knock
thresholds, the hands no move beats, the floor of a knock at random), every
other way as likely as the styles that play at random make it.

The sampler places the seats in turn, the most telling first. For each
world it draws candidates for the seat's cards, half from its table in
proportion to their chance, half at random from the cards left (or every
way left, when few are), keeps one in proportion to its chance over the
chance it had to be drawn, and multiplies the world's weight by their
mean: an unbiased estimate of the chance of the seat's moves with the cards
left. Each seat also leaves alone, as far as it can, the cards the seats
after it need (a **tilt** of the draws, which the weights undo). The
weights are resampled when they grow uneven, and the pool of weighted
worlds grows until its effective size reaches the number of worlds wanted.
Those worlds, resampled, are moved apart by exact (Gibbs) steps: two
seats' cards dealt again between them in proportion to the chance of their
moves, which keeps the worlds' law and parts the copies a resampling made.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.policies import Trembling
from cardcommons.bots.styles import SeatStyles
from cardcommons.bots.whisky import GreedyBot, hand_percentile_array
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
from cardcommons.lookup import hand_table
from cardcommons.whisky import Exchange, Knock, Pass, TakeSpare, WhiskyPoker
from cardcommons.whisky.game import MAX_EXCHANGE_CANDIDATES

__all__ = ["category_of_hands", "knock_tilt", "nines", "sample"]


@dataclass(frozen=True)
class _Move:
    """One past move of another seat, as the reading needs it: the cards of
    its hand everyone knows now, how many of its unknown cards it held then,
    the spare if face up, the move, how many moves it had, and whether a knock came before it."""

    public: list[int]
    hidden: int
    spare: list[int] | None
    action: Action
    legal: int
    knocked: bool


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
            legal, knocked = len(replay.legal_actions()), replay.knocker is not None
            moves.setdefault(seat, []).append(_Move(public, hidden, spare, action, legal, knocked))
        took_yet = took_yet or (isinstance(action, TakeSpare) and replay.phase == 1)
        replay.apply(action)
    return moves


def sample(
    deals: whisky_playouts.Deals,
    seats: list[SeatStyles],
    rng: random.Random,
    names: Callable[[int], str] | None = None,
) -> Worlds:
    """Sequential importance resampling over the seats (see the module's
    description), each seat read by its styles (``seats[s]``: their batch
    forms and prior): ``deals.games`` worlds, drawn from a pool of weighted
    worlds grown until its effective size reaches theirs (or
    :data:`_MOST_BATCHES` batches), then moved apart by exact steps
    (:func:`_moved`); then each stranger's style drawn in each world, in
    proportion to its prior and the chance of the seat's moves under it.
    The findings name each seat by ``names`` (by default "Seat 2")."""
    generator = np.random.default_rng(rng.getrandbits(64))
    moves = _whisky_moves(deals)
    games = deals.games
    places = whisky_playouts.places(deals.view, deals.template)
    pool = np.array(places.cards, dtype=np.int64)
    table = deals.table
    policies = [_Read(styles) for styles in seats]
    read_by = {
        s: _Seat(m, len(places.unknown[s]), pool, policies[s], table, games, s, seats[s]) for s, m in moves.items()
    }
    order = sorted(moves, key=lambda s: read_by[s].spread)  # the most telling seats first: they draw from most cards
    later = np.zeros(len(pool))
    for seat in reversed(order):  # each seat leaves the cards the seats after it need, as far as it can
        read_by[seat].tilt(later)
        later = later + np.log1p(-np.minimum(read_by[seat].needs, _MOST_NEED))
    columns = [list(range(places.seat(s).start, places.seat(s).stop)) for s in order]
    rest = np.setdiff1d(np.arange(len(pool)), [c for block in columns for c in block])  # the cards no move spoke of
    blocks = [read_by[s].count for s in order] + [len(rest)]
    chosen, origins, weights, effective = (
        np.zeros((0, len(pool)), dtype=np.int64),
        np.zeros(0, np.int64),
        np.zeros(0),
        0.0,
    )
    size = games
    for _ in range(_MOST_BATCHES):
        more, more_origins, more_weights = _batch([read_by[s] for s in order], len(pool), size, generator)
        chosen = np.concatenate([chosen, more])
        origins = np.concatenate([origins, more_origins + len(origins)])
        weights = np.concatenate([weights, more_weights])
        labels = _labels(origins, chosen, blocks)
        per_world = np.bincount(labels, weights=weights)  # a world copied counts once
        effective = kish(np.asarray(per_world, dtype=np.float64))
        if effective >= games:
            break
        size = min(games, max(games // 2, math.ceil((games - effective) * len(chosen) / effective)))
    read = deals.subset(np.arange(len(chosen)), _arranged(pool, chosen, columns, rest))
    found = _whisky_findings(read, deals, weights, moves, names or _seat)
    picked = systematic(weights, games, generator)
    kept = _moved(chosen[picked], [read_by[s] for s in order], generator)
    placed = len(pool) - len(rest)
    kept[:, placed:] = generator.permuted(kept[:, placed:], axis=1)  # the cards no move spoke of, in any order
    worlds = deals.subset(np.arange(games), _arranged(pool, kept, columns, rest))
    starts = dict(zip(order, np.cumsum([0, *(read_by[s].count for s in order)]).tolist(), strict=False))
    styles, readings = {}, []
    for seat, seat_moves in sorted(_whisky_moves(deals, every=True).items()):
        if seats[seat].stranger:
            if seat in read_by:
                start, count = starts[seat], read_by[seat].count
                chances, fitted = read_by[seat].style_chances(np.sort(kept[:, start : start + count], axis=1))
            else:  # its cards all known: its moves speak of its style only
                known = np.zeros((games, 0), dtype=np.int64)
                chances, fitted = _style_chances(seat_moves, known, pool, policies[seat], table)
            styles[seat], posterior = styles_drawn(chances, seats[seat].prior, generator)
            readings.append(reading(seat, seats[seat], posterior, fitted, len(seat_moves)))
    return Worlds(worlds, _labels(labels[picked], kept, blocks), effective, found, styles, tuple(readings))


class _Read:
    """A seat's styles as the sampler reads them: their batch forms and prior."""

    def __init__(self, styles: SeatStyles) -> None:
        forms = styles.batch()
        assert forms is not None, styles  # the caller reads a table without batch forms otherwise
        self.forms: list[Trembling] = forms
        self.prior: Floats = np.array(styles.prior)


def _labels(origins: Ids, chosen: Ids, blocks: list[int]) -> Ids:
    """A number for each world: equal for copies of one draw (the same
    ``origins``) that are still the same world (the same cards in each of
    the ``blocks`` of places of ``chosen``, in any order). Worlds drawn apart
    are apart, even if they are the same: they are independent draws."""
    ends = np.cumsum(blocks)
    held = [np.sort(chosen[:, end - size : end], axis=1) for size, end in zip(blocks, ends, strict=True)]
    rows = np.ascontiguousarray(np.column_stack([origins, *held]))
    as_bytes = rows.view(np.dtype((np.void, rows.dtype.itemsize * rows.shape[1]))).reshape(-1)  # quicker than by column
    labels: Ids = np.unique(as_bytes, return_inverse=True)[1].reshape(-1)
    return labels


def _arranged(pool: Ids, chosen: Ids, columns: list[list[int]], rest: Ids) -> Ids:
    """The worlds' cards for the places of :func:`~cardcommons.bots.playouts.whisky.places`:
    each world's cards at ``chosen`` (places in ``pool``; the seats' blocks, then the
    cards no move spoke of) in the seats' ``columns``, the last in ``rest``, at random."""
    placed = sum(len(block) for block in columns)
    shuffled = np.zeros(chosen.shape, dtype=np.int64)
    shuffled[:, [c for block in columns for c in block]] = pool[chosen[:, :placed]]
    shuffled[:, rest] = pool[chosen[:, placed:]]
    return shuffled


def _batch(seats: list[_Seat], cards: int, games: int, generator: np.random.Generator) -> tuple[Ids, Ids, Floats]:
    """``games`` weighted worlds, seat by seat: each world's places (in the
    pool of ``cards``) of the seats' unknown cards, in the order of
    ``seats``, then the other places at random; the draw each world is a copy
    of; and its weight (resampled, keeping the mean weight, when the weights grow uneven)."""
    chosen = np.zeros((games, 0), dtype=np.int64)
    used = np.zeros((games, cards), dtype=bool)
    origins = np.arange(games)
    weights, twisted = np.ones(games), np.zeros(games)  # the log of each world's tilt so far (its weight's, undone)
    for seat in seats:
        free = np.argsort(used, axis=1, kind="stable")[:, : cards - chosen.shape[1]]
        picked, chance = seat.draw(used, free, generator)
        if not chance.any():
            raise unexplained([seat.seat], [seat.family])
        before = used @ seat.twist
        chosen = np.concatenate([chosen, picked], axis=1)
        used[np.arange(games)[:, None], picked] = True
        weights = weights * chance * np.exp(before - twisted)
        twisted = before + seat.twist[picked].sum(axis=1)
        if kish(weights) < games / 2:
            again = systematic(weights, games, generator)
            chosen, used, origins, twisted = chosen[again], used[again], origins[again], twisted[again]
            weights = np.full(games, weights.mean())
    free = np.argsort(used, axis=1, kind="stable")[:, : cards - chosen.shape[1]]
    return np.concatenate([chosen, generator.permuted(free, axis=1)], axis=1), origins, weights


class _Seat:
    """One seat's reading: how likely its moves are for any of its unknown
    cards (places in the pool); a **table** of the ways to deal them if there
    are at most :data:`_MOST_DEALS`, and at most :data:`_WAYS_A_WORLD` for
    each of the ``games`` worlds wanted (for a few worlds, drawing the seat's
    cards at random costs less than the table): every way, or, for a seat
    that knocked, the ways a knock can come from under some style that reads
    its cards (:func:`_knock_support`), each other way as likely as under the
    styles that play at random."""

    def __init__(
        self,
        moves: list[_Move],
        count: int,
        pool: Ids,
        styles: _Read,
        table: Any,
        games: int,
        seat: int,
        family: SeatStyles,
    ) -> None:
        self.moves, self.count, self.pool, self.styles, self.table = moves, count, pool, styles, table
        self.seat, self.family = seat, family
        self.chances: Floats | None = None  # the chance of the moves for each way in the table
        self.styled: tuple[Floats, Floats] | None = None  # the table's chance of the moves under each style, and fits
        self.spread = 1.0  # the share of ways to deal its cards that its moves allow, near enough
        self.needs = np.zeros(len(pool))  # the chance it holds each card, by its moves alone (if read from a table)
        self.twist = np.zeros(len(pool))
        most, every = min(_MOST_DEALS, games * _WAYS_A_WORLD), math.comb(len(pool), count)
        if every <= most:
            self._tabled(_ways(len(pool), count), None)
        elif every <= _MOST_KNOCK_WAYS:
            listed = _knock_support(moves, count, pool, styles, table)
            if listed is not None and 0 < len(listed) <= most:  # none: every way as likely, drawn at random
                self._tabled(_ways(len(pool), count)[listed], listed)

    def _tabled(self, ways: Ids, ranks: Ids | None) -> None:
        """The seat read from a table of ``ways`` (their ``ranks``, increasing;
        None: every way, row ``r`` the way of rank ``r``); each way off the
        table has the chance ``off`` of the styles that read no card."""
        count, cards = self.count, len(self.pool)
        self.styled = _style_chances(self.moves, ways, self.pool, self.styles, self.table)
        self.chances = self.styled[0] @ self.styles.prior
        self.listed, self.ranks = ways, ranks
        weighed = _weighed(self.styles.forms)
        unread = [k for k in range(len(self.styles.forms)) if k not in weighed]
        at_random = math.prod(1 / move.legal for move in self.moves)
        self.off = 0.0 if ranks is None else at_random * float(self.styles.prior[unread].sum())
        others = math.comb(cards, count) - len(ways)  # the ways off the table, each of chance ``off``
        total = float(self.chances.sum()) + self.off * others
        if not total:
            raise unexplained([self.seat], [self.family])
        squares = float((self.chances**2).sum()) + self.off**2 * others
        self.spread = total**2 / squares / math.comb(cards, count)  # Kish's share over every way
        held: Floats = np.bincount(ways.reshape(-1), np.repeat(self.chances - self.off, count), cards).astype(float)
        self.needs = (held + self.off * math.comb(cards - 1, count - 1)) / total
        self.tilted, self.cumulative = self.chances, np.cumsum(self.chances)

    def tilt(self, twist: Floats) -> None:
        """Draw the seat's cards as if each world's chance were also multiplied by
        ``exp(twist[c])`` for each card ``c`` it gives the seat (the weights undo it)."""
        self.twist = twist
        if self.chances is not None:
            self.tilted = self.chances * np.exp(twist[self.listed].sum(axis=1))
            self.cumulative = np.cumsum(self.tilted)

    def chance(self, places: Ids) -> Floats:
        """The chance of the seat's moves (read by its styles) for each row of ``places`` (in increasing order)."""
        return self._looked_up(places)[0]

    def _looked_up(self, places: Ids) -> tuple[Floats, npt.NDArray[np.bool_]]:
        """:meth:`chance`, and whether each row is in the table."""
        if self.chances is None:
            styled = _style_chances(self.moves, places, self.pool, self.styles, self.table)[0]
            found: Floats = styled @ self.styles.prior
            return found, np.zeros(len(places), dtype=bool)
        ranks = _rank(places)
        if self.ranks is None:
            return self.chances[ranks], np.ones(len(places), dtype=bool)
        rows = np.minimum(np.searchsorted(self.ranks, ranks), len(self.ranks) - 1)
        listed = self.ranks[rows] == ranks
        return np.where(listed, self.chances[rows], self.off), listed

    def style_chances(self, places: Ids) -> tuple[Floats, Floats]:
        """The chance of the seat's moves under each of its styles, and how many
        of them fit each, for each row of ``places`` (in increasing order)."""
        if self.styled is not None and self.ranks is None:
            rows = _rank(places)
            return self.styled[0][rows], self.styled[1][rows]
        return _style_chances(self.moves, places, self.pool, self.styles, self.table)

    def draw(self, used: npt.NDArray[np.bool_], free: Ids, generator: np.random.Generator) -> tuple[Ids, Floats]:
        """For each world, the places of the seat's unknown cards, drawn among
        ``free`` (``used``: the places taken), and the estimate of their total
        chance there that the world's weight is multiplied by: :data:`_TRIES`
        candidates, half from the table in proportion to their chance (those
        on a place taken count none), half at random from the free places,
        each weighed by its chance over the mixture's; one kept in proportion
        to those weights, their mean the estimate."""
        games, count = len(free), self.count
        ways = math.comb(free.shape[1], count)
        if ways <= _TRIES:  # few ways left: every one of them, weighed exactly
            candidates = free[:, _ways(free.shape[1], count)]
            chance = self.chance(candidates.reshape(-1, count)).reshape(games, ways)
            chance = chance * np.exp(self.twist[candidates].sum(axis=2))
            return candidates[np.arange(games), _in_proportion(chance, generator)], chance.sum(axis=1)
        at_random = _TRIES if self.chances is None else _TRIES // 2
        if ways <= _MOST_DEALS:  # a way to choose among the free places, at random
            index = _ways(free.shape[1], count)[generator.integers(0, ways, size=(games, at_random))]
        else:
            index = _distinct(generator, (games, at_random), free.shape[1], count)
            if self.chances is not None:  # in increasing order, as a table reads them
                index = np.sort(index, axis=2)
        candidates = np.take_along_axis(free[:, None, :], index, axis=2)
        chance, listed = self._looked_up(candidates.reshape(-1, count))
        chance = chance.reshape(games, at_random) * np.exp(self.twist[candidates].sum(axis=2))
        if self.chances is None:
            weights = chance * ways
        else:
            total = float(self.cumulative[-1])
            rows = _located(self.cumulative, generator.random((games, _TRIES - at_random)) * total)
            rows = np.minimum(rows, len(self.chances) - 1)
            table = self.listed[rows]
            fits = ~used[np.arange(games)[:, None, None], table].any(axis=2)
            candidates = np.concatenate([table, candidates], axis=1)
            drawn = np.where(fits, self.tilted[rows], 0.0)
            tabled = np.concatenate([drawn, np.where(listed.reshape(games, at_random), chance, 0.0)], axis=1)
            chance = np.concatenate([drawn, chance], axis=1)
            weights = chance / (0.5 * tabled / total + 0.5 / ways)  # a way off the table is drawn at random only
        picked = candidates[np.arange(games), _in_proportion(weights, generator)]
        return picked, weights.mean(axis=1)


def _located(cumulative: Floats, points: Floats) -> Ids:
    """For each of ``points``, the first place where ``cumulative`` (increasing)
    exceeds it: found in increasing order of the points (quicker on a long table)."""
    flat = points.reshape(-1)
    order = np.argsort(flat)
    found = np.empty(len(flat), dtype=np.int64)
    found[order] = np.searchsorted(cumulative, flat[order], side="right")
    return found.reshape(points.shape)


def _distinct(generator: np.random.Generator, shape: tuple[int, int], cards: int, count: int) -> Ids:
    """For each of ``shape``, ``count`` different places of ``cards``, every
    set of them alike: drawn at random, again where two are the same."""
    drawn: Ids = generator.integers(0, cards, size=(*shape, count))
    again = np.arange(drawn.size // count)
    while len(again):
        rows = drawn.reshape(-1, count)[again]
        ordered = np.sort(rows, axis=1)
        again = again[(ordered[:, 1:] == ordered[:, :-1]).any(axis=1)]
        drawn.reshape(-1, count)[again] = generator.integers(0, cards, size=(len(again), count))
    return drawn


def _in_proportion(weights: Floats, generator: np.random.Generator) -> Ids:
    """For each row of ``weights``, a column drawn in proportion to them."""
    cumulative = np.cumsum(weights, axis=1)
    column = (cumulative < (generator.random(len(weights)) * cumulative[:, -1])[:, None]).sum(axis=1)
    found: Ids = np.minimum(column, weights.shape[1] - 1)
    return found


def _moved(chosen: Ids, seats: list[_Seat], generator: np.random.Generator) -> Ids:
    """The worlds ``chosen`` (as :func:`_batch` gives them), each moved by
    :data:`_SWEEPS` sweeps of exact steps that keep the worlds' law (Gibbs
    steps): in each, the blocks of places (each seat read from a table, and
    the cards no move spoke of) are paired at random, and each pair's cards
    dealt again between them in proportion to the chance of both seats'
    moves, over every way to deal them (at most :data:`_MOST_SPLITS`). The
    copies a resampling made of one world are then apart."""
    starts = np.cumsum([0, *(seat.count for seat in seats)])
    blocks: list[tuple[Ids, _Seat | None]] = [
        (np.arange(a, b), seat)
        for a, b, seat in zip(starts[:-1], starts[1:], seats, strict=True)
        if seat.chances is not None
    ]
    if starts[-1] < chosen.shape[1]:
        blocks.append((np.arange(starts[-1], chosen.shape[1]), None))
    moved = chosen.copy()
    rows = np.arange(len(moved))
    for _ in range(_SWEEPS):
        shuffled = generator.permutation(len(blocks))
        for first, second in zip(shuffled[0::2], shuffled[1::2], strict=False):
            (one, one_seat), (other, other_seat) = blocks[first], blocks[second]
            both = np.concatenate([one, other])
            if math.comb(len(both), len(one)) > _MOST_SPLITS:
                continue
            split = _ways(len(both), len(one))
            rest = np.array([[i for i in range(len(both)) if i not in row] for row in split.tolist()], dtype=np.int64)
            cards = np.sort(moved[:, both], axis=1)  # each split's places in increasing order, as the tables read them
            mine, theirs = cards[:, split], cards[:, rest]  # (worlds, splits, places)
            chance = np.ones(mine.shape[:2])
            for seat, part in ((one_seat, mine), (other_seat, theirs)):
                if seat is not None:
                    chance = chance * seat.chance(part.reshape(-1, part.shape[2])).reshape(chance.shape)
            pick = _in_proportion(chance, generator)
            moved[:, one], moved[:, other] = mine[rows, pick], theirs[rows, pick]
    return moved


@functools.cache
def _ways(cards: int, count: int) -> Ids:
    """Every way to choose ``count`` (at least 1) of ``cards`` places, in
    increasing order, row ``r`` the one of rank ``r`` (see :func:`_rank`):
    those whose last place is ``top``, for each ``top`` in turn."""
    if count == 1:
        ordered = np.arange(cards, dtype=np.int64).reshape(-1, 1)
    else:
        blocks = [
            np.column_stack([_ways(top, count - 1), np.full(math.comb(top, count - 1), top, dtype=np.int64)])
            for top in range(count - 1, cards)
        ]
        ordered = np.concatenate(blocks) if blocks else np.zeros((0, count), dtype=np.int64)
    ordered.flags.writeable = False
    return ordered


def _rank(places: Ids) -> Ids:
    """The rank of each row's set of places (in increasing order) among all
    sets of as many: the combinatorial number system, the sum of C(place, i + 1)
    over its ``i``-th place."""
    rank: Ids = sum(
        (_BINOMIALS[places[..., i], i + 1] for i in range(places.shape[-1])), np.zeros(places.shape[:-1], np.int64)
    )
    return rank


_MOST_DEALS = 120_000
"""A seat's unknown cards are read from a table if they can be dealt in at most this many ways,"""
_WAYS_A_WORLD = 64
"""and in at most this many for each world wanted."""
_MOST_KNOCK_WAYS = 400_000
"""A seat that knocked is read from a table of the ways its knock may come from if its unknown cards can be
dealt in at most this many ways (each of them looked at once)."""
_BINOMIALS = np.array([[math.comb(n, k) for k in range(65)] for n in range(65)], dtype=np.int64)
"""C(n, k), for places in a pack of up to 64 cards."""
_MOST_NEED = 0.99
"""A card a later seat needs more surely than this is left to it as if it needed it this surely."""
_TRIES = 16
"""Candidates for a seat's unknown cards, drawn for each world."""
_MOST_BATCHES = 8
"""The pool of weighted worlds grows at most this many times, each time by as many worlds as its effective
size lacks (as the worlds drawn so far were worth), at least half as many as are wanted and at most as
many (a pool much larger than the worlds kept holds fewer that are kept twice)."""
_SWEEPS = 2
"""Sweeps of exact steps that move the worlds kept apart."""
_MOST_SPLITS = 256
"""Two blocks of places are dealt again if their cards can be split between them in at most this many ways."""


def _style_chances(moves: list[_Move], places: Ids, pool: Ids, styles: _Read, table: Any) -> tuple[Floats, Floats]:
    """For each row of a seat's unknown cards (``places`` in ``pool``, in
    increasing order) and each of its styles, the chance of its moves, and
    how many of them fit the style (it makes them likelier than a player at
    random would). A move is weighed only where the earlier ones have a
    chance under some style; a style that plays every move at random is the
    same for every row."""
    weighed = _weighed(styles.forms)
    forms = [styles.forms[k] for k in weighed]
    ruled, fitted = np.ones((len(places), len(forms))), np.zeros((len(places), len(forms)))  # the styles weighed
    alive = np.arange(len(places)) if forms else np.zeros(0, dtype=np.int64)  # the rows with a chance under one
    at_random = 1.0
    for k, move in enumerate(moves):
        at_random /= move.legal
        if len(alive) == len(places):  # every row: no copies
            found = _move_chances(move, places, pool, forms, table)
            ruled *= found
            fitted += found > 1 / move.legal + 1e-12
        elif len(alive):
            found = _move_chances(move, places[alive], pool, forms, table)
            ruled[alive] *= found
            fitted[alive] += found > 1 / move.legal + 1e-12
        if k < len(moves) - 1:
            alive = alive[ruled[alive].any(axis=1)]
    chances, fits = np.full((len(places), len(styles.forms)), at_random), np.zeros((len(places), len(styles.forms)))
    chances[:, weighed], fits[:, weighed] = ruled, fitted
    knock = next((move for move in moves if isinstance(move.action, Knock) and not move.knocked), None)
    tilts = np.array([form.tilt for form in styles.forms])
    if knock is not None and tilts.any():  # the first knock: its hand read as stronger than the moves alone say
        public = np.tile(np.array(knock.public, dtype=np.int64), (len(places), 1))
        chances *= knock_tilt(table, np.concatenate([public, pool[places[:, : knock.hidden]]], axis=1), tilts)
    return chances, fits


def nines(percentiles: Floats) -> Floats:
    """How many nines each percentile has (0.9: 1, 0.99: 2), up to 4 at the best hand: ``-log10(1 - p + 1e-4)``.

    >>> nines(np.array([0.9, 0.99, 1.0])).round(2).tolist()
    [1.0, 2.0, 4.0]
    """
    found: Floats = -np.log10(1 - percentiles + 1e-4)
    return found


def knock_tilt(table: Any, hands: Ids, tilts: Floats) -> Floats:
    """For each of ``hands`` (card ids of a seat that knocked) and each of
    ``tilts``, ``exp(tilt * nines)`` of its percentile (:func:`nines`), over
    its mean for a hand dealt at random from the pack: a tilt reweighs the
    ways to deal the seat's cards, and leaves the chance of its moves, on
    average over the pack, as it was.

    >>> from cardcommons.cards import parse_cards
    >>> from cardcommons.whisky import rules_table
    >>> table = rules_table(4, False, True, "standard")
    >>> hands = np.array([[table.ids[c] for c in parse_cards(h)] for h in ("9s 9d Jc Qh 10h", "As Ks Qs Js 10s")])
    >>> found = knock_tilt(table, hands, np.array([0.0, 1.0]))
    >>> found[:, 0].tolist(), bool(found[0, 1] < 1 < found[1, 1])
    ([1.0, 1.0], True)
    """
    strengths = table.strengths.strengths_of_hands(hands)
    value = nines(hand_percentile_array(table.pack, table.ranking))
    weights = np.exp(np.outer(value, tilts))  # [strength, tilt]
    counts = hand_table(table.pack, table.ranking).hands_per_level
    found: Floats = weights[strengths] / (counts @ weights / counts.sum())
    return found


def _weighed(forms: list[Trembling]) -> list[int]:
    """The styles whose chance of a move depends on the cards (the others play every move at random)."""
    return [k for k, form in enumerate(forms) if form.rule is not None or form.wander]


def _knock_support(moves: list[_Move], count: int, pool: Ids, styles: _Read, table: Any) -> Ids | None:
    """For a seat that knocked, the ranks (see :func:`_rank`) of the ways to deal
    its unknown cards (``count`` places in ``pool``) from which the knock may
    come under some style that reads the cards: where its rule knocks (its knock
    flags, by the hand's strength; in phase 2 also where no move beats the
    hand), or its move at random among the candidates may be a knock (in phase
    2, a hand at its ``knock_floor`` or above). None if the knock reads none of
    the seat's unknown cards, or a style may knock on any hand (it trembles, has
    no floor, moves at random among the candidates in phase 1, has knock
    chances, or has a rule other than GreedyBot's)."""
    knock = next((move for move in moves if isinstance(move.action, Knock)), None)
    forms = [styles.forms[k] for k in _weighed(styles.forms)]
    if knock is None or not knock.hidden:
        return None
    anywhere = [f.tremble or (f.wander and (not f.knock_floor or knock.spare is None)) or f.knocks for f in forms]
    if any(anywhere) or not all(isinstance(f.rule, GreedyBot | None) for f in forms):
        return None
    codes, strength_of = table.strengths.codes, table.strengths.strengths_of_codes
    held = codes[pool][_ways(len(pool), count)[:, : knock.hidden]]  # the codes of each way's cards
    public = codes[knock.public].tolist()
    total = held @ np.ones(knock.hidden, dtype=np.int64) + sum(public)
    now = strength_of(total)
    percentiles = hand_percentile_array(table.pack, table.ranking)
    may = np.zeros(len(held), dtype=bool)
    for form in forms:
        if isinstance(form.rule, GreedyBot) and form.by_rule:
            may |= form.rule.rule(table.pack, table.ranking).arrays[0][now]
        if form.wander:
            may |= percentiles[now] >= form.knock_floor
    if knock.spare is not None and any(isinstance(f.rule, GreedyBot) and f.by_rule for f in forms):
        spare = codes[knock.spare].tolist()  # a rule knocks where no move beats the hand (take, or an exchange)
        rows = np.flatnonzero(~may & (now >= strength_of(np.int64(sum(spare)))))
        for i in range(len(public) + knock.hidden):  # the card given
            without = total[rows] - (public[i] if i < len(public) else held[rows, i - len(public)])
            beaten = np.zeros(len(rows), dtype=bool)
            for taken in spare:
                beaten |= strength_of(without + taken) > now[rows]
            rows = rows[~beaten]
        may[rows] = True
    found: Ids = np.flatnonzero(may)
    return found


def _move_chances(move: _Move, places: Ids, pool: Ids, forms: list[Trembling], table: Any) -> Floats:
    """The chance of one ``move`` under each of ``forms``, for each row of the
    seat's unknown cards (``places`` in ``pool``): found once for a hand
    everyone has seen (the same in every row); in phase 1 once for each
    strength of hand (what a policy reads there); in phase 2 for the hands
    where the move may fit a form (:func:`_may_fit`; elsewhere none),
    :data:`_CHUNK` rows at a time (the arrays of a few rows stay in the
    processor's cache: quicker)."""
    public = np.array(move.public, dtype=np.int64)
    spare = None if move.spare is None else np.array(sorted(move.spare), dtype=np.int64)
    if not move.hidden:
        once = whisky_playouts.policies_chances(forms, table, public[None, :], spare, move.action, move.knocked)
        return np.repeat(once, len(places), axis=0)
    hands = np.concatenate([np.tile(public, (len(places), 1)), pool[places[:, : move.hidden]]], axis=1)
    if spare is None:  # phase 1, the spare face down: a policy reads its hand's strength only, each weighed once
        strengths = table.strengths.strengths_of_hands(hands)
        present = np.zeros(int(strengths.max(initial=0)) + 1, dtype=bool)
        present[strengths] = True
        inverse = (np.cumsum(present) - 1)[strengths]  # each row's strength, numbered among those present
        first = np.empty(int(present.sum()), dtype=np.int64)
        first[inverse] = np.arange(len(strengths))  # a hand of each strength (quicker than sorting them)
        once = whisky_playouts.policies_chances(forms, table, hands[first], spare, move.action)
        each: Floats = once[inverse]
        return each
    hands = np.sort(hands, axis=1)  # only the exchanges read a hand's order
    found = np.zeros((len(places), len(forms)))
    rows = np.arange(len(places))
    if isinstance(move.action, Exchange):
        rows = np.flatnonzero(_may_fit(table, hands, spare, move.action, forms))
    for start in range(0, len(rows), _CHUNK):
        some = rows[start : start + _CHUNK]
        found[some] = whisky_playouts.policies_chances(forms, table, hands[some], spare, move.action, move.knocked)
    return found


def _may_fit(table: Any, hands: Ids, spare: Ids, exchange: Exchange, forms: list[Trembling]) -> npt.NDArray[np.bool_]:
    """For each of ``hands`` (sorted ids) with the face-up ``spare``, whether
    ``exchange`` may have a chance under some of ``forms``: always if one plays
    a move at random among all legal moves, else not where it lowers the hand
    (a rule's move beats the hand, a candidate never lowers it), nor where other
    exchanges make a stronger hand: one for a rule's move (its best), as many
    as there are candidate exchanges for a move at random among the candidates.
    Exact, and far quicker than the chances: it counts the stronger exchanges,
    scoring one exchange of all the hands at a time."""
    if any(form.tremble for form in forms) or table.pack.jokers > 1:  # two Jokers: some exchanges are not their own
        return np.ones(len(hands), dtype=bool)
    codes, strength_of = table.strengths.codes, table.strengths.strengths_of_codes
    held = codes[hands]
    total = sum(held[:, i] for i in range(held.shape[1]))
    mine = strength_of(total - codes[table.ids[exchange.give]] + codes[table.ids[exchange.take]])
    most = MAX_EXCHANGE_CANDIDATES if any(form.wander for form in forms) else 1
    rows = np.flatnonzero(mine >= strength_of(total))
    stronger = np.zeros(len(rows), dtype=np.int64)
    for i in range(held.shape[1]):  # the card given; the hands with too many stronger exchanges left out as found
        without, least = total[rows] - held[rows, i], mine[rows]
        for taken in codes[spare].tolist():
            stronger += strength_of(without + taken) > least
        kept = stronger < most
        rows, stronger = rows[kept], stronger[kept]
    found = np.zeros(len(hands), dtype=bool)
    found[rows] = True
    return found


_CHUNK = 12_000
"""The rows of a seat's unknown cards weighed at a time."""


def _whisky_findings(
    read: Any, uniform: Any, weights: Floats, moves: dict[int, list[_Move]], names: Callable[[int], str]
) -> tuple[str, ...]:
    """For each seat whose moves spoke of its cards (the clearest first), named
    by ``names``: the best category it holds at least half the time in the
    worlds that fit, and how often, beside how often if its moves said nothing."""
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
        category, name = category_of[least].value, names(seat)
        found.append(
            (
                share[least] - prior,
                f"{name[:1].upper()}{name[1:]} {_verb(seat_moves[-1].action)}: in the worlds that fit its moves, "
                f"it holds {_article(category)}{category} or better {in_ten(share[least])} "
                f"({in_ten(prior)} if they said nothing)",
            )
        )
    return tuple(text for _, text in sorted(found, key=lambda pair: -pair[0])[:_FINDINGS])


_FINDINGS = 3
"""At most this many findings are told."""


def _seat(seat: int) -> str:
    """A seat's name where the table gives none: "Seat 2"."""
    return f"Seat {seat}"


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
