"""Many Split and Choose play-outs at once, HeuristicBot in both seats.

:func:`deal` deals many games from one player's view, as numpy arrays:
one game from :meth:`~cardcommons.split_and_choose.SplitAndChooseObservation.sample_game`,
its unseen cards then shuffled among themselves for each further game (the
view treats them all alike, so every game is a fair deal from the view; where
the view hides a random choice of the other player's, a blind swap's card,
each game takes one of the cards it could have given, at random:
:meth:`~cardcommons.split_and_choose.SplitAndChooseObservation.sample_blind_swaps`).
:func:`candidates` deals them without setting them out as arrays, for a
caller that weighs many and keeps a few (:class:`Candidates`).
:meth:`Deals.play_out` plays a first move, then HeuristicBot's moves for both players, to the end: the bot's own rule
(:mod:`cardcommons.bots.split_and_choose`, written for one game or many),
its seeded tie-breaks, and the build table for the builds.

A game is a handful of 21-bit **masks** (bit ``i``: the card ``PACK.cards[i]``):
each player's hand, the cards it has seen, the cards it saw go to the other
in the draft, the face-down pairs it kept from the other's sight. Every
player's knowledge is followed as the game's observations follow it.

>>> import random
>>> from cardcommons.split_and_choose import SplitAndChoose
>>> game = SplitAndChoose(seed=4)
>>> deals = deal(game.observation(0), 500, seed=1)
>>> shares = deals.play_out(game.legal_actions())
>>> shares.shape, bool(0 < shares.mean() < 1)
((6, 500), True)
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from cardcommons.bots.choice import MANY, best, draw
from cardcommons.bots.playouts import Batch
from cardcommons.bots.policies import Trembling
from cardcommons.bots.split_and_choose import (
    STEP,
    SWAP_ORDER,
    Foresight,
    HeuristicBot,
    digits,
    kept_hidden,
    reserve_pool,
    reserve_scores,
    split_score,
    takes_face_up,
    value_array,
)
from cardcommons.bots.styles import PerWorld
from cardcommons.cards import Card
from cardcommons.errors import RulesError
from cardcommons.game import Action
from cardcommons.split_and_choose import (
    PACK,
    Build,
    Choose,
    Keep,
    Split,
    SplitAndChoose,
    SplitAndChooseObservation,
    Swap,
    build_table,
)
from cardcommons.split_and_choose.build import _SELECT, HOLDING, mask_sums, sum_over_masks
from cardcommons.split_and_choose.rules import ROUNDS

__all__ = ["Candidates", "Deals", "candidates", "deal", "relabel"]

Masks = npt.NDArray[np.int64]
_CARDS = len(PACK)
_INDEX = PACK.position
_ALL = (1 << _CARDS) - 1
_TYPE_STEP = np.array([STEP[i // 4] for i in range(_CARDS)], dtype=np.int64)
"""Each card's step in a profile number (by pack position)."""
_PROFILE = mask_sums(_TYPE_STEP)
_HIGHEST = np.array([n.bit_length() - 1 for n in range(16)], dtype=np.int64)
"""The highest bit of each 4-bit number: the highest suit of a rank held (clubs 0 .. spades 3)."""


def _mask(cards: Sequence[Card | None] | None) -> int:
    return sum(1 << _INDEX[c] for c in cards or () if c is not None)


def _profile(masks: npt.NDArray[np.integer]) -> Masks:
    """The rank profile (HeuristicBot's number) of each mask."""
    return sum_over_masks(_PROFILE, masks)


def relabel(action: Action, mapping: dict[Card, Card]) -> Action:
    """A Split and Choose action with its cards renamed by ``mapping``.

    >>> from cardcommons.cards import parse_card
    >>> relabel(Swap(parse_card("As")), {parse_card("As"): parse_card("Kd")})
    Swap(card=K♦)
    """
    if isinstance(action, Split):
        return Split(
            face_up=tuple(mapping[c] for c in action.face_up), face_down=tuple(mapping[c] for c in action.face_down)
        )
    if isinstance(action, Swap):
        return Swap(mapping[action.card])
    if isinstance(action, Build):
        return Build(hands=tuple(tuple(mapping[c] for c in hand) for hand in action.hands))
    assert isinstance(action, Choose | Keep)
    return action


