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

import copy
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.choice import MANY, TOLERANCE, best_in_table, draw
from cardcommons.bots.playouts import Batch
from cardcommons.bots.policies import Trembling, knock_cells
from cardcommons.bots.styles import PerWorld
from cardcommons.bots.whisky import GreedyBot, GreedyRule, hand_percentile_array, is_stuck, percentile_of
from cardcommons.errors import RulesError
from cardcommons.game import Action
from cardcommons.hands import HAND_SIZE
from cardcommons.whisky import KNOCK as KNOCK_MOVE
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
from cardcommons.whisky.game import MAX_EXCHANGE_CANDIDATES, REPETITIONS
from cardcommons.whisky.rules import RulesTable

__all__ = ["Deals", "chances", "deal", "exchange_scores", "look_ahead", "policies_chances", "policy_chances"]

Ids = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float64]
PASS, TAKE, KNOCK, EXCHANGE = 0, 1, 2, 3
"""The moves of a play-out, as numbers; an exchange also has a slot: ``5 * i + j``
for the ``i``-th card of the sorted hand and the ``j``-th of the sorted spare."""


def minus(cards: Sequence[int], taken: Sequence[int]) -> list[int]:
    """``cards`` less one copy of each of ``taken`` (which it must hold)."""
    left = Counter(cards)
    left.subtract(taken)
    assert min(left.values(), default=0) >= 0, (cards, taken)
    return sorted(left.elements())


@dataclass(frozen=True)
class Places:
    """Where the cards a seat cannot locate may lie, at one turn: ``unknown[s]``,
    the ids of seat ``s``'s cards that the view does not know (in the sampled
    game); then ``spare`` places for a face-down spare (5 or 0); then the
    stock. ``cards`` are the sampled game's cards for all these places, in
    this order: any arrangement of them is a deal that fits the view."""

    unknown: list[list[int]]
    spare: int
    cards: list[int]

    def seat(self, s: int) -> slice:
        """The places of seat ``s``'s unknown cards."""
        start = sum(len(u) for u in self.unknown[:s])
        return slice(start, start + len(self.unknown[s]))


def places(view: WhiskyObservation, template: WhiskyPoker) -> Places:
    """The places of the cards ``view``'s seat cannot locate, in ``template`` (a game sampled from it)."""
    ids = rules_table(view.players, view.jokers, view.ace_low, view.ranking).ids
    known = [[ids[c] for c in cards] for cards in view.known]
    unknown = [
        [] if s == view.player else minus([ids[c] for c in hand], known[s]) for s, hand in enumerate(template.hands)
    ]
    spare = [ids[c] for c in template.spare] if view.spare is None else []
    stock = [ids[c] for c in template.stock]
    return Places(unknown, len(spare), [c for u in unknown for c in u] + spare + stock)


class Deals(Batch):
    """Games at one turn, all seen the same way by one seat (see :func:`deal`):
    ``hands[g, s]`` and ``spare[g]`` hold card ids, sorted."""

    def __init__(self, view: WhiskyObservation, template: WhiskyPoker, shuffled: Ids) -> None:
        """``shuffled[g]``: game ``g``'s cards for the places of :func:`places` (``view``, ``template``), in order."""
        self.view = view
        self.template = template
        self.games = games = len(shuffled)
        self.table = table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
        players = view.players
        known = [[table.ids[c] for c in cards] for cards in view.known]
        known[view.player] = [table.ids[c] for c in template.hands[view.player]]
        self.unknown = places(view, template).unknown
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
            self.spare = np.tile(np.array(sorted(table.ids[c] for c in view.spare), dtype=np.int64), (games, 1))
        self.turn = template.current_player
        self.phase = template.phase
        self.final = -1 if template.knocker is None else _final_turns(template)
        self.repeated = [self._position(key) for key, n in template._positions.items() if n == REPETITIONS - 1]

    def subset(self, rows: Ids, shuffled: Ids | None = None) -> Deals:
        """The games ``rows`` of these (a game may come more than once), or, with
        ``shuffled``, those rows of another arrangement of the same places."""
        return Deals(self.view, self.template, (self.shuffled if shuffled is None else shuffled)[rows])

    def their_hidden(self) -> Ids:
        """Each game's cards in the other seats' unknown places (all their past moves can depend on)."""
        return self.shuffled[:, : sum(len(u) for u in self.unknown)]

    def _position(self, key: tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]) -> tuple[int, Ids, Ids]:
        """A position of the sampled game that came up twice, in every game:
        each seat's unknown cards there are its unknown cards now."""
        to_move, hands, spare = key
        rows = []
        for s, hand in enumerate(hands):
            public = np.array(minus(hand, self.unknown[s]), dtype=np.int64)
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

    def every_share(
        self,
        firsts: Sequence[Action],
        seeds: npt.NDArray[np.uint64] | None = None,
        policies: Sequence[Trembling | PerWorld] | None = None,
    ) -> npt.NDArray[np.float64]:
        """Play each of ``firsts`` (moves of the seat to move) in every game, then
        each seat by its policy to the end (``policies[s]``, a batch form, or
        one for each game; by default a GreedyBot in every seat): ``[s, m, g]``, seat ``s``'s share of
        game ``g`` after first move ``m`` (1 split among the winners, 1/players each in a draw: they add up
        to 1). ``seeds[g, s]``: the seed of seat ``s``'s bot in game ``g``,
        the same whatever the first move (all 0 by default). The games are not changed.

        >>> game = WhiskyPoker(players=3, seed=3)
        >>> shares = deal(game.observation(0), 50, seed=1).every_share(game.legal_actions())
        >>> shares.shape, bool(np.allclose(shares.sum(axis=0), 1))
        ((3, 3, 50), True)
        """
        players = self.view.players
        seats: list[Trembling | PerWorld] = [_RULE_OF_THUMB] * players if policies is None else list(policies)
        seeds = np.zeros((self.games, players), dtype=np.uint64) if seeds is None else seeds
        shares = _Play(self, seats, len(firsts), seeds).run(firsts)
        return shares.T.reshape(players, len(firsts), self.games)


