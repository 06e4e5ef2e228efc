"""Lookup tables and evaluate_many: the same order as evaluate, checked against brute force, treys and eval7."""

from __future__ import annotations

import itertools
import pickle
from collections import Counter
from math import comb

import eval7
import numpy as np
import numpy.typing as npt
import pytest
from brute_force import PackSpec, dense_ranks, enumerate_pack
from hypothesis import given, settings
from hypothesis import strategies as st
from test_hands import BRUTE_PACKS, PACKS, RANKING, RANKINGS
from test_odds import PUBLISHED_52
from treys import Card as TreysCard
from treys import Evaluator

from cardcommons import CardError, Category, Pack, evaluate
from cardcommons.lookup import RANK_KEYS, _cached_table, evaluate_many, hand_table
from cardcommons.odds import RankingLike

DISTINCT_52 = {  # distinct strengths per category in the full pack
    Category.STRAIGHT_FLUSH: 10,
    Category.FOUR_OF_A_KIND: 156,
    Category.FULL_HOUSE: 156,
    Category.FLUSH: 1277,
    Category.STRAIGHT: 10,
    Category.THREE_OF_A_KIND: 858,
    Category.TWO_PAIR: 858,
    Category.PAIR: 2860,
    Category.HIGH_CARD: 1277,
}


def all_hands(cards: int) -> npt.NDArray[np.int8]:
    """Every 5-card hand of a pack of ``cards`` cards as an (n, 5) array of card indices."""
    combos = itertools.combinations(range(cards), 5)
    return np.fromiter(combos, dtype=np.dtype((np.int8, 5)), count=comb(cards, 5))


def random_hands(rng: np.random.Generator, count: int, cards: int = 52) -> npt.NDArray[np.intp]:
    """``count`` random 5-card hands (distinct cards each) from a seeded generator."""
    return np.argsort(rng.random((count, cards)), axis=1)[:, :5]


@pytest.mark.parametrize("ranking", RANKINGS)
@pytest.mark.parametrize("spec", BRUTE_PACKS, ids=str)
def test_evaluate_many_orders_every_hand_as_the_brute_force(spec: PackSpec, ranking: RankingLike) -> None:
    """Over the full enumeration, evaluate_many's strengths induce the brute force's preorder (and so evaluate's,
    which test_hands holds to the same brute force)."""
    enumeration = enumerate_pack(spec)
    strengths = evaluate_many(Pack(*spec), np.array(enumeration.hands), ranking)
    keys = enumeration.standard_keys if ranking == "standard" else enumeration.rarity_keys
    assert dense_ranks(strengths.tolist()) == dense_ranks(keys)


def test_full_pack_has_7462_distinct_strengths_with_the_published_counts() -> None:
    """All 2,598,960 hands: 7462 strengths; per category, the published hand counts and distinct values."""
    pack = Pack(2)
    hands = all_hands(52)
    assert len(hands) == 2598960
    strengths = evaluate_many(pack, hands)
    levels, first, counts = np.unique(strengths, return_index=True, return_counts=True)
    assert len(levels) == 7462
    assert levels.min() >= 1
    categories = [evaluate([pack.cards[i] for i in hands[j]], pack).category for j in first]
    hands_per_category: Counter[Category] = Counter()
    for category, n in zip(categories, counts.tolist(), strict=True):
        hands_per_category[category] += n
    assert dict(hands_per_category) == PUBLISHED_52
    assert dict(Counter(categories)) == DISTINCT_52
    # categories occupy consecutive bands of strengths, in the standard order (weakest first)
    assert categories == sorted(categories, key=lambda c: -list(Category).index(c))


