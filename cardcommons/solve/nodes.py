"""A miniature's game tree as arrays, read back from its EFG text, and
play-outs on it by the thousands at once.

The EFG text lists the nodes in preorder (a node, then each child's subtree
in turn), so one pass with a stack gives every node its children. The arrays
keep what a play-out needs: each node's kind, player and information set, its
children, the chance probabilities and the payoffs. :meth:`Nodes.play_out`
walks many play-outs down the tree at once, one array step a level, chance
drawn from a seeded generator and each player's moves from a table.

>>> from cardcommons.solve.efg import game_tree
>>> from cardcommons.solve.miniature import MINI2
>>> nodes = Nodes.read(game_tree(MINI2).text)
>>> len(nodes), int((nodes.kind == TERMINAL).sum()), int((nodes.kind == CHANCE).sum())
(7773, 5252, 43)
>>> root = nodes.children[nodes.first_child[0] : nodes.first_child[1]]
>>> round(float(nodes.chance_reach[root].sum()), 12)  # the first deal's chances
1.0
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property

import numpy as np
import numpy.typing as npt

__all__ = ["CHANCE", "PLAYER", "TERMINAL", "Nodes", "draw", "running_shares"]

CHANCE, PLAYER, TERMINAL = 0, 1, 2
"""The kinds of node."""
_FRACTION = re.compile(r"(-?\d+)/(\d+)")

IntArray = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Nodes:
    """A game tree, node by node in preorder (the root is node 0)."""

    kind: IntArray
    """CHANCE, PLAYER or TERMINAL."""
    player: IntArray
    """The player to move (0 or 1), -1 elsewhere."""
    infoset: IntArray
    """The information set's number for its player (from 1, as in the EFG text), 0 elsewhere."""
    parent: IntArray
    """The node's parent (-1 for the root)."""
    first_child: IntArray
    """Where the node's children start in :attr:`children`; they run to the next node's start."""
    children: IntArray
    probability: npt.NDArray[np.float64]
    """The chance of each child in :attr:`children` (1 below a player's node)."""
    payoff: npt.NDArray[np.float64]
    """What a terminal pays player 0 (0 elsewhere)."""
    chance_reach: npt.NDArray[np.float64]
    """The product of the chances on the way to the node: the moves' weight left out."""

    def __len__(self) -> int:
        return len(self.kind)

    @property
    def arity(self) -> IntArray:
        """How many children each node has."""
        return np.diff(self.first_child)

    @classmethod
    def read(cls, text: str) -> Nodes:
        """The tree of EFG text as :mod:`cardcommons.solve.efg` writes it."""
        kind, player, infoset, payoff, arity, chances = [], [], [], [], [], []
        for line in text.splitlines()[2:]:
            if not line:
                continue
            quoted = line.count('"') // 2 - 2  # a node's own two labels are empty
            if line[0] == "c":
                kind.append(CHANCE)
                player.append(-1)
                infoset.append(0)
                chances.append([float(Fraction(int(a), int(b))) for a, b in _FRACTION.findall(line)])
            elif line[0] == "p":
                kind.append(PLAYER)
                fields = line.split(" ", 4)
                player.append(int(fields[2]) - 1)
                infoset.append(int(fields[3]))
                chances.append([1.0] * quoted)
            else:
                kind.append(TERMINAL)
                player.append(-1)
                infoset.append(0)
                chances.append([])
                quoted = 0
                payoff.append(float(line[line.index("{") + 1 :].split()[0]))
            arity.append(quoted if kind[-1] != CHANCE else len(chances[-1]))
            if kind[-1] != TERMINAL:
                payoff.append(0.0)
        count = len(kind)
        first = np.zeros(count + 1, dtype=np.int64)
        first[1:] = np.cumsum(arity)
        children = np.zeros(first[-1], dtype=np.int64)
        probability = np.fromiter((p for ps in chances for p in ps), dtype=np.float64, count=int(first[-1]))
        reach = np.zeros(count)
        parents = np.full(count, -1, dtype=np.int64)
        open_nodes: list[list[int]] = []  # [node, next child slot] of each node still taking children
        for node in range(count):
            if open_nodes:
                parent = open_nodes[-1]
                slot = parent[1]
                children[slot] = node
                parents[node] = parent[0]
                reach[node] = reach[parent[0]] * probability[slot]
                parent[1] += 1
                if parent[1] == first[parent[0] + 1]:
                    open_nodes.pop()
            else:
                reach[node] = 1.0
            if arity[node]:
                open_nodes.append([node, int(first[node])])
        return cls(
            kind=np.array(kind, dtype=np.int64),
            player=np.array(player, dtype=np.int64),
            infoset=np.array(infoset, dtype=np.int64),
            parent=parents,
            first_child=first,
            children=children,
            probability=probability,
            payoff=np.array(payoff),
            chance_reach=reach,
        )

    def play_out(self, start: IntArray, moves: Sequence[IntArray], rng: np.random.Generator) -> npt.NDArray[np.float64]:
        """Play each node of ``start`` down to a terminal and return what it
        pays player 0: at a chance node a child drawn with its chance, at a
        player's node the child ``moves[player][infoset]`` (a child position).

        >>> from cardcommons.solve.efg import game_tree
        >>> from cardcommons.solve.miniature import MINI2
        >>> nodes = Nodes.read(game_tree(MINI2).text)
        >>> keep = (np.zeros(nodes.infoset.max() + 1, dtype=np.int64),) * 2  # the first move everywhere
        >>> results = nodes.play_out(np.zeros(2000, dtype=np.int64), keep, np.random.default_rng(1))
        >>> sorted(set(results.tolist())) == [-1.0, 0.0, 1.0]
        True
        """
        at = np.asarray(start, dtype=np.int64).copy()
        shares = self._shares
        table, offset = np.concatenate(moves), len(moves[0])
        while True:
            kinds = self.kind[at]
            chance = np.flatnonzero(kinds == CHANCE)
            player = np.flatnonzero(kinds == PLAYER)
            if not len(chance) and not len(player):
                return self.payoff[at]
            if len(chance):
                at[chance] = self.children[draw(shares, self.first_child, at[chance], rng)]
            if len(player):
                nodes = at[player]
                position = table[self.infoset[nodes] + offset * self.player[nodes]]
                at[player] = self.children[self.first_child[nodes] + position]

    @cached_property
    def _shares(self) -> npt.NDArray[np.float64]:
        """The children's chances as :func:`running_shares`, for :func:`draw`."""
        return running_shares(self.probability, self.first_child)