def _final_turns(game: WhiskyPoker) -> int:
    """The turns left after the first knock (every other seat gets one)."""
    knocked = next(i for i, a in enumerate(game.actions) if isinstance(a, Knock))
    return game.players - 1 - (len(game.actions) - 1 - knocked)


class _Play:
    """The games of a :class:`Deals`, played out; the games still going are
    kept together (``index``: their places among all the games)."""

    def __init__(
        self, deals: Deals, policies: list[Trembling | PerWorld], copies: int, seeds: npt.NDArray[np.uint64]
    ) -> None:
        """The games, ``copies`` times over (one copy per first move); every seat's shares are kept."""

        def tile(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
            return np.tile(a, (copies, *[1] * (a.ndim - 1)))

        self.deals = deals
        self.players = deals.view.players
        self.policies = [PerWorld.of(p, copies, deals.games) for p in policies]
        table = deals.table
        self.rules = [_rules(p, table) for p in self.policies]
        self.strengths_of_hands = table.strengths.strengths_of_hands
        self.seeds = tile(seeds)
        self.hands = tile(deals.hands)
        self.spare = tile(deals.spare)
        rows = copies * deals.games
        self.phase = np.full(rows, deals.phase, dtype=np.int64)
        self.final = np.full(rows, deals.final, dtype=np.int64)
        self.repeated = [(t, tile(h), tile(s)) for t, h, s in deals.repeated]
        self.index = np.arange(rows)
        self.shares = np.zeros((rows, self.players))
        self.decisions = [0] * self.players

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
        """The seat's move in every game, by its policy: its rule's, or at random (see :func:`random_moves`)."""
        decision = self.decisions[seat]
        self.decisions[seat] += 1
        policy, rule = self.policies[seat], self.rules[seat]
        if rule is not None:
            move, slot = self._rule_move(seat, rule, policy.which, decision)
        else:
            move, slot = np.zeros(len(self.phase), dtype=np.int64), np.zeros(len(self.phase), dtype=np.int64)
        ahead = np.array([style.looks_ahead for style in policy.styles])
        if ahead.any() and self.players <= LOOKS_AHEAD_AT_MOST:
            rows = np.flatnonzero(ahead[policy.which] & (self.phase == 2) & (self.final < 0))
            if len(rows):
                floor = policy.knock_floor[rows]
                move[rows], slot[rows] = _look_ahead(self.deals.table, self.hands[rows], self.spare[rows], seat, floor)
        if policy.by_rule < 1:
            seeds = self.seeds[:, seat]
            u = (draw(seeds ^ _TREMBLE, decision) >> np.uint64(11)).astype(np.float64) * 2.0**-53
            tremble = policy.tremble
            rows = np.flatnonzero(u < tremble + policy.wander)
            if len(rows):
                spare = np.where(self.phase[rows, None] == 2, self.spare[rows], -1)
                moves = random_moves(
                    self.deals.table,
                    self.hands[rows, seat],
                    spare,
                    u[rows] >= tremble[rows],
                    draw(seeds[rows], decision),
                    policy.knock_floor[rows],
                )
                move[rows], slot[rows] = moves
        return move, slot

    def _rule_move(
        self, seat: int, rule: tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]], which: Ids, decision: int
    ) -> tuple[Ids, Ids]:
        """GreedyBot's move in every game (see :class:`~cardcommons.bots.whisky.GreedyBot`), by
        the thresholds of each game's style (``rule``: a row of flags for each style, ``which``)."""
        knocks, takes_unseen = rule
        now = self.strengths_of_hands(self.hands[:, seat])
        knock = knocks[which, now]
        move = np.where(knock, KNOCK, np.where(takes_unseen[which, now], TAKE, PASS))  # phase 1, or a knock
        slot = np.zeros(len(now), dtype=np.int64)
        rows = np.flatnonzero((self.phase == 2) & ~knock)  # the games where the bot weighs its exchanges
        if not len(rows):
            return move, slot
        scores = exchange_scores(self.deals.table, self.hands[rows, seat], self.spare[rows])
        choice = best_in_table(MANY, scores, lambda: draw(self.seeds[rows, seat], decision))
        improves = np.take_along_axis(scores, choice[:, None], axis=1)[:, 0] > now[rows]
        move[rows] = np.where(improves, np.where(choice == 0, TAKE, EXCHANGE), KNOCK)
        slot[rows] = np.maximum(choice - 1, 0)
        return move, slot

    def _apply(self, seat: int, move: Ids, slot: Ids) -> None:
        """The engine's rules (:meth:`WhiskyPoker.apply`), in every game."""
        hands, spare = self.hands, self.spare  # the play's own arrays: changed in place, where cards move
        rows = np.flatnonzero(move == EXCHANGE)
        if len(rows):
            every = np.arange(len(rows))
            hand, face_up = hands[rows, seat], spare[rows]
            give, take = slot[rows] // HAND_SIZE, slot[rows] % HAND_SIZE
            given = hand[every, give]
            hand[every, give] = face_up[every, take]
            face_up[every, take] = given
            hands[rows, seat], spare[rows] = np.sort(hand, axis=1), np.sort(face_up, axis=1)
        takes = move == TAKE
        rows = np.flatnonzero(takes)
        if len(rows):  # hand and spare change places (both sorted)
            hands[rows, seat], spare[rows] = spare[rows], hands[rows, seat]
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
        self.phase, self.final = phase, final
        if shown.any() or drawn.any():
            self._end(shown, drawn)

    def _end(self, shown: npt.NDArray[np.bool_], drawn: npt.NDArray[np.bool_]) -> None:
        strengths = self.strengths_of_hands(self.hands[shown])
        top = strengths.max(axis=1, keepdims=True)
        winners = strengths == top
        self.shares[self.index[shown]] = np.where(winners, 1.0 / winners.sum(axis=1, keepdims=True), 0.0)
        self.shares[self.index[drawn]] = 1.0 / self.players
        going = ~(shown | drawn)
        self.index = self.index[going]
        self.hands, self.spare = self.hands[going], self.spare[going]
        self.phase, self.final, self.seeds = self.phase[going], self.final[going], self.seeds[going]
        self.policies = [p.kept(going) for p in self.policies]
        self.repeated = [(t, h[going], s[going]) for t, h, s in self.repeated]


