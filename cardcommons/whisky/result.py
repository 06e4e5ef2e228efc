"""How a Whisky Poker game ended: every hand shown and valued.

A :class:`WhiskyResult` is a :class:`~cardcommons.game.Result` (the winning
seats and an explanation) with every hand and its value, the spare if it was
face up, and for a draw by repetition the position that came up a third time.
In a notebook it displays as a table of card faces with the winners marked.

>>> from cardcommons.whisky import Knock, Pass, WhiskyPoker
>>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
>>> game.apply(Knock())
>>> game.apply(Pass())
>>> result = game.result
>>> print(result.shown())
seat 0: A♠ A♦ K♠ K♦ 9♣: Two pair, Aces and Kings
seat 1: Q♠ Q♥ J♣ 10♦ 9♥: Pair of Queens
>>> result.winners, result.spare
(frozenset({0}), ())
>>> html = result._repr_html_()
>>> "Two pair, Aces and Kings" in html, html.count("★ wins")
(True, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

from cardcommons.cards import Card
from cardcommons.game import Result
from cardcommons.hands import HandValue
from cardcommons.whisky.display import Row, rows_html
from cardcommons.whisky.events import Position

__all__ = ["WhiskyResult"]


@dataclass(frozen=True)
class WhiskyResult(Result):
    """A :class:`~cardcommons.game.Result` with every hand shown and valued, the
    spare, and for a draw by repetition the repeated position."""

    hands: tuple[tuple[Card, ...], ...] = ()
    values: tuple[HandValue, ...] = ()
    spare: tuple[Card, ...] = ()
    repeated: Position | None = None

    def shown(self) -> str:
        """Every hand with its value, one line each."""
        return "\n".join(f"seat {s}: {value}" for s, value in enumerate(self.values))

    def __str__(self) -> str:
        """Every hand with its value, then the explanation."""
        return f"{self.shown()}\n{self.explanation}" if self.values else self.explanation

    def _repr_html_(self) -> str:
        """Every hand as card faces with its category and value in words, the
        winners highlighted, and the spare if it was face up."""
        shared = len(self.winners) > 1
        rows = [
            Row(
                f"seat {seat}",
                value.cards,
                value.describe(),
                value.category.label + ((" ★ shares the win" if shared else " ★ wins") if seat in self.winners else ""),
                seat in self.winners,
            )
            for seat, value in enumerate(self.values)
        ]
        if self.spare:
            rows.append(Row("spare", self.spare, "face up"))
        return rows_html(self.explanation, rows)
