"""Split and Choose: a two-player draft game with the 21-card pack (RULES.md section 2).

One card is the reserve, the other 20 the stock. Five rounds: the splitter
takes 4 stock cards and splits them into a face-up and a face-down pair; the
chooser takes one pair (the face-down one unseen) and the splitter gets the
other. Then each player may swap one card for the reserve, blind (or face up
in the variant). Last, each builds two 5-card hands from its 10 cards; the
players compare (a) the weaker hands' categories, (b) the stronger hands'
categories, (c) the weaker hands in full, (d) the stronger hands in full.

>>> game = SplitAndChoose(seed=7)
>>> game.phase, game.current_player, len(game.legal_actions())
('split', 0, 6)
>>> from cardcommons.bots import RandomBot
>>> from cardcommons.game import play
>>> result = play(game, [RandomBot(1), RandomBot(2)])
>>> SplitAndChoose.replay(game.record()).result == result
True
"""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from html import escape
from typing import Any, Literal, TypeAlias, overload

import numpy as np
import numpy.typing as npt

from cardcommons.cards import Card, cards_str, parse_card, parse_cards
from cardcommons.categories import Category, Ranking
from cardcommons.errors import CardError, IllegalActionError
from cardcommons.faces import card_html, hand_html
from cardcommons.game import Action, Bot, Result
from cardcommons.hands import HandValue, value_of
from cardcommons.lookup import hand_table
from cardcommons.odds import RankingLike, resolve_ranking
from cardcommons.packs import Pack

__all__ = [
    "PACK",
    "Build",
    "Choose",
    "Keep",
    "ReserveView",
    "RoundView",
    "Split",
    "SplitAndChoose",
    "SplitAndChooseAction",
    "SplitAndChooseObservation",
    "SplitAndChooseResult",
    "Swap",
    "action_code",
    "best_build",
    "build_score",
    "parse_action",
    "score_builds",
]

PACK = Pack.split_and_choose()
"""The 21-card pack: 10, J, Q, K, A of each suit and one Joker."""
ROUNDS = 5
GAME_NAME = "split and choose"
Phase = Literal["split", "choose", "reserve", "build", "over"]
Step = Literal["a", "b", "c", "d"]

_INDEX = {card: i for i, card in enumerate(PACK.cards)}
_SORT_KEY = {card: card.sort_key for card in PACK.cards}


