"""What everyone at a Whisky Poker table sees: public events and positions.

An :class:`Event` is one line of the public log: a seat's action with the
cards it moved face up, or the spare turned face up. A :class:`Position` is
what the repetition rule compares in phase 2: the seat to move and the cards
in every hand and in the spare.

An event says itself in words with :meth:`Event.describe`, naming the seats
as the reader knows them (``str()`` names them "Seat 0", "Seat 1", ...):

>>> from cardcommons.cards import parse_card, parse_cards
>>> exchange = Event(0, Exchange(parse_card("9h"), parse_card("Kc")), 2, parse_cards("9h"), parse_cards("Kc"))
>>> print(exchange)
Seat 0 gave 9♥ and took K♣
>>> exchange.describe(you=0)
'You gave 9♥ and took K♣'
>>> print(Event(None, None, 1, parse_cards("Ac Kc Qc Jd 10s")))
The spare is turned face up: A♣ K♣ Q♣ J♦ 10♠
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardcommons.cards import Card, cards_str
from cardcommons.whisky.actions import Exchange, Knock, Pass, TakeSpare, WhiskyAction

__all__ = ["Event", "Position"]


@dataclass(frozen=True)
class Event:
    """One public event: a seat's action, with the cards it moved face up, or
    (``seat`` None) the spare turned face up at the end of the dealer's turn.

    ``face_up`` are the cards put face up into the spare (or turned up);
    ``taken`` the face-up cards the seat took from the spare. A phase-1
    :class:`TakeSpare` shows the taker's old hand, never what it took.

    >>> from cardcommons.cards import parse_cards
    >>> print(Event(2, TakeSpare(), 1, face_up=parse_cards("As Ks Qs Js 9d")))
    Seat 2 took the unseen spare; its old hand A♠ K♠ Q♠ J♠ 9♦ is the spare now
    >>> Event(2, Knock(), 2, first_knock=True).describe(name=lambda seat: f"Bot {seat}")
    'Bot 2 knocked: everyone else has one more turn'
    """

    seat: int | None
    action: WhiskyAction | None
    phase: int
    face_up: tuple[Card, ...] = ()
    taken: tuple[Card, ...] = ()
    first_knock: bool = False

    def describe(self, you: int | None = None, name: Callable[[int], str] = lambda seat: f"Seat {seat}") -> str:
        """The event in words: the seat ``you`` is "You", every other seat ``name(seat)``."""
        if self.seat is None:
            return f"The spare is turned face up: {cards_str(self.face_up)}"
        who, their = ("You", "your") if self.seat == you else (name(self.seat), "its")
        match self.action:
            case Pass():
                return f"{who} passed"
            case Knock():
                return f"{who} knocked: everyone else has one more turn" if self.first_knock else f"{who} knocked too"
            case Exchange(give=give, take=take):
                return f"{who} gave {give} and took {take}"
            case TakeSpare() if self.phase == 1:
                return f"{who} took the unseen spare; {their} old hand {cards_str(self.face_up)} is the spare now"
            case _:
                return f"{who} took the whole spare {cards_str(self.taken)} and left {cards_str(self.face_up)}"

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class Position:
    """A phase-2 position: the seat to move, the cards in every hand, the cards
    in the spare (each sorted: a position is about sets of cards, not order).

    >>> from cardcommons.cards import parse_cards
    >>> print(Position(1, (parse_cards("As Kd"), parse_cards("9c 9d")), parse_cards("Jo")))
    seat 1 to move; seat 0: A♠ K♦; seat 1: 9♣ 9♦; spare: JO
    """

    to_move: int
    hands: tuple[tuple[Card, ...], ...]
    spare: tuple[Card, ...]

    def __str__(self) -> str:
        hands = "; ".join(f"seat {s}: {cards_str(h)}" for s, h in enumerate(self.hands))
        return f"seat {self.to_move} to move; {hands}; spare: {cards_str(self.spare)}"
