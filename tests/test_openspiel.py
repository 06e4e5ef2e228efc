"""Both games in OpenSpiel: OpenSpiel's own random play-through checks, hidden
cards staying hidden, stable action ids, and agreement with our engine.

Without OpenSpiel (the extra ``openspiel``) these tests skip; with ``CI=true``
they fail instead, so CI never passes without them.
"""

from __future__ import annotations

import importlib.util
import os
import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardcommons.bots import GreedyBot, RandomBot
from cardcommons.cards import Card
from cardcommons.categories import Category
from cardcommons.errors import CardError, IllegalActionError, RulesError
from cardcommons.game import Game
from cardcommons.hands import evaluate
from cardcommons.packs import Pack
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

if importlib.util.find_spec("pyspiel") is None:
    reason = "OpenSpiel is not installed (pip install -e '.[openspiel]')"
    if os.environ.get("CI", "").lower() in {"1", "true", "yes"}:
        pytest.fail(f"the OpenSpiel tests cannot run in CI: {reason}", pytrace=False)
    pytest.skip(reason, allow_module_level=True)

import pyspiel

import cardcommons.openspiel  # noqa: F401  (registers the games)

SPLIT = "cardcommons_split_and_choose"
WHISKY = "cardcommons_whisky_poker"


def dealt(game: Any, cards: Sequence[Card]) -> Any:
    """A new OpenSpiel state with ``cards`` dealt at its chance nodes, in order."""
    state = game.new_initial_state()
    for card in cards:
        assert state.is_chance_node()
        state.apply_action(game.rules.cards.index(card))
    assert not state.is_chance_node()
    return state


def whisky_deal(table: WhiskyPoker) -> list[Card]:
    return [card for hand in (*table.hands, table.spare) for card in hand]


