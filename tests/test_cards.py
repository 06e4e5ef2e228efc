"""Cards: ranks, suits, the Joker, parsing and printing (RULES.md section 1)."""

from __future__ import annotations

import pytest

from cardcommons import JOKER, Card, CardError, Rank, Suit, parse_card, parse_cards
from cardcommons.cards import cards_str


def test_ranks_run_two_to_ace_with_the_ace_high() -> None:
    """Ranks are 2..14 and the Ace is the highest."""
    assert [int(r) for r in Rank] == list(range(2, 15))
    assert max(Rank) is Rank.ACE
    assert Rank.ACE > Rank.KING > Rank.QUEEN > Rank.JACK > Rank.TEN


def test_rank_words_and_symbols() -> None:
    """Each rank has a short symbol, a word and a plural (Sixes, not Sixs)."""
    assert [r.symbol for r in Rank] == ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    assert Rank.QUEEN.word == "Queen"
    assert Rank.SIX.plural == "Sixes"
    assert Rank.ACE.plural == "Aces"


def test_four_suits_two_red() -> None:
    """Clubs, diamonds, hearts, spades; hearts and diamonds are red."""
    assert [s.value for s in Suit] == ["c", "d", "h", "s"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s for s in Suit if s.is_red] == [Suit.DIAMONDS, Suit.HEARTS]
    assert Suit.SPADES.word == "spades"


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("As", Card(Rank.ACE, Suit.SPADES)),
        ("as", Card(Rank.ACE, Suit.SPADES)),
        ("Th", Card(Rank.TEN, Suit.HEARTS)),
        ("10h", Card(Rank.TEN, Suit.HEARTS)),
        ("tH", Card(Rank.TEN, Suit.HEARTS)),
        ("2c", Card(Rank.TWO, Suit.CLUBS)),
        ("Q♦", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("  K♣ ", Card(Rank.KING, Suit.CLUBS)),
        ("Jo", JOKER),
        ("JK", JOKER),
        ("joker", JOKER),
        ("🃏", JOKER),
        ("JO", JOKER),
        # as a phone types them: an emoji suit carries a variation selector
        ("A♠\ufe0f", Card(Rank.ACE, Suit.SPADES)),
        ("10♥\ufe0f", Card(Rank.TEN, Suit.HEARTS)),
        ("Q♦\ufe0e", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("🃏\ufe0f", JOKER),
    ],
)
def test_parse_card_reads_the_ascii_and_unicode_forms(token: str, card: Card) -> None:
    """A rank then a suit, either case, ASCII or unicode; Jo/JK/JO/🃏 for the Joker; variation selectors skipped."""
    assert parse_card(token) == card


def test_a_hand_typed_on_a_phone_reads_as_typed() -> None:
    assert parse_cards("A♠\ufe0f K♥\ufe0f 9♣\ufe0f") == parse_cards("As Kh 9c")


def test_every_card_round_trips_through_its_code_and_its_str() -> None:
    """card.code and str(card) both parse back to the same card."""
    for rank in Rank:
        for suit in Suit:
            card = Card(rank, suit)
            assert parse_card(card.code) == card
            assert parse_card(str(card)) == card
    assert parse_card(JOKER.code) == JOKER
    assert parse_card(str(JOKER)) == JOKER


def test_cards_print_in_short_unicode_form() -> None:
    """str and repr show 10♥, A♠ and JO; cards_str joins with spaces."""
    cards = parse_cards("10h As Jo")
    assert [str(c) for c in cards] == ["10♥", "A♠", "JO"]
    assert repr(cards) == "(10♥, A♠, JO)"
    assert cards_str(cards) == "10♥ A♠ JO"
    assert [c.code for c in cards] == ["Th", "As", "Jo"]


def test_parse_cards_accepts_spaces_commas_and_mixed_iterables() -> None:
    """Strings split on spaces and commas; iterables may mix tokens and cards."""
    assert parse_cards("As,Kh  Jo") == (Card(Rank.ACE, Suit.SPADES), Card(Rank.KING, Suit.HEARTS), JOKER)
    assert parse_cards(["9c", JOKER]) == (Card(Rank.NINE, Suit.CLUBS), JOKER)
    assert parse_cards("") == ()