def test_order_agrees_with_treys_and_eval7_on_random_pairs() -> None:
    """100,000 seeded random pairs of 52-card hands: evaluate_many says who wins exactly as treys and eval7 do."""
    pack = Pack(2)
    hands = random_hands(np.random.default_rng(20240501), 200_000)
    ours = evaluate_many(pack, hands)
    codes = [card.code for card in pack.cards]
    treys_cards = [TreysCard.new(code) for code in codes]
    evaluator = Evaluator()
    treys = np.array(
        [evaluator.evaluate([treys_cards[i] for i in h[:2]], [treys_cards[i] for i in h[2:]]) for h in hands.tolist()]
    )
    eval7_cards = [eval7.Card(code) for code in codes]
    seven = np.array([eval7.evaluate([eval7_cards[i] for i in h]) for h in hands.tolist()])
    a, b = slice(0, None, 2), slice(1, None, 2)
    ours_says = np.sign(ours[a] - ours[b])
    np.testing.assert_array_equal(ours_says, np.sign(treys[b] - treys[a]))  # lower treys score = better
    np.testing.assert_array_equal(ours_says, np.sign(seven[a] - seven[b]))
    assert np.count_nonzero(ours_says == 0) > 0  # the sample includes ties
    # and the scalar evaluate agrees on a slice of the same pairs
    for i in range(0, 4000, 2):
        x, y = (evaluate([pack.cards[j] for j in hands[k]], pack) for k in (i, i + 1))
        assert np.sign(ours[i] - ours[i + 1]) == (x > y) - (x < y)


@settings(max_examples=150, deadline=None)
@given(st.data(), PACKS, RANKING)
def test_evaluate_many_agrees_with_evaluate_on_random_batches(
    data: st.DataObject, pack: Pack, ranking: RankingLike
) -> None:
    """Any pack shape (lowest 2..10, 0..2 Jokers, ace-low or not): a batch ranks the same every way."""
    seed = data.draw(st.integers(0, 2**32 - 1))
    size = data.draw(st.integers(1, 40))
    hands = random_hands(np.random.default_rng(seed), size, len(pack))
    strengths = evaluate_many(pack, hands, ranking)
    values = [evaluate([pack.cards[i] for i in hand], pack, ranking) for hand in hands]
    assert dense_ranks(strengths.tolist()) == dense_ranks(values)
    table = hand_table(pack, ranking)
    assert [table.strength(hand) for hand in hands.tolist()] == strengths.tolist()
    assert table.strengths_of_hands(hands).tolist() == strengths.tolist()
    assert table.strengths_of_hands(hands[None, :, :]).tolist() == [strengths.tolist()]  # any leading axes


def test_rank_keys_give_every_multiset_of_five_its_own_sum() -> None:
    """The table index is unique: at most 4 of a rank and 2 Jokers (key 0), 5 symbols in all."""
    sums: dict[int, tuple[int, ...]] = {}
    for multiset in itertools.combinations_with_replacement(range(14), 5):
        if multiset.count(0) > 2 or any(multiset.count(r) > 4 for r in range(1, 14)):
            continue
        total = sum(RANK_KEYS[r] for r in multiset)
        assert total not in sums, (multiset, sums.get(total))
        sums[total] = multiset


def test_hand_table_is_cached_and_counts_its_levels() -> None:
    """hand_table returns the same table for the same pack and ranking."""
    assert hand_table(Pack(2)) is hand_table(Pack(2), "standard")
    assert hand_table(Pack(2)).levels == 7462
    assert hand_table(Pack.split_and_choose()) is not hand_table(Pack.split_and_choose(), "rarity")


def test_evaluate_many_accepts_lists_and_empty_batches() -> None:
    """Nested lists work; an empty (0, 5) batch gives an empty result."""
    pack = Pack.whisky(2)
    assert evaluate_many(pack, [[0, 1, 2, 3, 4]]).tolist() == evaluate_many(pack, np.array([[4, 3, 2, 1, 0]])).tolist()
    assert evaluate_many(pack, np.zeros((0, 5), dtype=np.int64)).shape == (0,)


