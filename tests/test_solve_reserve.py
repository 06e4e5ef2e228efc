"""The exact reserve coach against brute force: every world played out by the
game itself (its moves, its views as information sets, best builds, its
scoring), every pure strategy of both players enumerated."""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pytest
from scipy.optimize import linprog

from cardcommons.bots import HeuristicBot
from cardcommons.cards import parse_card
from cardcommons.errors import RulesError
from cardcommons.game import Action, Observation
from cardcommons.solve.reserve import ASSUMPTION, reserve_exploitability, solve_reserve
from cardcommons.split_and_choose import Choose, Keep, Split, SplitAndChoose, Swap, best_build, stage
from cardcommons.whisky import WhiskyPoker
from cardcommons.widgets import SplitAndChooseTable
from cardcommons.widgets.game_table import YOU

HANDS = ("Ts Ah Qs Kc Qh As Jh Jo Qc Jc", "Th Jd Ks Qd Kh Td Kd Ad Ac Tc", "Js")
FIRST, SECOND = 1, 0  # stage()'s first splitter is Player 0: Player 1 split twice and moves first at the reserve


def staged(face_down_taken: Sequence[int], face_up_swap: bool = False) -> SplitAndChoose:
    return stage(*HANDS, face_down_taken=face_down_taken, at_reserve=True, face_up_swap=face_up_swap)


def replayed(order: Sequence[object], like: SplitAndChoose) -> SplitAndChoose:
    """``like``'s draft, dealt from ``order``: each round's first two cards face up, the next two face down."""
    game = SplitAndChoose.from_order(order, like.first_splitter, like.face_up_swap)  # type: ignore[arg-type]
    choices = [a.face_up for a in like.history if isinstance(a, Choose)]
    for r, up in enumerate(choices):
        cards = order[1 + 4 * r : 5 + 4 * r]
        game.apply(Split(face_up=tuple(cards[:2]), face_down=tuple(cards[2:])))  # type: ignore[arg-type]
        game.apply(Choose(up))
    return game


@dataclass
class BruteForce:
    """The reserve game by enumeration: every permutation of the hidden cards over their places (so every
    world alike), each player's information sets as the game's own views, the payoff of every pair of moves."""

    first_sets: list[Hashable]
    second_sets: list[Hashable]
    first_moves: list[list[Action]]
    second_moves: list[list[Action]]
    first_of: npt.NDArray[np.intp]  # (deals,): the first mover's set
    second_of: npt.NDArray[np.intp]  # (deals, 11)
    payoff: npt.NDArray[np.float64]  # (deals, 11, 11), to the first mover
    views: dict[Hashable, Observation]

    def value(self, first: npt.NDArray[np.float64], second: npt.NDArray[np.float64]) -> float:
        """The first mover's value when both play these behaviour strategies (a mix per set)."""
        mix_first = first[self.first_of]  # (deals, 11)
        mix_second = second[self.second_of]  # (deals, 11, 11)
        return float((mix_first[:, :, None] * mix_second * self.payoff).sum(axis=(1, 2)).mean())

    def pure(self, sets: int) -> npt.NDArray[np.float64]:
        """Every pure strategy over ``sets`` information sets, as one-hot behaviour strategies."""
        choices = np.array(list(itertools.product(range(11), repeat=sets)))
        pure: npt.NDArray[np.float64] = np.eye(11)[choices]
        return pure


def brute_force(game: SplitAndChoose) -> BruteForce:
    hidden = [0] + [
        1 + 4 * r + i
        for r, up in enumerate(a.face_up for a in game.history if isinstance(a, Choose))
        if up
        for i in (2, 3)
    ]
    first_sets: list[Hashable] = []
    second_sets: list[Hashable] = []
    first_moves: list[list[Action]] = []
    second_moves: list[list[Action]] = []
    first_of, second_of, payoff = [], [], []
    views: dict[Hashable, Observation] = {}
    for cards in itertools.permutations([game.order[i] for i in hidden]):
        order = list(game.order)
        for place, card in zip(hidden, cards, strict=True):
            order[place] = card
        world = replayed(order, game)
        view = world.observation(FIRST)
        if view not in first_sets:
            first_sets.append(view)
            first_moves.append(list(world.legal_actions()))
            views[view] = view
        first_of.append(first_sets.index(view))
        row, outcome = [], []
        for move in first_moves[first_sets.index(view)]:
            after = replayed(order, game)
            after.apply(move)
            seen = after.observation(SECOND)
            if seen not in second_sets:
                second_sets.append(seen)
                second_moves.append(list(after.legal_actions()))
                views[seen] = seen
            row.append(second_sets.index(seen))
            results = []
            for reply in second_moves[second_sets.index(seen)]:
                end = replayed(order, game)
                end.apply(move)
                end.apply(reply)
                while (player := end.current_player) is not None:
                    end.apply(best_build(end.hand(player)))
                assert end.result is not None
                results.append(1.0 if end.result.winners == {FIRST} else -1.0 if end.result.winners == {SECOND} else 0)
            outcome.append(results)
        second_of.append(row)
        payoff.append(outcome)
    return BruteForce(
        first_sets,
        second_sets,
        first_moves,
        second_moves,
        np.array(first_of),
        np.array(second_of),
        np.array(payoff),
        views,
    )


