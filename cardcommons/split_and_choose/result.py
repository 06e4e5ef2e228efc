"""The end of a game of Split and Choose: two builds compared (RULES.md 2.6),
who won, at which step, and why in words.

>>> quads = Build(weaker="Jc Jh Jd 10c 10d", stronger="As Ad Ac Ah Ks")
>>> houses = Build(weaker="Kc Kh Kd Qc Qd", stronger="Ac Ah Ad 10s 10h")
>>> result = score_builds([quads, houses])
>>> result.winners, result.step
(frozenset({0}), 'b')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Literal

from cardcommons.cards import cards_str
from cardcommons.categories import Category
from cardcommons.errors import CardError, RulesError
from cardcommons.game import Result
from cardcommons.hands import HandValue
from cardcommons.split_and_choose.actions import Build
from cardcommons.split_and_choose.build import build_score
from cardcommons.split_and_choose.rules import PACK

__all__ = ["SplitAndChooseResult", "Step", "score_builds"]

Step = Literal["a", "b", "c", "d"]


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

    def __repr__(self) -> str:
        """One short line: the explanation.

        >>> quads = Build(weaker="Jc Jh Jd 10c 10d", stronger="As Ad Ac Ah Ks")
        >>> houses = Build(weaker="Kc Kh Kd Qc Qd", stronger="Ac Ah Ad 10s 10h")
        >>> score_builds([quads, houses])
        <Split and Choose result: Player 0 wins. Both weaker hands are full houses; the stronger hands decide: ...>
        """
        return f"<Split and Choose result: {self.explanation}>"

    def __str__(self) -> str:
        """Both builds, one line per player, then the explanation."""
        lines = [f"Player {p}: {self.weaker[p]} | {self.stronger[p]}" for p in (0, 1)]
        return "\n".join([*lines, self.explanation])

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
    if len(builds) != 2:
        raise RulesError(f"Split and Choose compares two builds, not {len(builds)}")
    for player, build in enumerate(builds):
        try:
            PACK.check(build.weaker + build.stronger, size=10)
        except CardError as error:
            raise CardError(f"Player {player}'s build is not 10 different cards of the pack: {error}") from None
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
    """The winner's hand beats the loser's, in words that say whose hand is whose.

    >>> from cardcommons.hands import evaluate
    >>> real, wild = evaluate("Ad Kd Qd Jd 10d", PACK), evaluate("Ac Qc Jc 10c Jo", PACK)
    >>> _beats(real, wild).split(": ")
    ['A♦ K♦ Q♦ J♦ 10♦ beats A♣ Q♣ J♣ 10♣ JO (Royal flush, the Joker as the King of clubs)',
     'equal hands, and the one with fewer Jokers wins']
    """
    if winner.key[:2] == loser.key[:2]:
        return (
            f"{cards_str(winner.cards)} beats {cards_str(loser.cards)} ({loser.describe()}): "
            "equal hands, and the one with fewer Jokers wins"
        )
    if winner.describe() == loser.describe():
        # The words name no kickers, so two different hands can read alike: show the cards.
        return f"{winner.describe()}, {cards_str(winner.cards)}, beats {cards_str(loser.cards)}"
    return f"{winner.describe()} beats {loser.describe()}"
