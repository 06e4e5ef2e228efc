"""A rule-of-thumb player for Split and Choose, fast enough for Monte Carlo play-outs.

It values a holding by its **rank profile**: how many 10s, Jacks, Queens,
Kings and Aces it holds, and whether it holds the Joker (suits matter only
for the rare royal flush, which it ignores). For 10 cards the value is the
chance of winning when both players build their best and the other player
holds 10 of the 11 cards left; for fewer cards it is the average of that
over random completions. Tables of both are computed once, in well under a
second.

- Split: try the 6 splits; guess that the chooser takes the face-up pair
  when it raises the chooser's value (judged on the cards the splitter knows
  the chooser holds), and keep the split with the best value for itself
  minus the value for the chooser.
- Choose: compare the face-up pair with the average face-down pair over the
  cards it has not seen, counting both what it gets and what the splitter gets.
- Reserve: swap the card whose swap gives the best average value over the
  cards that may lie in the reserve, if that beats keeping. Going second,
  it reads the first player's decision: it puts itself in the first
  player's place for each card that may have been the reserve (the other
  cards it has not seen are then the first player's hidden cards), plays
  that place by this same rule, and keeps the cases that give the decision
  seen. After a blind swap, what lies in the reserve now is the card the
  first player judged its worst in those cases; after a keep, the reserve
  is still one of those cases' cards. ``infer_reserve=False`` gives the old
  rule, which takes any unseen card (or any card the first player may hold)
  as equally likely.
- Build: :func:`cardcommons.split_and_choose.best_build`.

>>> from cardcommons.game import play
>>> from cardcommons.bots import RandomBot
>>> from cardcommons.split_and_choose import SplitAndChoose
>>> play(SplitAndChoose(seed=4), [HeuristicBot(seed=1), RandomBot(seed=2)]).winners <= {0, 1}
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable, Sequence
from functools import cache

from cardcommons.cards import JOKER, Card, Rank, Suit
from cardcommons.categories import STANDARD
from cardcommons.game import Action, Observation
from cardcommons.split_and_choose import (
    PACK,
    Choose,
    Keep,
    Split,
    SplitAndChooseObservation,
    Swap,
    best_build,
    build_scorer,
)

__all__ = ["HeuristicBot", "profile_value"]

_TYPES = 6
"""Card types: 10, J, Q, K, A (index 0 to 4) and the Joker (5)."""
_STEP = (1, 5, 25, 125, 625, 3125)
"""A profile is a number: the count of each type as a base-5 digit (the Joker's digit is 0 or 1)."""
_LIMIT = (4, 4, 4, 4, 4, 1)
_SIZE = 2 * 3125


def _type(card: Card) -> int:
    return 5 if card.rank is None else int(card.rank) - 10


_TYPE_OF = {card: _type(card) for card in PACK.cards}
_KEY = {card: _STEP[t] for card, t in _TYPE_OF.items()}


def _example(counts: Sequence[int]) -> list[Card]:
    """Cards with these counts, suits spread so that no five share a suit by chance."""
    cards = [Card(Rank(10 + t), list(Suit)[(t + k) % 4]) for t in range(5) for k in range(counts[t])]
    return cards + [JOKER] * counts[5]


@cache
def _tables() -> list[float]:
    """The value of every profile of up to 10 cards (index: the profile's number)."""
    scorer = build_scorer(PACK, STANDARD)
    full = (4, 4, 4, 4, 4, 1)
    score: dict[tuple[int, ...], int] = {}

    def best(counts: tuple[int, ...]) -> int:
        if counts not in score:
            positions = scorer.indices(_example(counts))
            score[counts] = int(scorer.scores(positions)[0].max())
        return score[counts]

    value = [0.0] * _SIZE
    profiles = [c for c in itertools.product(*(range(n + 1) for n in _LIMIT)) if sum(c) <= 10]
    for counts in sorted(profiles, key=sum, reverse=True):
        key = sum(n * s for n, s in zip(counts, _STEP, strict=True))
        left = [f - n for f, n in zip(full, counts, strict=True)]
        if sum(counts) == 10:
            mine, wins = best(counts), 0.0
            for t in range(_TYPES):
                if left[t]:
                    other = tuple(n - (i == t) for i, n in enumerate(left))
                    theirs = best(other)
                    wins += left[t] * (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
            value[key] = wins / 11
        else:
            value[key] = sum(left[t] * value[key + _STEP[t]] for t in range(_TYPES) if left[t]) / sum(left)
    return value


def _key(cards: Iterable[Card]) -> int:
    return sum(map(_KEY.__getitem__, cards))


def profile_value(cards: Iterable[Card]) -> float:
    """The heuristic value of up to 10 cards: the chance of winning if the
    rest of the holding were dealt at random and both players built their best.

    >>> profile_value(parse_cards("As Ad Ac Ah Ks Kd Kh Kc Qs Qd")) > profile_value(parse_cards("As Kd"))
    True
    """
    return _tables()[_key(cards)]


def _pair_average(value: list[float], base: int, pool: Sequence[Card]) -> float:
    """The average value of ``base`` plus a pair drawn from ``pool``."""
    counts = [0] * _TYPES
    for card in pool:
        counts[_TYPE_OF[card]] += 1
    total = weight = 0.0
    for a in range(_TYPES):
        if not counts[a]:
            continue
        for b in range(a, _TYPES):
            ways = counts[a] * (counts[a] - 1) / 2 if a == b else counts[a] * counts[b]
            if ways:
                index = base + _STEP[a] + _STEP[b]
                total += ways * value[index]
                weight += ways
    return total / weight if weight else value[base]


def _reserve_options(value: list[float], hand: Sequence[Card], pool: dict[int, float]) -> list[tuple[float, Action]]:
    """Keep, and a swap of each card type of ``hand``, each with its average
    value over the reserve's possible types (``pool``: key -> weight)."""
    mine = _key(hand)
    total = sum(pool.values())
    options: list[tuple[float, Action]] = [(value[mine], Keep())]
    seen_types: set[int] = set()
    for card in hand:
        if _KEY[card] in seen_types:
            continue
        seen_types.add(_KEY[card])
        rest = mine - _KEY[card]
        options.append((sum(w * value[rest + k] for k, w in pool.items()) / total, Swap(card)))
    return options


def _pool(cards: Iterable[Card]) -> dict[int, float]:
    """Each card type's weight in a uniform draw from ``cards``."""
    pool: dict[int, float] = {}
    for card in cards:
        pool[_KEY[card]] = pool.get(_KEY[card], 0.0) + 1.0
    return pool


def _top(options: list[tuple[float, Action]]) -> list[Action]:
    """The options within rounding of the best score."""
    top = max(score for score, _ in options)
    return [action for score, action in options if score >= top - 1e-12]


def _inferred_pool(value: list[float], view: SplitAndChooseObservation, swapped: bool) -> dict[int, float]:
    """What lies in the reserve now, as type -> weight, after the first
    player's hidden decision at the reserve: each card this player has not
    seen may have been the reserve; the others are then the first player's
    hidden cards. Keep the cases where this rule, in the first player's place,
    decides as seen; a swap leaves the card it gives. Empty if no case fits."""
    me = view.player
    known = view.opponent_drafted
    hidden_from_them = [
        c for r in view.rounds if r.splitter == me and r.chose_face_up and r.face_down for c in r.face_down
    ]
    pool: dict[int, float] = {}
    unseen = view.unseen
    for reserve in unseen:
        hand = [*known, *(c for c in unseen if c != reserve)]
        top = _top(_reserve_options(value, hand, _pool([reserve, *hidden_from_them])))
        for action in top:
            if isinstance(action, Swap) and swapped:
                pool[_KEY[action.card]] = pool.get(_KEY[action.card], 0.0) + 1 / len(top)
            elif isinstance(action, Keep) and not swapped:
                pool[_KEY[reserve]] = pool.get(_KEY[reserve], 0.0) + 1 / len(top)
    return pool


class HeuristicBot:
    """Plays Split and Choose by rules of thumb (see the module's description);
    its own ``random.Random(seed)`` only breaks exact ties.
    ``infer_reserve``: read the first player's decision at the reserve
    (True, the default) or not (the old rule, for comparison).
    """

    def __init__(self, seed: int | None = None, infer_reserve: bool = True) -> None:
        self.rng = random.Random(seed)
        self.value = _tables()
        self.infer_reserve = infer_reserve

    def __repr__(self) -> str:
        return "HeuristicBot()" if self.infer_reserve else "HeuristicBot(infer_reserve=False)"

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if not isinstance(observation, SplitAndChooseObservation):
            raise TypeError(f"HeuristicBot plays Split and Choose, not {type(observation).__name__}")
        view = observation
        match view.phase:
            case "split":
                return self._split(view, legal_actions)
            case "choose":
                return self._choose(view)
            case "reserve":
                return self._reserve(view)
            case "build":
                return best_build(view.hand)
        raise ValueError(f"no move in phase {view.phase!r}")

    def _pick(self, scored: list[tuple[float, Action]]) -> Action:
        best = _top(scored)
        return best[0] if len(best) == 1 else self.rng.choice(best)

    def _split(self, view: SplitAndChooseObservation, legal_actions: Sequence[Action]) -> Action:
        value = self.value
        mine = _key(view.hand)
        theirs = _key(view.opponent_known)
        their_now = value[theirs]
        scored: list[tuple[float, Action]] = []
        for action in legal_actions:
            assert isinstance(action, Split)
            up, down = _key(action.face_up), _key(action.face_down)
            if value[theirs + up] >= their_now:
                kept, given = down, up
            else:
                kept, given = up, down
            scored.append((value[mine + kept] - value[theirs + given], action))
        return self._pick(scored)

    def _choose(self, view: SplitAndChooseObservation) -> Action:
        value = self.value
        face_up = view.rounds[-1].face_up
        assert face_up is not None
        mine, theirs, up = _key(view.hand), _key(view.opponent_known), _key(face_up)
        pool = view.unseen
        take_up = value[mine + up] - _pair_average(value, theirs, pool)
        take_down = _pair_average(value, mine, pool) - value[theirs + up]
        return Choose(take_up >= take_down)

    def _reserve(self, view: SplitAndChooseObservation) -> Action:
        before = [d for d in view.reserve if d.player != view.player]
        pool: dict[int, float] = {}
        if before and before[0].swapped and before[0].given is not None:
            pool = _pool([before[0].given])
        elif before and self.infer_reserve:
            pool = _inferred_pool(self.value, view, before[0].swapped)
        if not pool and before and before[0].swapped:
            pool = _pool([*view.unseen, *view.opponent_drafted])
        elif not pool:
            pool = _pool(view.unseen)
        return self._pick(_reserve_options(self.value, view.hand, pool))
