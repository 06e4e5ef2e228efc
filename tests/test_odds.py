"""Exact odds: category counts for every pack, under the standard order and by rarity (RULES.md section 1)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

import pytest
from brute_force import NAMES, PackSpec, enumerate_pack
from test_hands import BRUTE_PACKS

from cardcommons import Category, Pack, category_counts
from cardcommons.odds import RankingLike, rarity_ranking

PUBLISHED_52 = {
    Category.STRAIGHT_FLUSH: 40,
    Category.FOUR_OF_A_KIND: 624,
    Category.FULL_HOUSE: 3744,
    Category.FLUSH: 5108,
    Category.STRAIGHT: 10200,
    Category.THREE_OF_A_KIND: 54912,
    Category.TWO_PAIR: 123552,
    Category.PAIR: 1098240,
    Category.HIGH_CARD: 1302540,
}
ALL_PACKS = [
    Pack(lowest, jokers, ace_low) for lowest in range(2, 11) for jokers in range(3) for ace_low in (True, False)
]


@pytest.mark.parametrize("spec", BRUTE_PACKS, ids=str)
def test_counts_match_brute_force_enumeration_under_both_orders(spec: PackSpec) -> None:
    """Counting every hand one by one gives category_counts, standard and by rarity, and the same rarity order."""
    enumeration = enumerate_pack(spec)
    pack = Pack(*spec)
    standard = Counter(enumeration.standard_categories)
    assert dict(category_counts(pack)) == {Category(NAMES[c]): standard[c] for c in range(9)}
    rarity = category_counts(pack, "rarity")
    assert [c.value for c in rarity.ranking.order] == [NAMES[c] for c in enumeration.rarity]
    by_rarity = Counter(enumeration.rarity_categories)
    assert dict(rarity) == {Category(NAMES[c]): by_rarity[c] for c in range(9)}


def test_full_pack_counts_are_the_published_ones() -> None:
    """52 cards: 40 straight flushes, 624 fours, ..., 1,302,540 high cards."""
    counts = category_counts(Pack(2))
    assert dict(counts) == PUBLISHED_52
    assert counts.total == comb(52, 5)


def test_full_pack_without_ace_low_moves_the_wheels() -> None:
    """Ace high only: the 4 steel wheels become flushes and the 1,020 wheels high cards."""
    counts = category_counts(Pack(2, ace_low=False))
    assert counts[Category.STRAIGHT_FLUSH] == 36
    assert counts[Category.FLUSH] == 5108 + 4
    assert counts[Category.STRAIGHT] == 10200 - 1020
    assert counts[Category.HIGH_CARD] == 1302540 + 1020


@pytest.mark.parametrize("ranking", ["standard", "rarity"])
@pytest.mark.parametrize("pack", ALL_PACKS, ids=repr)
def test_counts_add_up_to_all_five_card_hands(pack: Pack, ranking: RankingLike) -> None:
    """Every pack of 2..10 x 0..2 Jokers x ace-low: the counts total C(n, 5), none negative, all nine listed."""
    counts = category_counts(pack, ranking)
    assert counts.total == comb(len(pack), 5)
    assert len(counts) == 9
    assert all(n >= 0 for n in counts.values())
    assert list(counts) == list(counts.ranking.order)


@pytest.mark.parametrize("lowest", range(3, 10))
def test_in_24_to_48_cards_a_flush_is_rarer_than_a_full_house(lowest: int) -> None:
    """RULES.md: true for every pack from 24 to 48 cards, false for 52."""
    counts = category_counts(Pack(lowest))
    assert counts[Category.FLUSH] < counts[Category.FULL_HOUSE]


@pytest.mark.parametrize("lowest", range(4, 10))
def test_in_24_to_44_cards_no_pair_is_rarer_than_a_pair(lowest: int) -> None:
    """RULES.md: true for every pack from 24 to 44 cards, false for 48 and 52."""
    counts = category_counts(Pack(lowest))
    assert counts[Category.HIGH_CARD] < counts[Category.PAIR]


def test_the_rarity_claims_stop_at_the_stated_sizes() -> None:
    """The full pack has more flushes than full houses; 48 and 52 cards have more no-pair hands than pairs."""
    assert category_counts(Pack(2))[Category.FLUSH] > category_counts(Pack(2))[Category.FULL_HOUSE]
    for lowest in (2, 3):
        counts = category_counts(Pack(lowest))
        assert counts[Category.HIGH_CARD] > counts[Category.PAIR]


def test_split_and_choose_has_no_flush_and_no_high_card_and_they_rank_last_by_rarity() -> None:
    """21 cards: every flush is royal and no-pair is a straight; absent categories rank below all, in standard order."""
    counts = category_counts(Pack.split_and_choose())
    assert counts[Category.FLUSH] == counts[Category.HIGH_CARD] == 0
    order = rarity_ranking(Pack.split_and_choose()).order
    assert order[-2:] == (Category.FLUSH, Category.HIGH_CARD)


def test_rarity_order_of_the_24_card_pack() -> None:
    """24 cards: flush second only to the straight flush, high card above three of a kind."""
    assert str(rarity_ranking(Pack.whisky(2))) == (
        "straight flush > flush > four of a kind > full house > straight > high card > three of a kind"
        " > two pair > pair"
    )


def test_standard_and_rarity_agree_on_the_full_pack() -> None:
    """In 52 cards rarity gives back the standard order, so the counts are the same."""
    assert rarity_ranking(Pack(2)).order == tuple(Category)
    assert dict(category_counts(Pack(2), "rarity")) == PUBLISHED_52


def test_probabilities_are_exact_fractions_summing_to_one() -> None:
    """probability() is count / C(n,5) as a Fraction; one_in is its inverse, infinite for an absent category."""
    counts = category_counts(Pack.whisky(2, jokers=True))
    assert sum(counts.probabilities().values()) == 1
    assert counts.probability(Category.PAIR) == Fraction(counts[Category.PAIR], comb(25, 5))
    assert counts.one_in(Category.PAIR) == pytest.approx(comb(25, 5) / counts[Category.PAIR])
    assert category_counts(Pack.split_and_choose()).one_in(Category.FLUSH) == float("inf")
    rows = counts.rows()
    assert [row[0] for row in rows] == [c.value for c in counts]
    assert sum(row[1] for row in rows) == comb(25, 5)


def test_unknown_ranking_name_is_refused_by_name() -> None:
    """Only "standard", "rarity" or a Ranking."""
    with pytest.raises(ValueError, match="'rare'"):
        category_counts(Pack(), "rare")  # type: ignore[arg-type]
