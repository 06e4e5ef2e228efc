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
- Ties (moves whose scores are within 1e-12): the bot's seeded draw for
  the decision picks one, in the order of the legal moves (the reserve's:
  keep, then a swap of the highest card of each rank, Aces first, the Joker
  last); see :mod:`cardcommons.bots.choice`.

The rule is written once over profile numbers, for one game (ints) or for
many play-outs at once (numpy arrays): :mod:`cardcommons.bots.playouts`
plays thousands of games with these same functions.

>>> from cardcommons.game import play
>>> from cardcommons.bots import RandomBot
>>> from cardcommons.split_and_choose import SplitAndChoose
>>> play(SplitAndChoose(seed=4), [HeuristicBot(seed=1), RandomBot(seed=2)]).winners <= {0, 1}
True
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache, partial
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.choice import ONE, Num, Ops, RuleBot, best, draw, seed_of
from cardcommons.cards import JOKER, Card, Rank, Suit
from cardcommons.categories import STANDARD
from cardcommons.errors import RulesError, is_real, shown
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

__all__ = ["WANDER_PHASES", "Foresight", "HeuristicBot", "profile_value", "profile_values", "sharp_shares"]

TYPES = 6
"""Card types: 10, J, Q, K, A (index 0 to 4) and the Joker (5); a card's type is its pack position // 4."""
STEP = (1, 5, 25, 125, 625, 3125)
"""A profile is a number: the count of each type as a base-5 digit (the Joker's digit is 0 or 1)."""
_LIMIT = (4, 4, 4, 4, 4, 1)
_PADDED = 4 * 3125
"""The value table's length: room for two steps past any profile, read by the rule only with weight 0."""
SWAP_ORDER = (4, 3, 2, 1, 0, 5)
"""The reserve's swaps, in the order of a hand held high card first: Aces first, the Joker last."""
_SWAP_STEPS = [STEP[t] for t in SWAP_ORDER]
Values = Sequence[float] | npt.NDArray[np.float64]
"""A value table: a list for one game (fast to index with ints), an array for many."""
WANDER_PHASES = ("split", "choose")
"""The phases where a MonteCarloBot's move, as its stand-in reads it, may wander at random among the legal moves."""
_UNIT = 420
"""The inferred reserve's weights count in 420ths of a case: 1/n of a case is whole for every n up to 7 moves."""


def _type(card: Card) -> int:
    return 5 if card.rank is None else int(card.rank) - 10


_TYPE_OF = {card: _type(card) for card in PACK.cards}
_KEY = {card: STEP[t] for card, t in _TYPE_OF.items()}


def _example(counts: Sequence[int]) -> list[Card]:
    """Cards with these counts, suits spread so that no five share a suit by chance."""
    cards = [Card(Rank(10 + t), list(Suit)[(t + k) % 4]) for t in range(5) for k in range(counts[t])]
    return cards + [JOKER] * counts[5]


def profile_values(full: Sequence[int], holding: int, best_score: Callable[[tuple[int, ...]], Any]) -> list[float]:
    """The value of every profile of up to ``holding`` cards of a pack with
    ``full`` cards of each type (index: the profile's number), padded with
    zeros: a full holding's chance of winning when the other player holds
    all but one of the cards left and both build their best (``best_score``
    of a full profile's counts: larger wins), and for fewer cards the
    average over random completions. This is how the tables are built from
    the pack in play; a miniature of the game builds its own.

    >>> values = profile_values((0, 0, 0, 4, 4, 1), 4, lambda c: (c[4], c[3]))  # most Aces, then Kings
    >>> values[2 * STEP[4] + 2 * STEP[3]] > values[STEP[4] + 3 * STEP[3]]
    True
    """
    score: dict[tuple[int, ...], Any] = {}

    def scored(counts: tuple[int, ...]) -> Any:
        if counts not in score:
            score[counts] = best_score(counts)
        return score[counts]

    value = [0.0] * _PADDED
    profiles = [c for c in itertools.product(*(range(n + 1) for n in full)) if sum(c) <= holding]
    for counts in sorted(profiles, key=sum, reverse=True):
        key = sum(n * s for n, s in zip(counts, STEP, strict=True))
        left = [f - n for f, n in zip(full, counts, strict=True)]
        if sum(counts) == holding:
            mine, wins = scored(counts), 0.0
            for t in range(TYPES):
                if left[t]:
                    other = tuple(n - (i == t) for i, n in enumerate(left))
                    theirs = scored(other)
                    wins += left[t] * (1.0 if mine > theirs else 0.5 if mine == theirs else 0.0)
            value[key] = wins / sum(left)
        else:
            value[key] = sum(left[t] * value[key + STEP[t]] for t in range(TYPES) if left[t]) / sum(left)
    return value