def running_shares(weights: npt.NDArray[np.float64], bounds: IntArray) -> npt.NDArray[np.float64]:
    """For items in consecutive segments (segment ``k``: items ``bounds[k]`` to
    ``bounds[k + 1]``), each item's segment number plus its segment's share of
    weight up to and including it: one increasing array, so that :func:`draw`
    draws an item of many segments with one search.

    >>> running_shares(np.array([1.0, 3.0, 2.0]), np.array([0, 2, 2, 3]))
    array([0.25, 1.  , 3.  ])
    """
    counts = np.diff(bounds)
    segment = np.repeat(np.arange(len(counts)), counts)
    before = np.r_[0.0, np.cumsum(weights)]
    totals = before[bounds[1:]] - before[bounds[:-1]]
    within = (before[1:] - before[bounds[:-1]][segment]) / totals[segment]
    shares: npt.NDArray[np.float64] = segment + np.minimum(within, 1.0 - 1e-12)  # a segment's last item stays in it
    return shares


def draw(shares: npt.NDArray[np.float64], bounds: IntArray, segments: IntArray, rng: np.random.Generator) -> IntArray:
    """One item of each of ``segments``, each with its weight's chance (``shares``: :func:`running_shares`).

    >>> shares = running_shares(np.array([1.0, 3.0, 2.0]), np.array([0, 2, 2, 3]))
    >>> picked = draw(shares, np.array([0, 2, 2, 3]), np.zeros(4000, dtype=np.int64), np.random.default_rng(0))
    >>> sorted(set(picked.tolist())), abs(float((picked == 1).mean()) - 0.75) < 0.03  # item 1 holds 3/4
    ([0, 1], True)
    """
    drawn = np.searchsorted(shares, segments + rng.random(len(segments)), side="right")
    picked: IntArray = np.clip(drawn, bounds[segments], bounds[segments + 1] - 1)
    return picked
