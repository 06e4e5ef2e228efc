"""The arcade's score: wins, draws and losses against each kind of opponent,
and the streak of wins, for as long as the page is open.

>>> score = Score()
>>> score.record("Split and Choose", "HeuristicBot", "win")
>>> score.record("Split and Choose", "HeuristicBot", "win")
>>> score.record("Whisky Poker", "3 GreedyBots", "loss")
>>> score.tally("Split and Choose", "HeuristicBot"), score.streak, score.best_streak
((2, 0, 0), 0, 2)
>>> "No win in a row now · best run 2" in score.html()
True
"""

from __future__ import annotations

from html import escape

from cardcommons.errors import RulesError
from cardcommons.palette import FONT, GOLD, GREEN_ACCENT, GREY_ACCENT, MUTED, RED_ACCENT, accent_text
from cardcommons.widgets.cards import panel_html

__all__ = ["OUTCOMES", "Score"]

OUTCOMES = ("win", "draw", "loss")
"""How a game ended for you."""


class Score:
    """Wins, draws and losses per game and opponent, in the order first met, and the streak of wins."""

    def __init__(self) -> None:
        self._tallies: dict[tuple[str, str], list[int]] = {}
        self.streak = 0
        """Wins in a row now."""
        self.best_streak = 0
        """The longest run of wins so far."""

    def record(self, game: str, opponent: str, outcome: str) -> None:
        """Count one finished game of ``game`` against ``opponent``: ``outcome`` is "win", "draw" or "loss"."""
        if outcome not in OUTCOMES:
            raise RulesError(f"an outcome is 'win', 'draw' or 'loss', not {outcome!r}")
        self._tallies.setdefault((game, opponent), [0, 0, 0])[OUTCOMES.index(outcome)] += 1
        self.streak = self.streak + 1 if outcome == "win" else 0
        self.best_streak = max(self.best_streak, self.streak)

    def tally(self, game: str, opponent: str) -> tuple[int, int, int]:
        """Wins, draws and losses of ``game`` against ``opponent`` (zeros if never played)."""
        wins, draws, losses = self._tallies.get((game, opponent), (0, 0, 0))
        return wins, draws, losses

    @property
    def games(self) -> int:
        """Games finished so far."""
        return sum(sum(t) for t in self._tallies.values())

    def html(self) -> str:
        """The score as a panel: one row per game and opponent, then the streak."""
        title = '<div style="font-weight:700;font-size:15px">Your score</div>'
        if not self._tallies:
            body = f'<div style="color:{MUTED}">No game finished yet: this page keeps the count while it is open.</div>'
            return panel_html(f'<div class="cc-score" style="font-size:13px">{title}{body}</div>', accent=GOLD)
        cell = "padding:1px 6px;text-align:right"
        head = "".join(
            f'<th style="{cell};color:{accent_text(colour)}">{word}</th>'
            for word, colour in (("won", GREEN_ACCENT), ("drawn", GREY_ACCENT), ("lost", RED_ACCENT))
        )
        rows = "".join(
            f'<tr><td style="padding:1px 6px 1px 0">{escape(game)}<div style="color:{MUTED};font-size:12px">'
            f"against {escape(opponent)}</div></td>" + "".join(f'<td style="{cell}">{n}</td>' for n in tally) + "</tr>"
            for (game, opponent), tally in self._tallies.items()
        )
        table = f'<table style="border-collapse:collapse;margin-top:4px"><tr><th></th>{head}</tr>{rows}</table>'
        streak = (
            f"{self.streak} win{'s' if self.streak != 1 else ''} in a row" if self.streak else "No win in a row now"
        )
        best = f" · best run {self.best_streak}" if self.best_streak > self.streak else ""
        foot = f'<div style="margin-top:5px;font:600 13px {FONT}">{streak}{best}</div>'
        return panel_html(f'<div class="cc-score" style="font-size:13px">{title}{table}{foot}</div>', accent=GOLD)