def _look_ahead(
    table: RulesTable, hands: Ids, spare: Ids, seat: int, knock_floor: float | Floats = 0.0
) -> tuple[Ids, Ids]:
    """The move of ``seat`` that looks ahead (:func:`look_ahead`) in each game
    (``hands[g, s]``, ``spare[g]``: sorted ids; phase 2, nobody has knocked), as
    play-out moves and slots: every game's candidates weighed at once."""
    players = hands.shape[1]
    _, looked = options(table, hands[:, seat], spare, knock_floor=knock_floor)
    knock = looked.shape[1] - 2  # the columns: take the spare, each exchange, knock, pass
    rows, columns = np.nonzero(looked)  # each game's candidates, a pair each
    after, left = hands[rows], spare[rows]
    moving = np.flatnonzero(columns != knock)
    after[moving, seat], left[moving] = _moved(after[moving, seat], left[moving], columns[moving] - 1)
    following = (seat + 1) % players
    settled = columns == knock  # a knock settles the game; so does another move that leaves the next player stuck
    settled[moving] = ~_improves(table, after[moving, following], left[moving])
    value = np.full(len(rows), 1.0 / players)
    first = np.where(columns == knock, seat + 1, seat + 2)  # after the knocker, the others' last turns
    at = np.flatnonzero(settled)
    value[at] = _share_after_last_turns(table, after[at], left[at], first[at], seat)
    strength = table.strengths.strengths_of_hands(after[:, seat])
    order = np.lexsort((columns, -strength, -value, rows))  # each game's best share, strongest hand, first move
    best = order[np.r_[True, rows[order][1:] != rows[order][:-1]]]
    chosen = np.zeros(len(hands), dtype=np.int64)
    chosen[rows[best]] = columns[best]
    move = np.select([chosen == 0, chosen == knock], [TAKE, KNOCK], EXCHANGE)
    return move, np.clip(chosen - 1, 0, None)


def _moved(hands: Ids, spare: Ids, slots: Ids) -> tuple[Ids, Ids]:
    """Each row's hand and spare (sorted ids) after its exchange ``slots[row]``
    (:data:`EXCHANGE`'s numbering), or after taking the whole spare (-1), sorted again."""
    hand, face_up = hands.copy(), spare.copy()
    taken = slots < 0
    hand[taken], face_up[taken] = spare[taken], hands[taken]
    rows = np.flatnonzero(~taken)
    give, take = np.divmod(slots[rows], HAND_SIZE)
    hand[rows, give], face_up[rows, take] = spare[rows, take], hands[rows, give]
    return np.sort(hand, axis=1), np.sort(face_up, axis=1)


