"""Many Whisky Poker play-outs at once, GreedyBot in every seat.

:func:`deal` deals many games from one seat's view, as numpy arrays: one game
from :meth:`~cardcommons.whisky.WhiskyObservation.sample_game`, then, for
each further game, the cards the seat cannot locate (the other hands'
unknown cards, a face-down spare, the stock) shuffled among their places:
the view treats them all alike, so every game is a fair deal from it.
:meth:`Deals.play_out` plays a first move, then GreedyBot's moves in every
seat to the end: the bot's own thresholds (:class:`~cardcommons.bots.whisky.GreedyRule`),
its order of moves and its seeded tie-breaks, over arrays of card ids.

The repetition rule holds too. A GreedyBot move either improves the mover's
hand or is a knock, so no position comes up twice in a play-out; a position
ends the game only if it came up twice before it (in the game so far), and
the play-out checks each of its positions against those. They are found in
the sampled game with the seat's unknown cards in them: every card that
moves in phase 2 moves face up, so a card still unknown has never moved
since the spare was turned up, and each such position holds it too.

>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker(players=4, seed=3)
>>> deals = deal(game.observation(0), 300, seed=1)
>>> shares = deals.play_out(game.legal_actions())
>>> shares.shape, bool(0 < shares.mean() < 1)
((3, 300), True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.choice import MANY, best_in_table, draw
from cardcommons.bots.whisky import GreedyBot, GreedyRule
from cardcommons.errors import RulesError
from cardcommons.game import Action
from cardcommons.hands import HAND_SIZE
from cardcommons.whisky import (
    Exchange,
    Knock,
    Pass,
    TakeSpare,
    WhiskyObservation,
    WhiskyPoker,
    parse_action,
    rules_table,
)
from cardcommons.whisky.game import REPETITIONS

__all__ = ["Deals", "deal"]

Ids = npt.NDArray[np.int64]
PASS, TAKE, KNOCK, EXCHANGE = 0, 1, 2, 3
"""The moves of a play-out, as numbers; an exchange also has a slot: ``5 * i + j``
for the ``i``-th card of the sorted hand and the ``j``-th of the sorted spare."""


def _minus(cards: Sequence[int], taken: Sequence[int]) -> list[int]:
    """``cards`` less one copy of each of ``taken`` (which it must hold)."""
    left = Counter(cards)
    left.subtract(taken)
    assert min(left.values(), default=0) >= 0, (cards, taken)
    return sorted(left.elements())


class Deals:
    """Games at one turn, all seen the same way by one seat (see :func:`deal`):
    ``hands[g, s]`` and ``spare[g]`` hold card ids, sorted."""

    def __init__(self, view: WhiskyObservation, template: WhiskyPoker, rng: np.random.Generator, games: int) -> None:
        self.view = view
        self.template = template
        self.games = games
        self.table = table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
        ids = table.ids
        players = view.players
        me = view.player
        hands = [[ids[c] for c in hand] for hand in template.hands]
        spare = [ids[c] for c in template.spare]
        known = [[ids[c] for c in cards] for cards in view.known]
        known[me] = hands[me]
        # the places of the cards this seat cannot locate: each seat's unknown cards, a face-down spare, the stock
        self.unknown = [_minus(hands[s], known[s]) for s in range(players)]
        spare_unknown = spare if view.spare is None else []
        places = [c for s in range(players) for c in self.unknown[s]] + spare_unknown + [ids[c] for c in template.stock]
        shuffled = rng.permuted(np.tile(np.array(places, dtype=np.int64), (games, 1)), axis=1)
        self.shuffled = shuffled
        start = 0
        self.hidden: list[Ids] = []
        rows = []
        for s in range(players):
            part = shuffled[:, start : start + len(self.unknown[s])]
            start += len(self.unknown[s])
            self.hidden.append(part)
            rows.append(
                np.sort(np.concatenate([np.tile(np.array(known[s], dtype=np.int64), (games, 1)), part], axis=1))
            )
        self.hands = np.stack(rows, axis=1)
        if view.spare is None:
            self.spare = np.sort(shuffled[:, start : start + HAND_SIZE], axis=1)
        else:
            self.spare = np.tile(np.array(sorted(spare), dtype=np.int64), (games, 1))
        self.turn = template.current_player
        self.phase = template.phase
        self.final = -1 if template.knocker is None else _final_turns(template)
        self.repeated = [self._position(key) for key, n in template._positions.items() if n == REPETITIONS - 1]

    def _position(self, key: tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]) -> tuple[int, Ids, Ids]:
        """A position of the sampled game that came up twice, in every game:
        each seat's unknown cards there are its unknown cards now."""
        to_move, hands, spare = key
        rows = []
        for s, hand in enumerate(hands):
            public = np.array(_minus(hand, self.unknown[s]), dtype=np.int64)
            rows.append(np.sort(np.concatenate([np.tile(public, (self.games, 1)), self.hidden[s]], axis=1), axis=1))
        return to_move, np.stack(rows, axis=1), np.tile(np.array(spare, dtype=np.int64), (self.games, 1))

    def game(self, g: int) -> WhiskyPoker:
        """Game ``g`` as an engine game (for checks: the same cards, the same history)."""
        view, template = self.view, self.template
        cards = self.table.cards
        record = template.record()
        deal_hands = [list(hand) for hand in record["deal"]["hands"]]
        deal_spare = list(record["deal"]["spare"])
        took = [e.seat for e in view.events if isinstance(e.action, TakeSpare) and e.phase == 1]
        for s in range(view.players):
            place = deal_spare if took and took[0] == s else deal_hands[s]
            for old, new in zip(self.unknown[s], self.hidden[s][g].tolist(), strict=True):
                place.remove(cards[old].code)
                place.append(cards[new].code)
        if view.spare is None:
            start = sum(len(u) for u in self.unknown)
            deal_spare = [cards[i].code for i in self.shuffled[g, start : start + HAND_SIZE].tolist()]
        rules = record["rules"]
        game = WhiskyPoker.from_deal(
            deal_hands,
            deal_spare,
            record["dealer"],
            rules["jokers"],
            ace_low=rules["ace_low"],
            ranking=rules["ranking"],
        )
        for code in record["actions"]:
            game.apply(parse_action(code))
        return game

    def play_out(
        self, firsts: Sequence[Action], seeds: npt.NDArray[np.uint64] | None = None, bot: GreedyBot | None = None
    ) -> npt.NDArray[np.float64]:
        """Play each of ``firsts`` (moves of the view's seat) in every game, then
        a GreedyBot (with ``bot``'s thresholds) in every seat to the end: the
        view's seat's share of each game (1 split among the winners, 1/players
        each in a draw), one row per first move. ``seeds[g, s]``: the seed of
        seat ``s``'s bot in game ``g``, the same whatever the first move (all 0
        by default). The games are not changed."""
        players = self.view.players
        rule = (bot or GreedyBot()).rule(self.table.pack, self.table.ranking)
        seeds = np.zeros((self.games, players), dtype=np.uint64) if seeds is None else seeds
        shares = _Play(self, rule, len(firsts), seeds).run(firsts)
        return shares.reshape(len(firsts), self.games)


