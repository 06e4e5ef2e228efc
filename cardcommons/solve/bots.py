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

import random
from collections.abc import Callable
from typing import Any

from cardcommons.bots.split_and_choose import STEP, HeuristicBot, profile_values
from cardcommons.cards import Rank
from cardcommons.solve.efg import GameTree, game_tree
from cardcommons.solve.miniature import Counts, Miniature

__all__ = ["BOTS", "exploitabilities", "heuristic_policy", "monte_carlo_policy", "profile_of"]

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


def monte_carlo_policy(mini: Miniature, tree: GameTree, game: Any, samples: int = 10, seed: int = 0) -> Policy:
    """MonteCarloBot's way, asked at each information set: each move is played
    out ``samples`` times to the end by HeuristicBot in both seats, from worlds
    drawn as the coach draws them (the cards the player has not seen dealt
    at random; a blind swap's card any the first player could give), and the
    best average is played. Each information set draws from its own
    ``random.Random((seed, its number))``. It walks the whole tree, so it is
    for mini2 only.

    >>> import pyspiel
    >>> from cardcommons.solve.miniature import MINI2
    >>> tree = game_tree(MINI2)
    >>> policy = monte_carlo_policy(MINI2, tree, pyspiel.load_efg_game(tree.text), samples=2)
    >>> len(policy)
    1364
    """
    heuristic = heuristic_policy(mini, tree)
    worlds: dict[str, list[tuple[Any, float]]] = {}

    def walk(state: Any, weight: float) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            for action, p in state.chance_outcomes():
                walk(state.child(action), weight * p)
            return
        key = state.information_state_string()
        worlds.setdefault(key, []).append((state, weight))
        moves = heuristic[key]
        player = state.current_player()
        for action, _ in moves:
            hidden_swap = player == 1 and key in first_at_reserve and action != moves[0][0]
            walk(state.child(action), weight / (len(moves) - 1) if hidden_swap else weight)

    first_at_reserve = {d.key for d in tree.decisions[1] if d.phase == "reserve"}
    walk(game.new_initial_state(), 1.0)

    def play_out(state: Any, rng: random.Random) -> float:
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state = state.child(rng.choices(actions, probs)[0])
            else:
                state = state.child(max(heuristic[state.information_state_string()], key=lambda m: m[1])[0])
        return float(state.returns()[0])

    policy: Policy = {}
    for ds in tree.decisions:
        for d in ds:
            rng = random.Random(f"{seed}-{d.player}-{d.number}")
            states, weights = zip(*worlds[d.key], strict=True)
            sign = 1.0 if d.player == 0 else -1.0
            averages = []
            for action in d.action_ids:
                drawn = rng.choices(states, weights, k=samples)
                averages.append(sum(sign * play_out(s.child(action), rng) for s in drawn) / samples)
            index = averages.index(max(averages))
            policy[d.key] = [(a, float(i == index)) for i, a in enumerate(d.action_ids)]
    return policy


BOTS: dict[str, Callable[[Miniature, GameTree], Policy]] = {
    "random": uniform_policy,
    "heuristic": heuristic_policy,
    "heuristic, no reserve inference": lambda mini, tree: heuristic_policy(mini, tree, infer_reserve=False),
}
"""Each bot measured, by name (and MonteCarloBot's way in mini2: :func:`monte_carlo_policy`)."""
MONTE_CARLO_SAMPLES = 10
"""Play-outs of each move at each information set, for the Monte Carlo bot."""


def exploitabilities(mini: Miniature, game: Any = None, tree: GameTree | None = None) -> dict[str, float]:
    """Each bot's exploitability in a miniature (``game``/``tree``: already built, to save the time)."""
    import pyspiel

    tree = game_tree(mini) if tree is None else tree
    game = pyspiel.load_efg_game(tree.text) if game is None else game
    policies = {name: make(mini, tree) for name, make in BOTS.items()}
    if mini.rounds == 2:
        policies[f"Monte Carlo, {MONTE_CARLO_SAMPLES} play-outs a move"] = monte_carlo_policy(
            mini, tree, game, MONTE_CARLO_SAMPLES
        )
    return {name: pyspiel.exploitability(game, pyspiel.TabularPolicy(policy)) for name, policy in policies.items()}