class Candidates:
    """Games dealt from one player's view (see :func:`candidates`), not set out
    as arrays yet: each a template and a map of its cards. Enough to weigh
    them by what the other player did (:meth:`their_hidden`, :meth:`game`)
    and to set out only those kept (:meth:`subset`)."""

    def __init__(self, view: SplitAndChooseObservation, templates: list[SplitAndChoose], maps: npt.NDArray[np.int64]):
        """``maps[g]``: the card (pack position) game ``g`` has for each card of its template
        (``templates[g]``, or the only template)."""
        self.view = view
        self.templates = templates
        self.maps = maps
        self.games = len(maps)

    def subset(self, rows: npt.NDArray[np.int64]) -> Deals:
        """The games ``rows`` of these (a game may come more than once), set out for play."""
        templates = [self.templates[g] for g in rows.tolist()] if len(self.templates) > 1 else self.templates
        return Deals(self.view, templates, self.maps[rows])

    def _cards_at(self, places: Callable[[SplitAndChoose], list[int]]) -> Masks:
        """Each game's cards (pack positions, -1 for none) at ``places(template)`` of its template's cards."""
        found: dict[int, int] = {}
        rows: list[list[int]] = []
        for template in self.templates:
            if id(template) not in found:
                found[id(template)] = len(rows)
                rows.append(places(template))
        table = np.array(rows, dtype=np.int64).reshape(len(rows), -1)
        where = table[[found[id(t)] for t in self.templates]] if len(rows) > 1 else table[[0] * self.games]
        cards: Masks = np.where(where >= 0, self.maps[np.arange(self.games)[:, None], np.maximum(where, 0)], -1)
        return cards

    def their_hidden(self) -> Masks:
        """Each game's cards that the other player kept from this one's sight
        (its face-down pairs, by round) and the card it gave at the reserve
        (-1 if it kept, or has not decided): all that its moves can depend on
        beyond what this player saw."""
        other = 1 - self.view.player
        rounds = [r for r, v in enumerate(self.view.rounds) if v.splitter == other and v.face_up and not v.face_down]
        mover = 0 if other == 1 - self.view.first_splitter else 1  # its decision at the reserve: first or second

        def places(template: SplitAndChoose) -> list[int]:
            order = [_INDEX[c] for c in template.order]
            decisions = [a for a in template.history if isinstance(a, Keep | Swap)]
            decision = decisions[mover] if len(decisions) > mover else None
            given = _INDEX[decision.card] if isinstance(decision, Swap) else -1
            return [*(p for r in rounds for p in order[3 + 4 * r : 5 + 4 * r]), given]

        cards = self._cards_at(places)
        pairs = [np.sort(cards[:, 2 * k : 2 * k + 2], axis=1) for k in range(len(rounds))]
        hidden: Masks = np.column_stack([*pairs, cards[:, -1]])
        return hidden

    def profiles(self, player: int) -> Masks:
        """Each game's hand of ``player`` as it is now, as the rule of thumb's profile number."""
        cards = self._cards_at(lambda template: [_INDEX[c] for c in template.hand(player)])
        found: Masks = np.where(cards >= 0, _TYPE_STEP[np.maximum(cards, 0)], 0).sum(axis=1)
        return found

    def game(self, g: int) -> SplitAndChoose:
        """Game ``g`` as an engine game (for checks: the same cards, the same history)."""
        template = self.templates[g if len(self.templates) > 1 else 0]
        mapping = {PACK.cards[i]: PACK.cards[int(j)] for i, j in enumerate(self.maps[g])}
        game = SplitAndChoose.from_order(
            [mapping[c] for c in template.order], template.first_splitter, template.face_up_swap
        )
        for action in template.history:
            game.apply(relabel(action, mapping))
        return game