def _improves(table: RulesTable, hands: Ids, spare: Ids) -> npt.NDArray[np.bool_]:
    """Whether some move (an exchange, or taking the spare) beats each hand."""
    best = exchange_scores(table, hands, spare).max(axis=1)
    found: npt.NDArray[np.bool_] = best > table.strengths.strengths_of_hands(hands)
    return found


def _share_after_last_turns(table: RulesTable, hands: Ids, spare: Ids, first: Ids, seat: int) -> Floats:
    """``seat``'s share of each game (``hands[g, s]``, ``spare[g]``) after a knock
    just before seat ``first[g]``: the other seats, from that one on, each play their
    strongest move if it beats their hand (the first of equals), then the hands are shown."""
    players = hands.shape[1]
    hands, spare = hands.copy(), spare.copy()
    every = np.arange(len(hands))
    for turn in range(players - 1):
        s = (first + turn) % players
        held = hands[every, s]
        scores = exchange_scores(table, held, spare)
        choice = np.argmax(scores, axis=1)
        rows = np.flatnonzero(scores[every, choice] > table.strengths.strengths_of_hands(held))
        hands[rows, s[rows]], spare[rows] = _moved(held[rows], spare[rows], choice[rows] - 1)
    strengths = table.strengths.strengths_of_hands(hands)
    winners = strengths == strengths.max(axis=1, keepdims=True)
    share: Floats = np.where(winners[:, seat], 1.0 / winners.sum(axis=1), 0.0)
    return share


def look_ahead(game: WhiskyPoker, knock_floor: float = 0.0) -> Action:
    """The move of a player who looks ahead, in phase 2 before anyone has
    knocked, knowing every card of ``game`` (a play-out's world): for each of
    its candidate moves (``candidate_actions()``: taking the spare, the
    exchanges that do not lower its hand, knocking if its hand is at the
    percentile ``knock_floor`` or above, as MonteCarloBot knocks), the share of the game it
    wins if the next turn settles it: after a knock, each other player plays
    its strongest move if that beats its hand, then the hands are shown;
    after another move, if the next player then has no move that beats its
    hand, it knocks (as the rule of thumb does), and the game ends so; else
    an equal share, ``1 / players``. The best share wins, then the strongest
    hand, then the first of: taking the spare, the exchanges in the pack's
    order (of the card given, then taken), knocking. The repetition rule
    aside (the batch's look does not check it), how
    MonteCarloBot's stand-in plays on in the play-outs: a player who lets the
    others knock when they are stuck, to have the last move itself, as
    MonteCarloBot does against the rule of thumb. One game at a time, by the
    engine's own moves (the batch plays the same, many games at once).

    >>> from cardcommons.whisky import PASS
    >>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
    >>> game.apply(PASS); game.apply(PASS)  # the spare is turned up
    >>> print(look_ahead(game))  # two pair to a full house: the other player then has no better move
    give 9♣ take A♣
    """
    seat = game.current_player
    if seat is None or game.phase != 2 or game.knocker is not None:
        raise RulesError(f"a player looks ahead in phase 2 before anyone knocks, not at {game!r}")
    table = rules_table(game.players, game.jokers, game.ace_low, game.ranking)
    ids = table.ids
    weak = percentile_of(game.observation(seat)) < knock_floor
    moves = sorted(
        [a for a in game.candidate_actions() if not (weak and isinstance(a, Knock))],
        key=lambda a: (1, ids[a.give], ids[a.take]) if isinstance(a, Exchange) else (2 * isinstance(a, Knock), 0, 0),
    )
    best: tuple[float, int] | None = None
    chosen = moves[0]
    for action in moves:
        after = copy.deepcopy(game, {id(table): table})  # the rules' tables are shared, not copied
        after.apply(action)
        strength = table.strengths.strength([ids[c] for c in after.hands[seat]])
        if after.result is not None:  # a position come up three times: a draw
            share = after.result.share(seat, game.players)
        elif isinstance(action, Knock):
            share = _settled(after, seat)
        else:
            following = after.current_player
            assert following is not None
            share = 1.0 / game.players
            if is_stuck(after.observation(following)):  # nothing beats its hand
                after.apply(KNOCK_MOVE)
                share = _settled(after, seat)
        if best is None or (share, strength) > best:
            best, chosen = (share, strength), action
    return chosen


def _settled(game: WhiskyPoker, seat: int) -> float:
    """``seat``'s share once the players still to move after a knock each play
    their strongest move, if it beats their hand."""
    while (player := game.current_player) is not None:
        moves, tied = GreedyBot(knock_at=2.0).choices(game.observation(player), game.legal_actions())
        game.apply(moves[tied.index(True)])
    assert game.result is not None
    return game.result.share(seat, game.players)


