"""The miniatures: their rules against the engine's where the two coincide,
their game trees against OpenSpiel's reading of them, mini2 solved by CFR+,
mini3's sizes, the bots' exploitability and the stored results."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import numpy as np
import pytest

from cardcommons.cards import Card
from cardcommons.categories import STANDARD
from cardcommons.errors import RulesError
from cardcommons.hands import value_of
from cardcommons.rates import games_needed
from cardcommons.solve.bots import BOTS, exploitabilities, heuristic_policy, monte_carlo_policy, moves_of
from cardcommons.solve.cfr import load_game, solve, stored
from cardcommons.solve.efg import _Writer, deals, game_tree
from cardcommons.solve.miniature import MINI2, MINI3, Miniature
from cardcommons.solve.nodes import CHANCE, PLAYER, TERMINAL, Nodes
from cardcommons.solve.self_play import MOST_GAMES, PILOT_GAMES, SAMPLES, SMALLEST_GAP, SelfPlay, play
from cardcommons.split_and_choose import PACK, build_table

pyspiel = pytest.importorskip("pyspiel")
MINI5 = Miniature("mini5", 5)
"""The real game's ranks, rounds and hands, suits ignored."""


def counts(cards: Any) -> tuple[int, ...]:
    """A 21-card pack's cards as MINI5 counts (10 to A, then the Joker)."""
    tally = Counter(5 if c.is_joker else int(c.rank) - 10 for c in cards)
    return tuple(tally[t] for t in range(6))


def may_flush(cards: list[Card]) -> bool:
    """Whether five of these cards can be read as a flush (the Joker wild for it)."""
    jokers = sum(c.is_joker for c in cards)
    suits = Counter(c.suit for c in cards if not c.is_joker)
    return max(suits.values(), default=0) + min(jokers, 1) >= 5


def test_mini5_orders_hands_as_the_engine_does_where_no_flush_is_possible() -> None:
    strengths: dict[tuple[int, ...], set[Any]] = {}
    for five in itertools.combinations(PACK.cards, 5):
        if not may_flush(list(five)):
            strengths.setdefault(MINI5.hand_key(counts(five)), set()).add(value_of(five, PACK, STANDARD))
    keys = sorted(strengths)
    assert all(len(strengths[k]) == 1 for k in keys)  # equal in the miniature: equal in the engine
    ordered = [next(iter(strengths[k])) for k in keys]
    assert all(a < b for a, b in itertools.pairwise(ordered))  # and the same order
    assert len(keys) > 20


def test_mini5_decides_games_as_the_engine_does_where_no_flush_is_possible() -> None:
    rng = random.Random(25)
    table = build_table()
    compared = 0
    while compared < 300:
        cards = rng.sample(PACK.cards, 20)
        first, second = cards[:10], cards[10:]
        if may_flush(first) or may_flush(second):
            continue
        difference = table.score(first) - table.score(second)
        assert MINI5.outcome(counts(first), counts(second)) == (difference > 0) - (difference < 0)
        compared += 1


def test_miniature_hands_and_their_errors() -> None:
    assert [str(c.value) for c in map(MINI3.category, [(1, 1, 1, 0), (3, 0, 0, 0), (2, 0, 0, 1)])] == [
        "straight",
        "three of a kind",
        "pair",
    ]
    assert len(MINI3.hands) == 10 + 6  # multisets of 3 from Q, K, A; and of 2 with the Joker
    with pytest.raises(RulesError, match="mini3"):
        MINI3.hand_key((1, 1, 1, 1))
    with pytest.raises(RulesError, match="holding"):
        MINI3.build_score((1, 1, 1, 0))
    with pytest.raises(RulesError, match="rounds"):
        Miniature("mini1", 1)
    with pytest.raises(RulesError, match="target"):
        solve(MINI2, target=0)


def test_exact_chance_sums_to_one_and_counts_the_ways() -> None:
    for stock in [(4, 4, 1), (4, 4, 4, 1), (2, 3, 0, 1)]:
        dealt = dict(deals(stock, 4))
        assert sum(dealt.values()) == 1
        # against drawing the cards one by one
        cards = [t for t, n in enumerate(stock) for _ in range(n)]
        tally = Counter(tuple(Counter(h)[t] for t in range(len(stock))) for h in itertools.combinations(cards, 4))
        total = sum(tally.values())
        assert {d: p * total for d, p in dealt.items()} == dict(tally)


