"""How far each bot is from optimal in a miniature: its exploitability.

A bot is asked once per information set of the miniature's tree
(:mod:`cardcommons.solve.efg`) what it would do there, which makes it a
tabular policy; ``pyspiel.exploitability`` of that policy is how much a
best-responding opponent wins against it, on average over both seats, in
the game's ±1 units (0 for an equilibrium). :class:`HeuristicBot` plays with
value tables built from the miniature's own pack and a seed per information
set for its tie-breaks; the random bot picks uniformly.

>>> from cardcommons.solve.miniature import MINI2
>>> figures = exploitabilities(MINI2)
>>> figures["random"] > figures["heuristic"] > 0
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.split_and_choose import STEP, HeuristicBot, profile_values
from cardcommons.cards import Rank
from cardcommons.solve.efg import GameTree, game_tree
from cardcommons.solve.miniature import Counts, Miniature
from cardcommons.solve.nodes import PLAYER, Nodes, draw, running_shares

__all__ = [
    "BOTS",
    "exploitabilities",
    "half_random",
    "heuristic_policy",
    "monte_carlo_policy",
    "moves_of",
    "profile_of",
]

Policy = dict[str, list[tuple[int, float]]]
"""A tabular policy as ``pyspiel.TabularPolicy`` takes it: information set -> (action id, probability)."""


def _profile_types(mini: Miniature) -> list[int]:
    """The bot's card type of each type of the miniature (10 to A: 0 to 4; the Joker: 5)."""
    return [int(rank) - Rank.TEN for rank in mini.ranks] + [5]


def profile_of(mini: Miniature, counts: Counts) -> int:
    """The bot's profile number of a miniature's counts.

    >>> from cardcommons.solve.miniature import MINI2
    >>> profile_of(MINI2, (1, 2, 0)) == STEP[3] + 2 * STEP[4]
    True
    """
    return sum(n * STEP[t] for n, t in zip(counts, _profile_types(mini), strict=True))


def heuristic_values(mini: Miniature) -> list[float]:
    """HeuristicBot's value tables for a miniature's pack."""
    types = _profile_types(mini)
    full = [0] * 6
    for t, n in zip(types, mini.counts, strict=True):
        full[t] = n

    def best_score(profile: tuple[int, ...]) -> Any:
        return mini.build_score(tuple(profile[t] for t in types))

    return profile_values(full, 2 * mini.hand_size, best_score)


def heuristic_policy(mini: Miniature, tree: GameTree, seed: int = 0, infer_reserve: bool = True) -> Policy:
    """HeuristicBot asked at each information set (its seed: ``seed`` and the set's number)."""
    bot = HeuristicBot(seed=seed, infer_reserve=infer_reserve, values=heuristic_values(mini))
    types = _profile_types(mini)
    pack = mini.counts
    policy: Policy = {}
    for decisions in tree.decisions:
        for d in decisions:
            knows = d.knowledge
            profile = [profile_of(mini, c) for c in (knows.hand, knows.known, knows.hidden)]
            unseen = profile_of(mini, tuple(a - b for a, b in zip(pack, knows.seen, strict=True)))
            number = d.player * 10**7 + d.number
            if d.phase == "split":
                deal = d.deal
                assert deal is not None
                splits = [(profile_of(mini, up), profile_of(mini, _minus(deal, up))) for up in d.moves]  # type: ignore[arg-type]
                index = bot.split_choice(profile[0], profile[1], splits, number)
            elif d.phase == "choose":
                assert d.face_up is not None
                index = d.moves.index(bot.takes_face_up(profile[0], profile[1], profile_of(mini, d.face_up), unseen))
            else:
                before = None if d.swapped is None else (d.swapped, -1)
                swapped = bot.reserve_choice(profile[0], unseen, profile[1], profile[2], before, number)
                index = d.moves.index(None if swapped is None else types.index(swapped))
            policy[d.key] = [(a, float(i == index)) for i, a in enumerate(d.action_ids)]
    return policy


def _minus(a: Counts, b: Counts) -> Counts:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def uniform_policy(mini: Miniature, tree: GameTree) -> Policy:
    """Every legal move alike at every information set (the random bot)."""
    return {d.key: [(a, 1 / len(d.action_ids)) for a in d.action_ids] for ds in tree.decisions for d in ds}


MONTE_CARLO_SAMPLES = 10
"""Play-outs of each move at each information set, for the Monte Carlo bot."""
AT_ONCE = 20_000
"""Information sets whose play-outs run in one batch."""


def half_random(policy: Policy) -> Policy:
    """A policy that plays as ``policy`` half of the time and uniformly at random otherwise.

    >>> half_random({"0-0-1-": [(3, 1.0), (4, 0.0)]})
    {'0-0-1-': [(3, 0.75), (4, 0.25)]}
    """
    return {key: [(a, p / 2 + 1 / (2 * len(moves))) for a, p in moves] for key, moves in policy.items()}