def exchange_scores(table: RulesTable, hands: Ids, spare: Ids) -> Ids:
    """GreedyBot's scores of its phase-2 moves, in its order, for each row of
    ``hands`` (sorted card ids) with the face-up ``spare`` of that row: the
    strength after taking all the spare, then after each exchange (give the
    ``i``-th card of the hand, take the ``j``-th of the spare: column
    ``1 + 5 * i + j``), -1 for a pair that is not an exchange of its own
    (Joker for Joker, or a second Joker where two share an id)."""
    codes, strength_of = table.strengths.codes, table.strengths.strengths_of_codes
    hand_codes, spare_codes = codes[hands], codes[spare]
    total = hand_codes @ np.ones(HAND_SIZE, dtype=np.int64)
    few = len(hands) <= _AT_ONCE
    # many rows: a column at a time, each column's cells side by side (the rows' sums and maxima quicker too)
    scores: Ids = np.empty((len(hands), 1 + HAND_SIZE * HAND_SIZE), dtype=np.int64, order="C" if few else "F")
    scores[:, 0] = strength_of(spare_codes @ np.ones(HAND_SIZE, dtype=np.int64))
    if few:  # few rows (a play-out's, mostly): every exchange in one pass
        exchanged = (total[:, None] - hand_codes)[:, :, None] + spare_codes[:, None, :]
        scores[:, 1:] = strength_of(exchanged.reshape(len(hands), HAND_SIZE * HAND_SIZE))
    else:  # many: a column at a time, quicker there (the arrays stay small)
        for i in range(HAND_SIZE):
            without = total - hand_codes[:, i]
            for j in range(HAND_SIZE):
                scores[:, 1 + HAND_SIZE * i + j] = strength_of(without + spare_codes[:, j])
    if table.pack.jokers > 1:  # two Jokers share an id: list each exchange once, and not Joker for Joker
        distinct = _distinct_exchanges(hands, spare).reshape(len(hands), HAND_SIZE * HAND_SIZE)
        scores[:, 1:] = np.where(distinct, scores[:, 1:], -1)
    return scores


_AT_ONCE = 256
"""The most rows :func:`exchange_scores` scores in one pass: 3 to 7 times quicker than a column at a time
for the tens of rows a play-out's turn has, but slower past a few hundred."""
LOOKS_AHEAD_AT_MOST = 4
"""The most players at a table where a policy that ``looks_ahead`` does so in
the play-outs (beyond, it plays by its rule): its look weighs each candidate
move with the next player's reply, which made a MonteCarloBot's move, told
the table, about 4 times slower at 4 and at 9 players; at 9, over a second."""
_RULE_OF_THUMB = Trembling(GreedyBot(), 0.0)
_TREMBLE = np.uint64(0x5DEECE66D)
"""Mixed into a seat's seed for the draw that says whether its move is at random (apart from its tie-breaks)."""


def _rules(policy: PerWorld, table: RulesTable) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]] | None:
    """The knock and take-the-unseen flags of each style's rule, by hand strength
    (a row per style; a style with no rule, none); None if no style has a rule."""
    rules = [None if p.rule is None else _greedy(p).rule(table.pack, table.ranking).arrays for p in policy.styles]
    found = [r for r in rules if r is not None]
    if not found:
        return None
    none = np.zeros_like(found[0][0])
    return np.stack([none if r is None else r[0] for r in rules]), np.stack(
        [none if r is None else r[1] for r in rules]
    )


def _greedy(policy: Trembling) -> GreedyBot:
    """The policy's rule, which must be GreedyBot's (Whisky Poker's rule of thumb)."""
    if not isinstance(policy.rule, GreedyBot):
        raise RulesError(f"a policy at a Whisky Poker table plays by GreedyBot's rule or at random, not {policy!r}")
    return policy.rule


def options(
    table: RulesTable, hands: Ids, spare: Ids, candidates: bool = True, knock_floor: float | Floats = 0.0
) -> tuple[npt.NDArray[np.bool_], npt.NDArray[np.bool_]]:
    """For each row of ``hands`` (sorted ids) with its face-up ``spare`` (a row
    of -1 in phase 1): which of its moves are legal and (if ``candidates``)
    which are candidates (the engine's ``candidate_actions``; in phase 2 the knock only
    on a hand at the percentile ``knock_floor``, or each row's, or above), as flags over
    the columns take the spare, each exchange (as :func:`exchange_scores`
    lists them), knock, pass.

    >>> from cardcommons.cards import parse_cards
    >>> table = rules_table(2, False, True, "standard")
    >>> hand = np.array([sorted(table.ids[c] for c in parse_cards("As Ad Ks Kd 9c"))])
    >>> spare = np.array([sorted(table.ids[c] for c in parse_cards("Ac Kc Qc Jd 10s"))])
    >>> legal, looked = options(table, hand, spare)
    >>> int(legal.sum()), int(looked.sum())  # 25 exchanges, take, knock; 4 of the 5 that raise it, take, knock
    (27, 6)
    """
    rows = len(hands)
    face_down = spare[:, 0] < 0
    legal = np.zeros((rows, 2 + HAND_SIZE * HAND_SIZE + 1), dtype=bool)
    legal[:, 0] = legal[:, -2] = True  # take and knock: always legal
    legal[:, -1] = face_down  # pass: in phase 1 only
    up = np.flatnonzero(~face_down)
    legal[up, 1:-2] = _distinct_exchanges(hands[up], spare[up]).reshape(len(up), HAND_SIZE * HAND_SIZE)
    looked = legal.copy()
    if candidates and len(up):
        scores = exchange_scores(table, hands[up], spare[up])[:, 1:]
        now = table.strengths.strengths_of_hands(hands[up])
        kept = (scores >= 0) & (scores >= now[:, None])  # the exchanges that do not lower the hand
        order = np.argsort(-np.where(kept, scores, -1), axis=1, kind="stable")  # the engine's order, strongest first
        first = order[:, :MAX_EXCHANGE_CANDIDATES]
        every = np.arange(len(up))[:, None]
        chosen = np.zeros_like(kept)
        chosen[every, first] = kept[every, first]
        looked[up, 1:-2] = chosen
    if candidates and np.any(knock_floor):  # in phase 2: a knock in phase 1 may be on any hand
        looked[:, -2] &= (_percentile(table, table.strengths.strengths_of_hands(hands)) >= knock_floor) | face_down
    return legal, looked


