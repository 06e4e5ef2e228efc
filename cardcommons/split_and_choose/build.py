"""Building 10 cards into two 5-card hands: the best build, the score of a
build, the 126 builds a player chooses from, and the best-build score of
every holding of the pack at once (:func:`build_table`).

>>> build = best_build("As Ad Ac Ah Ks Kd Kh Qs Qd Jo")
>>> print(build)
build K♠ K♥ K♦ Q♠ Q♦ (weaker) and A♠ A♥ A♦ A♣ JO (stronger)
>>> build_score(build.weaker, build.stronger)[:2]
(6, 7)
>>> table = build_table()  # a Queen is a better kicker to the Aces than the Joker:
>>> table.score("As Ad Ac Ah Ks Kd Kh Qs Qd Qh") > table.score("As Ad Ac Ah Ks Kd Kh Qs Qd Jo")
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Sequence
from functools import lru_cache
from typing import overload

import numpy as np
import numpy.typing as npt

from cardcommons.cards import Card, parse_cards
from cardcommons.categories import Ranking
from cardcommons.errors import RulesError
from cardcommons.hands import HandValue, value_of
from cardcommons.lookup import hand_table
from cardcommons.odds import RankingLike, resolve_ranking
from cardcommons.packs import Pack
from cardcommons.split_and_choose.actions import Build, _sorted_cards
from cardcommons.split_and_choose.rules import _INDEX, PACK

__all__ = ["BuildTable", "best_build", "build_score", "build_table"]

_POSITIONS = tuple(combo for combo in itertools.combinations(range(10), 5) if 0 in combo)
"""The 126 ways to split 10 positions into two 5s: the hand holding position 0, in order."""
_SELECT = np.zeros((252, 10), dtype=np.int64)
for _row, _combo in enumerate(_POSITIONS):
    _SELECT[_row, list(_combo)] = 1
    _SELECT[126 + _row, [p for p in range(10) if p not in _combo]] = 1
_COMPLEMENTS = tuple(tuple(p for p in range(10) if p not in combo) for combo in _POSITIONS)


class BuildScorer:
    """Scores all 126 splits of 10 cards at once with the pack's lookup table."""

    def __init__(self, pack: Pack, ranking: Ranking) -> None:
        self.pack = pack
        self.ranking = ranking
        self.table = hand_table(pack, ranking)
        self.category = self.table.category_strengths
        self.levels = self.table.levels + 1
        self.index = pack.position
        self.jokers = tuple(range(len(pack) - pack.jokers, len(pack)))

    def indices(self, cards: Sequence[Card]) -> list[int]:
        """Pack positions, the Jokers in turn taking the Joker positions; sorted."""
        jokers = iter(self.jokers)
        return sorted(next(jokers) if c.is_joker else self.index[c] for c in cards)

    def score(self, first: npt.NDArray[np.int64], second: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
        """The score of builds whose two hands have the strengths ``first`` and
        ``second`` (in either order): the tuple of :func:`build_score` (weaker
        category, stronger category, weaker hand, stronger hand) as one integer,
        so that a larger score is a better build and equal scores are equal
        builds. This is the one definition of a build's score in numbers.

        >>> scorer = build_scorer(PACK, resolve_ranking("standard", PACK))
        >>> table = scorer.table
        >>> quads, house = (table.strength(PACK.indices(parse_cards(h))) for h in ("Ac Ad Ah As Kd", "Kc Kh Ks Qd Qh"))
        >>> bool(scorer.score(np.array(quads), np.array(house)) == scorer.score(np.array(house), np.array(quads)))
        True
        """
        weaker = np.minimum(first, second)
        stronger = np.maximum(first, second)
        category = self.category
        score: npt.NDArray[np.int64] = (
            (category[weaker] * 16 + category[stronger]) * self.levels + weaker
        ) * self.levels + stronger
        return score

    def scores(self, positions: Sequence[int]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """For 10 sorted pack positions: the score of each of the 126 splits
        and the strengths of the 252 hands (the first 126 hold position 0)."""
        total = _SELECT @ self.table.codes[np.asarray(positions)]
        strength = self.table.strengths_of_codes(total)
        return self.score(strength[:126], strength[126:]), strength


@lru_cache(maxsize=16)
def build_scorer(pack: Pack, ranking: Ranking) -> BuildScorer:
    return BuildScorer(pack, ranking)


def best_build(cards: Iterable[Card] | str, pack: Pack | None = None, ranking: RankingLike = "standard") -> Build:
    """The best way to build 10 cards into two 5-card hands: the split that
    maximises (weaker category, stronger category, weaker hand, stronger hand),
    categories compared in the ranking's order, hands by the full hand order
    (the Joker rule included). Of the 126 splits it looks at all, with the
    pack's lookup table.

    Ties (several splits with the same four values, which happens when cards
    of equal worth can change places) go to the first split in a fixed order
    that does not depend on the order of ``cards``: the cards are put in the
    pack's order, and the splits are tried as the 5-card combinations, in
    lexicographic order, of the hand that holds the first of them. When the
    two hands are equal, the one holding that first card is named the weaker.

    >>> from cardcommons.cards import cards_str
    >>> build = best_build("As Ad Ac Ah Ks Kd Kh Qs Qd Jo")
    >>> cards_str(build.weaker), cards_str(build.stronger)
    ('K♠ K♥ K♦ Q♠ Q♦', 'A♠ A♥ A♦ A♣ JO')
    """
    pack = PACK if pack is None else pack
    held = pack.check(parse_cards(cards), size=10)
    scorer = build_scorer(pack, resolve_ranking(ranking, pack))
    positions = scorer.indices(held)
    score, strength = scorer.scores(positions)
    best = int(np.argmax(score))
    first = tuple(pack.cards[positions[p]] for p in _POSITIONS[best])
    second = tuple(pack.cards[positions[p]] for p in _COMPLEMENTS[best])
    first, second = _sorted_cards(first), _sorted_cards(second)
    if strength[best] <= strength[126 + best]:
        return Build._trusted(first, second)
    return Build._trusted(second, first)


def build_score(
    weaker: Iterable[Card], stronger: Iterable[Card], pack: Pack | None = None, ranking: RankingLike = "standard"
) -> tuple[int, int, HandValue, HandValue]:
    """The tuple that scoring compares, for a build (the hands in either
    order): the category strengths of the weaker and the stronger hand, then
    the two hands' values.

    >>> score = build_score(parse_cards("As Ad Ac Ks Kd"), parse_cards("Qs Qd Qh Jc Jd"))
    >>> score[:2], score[2].describe()
    ((6, 6), 'Full house, Queens over Jacks')
    """
    pack = PACK if pack is None else pack
    order = resolve_ranking(ranking, pack)
    a = value_of(pack.check(tuple(weaker), size=5), pack, order)
    b = value_of(pack.check(tuple(stronger), size=5), pack, order)
    low, high = (a, b) if a <= b else (b, a)
    return (order.strength(low.category), order.strength(high.category), low, high)


class _BuildActions(Sequence[Build]):
    """The 126 builds of 10 cards, made on demand."""

    def __init__(self, cards: Sequence[Card]) -> None:
        self._cards = tuple(sorted(cards, key=_INDEX.__getitem__))
        self._key = frozenset(cards)

    def __len__(self) -> int:
        return len(_POSITIONS)

    @overload
    def __getitem__(self, i: int) -> Build: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Build]: ...
    def __getitem__(self, i: int | slice) -> Build | Sequence[Build]:
        if isinstance(i, slice):
            return [self[j] for j in range(len(self))[i]]
        combo = _POSITIONS[i]
        first = tuple(self._cards[p] for p in combo)
        second = tuple(self._cards[p] for p in _COMPLEMENTS[i])
        return Build(hands=(first, second))

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Build):
            return False
        weaker, stronger = action.hands
        return len(weaker) == len(stronger) == 5 and frozenset(weaker + stronger) == self._key

    def __iter__(self) -> Iterator[Build]:
        return (self[i] for i in range(len(self)))