@pytest.mark.parametrize(
    ("hands", "named"),
    [
        ([0, 1, 2, 3, 4], "shape (5,)"),
        ([[0, 1, 2, 3]], "shape (1, 4)"),
        ([[0.0, 1.0, 2.0, 3.0, 4.0]], "float64"),
        ([[0, 1, 2, 3, 24]], "card index 24 is outside the 24-card pack"),
        ([[0, 1, 2, 3, 4], [-1, 1, 2, 3, 4]], "card index -1 is outside"),
        ([[0, 1, 2, 3, 4], [5, 6, 7, 8, 9], [0, 1, 2, 3, 3]], "hand 2 holds card index 3 (9♠) twice"),
    ],
)
def test_evaluate_many_bad_input_is_a_card_error_naming_it(hands: npt.ArrayLike, named: str) -> None:
    """Bad shapes, dtypes, out-of-range indices and duplicate cards: CardError naming the culprit."""
    with pytest.raises(CardError) as raised:
        evaluate_many(Pack.whisky(2), hands)
    assert named in str(raised.value)


@pytest.mark.parametrize("dtype", [np.int8, np.uint8, np.int16, np.int32, np.int64])
def test_evaluate_many_checks_every_integer_dtype(dtype: type[np.integer]) -> None:
    """Small integer types give the same strengths and the same checks (no wrap-around)."""
    pack = Pack(2, 2)
    hands = random_hands(np.random.default_rng(5), 1000, len(pack))
    assert evaluate_many(pack, hands.astype(dtype)).tolist() == evaluate_many(pack, hands).tolist()
    bad = hands.astype(dtype)
    bad[-1, 0] = 54
    with pytest.raises(CardError, match="card index 54 is outside"):
        evaluate_many(pack, bad)
    bad[-1, 0] = bad[-1, 1]
    with pytest.raises(CardError, match="hand 999 holds card index"):
        evaluate_many(pack, bad)
    if np.issubdtype(dtype, np.signedinteger):
        bad[-1, 0] = -3
        with pytest.raises(CardError, match="card index -3 is outside"):
            evaluate_many(pack, bad)


@pytest.mark.parametrize(
    "hands",
    [
        None,
        b"\x00\x01\x02\x03\x04",
        7,
        [[0, 1, 2, 3, 4], [0, 1, 2]],
        [[None, 1, 2, 3, 4]],
        np.ones((2, 5), dtype=np.bool_),
        np.zeros((2, 5), dtype="m8[s]"),
        np.zeros((2, 5), dtype=np.float32),
        np.array([["As", "Ks", "Qs", "Js", "Ts"]]),
    ],
    ids=["None", "bytes", "int", "ragged", "object", "bool", "timedelta", "float", "str"],
)
def test_evaluate_many_refuses_what_is_not_an_index_array(hands: npt.ArrayLike) -> None:
    """None, bytes, ragged lists, bool/timedelta/float/str arrays: a CardError, never a TypeError or a bare
    ValueError."""
    with pytest.raises(CardError, match="evaluate_many takes an"):
        evaluate_many(Pack.whisky(2), hands)


def test_evaluate_many_refuses_masked_arrays() -> None:
    """A mask is never silently ignored: masked arrays are refused."""
    hands = np.ma.masked_array([[0, 1, 2, 3, 4], [0, 0, 0, 0, 0]], mask=[[False] * 5, [True] * 5])
    with pytest.raises(CardError, match="masked"):
        evaluate_many(Pack.whisky(2), hands)


def test_evaluate_many_reads_big_endian_and_strided_arrays() -> None:
    """Byte order and memory layout do not change the strengths."""
    pack = Pack(2)
    hands = random_hands(np.random.default_rng(9), 3000)
    expected = evaluate_many(pack, hands).tolist()
    assert evaluate_many(pack, hands.astype(">i4")).tolist() == expected
    assert evaluate_many(pack, np.asfortranarray(hands)).tolist() == expected
    assert evaluate_many(pack, np.repeat(hands, 2, axis=0)[::2]).tolist() == expected


