"""How the engine's objects show themselves: card faces in HTML, readable words in text.

A lesson displays these objects directly, so none may fall back to a
dataclass repr, and the text form must say what the picture shows.
"""

from __future__ import annotations

import re

from cardcommons.bots import HeuristicBot
from cardcommons.cards import parse_cards
from cardcommons.faces import card_text, show_hands
from cardcommons.game import play
from cardcommons.hands import evaluate
from cardcommons.palette import CARD_PAPER, JOKER_COLOUR, contrast, text_html
from cardcommons.split_and_choose import ReserveView, SplitAndChoose, Swap, stage
from cardcommons.whisky import WhiskyPoker
from cardcommons.whisky import parse_action as parse_whisky_action

STEP_A = ("As Ad Kh 10c Ah Qs 10h 10s Qd Jd", "Js Jc Jo Jh Ks Ac Qc 10d Kd Kc", "Qh")


def test_show_hands_draws_every_hand_with_its_words() -> None:
    values = [evaluate("Kh Kd 9s 9c 4d"), evaluate("Jo Jo Ac Jd 7h")]
    rows = show_hands(values, labels=["two pair", "two Jokers"])
    html = rows._repr_html_()
    assert html.count("cc-card") == 10
    assert "King of hearts" in html and "Two pair, Kings and Nines" in html
    assert repr(rows).splitlines() == [
        "two pair: K♥ K♦ 9♠ 9♣ 4♦  (Two pair, Kings and Nines)",
        f"two Jokers: {card_text(values[1].cards)}  ({values[1].describe()})",
    ]


def test_card_text_marks_unseen_cards() -> None:
    assert card_text([*parse_cards("As 10h"), None]) == "A♠ 10♥ ??"


def test_reserve_view_shows_what_the_player_saw() -> None:
    seen = ReserveView(player=1, swapped=True, given=parse_cards("10s")[0], taken=parse_cards("Qd")[0])
    blind = ReserveView(player=1, swapped=True, given=None, taken=None)
    kept = ReserveView(player=0, swapped=False, given=None, taken=None)
    assert str(seen) == "Player 1 swapped 10♠ for Q♦"
    assert str(blind) == "Player 1 swapped ?? for ??"
    assert str(kept) == "Player 0 kept"
    assert "Ten of spades" in seen._repr_html_() and "Queen of diamonds" in seen._repr_html_()
    assert blind._repr_html_().count("face-down card") == 2
    assert "cc-card" not in kept._repr_html_()


def test_observation_in_words_hides_what_the_player_never_saw() -> None:
    game = stage(*STEP_A, best_builds=False)
    assert str(game.observation(0)).splitlines() == [
        "Player 0 holds A♠ A♥ A♦ K♥ Q♠ Q♦ J♦ 10♠ 10♥ 10♣",
        "  round 1: Player 0 split J♠ J♣ up, A♠ A♦ down; Player 1 chose the face-up pair",
        "  round 2: Player 1 split K♥ 10♣ up, ?? ?? down; Player 0 chose the face-up pair",
        "  round 3: Player 0 split A♣ K♠ up, A♥ Q♠ down; Player 1 chose the face-up pair",
        "  round 4: Player 1 split 10♠ 10♥ up, ?? ?? down; Player 0 chose the face-up pair",
        "  round 5: Player 0 split K♦ K♣ up, Q♦ J♦ down; Player 1 chose the face-up pair",
        "  reserve: Player 1 kept",
        "  reserve: Player 0 kept",
        "  never seen: 10♦ J♥ Q♣ Q♥ JO",
    ]
    other = str(game.observation(1))
    assert "round 2: Player 1 split K♥ 10♣ up, J♥ JO down" in other
    known, never_seen = other.rsplit("\n", 1)
    assert never_seen == "  never seen: J♦ Q♦ Q♥ Q♠ A♦ A♥ A♠"
    assert not any(str(card) in known for card in game.observation(1).unseen)


def test_observation_before_a_split_shows_the_splitters_cards() -> None:
    game = SplitAndChoose.from_order("Qd  As Ad Kc 10h  Qs Qh Jc Jo  Kd Ks 10c 10d  Ac Ah Js Jh  Kh Qc Jd 10s")
    assert "round 1: Player 0 to split A♠ A♦ K♣ 10♥" in str(game.observation(0))
    assert "  round 1: Player 0 to split" in str(game.observation(1)).splitlines()


