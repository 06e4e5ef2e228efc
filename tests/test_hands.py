"""Evaluating hands: the Joker rule, tie-breaks and both orders, held to an independent brute force.

RULES.md section 1. ``brute_force`` classifies every 5-card hand of small
packs in the most obvious way; ``evaluate`` must give the same category and
order hands exactly as the brute force does, under the standard order and by
rarity.
"""

from __future__ import annotations

import dataclasses
import itertools

import pytest
from brute_force import NAMES, Enumeration, PackSpec, dense_ranks, enumerate_pack
from hypothesis import given, settings
from hypothesis import strategies as st

from cardcommons import (
    JOKER,
    Card,
    CardError,
    Category,
    HandValue,
    Pack,
    Rank,
    Suit,
    best_five,
    evaluate,
    parse_cards,
)
from cardcommons.odds import RankingLike

BRUTE_PACKS = [
    PackSpec(10, 1, True),  # 21 cards: Split and Choose
    PackSpec(10, 2, True),  # 22
    PackSpec(9, 0, True),  # 24: Whisky Poker for two
    PackSpec(9, 1, True),  # 25
    PackSpec(9, 2, True),  # 26
    PackSpec(9, 1, False),  # 25, the Ace high only
    PackSpec(8, 0, False),  # 28, the Ace high only
]
RANKINGS: list[RankingLike] = ["standard", "rarity"]


def _evaluate_all(enumeration: Enumeration, ranking: RankingLike) -> list[HandValue]:
    pack = Pack(*enumeration.spec)
    return [evaluate([pack.cards[i] for i in hand], pack, ranking) for hand in enumeration.hands]


@pytest.mark.parametrize("ranking", RANKINGS)
@pytest.mark.parametrize("spec", BRUTE_PACKS, ids=str)
def test_evaluate_agrees_with_brute_force_on_every_hand(spec: PackSpec, ranking: RankingLike) -> None:
    """Every hand of the pack: same category as the brute force, and the same
    total preorder (same wins and exactly the same ties)."""
    enumeration = enumerate_pack(spec)
    values = _evaluate_all(enumeration, ranking)
    if ranking == "standard":
        categories, keys = enumeration.standard_categories, enumeration.standard_keys
    else:
        categories, keys = enumeration.rarity_categories, enumeration.rarity_keys
    pack = Pack(*spec)
    for hand, value, category in zip(enumeration.hands, values, categories, strict=True):
        if value.category.value != NAMES[category]:
            cards = [pack.cards[i] for i in hand]
            pytest.fail(f"{cards}: evaluate says {value.category.value}, brute force {NAMES[category]}")
    mine, theirs = dense_ranks(keys), dense_ranks(values)
    if mine != theirs:
        i = next(i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b)
        j = next(j for j, (a, b) in enumerate(zip(mine, theirs, strict=True)) if (a < mine[i]) != (b < theirs[i]))
        shown = [[pack.cards[k] for k in enumeration.hands[n]] for n in (i, j)]
        pytest.fail(f"order differs for {shown[0]} ({values[i]}) and {shown[1]} ({values[j]})")


# -- the worked points of the rules ------------------------------------------------------------------------------


@pytest.mark.parametrize("pack", [Pack.split_and_choose(), Pack(2, 1), Pack.whisky(2, jokers=True)], ids=str)
def test_joker_as_the_missing_jack_loses_to_the_same_natural_straight(pack: Pack) -> None:
    """Equal card for card, fewer Jokers wins: A K Q 10 + Joker (as the Jack) < A K Q J 10."""
    with_joker = evaluate("As Ks Qs 10h Jo", pack)
    natural = evaluate("As Ks Qs 10h Jd", pack)
    assert with_joker.category is natural.category is Category.STRAIGHT
    assert with_joker.stand_ins == (Card(Rank.JACK, Suit.CLUBS),)
    assert with_joker < natural
    assert with_joker != natural


def test_joker_stands_for_the_highest_straight_it_can_make() -> None:
    """9 10 J Q + Joker is a straight to the King, not to the Queen (A-9-10-J-Q)."""
    value = evaluate("9c 10d Jh Qs Jo", Pack.whisky(2, jokers=True))
    assert value.ranks == (Rank.KING,)
    assert value.describe() == "Straight to the King, the Joker as the King"


