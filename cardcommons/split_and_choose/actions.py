"""Split and Choose's moves as small immutable values, and their text form.

A split, a choice, a swap or a keep at the reserve, and a build. Each prints
in words; :func:`action_code` writes the ASCII form that game records use and
:func:`parse_action` reads it back.

>>> move = Split(face_up="As Kd", face_down="10c Jo")
>>> print(move)
split A♠ K♦ face up, 10♣ JO face down
>>> action_code(move)
'split As Kd | Tc Jo'
>>> parse_action(action_code(move)) == move
True
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from cardcommons.cards import Card, cards_str, parse_card, parse_cards
from cardcommons.errors import CardError, IllegalActionError, shown
from cardcommons.hands import HAND_SIZE
from cardcommons.lookup import hand_table
from cardcommons.split_and_choose.rules import _INDEX, PACK, _high_first

__all__ = ["Build", "Choose", "Keep", "Split", "SplitAndChooseAction", "Swap", "action_code", "parse_action"]


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


@dataclass(frozen=True)
class Split:
    """The splitter's move: which pair goes face up and which face down.
    Each pair is kept high card first, so the order you name them in does not matter.

    >>> str(Split(face_up="Kh As", face_down=parse_cards("10c Jo")))
    'split A♠ K♥ face up, 10♣ JO face down'
    """

    face_up: tuple[Card, ...]
    face_down: tuple[Card, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "face_up", _sorted_cards(_cards(self.face_up)))
        object.__setattr__(self, "face_down", _sorted_cards(_cards(self.face_down)))

    @classmethod
    def _trusted(cls, face_up: tuple[Card, ...], face_down: tuple[Card, ...]) -> Split:
        """A split of pairs already sorted high first (no checks)."""
        split = cls.__new__(cls)
        object.__setattr__(split, "face_up", face_up)
        object.__setattr__(split, "face_down", face_down)
        return split

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
    ('K♥ Q♦ J♥ 10♠ JO', 'A♠ A♦ A♣ K♠ K♦')
    >>> build == Build(weaker="As Ad Ac Ks Kd", stronger="10s Jh Qd Kh Jo")
    True
    >>> Build(weaker="As Ad Ac Ks Kd", stronger="As Jh Qd Kh Jo")
    Traceback (most recent call last):
    ...
    cardcommons.errors.CardError: a build holds each card once, not A♠ twice
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
        _check_once(first + second)
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


def _check_once(cards: tuple[Any, ...]) -> None:
    """Refuse a card named twice (other malformed items are left for ``apply`` to reject)."""
    if len(set(cards)) != len(cards) and all(isinstance(c, Card) for c in cards):
        twice = _high_first({c for c in cards if cards.count(c) > 1})
        raise CardError(f"a build holds each card once, not {cards_str(twice)} twice")


def _strength5(hand: tuple[Card, ...]) -> int | None:
    """The lookup strength of 5 distinct cards of the pack, else None."""
    if len(hand) != HAND_SIZE or len(set(hand)) != HAND_SIZE or not all(c in _INDEX for c in hand):
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
    raise TypeError(f"not a Split and Choose action: {shown(action)}")


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
    raise IllegalActionError(f"not a Split and Choose action: {shown(text)}")
