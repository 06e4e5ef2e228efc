"""Lookup tables: hand strengths as integers, for simulations and batches.

A hand's strength depends only on the multiset of its ranks (the Joker
counted as one more "rank") and on whether its natural cards share one suit.
So each card gets a code, and the sum of five codes says both::

    code = rank_key << 12 | suit_key

    rank_key: 0 for the Joker, then 1, 4, 16, 67, ... for 2, 3, 4, 5, ...
              chosen so that no two multisets of 5 ranks have the same sum
    suit_key: 1, 8, 64, 512 for clubs, diamonds, hearts, spades; 0 for the
              Joker; a sum of five is below 4096 and says how many of each

The table is filled by the one evaluator (:func:`cardcommons.hands.evaluate`),
so a strength orders hands exactly as ``evaluate`` does.

>>> pack = Pack.whisky(2)
>>> table = hand_table(pack)
>>> hands = np.array([pack.indices(parse_cards(h)) for h in ["As Ks Qs Js 10s", "9c 9d 9h 9s Ac"]])
>>> s = evaluate_many(pack, hands)
>>> bool(s[0] > s[1]), table.strength(hands[1]) == int(s[1])
(True, True)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from functools import lru_cache
from typing import NoReturn

import numpy as np
import numpy.typing as npt

from cardcommons.cards import JOKER, Card, Suit
from cardcommons.categories import Ranking
from cardcommons.errors import CardError
from cardcommons.hands import value_of
from cardcommons.odds import RankingLike, resolve_ranking
from cardcommons.packs import Pack
from cardcommons.readings import example_naturals

RANK_KEYS = (0, 1, 4, 16, 67, 222, 707, 2214, 5314, 11782, 20119, 45152, 81787, 141158)
"""Keys for the Joker, then the ranks 2..Ace: every multiset of 5 (at most 4
of a rank, 2 Jokers) has its own sum. Found greedily, smallest first."""

SUIT_KEYS = {Suit.CLUBS: 1, Suit.DIAMONDS: 8, Suit.HEARTS: 64, Suit.SPADES: 512}
_SUIT_BITS = 12
_SUIT_MASK = (1 << _SUIT_BITS) - 1


def card_code(card: Card) -> int:
    """The card's code: its rank key above 12 bits of suit key.

    >>> card_code(JOKER), card_code(parse_card("2c")), card_code(parse_card("3s"))
    (0, 4097, 16896)
    """
    if card.rank is None or card.suit is None:
        return 0
    return RANK_KEYS[card.rank - 1] << _SUIT_BITS | SUIT_KEYS[card.suit]


def _one_suit(suit_sum: int) -> bool:
    """True if the suit keys summed come from a single suit."""
    digits = [(suit_sum >> shift) & 7 for shift in (0, 3, 6, 9)]
    return sum(d > 0 for d in digits) == 1


_ONE_SUIT = np.array([_one_suit(s) for s in range(1 << _SUIT_BITS)], dtype=np.int64)


class HandTable:
    """Strengths of every 5-card hand of one pack under one ranking: larger is
    stronger, equal is a tie. Build it with :func:`hand_table` (cached).
    """

    def __init__(self, pack: Pack, ranking: Ranking) -> None:
        self.pack = pack
        self.ranking = ranking
        self.codes = np.array([card_code(c) for c in pack.cards], dtype=np.int64)
        self._codes = [int(c) for c in self.codes]
        keyed = {index: value_of(hand, pack, ranking).key for index, hand in _representatives(pack)}
        distinct = sorted(set(keyed.values()))
        strength_of = {key: i + 1 for i, key in enumerate(distinct)}
        self.levels = len(distinct)
        self.category_strengths = np.array([0] + [key[0] for key in distinct], dtype=np.int64)
        """The ranking's strength (0..8) of the category of each strength level."""
        self._scalar = {index: strength_of[key] for index, key in keyed.items()}
        self.table = np.zeros(2 * (5 * RANK_KEYS[-1] + 1), dtype=np.int64)
        self.table[list(self._scalar)] = list(self._scalar.values())
        # for evaluate_many's checked path: indexable by any uint8, 0 past the pack's end
        self.bits = np.zeros(256, dtype=np.uint64)
        self.bits[: len(pack)] = np.left_shift(np.uint64(1), np.arange(len(pack), dtype=np.uint64))
        self.padded_codes = np.zeros(256, dtype=np.int64)
        self.padded_codes[: len(pack)] = self.codes

    def strength(self, hand: Sequence[int] | npt.NDArray[np.integer]) -> int:
        """The strength of one hand given as 5 card indices (no checks: the fast path)."""
        codes = self._codes
        total = codes[hand[0]] + codes[hand[1]] + codes[hand[2]] + codes[hand[3]] + codes[hand[4]]
        return self._scalar[_index(total)]

    def strengths(self, hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
        """The strengths of an (n, 5) array of card indices (no checks)."""
        codes = self.padded_codes
        total = codes[hands[:, 0]] + codes[hands[:, 1]] + codes[hands[:, 2]] + codes[hands[:, 3]] + codes[hands[:, 4]]
        return self.strengths_of_codes(total)

    def strengths_of_codes(self, totals: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The strengths of hands given as the sums of their cards' codes (no checks)."""
        strengths: npt.NDArray[np.int64] = self.table[(totals >> _SUIT_BITS) * 2 + _ONE_SUIT[totals & _SUIT_MASK]]
        return strengths


def _representatives(pack: Pack) -> Iterator[tuple[int, tuple[Card, ...]]]:
    """One hand for each table index the pack can produce: every multiset of
    ranks (Jokers included), unsuited and, for distinct ranks, suited."""
    for jokers in range(pack.jokers + 1):
        for ranks in itertools.combinations_with_replacement(pack.ranks, 5 - jokers):
            if any(ranks.count(r) > 4 for r in ranks):
                continue
            kinds = (False, True) if len(set(ranks)) == len(ranks) else (False,)
            for one_suit in kinds:
                hand = example_naturals(ranks, one_suit) + (JOKER,) * jokers
                yield _index(sum(card_code(c) for c in hand)), hand


def _index(total: int) -> int:
    return (total >> _SUIT_BITS) * 2 + int(_ONE_SUIT[total & _SUIT_MASK])


@lru_cache(maxsize=64)
def _cached_table(pack: Pack, ranking: Ranking) -> HandTable:
    return HandTable(pack, ranking)


def hand_table(pack: Pack, ranking: RankingLike = "standard") -> HandTable:
    """The (cached) :class:`HandTable` of a pack under a ranking."""
    return _cached_table(pack, resolve_ranking(ranking, pack))


def evaluate_many(pack: Pack, hands: npt.ArrayLike, ranking: RankingLike = "standard") -> npt.NDArray[np.int64]:
    """Strengths of many hands at once: ``hands`` is an (n, 5) integer array of
    indices into ``pack.cards``; the result orders them exactly as
    :func:`cardcommons.evaluate` does (larger is stronger, equal is a tie).

    >>> evaluate_many(Pack.whisky(2), [[0, 1, 2, 3, 3]])
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: hand 0 holds card index 3 (9♠) twice
    """
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] != 5 or not np.issubdtype(array.dtype, np.integer):
        raise CardError(
            f"evaluate_many takes an (n, 5) integer array of card indices, not shape {array.shape} of {array.dtype}"
        )
    table = hand_table(pack, ranking)
    if array.dtype.itemsize == 1:
        fast = array.view(np.uint8)  # negative int8 become >= 128: no card, caught below
    elif array.size and (array.min() < 0 or array.max() >= len(pack)):
        _raise_first_error(pack, array)
    else:
        fast = array
    # Checked and evaluated in cache-sized chunks: each card's bit (0 past the
    # pack's end) finds repeated or missing cards, each card's code the strength.
    result = np.empty(len(array), dtype=np.int64)
    for start in range(0, len(array), _CHUNK):
        chunk = fast[start : start + _CHUNK]
        c0, c1, c2, c3, c4 = chunk[:, 0], chunk[:, 1], chunk[:, 2], chunk[:, 3], chunk[:, 4]
        bits = table.bits
        if np.any(np.bitwise_count(bits[c0] | bits[c1] | bits[c2] | bits[c3] | bits[c4]) != 5):
            _raise_first_error(pack, array)
        result[start : start + _CHUNK] = table.strengths(chunk)
    return result


_CHUNK = 1 << 14
"""Hands per chunk in :func:`evaluate_many`: small enough for the temporaries to stay in cache."""


def _raise_first_error(pack: Pack, array: npt.NDArray[np.integer]) -> NoReturn:
    """Raise the CardError for the first bad index in ``array``, else for the first repeated card."""
    if array.size and (array.min() < 0 or array.max() >= len(pack)):
        bad = int(array[(array < 0) | (array >= len(pack))][0])
        raise CardError(f"card index {bad} is outside the {pack} (0..{len(pack) - 1})")
    bits = np.left_shift(np.int64(1), array.astype(np.int64))
    held = bits[:, 0] | bits[:, 1] | bits[:, 2] | bits[:, 3] | bits[:, 4]
    twice = np.flatnonzero(np.bitwise_count(held) != 5)
    if twice.size:
        row = array[twice[0]].tolist()
        index = next(i for i in row if row.count(i) > 1)
        raise CardError(f"hand {twice[0]} holds card index {index} ({pack.cards[index]}) twice")
    raise AssertionError("evaluate_many flagged a hand that holds no bad index and no card twice")