class Deals(Candidates, Batch):
    """Games at one decision point, all seen the same way by one player (see
    :func:`deal`). Arrays have one entry per game; what all games share (the
    phase, the round, who is to move) is a plain number."""

    def __init__(self, view: SplitAndChooseObservation, templates: list[SplitAndChoose], maps: npt.NDArray[np.int64]):
        """``maps[g]``: the card (pack position) game ``g`` has for each card of its template
        (``templates[g]``, or the only template)."""
        super().__init__(view, templates, maps)
        n = self.games
        first = templates[0]
        self.first_splitter = first.first_splitter
        self.face_up_swap = first.face_up_swap
        self.round = first.round
        self.phase = first.phase
        found: dict[int, int] = {}  # a few templates serve many games: each one's columns once
        columns: list[tuple[list[list[int]], list[bool]]] = []
        for template in templates:
            if id(template) not in found:
                found[id(template)] = len(columns)
                columns.append(self._columns(template))
        unique = np.array([c for c, _ in columns], dtype=np.int64)  # (templates, fields, cards)
        if len(columns) > 1:
            stacked = unique[np.array([found[id(t)] for t in templates])]
        else:
            stacked = np.broadcast_to(unique[0], (n, *unique.shape[1:]))
        cards = maps[np.arange(n)[:, None, None], np.maximum(stacked, 0)]
        cards = np.where(stacked >= 0, cards, -1)  # -1: no card
        bits = np.where(cards >= 0, np.left_shift(1, np.maximum(cards, 0)), 0).sum(axis=2)
        self.order = cards[:, 0, :]
        fields = iter(range(1, 9))
        self.hand = [bits[:, next(fields)] for _ in range(2)]
        self.seen = [bits[:, next(fields)] for _ in range(2)]
        self.drafted = [bits[:, next(fields)] for _ in range(2)]
        self.hidden = [bits[:, next(fields)] for _ in range(2)]
        self.reserve = cards[:, 9, 0]
        self.decisions = [0, 0]
        self.swapped: npt.NDArray[np.int64] | None = None  # the first decision at the reserve, once made
        self.given: npt.NDArray[np.int64] | None = None
        self.scores: list[npt.NDArray[np.int64] | None] = [None, None]
        for player in (0, 1):  # a build made already (the other's: the best one, as the sampled game makes it)
            if first.observation(player).build is not None:
                self.scores[player] = build_table().scores[self.hand[player]].astype(np.int64)
        log = columns[0][1]
        if log:
            given = cards[:, 10, 0]
            self.swapped = np.full(n, int(log[0]), dtype=np.int64)
            self.given = given
        self.up, self.down = bits[:, 11], bits[:, 12]

    @staticmethod
    def _columns(game: SplitAndChoose) -> tuple[list[list[int]], list[bool]]:
        """A template's cards as rows of pack positions (-1 pads): the deal order,
        each player's hand, seen cards, drafted cards, hidden cards; the reserve;
        the card given at the first reserve decision; the split to choose from
        (face up, face down). And whether the first reserve decision swapped."""
        views = [game.observation(p) for p in (0, 1)]
        rows: list[list[Card]] = [list(game.order)]
        rows += [list(game.hand(p)) for p in (0, 1)]
        rows += [sorted(v.seen) for v in views]
        rows += [list(v.opponent_drafted) for v in views]
        rows += [list(kept_hidden(v)) for v in views]
        rows.append([game.reserve])
        decisions = views[game.second].reserve[:1]
        rows.append([decisions[0].given] if decisions and decisions[0].given is not None else [])
        split = game.history[-1] if game.phase == "choose" else None
        rows += [list(split.face_up), list(split.face_down)] if isinstance(split, Split) else [[], []]
        positions = [[_INDEX[c] for c in row] + [-1] * (_CARDS - len(row)) for row in rows]
        return positions, [d.swapped for d in decisions]

    # -- playing --------------------------------------------------------------

    def every_share(
        self,
        firsts: Sequence[Action],
        seeds: npt.NDArray[np.uint64] | None = None,
        policies: Sequence[Trembling | PerWorld] | None = None,
    ) -> npt.NDArray[np.float64]:
        """Play each of ``firsts`` (moves of the player to move) in every game,
        then each player by its policy to the end (``policies[p]``, a batch
        form: HeuristicBot's rule, with its chances of a move at random, or
        :class:`~cardcommons.bots.split_and_choose.Foresight`'s, which looks
        one move ahead in the game itself; by default HeuristicBot for both): ``[p, m, g]``, player ``p``'s
        share of game ``g`` after first move ``m`` (1, 0.5 for a draw, or 0: the two add up to 1).
        ``seeds[g, p]``: the seed of player ``p``'s bot in game ``g``, the same whatever the first
        move (all 0 by default). The games are not changed.

        >>> from cardcommons.split_and_choose import SplitAndChoose
        >>> game = SplitAndChoose(seed=4)
        >>> shares = deal(game.observation(0), 50, seed=1).every_share(game.legal_actions())
        >>> shares.shape, bool((shares.sum(axis=0) == 1).all())
        ((2, 6, 50), True)
        """
        seeds = np.zeros((self.games, 2), dtype=np.uint64) if seeds is None else seeds
        players = [_RULE_OF_THUMB] * 2 if policies is None else list(policies)
        per_world = [PerWorld.of(policy, len(firsts), self.games) for policy in players]
        for policy in (style for seat in per_world for style in seat.styles):
            if policy.rule is not None and not isinstance(policy.rule, HeuristicBot):
                raise RulesError(f"a Split and Choose play-out's policy plays by HeuristicBot's rule, not {policy!r}")
        state = _State(self, len(firsts), np.tile(seeds, (len(firsts), 1)), per_world)
        state.move(firsts)
        while state.phase != "over":
            state.move(None)
        first, second = state.scores
        assert first is not None and second is not None
        shares = np.where(first > second, 1.0, np.where(first == second, 0.5, 0.0)).reshape(len(firsts), self.games)
        return np.stack([shares, 1 - shares])