@pytest.mark.parametrize(
    "hand",
    [
        None,
        5,
        "01234",
        b"\x00\x01\x02\x03\x04",
        [0, 1, 2, 3],
        [0, 1, 2, 3, 4, 5],
        [0, 1, 2, 3, 52],
        [-1, 0, 1, 2, 3],
        [0.0, 1.0, 2.0, 3.0, 4.0],
        np.array([0, 1, 2, 3, 4], dtype="m8[s]"),
        [0, 0, 0, 0, 0],
    ],
    ids=repr,
)
def test_strength_refuses_what_is_not_five_indices(hand: object) -> None:
    """The scalar path checks types and range cheaply: a CardError naming the hand, never a TypeError or a wrap."""
    with pytest.raises(CardError, match="not 5 card indices of the 52-card pack"):
        hand_table(Pack(2)).strength(hand)  # type: ignore[arg-type]


def test_strength_refuses_every_negative_index_in_every_place() -> None:
    """A negative index once counted from the end of the table's padded codes: -4096 read card 0."""
    table = hand_table(Pack(2))
    for place in range(5):
        for index in [-1, -52, *range(-4096, -4096 + 52), -4097, -(2**31), -(2**63)]:  # the padding is 4096 long
            hand = [1, 2, 3, 4, 5]
            hand[place] = index
            for indices in (hand, np.array(hand, dtype=np.int64)):
                with pytest.raises(CardError, match="not 5 card indices"):
                    table.strength(indices)


@pytest.mark.parametrize("pack", [None, 52, "52", (2, 0)])
def test_hand_table_and_evaluate_many_refuse_what_is_not_a_pack(pack: object) -> None:
    """Checked before the cache, which would otherwise hash whatever it is given."""
    with pytest.raises(CardError, match="not a pack"):
        hand_table(pack)  # type: ignore[arg-type]
    with pytest.raises(CardError, match="not a pack"):
        evaluate_many(pack, [[0, 1, 2, 3, 4]])  # type: ignore[arg-type]


def test_tables_are_small_and_their_cache_bounded() -> None:
    """A table takes at most 3 MB, and at most 16 are kept."""
    table = hand_table(Pack(2, 2), "rarity")
    assert table.table.nbytes + table.codes.nbytes <= 3_000_000
    for lowest, jokers in itertools.product(range(2, 11), range(3)):
        hand_table(Pack(lowest, jokers))
    assert _cached_table.cache_info().currsize <= 16


@pytest.mark.parametrize("pack", [Pack(10, 2), Pack(9, 1, ace_low=False), Pack(7), Pack(2)], ids=str)
@pytest.mark.parametrize("ranking", RANKINGS)
def test_hands_per_level_counts_every_hand_of_the_pack(pack: Pack, ranking: RankingLike) -> None:
    """The counts by rank multisets equal a count over every hand of the pack."""
    table = hand_table(pack, ranking)
    listed = np.bincount(evaluate_many(pack, all_hands(len(pack)), ranking), minlength=table.levels + 1)
    assert table.hands_per_level.tolist() == listed.tolist()
    assert int(table.hands_per_level.sum()) == comb(len(pack), 5)


def test_a_table_pickles_as_its_pack_and_ranking() -> None:
    """A game state holding a table travels to worker processes and OpenSpiel's serializer."""
    pack = Pack.whisky(players=3, jokers=True)
    table = hand_table(pack, "rarity")
    copy = pickle.loads(pickle.dumps(table))
    assert copy.pack == pack and copy.ranking == table.ranking
    hands = [[0, 1, 2, 3, 4], [0, 4, 8, 12, 16], [len(pack) - 1, 5, 9, 13, 17]]
    assert [copy.strength(hand) for hand in hands] == [table.strength(hand) for hand in hands]