def coach_mix(force: BruteForce, sets: list[Hashable], moves: list[list[Action]]) -> npt.NDArray[np.float64]:
    """The exact coach's mix at every information set, in the order of the game's legal moves."""
    mixes = []
    for key, legal in zip(sets, moves, strict=True):
        weight = {m.action: m.weight for m in solve_reserve(force.views[key]).moves}  # type: ignore[arg-type]
        mixes.append([weight[a] for a in legal])  # type: ignore[index]
    return np.array(mixes)


def matrix_value(force: BruteForce) -> float:
    """The game's value for the first mover, from its normal form: every pure strategy against every other."""
    first = np.array(list(itertools.product(range(11), repeat=len(force.first_sets))))  # a move per set
    second = np.array(list(itertools.product(range(11), repeat=len(force.second_sets))))
    deals = np.arange(len(force.payoff))
    move = first[:, force.first_of]  # (strategies, deals)
    reply = second[:, force.second_of[deals, move]]  # (replies, strategies, deals)
    matrix = force.payoff[deals, move, reply].mean(axis=2).T
    # max v subject to: for every reply column, the mix over rows earns at least v
    rows, columns = matrix.shape
    result = linprog(
        np.r_[np.zeros(rows), -1.0],
        A_ub=np.c_[-matrix.T, np.ones(columns)],
        b_ub=np.zeros(columns),
        A_eq=np.r_[np.ones(rows), 0.0][None],
        b_eq=[1.0],
        bounds=[(0, None)] * rows + [(None, None)],
        method="highs",
    )
    return float(-result.fun)


@pytest.fixture(scope="module")
def small() -> tuple[SplitAndChoose, BruteForce]:
    """Player 1 kept one face-down pair, Player 0 none: 3 worlds, 3 sets of the first mover, 2 of the second."""
    game = staged(face_down_taken=(0, 1, 2, 4))
    force = brute_force(game)
    assert (len(force.first_sets), len(force.second_sets)) == (3, 2)
    return game, force


def test_value_and_mixes_match_the_normal_form(small: tuple[SplitAndChoose, BruteForce]) -> None:
    game, force = small
    value = matrix_value(force)
    first = coach_mix(force, force.first_sets, force.first_moves)
    second = coach_mix(force, force.second_sets, force.second_moves)
    gap = reserve_exploitability(game.observation(FIRST), HeuristicBot(seed=0), FIRST)
    assert gap.equilibrium == pytest.approx(value, abs=1e-7)
    # the first mover's mix earns the value against every pure reply, the second's concedes no more to any move
    assert min(force.value(first, s) for s in force.pure(len(force.second_sets))) == pytest.approx(value, abs=1e-7)
    assert max(force.value(f, second) for f in force.pure(len(force.first_sets))) == pytest.approx(value, abs=1e-7)


def test_each_moves_value_is_its_expected_payoff(small: tuple[SplitAndChoose, BruteForce]) -> None:
    _, force = small
    first = coach_mix(force, force.first_sets, force.first_moves)
    second = coach_mix(force, force.second_sets, force.second_moves)
    for i, key in enumerate(force.first_sets):
        # the moves of the mix meet the second's equilibrium replies; a move outside it can be worth no more
        deals = force.first_of == i
        expected = (second[force.second_of[deals]] * force.payoff[deals]).sum(axis=2).mean(axis=0)
        solution = solve_reserve(force.views[key])  # type: ignore[arg-type]
        shown = {m.action: m.value for m in solution.moves}
        played = first[i] > 0
        assert np.array([shown[a] for a in force.first_moves[i]])[played] == pytest.approx(expected[played], abs=1e-7)  # type: ignore[index]
        assert max(shown.values()) == pytest.approx(solution.value, abs=1e-7)
    for j, key in enumerate(force.second_sets):
        where = force.second_of == j
        belief = first[force.first_of][where]
        if belief.sum() == 0:  # a first move the equilibrium never makes: its deals weighed alike
            belief = np.ones_like(belief)
        expected = -(belief / belief.sum()) @ force.payoff[where]
        shown = {m.action: m.value for m in solve_reserve(force.views[key]).moves}  # type: ignore[arg-type]
        assert [shown[a] for a in force.second_moves[j]] == pytest.approx(expected.tolist(), abs=1e-7)  # type: ignore[index]


