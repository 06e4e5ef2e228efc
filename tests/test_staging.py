"""stage: a Split and Choose game that ends the draft with the hands asked for."""

from __future__ import annotations

import pytest

from cardcommons.cards import parse_cards
from cardcommons.errors import CardError
from cardcommons.split_and_choose import Build, best_build, stage

HAND0, HAND1, RESERVE = "As Ad Kh 10c Ah Qs 10h 10s Qd Jd", "Js Jc Jo Jh Ks Ac Qc 10d Kd Kc", "Qh"


@pytest.mark.parametrize("first_splitter", [0, 1])
def test_each_player_ends_the_draft_with_its_hand(first_splitter: int) -> None:
    game = stage(HAND0, HAND1, RESERVE, first_splitter=first_splitter, best_builds=False)
    assert game.phase == "build" and game.first_splitter == first_splitter
    assert set(game.hand(0)) == set(parse_cards(HAND0))
    assert set(game.hand(1)) == set(parse_cards(HAND1))
    assert game.reserve == parse_cards(RESERVE)[0]
    view = game.observation(0)
    assert all(r.chose_face_up for r in view.rounds)
    assert [d.swapped for d in view.reserve] == [False, False]


def test_best_builds_finish_the_game() -> None:
    game = stage(HAND0, HAND1, RESERVE)
    assert game.is_over and game.result is not None
    builds = [action for action in game.history if isinstance(action, Build)]
    assert sorted(map(str, builds)) == sorted(str(best_build(game.hand(p))) for p in (0, 1))
    assert game.result.step == "a" and game.result.winners == frozenset({1})


@pytest.mark.parametrize(
    ("hand0", "hand1", "reserve", "bad"),
    [
        ("As Ad", HAND1, RESERVE, "not 2: A♠ A♦"),
        (HAND0, HAND1 + " Qh", "Qc", "not 11"),
        (HAND0, HAND1, "As", "each once"),
        (HAND0, HAND1, "Zz", "Zz"),
    ],
)
def test_a_bad_stage_names_the_bad_cards(hand0: str, hand1: str, reserve: str, bad: str) -> None:
    with pytest.raises(CardError, match=bad):
        stage(hand0, hand1, reserve)