@cache
def _tables() -> list[float]:
    """The value of every profile of up to 10 cards of the 21-card pack."""
    scorer = build_scorer(PACK, STANDARD)
    return profile_values(_LIMIT, 10, lambda counts: int(scorer.scores(scorer.indices(_example(counts)))[0].max()))


@cache
def value_array() -> npt.NDArray[np.float64]:
    """The value table as a numpy array, for many play-outs at once."""
    return np.array(_tables())


def _key(cards: Iterable[Card]) -> int:
    return sum(map(_KEY.__getitem__, cards))


def profile_value(cards: Iterable[Card]) -> float:
    """The heuristic value of up to 10 cards: the chance of winning if the
    rest of the holding were dealt at random and both players built their best.

    >>> profile_value(parse_cards("As Ad Ac Ah Ks Kd Kh Kc Qs Qd")) > profile_value(parse_cards("As Kd"))
    True
    """
    return _tables()[_key(cards)]


def kept_hidden(view: SplitAndChooseObservation) -> tuple[Card, ...]:
    """The face-down pairs this player split and kept, which the other never saw."""
    me = view.player
    return tuple(c for r in view.rounds if r.splitter == me and r.chose_face_up and r.face_down for c in r.face_down)


# -- the rule, over profile numbers: ints for one game, arrays for many -------


def count_at(key: Num, step: Num) -> Num:
    """How many cards of the type whose step is ``step`` a profile holds."""
    return key // step % 5


def digits(xp: Ops, key: Num) -> list[Num]:
    """How many cards of each type a profile holds."""
    return xp.each(lambda step: count_at(key, step), STEP)


def split_score(xp: Ops, value: Values, mine: Num, theirs: Num, up: Num, down: Num) -> Num:
    """The splitter's score of a split (profiles of its hand, of the cards it
    knows the chooser holds, and of the two pairs): it guesses the chooser
    takes the face-up pair if that raises the chooser's value, and scores its
    own value minus the chooser's."""
    to_chooser_up = value[theirs + up] >= value[theirs]
    kept = xp.where(to_chooser_up, down, up)
    given = xp.where(to_chooser_up, up, down)
    return value[mine + kept] - value[theirs + given]