def test_one_world_blind() -> None:
    """Every pair taken face down: only the reserve is unseen (one world), but a blind swap hides the card given."""
    game = staged(face_down_taken=range(5))
    force = brute_force(game)
    assert force.payoff.shape[0] == 1 and len(force.second_sets) == 2
    value = matrix_value(force)
    assert solve_reserve(game.observation(FIRST)).value == pytest.approx(value, abs=1e-7)
    second = coach_mix(force, force.second_sets, force.second_moves)
    assert max(force.value(f, second) for f in force.pure(1)) == pytest.approx(value, abs=1e-7)


def test_one_world_face_up_is_a_game_of_perfect_information() -> None:
    """The same, with the face-up swap: the second mover sees all, so the first's move meets the best reply to it."""
    game = staged(face_down_taken=range(5), face_up_swap=True)
    force = brute_force(game)
    best = force.payoff[0].min(axis=1)
    solution = solve_reserve(game.observation(FIRST))
    assert solution.worlds == 1
    assert solution.value == pytest.approx(best.max())
    assert sorted(m.value for m in solution.moves) == pytest.approx(sorted(best.tolist()))


@pytest.mark.parametrize("face_up_swap", [False, True])
def test_only_the_players_view_is_read(face_up_swap: bool) -> None:
    """Games that deal the hidden cards differently but look the same to the player get the same answer."""
    game = staged(face_down_taken=(1,), face_up_swap=face_up_swap)
    views = [game.observation(FIRST)]
    if not face_up_swap:  # after a face-up swap the second mover can tell every card's place
        after = staged(face_down_taken=(1,))
        after.apply(Swap(parse_card("Ac")))
        views.append(after.observation(SECOND))
    for view in views:
        answer = solve_reserve(view)
        others = [view.sample_game(random.Random(seed)) for seed in range(4)]
        assert len({(other.reserve, other.hand(1 - view.player)) for other in others}) > 1
        for other in others:
            assert solve_reserve(other.observation(view.player)) == answer


def test_the_assumption_is_shown() -> None:
    solution = solve_reserve(staged(face_down_taken=(0, 1, 2, 4)).observation(FIRST))
    assert ASSUMPTION in str(solution)
    assert "Worked out exactly" in solution._repr_html_() and "equally likely" in solution._repr_html_()


def test_top_lists_the_best_moves_and_counts_the_rest() -> None:
    solution = solve_reserve(staged(face_down_taken=(0, 1, 2, 4)).observation(FIRST))
    assert len(solution.moves) == 11
    everything = str(solution).splitlines()
    assert everything[-1] == f"  11. {solution.moves[-1]}" and "more moves" not in str(solution)
    short = solution.top(3)
    assert short == solution and short.moves == solution.moves  # only what is shown changes
    assert str(short).splitlines() == [*everything[:4], "  ... and 8 more moves."]
    html = short.html()
    assert html.count("<li>") == 3 and "… and 8 more moves." in html
    assert solution.html().count("<li>") == 11 and "padding-left:2.4em" in solution.html()  # room for "11."
    assert str(solution.top(20)) == str(solution)


@pytest.mark.parametrize("shown", [0, -1, 2.5, True, "3"])
def test_top_refuses_what_is_not_a_count_of_moves(shown: object) -> None:
    solution = solve_reserve(staged(face_down_taken=(0, 1, 2, 4)).observation(FIRST))
    with pytest.raises(RulesError, match=r"ReserveSolution\.top: shown"):
        solution.top(shown)  # type: ignore[arg-type]