def test_joker_in_a_flush_is_the_highest_missing_rank_of_the_suit() -> None:
    """A 9 7 4 of hearts + Joker: the Joker is the King of hearts."""
    value = evaluate("Ah 9h 7h 4h Jo", Pack(2, 1))
    assert value.category is Category.FLUSH
    assert value.stand_ins == (Card(Rank.KING, Suit.HEARTS),)
    assert value > evaluate("Ah Qh 9h 7h 4h", Pack(2, 1))
    assert value < evaluate("Ah Kh 9h 7h 4h", Pack(2, 1))


@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("Kh Kd 9s 9c Jo", Category.TWO_PAIR),
        ("Ah Ad Ac Ks Jo", Category.THREE_OF_A_KIND),
        ("Ah Ad Ac As Jo", Category.FOUR_OF_A_KIND),
        ("Ah Kd Qc 7s Jo", Category.HIGH_CARD),
        ("Ah Kd 7c Jo Jo", Category.HIGH_CARD),
        ("9c 9d 5h Jo Jo", Category.PAIR),
        ("9c 9d 9h Jo Jo", Category.THREE_OF_A_KIND),
    ],
)
def test_joker_never_pairs_and_two_jokers_never_pair_each_other(hand: str, category: Category) -> None:
    """Outside straights and flushes the Joker is a lone low card: no pair, trips, quads or full house from it."""
    value = evaluate(hand, Pack(2, 2))
    assert value.category is category
    assert all(stand_in is None for stand_in in value.stand_ins)


@pytest.mark.parametrize(
    ("with_joker", "lowest_natural", "pack"),
    [
        ("Ah Ad Kc Qs Jo", "Ah Ad Kc Qs 2c", Pack(2, 1)),
        ("Ah Ad Kc Qs Jo", "Ah Ad Kc Qs 9c", Pack(9, 1)),
        ("Ac Kd Qh 9s Jo", "Ac Kd Qh 9s 2c", Pack(2, 1)),
        ("9c 9d 9h 9s Jo", "9c 9d 9h 9s 10c", Pack(9, 1)),
        ("Kh Kd 9s 9c Jo", "Kh Kd 9s 9c 2c", Pack(2, 1)),
        ("Ah Kd 7c Jo Jo", "Ah Kd 7c 3s 2c", Pack(2, 2)),
    ],
)
def test_joker_is_the_lowest_kicker(with_joker: str, lowest_natural: str, pack: Pack) -> None:
    """A low Joker loses to the lowest natural kicker of the pack."""
    assert evaluate(with_joker, pack) < evaluate(lowest_natural, pack)
    assert evaluate(with_joker, pack).category is evaluate(lowest_natural, pack).category


def test_in_the_21_card_pack_no_pair_means_straight_and_every_flush_is_royal() -> None:
    """10-A only: five different ranks are always 10-J-Q-K-A, and one suit makes a royal flush."""
    pack = Pack.split_and_choose()
    paired = {Category.PAIR, Category.TWO_PAIR, Category.THREE_OF_A_KIND, Category.FULL_HOUSE, Category.FOUR_OF_A_KIND}
    royals = 0
    for hand in itertools.combinations(pack.cards, 5):
        value = evaluate(hand, pack)
        naturals = [c for c in hand if not c.is_joker]
        if len({c.rank for c in naturals}) == len(naturals):
            assert value.category in (Category.STRAIGHT, Category.STRAIGHT_FLUSH), hand
            assert value.ranks == (Rank.ACE,)
        else:
            assert value.category in paired, hand
        if len({c.suit for c in naturals}) == 1:
            assert value.category is Category.STRAIGHT_FLUSH
            assert value.describe().startswith("Royal flush")
            royals += 1
    assert royals == 4 + 4 * 5  # natural royals, and four cards of a suit with the Joker


def test_ace_low_straight_in_the_24_card_pack_is_topped_by_the_queen_and_lowest() -> None:
    """A-9-10-J-Q is a straight to the Queen, below 9-10-J-Q-K, above any three of a kind."""
    pack = Pack.whisky(2)
    low = evaluate("Ac 9d 10h Js Qc", pack)
    assert low.category is Category.STRAIGHT
    assert low.describe() == "Straight to the Queen"
    values = [evaluate(hand, pack) for hand in itertools.combinations(pack.cards, 5)]
    straights = [v for v in values if v.category is Category.STRAIGHT]
    assert min(straights) == low
    assert low < evaluate("9c 10d Jh Qs Kc", pack)
    assert low > evaluate("Ac Ad Ah Ks Qc", pack)


