"""A miniature as a game tree for OpenSpiel: the EFG (Gambit extensive-form)
text that ``pyspiel.load_efg_game`` reads, with exact chance over the ranks
dealt.

Cards of a rank are alike (suits are ignored), so a round's deal is a
multiset of four types, drawn with its exact probability (a product of
binomials over ``C(stock, 4)``, written as a fraction). The reserve is the
one card no round deals; nobody sees it, so dealing it last changes nothing.
Player 0 is the first splitter. A player's information set is everything it
has seen: its deals, the face-up pairs, each choice, the face-down pairs it
took, and at the reserve whether the first player swapped. Builds are not
moves: each player's best build is dominant, so a leaf pays ±1 or 0 by
:meth:`Miniature.outcome`.

>>> from cardcommons.solve.miniature import MINI2
>>> tree = game_tree(MINI2)
>>> tree.information_sets, tree.terminals, tree.chance_nodes
(1364, 5252, 43)
>>> print(tree.text.splitlines()[0])
EFG 2 R "mini2" { "first splitter" "second splitter" } ""
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from cardcommons.solve.miniature import Counts, Miniature

__all__ = ["Decision", "GameTree", "Knowledge", "game_tree", "reserve_moves", "split_moves"]

Observation = int
"""What a player has seen so far, in order (its information set), as a number: see ``_Writer.then``."""


@dataclass(frozen=True)
class GameTree:
    """A miniature's game tree as EFG text, with its sizes."""

    text: str
    decisions: tuple[tuple[Decision, ...], ...]
    """Each player's information sets, in the order of their numbers."""
    terminals: int
    chance_nodes: int

    @property
    def information_sets(self) -> int:
        """Decision points as the players see them (both players)."""
        return sum(map(len, self.decisions))


