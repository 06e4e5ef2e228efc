"""The build table: the best-build score of every 10-card holding, checked
against best_build and build_score (the rules' tuple) on a large seeded
sample and on the edge cases: the Joker, royal flushes, ties."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import numpy as np
import pytest

from cardcommons.cards import Card, parse_cards
from cardcommons.errors import CardError
from cardcommons.lookup import hand_table
from cardcommons.odds import RankingLike
from cardcommons.split_and_choose import PACK, best_build, build_score, build_table
from cardcommons.split_and_choose.build import build_scorer


def best_build_score(cards: Sequence[Card], ranking: RankingLike = "standard") -> int:
    """The score of best_build's build, from the hands' strengths (no table)."""
    build = best_build(cards, ranking=ranking)
    table = build_table(ranking)
    strengths = [hand_table(PACK, table.ranking).strength(PACK.indices(h)) for h in build.hands]
    return int(table.scorer.score(np.array(strengths[0]), np.array(strengths[1])))


def sign(x: float) -> int:
    return (x > 0) - (x < 0)


def test_the_table_agrees_with_best_build_on_a_seeded_sample() -> None:
    rng = random.Random(25)
    holdings = [rng.sample(PACK.cards, 10) for _ in range(3000)]
    table = build_table()
    assert [table.score(h) for h in holdings] == [best_build_score(h) for h in holdings]
    # and its order is the rules' order: the tuple of build_score, for consecutive pairs
    for a, b in itertools.pairwise(holdings[:600]):
        ba, bb = best_build(a), best_build(b)
        tuples = build_score(ba.weaker, ba.stronger), build_score(bb.weaker, bb.stronger)
        assert sign(table.score(a) - table.score(b)) == sign((tuples[0] > tuples[1]) - (tuples[0] < tuples[1]))


def test_the_rarity_table_agrees_with_best_build() -> None:
    rng = random.Random(26)
    holdings = [rng.sample(PACK.cards, 10) for _ in range(300)]
    table = build_table("rarity")
    assert [table.score(h) for h in holdings] == [best_build_score(h, "rarity") for h in holdings]
    assert table is build_table("rarity") and table is not build_table()


@pytest.mark.parametrize(
    "holding",
    [
        "As Ks Qs Js 10s Ah Kh Qh Jh 10h",  # two royal flushes
        "As Ks Qs Js Jo Ah Kh Qh Jh 10h",  # a royal flush with the Joker, and a natural one
        "As Ks Qs Js Jo Ah Ad Ac 10h 10d",  # the Joker: a royal flush, or a straight, or wasted on the quads' side
        "Ac Ad Ah As Kc Kd Kh Ks Jo Qc",  # two four of a kind, the Joker as the lowest kicker
        "10c 10d 10h 10s Jc Jd Jh Js Qc Jo",  # the lowest quads
        "Ac Kd Qh Js 10c Ad Kh Qs Jc Jo",  # two straights, one with the Joker
    ],
)
def test_the_table_agrees_with_best_build_on_the_edge_cases(holding: str) -> None:
    assert build_table().score(holding) == best_build_score(parse_cards(holding))


def test_a_suit_never_breaks_a_tie() -> None:
    """Holdings that differ only by their suits, and no royal flush, score the same."""
    table = build_table()
    assert table.score("Ac Ad Kh Ks Qc Qd Jh Js 10c Jo") == table.score("Ah As Kc Kd Qh Qs Jc Jd 10h Jo")
    assert table.score("As Ks Qs Js 10s Ah Ad Ac Kh Kd") > table.score("As Ks Qs Js 10h Ah Ad Ac Kh Kd")


def test_only_holdings_have_a_score() -> None:
    scores = build_table().scores
    held = scores >= 0
    assert int(held.sum()) == 352_716  # C(21, 10)
    masks = np.flatnonzero(held)
    assert all(bin(m).count("1") == 10 for m in masks[::997].tolist())
    assert int(scores[(1 << 21) - 1]) == -1


def test_the_table_refuses_what_is_not_ten_cards_of_the_pack() -> None:
    table = build_table()
    with pytest.raises(CardError, match="expected 10 cards"):
        table.score("As Ks")
    with pytest.raises(CardError, match="9♠ is not in the 21-card pack"):
        table.mask("9s Ks Qs Js 10s Ah Kh Qh Jh 10h")


def test_the_score_is_one_definition() -> None:
    """best_build's choice is the argmax of the scorer's scores, the table's entry their max."""
    cards = parse_cards("As Ad Ac Ah Ks Kd Kh Qs Qd Jo")
    scorer = build_scorer(PACK, build_table().ranking)
    scores, _ = scorer.scores(scorer.indices(cards))
    assert int(scores.max()) == build_table().score(cards) == best_build_score(cards)