@pytest.mark.parametrize("params", [{}, {"first_splitter": 1, "face_up_swap": True}, {"candidate_actions": True}])
def test_random_sim_split_and_choose(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(SPLIT, params), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize(
    "params",
    [
        {"players": 2},
        {"players": 2, "jokers": True},
        {"players": 4, "jokers": True, "candidate_actions": True},
        {"players": 5, "jokers": True},
        {"players": 9},
        {"players": 3, "table_model": "rule_of_thumb"},
    ],
)
def test_random_sim_whisky(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(WHISKY, params), num_sims=2, serialize=True, verbose=False)


def test_whisky_table_size_is_checked() -> None:
    with pytest.raises(CardError, match="2 to 9 players, not 10"):
        pyspiel.load_game(WHISKY, {"players": 10})


def test_a_negative_move_bound_is_refused_with_the_projects_error() -> None:
    with pytest.raises(RulesError, match="or 0 for no bound, not -1"):
        pyspiel.load_game(WHISKY, {"max_moves": -1})


def test_impossible_ids_raise_and_change_nothing() -> None:
    game = pyspiel.load_game(SPLIT)
    state = game.new_initial_state()
    state.apply_action(20)
    with pytest.raises(IllegalActionError, match="chance outcome 20 is not a card left to deal"):
        state.apply_action(20)
    assert state.history() == [20]
    state = dealt(game, SplitAndChoose(seed=1).order)
    with pytest.raises(IllegalActionError, match=r"action 6 is not legal now; the legal ids are \[0, 1, 2, 3, 4, 5\]"):
        state.apply_action(6)
    assert state.legal_actions() == [0, 1, 2, 3, 4, 5]
    assert len(state.history()) == 21


def views(state: Any, player: int) -> tuple[Any, ...]:
    """Everything OpenSpiel shows a player: both strings and both tensors where the game has them."""
    info_tensor = (
        tuple(state.information_state_tensor(player))
        if state.get_game().get_type().provides_information_state_tensor
        else ()
    )
    return (
        state.information_state_string(player),
        state.observation_string(player),
        info_tensor,
        tuple(state.observation_tensor(player)),
    )


def test_split_and_choose_hides_the_reserve_and_the_stock() -> None:
    order = list(SplitAndChoose(seed=4).order)
    other = list(order)
    other[0], other[20] = other[20], other[0]  # the reserve and a card of round 5: nobody has seen either
    game = pyspiel.load_game(SPLIT)
    states = [dealt(game, order), dealt(game, other)]
    rng = random.Random(0)
    while states[0].table.round < 4:
        assert views(states[0], 0) == views(states[1], 0)
        assert views(states[0], 1) == views(states[1], 1)
        assert states[0].legal_actions() == states[1].legal_actions()
        for action in states[0].legal_actions():  # each id means the same action in both
            assert states[0].action_to_string(action) == states[1].action_to_string(action)
        action = rng.choice(states[0].legal_actions())
        for state in states:
            state.apply_action(action)
    # Round 5's splitter now sees its 4 cards: one of them differs.
    splitter = states[0].current_player()
    for mine, its_twin in zip(views(states[0], splitter), views(states[1], splitter), strict=True):
        assert mine != its_twin  # both strings and both tensors show it
    assert views(states[0], 1 - splitter) == views(states[1], 1 - splitter)


def test_split_and_choose_hides_a_face_down_pair_the_splitter_keeps() -> None:
    order = list(SplitAndChoose(seed=9).order)
    game = pyspiel.load_game(SPLIT)
    state = dealt(game, order)
    state.apply_action(0)
    face_up, face_down = state.table.history[0].face_up, state.table.history[0].face_down
    other = list(order)
    i = other.index(face_down[0])
    other[0], other[i] = other[i], other[0]  # a card of the face-down pair and the reserve
    twin = dealt(game, other)
    twin.apply_action(next(a for a in twin.legal_actions() if twin.child(a).table.history[0].face_up == face_up))
    for s in (state, twin):
        s.apply_action(6)  # the chooser takes the face-up pair, never seeing the other
    assert views(state, 1) == views(twin, 1)
    assert views(state, 0) != views(twin, 0)


def play_draft(state: Any, face_ups: list[Any] | None = None) -> list[Any]:
    """Draft with every chooser taking the face-up pair; each split puts ``face_ups[r]`` face up
    (the first legal split when not given). Returns the face-up pairs."""
    pairs: list[Any] = []
    while state.table.phase in ("split", "choose"):
        if state.table.phase == "choose":
            state.apply_action(6)
            continue
        wanted = face_ups[len(pairs)] if face_ups else None
        split = next(
            a for a in state.legal_actions() if wanted is None or state.child(a).table.history[-1].face_up == wanted
        )
        state.apply_action(split)
        pairs.append(state.table.history[-1].face_up)
    return pairs


@pytest.mark.parametrize("face_up_swap", [False, True])
def test_a_blind_swap_hides_the_card_given(face_up_swap: bool) -> None:
    game = pyspiel.load_game(SPLIT, {"face_up_swap": face_up_swap})
    order = list(SplitAndChoose(seed=3).order)
    state = dealt(game, order)
    face_ups = play_draft(state)
    given = state.table.history[2].face_down[0]  # Player 1 split round 2 and kept the face-down pair
    other = list(order)
    i = other.index(given)
    other[0], other[i] = other[i], other[0]  # that card and the reserve trade places
    twin = dealt(game, other)
    play_draft(twin, face_ups)
    assert views(state, 0) == views(twin, 0)
    # Player 1 swaps the card it kept (a different card in each deal) for the reserve.
    for s, card in ((state, given), (twin, order[0])):
        s.apply_action(next(a for a in s.legal_actions() if s.action_to_string(a) == f"swap {card} for the reserve"))
    assert (views(state, 0) == views(twin, 0)) is not face_up_swap


def test_whisky_hides_other_hands_the_spare_and_the_stock() -> None:
    table = WhiskyPoker(players=3, seed=2, dealer=2)
    cards = whisky_deal(table)
    unseen = table.stock[0]
    other = list(cards)
    other[5] = unseen  # seat 1's first card swapped for an undealt one
    game = pyspiel.load_game(WHISKY, {"players": 3})
    states = [dealt(game, cards), dealt(game, other)]
    for _ in range(3):  # every seat passes: the spare turns face up
        assert views(states[0], 0) == views(states[1], 0)
        assert views(states[0], 2) == views(states[1], 2)
        assert views(states[0], 1)[1::2] != views(states[1], 1)[1::2]  # seat 1's observation string and tensor
        for state in states:
            state.apply_action(0)
    assert states[0].table.spare_face_up
    assert views(states[0], 0) == views(states[1], 0)
    assert views(states[0], 2) == views(states[1], 2)


def test_split_ids_follow_the_cards_not_the_deal_order() -> None:
    order = list(SplitAndChoose(seed=5).order)
    shuffled = order[:1] + order[4:0:-1] + order[5:]  # round 1's four cards dealt in reverse
    game = pyspiel.load_game(SPLIT)
    states = [dealt(game, order), dealt(game, shuffled)]
    # Our engine lists the splits in deal order, so its lists differ ...
    assert [str(a) for a in states[0].table.legal_actions()] != [str(a) for a in states[1].table.legal_actions()]
    # ... but the splitter sees the same thing and every id means the same split.
    assert views(states[0], 0) == views(states[1], 0)
    assert states[0].legal_actions() == states[1].legal_actions()
    for action in states[0].legal_actions():
        assert states[0].action_to_string(action) == states[1].action_to_string(action)


def play_both(table: Game, state: Any, bots: Sequence[RandomBot]) -> None:
    """Play our game with ``bots`` and the OpenSpiel state alongside, checking they agree at every move."""
    while not table.is_over:
        player = table.current_player
        assert state.current_player() == player
        legal = {state.action_to_string(a): a for a in state.legal_actions()}
        assert len(legal) == len(state.legal_actions())
        assert set(legal) == {str(a) for a in table.legal_actions()}
        assert player is not None
        action = bots[player].act(table.observation(player), table.legal_actions())
        table.apply(action)
        state.apply_action(legal[str(action)])
    assert state.is_terminal()
    result = table.result
    assert result is not None
    assert state.table.result.winners == result.winners
    players = table.players
    assert state.returns() == pytest.approx([players * result.share(p, players) - 1 for p in range(players)])
    assert sum(state.returns()) == pytest.approx(0)


@pytest.mark.parametrize("seed", range(4))
def test_split_and_choose_agrees_with_the_engine(seed: int) -> None:
    table = SplitAndChoose(seed=seed, first_splitter=seed % 2)
    state = dealt(pyspiel.load_game(SPLIT, {"first_splitter": seed % 2}), table.order)
    play_both(table, state, [RandomBot(seed), RandomBot(seed + 10)])


@pytest.mark.parametrize(("players", "jokers", "seed"), [(2, False, 0), (2, True, 1), (4, True, 2), (9, True, 3)])
def test_whisky_agrees_with_the_engine(players: int, jokers: bool, seed: int) -> None:
    table = WhiskyPoker(players=players, jokers=jokers, seed=seed, dealer=players - 1)
    state = dealt(pyspiel.load_game(WHISKY, {"players": players, "jokers": jokers}), whisky_deal(table))
    play_both(table, state, [RandomBot(seed * 10 + p) for p in range(players)])


def test_outcome_sampling_mccfr_runs_on_split_and_choose() -> None:
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    np.random.seed(0)  # the solver samples with NumPy's global generator
    game = pyspiel.load_game(SPLIT, {"candidate_actions": True})
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(20):
        solver.iteration()
    state = dealt(game, SplitAndChoose(seed=1).order)
    policy = solver.average_policy().action_probabilities(state)
    assert sorted(policy) == state.legal_actions()
    assert sum(policy.values()) == pytest.approx(1)


def test_observation_tensors_mark_the_cards_a_player_holds() -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(SPLIT)
    state = dealt(game, SplitAndChoose(seed=2).order)
    observation = make_observation(game)
    observation.set_from(state, 0)
    marked = np.flatnonzero(observation.dict["split_cards"][0])
    assert {game.rules.cards[i] for i in marked} == set(state.table.stock_cards(0))

    game = pyspiel.load_game(WHISKY, {"players": 5, "jokers": True})
    table = WhiskyPoker.from_deal(
        ["Jo Jo As Ad Ks", "Qh Qs Jc 10d 9h", "6c 6d 6h 6s 7c", "7d 7h 7s 8c 8d", "8h 8s 9c 9d 9s"],
        "Ac Kc Qc Jd 10s",
        jokers=True,
    )
    state = dealt(game, whisky_deal(table))
    observation = make_observation(game)
    observation.set_from(state, 0)
    hand = observation.dict["hand"]
    held = {str(game.rules.cards[i]): int(hand[i]) for i in np.flatnonzero(hand)}
    assert held == {"JO": 2, "A♠": 1, "A♦": 1, "K♠": 1}


def _positions_of(game_name: str, params: dict[str, Any], seed: int) -> list[Any]:
    """Every decision of one random game, as OpenSpiel states."""
    rng = np.random.RandomState(seed)
    state = pyspiel.load_game(game_name, params).new_initial_state()
    found = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probabilities))
            continue
        found.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return found