def _distinct_exchanges(hands: Ids, spare: Ids) -> npt.NDArray[np.bool_]:
    """``[g, i, j]``: whether giving the ``i``-th card of hand ``g`` (sorted ids)
    for the ``j``-th of its spare is an exchange of its own: two different
    cards, each the first of its id (two Jokers share one)."""
    first_give = np.concatenate([np.ones((len(hands), 1), bool), hands[:, 1:] != hands[:, :-1]], axis=1)
    first_take = np.concatenate([np.ones((len(spare), 1), bool), spare[:, 1:] != spare[:, :-1]], axis=1)
    valid: npt.NDArray[np.bool_] = (
        first_give[:, :, None] & first_take[:, None, :] & (hands[:, :, None] != spare[:, None, :])
    )
    return valid


def random_moves(
    table: RulesTable, hands: Ids, spare: Ids, among_candidates: Any, drawn: Any, knock_floor: float | Floats = 0.0
) -> tuple[Ids, Ids]:
    """A move at random for each row (see :func:`options`): among its
    candidates where ``among_candidates`` (a knock only on a hand at the
    percentile ``knock_floor`` or above), else among its legal moves,
    the one the 64-bit ``drawn`` number picks; as play-out moves and slots."""
    among = np.asarray(among_candidates)
    legal, looked = options(table, hands, spare, candidates=bool(among.any()), knock_floor=knock_floor)
    allowed = np.where(among[:, None], looked, legal)
    counts = allowed.sum(axis=1)
    k = (np.asarray(drawn, dtype=np.uint64) % counts.astype(np.uint64)).astype(np.int64)
    column = np.argmax(np.cumsum(allowed, axis=1) > k[:, None], axis=1)
    last = allowed.shape[1] - 1
    move = np.select([column == 0, column == last, column == last - 1], [TAKE, PASS, KNOCK], EXCHANGE)
    return move, np.clip(column - 1, 0, None)


def policy_chances(
    policy: Trembling, table: RulesTable, hands: Ids, spare: Ids | None, action: Action, knocked: bool = False
) -> Floats:
    """:func:`chances` for a trembling policy: the rule's, mixed with an equal
    chance for each legal move and for each candidate (:func:`options`), and
    before the first knock (unless ``knocked``) its knock chances, if it has them:
    :meth:`Trembling.probabilities <cardcommons.bots.Trembling.probabilities>` for many hands at once."""
    found: Floats = policies_chances([policy], table, hands, spare, action, knocked)[:, 0]
    return found


def policies_chances(
    policies: Sequence[Trembling],
    table: RulesTable,
    hands: Ids,
    spare: Ids | None,
    action: Action,
    knocked: bool = False,
) -> Floats:
    """:func:`policy_chances` for several policies at once (a column each): what
    they share (the hands' strengths, the exchanges' scores, the legal moves) is found once."""
    fitted = [k for k, p in enumerate(policies) if p.knocks]
    now = table.strengths.strengths_of_hands(hands)  # each hand's strength, found once
    if knocked or not fitted:
        return _mixed_chances(policies, table, hands, now, spare, action)
    held = np.sort(hands, axis=1)
    stuck = np.zeros(len(held), dtype=bool)
    scores = None  # in phase 2, every hand's exchanges scored once, for the move's chance and the knock's
    if spare is not None:
        scores = exchange_scores(table, held, np.tile(spare, (len(held), 1)))
        stuck = scores.max(axis=1) <= now
    found = _mixed_chances(policies, table, held, now, spare, action, scores)
    cells = knock_cells(_percentile(table, now), stuck, 1 if spare is None else 2)
    knocks = np.array([policies[k].knocks for k in fitted]).T[cells]  # [row, fitted policy]
    if isinstance(action, Knock):
        found[:, fitted] = knocks
    else:  # the other moves keep their chances in proportion
        before = _mixed_chances([policies[k] for k in fitted], table, held, now, spare, KNOCK_MOVE, scores)
        found[:, fitted] *= (1 - knocks) / (1 - before)
    return found