def test_ace_low_rule_off_makes_a_9_10_j_q_ace_high_card() -> None:
    """With ace_low=False, A-9-10-J-Q is no straight; A-2-3-4-5 neither in the full pack."""
    assert evaluate("Ac 9d 10h Js Qc", Pack.whisky(2, ace_low=False)).category is Category.HIGH_CARD
    assert evaluate("Ac 2d 3h 4s 5c", Pack(2, ace_low=False)).category is Category.HIGH_CARD
    assert evaluate("Ac 2c 3c 4c 5c", Pack(2, ace_low=False)).category is Category.FLUSH


def test_the_wheel_is_the_lowest_straight_of_the_full_pack() -> None:
    """A-2-3-4-5 is topped by the Five and loses to 2-3-4-5-6."""
    wheel = evaluate("Ac 2d 3h 4s 5c")
    assert wheel.describe() == "Straight to the Five"
    assert wheel < evaluate("2c 3d 4h 5s 6c")
    assert evaluate("Ac 2c 3c 4c 5c").describe() == "Straight flush to the Five"


def test_two_jokers_take_the_highest_ranks_of_a_flush_and_of_a_straight() -> None:
    """Two Jokers with three hearts: the best hand they can make."""
    pack = Pack(2, 2)
    assert evaluate("Ah Kh Jh Jo Jo", pack).describe() == (
        "Royal flush, the Jokers as the Queen of hearts and the Ten of hearts"
    )
    assert evaluate("Ah 8h 3h Jo Jo", pack).describe() == (
        "Flush, Ace high, the Jokers as the King of hearts and the Queen of hearts"
    )
    assert evaluate("5h 6d 9c Jo Jo", pack).describe() == "Straight to the Nine, the Jokers as the Eight and the Seven"


def test_ties_are_broken_by_the_ranks_that_make_the_category_never_by_suit() -> None:
    """Kickers decide; suits never do."""
    assert evaluate("Ah Ad Kc Qs 3c") > evaluate("Ah Ad Kc Qs 2c")
    assert evaluate("Kh Kd 9s 9c Ac") > evaluate("Kh Kd 8s 8c Ac")
    assert evaluate("Qc Qd Qh 3s 3c") > evaluate("Jc Jd Jh As Ac")
    assert evaluate("Ah Kh 9h 7h 4h") == evaluate("As Ks 9s 7s 4s")
    assert evaluate("Ah Kd 9c 7s 4h") > evaluate("Ah Kd 9c 6s 4h")
    assert evaluate("Kc Kd Kh Ks 2c") < evaluate("Ac Ad Ah As 2c")


@pytest.mark.parametrize(
    ("hand", "text"),
    [
        ("As Ks Qs Js 10s", "Royal flush"),
        ("Ks Qs Js 10s 9s", "Straight flush to the King"),
        ("9c 9d 9h 9s Ac", "Four Nines, Ace kicker"),
        ("Ac Ad Ah Kc Kd", "Full house, Aces over Kings"),
        ("Ah 9h 7h 4h 2h", "Flush, Ace high"),
        ("Ah Kd Qc Js 10s", "Straight to the Ace"),
        ("Qc Qd Qh 7s 2c", "Three Queens"),
        ("Kh Kd 9s 9c 2c", "Two pair, Kings and Nines"),
        ("6c 6d Ah 9s 2c", "Pair of Sixes"),
        ("Ac Kd 9h 7s 2c", "Ace high"),
        ("As Ks Qs 10h Jo", "Straight to the Ace, the Joker as the Jack"),
        ("As Ks Qs Js Jo", "Royal flush, the Joker as the Ten of spades"),
        ("Ac Ad Ah As Jo", "Four Aces, Joker kicker, the Joker plays low"),
        ("9c 9d 5h Jo Jo", "Pair of Nines, the Jokers play low"),
    ],
)
def test_describe_says_the_hand_and_what_each_joker_does(hand: str, text: str) -> None:
    """describe() in plain words, naming what each Joker stands for."""
    value = evaluate(hand, Pack(2, 2))
    assert value.describe() == text
    assert str(value).endswith(": " + text)


