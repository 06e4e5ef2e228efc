"""Whisky Poker's rules as data: a table's pack, ranking and card ids (the
counterpart of :mod:`cardcommons.split_and_choose.rules`).

The engine works on **card ids**, the pack's indices: a card's id is its
place in ``pack.cards`` (by rank, then suit), except that both Jokers share
the first Joker's id, since the two are the same card. :func:`rules_table` builds
(once per set of rules) the pack, the ids, the pack as a multiset of ids, the
hand strengths and one :class:`~cardcommons.whisky.actions.Exchange` value
per pair of ids.

>>> from cardcommons.cards import parse_card
>>> rules = rules_table(5, True, True, "standard")
>>> str(rules.pack), rules.ids[parse_card("As")], rules.ids[JOKER], rules.multiset[-3:]
('38-card pack (6 to A and 2 Jokers)', 35, 36, (35, 36, 36))
>>> swapped(rules.multiset[:5], 2, 36)
[0, 1, 36, 3, 4]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from cardcommons.cards import Card
from cardcommons.categories import RANKING_NAMES, Ranking, RankingName
from cardcommons.errors import CardError, RulesError, shown
from cardcommons.lookup import HandTable, hand_table
from cardcommons.odds import resolve_ranking
from cardcommons.packs import Pack
from cardcommons.whisky.actions import Exchange

__all__ = ["RulesTable", "check_rules", "rules_table", "swapped"]


@dataclass(frozen=True)
class RulesTable:
    pack: Pack
    ranking: Ranking
    cards: tuple[Card, ...]
    ids: dict[Card, int]
    multiset: tuple[int, ...]
    strengths: HandTable
    exchanges: tuple[tuple[Exchange, ...], ...]
    """``exchanges[give][take]``: the one :class:`Exchange` value for two card ids."""


def check_rules(players: object, jokers: object, ace_low: object, ranking: object) -> None:
    """Refuse a table the rules do not allow, naming the bad value: the player
    count is an int (the pack checks it is 2 to 9), ``jokers`` and ``ace_low`` are bools, the
    ranking "standard" or "rarity".

    >>> check_rules(4.0, False, True, "standard")
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: the number of players is an int, not 4.0
    >>> check_rules(4, "no", True, "standard")
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: jokers is True or False, not 'no'
    """
    if isinstance(players, bool) or not isinstance(players, int):
        raise CardError(f"the number of players is an int, not {shown(players)}")
    for name, flag in (("jokers", jokers), ("ace_low", ace_low)):
        if not isinstance(flag, bool):
            raise RulesError(f"{name} is True or False, not {shown(flag)}")
    if not isinstance(ranking, str) or ranking not in RANKING_NAMES:
        raise RulesError(f"the ranking is 'standard' or 'rarity', not {shown(ranking)}")


def rules_table(players: int, jokers: bool, ace_low: bool, ranking: RankingName) -> RulesTable:
    """The table for a set of rules, checked first (a cache would take 4.0 for 4, or 1 for True)."""
    check_rules(players, jokers, ace_low, ranking)
    return _rules_table(players, jokers, ace_low, ranking)


@lru_cache(maxsize=64)
def _rules_table(players: int, jokers: bool, ace_low: bool, ranking: RankingName) -> RulesTable:
    pack = Pack.whisky(players, jokers, ace_low)
    naturals = len(pack) - pack.jokers
    ids = pack.position
    multiset = tuple(range(naturals)) + (naturals,) * pack.jokers
    order = resolve_ranking(ranking, pack)
    exchanges = tuple(tuple(Exchange(give, take) for take in pack.cards) for give in pack.cards)
    return RulesTable(pack, order, pack.cards, ids, multiset, hand_table(pack, order), exchanges)


def _remove(cards: list[int], taken: Iterable[int]) -> list[int]:
    """The card ids left in ``cards`` once one copy of each of ``taken`` is out, sorted."""
    left = Counter(cards)
    left.subtract(taken)
    return sorted(left.elements())


def swapped(hand: Sequence[int], give: int, take: int) -> list[int]:
    """Card ids of a hand after exchanging one copy of ``give`` for ``take``.

    >>> swapped([3, 7, 7, 9, 1], 7, 20)
    [3, 20, 7, 9, 1]
    """
    out = list(hand)
    out[out.index(give)] = take
    return out