def pair_ways(xp: Ops, pool: Sequence[Num]) -> tuple[list[int], list[Num], Num]:
    """The pairs of cards a pool (how many of each type; at least 2 cards)
    gives: each pair of types' offset (what it adds to a profile), the ways
    to draw it, and the ways in all."""
    offsets: list[int] = []
    ways: list[Num] = []
    weight: Num = 0
    for a in range(TYPES):
        if not xp.any(pool[a]):  # nothing to add (the sum would not change)
            continue
        for b in range(a, TYPES):
            offsets.append(STEP[a] + STEP[b])
            ways.append(pool[a] * (pool[a] - 1) // 2 if a == b else pool[a] * pool[b])
            weight = weight + ways[-1]
    return offsets, ways, weight


def pair_average(xp: Ops, value: Values, base: Num, pairs: tuple[list[int], list[Num], Num]) -> Num:
    """The average value of ``base`` plus a pair drawn from a pool of cards (``pairs``: its :func:`pair_ways`)."""
    offsets, ways, weight = pairs
    total = 0.0
    for count, found in zip(ways, xp.each(lambda offset: value[base + offset], offsets), strict=True):
        total = total + count * found
    return total / weight


def takes_face_up(xp: Ops, value: Values, mine: Num, theirs: Num, up: Num, pool: Sequence[Num]) -> Num:
    """The chooser's choice: the face-up pair against the average face-down
    pair from the cards it has not seen (``pool``), what it gets minus what
    the splitter gets; a tie takes the face-up pair."""
    pairs = pair_ways(xp, pool)
    take_up = value[mine + up] - pair_average(xp, value, theirs, pairs)
    take_down = pair_average(xp, value, mine, pairs) - value[theirs + up]
    return take_up >= take_down


def reserve_scores(xp: Ops, value: Values, hand: Num, pool: Sequence[Num]) -> list[Num]:
    """Keep, then a swap of each type in :data:`SWAP_ORDER`: the average value
    after it over the reserve's possible types (``pool``: a weight for each);
    -1 for a type the hand does not hold."""
    total = pool[0]
    for weight in pool[1:]:
        total = total + weight
    weighted = [k for k in range(TYPES) if xp.any(pool[k])]  # the other types add nothing to the sums

    def swap(step: Num) -> Num:  # a swap of the type of this step (every swap at once, for many games)
        held = count_at(hand, step) > 0
        rest = hand - xp.where(held, step, 0)
        average = 0.0
        for k in weighted:
            average = average + pool[k] * value[rest + STEP[k]]
        return xp.where(held, average / total, -1.0)

    return [value[hand] + 0.0, *xp.each(swap, _SWAP_STEPS)]


def _tied(xp: Ops, scores: Sequence[Num]) -> list[Num]:
    """1 for each score within rounding of the best, else 0."""
    top = scores[0]
    for score in scores[1:]:
        top = xp.maximum(top, score)
    return [xp.where(score >= top - 1e-12, 1, 0) for score in scores]


def inferred_pool(xp: Ops, value: Values, known: Num, unseen: Num, hidden: Num, swapped: Num) -> list[Num]:
    """What lies in the reserve now, as a weight for each type, after the
    first player's hidden decision (``swapped``: 1 or 0): each card this
    player has not seen (``unseen``) may have been the reserve; the others
    are then the first player's hidden cards, beside those it is known to
    hold (``known``). Keep the cases where this rule, in the first player's
    place (who has not seen ``hidden`` nor the reserve), decides as seen; a
    swap leaves the card it gives. All zero if no case fits."""
    pool: list[Num] = [0] * TYPES
    theirs = digits(xp, hidden)
    for r, cases in enumerate(digits(xp, unseen)):
        if not xp.any(cases):
            continue
        hand = known + unseen - xp.where(cases > 0, STEP[r], 0)
        their_pool = [theirs[k] + (k == r) for k in range(TYPES)]
        tied = _tied(xp, reserve_scores(xp, value, hand, their_pool))
        count = tied[0]
        for t in tied[1:]:
            count = count + t
        share = cases * (_UNIT // count)
        if_swapped = share * swapped
        for i, t in enumerate(SWAP_ORDER):
            pool[t] = pool[t] + if_swapped * tied[1 + i]
        pool[r] = pool[r] + share * tied[0] * (1 - swapped)
    return pool


def reserve_pool(
    xp: Ops,
    value: Values,
    seen_before: bool,
    unseen: Num,
    known: Num,
    hidden: Num,
    swapped: Num,
    given: Num,
    infer: bool,
) -> list[Num]:
    """The weight of each type that may lie in the reserve, for the player to
    decide. First to decide (``seen_before`` False): the cards it has not
    seen. Second: the card given, if shown (``given``: its type, or -1); else
    the inferred pool (with ``infer``) or, if no case fits, the cards it has
    not seen, and after a swap the cards the first player was known to hold too."""
    pool = digits(xp, unseen)
    if not seen_before:
        return pool
    pool = [mine + swapped * theirs for mine, theirs in zip(pool, digits(xp, known), strict=True)]
    if infer:
        inferred = xp.once(partial(inferred_pool, xp, value), [known, unseen, hidden, swapped])
        total = inferred[0]
        for weight in inferred[1:]:
            total = total + weight
        pool = [xp.where(total > 0, inferred[k], pool[k]) for k in range(TYPES)]
    return [xp.where(given >= 0, xp.where(given == k, 1, 0), pool[k]) for k in range(TYPES)]


def sharp_shares(scores: Sequence[float], sharpness: float) -> list[float]:
    """Each of ``scores``' share, in proportion to ``exp(sharpness * score)``:
    equal shares at sharpness 0, the best score's alone as it grows.

    >>> [round(share, 3) for share in sharp_shares([0.5, 0.4], 10.0)]
    [0.731, 0.269]
    """
    top = max(scores)
    weights = [math.exp(sharpness * (score - top)) for score in scores]
    return [weight / sum(weights) for weight in weights]


class HeuristicBot(RuleBot):
    """Plays Split and Choose by rules of thumb (see the module's description).
    Its seed (an int, or None for a fresh one) only breaks exact ties: its
    ``n``-th decision draws :func:`cardcommons.bots.choice.draw` ``(seed, n)``.
    ``infer_reserve``: read the first player's decision at the reserve
    (True, the default) or not (the old rule, for comparison).
    ``values``: the value table of the pack in play (:func:`profile_values`;
    by default the 21-card pack's). The rule itself is in the methods
    :meth:`split_choice`, :meth:`takes_face_up` and :meth:`reserve_choice`,
    over profile numbers, so that a miniature of the game can ask it too.
    """

    def __init__(
        self, seed: int | None = None, infer_reserve: bool = True, values: Sequence[float] | None = None
    ) -> None:
        self.seed = seed_of(seed)
        self.decisions = 0
        self.value = _tables() if values is None else values
        if not isinstance(infer_reserve, bool):
            raise RulesError(f"infer_reserve is True or False, not {infer_reserve!r}")
        self.infer_reserve = infer_reserve

    def __repr__(self) -> str:
        return "HeuristicBot()" if self.infer_reserve else "HeuristicBot(infer_reserve=False)"

    def choices(self, observation: Observation, legal_actions: Sequence[Action]) -> tuple[list[Action], list[bool]]:
        """The moves the bot weighs from ``observation`` (each split; keep and a
        swap of each type held; else its one choice or build), and which are tied best.

        >>> from cardcommons.split_and_choose import SplitAndChoose
        >>> game = SplitAndChoose(seed=4)
        >>> moves, tied = HeuristicBot().choices(game.observation(0), game.legal_actions())
        >>> len(moves), sum(tied)
        (6, 1)
        """
        if not isinstance(observation, SplitAndChooseObservation):
            raise RulesError(f"HeuristicBot plays Split and Choose, not {shown(observation, 80)}")
        view = observation
        match view.phase:
            case "split":
                splits = []
                for action in legal_actions:
                    assert isinstance(action, Split)
                    splits.append((_key(action.face_up), _key(action.face_down)))
                scores = self.split_scores(_key(view.hand), _key(view.opponent_drafted), splits)
                return list(legal_actions), ONE.tied(scores)
            case "choose":
                return [self._choose(view)], [True]
            case "reserve":
                moves, scores = self.reserve_moves(view)
                return moves, ONE.tied(scores)
            case "build":
                return [best_build(view.hand)], [True]
        raise ValueError(f"no move in phase {view.phase!r}")

    def split_scores(self, mine: int, theirs: int, splits: Sequence[tuple[int, int]]) -> list[float]:
        """Each split's score (see :func:`split_score`): profiles of its hand, of
        the cards it knows the chooser holds, and of each split's face-up and face-down pair."""
        return [split_score(ONE, self.value, mine, theirs, up, down) for up, down in splits]

    def split_choice(self, mine: int, theirs: int, splits: Sequence[tuple[int, int]], decision: int) -> int:
        """Which split to make (an index into ``splits``, each a face-up and a
        face-down pair): profiles of its hand, of the cards it knows the chooser holds, and of each pair."""
        return int(best(ONE, self.split_scores(mine, theirs, splits), lambda: draw(self.seed, decision)))

    def takes_face_up(self, mine: int, theirs: int, up: int, unseen: int) -> bool:
        """Whether to take the face-up pair: profiles of its hand, of the cards it knows
        the splitter holds, of the face-up pair and of the cards it has not seen."""
        return bool(takes_face_up(ONE, self.value, mine, theirs, up, digits(ONE, unseen)))

    def reserve_choice(
        self, hand: int, unseen: int, known: int, hidden: int, before: tuple[bool, int] | None, decision: int
    ) -> int | None:
        """The type to swap at the reserve, or None to keep: profiles of its
        hand, of the cards it has not seen, of those it saw go to the other and
        of the face-down pairs it kept; ``before``: the first player's decision
        (swapped, and the type given if shown, else -1), None if deciding first."""
        scores = self.reserve_scores(hand, unseen, known, hidden, before)
        choice = best(ONE, scores, lambda: draw(self.seed, decision))
        return None if choice == 0 else SWAP_ORDER[choice - 1]

    def reserve_scores(
        self, hand: int, unseen: int, known: int, hidden: int, before: tuple[bool, int] | None
    ) -> list[float]:
        """The scores of keeping and of swapping each type in :data:`SWAP_ORDER`
        (-1 for a type the hand does not hold), from the profiles
        :meth:`reserve_choice` reads."""
        swapped, given = before if before is not None else (False, -1)
        pool = reserve_pool(
            ONE, self.value, before is not None, unseen, known, hidden, int(swapped), given, self.infer_reserve
        )
        return list(reserve_scores(ONE, self.value, hand, pool))

    def _choose(self, view: SplitAndChooseObservation) -> Action:
        face_up = view.rounds[-1].face_up
        assert face_up is not None
        return Choose(
            self.takes_face_up(_key(view.hand), _key(view.opponent_drafted), _key(face_up), _key(view.unseen))
        )

    def reserve_moves(self, view: SplitAndChooseObservation) -> tuple[list[Action], list[float]]:
        """The moves the rule weighs at the reserve: keep, then a swap of the
        first card of each type held (in :data:`SWAP_ORDER`), and each one's score."""
        me = view.player
        before = [d for d in view.reserve if d.player != me]
        shown = before[0].given if before else None
        seen = (before[0].swapped, -1 if shown is None else _TYPE_OF[shown]) if before else None
        scores = self.reserve_scores(
            _key(view.hand), _key(view.unseen), _key(view.opponent_drafted), _key(kept_hidden(view)), seen
        )
        moves: list[Action] = [Keep()]
        found = [scores[0]]
        for t, score in zip(SWAP_ORDER, scores[1:], strict=True):
            held = [c for c in view.hand if _TYPE_OF[c] == t]
            if held:
                moves.append(Swap(held[0]))
                found.append(score)
        return moves, found


class Foresight(HeuristicBot):
    """The rule of thumb that looks one move ahead where it sees every card:
    MonteCarloBot's stand-in in the coach's play-outs. From a view it plays
    as :class:`HeuristicBot` does, and says how likely each move is as it
    reads a MonteCarloBot's moves (below). In the batch play-outs
    (:mod:`cardcommons.bots.playouts.split_and_choose`), where each world's
    cards are all dealt, at each of its splits, choices and reserve decisions
    it plays every candidate move in that world, both players going on by the
    rule of thumb, and keeps the first that does best: as MonteCarloBot plays
    the candidate that does best in its play-outs, which go on by the rule of
    thumb in the worlds it draws. It sees the world's cards, which
    MonteCarloBot does not: always looking ahead, it wins nearly every game
    against HeuristicBot, so it looks ahead only at a share ``sight`` of its
    decisions (drawn from its seed in each play-out), and plays by the rule
    of thumb at the others; :data:`cardcommons.bots.standin.SIGHT` is the
    share at which it wins about as often as MonteCarloBot does.

    How it reads a MonteCarloBot's moves (:meth:`probabilities`), fitted to
    them (:mod:`cardcommons.bots.standin_fit`): ``wander``, how often, at the
    split and the choice, a move is one at random among the legal moves (its
    splits follow the rule of thumb no more than moves at random do); and at
    the reserve, with a ``sharpness``, one of the moves the rule weighs, the
    likelier the better the rule scores it (in proportion to
    ``exp(sharpness * score)``: MonteCarloBot, judging by noisy play-outs,
    seldom gives away a card the rule would keep by far, but often one it
    would keep by a little). Its own moves, played, are the rule's. At the
    build, ``tilt`` reads the cards it holds as stronger than its moves alone
    say (:func:`cardcommons.bots.worlds.split_and_choose.tilted`): what its
    earlier moves tell beyond this reading.

    >>> from cardcommons.split_and_choose import SplitAndChoose
    >>> game = SplitAndChoose(seed=4)
    >>> view, legal = game.observation(0), game.legal_actions()
    >>> Foresight().probabilities(view, legal) == HeuristicBot().probabilities(view, legal)
    True
    >>> Foresight(wander={"split": 1.0}).probabilities(view, legal) == [1 / 6] * 6
    True
    """

    def __init__(
        self,
        seed: int | None = None,
        sight: float = 1.0,
        wander: Mapping[str, float] | None = None,
        sharpness: float | None = None,
        tilt: float = 0.0,
    ) -> None:
        super().__init__(seed)
        if not is_real(sight) or not 0 <= sight <= 1:
            raise RulesError(f"sight is a chance from 0 to 1, not {shown(sight)}")
        self.sight = float(sight)
        wander = {} if wander is None else wander
        if not isinstance(wander, Mapping) or any(
            phase not in WANDER_PHASES or not is_real(w) or not 0 <= w <= 1 for phase, w in wander.items()
        ):
            raise RulesError(
                f"wander is a chance from 0 to 1 for each of {', '.join(WANDER_PHASES)}, not {shown(wander)}"
            )
        self.wander = {phase: float(w) for phase, w in wander.items()}
        if sharpness is not None and (not is_real(sharpness) or not 0 <= sharpness < math.inf):
            raise RulesError(f"sharpness is a number from 0 up, or None, not {shown(sharpness)}")
        self.sharpness = None if sharpness is None else float(sharpness)
        if not is_real(tilt) or not 0 <= tilt < math.inf:
            raise RulesError(f"tilt is a number from 0 up, not {shown(tilt)}")
        self.tilt = float(tilt)

    def __repr__(self) -> str:
        wander = f", wander={self.wander!r}" if self.wander else ""
        sharpness = "" if self.sharpness is None else f", sharpness={self.sharpness!r}"
        tilt = f", tilt={self.tilt!r}" if self.tilt else ""
        return f"Foresight(sight={self.sight!r}{wander}{sharpness}{tilt})"

    def probabilities(self, observation: Observation, legal_actions: Sequence[Action]) -> list[float]:
        """How likely each of ``legal_actions`` is, as the rule of thumb says
        or, at the share ``wander`` of the phase, at random among them; at the
        reserve, with a ``sharpness``, by the scores of the moves the rule weighs.

        >>> from cardcommons.split_and_choose import SplitAndChoose
        >>> game = SplitAndChoose(seed=4)
        >>> while game.phase != "reserve":
        ...     game.apply(game.legal_actions()[0])
        >>> view, legal = game.observation(game.current_player), game.legal_actions()
        >>> flat = Foresight(sharpness=0.0).probabilities(view, legal)
        >>> weighed = HeuristicBot().reserve_moves(view)[0]
        >>> [round(p * len(weighed), 9) for p in flat] == [float(a in weighed) for a in legal]
        True
        """
        phase = getattr(observation, "phase", "")
        if phase == "reserve" and self.sharpness is not None:
            assert isinstance(observation, SplitAndChooseObservation)
            moves, scores = self.reserve_moves(observation)
            chances = dict(zip(moves, sharp_shares(scores, self.sharpness), strict=True))
            return [chances.get(action, 0.0) for action in legal_actions]
        found = super().probabilities(observation, legal_actions)
        share = self.wander.get(phase, 0.0)
        return [(1 - share) * p + share / len(found) for p in found] if share else found