def _high_first(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards sorted high first, the Joker last (a fast path for the pack's cards)."""
    keys = _SORT_KEY
    return tuple(sorted(cards, key=lambda c: keys.get(c) or c.sort_key, reverse=True))


def _cards(value: object) -> tuple[Any, ...]:
    """Cards from a string or an iterable, leaving anything malformed for ``apply`` to reject."""
    if isinstance(value, str):
        try:
            return parse_cards(value)
        except CardError:
            return (value,)
    if isinstance(value, Iterable):
        return tuple(value)
    return (value,)


def _sorted_cards(cards: tuple[Any, ...]) -> tuple[Any, ...]:
    """High cards first (the Joker last) when every item is a Card; otherwise as given."""
    if all(isinstance(c, Card) for c in cards):
        return _high_first(cards)
    return cards


# --------------------------------------------------------------------- actions


@dataclass(frozen=True)
class Split:
    """The splitter's move: which pair goes face up and which face down.
    Each pair is kept high card first, so the order you name them in does not matter.

    >>> str(Split(face_up="Kh As", face_down=parse_cards("10c Jo")))
    'split A♠ K♥ face up, 10♣ 🃏 face down'
    """

    face_up: tuple[Card, ...]
    face_down: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "face_up", _sorted_cards(_cards(self.face_up)))
        object.__setattr__(self, "face_down", _sorted_cards(_cards(self.face_down)))

    def __str__(self) -> str:
        return f"split {cards_str(self.face_up)} face up, {cards_str(self.face_down)} face down"

    @property
    def cards(self) -> tuple[Card, ...]:
        """All four cards, face up first."""
        return self.face_up + self.face_down


@dataclass(frozen=True)
class Choose:
    """The chooser's move: take the face-up pair (True) or the face-down pair unseen (False).

    >>> str(Choose(face_up=False))
    'choose the face-down pair'
    """

    face_up: bool

    def __str__(self) -> str:
        return f"choose the {'face-up' if self.face_up else 'face-down'} pair"


@dataclass(frozen=True)
class Swap:
    """At the reserve: give ``card`` and take the reserve.

    >>> str(Swap("10h"))
    'swap 10♥ for the reserve'
    """

    card: Card

    def __post_init__(self) -> None:
        card: object = self.card
        if isinstance(card, str):
            with contextlib.suppress(CardError):
                object.__setattr__(self, "card", parse_card(card))

    def __str__(self) -> str:
        return f"swap {self.card} for the reserve"


@dataclass(frozen=True)
class Keep:
    """At the reserve: keep your hand.

    >>> str(Keep())
    'keep'
    """

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, init=False)
class Build:
    """A build: the 10 cards split into two 5-card hands. Give either
    ``Build(weaker=..., stronger=...)`` or ``Build(hands=(h1, h2))``: the engine
    decides which hand is the weaker (the lower by the full hand order), so
    two builds with the same hands are equal whatever order they were named in.

    >>> build = Build(hands=("As Ad Ac Ks Kd", "10s Jh Qd Kh Jo"))
    >>> cards_str(build.weaker), cards_str(build.stronger)
    ('K♥ Q♦ J♥ 10♠ 🃏', 'A♠ A♦ A♣ K♠ K♦')
    >>> build == Build(weaker="As Ad Ac Ks Kd", stronger="10s Jh Qd Kh Jo")
    True
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...]]

    def __init__(
        self,
        weaker: Iterable[Card] | str | None = None,
        stronger: Iterable[Card] | str | None = None,
        *,
        hands: Sequence[Iterable[Card] | str] | None = None,
    ) -> None:
        if hands is None:
            pair = [_sorted_cards(_cards(weaker or ())), _sorted_cards(_cards(stronger or ()))]
        else:
            pair = [_sorted_cards(_cards(h)) for h in hands]
        if len(pair) != 2:
            pair = [tuple(c for h in pair for c in h), ()]
        first, second = pair
        object.__setattr__(self, "hands", _order_hands(first, second))

    @classmethod
    def _trusted(cls, weaker: tuple[Card, ...], stronger: tuple[Card, ...]) -> Build:
        """A build whose hands are already sorted and ordered weaker first (no checks)."""
        build = cls.__new__(cls)
        object.__setattr__(build, "hands", (weaker, stronger))
        return build

    @property
    def weaker(self) -> tuple[Card, ...]:
        """The lower hand (by the full hand order)."""
        return self.hands[0]

    @property
    def stronger(self) -> tuple[Card, ...]:
        """The higher hand."""
        return self.hands[1]

    def __str__(self) -> str:
        return f"build {cards_str(self.weaker)} (weaker) and {cards_str(self.stronger)} (stronger)"

    def __repr__(self) -> str:
        return f"Build(weaker={cards_str(self.weaker)!r}, stronger={cards_str(self.stronger)!r})"


def _strength5(hand: tuple[Card, ...]) -> int | None:
    """The lookup strength of 5 distinct cards of the pack, else None."""
    if len(hand) != 5 or len(set(hand)) != 5 or not all(c in _INDEX for c in hand):
        return None
    return hand_table(PACK).strength([_INDEX[c] for c in hand])


def _order_hands(a: tuple[Card, ...], b: tuple[Card, ...]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Weaker hand first when both are real hands; equal or malformed hands in a fixed order."""
    sa, sb = _strength5(a), _strength5(b)
    if sa is not None and sb is not None and sa != sb:
        return (a, b) if sa < sb else (b, a)
    return (a, b) if _hand_key(a) <= _hand_key(b) else (b, a)


def _hand_key(hand: tuple[Any, ...]) -> tuple[tuple[int, str], ...]:
    return tuple(c.sort_key if isinstance(c, Card) else (99, repr(c)) for c in hand)


SplitAndChooseAction: TypeAlias = Split | Choose | Swap | Keep | Build
"""Every kind of move in Split and Choose."""


def action_code(action: SplitAndChooseAction) -> str:
    """An action as ASCII text that :func:`parse_action` reads back (used by ``record()``).

    >>> action_code(Split(face_up="As Kd", face_down="10c Jo")), action_code(Choose(True))
    ('split As Kd | Tc Jo', 'choose up')
    """
    match action:
        case Split(face_up=up, face_down=down):
            return f"split {_codes(up)} | {_codes(down)}"
        case Choose(face_up=up):
            return "choose up" if up else "choose down"
        case Swap(card=card):
            return f"swap {card.code}"
        case Keep():
            return "keep"
        case Build(hands=(weaker, stronger)):
            return f"build {_codes(weaker)} | {_codes(stronger)}"
    raise TypeError(f"not a Split and Choose action: {action!r}")


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def parse_action(text: str) -> SplitAndChooseAction:
    """Read an action written by :func:`action_code`.

    >>> parse_action("swap Th"), parse_action("keep")
    (Swap(card=10♥), Keep())
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    cardcommons.errors.IllegalActionError: not a Split and Choose action: 'fold'
    """
    verb, _, rest = text.strip().partition(" ")
    try:
        match verb:
            case "split":
                up, down = rest.split("|")
                return Split(face_up=parse_cards(up), face_down=parse_cards(down))
            case "choose" if rest in ("up", "down"):
                return Choose(face_up=rest == "up")
            case "swap":
                return Swap(parse_card(rest))
            case "keep" if not rest:
                return Keep()
            case "build":
                weaker, stronger = rest.split("|")
                return Build(hands=(parse_cards(weaker), parse_cards(stronger)))
    except (ValueError, CardError):
        pass
    raise IllegalActionError(f"not a Split and Choose action: {text!r}")