@pytest.mark.parametrize(
    ("game_name", "params"),
    [
        (SPLIT, {}),
        (SPLIT, {"face_up_swap": True, "candidate_actions": True}),
        (WHISKY, {"players": 3, "jokers": True}),
        (SPLIT, {"table_model": "rule_of_thumb"}),
        (WHISKY, {"players": 3, "jokers": True, "table_model": "rule_of_thumb"}),
    ],
)
def test_a_resampled_state_is_one_the_player_cannot_tell_apart(game_name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's ISMCTS asks for states that agree with what the player knows:
    the same information state and history length, its own cards, the other
    hidden cards dealt anew (so the samples differ), and its legal moves."""
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    differ = 0
    for state in _positions_of(game_name, params, seed=1):
        player = state.current_player()
        others = [p for p in range(state.num_players()) if p != player]
        for _ in range(3):
            world = state.resample_from_infostate(player, sampler)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            assert len(world.history()) == len(state.history()) and world.legal_actions() == state.legal_actions()
            differ += any(world.information_state_string(p) != state.information_state_string(p) for p in others)
            world.apply_action(world.legal_actions()[0])  # a state that plays on
    assert differ > 0


def test_a_state_resampled_after_a_knock_reads_it_under_the_rule_of_thumb_model() -> None:
    """Two players, seat 0 knocks (GreedyBots' game): resampled for seat 1,
    the knocker holds a stronger hand by the rule of thumb than uniformly."""
    game = WhiskyPoker(2, seed=14, dealer=1)  # the last seat deals, as in OpenSpiel
    deal = whisky_deal(game)
    bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
    while game.knocker is None:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    assert game.knocker == 0 and game.current_player == 1
    pack = Pack.whisky(2, jokers=False)
    means = {}
    for model in ("uniform", "rule_of_thumb"):
        spiel = pyspiel.load_game(WHISKY, {"players": 2, "table_model": model})
        state = dealt(spiel, deal)
        for action in game.actions:
            state.apply_action(spiel.rules.action_id(action))
        sampler = random.Random(1).random
        levels = []  # the knocker's category, 0 for high card up to 8 for a straight flush
        for _ in range(100):
            world = state.resample_from_infostate(1, sampler)
            assert world.information_state_string(1) == state.information_state_string(1)
            levels.append(len(Category) - 1 - list(Category).index(evaluate(world.table.hands[0], pack).category))
        means[model] = float(np.mean(levels))
    assert means["rule_of_thumb"] - means["uniform"] > 1.5, means  # measured: about 3.4 (standard error about 0.2)


def test_the_table_model_is_checked() -> None:
    with pytest.raises(RulesError, match="table_model is one of 'uniform', 'rule_of_thumb', not 'greedy'"):
        pyspiel.load_game(WHISKY, {"table_model": "greedy"})
    with pytest.raises(RulesError, match="not 'Uniform'"):
        pyspiel.load_game(SPLIT, {"table_model": "Uniform"})


@pytest.mark.parametrize(("game_name", "params"), [(SPLIT, {}), (WHISKY, {"players": 3})])
def test_openspiels_ismcts_bot_plays_both_games(game_name: str, params: dict[str, Any]) -> None:
    """OpenSpiel's ISMCTS (its Python bot: the C++ one cannot call a Python game's
    resampling) once stopped at once, the adapters having no resample_from_infostate."""
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(0)
    game = pyspiel.load_game(game_name, params)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choice(outcomes, p=probabilities))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sum(state.returns()) == pytest.approx(0) and state.table.is_over


def test_outcome_sampling_mccfr_stays_finite_on_whisky_with_every_legal_action() -> None:
    """Random play (as a solver explores) now and then played a 240-move game whose
    sampling probability fell below the smallest float: a division by zero, and
    non-finite regrets. A game still going after max_moves moves is a draw. (150
    iterations, about 10 s: the unbounded game failed at iteration 148 of this seed.)"""
    from open_spiel.python.algorithms import outcome_sampling_mccfr

    np.random.seed(0)  # the solver samples with NumPy's global generator
    game = pyspiel.load_game(WHISKY)  # 4 players, every legal action
    assert game.max_game_length() == 100
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    with np.errstate(all="raise"):
        for _ in range(150):
            solver.iteration()
    tables = [array for info in solver._infostates.values() for array in info]
    assert tables and all(np.isfinite(array).all() for array in tables)


@pytest.mark.parametrize("players", range(2, 10))
def test_no_whisky_game_is_too_long_to_sample(players: int) -> None:
    """The rarest trajectory outcome sampling can draw: the deal's probability, then
    max_game_length moves each drawn with exploration's least probability (0.6 over
    27 moves at most) stays far above the smallest float (about 1e-308)."""
    game = pyspiel.load_game(WHISKY, {"players": players, "jokers": True})
    deal = 5 * (players + 1)
    pack = len(Pack.whisky(players, jokers=True))
    chance = -sum(np.log10(pack - k) for k in range(deal))
    assert chance + game.max_game_length() * np.log10(0.6 / 27) > -250


def test_the_move_bound_ends_a_whisky_game_as_a_draw() -> None:
    game = pyspiel.load_game(WHISKY, {"players": 2, "max_moves": 3})
    state = dealt(game, whisky_deal(WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")))
    for name in ("pass", "pass", "give"):
        assert not state.is_terminal()
        state.apply_action(next(a for a in state.legal_actions() if state.action_to_string(a).startswith(name)))
    assert state.is_terminal() and state.returns() == [0.0, 0.0] and state.legal_actions() == []
    assert state.current_player() == pyspiel.PlayerId.TERMINAL and not state.table.is_over
    with pytest.raises(IllegalActionError, match="the game is over"):
        state._play.apply(0)
    assert pyspiel.load_game(WHISKY, {"max_moves": 0}).max_game_length() == 2**31 - 1


def _play_episode(env: Any, rng: random.Random, knock: bool = True) -> int:
    """Random agents through PettingZoo's loop (never knocking, if asked); the moves played."""
    moves = 0
    for _agent in env.agent_iter():
        _observation, _reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = [int(a) for a in np.flatnonzero(info["action_mask"])]
        assert legal == env.game_state.legal_actions()
        choices = [a for a in legal if knock or env.game_state.action_to_string(a) != "knock"] or legal
        env.step(rng.choice(choices))
        moves += 1
    return moves


