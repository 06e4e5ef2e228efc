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
from collections.abc import Callable, Iterator, Sequence
from functools import lru_cache
from math import comb, prod
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from cardcommons.cards import Card, Suit
from cardcommons.categories import Ranking
from cardcommons.errors import CardError, shown
from cardcommons.hands import best_reading
from cardcommons.odds import RankingLike, resolve_ranking
from cardcommons.packs import Pack, check_pack
from cardcommons.readings import ranked_readings

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


def _one_suit_flags() -> npt.NDArray[np.intp]:
    """For every sum of suit keys: 1 if they come from a single suit, else 0
    (each suit key is a 3-bit digit, so a suit is present when its digit is not 0).

    >>> flags = _one_suit_flags()
    >>> int(flags[5 * SUIT_KEYS[Suit.HEARTS]]), int(flags[SUIT_KEYS[Suit.CLUBS] + 4 * SUIT_KEYS[Suit.SPADES]])
    (1, 0)
    """
    digits = (np.arange(1 << _SUIT_BITS)[:, None] >> np.array([0, 3, 6, 9])) & 7
    flags: npt.NDArray[np.intp] = (np.count_nonzero(digits, axis=1) == 1).astype(np.intp)
    return flags


_ONE_SUIT = _one_suit_flags()
_ONE_SUIT_FLAGS = [int(flag) for flag in _ONE_SUIT]
_SCALAR_PAD = 4096
_BYTES = frozenset({bytes, bytearray, memoryview})