# ------------------------------------------------------------------ best build

_POSITIONS = tuple(combo for combo in itertools.combinations(range(10), 5) if 0 in combo)
"""The 126 ways to split 10 positions into two 5s: the hand holding position 0, in order."""
_SELECT = np.zeros((252, 10), dtype=np.int64)
for _row, _combo in enumerate(_POSITIONS):
    _SELECT[_row, list(_combo)] = 1
    _SELECT[126 + _row, [p for p in range(10) if p not in _combo]] = 1
_COMPLEMENTS = tuple(tuple(p for p in range(10) if p not in combo) for combo in _POSITIONS)


class _Scorer:
    """Scores all 126 splits of 10 cards at once with the pack's lookup table."""

    def __init__(self, pack: Pack, ranking: Ranking) -> None:
        self.pack = pack
        self.ranking = ranking
        self.table = hand_table(pack, ranking)
        self.category = self.table.category_strengths
        self.levels = self.table.levels + 1
        self.index = {card: i for i, card in enumerate(pack.cards) if not card.is_joker}
        self.jokers = tuple(range(len(pack) - pack.jokers, len(pack)))

    def indices(self, cards: Sequence[Card]) -> list[int]:
        """Pack positions, the Jokers in turn taking the Joker positions; sorted."""
        jokers = iter(self.jokers)
        return sorted(next(jokers) if c.is_joker else self.index[c] for c in cards)

    def scores(self, positions: Sequence[int]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """For 10 sorted pack positions: the score of each of the 126 splits
        and the strengths of the 252 hands (the first 126 hold position 0)."""
        total = _SELECT @ self.table.codes[np.asarray(positions)]
        strength = self.table.strengths_of_codes(total)
        first, second = strength[:126], strength[126:]
        weaker = np.minimum(first, second)
        stronger = np.maximum(first, second)
        category = self.category
        score = ((category[weaker] * 16 + category[stronger]) * self.levels + weaker) * self.levels + stronger
        return score, strength


@lru_cache(maxsize=16)
def _scorer(pack: Pack, ranking: Ranking) -> _Scorer:
    return _Scorer(pack, ranking)


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

    >>> build = best_build("As Ad Ac Ah Ks Kd Kh Qs Qd Jo")
    >>> cards_str(build.weaker), cards_str(build.stronger)
    ('K♠ K♥ K♦ Q♠ Q♦', 'A♠ A♥ A♦ A♣ 🃏')
    """
    pack = PACK if pack is None else pack
    held = pack.check(parse_cards(cards), size=10)
    scorer = _scorer(pack, resolve_ranking(ranking, pack))
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


# ---------------------------------------------------------------------- result


_ARTICLE = {
    Category.STRAIGHT_FLUSH: "a straight flush",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.FULL_HOUSE: "a full house",
    Category.FLUSH: "a flush",
    Category.STRAIGHT: "a straight",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.TWO_PAIR: "two pair",
    Category.PAIR: "a pair",
    Category.HIGH_CARD: "a high card",
}
_PLURAL = {
    Category.STRAIGHT_FLUSH: "straight flushes",
    Category.FOUR_OF_A_KIND: "four of a kind",
    Category.FULL_HOUSE: "full houses",
    Category.FLUSH: "flushes",
    Category.STRAIGHT: "straights",
    Category.THREE_OF_A_KIND: "three of a kind",
    Category.TWO_PAIR: "two pair",
    Category.PAIR: "pairs",
    Category.HIGH_CARD: "high-card hands",
}


@dataclass(frozen=True)
class SplitAndChooseResult(Result):
    """The result, with both players' hands: ``weaker[p]`` and ``stronger[p]``
    are player ``p``'s hands, and ``step`` is the step that decided ('a' to
    'd', RULES.md 2.6), or None for a draw."""

    weaker: tuple[HandValue, HandValue]
    stronger: tuple[HandValue, HandValue]
    step: Step | None

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>Player {p}</td><td>{self.weaker[p]._repr_html_()}</td>"
            f"<td>{self.stronger[p]._repr_html_()}</td></tr>"
            for p in (0, 1)
        )
        head = "<tr><th></th><th>weaker hand</th><th>stronger hand</th></tr>"
        return f"<table>{head}{rows}</table><p>{escape(self.explanation)}</p>"


def score_builds(builds: Sequence[Build]) -> SplitAndChooseResult:
    """Compare two players' builds (RULES.md 2.6) and explain the result.

    The rule page's example (two builds side by side; they need not come from one deal):

    >>> quads = Build(weaker="Jc Jh Jd 10c 10d", stronger="As Ad Ac Ah Ks")
    >>> houses = Build(weaker="Kc Kh Kd Qc Qd", stronger="Ac Ah Ad 10s 10h")
    >>> print(score_builds([quads, houses]).explanation)
    Player 0 wins. Both weaker hands are full houses; the stronger hands decide: four of a kind beats a full house.
    """
    values = [build_score(b.weaker, b.stronger) for b in builds]
    weaker = (values[0][2], values[1][2])
    stronger = (values[0][3], values[1][3])
    a, b = values
    steps: tuple[tuple[Step, bool, bool], ...] = (
        ("a", a[0] > b[0], a[0] < b[0]),
        ("b", a[1] > b[1], a[1] < b[1]),
        ("c", a[2] > b[2], a[2] < b[2]),
        ("d", a[3] > b[3], a[3] < b[3]),
    )
    for step, first_higher, second_higher in steps:
        if first_higher or second_higher:
            winner = 0 if first_higher else 1
            text = _explain(step, winner, weaker, stronger)
            return SplitAndChooseResult(frozenset({winner}), text, weaker, stronger, step)
    text = (
        f"A draw. Both weaker hands are {_PLURAL[weaker[0].category]}, both stronger hands are "
        f"{_PLURAL[stronger[0].category]}, and the hands are equal card for card."
    )
    return SplitAndChooseResult(frozenset(), text, weaker, stronger, None)


def _explain(step: str, winner: int, weaker: tuple[HandValue, ...], stronger: tuple[HandValue, ...]) -> str:
    loser = 1 - winner
    lead = f"Player {winner} wins. "
    if step == "a":
        return (
            lead + f"The weaker hands decide: {_ARTICLE[weaker[winner].category]} "
            f"beats {_ARTICLE[weaker[loser].category]}."
        )
    both_weaker = f"Both weaker hands are {_PLURAL[weaker[0].category]}"
    if step == "b":
        return (
            lead + f"{both_weaker}; the stronger hands decide: {_ARTICLE[stronger[winner].category]} "
            f"beats {_ARTICLE[stronger[loser].category]}."
        )
    both = f"{both_weaker} and both stronger hands are {_PLURAL[stronger[0].category]}"
    if step == "c":
        return lead + f"{both}; the weaker hands in full decide: {_beats(weaker[winner], weaker[loser])}."
    return (
        lead + f"{both}, and the weaker hands are equal; the stronger hands in full decide: "
        f"{_beats(stronger[winner], stronger[loser])}."
    )


def _beats(winner: HandValue, loser: HandValue) -> str:
    text = f"{winner.describe()} beats {loser.describe()}"
    if winner.describe() == loser.describe():
        # The words name no kickers, so two different hands can read alike: show the cards.
        text = f"{winner.describe()}, {cards_str(winner.cards)}, beats {cards_str(loser.cards)}"
    if winner.key[:2] == loser.key[:2]:
        text += " (equal hands: the one with fewer Jokers wins)"
    return text


# ---------------------------------------------------------------- observation


@dataclass(frozen=True)
class RoundView:
    """One round as one player saw it. ``cards``: the 4 cards, if this player
    split them. ``face_up``: the face-up pair, once split. ``face_down``: the
    face-down pair, if this player split it or took it. ``chose_face_up``: the
    chooser's choice, once made."""

    splitter: int
    cards: tuple[Card, ...] | None
    face_up: tuple[Card, ...] | None
    face_down: tuple[Card, ...] | None
    chose_face_up: bool | None

    @property
    def chooser(self) -> int:
        return 1 - self.splitter

    @property
    def face_up_taker(self) -> int | None:
        """Who took the face-up pair (None before the choice)."""
        if self.chose_face_up is None:
            return None
        return self.chooser if self.chose_face_up else self.splitter