def _sub(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _add(a: Counts, b: Counts) -> Counts:
    return tuple(x + y for x, y in zip(a, b, strict=True))


def deals(stock: Counts, size: int) -> Iterator[tuple[Counts, Fraction]]:
    """Each multiset of ``size`` cards from the stock, with its exact probability.

    >>> sum(p for _, p in deals((4, 4, 1), 4))
    Fraction(1, 1)
    """
    total = math.comb(sum(stock), size)
    for deal in itertools.product(*(range(min(n, size) + 1) for n in stock)):
        if sum(deal) == size:
            ways = math.prod(math.comb(n, k) for n, k in zip(stock, deal, strict=True))
            yield deal, Fraction(ways, total)


def split_moves(deal: Counts) -> list[Counts]:
    """The splitter's moves: each distinct face-up pair (the other two cards go face down).

    >>> split_moves((2, 1, 1))
    [(0, 1, 1), (1, 0, 1), (1, 1, 0), (2, 0, 0)]
    """
    return [p for p in itertools.product(*(range(min(n, 2) + 1) for n in deal)) if sum(p) == 2]


def reserve_moves(holding: Counts) -> list[int | None]:
    """At the reserve: keep (None), or swap a card of each type held.

    >>> reserve_moves((2, 0, 1))
    [None, 0, 2]
    """
    return [None, *(t for t, n in enumerate(holding) if n)]


@dataclass(frozen=True)
class Knowledge:
    """What a player knows at a point of the draft, as counts: its own cards,
    the cards it saw go to the other, the face-down pairs it split and kept
    (which the other never saw), and every card it has seen."""

    hand: Counts
    known: Counts
    hidden: Counts
    seen: Counts

    def plus(
        self,
        hand: Counts | None = None,
        known: Counts | None = None,
        hidden: Counts | None = None,
        seen: Counts | None = None,
    ) -> Knowledge:
        """This knowledge with cards added to some of its fields."""
        return Knowledge(
            self.hand if hand is None else _add(self.hand, hand),
            self.known if known is None else _add(self.known, known),
            self.hidden if hidden is None else _add(self.hidden, hidden),
            self.seen if seen is None else _add(self.seen, seen),
        )


@dataclass(frozen=True)
class Decision:
    """One information set: whose, in which phase, what its player knows, the
    moves (face-up pairs, True/False for taking the face-up pair, or None/a type
    at the reserve) and their OpenSpiel action ids, in the same order."""

    player: int
    number: int
    phase: str
    knowledge: Knowledge
    moves: tuple[object, ...]
    action_ids: tuple[int, ...]
    deal: Counts | None = None
    """The four cards to split (split) or None."""
    face_up: Counts | None = None
    """The face-up pair on offer (choose) or None."""
    swapped: bool | None = None
    """At the reserve, for the second to decide: whether the first swapped."""

    @property
    def key(self) -> str:
        """The information set's string in OpenSpiel (``information_state_string``)."""
        return f"{self.player}-{self.player}-{self.number}-"


class _Writer:
    def __init__(self, mini: Miniature, text: bool) -> None:
        self.mini = mini
        self.text = text
        self.lines: list[str] = []
        self.decisions: list[dict[Observation, Decision]] = [{}, {}]
        self.action_ids: dict[str, int] = {}
        self.histories: dict[tuple[Observation, object], Observation] = {}
        self.terminals = 0
        self.chance_nodes = 0

    def then(self, seen: Observation, *items: object) -> Observation:
        """What a player has seen, then ``items``: each history a number, so that keys stay small."""
        for item in items:
            seen = self.histories.setdefault((seen, item), len(self.histories) + 1)
        return seen

    def name(self, move: object) -> str:
        """A move's label: a face-up pair, up/down, keep or swap."""
        if isinstance(move, tuple):
            return self.mini.describe_hand(move).replace(" ", "")
        if isinstance(move, bool):
            return "up" if move else "down"
        return "keep" if move is None else f"swap {self.name(self._one(move))}"  # type: ignore[arg-type]

    def player(
        self, player: int, seen: Observation, phase: str, knows: Knowledge, moves: list[Any], **extra: Any
    ) -> None:
        decisions = self.decisions[player]
        decision = decisions.get(seen)
        if decision is None:
            ids = self.action_ids
            numbers = sorted(ids.setdefault(self.name(m), len(ids)) for m in moves)
            decision = Decision(player, len(decisions) + 1, phase, knows, tuple(moves), tuple(numbers), **extra)
            decisions[seen] = decision
        if self.text:
            quoted = " ".join(f'"{self.name(m)}"' for m in moves)
            self.lines.append(f'p "" {player + 1} {decision.number} "" {{ {quoted} }} 0')

    def draft(
        self, rnd: int, stock: Counts, seen: tuple[Observation, Observation], knows: tuple[Knowledge, Knowledge]
    ) -> None:
        if rnd == self.mini.rounds:
            self.reserve(stock, seen, knows)
            return
        self.chance_nodes += 1
        options = list(deals(stock, 4))
        if self.text:
            labels = " ".join(f'"{self.name(d)}" {p.numerator}/{p.denominator}' for d, p in options)
            self.lines.append(f'c "" {self.chance_nodes} "" {{ {labels} }} 0')
        s = rnd % 2
        c = 1 - s
        for deal, _ in options:
            by_s, s_knows = self.then(seen[s], deal), knows[s].plus(seen=deal)
            ups = split_moves(deal)
            self.player(s, by_s, "split", s_knows, ups, deal=deal)
            for up in ups:
                down = _sub(deal, up)
                by_c, c_knows = self.then(seen[c], up), knows[c].plus(seen=up)
                self.player(c, by_c, "choose", c_knows, [True, False], face_up=up)
                views: list[Observation] = [0, 0]
                after = [knows[0], knows[1]]
                views[s] = self.then(by_s, up, True)
                views[c] = self.then(by_c, True)
                after[s] = s_knows.plus(hand=down, known=up, hidden=down)
                after[c] = c_knows.plus(hand=up)
                self.draft(rnd + 1, _sub(stock, deal), (views[0], views[1]), (after[0], after[1]))
                views[s] = self.then(by_s, up, False)
                views[c] = self.then(by_c, False, down)
                after[s] = s_knows.plus(hand=up, known=down)
                after[c] = c_knows.plus(hand=down, known=up, seen=down)
                self.draft(rnd + 1, _sub(stock, deal), (views[0], views[1]), (after[0], after[1]))

    def reserve(self, stock: Counts, seen: tuple[Observation, Observation], knows: tuple[Knowledge, Knowledge]) -> None:
        reserve = stock.index(1)
        first, second = knows[1].hand, knows[0].hand  # player 1 decides first
        moves = reserve_moves(first)
        self.player(1, self.then(seen[1], "reserve"), "reserve", knows[1], moves)
        then = reserve_moves(second)
        for t in moves:
            mine, lying = (first, reserve) if t is None else (_add(_sub(first, self._one(t)), self._one(reserve)), t)
            swapped = t is not None
            self.player(0, self.then(seen[0], "reserve", swapped), "reserve", knows[0], then, swapped=swapped)
            if not self.text:
                self.terminals += len(then)
                continue
            for u in then:
                theirs = second if u is None else _add(_sub(second, self._one(u)), self._one(lying))
                result = self.mini.outcome(theirs, mine)
                self.terminals += 1
                self.lines.append(f't "" {self.terminals} "" {{ {result} {-result} }}')

    def _one(self, t: int) -> Counts:
        return tuple(int(i == t) for i in range(len(self.mini.counts)))


def game_tree(mini: Miniature, text: bool = True) -> GameTree:
    """The EFG text of a miniature (players: the first splitter, then the
    other) and its information sets; ``text=False`` skips the text and the
    leaves' payoffs, for the sizes and the information sets alone.

    >>> from cardcommons.solve.miniature import MINI2
    >>> game_tree(MINI2, text=False).text
    ''
    """
    writer = _Writer(mini, text)
    nothing = (0,) * len(mini.counts)
    start = Knowledge(nothing, nothing, nothing, nothing)
    writer.draft(0, mini.counts, (0, 0), (start, start))
    header = f'EFG 2 R "{mini.name}" {{ "first splitter" "second splitter" }} ""'
    return GameTree(
        text="\n".join([header, "", *writer.lines, ""]) if text else "",
        decisions=tuple(tuple(d.values()) for d in writer.decisions),
        terminals=writer.terminals,
        chance_nodes=writer.chance_nodes,
    )