def test_best_five_picks_the_best_hand_of_seven_cards() -> None:
    """best_five tries every 5 of the cards."""
    assert best_five("As Ad Ac Ks Kd 2h 3c").describe() == "Full house, Aces over Kings"
    assert best_five("2h 3h 9c Jo Kh 5c 4d", Pack(2, 1)).describe() == "Straight to the Six, the Joker as the Six"
    assert best_five("2h 3h 9h Jo Kh 5c 4d", Pack(2, 1)).describe() == "Flush, Ace high, the Joker as the Ace of hearts"
    seven = parse_cards("2h 3h 9h Jo Kh 5c 4d")
    for ranking in RANKINGS:
        fives = [evaluate(five, Pack(2, 1), ranking) for five in itertools.combinations(seven, 5)]
        assert best_five(seven, Pack(2, 1), ranking) == max(fives)


def test_default_pack_is_the_full_pack_with_the_hands_jokers() -> None:
    """Without a pack: 52 cards plus as many Jokers as the hand holds."""
    assert evaluate("As Ks Qs Js Jo") == evaluate("As Ks Qs Js Jo", Pack(2, 1))
    assert evaluate("As Ks Qs Jo Jo") == evaluate("As Ks Qs Jo Jo", Pack(2, 2))


def test_rarity_order_in_the_24_card_pack_puts_flush_above_four_of_a_kind() -> None:
    """By rarity (24 cards) a flush beats four of a kind and no pair beats three of a kind."""
    pack = Pack.whisky(2)
    assert evaluate("Ah Kh Qh Jh 9h", pack, "rarity") > evaluate("Ac Ad Ah As Kc", pack, "rarity")
    assert evaluate("Ah Kd Qh Jh 9h", pack, "rarity") > evaluate("Ac Ad Ah Ks Qc", pack, "rarity")
    assert evaluate("Ah Kh Qh Jh 9h", pack) < evaluate("Ac Ad Ah As Kc", pack)


# -- bad input ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "pack", "named"),
    [
        ("As Ks Qs Js Xs", Pack(), "'Xs'"),
        ("As Ks Qs Js Ty", Pack(), "'Ty'"),
        ("As As Qs Js 10s", Pack(), "A♠ appears more than once"),
        ("As Ks Qs Js 2s", Pack.whisky(2), "2♠ is not in the 24-card pack"),
        ("As Ks Qs Jo Jo", Pack(9, 1), "has 2 Jokers"),
        ("As Ks Qs Jo Jo Jo", None, "has 3 Jokers"),
        ("As Ks Qs Js", Pack(), "expected 5 cards, got 4"),
        ("As Ks Qs Js 10s 9s", Pack(), "expected 5 cards, got 6"),
        ("", Pack(), "expected 5 cards, got 0: none"),
    ],
)
def test_bad_hands_raise_card_error_naming_the_problem(hand: str, pack: Pack | None, named: str) -> None:
    """Unknown tokens, duplicates, cards not in the pack, too many Jokers, wrong sizes: CardError."""
    with pytest.raises(CardError) as raised:
        evaluate(hand, pack)
    assert isinstance(raised.value, ValueError)
    assert named in str(raised.value)


def test_best_five_needs_five_cards_and_unknown_rankings_are_refused() -> None:
    """best_five of 4 cards and an unknown ranking name are errors naming the input."""
    with pytest.raises(CardError, match="at least 5 cards, got 4"):
        best_five("As Ks Qs Js")
    with pytest.raises(ValueError, match="'rare'"):
        evaluate("As Ks Qs Js 10s", Pack(), "rare")  # type: ignore[arg-type]


# -- properties --------------------------------------------------------------------------------------------------

PACKS = st.builds(Pack, lowest=st.integers(2, 10), jokers=st.integers(0, 2), ace_low=st.booleans())
RANKING = st.sampled_from(RANKINGS)