def moves_of(tree: GameTree, policy: Policy) -> tuple[npt.NDArray[np.int64], ...]:
    """A policy of one move a set as :meth:`~cardcommons.solve.nodes.Nodes.play_out` takes it:
    per player, the move's position at each information set (by its number).

    >>> from cardcommons.solve.miniature import MINI2
    >>> tree = game_tree(MINI2)
    >>> [len(m) for m in moves_of(tree, heuristic_policy(MINI2, tree))]
    [904, 462]
    """
    moves = tuple(np.zeros(len(ds) + 1, dtype=np.int64) for ds in tree.decisions)
    for ds, chosen in zip(tree.decisions, moves, strict=True):
        for d in ds:
            chosen[d.number] = [p for _, p in policy[d.key]].index(1.0)
    return moves


def monte_carlo_policy(
    mini: Miniature, tree: GameTree, samples: int = 10, seed: int = 0, nodes: Nodes | None = None
) -> Policy:
    """MonteCarloBot's way, asked at each information set: ``samples`` worlds
    are drawn as the coach draws them (the cards the player has not seen
    dealt at random; a blind swap's card any the first player could give),
    each move is played out from each world (the same worlds for every move)
    to the end by HeuristicBot in both seats, and the move with the best
    average is played (the first of equals). Worlds and play-outs come from
    ``numpy.random.default_rng(seed)``, the information sets taken in order,
    :data:`AT_ONCE` at a time (``nodes``: the tree already read).

    >>> from cardcommons.solve.miniature import MINI2
    >>> tree = game_tree(MINI2)
    >>> policy = monte_carlo_policy(MINI2, tree, samples=2)
    >>> len(policy), policy == monte_carlo_policy(MINI2, tree, samples=2)
    (1364, True)
    """
    nodes = Nodes.read(tree.text) if nodes is None else nodes
    heuristic = heuristic_policy(mini, tree)
    decisions = [d for ds in tree.decisions for d in ds]
    moves = moves_of(tree, heuristic)
    deciding = np.flatnonzero(nodes.kind == PLAYER)
    who, number = nodes.player[deciding], nodes.infoset[deciding]
    weight = nodes.chance_reach[deciding]
    blind = np.zeros(len(moves[0]), dtype=bool)  # the second mover's sets after a swap it did not see
    blind[[d.number for d in tree.decisions[0] if d.swapped]] = True
    unseen = (who == 0) & blind[number]
    weight[unseen] /= nodes.arity[nodes.parent[deciding[unseen]]] - 1
    group = np.where(who == 0, number - 1, len(tree.decisions[0]) + number - 1)  # the index into decisions
    order = np.argsort(group, kind="stable")
    deciding, group, weight = deciding[order], group[order], weight[order]
    starts = np.searchsorted(group, np.arange(len(decisions) + 1))
    shares = running_shares(weight, starts)
    rng = np.random.default_rng(seed)
    best = np.zeros(len(decisions), dtype=np.int64)
    for lo in range(0, len(decisions), AT_ONCE):
        sets = np.repeat(np.arange(lo, min(lo + AT_ONCE, len(decisions))), samples)
        worlds = deciding[draw(shares, starts, sets, rng)]
        arity = nodes.arity[worlds]
        move = np.arange(arity.sum()) - np.repeat(np.cumsum(arity) - arity, arity)
        results = nodes.play_out(nodes.children[np.repeat(nodes.first_child[worlds], arity) + move], moves, rng)
        gains = np.where(np.repeat(nodes.player[worlds], arity) == 0, results, -results)
        width = int(arity.max())
        cell = (np.repeat(sets, arity) - lo) * width + move
        summed = np.bincount(cell, gains, minlength=(sets[-1] - lo + 1) * width)
        legal = np.bincount(cell, minlength=len(summed)) > 0
        best[lo : sets[-1] + 1] = np.where(legal, summed, -np.inf).reshape(-1, width).argmax(axis=1)
    return {d.key: [(a, float(i == best[k])) for i, a in enumerate(d.action_ids)] for k, d in enumerate(decisions)}


BOTS: dict[str, Callable[[Miniature, GameTree], Policy]] = {
    "random": uniform_policy,
    "heuristic": heuristic_policy,
    "heuristic, no reserve inference": lambda mini, tree: heuristic_policy(mini, tree, infer_reserve=False),
    "heuristic, half its moves at random": lambda mini, tree: half_random(heuristic_policy(mini, tree)),
    f"Monte Carlo, {MONTE_CARLO_SAMPLES} play-outs a move": lambda mini, tree: monte_carlo_policy(
        mini, tree, MONTE_CARLO_SAMPLES
    ),
}
"""Each bot measured, by name."""


def exploitabilities(mini: Miniature, game: Any = None, tree: GameTree | None = None) -> dict[str, float]:
    """Each bot's exploitability in a miniature (``game``/``tree``: already built, to save the time)."""
    import pyspiel

    tree = game_tree(mini) if tree is None else tree
    game = pyspiel.load_efg_game(tree.text) if game is None else game
    policies = {name: make(mini, tree) for name, make in BOTS.items()}
    return {name: pyspiel.exploitability(game, pyspiel.TabularPolicy(policy)) for name, policy in policies.items()}