class _State:
    """The games of a :class:`Deals`, being played out (its arrays copied as they change)."""

    def __init__(self, deals: Deals, copies: int, seeds: npt.NDArray[np.uint64], policies: list[PerWorld]) -> None:
        """The games, ``copies`` times over (one copy per first move)."""

        def tile(a: Masks) -> Masks:
            return np.tile(a, (copies, *[1] * (a.ndim - 1)))

        self.deals = deals
        self.seeds = seeds
        self.copies = copies
        self.order = tile(deals.order)
        self.hand = [tile(a) for a in deals.hand]
        self.seen = [tile(a) for a in deals.seen]
        self.drafted = [tile(a) for a in deals.drafted]
        self.hidden = [tile(a) for a in deals.hidden]
        self.reserve = tile(deals.reserve)
        self.swapped = None if deals.swapped is None else tile(deals.swapped)
        self.given = None if deals.given is None else tile(deals.given)
        self.scores = [None if a is None else tile(a) for a in deals.scores]
        self.round = deals.round
        self.phase = deals.phase
        self.decisions = [0, 0]
        self.first_splitter = deals.first_splitter
        self.up, self.down = tile(deals.up), tile(deals.down)
        self.value = value_array()
        self.policies = policies

    def splitter(self) -> int:
        return self.first_splitter if self.round % 2 == 0 else 1 - self.first_splitter

    def _draw(self, player: int) -> npt.NDArray[np.uint64]:
        drawn: npt.NDArray[np.uint64] = draw(self.seeds[:, player], self.decisions[player])
        return drawn

    def _at_random(self, player: int) -> tuple[Masks, Masks, npt.NDArray[np.uint64]]:
        """Where the player's decision now is a move at random, by its policy
        (before the decision is counted): the games where it is one of every
        legal move, those where it is one of the candidates, and each game's
        draw to pick it with."""
        policy, decision = self.policies[player], self.decisions[player]
        seeds = self.seeds[:, player]
        if policy.by_rule == 1:
            none = np.zeros(len(seeds), dtype=bool)
            return none, none, seeds
        u = (draw(seeds ^ _TREMBLE, decision) >> np.uint64(11)).astype(np.float64) * 2.0**-53
        tremble = policy.tremble
        return u < tremble, (u >= tremble) & (u < tremble + policy.wander), draw(seeds, decision)

    def firsts(self, moves: Sequence[Action], kind: type | tuple[type, ...], verb: str) -> list[Action]:
        """The first moves, checked to be of the kind the phase asks for."""
        for move in moves:
            if not isinstance(move, kind):
                raise RulesError(f"the player must {verb} now, not {move}")
        return list(moves)

    def per_copy(self, values: Sequence[int | bool]) -> Masks:
        """One value per first move, for each of its games."""
        return np.repeat(np.array(values, dtype=np.int64), self.deals.games)

    def move(self, forced: Sequence[Action] | None, chosen: Masks | None = None) -> None:
        """One move in every game: the first moves ``forced`` (one per copy), or
        the bot's; ``chosen[g]``, the candidate game ``g`` plays instead (-1:
        the bot's), else the candidates of the players who look ahead."""
        if forced is None and chosen is None:
            chosen = self._looked_ahead()
        match self.phase:
            case "split":
                self._split(forced, chosen)
            case "choose":
                self._choose(forced, chosen)
            case "reserve":
                self._reserve(forced, chosen)
            case "build":
                self._build(forced)

    def _mover(self) -> int:
        """The player to move (the reserve's: first the player who did not split first)."""
        if self.phase == "split":
            return self.splitter()
        if self.phase == "choose":
            return 1 - self.splitter()
        return self.first_splitter if self.swapped is not None else 1 - self.first_splitter

    def _looked_ahead(self) -> Masks | None:
        """The candidate each game's player to move plays where it looks one
        move ahead (:class:`Foresight`, at the share ``sight`` of its
        decisions, drawn from its seed; -1 elsewhere), None if it does nowhere:
        each candidate played in the game, both players going on by the rule
        of thumb, and the first that does best kept (0 to 5: a split in the
        engine's order; 0 the face-up pair, 1 the face-down; 0 keep, ``k`` a
        swap of the hand's ``k``-th card, lowest first)."""
        if self.phase not in _CANDIDATES:
            return None
        x = self._mover()
        policy = self.policies[x]
        sight = np.array([s.rule.sight if isinstance(s.rule, Foresight) else 0.0 for s in policy.styles])
        if not sight.any():
            return None
        u = (draw(self.seeds[:, x] ^ _SIGHT, self.decisions[x]) >> np.uint64(11)).astype(np.float64) * 2.0**-53
        rows = np.flatnonzero(u < sight[policy.which])
        if not len(rows):
            return None
        count = _CANDIDATES[self.phase]
        trial = self._rows(np.tile(rows, count))
        trial.move(None, np.repeat(np.arange(count), len(rows)))
        while trial.phase != "over":
            trial.move(None, np.full(count * len(rows), -1))
        mine, theirs = trial.scores[x], trial.scores[1 - x]
        assert mine is not None and theirs is not None
        shares = np.where(mine > theirs, 2, np.where(mine == theirs, 1, 0)).reshape(count, len(rows))
        chosen = np.full(len(self.reserve), -1, dtype=np.int64)
        chosen[rows] = shares.argmax(axis=0)
        return chosen

    def _rows(self, rows: Masks) -> _State:
        """The games ``rows`` of these (a game may come more than once), both players by the rule of thumb."""
        trial = copy.copy(self)
        for name in ("order", "reserve", "swapped", "given", "up", "down", "seeds"):
            found = getattr(self, name)
            setattr(trial, name, None if found is None else found[rows])
        for name in ("hand", "seen", "drafted", "hidden", "scores"):
            setattr(trial, name, [None if a is None else a[rows] for a in getattr(self, name)])
        trial.decisions = list(self.decisions)
        trial.policies = [PerWorld.of(_RULE_OF_THUMB, 1, len(rows))] * 2
        return trial

    def _split(self, forced: Sequence[Action] | None, chosen: Masks | None) -> None:
        p = self.splitter()
        stock = self.order[:, 1 + 4 * self.round : 5 + 4 * self.round]
        bits: Masks = np.left_shift(1, stock)
        steps = _TYPE_STEP[stock]  # each card's step in a profile
        pairs: list[tuple[Masks, Masks]] = []  # (face up, face down) of each legal split, in the engine's order
        profiles: list[tuple[Masks, Masks]] = []  # and their profiles
        for mate in (1, 2, 3):
            others = [i for i in (1, 2, 3) if i != mate]
            pair = bits[:, 0] | bits[:, mate]
            rest = bits[:, others[0]] | bits[:, others[1]]
            pairs += [(pair, rest), (rest, pair)]
            pair_profile = steps[:, 0] + steps[:, mate]
            rest_profile = steps[:, others[0]] + steps[:, others[1]]
            profiles += [(pair_profile, rest_profile), (rest_profile, pair_profile)]
        if forced is None:
            if _every_game(chosen):
                assert chosen is not None
                choice = chosen
            else:
                mine, theirs = _profile(self.hand[p]), _profile(self.drafted[p])
                scores = [split_score(MANY, self.value, mine, theirs, up, down) for up, down in profiles]
                choice = best(MANY, scores, lambda: self._draw(p))
                anything, candidate, picked = self._at_random(p)  # every split is a candidate
                choice = np.where(anything | candidate, (picked % np.uint64(len(pairs))).astype(np.int64), choice)
                choice = choice if chosen is None else np.where(chosen >= 0, chosen, choice)
            self.decisions[p] += 1
            up = np.choose(choice, [u for u, _ in pairs])
            down = np.choose(choice, [d for _, d in pairs])
        else:
            splits = [m for m in self.firsts(forced, Split, "split") if isinstance(m, Split)]
            up = self.per_copy([_mask(m.face_up) for m in splits])
            down = self.per_copy([_mask(m.face_down) for m in splits])
        self.up, self.down = up, down
        q = 1 - p
        self.seen[q] = self.seen[q] | up
        self.phase = "choose"

    def _choose(self, forced: Sequence[Action] | None, chosen: Masks | None) -> None:
        p = self.splitter()
        q = 1 - p
        up, down = self.up, self.down
        if forced is None:
            if _every_game(chosen):
                assert chosen is not None
                take_up = chosen == 0
            else:
                pool = digits(MANY, _profile(_ALL & ~self.seen[q]))
                mine, theirs = _profile(self.hand[q]), _profile(self.drafted[q])
                take_up = takes_face_up(MANY, self.value, mine, theirs, _profile(up), pool)
                anything, candidate, picked = self._at_random(q)
                take_up = np.where(anything | candidate, picked % np.uint64(2) == 0, take_up)
                take_up = take_up if chosen is None else np.where(chosen >= 0, chosen == 0, take_up)
            self.decisions[q] += 1
        else:
            choices = [m for m in self.firsts(forced, Choose, "choose a pair") if isinstance(m, Choose)]
            take_up = self.per_copy([m.face_up for m in choices]) == 1
        taken = np.where(take_up, up, down)
        left = np.where(take_up, down, up)
        self.hand[q] = self.hand[q] | taken
        self.hand[p] = self.hand[p] | left
        self.seen[q] = self.seen[q] | taken
        self.drafted[p] = self.drafted[p] | taken
        self.drafted[q] = self.drafted[q] | np.where(take_up, 0, up)
        self.hidden[p] = self.hidden[p] | np.where(take_up, down, 0)
        self.round += 1
        if self.round < ROUNDS:
            stock = self.order[:, 1 + 4 * self.round : 5 + 4 * self.round]
            s = self.splitter()
            self.seen[s] = self.seen[s] | np.left_shift(1, stock).sum(axis=1)
            self.phase = "split"
        else:
            self.phase = "reserve"

    def _reserve(self, forced: Sequence[Action] | None, chosen: Masks | None) -> None:
        first = 1 - self.first_splitter
        second_decision = self.swapped is not None
        x = self.first_splitter if second_decision else first
        hand = self.hand[x]
        n = len(hand)
        if forced is None and _every_game(chosen):
            assert chosen is not None
            swap, card = chosen > 0, _nth_card(hand, np.maximum(chosen - 1, 0))
            self.decisions[x] += 1
        elif forced is None:
            swapped = self.swapped if self.swapped is not None else np.zeros(n, dtype=np.int64)
            shown = self.deals.face_up_swap and self.given is not None
            given = np.where(swapped == 1, self.given // 4, -1) if shown and self.given is not None else -1
            pool = reserve_pool(
                MANY,
                self.value,
                second_decision,
                _profile(_ALL & ~self.seen[x]),
                _profile(self.drafted[x]),
                _profile(self.hidden[x]),
                swapped,
                given,
                True,
            )
            choice = best(MANY, reserve_scores(MANY, self.value, _profile(hand), pool), lambda: self._draw(x))
            swap = choice > 0
            kind = np.asarray(SWAP_ORDER)[np.maximum(choice - 1, 0)]
            card = np.where(swap, 4 * kind + _HIGHEST[(hand >> (4 * kind)) & 15], 0)
            anything, candidate, picked = self._at_random(x)  # keep, or swap any card held: every one a candidate
            k = np.where(anything | candidate, (picked % np.uint64(1 + HOLDING)).astype(np.int64), -1)
            k = k if chosen is None else np.where(chosen >= 0, chosen, k)
            rows = np.flatnonzero(k >= 0)
            if len(rows):
                k = k[rows]
                swap[rows], card[rows] = k > 0, _nth_card(hand[rows], np.maximum(k - 1, 0))
            self.decisions[x] += 1
        else:
            moves = self.firsts(forced, (Keep, Swap), "swap or keep")
            swap = self.per_copy([isinstance(m, Swap) for m in moves]) == 1
            card = self.per_copy([_INDEX[m.card] if isinstance(m, Swap) else 0 for m in moves])
        reserve = self.reserve
        given_bit, taken_bit = np.left_shift(1, card), np.left_shift(1, reserve)
        self.hand[x] = np.where(swap, (hand & ~given_bit) | taken_bit, hand)
        self.seen[x] = self.seen[x] | np.where(swap, taken_bit, 0)
        if self.deals.face_up_swap:
            other = 1 - x
            self.seen[other] = self.seen[other] | np.where(swap, given_bit | taken_bit, 0)
        self.reserve = np.where(swap, card, reserve)
        if second_decision:
            self.phase = "build"
        else:
            self.swapped, self.given = swap.astype(np.int64), np.where(swap, card, -1)

    def _build(self, forced: Sequence[Action] | None) -> None:
        table = build_table()
        me = self.deals.view.player
        if forced is not None:
            scores = []
            for build in self.firsts(forced, Build, "build"):
                assert isinstance(build, Build)
                strengths = [np.array(table.scorer.table.strength(PACK.indices(h))) for h in build.hands]
                scores.append(int(table.scorer.score(*strengths)))
            self.scores[me] = self.per_copy(scores)
        for player in (0, 1):
            if self.scores[player] is None:
                built = table.scores[self.hand[player]].astype(np.int64)
                anything, _, picked = self._at_random(player)  # the candidate is the best build: only a tremble
                rows = np.flatnonzero(anything)
                if len(rows):
                    built[rows] = _build_scores(self.hand[player][rows], picked[rows] % np.uint64(len(_SELECT) // 2))
                self.scores[player] = built
        self.phase = "over"


def _every_game(chosen: Masks | None) -> bool:
    """Whether every game plays a candidate chosen for it (a look-ahead's first move): the rule is not asked."""
    return chosen is not None and bool((chosen >= 0).all())


_RULE_OF_THUMB = Trembling(HeuristicBot(), 0.0)
_SIGHT = np.uint64(0x2545F4914F6CDD1D)
"""Mixed into a player's seed for the draw that says whether it looks ahead (apart from its other draws)."""
_CANDIDATES = {"split": 6, "choose": 2, "reserve": 1 + HOLDING}
"""How many candidate moves each decision has, as :meth:`_State._looked_ahead` numbers them."""
_TREMBLE = np.uint64(0x5DEECE66D)
"""Mixed into a player's seed for the draw that says whether its move is at random (apart from its tie-breaks)."""


def _held(hands: Masks) -> Masks:
    """The pack positions of each hand's 10 cards, lowest first."""
    bits = (hands[:, None] >> np.arange(_CARDS)) & 1
    held: Masks = np.nonzero(bits)[1].reshape(len(hands), HOLDING)
    return held


def _nth_card(hands: Masks, n: Masks) -> Masks:
    """The ``n``-th card (pack position) of each hand, lowest first."""
    found: Masks = _held(hands)[np.arange(len(hands)), n]
    return found


def _build_scores(hands: Masks, builds: npt.NDArray[np.uint64]) -> Masks:
    """The score of build number ``builds[g]`` of each hand (of the 126, in the engine's order)."""
    scorer = build_table().scorer
    codes = scorer.table.codes[_held(hands)]  # (games, 10) codes, the cards in pack order
    number = builds.astype(np.int64)
    first = (_SELECT[number] * codes).sum(axis=1)
    second = (_SELECT[len(_SELECT) // 2 + number] * codes).sum(axis=1)
    strengths = scorer.table.strengths_of_codes
    scores: Masks = scorer.score(strengths(first), strengths(second)).astype(np.int64)
    return scores


def candidates(view: SplitAndChooseObservation, games: int, seed: int) -> Candidates:
    """``games`` games dealt from ``view`` (it reads nothing else), from ``seed``, not set out yet."""
    rng = random.Random(seed)
    templates = view.sample_blind_swaps(rng)  # one game, or one for each card the other may have given blind
    unseen = np.array([_INDEX[c] for c in view.unseen], dtype=np.int64)
    maps = np.tile(np.arange(_CARDS, dtype=np.int64), (games, 1))
    generator = np.random.default_rng(rng.getrandbits(64))
    maps[:, unseen] = generator.permuted(np.tile(unseen, (games, 1)), axis=1)
    if len(templates) == 1:
        return Candidates(view, templates, maps)
    return Candidates(view, [templates[k] for k in generator.integers(len(templates), size=games).tolist()], maps)


def deal(view: SplitAndChooseObservation, games: int, seed: int) -> Deals:
    """``games`` games dealt from ``view`` (it reads nothing else), from ``seed``."""
    return candidates(view, games, seed).subset(np.arange(games))