def test_exploitability_matches_a_best_response_found_by_enumeration(small: tuple[SplitAndChoose, BruteForce]) -> None:
    game, force = small
    bot = HeuristicBot(seed=0)
    first = np.array(
        [
            np.eye(11)[moves.index(bot.act(force.views[key], moves))]
            for key, moves in zip(force.first_sets, force.first_moves, strict=True)
        ]
    )
    second = np.array(
        [
            np.eye(11)[moves.index(bot.act(force.views[key], moves))]
            for key, moves in zip(force.second_sets, force.second_moves, strict=True)
        ]
    )
    as_first = reserve_exploitability(game.observation(FIRST), HeuristicBot(seed=0), FIRST)
    as_second = reserve_exploitability(game.observation(FIRST), HeuristicBot(seed=0), SECOND)
    assert as_first.value == pytest.approx(min(force.value(first, s) for s in force.pure(len(force.second_sets))))
    assert as_second.value == pytest.approx(-max(force.value(f, second) for f in force.pure(len(force.first_sets))))
    assert as_first.loss >= -1e-9 and as_second.loss >= -1e-9
    assert as_first.equilibrium == pytest.approx(-as_second.equilibrium)


class Keeper:
    """Always keeps: a policy the first mover's reply can read."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return Keep()


class Cheat:
    """Gives the reserve's card, which it does not hold."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        return Swap(parse_card(HANDS[2]))


def test_bad_input_is_refused() -> None:
    game = staged(face_down_taken=(0, 1, 2, 4))
    with pytest.raises(RulesError, match="the player to move at the reserve"):
        solve_reserve(game.observation(SECOND))  # not its turn
    with pytest.raises(RulesError, match="phase 'build'"):
        solve_reserve(stage(*HANDS, best_builds=False).observation(FIRST))
    with pytest.raises(RulesError, match="players 0 and 1, not 2"):
        reserve_exploitability(game.observation(FIRST), Keeper(), 2)
    with pytest.raises(RulesError, match="a reserve policy plays keep or a swap"):
        reserve_exploitability(game.observation(FIRST), Cheat(), FIRST)
    assert reserve_exploitability(game.observation(FIRST), Keeper(), FIRST).loss >= 0


def _edited(**fields: object) -> object:
    return dataclasses.replace(staged(face_down_taken=(0, 1, 2, 4)).observation(FIRST), **fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("view", "message"),
    [
        (None, "reads a Split and Choose view, not None"),
        (WhiskyPoker(2, seed=1).observation(0), "reads a Split and Choose view, not <what seat 0 knows in Whisky"),
        (
            dataclasses.replace(SplitAndChoose(seed=1).observation(1), phase="reserve", current_player=1),
            r"holds ten different cards, not \(\)",
        ),
        (
            dataclasses.replace(stage(*HANDS, best_builds=False).observation(FIRST), phase="reserve", current_player=1),
            "the first none, not",
        ),
        (_edited(hand=()), r"holds ten different cards, not \(\)"),
        (_edited(hand=(parse_card("As"),) * 10), "holds ten different cards, not \\(A♠, A♠"),
    ],
    ids=["None", "a Whisky view", "in the draft", "in the build", "an empty hand", "a card ten times"],
)
def test_a_view_that_is_not_at_the_reserve_is_refused_by_name(view: object, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        solve_reserve(view)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=message):
        reserve_exploitability(view, Keeper(), FIRST)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("policy", "player", "message"),
    [
        (None, FIRST, "a bot \\(with an act method\\), not None"),
        (Keeper(), 1.0, "players 0 and 1, not 1.0"),
        (Keeper(), True, "players 0 and 1, not True"),
    ],
)
def test_a_policy_or_player_that_is_not_one_is_refused_by_name(policy: object, player: object, message: str) -> None:
    view = staged(face_down_taken=(0, 1, 2, 4)).observation(FIRST)
    with pytest.raises(RulesError, match=message):
        reserve_exploitability(view, policy, player)  # type: ignore[arg-type]


def test_the_hint_at_the_reserve_is_exact() -> None:
    """At the reserve the table's Hint gives the exact coach's answer for your view, and says it is exact."""
    table = SplitAndChooseTable(seed=5, first_splitter=0, background=False)
    while table.phase != "reserve" or table.game.current_player != YOU:
        if table.phase == "split":
            cards = table.view.rounds[-1].cards
            assert cards is not None
            for card in cards[:2]:
                table.card_button(card).click()
            table.split_button.click()
        else:
            table.face_up_button.click()
    record = table.game.record()
    table.hint.button.click()
    table.hint.wait(30)
    assert table.hint.lines == tuple(str(move) for move in solve_reserve(table.view).moves)
    assert "Worked out exactly" in table.hint.answer.value and "equally likely" in table.hint.answer.value
    assert table.game.record() == record