def test_parse_cards_passes_a_tuple_of_cards_through_and_reads_any_other_tuple() -> None:
    """A tuple of cards comes back as it is; a tuple with tokens is read, and with anything
    else (unhashable or not) refused by name, as from a list."""
    cards = parse_cards("As Jo")
    assert parse_cards(cards) is cards
    assert parse_cards((cards[0], "Jo")) == cards
    for bad in ([1], 7):
        with pytest.raises(CardError, match=repr(bad).replace("[", r"\[")):
            parse_cards((cards[0], bad))  # type: ignore[arg-type]


def test_cards_are_equal_hashable_values_and_both_jokers_are_one_value() -> None:
    """Equal cards compare and hash the same; every Joker equals JOKER."""
    assert parse_card("As") == Card(Rank.ACE, Suit.SPADES)
    assert len({parse_card("As"), parse_card("as"), parse_card("A♠")}) == 1
    assert parse_card("Jo") == parse_card("JK") == JOKER
    assert JOKER.is_joker
    assert not parse_card("As").is_joker


def test_sorting_puts_the_joker_first_then_rank_then_suit() -> None:
    """Joker first, then by rank, then suit letter (the order only displays, it never ranks hands)."""
    assert sorted(parse_cards("Ks Jo 9h 9c Ac")) == list(parse_cards("Jo 9c 9h Ks Ac"))


@pytest.mark.parametrize(
    ("token", "named"),
    [("Xs", "'X'"), ("Ax", "'x'"), ("1h", "'1'"), ("11c", "'11'"), ("A", "'A'"), ("Zz", "'Zz'"), ("Ac!", "'Ac!'")],
)
def test_unknown_rank_or_suit_raises_card_error_naming_the_token(token: str, named: str) -> None:
    """A bad token gives a CardError (a ValueError) that quotes it."""
    with pytest.raises(CardError) as raised:
        parse_card(token)
    assert isinstance(raised.value, ValueError)
    assert named in str(raised.value)
    assert repr(token) in str(raised.value)


def test_parse_cards_names_the_bad_token_among_good_ones() -> None:
    """The error from a list of cards names the one that failed."""
    with pytest.raises(CardError, match="'Qx'"):
        parse_cards("As Kd Qx Jh 10c")


def test_a_card_needs_both_rank_and_suit_or_neither() -> None:
    """Card(rank, None) is not a card: only the Joker lacks a rank and suit."""
    with pytest.raises(CardError, match="ACE"):
        Card(Rank.ACE, None)
    with pytest.raises(CardError, match="SPADES"):
        Card(None, Suit.SPADES)


@pytest.mark.parametrize(
    ("rank", "suit"),
    [
        (99, Suit.SPADES),
        (1, Suit.SPADES),
        (14.0, Suit.SPADES),
        (True, Suit.SPADES),
        ("A", Suit.SPADES),
        ([14], Suit.SPADES),
        (Rank.ACE, "s"),
        (Rank.ACE, None),
        (None, Suit.SPADES),
        (None, "s"),
    ],
)
def test_a_card_validates_its_rank_and_suit(rank: object, suit: object) -> None:
    """Card(99, Suit.SPADES) and friends are refused with a CardError naming the rank and suit."""
    with pytest.raises(CardError, match="not a card: rank"):
        Card(rank, suit)  # type: ignore[arg-type]


def test_a_card_is_one_value_whatever_its_rank_is_given_as() -> None:
    """A rank given as its number makes the same card, and cards copy, pickle and compare as values."""
    import copy
    import pickle

    ace = Card(Rank.ACE, Suit.SPADES)
    assert Card(14, Suit.SPADES) == ace and Card(14, Suit.SPADES).rank is Rank.ACE
    assert pickle.loads(pickle.dumps(ace)) == ace and copy.deepcopy(ace) == ace
    assert len({ace, Card(Rank.ACE, Suit.SPADES), parse_card("As")}) == 1
    with pytest.raises(AttributeError):
        ace.rank = Rank.TWO
    assert ace.rank is Rank.ACE