def test_observation_picture_draws_a_blind_swap_as_backs() -> None:
    game = stage(*STEP_A, best_builds=False)
    blind = SplitAndChoose.from_order(game.order)
    for action in game.history[:10]:
        blind.apply(action)
    blind.apply(Swap(blind.hand(1)[0]))
    picture = blind.observation(0)._repr_html_()
    assert "swapped" in picture and picture.count("face-down card") == 2 + 2 * 2
    assert str(blind.observation(0).reserve[0]) == "Player 1 swapped ?? for ??"


def test_result_in_words_names_both_builds_and_the_step() -> None:
    result = stage(*STEP_A).result
    assert result is not None
    lines = str(result).splitlines()
    assert lines[0] == f"Player 0: {result.weaker[0]} | {result.stronger[0]}"
    assert lines[-1] == result.explanation
    assert "Three Aces" in lines[0]
    assert result._repr_html_().count("cc-card") == 20


def test_whisky_view_shows_only_what_the_seat_knows() -> None:
    game = WhiskyPoker.from_deal(["As Ks Qs 9d 8c", "Jh Jd 10c 10d 8d", "9h 8s Qc 10h Kd"], spare="Js 10s Ad Qh 9s")
    for action in ["pass", "pass", "pass", "give 8c take Js", "give 8d take Ts"]:
        game.apply(parse_whisky_action(action))
    view = game.observation(2)
    assert str(view).splitlines() == [
        "Seat 2's view, phase 2",
        "  seat 0: J♠ ?? ?? ?? ??",
        "  seat 1: 10♠ ?? ?? ?? ??",
        "  seat 2: 8♠ 9♥ 10♥ Q♣ K♦",
        "  spare: 8♣ 8♦ 9♠ Q♥ A♦",
    ]
    html = view._repr_html_()
    assert html.count("face-down card") == 8 and "Ace of spades" not in html
    assert "seat 2 to play" in html


def test_whisky_view_hides_a_face_down_spare() -> None:
    game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
    assert str(game.observation(0)).splitlines()[-1] == "  spare: ?? ?? ?? ?? ??"
    assert game.observation(0)._repr_html_().count("face-down card") == 10


def test_whisky_result_in_words_shows_every_hand_then_why() -> None:
    game = WhiskyPoker.from_deal(["Ks Qh Jd 10c 9s", "As Ad 8h 8c 9d", "Kh Qs Jc 10d 9h"], spare="Ac Kc Qc Jh 10s")
    for action in ["knock", "pass", "pass"]:
        game.apply(parse_whisky_action(action))
    assert game.result is not None
    assert str(game.result).splitlines() == [
        "seat 0: K♠ Q♥ J♦ 10♣ 9♠: Straight to the King",
        "seat 1: A♠ A♦ 9♦ 8♥ 8♣: Two pair, Aces and Eights",
        "seat 2: K♥ Q♠ J♣ 10♦ 9♥: Straight to the King",
        "Seats 0 and 2 share the win with equal hands: Straight to the King.",
    ]


def test_a_game_says_whose_turn_it_is_in_words() -> None:
    game = SplitAndChoose(seed=3, first_splitter=0)
    assert "phase: split, Player 0 to play" in game._repr_html_()
    play(game, [HeuristicBot(seed=1), HeuristicBot(seed=2)])
    assert "phase: over, the game is over" in game._repr_html_() and "None" not in game._repr_html_()


def test_a_card_keeps_its_rank_in_the_corner_inside_a_right_aligned_cell() -> None:
    """JupyterLab aligns a rendered table's cells right; a result table's cards must not follow."""
    from cardcommons.faces import card_html, hand_html

    ace = parse_cards("Ad")[0]
    assert "text-align:left" in card_html(ace) and "text-align:left" in hand_html([ace], "a caption")


def test_a_joker_in_a_text_reads_on_a_light_page_a_dark_one_and_the_felt() -> None:
    """The Joker's purple JO in a sentence sits on the cards' paper, so it reads 4.5:1 or more
    whatever the page under it: the paper's own contrast with the purple, whatever the theme."""
    html = text_html("Take JO and K♠")
    ink = re.search(r"color:(#[0-9a-f]{6})", html)
    paper = re.search(r"background:(#[0-9a-f]{6})", html)
    assert ink and paper, html
    assert (ink[1], paper[1]) == (JOKER_COLOUR, CARD_PAPER)
    assert contrast(ink[1], paper[1]) >= 4.5
    assert contrast(JOKER_COLOUR, "#111111") < 4.5  # on a dark page alone it would not read
