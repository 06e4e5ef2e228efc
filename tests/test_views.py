"""What a Split and Choose player is told the other holds, checked against the true deal."""

from __future__ import annotations

import pytest

from cardcommons.bots import RandomBot
from cardcommons.split_and_choose import SplitAndChoose, SplitAndChooseObservation


def _unresolved_blind_swap(view: SplitAndChooseObservation) -> bool:
    """The other gave a card blind, and this player has not taken the reserve since."""
    doubt = False
    for decision in view.reserve:
        if decision.swapped and decision.player != view.player and decision.given is None:
            doubt = True
        elif decision.swapped and decision.player == view.player:
            doubt = False
    return doubt


@pytest.mark.parametrize("face_up_swap", [False, True], ids=["blind swaps", "face-up swaps"])
def test_opponent_known_lists_only_and_all_the_cards_known_to_be_the_others(face_up_swap: bool) -> None:
    """In every position of 300 random games, for both players: every card listed is in
    the other's hand (after a blind swap the card given may lie in the reserve, and was
    once listed); and every card this player has seen that the other holds is listed,
    unless the other has given a card blind since, which may be any of them."""
    doubted = resolved = 0
    for seed in range(300):
        game = SplitAndChoose(seed=seed, first_splitter=seed % 2, face_up_swap=face_up_swap)
        bots = [RandomBot(seed=2 * seed), RandomBot(seed=2 * seed + 1)]
        while True:
            for player in (0, 1):
                view = game.observation(player)
                known, theirs = view.opponent_known, game.hand(1 - player)
                assert set(known) <= set(theirs) and len(set(known)) == len(known), (seed, player, view.reserve)
                if _unresolved_blind_swap(view):
                    doubted += bool(view.opponent_drafted)
                else:
                    assert set(known) == set(theirs) & view.seen, (seed, player, view.reserve)
                    resolved += any(d.swapped and d.given is None for d in view.reserve)
            if game.is_over:
                break
            mover = game.current_player
            assert mover is not None
            game.apply(bots[mover].act(game.observation(mover), game.legal_actions()))
    assert face_up_swap or (doubted > 100 and resolved > 100)  # both cases of a blind swap were met


def test_after_a_blind_swap_the_card_taken_tells_which_card_was_given() -> None:
    """The second player takes the reserve: the card it finds is the one the first
    gave, so every other card it knew the first held is the first's again."""
    for seed in range(40):
        game = SplitAndChoose(seed=seed)
        while game.phase != "reserve":
            game.apply(game.legal_actions()[0])
        first = game.current_player
        assert first is not None
        second = 1 - first
        drafted = game.observation(second).opponent_drafted
        given = drafted[0] if seed % 2 else game.hand(first)[-1]  # a card the second knows of, or maybe not
        game.apply(next(a for a in game.legal_actions() if getattr(a, "card", None) == given))
        assert game.observation(second).opponent_known == ()
        game.apply(next(a for a in game.legal_actions() if getattr(a, "card", None) is not None))
        assert set(game.observation(second).opponent_known) == set(drafted) - {given}