def test_openspiel_reads_mini2_as_written() -> None:
    """Walking the loaded game: each state's information set is one of ours, with our
    moves in order; every history is there; each player has perfect recall."""
    tree = game_tree(MINI2)
    game = pyspiel.load_efg_game(tree.text)
    decisions = {d.key: d for ds in tree.decisions for d in ds}
    label = _Writer(MINI2, text=False).name
    reached: set[str] = set()
    leaves = 0

    def walk(state: Any) -> None:
        nonlocal leaves
        if state.is_terminal():
            leaves += 1
            return
        if state.is_chance_node():
            for action, _ in state.chance_outcomes():
                walk(state.child(action))
            return
        d = decisions[state.information_state_string()]
        reached.add(d.key)
        assert list(d.action_ids) == state.legal_actions()
        assert [state.action_to_string(a) for a in d.action_ids] == [label(m) for m in d.moves]
        for action in d.action_ids:
            walk(state.child(action))

    walk(game.new_initial_state())
    assert reached == set(decisions) and len(reached) == 1364
    assert leaves == tree.terminals


def test_mini2_solved_by_cfr_plus() -> None:
    result = solve(MINI2, target=1e-3)
    assert result.exploitability < 1e-3
    assert result.information_sets == 1364
    assert result.value == pytest.approx(stored()["solutions"]["mini2"]["value"], abs=2e-3)
    assert result.value > 0.1  # the first splitter is ahead in mini2


def test_the_mini3_generator_has_the_solved_sizes() -> None:
    tree = game_tree(MINI3, text=False)
    assert (tree.information_sets, tree.terminals, tree.chance_nodes) == (450_592, 3_500_352, 11_893)
    assert tree.information_sets == stored()["solutions"]["mini3"]["information_sets"]


def test_the_bots_in_mini2_and_their_stored_figures() -> None:
    tree = game_tree(MINI2)
    game = load_game(MINI2)
    figures = exploitabilities(MINI2, game, tree)
    assert figures == pytest.approx(stored()["bots"]["mini2"], abs=1e-9)  # deterministic policies
    assert figures["random"] > figures["heuristic"] > 0.05
    policy = heuristic_policy(MINI2, tree)
    assert all(sorted(p for _, p in moves)[-1] == 1.0 for moves in policy.values())  # one move a set


def test_the_stored_results_are_shown() -> None:
    data = stored()
    assert data["command"] == "make solve"
    mini2, mini3 = data["solutions"]["mini2"], data["solutions"]["mini3"]
    assert mini2["exploitability"] < 1e-3 and mini3["exploitability"] < 3e-3
    assert mini2["value"] > 0 > mini3["value"]  # the sign flips
    print(data)


def exact_lookahead(mini: Miniature) -> dict[str, list[float]]:
    """An oracle for the Monte Carlo bot with endless play-outs, by walking OpenSpiel's states:
    each move's value at each information set, HeuristicBot playing on from there, over the
    worlds weighted as the coach draws them (chance alone; a blind swap's card alike)."""
    tree = game_tree(mini)
    game = pyspiel.load_efg_game(tree.text)
    heuristic = heuristic_policy(mini, tree)
    first_at_reserve = {d.key for d in tree.decisions[1] if d.phase == "reserve"}

    def value(state: Any) -> float:  # to player 0, HeuristicBot in both seats
        if state.is_terminal():
            return float(state.returns()[0])
        if state.is_chance_node():
            return float(sum(p * value(state.child(a)) for a, p in state.chance_outcomes()))
        move = max(heuristic[state.information_state_string()], key=lambda m: m[1])[0]
        return value(state.child(move))

    sums: dict[str, list[float]] = {}

    def walk(state: Any, weight: float) -> None:
        if state.is_terminal():
            return
        if state.is_chance_node():
            for action, p in state.chance_outcomes():
                walk(state.child(action), weight * p)
            return
        key = state.information_state_string()
        sign = 1.0 if state.current_player() == 0 else -1.0
        moves = heuristic[key]
        totals = sums.setdefault(key, [0.0] * len(moves))
        for i, (action, _) in enumerate(moves):
            totals[i] += weight * sign * value(state.child(action))
        for action, _ in moves:
            hidden = state.current_player() == 1 and key in first_at_reserve and action != moves[0][0]
            walk(state.child(action), weight / (len(moves) - 1) if hidden else weight)

    walk(game.new_initial_state(), 1.0)
    return sums