HOLDING = 10
"""The cards a player holds at the build."""
_BITS = len(PACK)
_LOW = 11
"""Masks are read in two parts, the low 11 bits and the high 10, each through a table of 2**11 entries at most."""


_Parts = tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]


def mask_sums(values: npt.NDArray[np.int64]) -> _Parts:
    """For a value per card (per bit of a mask): the sum of those whose bits
    are set, for every low part and every high part of a mask; read whole
    masks with :func:`sum_over_masks`.

    >>> parts = mask_sums(np.arange(21, dtype=np.int64))
    >>> sum_over_masks(parts, np.array([0b101, 1 << 20])).tolist()
    [2, 20]
    """
    parts = []
    for bits in (values[:_LOW], values[_LOW:]):
        sums = np.zeros(1 << len(bits), dtype=np.int64)
        for b, value in enumerate(bits.tolist()):
            sums[1 << b : 2 << b] = sums[: 1 << b] + value
        parts.append(sums)
    return parts[0], parts[1]


def sum_over_masks(parts: _Parts, masks: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """The sums of :func:`mask_sums` for whole masks."""
    low, high = parts
    total: npt.NDArray[np.int64] = low[masks & ((1 << _LOW) - 1)] + high[masks >> _LOW]
    return total


class BuildTable:
    """The best-build score (:meth:`BuildScorer.score`) of every 10-card
    holding of the 21-card pack, looked up by the holding's **mask**: bit ``i``
    is set when the holding has the card ``PACK.cards[i]`` (the Joker is bit 20).
    ``scores`` has an entry for every 21-bit mask, -1 where the mask is not
    10 cards: 8 MB of int32. Build it with :func:`build_table` (cached).

    Since both players maximise their own score and the larger score wins,
    two best builds are compared by their holdings' scores alone: a play-out
    ends with two look-ups.

    >>> table = build_table()
    >>> quads = table.mask(parse_cards("As Ad Ac Ah Ks Kd Kh Qs Qd Jo"))
    >>> int(table.scores[quads]) == table.score("As Ad Ac Ah Ks Kd Kh Qs Qd Jo"), int(table.scores[0b111])
    (True, -1)
    """

    def __init__(self, ranking: Ranking) -> None:
        self.ranking = ranking
        self.scorer = build_scorer(PACK, ranking)
        self.scores = _best_scores(self.scorer)

    def __repr__(self) -> str:
        return f"BuildTable({self.ranking.name!r})"

    def mask(self, cards: Iterable[Card] | str) -> int:
        """The mask of 10 cards of the pack (checked)."""
        held = PACK.check(parse_cards(cards), size=HOLDING)
        return sum(1 << _INDEX[card] for card in held)

    def score(self, cards: Iterable[Card] | str) -> int:
        """The score of the best build of 10 cards: equal to the score of
        :func:`best_build`'s build."""
        return int(self.scores[self.mask(cards)])


def _best_scores(scorer: BuildScorer) -> npt.NDArray[np.int32]:
    """The best score of every holding, in well under a second.

    A 5-card hand's strength depends on its ranks and on whether its natural
    cards share a suit; in this pack only the 24 royal flushes (the Joker
    included) are lifted by their suit. So the best build of a holding is the
    better of (1) the best build with suits ignored, which depends on the
    holding's ranks alone (at most 4 of each and the Joker: a few hundred
    rank profiles, each scored once over its 126 splits), and (2) the best
    build that holds one of the suit-lifted hands, scored for each such hand
    on every holding that contains it. A build of neither kind scores as in
    (1), and every split of (1) scores at least as well with its suits. That
    last step needs a ranking under which a suit never lowers a hand, checked here.
    """
    table = scorer.table
    every = np.arange(1 << _BITS, dtype=np.int32)
    masks = np.flatnonzero(sum_over_masks(mask_sums(np.ones(_BITS, dtype=np.int64)), every) == HOLDING).astype(np.int32)

    # (1) suits ignored: one representative holding per rank profile (the Joker, position 20, is a "rank" of its own)
    profile_step = np.array([(HOLDING + 1) ** (position // 4) for position in range(_BITS)], dtype=np.int64)
    profiles, first, which = np.unique(
        sum_over_masks(mask_sums(profile_step), masks), return_index=True, return_inverse=True
    )
    bits = (masks[first, None] >> np.arange(_BITS, dtype=np.int32)) & 1
    held = np.nonzero(bits)[1].reshape(len(profiles), HOLDING)
    unsuited = (table.codes >> 12) << 12  # no suit keys: every hand reads as unsuited
    totals = unsuited[held] @ _SELECT.T  # (profiles, 252): the hand holding the first card, then the rest
    strengths = table.strengths_of_codes(totals)
    best = scorer.score(strengths[:, :126], strengths[:, 126:]).max(axis=1)[which]

    # (2) the hands a suit lifts, each on every holding that contains it
    hands = np.array(list(itertools.combinations(range(_BITS), 5)), dtype=np.int64)
    suited = table.strengths_of_codes(table.codes[hands].sum(axis=1))
    plain = table.strengths_of_codes(unsuited[hands].sum(axis=1))
    if (suited < plain).any():
        raise RulesError(f"a build table needs a ranking under which a suit never lowers a hand, not {scorer.ranking}")
    hand_masks = (1 << hands).sum(axis=1)
    five = np.zeros(1 << _BITS, dtype=np.int64)
    five[hand_masks] = suited
    for lifted, strength in zip(hand_masks[suited > plain].tolist(), suited[suited > plain].tolist(), strict=True):
        holding = np.flatnonzero(masks & lifted == lifted)
        rest = five[masks[holding] ^ lifted]
        best[holding] = np.maximum(best[holding], scorer.score(np.full_like(rest, strength), rest))

    scores = np.full(1 << _BITS, -1, dtype=np.int32)
    scores[masks] = best
    return scores


@lru_cache(maxsize=2)
def _build_table(ranking: Ranking) -> BuildTable:
    return BuildTable(ranking)


def build_table(ranking: RankingLike = "standard") -> BuildTable:
    """The (cached) :class:`BuildTable` of the 21-card pack under a ranking:
    built once per process on first use, in about a tenth of a second.

    >>> table = build_table()
    >>> table.score("As Ad Ac Ah Ks Kd Kh Qs Qd Jo") == table.score("Jo Qd Qs Kh Kd Ks Ah Ac Ad As".split())
    True
    """
    return _build_table(resolve_ranking(ranking, PACK))