@dataclass(frozen=True)
class ReserveView:
    """One decision at the reserve. ``given`` and ``taken`` are shown to the
    player who swapped, and to both players in the face-up swap variant."""

    player: int
    swapped: bool
    given: Card | None
    taken: Card | None


@dataclass(frozen=True)
class SplitAndChooseObservation:
    """All that one player may know (RULES.md 2.3 and 4): its own cards, every
    round as it saw it, the reserve decisions as it saw them, its own build,
    whose turn it is and the phase. Nothing else.

    >>> game = SplitAndChoose(seed=1)
    >>> view = game.observation(1)
    >>> view.hand, view.rounds[0].cards, view.phase
    ((), None, 'split')
    """

    player: int
    phase: Phase
    current_player: int | None
    first_splitter: int
    face_up_swap: bool
    hand: tuple[Card, ...]
    rounds: tuple[RoundView, ...]
    reserve: tuple[ReserveView, ...]
    build: Build | None

    @property
    def seen(self) -> frozenset[Card]:
        """Every card this player has seen."""
        cards: set[Card] = set(self.hand)
        for view in self.rounds:
            for group in (view.cards, view.face_up, view.face_down):
                cards.update(group or ())
        for decision in self.reserve:
            cards.update(c for c in (decision.given, decision.taken) if c is not None)
        return frozenset(cards)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards of the pack this player has not seen, in pack order."""
        seen = self.seen
        return tuple(c for c in PACK.cards if c not in seen)

    @property
    def opponent_known(self) -> tuple[Card, ...]:
        """The cards this player knows the other player took (drafted, or taken at the reserve)."""
        me = self.player
        cards: list[Card] = []
        for view in self.rounds:
            if view.face_up is None or view.chose_face_up is None:
                continue
            taker_up = view.face_up_taker
            if taker_up != me:
                cards.extend(view.face_up)
            elif view.face_down is not None and view.splitter == me:
                cards.extend(view.face_down)
        for decision in self.reserve:
            if decision.player != me and decision.swapped:
                if decision.given in cards:
                    cards.remove(decision.given)
                if decision.taken is not None:
                    cards.append(decision.taken)
        return tuple(cards)

    def sample_game(self, rng: random.Random) -> SplitAndChoose:
        """A full game at this point with the same history, the cards this
        player has not seen dealt at random into the places it cannot see
        (the other player's hidden pairs, the reserve, the rest of the stock);
        a hidden card given at a blind swap is drawn from the giver's hand,
        and a hidden build is the best build. Its observation for this player
        equals this one.

        >>> game = SplitAndChoose(seed=5)
        >>> game.apply(game.legal_actions()[0])
        >>> view = game.observation(1)
        >>> view.sample_game(random.Random(0)).observation(1) == view
        True
        """
        return _sample(self, rng)

    def _repr_html_(self) -> str:
        parts = [f"<b>Player {self.player}</b>, phase: {self.phase}, to play: {self.current_player}"]
        parts.append(hand_html(self.hand, "your cards"))
        for number, view in enumerate(self.rounds, 1):
            up = view.face_up or ()
            down: Sequence[Card | None] = view.face_down or ((None, None) if view.face_up else ())
            chose = {None: "", True: "face-up pair taken", False: "face-down pair taken"}[view.chose_face_up]
            parts.append(
                f"<div>Round {number}, Player {view.splitter} splits: "
                f"{hand_html(up, 'face up')} {hand_html(down, 'face down')} {chose}</div>"
            )
        for decision in self.reserve:
            parts.append(f"<div>Player {decision.player} {'swapped' if decision.swapped else 'kept'}</div>")
        return "".join(parts)


# ------------------------------------------------------------------------ game


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


@dataclass
class _ReserveDecision:
    player: int
    given: Card | None
    taken: Card | None


class SplitAndChoose:
    """A game of Split and Choose between players 0 and 1.

    ``SplitAndChoose(seed=...)`` shuffles the pack with ``random.Random(seed)``:
    the first card is the reserve, the other 20 the stock, in order.
    ``first_splitter`` splits rounds 1, 3 and 5; the other player splits
    rounds 2 and 4, and goes first at the reserve and at the build.
    ``face_up_swap`` turns on the face-up swap variant.

    >>> game = SplitAndChoose.from_order("Jo " + " ".join(c.code for c in PACK.cards[:20]))
    >>> game.stock_cards(0)
    (10♣, 10♦, 10♥, 10♠)
    >>> sorted(map(str, game.legal_actions()))[0]
    'split 10♠ 10♣ face up, 10♥ 10♦ face down'
    """

    players = 2

    def __init__(self, seed: int | None = None, first_splitter: int = 0, face_up_swap: bool = False) -> None:
        order = PACK.shuffled(random.Random(seed))
        self._setup(tuple(order), first_splitter, face_up_swap)
        self.seed = seed

    @classmethod
    def from_order(
        cls, cards: Iterable[Card] | str, first_splitter: int = 0, face_up_swap: bool = False
    ) -> SplitAndChoose:
        """A game with the cards staged: the reserve first, then the 20 stock
        cards in the order they are split (4 per round). They must be the 21
        cards of the pack, each once.

        >>> SplitAndChoose.from_order("As Ks")
        Traceback (most recent call last):
        ...
        cardcommons.errors.CardError: a Split and Choose deal is the 21 cards of the pack, each once: expected 21 ...
        """
        try:
            order = PACK.check(parse_cards(cards), size=len(PACK))
        except CardError as error:
            raise CardError(f"a Split and Choose deal is the 21 cards of the pack, each once: {error}") from None
        game = cls.__new__(cls)
        game._setup(order, first_splitter, face_up_swap)
        game.seed = None
        return game

    def _setup(self, order: tuple[Card, ...], first_splitter: int, face_up_swap: bool) -> None:
        if first_splitter not in (0, 1) or isinstance(first_splitter, bool):
            raise ValueError(f"first_splitter is 0 or 1, not {first_splitter!r}")
        self.order = order
        self.first_splitter = first_splitter
        self.face_up_swap = bool(face_up_swap)
        self._hands: list[list[Card]] = [[], []]
        self._reserve = order[0]
        self._splits: list[Split] = []
        self._choices: list[bool] = []
        self._reserve_log: list[_ReserveDecision] = []
        self._builds: list[Build | None] = [None, None]
        self._history: list[SplitAndChooseAction] = []
        self._result: SplitAndChooseResult | None = None

    # --------------------------------------------------------------- queries

    @property
    def phase(self) -> Phase:
        """'split', 'choose', 'reserve', 'build' or 'over'."""
        if self._result is not None:
            return "over"
        if len(self._choices) < ROUNDS:
            return "choose" if len(self._splits) > len(self._choices) else "split"
        return "reserve" if len(self._reserve_log) < 2 else "build"

    @property
    def round(self) -> int:
        """The round being played, 0 to 4 (5 once the drafting is done)."""
        return len(self._choices)

    def splitter(self, round_: int) -> int:
        """Who splits a round (0-based): the first splitter in rounds 0, 2, 4."""
        return self.first_splitter if round_ % 2 == 0 else 1 - self.first_splitter

    @property
    def second(self) -> int:
        """The player who splits twice: first at the reserve and at the build."""
        return 1 - self.first_splitter

    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase == "split":
            return self.splitter(self.round)
        if phase == "choose":
            return 1 - self.splitter(self.round)
        if phase == "reserve":
            return self.second if not self._reserve_log else self.first_splitter
        if phase == "build":
            return self.second if self._builds[self.second] is None else self.first_splitter
        return None

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> SplitAndChooseResult | None:
        return self._result

    @property
    def history(self) -> tuple[SplitAndChooseAction, ...]:
        """Every action played so far."""
        return tuple(self._history)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's cards now (the whole truth: for teaching, not for bots)."""
        return tuple(self._hands[player])

    @property
    def reserve(self) -> Card:
        """The card in the reserve now (hidden from both players)."""
        return self._reserve

    def stock_cards(self, round_: int) -> tuple[Card, ...]:
        """The 4 stock cards split in a round (0-based)."""
        return self.order[1 + 4 * round_ : 5 + 4 * round_]

    def legal_actions(self) -> Sequence[SplitAndChooseAction]:
        phase = self.phase
        if phase == "split":
            c = self.stock_cards(self.round)
            splits: list[SplitAndChooseAction] = []
            for mate in (1, 2, 3):
                pair = (c[0], c[mate])
                rest = tuple(c[i] for i in (1, 2, 3) if i != mate)
                splits += [Split(pair, rest), Split(rest, pair)]
            return splits
        if phase == "choose":
            return [Choose(True), Choose(False)]
        if phase == "reserve":
            player = self.current_player
            assert player is not None
            return [Keep(), *(Swap(card) for card in _high_first(self._hands[player]))]
        if phase == "build":
            player = self.current_player
            assert player is not None
            return _BuildActions(self._hands[player])
        return []

    def candidate_actions(self) -> Sequence[SplitAndChooseAction]:
        """Every legal action, except at the build: just the best build."""
        if self.phase == "build":
            player = self.current_player
            assert player is not None
            return [best_build(self._hands[player])]
        return self.legal_actions()

    def playout_bot(self, seed: int) -> Bot:
        from cardcommons.bots.split_and_choose import HeuristicBot

        return HeuristicBot(seed=seed)

    # ----------------------------------------------------------------- moves

    def apply(self, action: Action, player: int | None = None) -> None:
        """Play ``action`` for the current player (if ``player`` is given, it
        must be the current player). An illegal action raises
        :class:`IllegalActionError` saying why and leaves the game unchanged.

        >>> game = SplitAndChoose(seed=2)
        >>> game.apply(Choose(True))
        Traceback (most recent call last):
        ...
        cardcommons.errors.IllegalActionError: Player 0 must split now, not choose the face-up pair
        """
        mover = self.current_player
        if mover is None:
            raise IllegalActionError(f"the game is over: no more moves ({action})")
        if player is not None and player != mover:
            raise IllegalActionError(f"it is Player {mover}'s turn, not Player {player}'s")
        phase = self.phase
        move: SplitAndChooseAction
        if phase == "split" and isinstance(action, Split):
            self._check_split(action)
            self._splits.append(move := action)
        elif phase == "choose" and isinstance(action, Choose):
            if not isinstance(action.face_up, bool):
                raise IllegalActionError(f"Choose takes face_up=True or False, not {action.face_up!r}")
            split = self._splits[-1]
            taken, left = (split.face_up, split.face_down) if action.face_up else (split.face_down, split.face_up)
            self._hands[mover].extend(taken)
            self._hands[1 - mover].extend(left)
            self._choices.append(action.face_up)
            move = action
        elif phase == "reserve" and isinstance(action, Swap):
            if action.card not in self._hands[mover]:
                raise IllegalActionError(f"Player {mover} cannot swap {action.card}: not in their hand")
            hand = self._hands[mover]
            hand[hand.index(action.card)] = self._reserve
            self._reserve_log.append(_ReserveDecision(mover, action.card, self._reserve))
            self._reserve = action.card
            move = action
        elif phase == "reserve" and isinstance(action, Keep):
            self._reserve_log.append(_ReserveDecision(mover, None, None))
            move = action
        elif phase == "build" and isinstance(action, Build):
            self._check_build(action, mover)
            self._builds[mover] = move = action
            if all(b is not None for b in self._builds):
                self._result = score_builds([b for b in self._builds if b is not None])
        else:
            verb = {"split": "split", "choose": "choose a pair", "reserve": "swap or keep", "build": "build"}[phase]
            raise IllegalActionError(f"Player {mover} must {verb} now, not {action}")
        self._history.append(move)

    def _check_split(self, split: Split) -> None:
        stock = self.stock_cards(self.round)
        if len(split.face_up) != 2 or len(split.face_down) != 2:
            raise IllegalActionError(
                f"a split is two pairs: {len(split.face_up)} face up and {len(split.face_down)} face down given"
            )
        if not all(isinstance(c, Card) for c in split.cards) or set(split.cards) != set(stock):
            raise IllegalActionError(
                f"the split must use the 4 cards {cards_str(stock)}, each once, not {cards_str(split.cards)}"
            )

    def _check_build(self, build: Build, player: int) -> None:
        weaker, stronger = build.hands
        held = self._hands[player]
        cards = weaker + stronger
        if not all(isinstance(c, Card) for c in cards):
            raise IllegalActionError(f"a build is made of cards, not {cards!r}")
        missing = [c for c in cards if c not in held]
        if missing:
            raise IllegalActionError(f"Player {player} does not hold {cards_str(missing)}")
        if len(cards) != 10 or len(set(cards)) != 10:
            raise IllegalActionError(f"a build uses each of the 10 cards exactly once, not {cards_str(cards)}")
        if len(weaker) != 5 or len(stronger) != 5:
            raise IllegalActionError(f"a build is two hands of 5 cards, not {len(weaker)} and {len(stronger)}")

    # ----------------------------------------------------------------- views

    def observation(self, player: int) -> SplitAndChooseObservation:
        if player not in (0, 1):
            raise ValueError(f"Split and Choose has players 0 and 1, not {player!r}")
        phase = self.phase
        rounds: list[RoundView] = []
        started = len(self._splits) + (phase == "split")
        for r in range(started):
            splitter = self.splitter(r)
            split = self._splits[r] if r < len(self._splits) else None
            chose = self._choices[r] if r < len(self._choices) else None
            if splitter == player:
                cards = _high_first(self.stock_cards(r))
                up = split.face_up if split is not None else None
                down = split.face_down if split is not None else None
                view = RoundView(splitter, cards, up, down, chose)
            else:
                up = split.face_up if split is not None else None
                down = split.face_down if split is not None and chose is False else None
                view = RoundView(splitter, None, up, down, chose)
            rounds.append(view)
        reserve = tuple(
            ReserveView(d.player, d.given is not None, d.given, d.taken)
            if d.player == player or self.face_up_swap
            else ReserveView(d.player, d.given is not None, None, None)
            for d in self._reserve_log
        )
        return SplitAndChooseObservation(
            player=player,
            phase=phase,
            current_player=self.current_player,
            first_splitter=self.first_splitter,
            face_up_swap=self.face_up_swap,
            hand=_high_first(self._hands[player]),
            rounds=tuple(rounds),
            reserve=reserve,
            build=self._builds[player],
        )

    def record(self) -> dict[str, Any]:
        """The game as a JSON-serialisable dict: rules, deal (seed or card
        order) and actions as text; :meth:`replay` rebuilds it."""
        deal: dict[str, Any] = {"seed": self.seed} if self.seed is not None else {"order": [c.code for c in self.order]}
        return {
            "game": GAME_NAME,
            "rules": {"first_splitter": self.first_splitter, "face_up_swap": self.face_up_swap},
            **deal,
            "actions": [action_code(a) for a in self._history],
        }

    @classmethod
    def replay(cls, record: dict[str, Any]) -> SplitAndChoose:
        """Rebuild a game from :meth:`record`, playing its actions again."""
        if record.get("game") != GAME_NAME:
            raise ValueError(f"not a Split and Choose record: game {record.get('game')!r}")
        rules = record.get("rules", {})
        if "order" in record:
            game = cls.from_order(
                parse_cards(record["order"]),
                first_splitter=rules.get("first_splitter", 0),
                face_up_swap=rules.get("face_up_swap", False),
            )
        else:
            game = cls(
                seed=record.get("seed"),
                first_splitter=rules.get("first_splitter", 0),
                face_up_swap=rules.get("face_up_swap", False),
            )
        for text in record.get("actions", []):
            game.apply(parse_action(text))
        return game

    from_record = replay

    def __repr__(self) -> str:
        deal = f"seed={self.seed}" if self.seed is not None else "staged"
        return f"SplitAndChoose({deal}, phase={self.phase!r}, to play={self.current_player})"

    def _repr_html_(self) -> str:
        parts = [f"<b>Split and Choose</b> — phase: {self.phase}, to play: {self.current_player}"]
        for p in (0, 1):
            parts.append(f"<div>Player {p}: {hand_html(self._hands[p])}</div>")
        parts.append(f"<div>Reserve: {card_html(None, title='the reserve')}</div>")
        if self._result is not None:
            parts.append(self._result._repr_html_())
        return "".join(parts)


# -------------------------------------------------------------------- sampling


def _sample(view: SplitAndChooseObservation, rng: random.Random) -> SplitAndChoose:
    me, other = view.player, 1 - view.player
    slots: list[list[Card | None]] = []
    other_slots: list[tuple[int, int]] = []
    for r in range(ROUNDS):
        round_view = view.rounds[r] if r < len(view.rounds) else None
        if round_view is None:
            slots.append([None] * 4)
        elif round_view.face_up is not None:
            down: Sequence[Card | None] = round_view.face_down or (None, None)
            slots.append([*round_view.face_up, *down])
            if round_view.face_down is None and round_view.chose_face_up is True:
                other_slots += [(r, 2), (r, 3)]
        elif round_view.cards is not None:
            slots.append(list(round_view.cards))
        else:
            slots.append([None] * 4)
    known = {c for row in slots for c in row if c is not None}
    reserve: Card | None = None
    swaps = [d for d in view.reserve if d.swapped]
    if swaps and swaps[0].taken is not None:
        reserve = swaps[0].taken
    other_given: Card | None = None
    for i, decision in enumerate(view.reserve):
        if decision.player == other and decision.swapped:
            if decision.given is not None:
                other_given = decision.given
            elif i == 0 and len(view.reserve) > 1 and view.reserve[1].swapped:
                other_given = view.reserve[1].taken
    pinned = [other_given] if other_given is not None and other_given not in known else []
    rng.shuffle(other_slots)
    for (r, i), card in zip(other_slots, pinned, strict=False):
        slots[r][i] = card
    taken = known | set(pinned) | ({reserve} if reserve is not None else set())
    rest = [c for c in PACK.cards if c not in taken]
    rng.shuffle(rest)
    deal = iter(rest)
    order = [reserve if reserve is not None else next(deal)]
    for row in slots:
        order.extend(c if c is not None else next(deal) for c in row)
    game = SplitAndChoose.from_order(order, view.first_splitter, view.face_up_swap)
    for r, round_view in enumerate(view.rounds):
        if round_view.face_up is None:
            break
        game.apply(Split(face_up=tuple(order[1 + 4 * r : 3 + 4 * r]), face_down=tuple(order[3 + 4 * r : 5 + 4 * r])))
        if round_view.chose_face_up is not None:
            game.apply(Choose(round_view.chose_face_up))
    for decision in view.reserve:
        if not decision.swapped:
            game.apply(Keep())
        elif decision.player == me or decision.given is not None:
            assert decision.given is not None
            game.apply(Swap(decision.given))
        else:
            card = other_given if other_given is not None else rng.choice(sorted(game._hands[other]))
            game.apply(Swap(card))
    builders = (game.second, game.first_splitter)
    built = 2 if view.phase == "over" else (builders.index(view.current_player) if view.phase == "build" else 0)
    for builder in builders[:built]:
        if builder == me:
            assert view.build is not None
            game.apply(view.build)
        else:
            game.apply(best_build(game._hands[other]))
    return game