def _final_turns(game: WhiskyPoker) -> int:
    """The turns left after the first knock (every other seat gets one)."""
    knocked = next(i for i, a in enumerate(game.actions) if isinstance(a, Knock))
    return game.players - 1 - (len(game.actions) - 1 - knocked)


class _Play:
    """The games of a :class:`Deals`, played out; the games still going are
    kept together (``index``: their places among all the games)."""

    def __init__(self, deals: Deals, rule: GreedyRule, copies: int, seeds: npt.NDArray[np.uint64]) -> None:
        """The games, ``copies`` times over (one copy per first move)."""

        def tile(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
            return np.tile(a, (copies, *[1] * (a.ndim - 1)))

        self.deals = deals
        self.players = deals.view.players
        self.knock = np.array(rule.knock)
        self.take_unseen = np.array(rule.take_unseen)
        strengths = deals.table.strengths
        self.codes = strengths.codes
        self.strength_of = strengths.strengths_of_codes
        self.seeds = tile(seeds)
        self.hands = tile(deals.hands)
        self.spare = tile(deals.spare)
        rows = copies * deals.games
        self.phase = np.full(rows, deals.phase, dtype=np.int64)
        self.final = np.full(rows, deals.final, dtype=np.int64)
        self.repeated = [(t, tile(h), tile(s)) for t, h, s in deals.repeated]
        self.index = np.arange(rows)
        self.shares = np.zeros(rows)
        self.decisions = [0] * self.players

    def strength(self, hands: Ids) -> Ids:
        return self.strength_of(self.codes[hands].sum(axis=-1))

    def run(self, firsts: Sequence[Action]) -> npt.NDArray[np.float64]:
        seat = self.deals.turn
        assert seat is not None
        forced: Sequence[Action] | None = firsts
        while len(self.index):
            move, slot = self._forced(forced) if forced is not None else self._decide(seat)
            self._apply(seat, move, slot)
            seat = (seat + 1) % self.players
            forced = None
        return self.shares

    def _forced(self, actions: Sequence[Action]) -> tuple[Ids, Ids]:
        """The first moves, one per copy of the games, as numbers."""
        ids = self.deals.table.ids
        seat = self.deals.turn
        assert seat is not None
        hand, spare = self.hands[0, seat].tolist(), self.spare[0].tolist()  # the seat's own: the same in every game
        moves, slots = [], []
        for action in actions:
            slot = 0
            if isinstance(action, Pass):
                move = PASS
            elif isinstance(action, TakeSpare):
                move = TAKE
            elif isinstance(action, Knock):
                move = KNOCK
            elif isinstance(action, Exchange):
                move, slot = EXCHANGE, HAND_SIZE * hand.index(ids[action.give]) + spare.index(ids[action.take])
            else:
                raise RulesError(f"not a Whisky Poker action: {action!r}")
            moves.append(move)
            slots.append(slot)
        games = self.deals.games
        return np.repeat(np.array(moves), games), np.repeat(np.array(slots), games)

    def _decide(self, seat: int) -> tuple[Ids, Ids]:
        """GreedyBot's move in every game (see :class:`~cardcommons.bots.whisky.GreedyBot`)."""
        now = self.strength(self.hands[:, seat])
        knock = self.knock[now]
        move = np.where(knock, KNOCK, np.where(self.take_unseen[now], TAKE, PASS))  # phase 1, or a knock
        slot = np.zeros(len(now), dtype=np.int64)
        decision = self.decisions[seat]
        self.decisions[seat] += 1
        rows = np.flatnonzero((self.phase == 2) & ~knock)  # the games where the bot weighs its exchanges
        if not len(rows):
            return move, slot
        hand, spare = self.hands[rows, seat], self.spare[rows]
        hand_codes, spare_codes = self.codes[hand], self.codes[spare]
        after = self.strength_of((hand_codes.sum(axis=1)[:, None] - hand_codes)[:, :, None] + spare_codes[:, None, :])
        if self.deals.table.pack.jokers > 1:  # two Jokers share an id: list each exchange once, and not Joker for Joker
            first_give = np.concatenate([np.ones((len(hand), 1), bool), hand[:, 1:] != hand[:, :-1]], axis=1)
            first_take = np.concatenate([np.ones((len(spare), 1), bool), spare[:, 1:] != spare[:, :-1]], axis=1)
            valid = first_give[:, :, None] & first_take[:, None, :] & (hand[:, :, None] != spare[:, None, :])
            after = np.where(valid, after, -1)
        # take-all, then the exchanges by (give, take): the bot's order
        take_all = self.strength_of(spare_codes.sum(axis=1))
        scores = np.concatenate([take_all[:, None], after.reshape(len(rows), HAND_SIZE * HAND_SIZE)], axis=1)
        choice = best_in_table(MANY, scores, lambda: draw(self.seeds[rows, seat], decision))
        improves = np.take_along_axis(scores, choice[:, None], axis=1)[:, 0] > now[rows]
        move[rows] = np.where(improves, np.where(choice == 0, TAKE, EXCHANGE), KNOCK)
        slot[rows] = np.maximum(choice - 1, 0)
        return move, slot

    def _apply(self, seat: int, move: Ids, slot: Ids) -> None:
        """The engine's rules (:meth:`WhiskyPoker.apply`), in every game."""
        rows = np.arange(len(move))
        hands, spare = self.hands.copy(), self.spare.copy()
        hand = hands[:, seat]
        exchange = move == EXCHANGE
        give, take = hand[rows, slot // HAND_SIZE], spare[rows, slot % HAND_SIZE]
        hand[rows, slot // HAND_SIZE] = np.where(exchange, take, give)
        spare[rows, slot % HAND_SIZE] = np.where(exchange, give, take)
        takes = move == TAKE
        hand_now = np.where(takes[:, None], spare, hand)
        spare = np.sort(np.where(takes[:, None], hand, spare), axis=1)
        hands[:, seat] = np.sort(hand_now, axis=1)
        phase = np.where(takes, 2, self.phase)
        first_knock = (move == KNOCK) & (self.final < 0)
        counting = (self.final >= 0) & ~first_knock
        final = np.where(first_knock, self.players - 1, np.where(counting, self.final - 1, self.final))
        shown = counting & (final == 0)
        phase = np.where(~shown & (phase == 1) & (seat == self.deals.view.dealer), 2, phase)
        to_move = (seat + 1) % self.players
        drawn = np.zeros(len(move), dtype=bool)
        for position, position_hands, position_spare in self.repeated:
            if position == to_move:
                same = (hands == position_hands).all(axis=(1, 2)) & (spare == position_spare).all(axis=1)
                drawn |= ~shown & (phase == 2) & same
        self.hands, self.spare, self.phase, self.final = hands, spare, phase, final
        if shown.any() or drawn.any():
            self._end(shown, drawn)

    def _end(self, shown: npt.NDArray[np.bool_], drawn: npt.NDArray[np.bool_]) -> None:
        me = self.deals.view.player
        strengths = self.strength(self.hands[shown])
        top = strengths.max(axis=1, keepdims=True)
        winners = strengths == top
        self.shares[self.index[shown]] = np.where(winners[:, me], 1.0 / winners.sum(axis=1), 0.0)
        self.shares[self.index[drawn]] = 1.0 / self.players
        going = ~(shown | drawn)
        self.index = self.index[going]
        self.hands, self.spare = self.hands[going], self.spare[going]
        self.phase, self.final, self.seeds = self.phase[going], self.final[going], self.seeds[going]
        self.repeated = [(t, h[going], s[going]) for t, h, s in self.repeated]


def deal(view: WhiskyObservation, games: int, seed: int) -> Deals:
    """``games`` games dealt from ``view`` (it reads nothing else), from ``seed``."""
    rng = random.Random(seed)
    template = view.sample_game(rng)
    return Deals(view, template, np.random.default_rng(rng.getrandbits(64)), games)