class HandTable:
    """Strengths of every 5-card hand of one pack under one ranking: larger is
    stronger, equal is a tie. Build it with :func:`hand_table` (cached).

    The table holds a small integer for each sum of rank keys (twice: suited or
    not) up to the pack's largest: 1.3 million 16-bit entries, 2.6 MB, for 52 cards.
    """

    def __init__(self, pack: Pack, ranking: Ranking) -> None:
        self.pack = pack
        self.ranking = ranking
        self.codes = np.array([card_code(c) for c in pack.cards], dtype=np.int64)
        indices, keys, ways = [], [], []
        for index, ranks, one_suit, jokers, count in _representatives(pack):
            found = ranked_readings(ranks, Suit.CLUBS if one_suit else None, jokers, pack)
            indices.append(index)
            keys.append(best_reading(found, jokers, ranking)[0])
            ways.append(count)
        # strength levels 1, 2, ... for the distinct keys, weakest first: one sort, one pass
        levels = [0] * len(keys)
        categories = [0]
        previous = None
        for i in sorted(range(len(keys)), key=keys.__getitem__):
            if keys[i] != previous:
                previous = keys[i]
                categories.append(previous[0])
            levels[i] = len(categories) - 1
        self.levels = len(categories) - 1
        self.category_strengths = np.array(categories, dtype=np.int64)
        """The ranking's strength (0..8) of the category of each strength level."""
        self.table = np.zeros(max(indices) + 1, dtype=np.min_scalar_type(self.levels))
        self.table[indices] = levels
        self.hands_per_level = np.zeros(self.levels + 1, dtype=np.int64)
        """How many of the pack's 5-card hands have each strength: counted by rank multisets, not by listing hands."""
        np.add.at(self.hands_per_level, levels, ways)
        self._levels = self.table.data  # indexing gives a Python int: the scalar path
        # None past the pack's end: an index outside it fails
        self._scalar_codes: list[Any] = self.codes.tolist() + [None] * (_SCALAR_PAD - len(pack))
        # evaluate_many's codes, indexable by any uint8 (0 past the pack's end; it checks the range first)
        self._codes = np.zeros(256, dtype=np.uint32)
        self._codes[: len(pack)] = self.codes

    def __reduce__(self) -> tuple[Callable[[Pack, Ranking], HandTable], tuple[Pack, Ranking]]:
        """Pickled as its pack and ranking (a game state travels to a worker
        process or an OpenSpiel serializer): rebuilt, or found in the cache, on arrival."""
        return hand_table, (self.pack, self.ranking)

    def strength(self, hand: Sequence[int] | npt.NDArray[np.integer]) -> int:
        """The strength of one hand given as 5 card indices of the pack: the
        fast path, for simulations. It refuses what is not 5 indices of the pack
        (negative ones included) but, for speed, does not look for a card held
        twice: :func:`evaluate_many` checks everything.

        >>> table = hand_table(Pack.split_and_choose())
        >>> table.strength([19, 15, 11, 7, 3]) == table.levels  # A♠ K♠ Q♠ J♠ 10♠: the best
        True
        >>> table.strength([0, 1, 2, 3, 21])
        Traceback (most recent call last):
        ...
        cardcommons.errors.CardError: not 5 card indices of the 21-card pack (10 to A and 1 Joker): [0, 1, 2, 3, 21]
        >>> table.strength([-4096, 1, 2, 3, 4])
        Traceback (most recent call last):
        ...
        cardcommons.errors.CardError: not 5 card indices of the 21-card pack (10 to A and 1 Joker): [-4096, 1, 2, 3, 4]
        """
        codes = self._scalar_codes
        try:
            a, b, c, d, e = hand
            total = codes[a] + codes[b] + codes[c] + codes[d] + codes[e]
            # a negative index would count from the end of the padded codes: refused, at the cost of one test
            strength: int = (a | b | c | d | e) >= 0 and self._levels[
                (total >> _SUIT_BITS) * 2 + _ONE_SUIT_FLAGS[total & _SUIT_MASK]
            ]
        except (TypeError, ValueError, IndexError):
            strength = 0
        if not strength or type(hand) in _BYTES:
            raise CardError(f"not 5 card indices of the {self.pack}: {shown(hand)}")
        return strength

    def strengths_of_codes(self, totals: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The strengths of hands given as the sums of their cards' codes (no checks)."""
        strengths: npt.NDArray[np.int64] = self.table[(totals >> _SUIT_BITS) * 2 + _ONE_SUIT[totals & _SUIT_MASK]]
        return strengths.astype(np.int64)

    def strengths_of_hands(self, hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
        """The strengths of many hands, each given as card indices of the pack
        along the last axis (no checks: the batch path of the play-outs).

        >>> table = hand_table(Pack.split_and_choose())
        >>> table.strengths_of_hands(np.array([[19, 15, 11, 7, 3], [0, 1, 2, 3, 4]])).tolist() == [
        ...     table.strength([19, 15, 11, 7, 3]), table.strength([0, 1, 2, 3, 4])]
        True
        """
        codes = self.codes[hands]  # summed by a product with ones: quicker than a sum along the last axis
        return self.strengths_of_codes(codes @ np.ones(codes.shape[-1], dtype=np.int64))


def _representatives(pack: Pack) -> Iterator[tuple[int, list[int], bool, int, int]]:
    """One hand for each table index the pack can produce: every multiset of
    ranks (Jokers included), unsuited and, for distinct ranks, suited; as its
    index, its natural ranks (highest first), whether they share a suit, its
    Jokers, and the number of the pack's hands it stands for."""
    high_first = range(14, pack.lowest - 1, -1)
    rank_key = {rank: RANK_KEYS[rank - 1] for rank in high_first}.__getitem__
    for jokers in range(pack.jokers + 1):
        joker_ways = comb(pack.jokers, jokers)
        suited, unsuited = joker_ways * 4, joker_ways * (4 ** (5 - jokers) - 4)
        for multiset in itertools.combinations_with_replacement(high_first, 5 - jokers):
            ranks = list(multiset)
            index = sum(map(rank_key, ranks)) * 2
            held = set(ranks)
            if len(held) == len(ranks):
                yield index, ranks, False, jokers, unsuited
                yield index + 1, ranks, True, jokers, suited
            elif len(held) > 1 or len(ranks) < 5:  # five of one rank cannot be held
                yield index, ranks, False, jokers, joker_ways * prod([_SUITINGS[ranks.count(r)] for r in held])


_SUITINGS = [comb(4, n) for n in range(5)]
"""The ways to pick suits for n cards of one rank."""


@lru_cache(maxsize=16)
def _cached_table(pack: Pack, ranking: Ranking) -> HandTable:
    return HandTable(pack, ranking)


def hand_table(pack: Pack, ranking: RankingLike = "standard") -> HandTable:
    """The (cached: 16 tables at most) :class:`HandTable` of a pack under a ranking."""
    return _cached_table(check_pack(pack), resolve_ranking(ranking, pack))


def evaluate_many(pack: Pack, hands: npt.ArrayLike, ranking: RankingLike = "standard") -> npt.NDArray[np.int64]:
    """Strengths of many hands at once: ``hands`` is an (n, 5) integer array of
    indices into ``pack.cards``; the result orders them exactly as
    :func:`cardcommons.evaluate` does (larger is stronger, equal is a tie).
    Every hand is checked: indices in the pack, no card twice.

    >>> evaluate_many(Pack.whisky(2), [[0, 1, 2, 3, 3]])
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: hand 0 holds card index 3 (9♠) twice
    """
    table = hand_table(pack, ranking)
    array = _index_array(hands)
    # unsigned: a negative index becomes a large one, out of range like any other
    unsigned = array.view(array.dtype.str.replace("i", "u"))
    result = np.empty(len(array), dtype=np.int64)
    work = _Work(min(len(array), _CHUNK))
    for start in range(0, len(array), _CHUNK):
        if not work.strengths(table, unsigned[start : start + _CHUNK], result[start : start + _CHUNK]):
            _raise_first_error(pack, array[start : start + _CHUNK], start)
    return result


_CHUNK = 1 << 14
"""Hands per chunk in :func:`evaluate_many`: small enough for the temporaries to stay in cache."""


class _Work:
    """The buffers of :func:`evaluate_many`, made once per call (fresh large
    arrays in each chunk would cost page faults) and the work on one chunk."""

    def __init__(self, size: int) -> None:
        self.cards = np.empty((5, size), dtype=np.uint8)
        self.indices = np.empty((5, size), dtype=np.intp)
        self.codes = np.empty((5, size), dtype=np.uint32)
        self.total = np.empty(size, dtype=np.uint32)
        self.index = np.empty(size, dtype=np.intp)
        self.low = np.empty(size, dtype=np.intp)
        self.distinct = np.empty(size, dtype=np.bool_)
        self.differ = np.empty(size, dtype=np.bool_)

    def strengths(self, table: HandTable, rows: npt.NDArray[np.unsignedinteger], out: npt.NDArray[np.int64]) -> bool:
        """Write the strengths of ``rows`` into ``out``; False if an index is outside the pack or a hand holds
        a card twice."""
        n = len(rows)
        cards, indices, codes = self.cards[:, :n], self.indices[:, :n], self.codes[:, :n]
        distinct, differ = self.distinct[:n], self.differ[:n]
        np.copyto(cards, rows.T, casting="unsafe")  # one card per row, contiguous: fast comparisons
        if rows.max() >= len(table.pack):  # checked after the copy, which left the rows in the cache
            return False
        c0, c1, c2, c3, c4 = cards
        np.not_equal(c0, c1, out=distinct)
        for a, b in ((c0, c2), (c0, c3), (c0, c4), (c1, c2), (c1, c3), (c1, c4), (c2, c3), (c2, c4), (c3, c4)):
            np.not_equal(a, b, out=differ)
            distinct &= differ
        if not distinct.all():
            return False
        np.copyto(indices, cards)
        np.take(table._codes, indices, out=codes)
        total, index, low = self.total[:n], self.index[:n], self.low[:n]
        np.add(codes[0], codes[1], out=total)
        for more in codes[2:]:
            total += more
        np.right_shift(total, _SUIT_BITS, out=index)
        index <<= 1
        np.bitwise_and(total, _SUIT_MASK, out=low)
        index |= _ONE_SUIT.take(low)
        out[:] = table.table.take(index)
        return True


def _index_array(hands: npt.ArrayLike) -> npt.NDArray[np.integer]:
    """``hands`` as an (n, 5) array of integers, or a CardError naming what it is."""
    if isinstance(hands, np.ma.MaskedArray):
        raise CardError("evaluate_many does not take masked arrays: drop the masked hands first")
    try:
        array = np.asarray(hands)
    except (TypeError, ValueError) as error:
        raise CardError(f"evaluate_many takes an (n, 5) array of card indices, not {shown(hands)}") from error
    if array.ndim != 2 or array.shape[1] != 5 or array.dtype.kind not in "iu":
        raise CardError(
            f"evaluate_many takes an (n, 5) integer array of card indices, not shape {array.shape} of {array.dtype}"
        )
    return array


def _raise_first_error(pack: Pack, array: npt.NDArray[np.integer], offset: int) -> NoReturn:
    """Raise the CardError for the first bad index in ``array`` (hands from ``offset`` on), else for the first
    repeated card."""
    bad = (array < 0) | (array >= len(pack))
    if bad.any():
        raise CardError(f"card index {int(array[bad][0])} is outside the {pack} (0..{len(pack) - 1})")
    for i, row in enumerate(array.tolist()):
        twice = [index for index in row if row.count(index) > 1]
        if twice:
            raise CardError(f"hand {offset + i} holds card index {twice[0]} ({pack.cards[twice[0]]}) twice")
    raise AssertionError("evaluate_many flagged a hand that holds no bad index and no card twice")
