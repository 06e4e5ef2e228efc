"""Whisky Poker actions: four small immutable values, and reading them back.

A player may **pass** (phase 1 only), **take** the whole spare, **exchange**
one card with the face-up spare (phase 2 only) or **knock**. Each action has
a ``str()`` that reads like the game and a ``code`` for records;
:func:`parse_action` reads either.

>>> action = parse_action("exchange 9h Kc")
>>> str(action), action.code, parse_action(str(action)) == action
('give 9♥ take K♣', 'exchange 9h Kc', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from cardcommons.cards import Card, parse_card
from cardcommons.errors import CardError, IllegalActionError, shown

__all__ = ["KNOCK", "PASS", "TAKE", "Exchange", "Knock", "Pass", "TakeSpare", "WhiskyAction", "parse_action"]


@dataclass(frozen=True)
class Pass:
    """Phase 1 only: keep your cards, and the right to exchange later.

    >>> str(Pass()), Pass().code
    ('pass', 'pass')
    """

    def __str__(self) -> str:
        return "pass"

    @property
    def code(self) -> str:
        """The action in a record."""
        return "pass"


@dataclass(frozen=True)
class TakeSpare:
    """Take the whole spare: unseen in phase 1 (your hand goes face up as the
    new spare and phase 2 starts at once), face up in phase 2 (swap hands).

    >>> str(TakeSpare()), TakeSpare().code
    ('take the spare', 'take')
    """

    def __str__(self) -> str:
        return "take the spare"

    @property
    def code(self) -> str:
        """The action in a record."""
        return "take"


@dataclass(frozen=True)
class Exchange:
    """Phase 2 only: put ``give`` face up in the spare and take ``take`` from it.

    >>> action = Exchange(give=parse_card("9h"), take=parse_card("Kc"))
    >>> str(action), action.code
    ('give 9♥ take K♣', 'exchange 9h Kc')
    """

    give: Card
    take: Card

    def __str__(self) -> str:
        return f"give {self.give} take {self.take}"

    @property
    def code(self) -> str:
        """The action in a record."""
        return f"exchange {self.give.code} {self.take.code}"


@dataclass(frozen=True)
class Knock:
    """Keep your cards and give up exchanging; the first knock ends the game
    after every other player has one more turn.

    >>> str(Knock())
    'knock'
    """

    def __str__(self) -> str:
        return "knock"

    @property
    def code(self) -> str:
        """The action in a record."""
        return "knock"


WhiskyAction: TypeAlias = Pass | TakeSpare | Exchange | Knock
PASS, TAKE, KNOCK = Pass(), TakeSpare(), Knock()


def parse_action(text: str) -> WhiskyAction:
    """Read an action from its ``code`` (as in a record) or its ``str()``.

    >>> parse_action("exchange 9h Kc"), parse_action("give 9♥ take K♣"), parse_action("Knock")
    (Exchange(give=9♥, take=K♣), Exchange(give=9♥, take=K♣), Knock())
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    cardcommons.errors.IllegalActionError: not a Whisky Poker action: 'fold'
    """
    words = text.strip().lower().split()
    simple: dict[str, WhiskyAction] = {"pass": PASS, "take": TAKE, "take the spare": TAKE, "knock": KNOCK}
    if " ".join(words) in simple:
        return simple[" ".join(words)]
    try:
        if len(words) == 3 and words[0] == "exchange":
            return Exchange(parse_card(words[1]), parse_card(words[2]))
        if len(words) == 4 and words[0] == "give" and words[2] == "take":
            return Exchange(parse_card(words[1]), parse_card(words[3]))
    except CardError as error:
        raise IllegalActionError(f"not a Whisky Poker action: {shown(text)} ({error})") from None
    raise IllegalActionError(f"not a Whisky Poker action: {shown(text)}")