@st.composite
def hands(draw: st.DrawFn, pack: Pack, shaped: bool = False) -> tuple[Card, ...]:
    """5 cards of the pack, with 0..pack.jokers Jokers; ``shaped`` favours one suit or a run of ranks."""
    jokers = draw(st.integers(0, pack.jokers))
    naturals = [c for c in pack.cards if not c.is_joker]
    size = 5 - jokers
    kind = draw(st.sampled_from(["any", "suit", "run"])) if shaped else "any"
    if kind == "suit":
        suit = draw(st.sampled_from(list(Suit)))
        ranks = draw(st.lists(st.sampled_from(pack.ranks), min_size=size, max_size=size, unique=True))
        chosen = [Card(rank, suit) for rank in ranks]
    elif kind == "run":
        _, window = draw(st.sampled_from(pack.straights))
        ranks = draw(st.lists(st.sampled_from(sorted(window)), min_size=size, max_size=size, unique=True))
        chosen = [Card(Rank(rank), draw(st.sampled_from(list(Suit)))) for rank in ranks]
    else:
        chosen = draw(st.lists(st.sampled_from(naturals), min_size=size, max_size=size, unique=True))
    return (*chosen, *[JOKER] * jokers)


@settings(max_examples=300, deadline=None)
@given(st.data(), PACKS, RANKING)
def test_order_is_total_and_agrees_with_equality(data: st.DataObject, pack: Pack, ranking: RankingLike) -> None:
    """Exactly one of a < b, a == b, a > b; equal values hash alike and mean equal category, ranks and Jokers."""
    a = evaluate(data.draw(hands(pack, shaped=True)), pack, ranking)
    b = evaluate(data.draw(hands(pack, shaped=True)), pack, ranking)
    assert [a < b, a == b, a > b].count(True) == 1
    assert (a <= b) == (a < b or a == b)
    assert (a >= b) == (a > b or a == b)
    same = (a.category, a.ranks, len(a.stand_ins)) == (b.category, b.ranks, len(b.stand_ins))
    assert (a == b) == same
    if a == b:
        assert hash(a) == hash(b)


@settings(max_examples=300, deadline=None)
@given(st.data(), PACKS, RANKING)
def test_value_does_not_depend_on_card_order_or_suit_names(
    data: st.DataObject, pack: Pack, ranking: RankingLike
) -> None:
    """Permuting the 5 cards or relabelling the suits leaves the value unchanged."""
    hand = data.draw(hands(pack, shaped=True))
    order = data.draw(st.permutations(range(5)))
    relabel = dict(zip(Suit, data.draw(st.permutations(list(Suit))), strict=True))
    permuted = [hand[i] for i in order]
    renamed = [c if c.is_joker or c.suit is None else Card(c.rank, relabel[c.suit]) for c in permuted]
    value = evaluate(hand, pack, ranking)
    assert evaluate(permuted, pack, ranking) == value
    assert evaluate(renamed, pack, ranking) == value
    assert evaluate(renamed, pack, ranking).category is value.category


@settings(max_examples=400, deadline=None)
@given(st.data(), PACKS, RANKING)
def test_a_joker_hand_loses_to_the_hand_with_its_stand_ins(
    data: st.DataObject, pack: Pack, ranking: RankingLike
) -> None:
    """Replace each wild Joker by the card it stands for: same category, and the natural hand wins."""
    hand = data.draw(hands(pack, shaped=True))
    value = evaluate(hand, pack, ranking)
    if not value.stand_ins or any(s is None for s in value.stand_ins):
        assert all(s is None for s in value.stand_ins)
        return
    stand_ins = [s for s in value.stand_ins if s is not None]
    replaced = [c for c in hand if not c.is_joker] + stand_ins
    assert all(s in pack for s in stand_ins)
    natural = evaluate(replaced, pack, ranking)  # also checks the stand-ins are not held cards
    assert natural.category is value.category
    assert natural.ranks == value.ranks
    assert value < natural


def test_a_value_holds_the_fields_of_its_class_and_equals_one_made_from_them() -> None:
    """evaluate() builds its HandValue without the dataclass __init__: the same fields, the same value."""
    for text in ("As Ks Qs 10h Jo", "Kh Kd 9s 9c Jo", "2c 3d 4h 5s 7c"):
        value = evaluate(text, Pack(jokers=1))
        assert vars(value).keys() == {f.name for f in dataclasses.fields(HandValue)}
        again = HandValue(**vars(value))
        assert (again, again.describe(), again.cards) == (value, value.describe(), value.cards)