def _mixed_chances(
    policies: Sequence[Trembling],
    table: RulesTable,
    hands: Ids,
    now: Ids,
    spare: Ids | None,
    action: Action,
    scores: Ids | None = None,
) -> Floats:
    """:func:`policies_chances` as the rule and the moves at random give them (no
    knock chances), for ``hands`` of the strengths ``now``; in phase 2 with every
    hand's exchanges scored (``scores``) if they are."""
    ruled = [k for k, p in enumerate(policies) if p.rule is not None and p.by_rule]
    wanders = np.array([p.wander for p in policies])
    trembles = np.array([p.tremble for p in policies])
    scored = np.arange(len(hands))
    if scores is None and spare is not None and trembles.any():  # a move at random among all: every hand scored
        scores = exchange_scores(table, hands, np.tile(spare, (len(hands), 1)))
    elif scores is None and spare is not None and wanders.any():
        # moves at random among the candidates only: the exchanges scored where they may count
        if isinstance(action, Exchange):  # a candidate never lowers the hand, nor does the rule's move
            scored = np.flatnonzero(_strength_after(table, hands, spare, action) >= now)
        scores = np.full((len(hands), 1 + HAND_SIZE * HAND_SIZE), -1, dtype=np.int64)
        scores[scored] = exchange_scores(table, hands[scored], np.tile(spare, (len(scored), 1)))
    found = np.zeros((len(hands), len(policies)))
    if ruled:
        rules = [_greedy(policies[k]).rule(table.pack, table.ranking) for k in ruled]
        by_rule = np.array([policies[k].by_rule for k in ruled])
        found[:, ruled] = by_rule * _rules_chances(rules, table, hands, now, spare, action, scores)
    if all(p.by_rule == 1 for p in policies):
        return found
    if scores is not None and not trembles.any():
        for k, policy in enumerate(policies):
            if policy.wander:
                found[scored, k] += policy.wander * _candidate_chance(
                    table, hands[scored], now[scored], np.asarray(spare), scores[scored], action, policy.knock_floor
                )
        return found
    if spare is None:  # phase 1: take the unseen spare, knock or pass, each a candidate
        legal = looked = np.full(len(hands), 3)
        chosen = np.full(len(hands), True)
        weak = np.zeros((len(hands), len(policies)), dtype=bool)  # a knock floor holds in phase 2 only
    else:
        assert scores is not None  # scored above: a move at random among all needs every hand's
        exchanges, chosen = _candidates(table, hands, now, np.asarray(spare), scores, action)
        legal, looked = 2 + (scores[:, 1:] >= 0).sum(axis=1), 2 + exchanges  # with take the spare and knock
        weak = _percentile(table, now)[:, None] < np.array([p.knock_floor for p in policies])  # [row, policy]
    picked = chosen[:, None] & ~(weak & isinstance(action, Knock))  # the knock left out below a policy's floor
    found += trembles / legal[:, None] + wanders * picked / (looked[:, None] - weak)
    return found


def _percentile(table: RulesTable, strengths: Ids) -> Floats:
    """Each hand's percentile in the pack, from its strength (:func:`~cardcommons.bots.whisky.hand_percentiles`)."""
    found: Floats = hand_percentile_array(table.pack, table.ranking)[strengths]
    return found


def _candidate_chance(
    table: RulesTable, hands: Ids, now: Ids, spare: Ids, scores: Ids, action: Action, knock_floor: float = 0.0
) -> Floats:
    """For each row of ``hands`` (sorted ids, of the strengths ``now``, with the face-up ``spare``, sorted
    ids, the exchanges scored: :func:`exchange_scores`), the chance that a move at random among
    its candidates (:func:`options`) is ``action``: take the spare always, knock
    on a hand at the percentile ``knock_floor`` or above, and the exchanges of :func:`_candidates`."""
    exchanges, chosen = _candidates(table, hands, now, spare, scores, action)
    knocks = _percentile(table, now) >= knock_floor
    count = 1 + knocks + exchanges
    if isinstance(action, Knock):
        knocked: Floats = knocks / count
        return knocked
    if not isinstance(action, Exchange):
        chance: Floats = 1.0 / count
        return chance
    found: Floats = chosen / count
    return found


def _candidates(
    table: RulesTable, hands: Ids, now: Ids, spare: Ids, scores: Ids, action: Action
) -> tuple[Ids, npt.NDArray[np.bool_]]:
    """For each row of ``hands`` (sorted ids, of the strengths ``now``, with the face-up ``spare``, sorted
    ids, the exchanges scored: :func:`exchange_scores`): how many exchanges are
    candidates (:func:`options`: those that do not lower the hand, at most
    ``MAX_EXCHANGE_CANDIDATES`` of them, the strongest first, ties in their order),
    and whether ``action`` is one, if an exchange (any other move: True).
    :func:`options` for one move, without sorting every row's moves."""
    exchanges = scores[:, 1:]
    kept = (exchanges >= 0) & (exchanges >= now[:, None])
    count: Ids = np.minimum(kept.sum(axis=1), MAX_EXCHANGE_CANDIDATES)
    if not isinstance(action, Exchange):
        return count, np.full(len(hands), True)
    ids = table.ids
    every = np.arange(len(hands))
    give = np.argmax(hands == ids[action.give], axis=1)
    column = HAND_SIZE * give + int(np.flatnonzero(spare == ids[action.take])[0])
    mine = exchanges[every, column]
    columns = np.arange(exchanges.shape[1])[None, :]
    ahead = kept & ((exchanges > mine[:, None]) | ((exchanges == mine[:, None]) & (columns < column[:, None])))
    chosen: npt.NDArray[np.bool_] = kept[every, column] & (ahead.sum(axis=1) < MAX_EXCHANGE_CANDIDATES)
    return count, chosen


