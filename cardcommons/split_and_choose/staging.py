"""Staged games: choose which ten cards each player ends the draft with, and
let the rules play out, to show one rule or one scoring step at a time.

>>> game = stage("As Ad Kh 10c Ah Qs 10h 10s Qd Jd", "Js Jc Jo Jh Ks Ac Qc 10d Kd Kc", reserve="Qh")
>>> game.is_over, game.result.step, game.result.explanation
(True, 'a', 'Player 1 wins. The weaker hands decide: a straight beats three of a kind.')
>>> stage("As Ad Kh 10c Ah Qs 10h 10s Qd Jd", "Js Jc Jo Jh Ks Ac Qc 10d Kd Kc", "Qh", best_builds=False).phase
'build'
>>> stage("As Ad Kh 10c Ah Qs 10h 10s Qd Jd", "Js Jc Jo Jh Ks Ac Qc 10d Kd Kc", "Qh", at_reserve=True).phase
'reserve'
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from cardcommons.cards import Card, parse_cards
from cardcommons.errors import CardError
from cardcommons.split_and_choose.actions import Choose, Keep, Split
from cardcommons.split_and_choose.build import best_build
from cardcommons.split_and_choose.game import SplitAndChoose
from cardcommons.split_and_choose.rules import ROUNDS

__all__ = ["stage"]

HAND = 10


def stage(
    hand0: Iterable[Card] | str,
    hand1: Iterable[Card] | str,
    reserve: Iterable[Card] | str,
    *,
    first_splitter: int = 0,
    best_builds: bool = True,
    face_down_taken: Collection[int] = (),
    at_reserve: bool = False,
    face_up_swap: bool = False,
) -> SplitAndChoose:
    """A game in which Player 0 ends the draft holding ``hand0`` and Player 1
    ``hand1`` (10 cards each, in the order given), with ``reserve`` the reserve.

    Each round the chooser takes the face-up pair (its own next two cards)
    and the splitter keeps the face-down pair (the splitter's next two),
    except in the rounds (0 to 4) of ``face_down_taken``, where the chooser
    takes the face-down pair (its own next two) and the splitter gets the
    face-up pair: then both players know both pairs. With ``at_reserve`` the
    game stops at the reserve; otherwise nobody swaps there, and with
    ``best_builds`` both players then play their best builds and the game is
    over; without, it waits for the builds. ``face_up_swap`` turns on the
    face-up swap variant.

    >>> game = stage("As Ad Kh 10c Ah Qs 10h 10s Qd Jd", "Js Jc Jo Jh Ks Ac Qc 10d Kd Kc", "Qh",
    ...              face_down_taken=range(5), at_reserve=True)
    >>> game.observation(0).unseen  # all but the reserve, and the face-down pairs were all taken
    (Q♥,)

    >>> stage("As Ad", "Ks Kd", "Qh")
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: a staged hand is 10 cards, not 2: A♠ A♦
    """
    hands = [list(parse_cards(hand0)), list(parse_cards(hand1))]
    for hand in hands:
        if len(hand) != HAND:
            raise CardError(f"a staged hand is {HAND} cards, not {len(hand)}: {' '.join(map(str, hand))}")
    order = list(parse_cards(reserve))
    splits = []
    for round_ in range(ROUNDS):
        splitter = first_splitter if round_ % 2 == 0 else 1 - first_splitter
        up_taker = splitter if round_ in face_down_taken else 1 - splitter
        up, down = hands[up_taker][:2], hands[1 - up_taker][:2]
        del hands[up_taker][:2], hands[1 - up_taker][:2]
        order += [*up, *down]
        splits.append(Split(face_up=tuple(up), face_down=tuple(down)))
    game = SplitAndChoose.from_order(order, first_splitter=first_splitter, face_up_swap=face_up_swap)
    for round_, split in enumerate(splits):
        game.apply(split)
        game.apply(Choose(face_up=round_ not in face_down_taken))
    if at_reserve:
        return game
    game.apply(Keep())
    game.apply(Keep())
    if best_builds:
        while (player := game.current_player) is not None:
            game.apply(best_build(game.hand(player)))
    return game