@pytest.mark.parametrize(
    ("game_name", "params", "agents"), [(SPLIT, {}, 2), (WHISKY, {"players": 3, "jokers": True}, 3)]
)
def test_pettingzoo_through_shimmy_plays_whole_games(game_name: str, params: dict[str, Any], agents: int) -> None:
    """Shimmy's wrapper, as given, cut Split and Choose after one move (it counts the
    21 cards dealt against max_game_length), and with env=game reloaded a 3-player
    table as a 4-player one. pettingzoo_env passes PettingZoo's API test and plays whole games."""
    from pettingzoo.test import api_test

    from cardcommons.openspiel.pettingzoo import pettingzoo_env

    api_test(pettingzoo_env(game_name, **params), num_cycles=30)
    env = pettingzoo_env(game_name, **params)
    rng = random.Random(1)
    for seed in range(3):
        env.reset(seed=seed)
        assert len(env.possible_agents) == agents
        moves = _play_episode(env, rng)
        assert env.game_state.is_terminal() and env.game_state.table.is_over
        assert game_name == WHISKY or moves == 14
        assert sum(env.game_state.returns()) == pytest.approx(0)


def test_a_whisky_episode_that_nobody_knocks_ends_at_the_move_bound_not_before() -> None:
    """Shimmy would truncate at 100 steps, the 20 cards dealt among them."""
    from cardcommons.openspiel.pettingzoo import pettingzoo_env

    env = pettingzoo_env(WHISKY, players=3)
    env.reset(seed=4)
    moves = _play_episode(env, random.Random(2), knock=False)
    assert env.game_state.is_terminal() and moves == 100 and env.game_state.returns() == [0.0, 0.0, 0.0]


def test_the_readmes_pettingzoo_loop_plays_a_whole_game() -> None:
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    code = readme.split("For [PettingZoo]", 1)[1].split("```python\n", 1)[1].split("```", 1)[0]
    run: dict[str, Any] = {}
    exec(code, run)
    assert run["env"].game_state.is_terminal() and run["env"].game_state.table.is_over