def _strength_after(table: RulesTable, hands: Ids, spare: Ids, action: Action) -> Ids:
    """The strength of each hand (sorted ids) after ``action``, a phase-2 move: take the spare, or an exchange."""
    codes, strength_of = table.strengths.codes, table.strengths.strengths_of_codes
    if isinstance(action, TakeSpare):
        found: Ids = np.full(len(hands), strength_of(codes[np.asarray(spare)].sum()))
        return found
    if not isinstance(action, Exchange):
        raise RulesError(f"not a Whisky Poker move in phase 2: {action!r}")
    ids = table.ids
    after = hands.copy()
    after[np.arange(len(hands)), np.argmax(hands == ids[action.give], axis=1)] = ids[action.take]
    found = table.strengths.strengths_of_hands(after)
    return found


def chances(
    rule: GreedyRule, table: RulesTable, hands: Ids, spare: Ids | None, action: Action
) -> npt.NDArray[np.float64]:
    """For each row of ``hands`` (card ids, sorted if a spare is face up), how likely a GreedyBot
    with ``rule`` is to play ``action`` holding it, with ``spare`` face up
    (the same sorted ids for every row), or in phase 1 (None): 1 for its
    move, an equal part for each move its tie-break chooses from, else 0.
    :meth:`GreedyBot.probabilities <cardcommons.bots.GreedyBot.probabilities>` for many hands at once.

    >>> from cardcommons.cards import parse_cards
    >>> from cardcommons.whisky import KNOCK, rules_table
    >>> table = rules_table(2, False, True, "standard")
    >>> ids = table.ids
    >>> hands = np.array([sorted(ids[c] for c in parse_cards(h)) for h in ("As Ks Qs Js 10s", "9s 10d Jc Qh 9h")])
    >>> chances(GreedyBot().rule(table.pack, table.ranking), table, hands, None, KNOCK).tolist()
    [1.0, 0.0]
    """
    now = table.strengths.strengths_of_hands(hands)
    found: npt.NDArray[np.float64] = _rules_chances([rule], table, hands, now, spare, action)[:, 0]
    return found


def _rules_chances(
    rules: Sequence[GreedyRule],
    table: RulesTable,
    hands: Ids,
    now: Ids,
    spare: Ids | None,
    action: Action,
    scores: Ids | None = None,
) -> Floats:
    """:func:`chances` for several rules at once (a column each), for ``hands`` of
    the strengths ``now``, the exchanges scored once (``scores``: every row's, if scored already)."""
    knock = np.stack([rule.arrays[0][now] for rule in rules], axis=1)
    if spare is None or knock.all():
        if isinstance(action, Knock):
            return np.asarray(knock, dtype=np.float64)
        take = np.stack([rule.arrays[1][now] for rule in rules], axis=1)
        fits = take if isinstance(action, TakeSpare) else ~take if isinstance(action, Pass) else np.zeros_like(take)
        return np.asarray(fits & ~knock, dtype=np.float64)
    if isinstance(action, Knock):  # the bot knocks where no move beats its hand
        spares = np.tile(np.asarray(spare, dtype=np.int64), (len(hands), 1))
        stuck = (exchange_scores(table, hands, spares) if scores is None else scores).max(axis=1) <= now
        return np.asarray(knock | stuck[:, None], dtype=np.float64)
    mine = _strength_after(table, hands, spare, action)
    chance = np.zeros(knock.shape)
    beats = ~knock & (mine > now)[:, None]  # the move must beat the hand; then it must be (tied) best
    rows = np.flatnonzero(beats.any(axis=1))
    if len(rows):
        spares = np.tile(np.asarray(spare, dtype=np.int64), (len(rows), 1))
        scored = exchange_scores(table, hands[rows], spares) if scores is None else scores[rows]
        top = scored.max(axis=1)
        tied = (scored >= top[:, None] - TOLERANCE).sum(axis=1)
        best = np.where(mine[rows] >= top - TOLERANCE, 1.0 / tied, 0.0)
        chance[rows] = np.where(beats[rows], best[:, None], 0.0)
    return chance


def deal(view: WhiskyObservation, games: int, seed: int) -> Deals:
    """``games`` games dealt from ``view`` (it reads nothing else), from ``seed``."""
    rng = random.Random(seed)
    template = view.sample_game(rng)
    cards = np.array(places(view, template).cards, dtype=np.int64)
    shuffled = np.random.default_rng(rng.getrandbits(64)).permuted(np.tile(cards, (games, 1)), axis=1)
    return Deals(view, template, shuffled)