def test_the_tree_read_back_from_its_text_is_openspiels() -> None:
    tree = game_tree(MINI2)
    nodes = Nodes.read(tree.text)
    game = pyspiel.load_efg_game(tree.text)
    counted = Counter[int]()

    def walk(state: Any, node: int, reach: float) -> None:
        assert nodes.chance_reach[node] == pytest.approx(reach)
        kids = nodes.children[nodes.first_child[node] : nodes.first_child[node + 1]]
        if state.is_terminal():
            counted[TERMINAL] += 1
            assert nodes.kind[node] == TERMINAL and nodes.payoff[node] == state.returns()[0]
            return
        if state.is_chance_node():
            counted[CHANCE] += 1
            outcomes = state.chance_outcomes()
            assert nodes.kind[node] == CHANCE and len(kids) == len(outcomes)
            for (action, p), kid in zip(outcomes, kids, strict=True):
                assert nodes.probability[np.flatnonzero(nodes.children == kid)[0]] == pytest.approx(p)
                walk(state.child(action), kid, reach * p)
            return
        counted[PLAYER] += 1
        assert nodes.kind[node] == PLAYER and nodes.player[node] == state.current_player()
        assert state.information_state_string() == tree.decisions[nodes.player[node]][nodes.infoset[node] - 1].key
        for action, kid in zip(state.legal_actions(), kids, strict=True):
            assert nodes.parent[kid] == node
            walk(state.child(action), kid, reach)

    walk(game.new_initial_state(), 0, 1.0)
    assert sum(counted.values()) == len(nodes)


def test_play_outs_average_to_the_exact_value() -> None:
    tree = game_tree(MINI2)
    nodes = Nodes.read(tree.text)
    heuristic = heuristic_policy(MINI2, tree)
    moves = moves_of(tree, heuristic)
    game = pyspiel.load_efg_game(tree.text)
    exact = pyspiel.expected_returns(game.new_initial_state(), pyspiel.TabularPolicy(heuristic), -1, True)[0]
    results = nodes.play_out(np.zeros(200_000, dtype=np.int64), moves, np.random.default_rng(3))
    assert abs(results.mean() - exact) < 4 * results.std() / np.sqrt(len(results))


def test_the_monte_carlo_bot_tends_to_the_exact_lookahead() -> None:
    """With many play-outs it plays the best move by the oracle wherever that move is clear."""
    tree = game_tree(MINI2)
    policy = monte_carlo_policy(MINI2, tree, samples=3000, seed=5)
    oracle = exact_lookahead(MINI2)
    clear = 0
    for key, values in oracle.items():
        ordered = sorted(values, reverse=True)
        if len(ordered) > 1 and ordered[0] - ordered[1] > 0.15 * max(abs(v) for v in ordered):
            clear += 1
            chosen = [p for _, p in policy[key]].index(1.0)
            assert values[chosen] == ordered[0], key
    assert clear > 500


def test_a_half_random_bot_and_mini3s_stored_figures() -> None:
    mini2, mini3 = stored()["bots"]["mini2"], stored()["bots"]["mini3"]
    assert set(mini2) == set(mini3) == set(BOTS)
    # in mini3 the rule of thumb is barely better than random, and mixing it with random is better than both
    assert mini3["heuristic, half its moves at random"] < mini3["heuristic"] < mini3["random"]
    assert mini2["heuristic"] < mini2["heuristic, half its moves at random"]


def test_the_stored_self_play_is_decisive_and_replays() -> None:
    run = SelfPlay.stored()
    assert run.samples == SAMPLES and len(run.outcomes) == run.games == run.summary.games
    assert set(run.outcomes) <= set("WDL")
    assert run.games == min(MOST_GAMES, max(PILOT_GAMES, games_needed(max(abs(run.pilot_gap), SMALLEST_GAP))))
    verdict = run.verdict()
    assert verdict.decided and verdict.higher is not None and verdict.higher.name == "the second splitter"
    again = play(run.samples, games=3, seed=run.seed, progress=False)
    assert again.outcomes == run.summary.outcomes[:3]
