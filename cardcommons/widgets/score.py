"""The arcade's score: wins, draws and losses against each kind of opponent,
and the streak of wins. As plain data (:meth:`Score.to_dict`) it is what the
reader's browser keeps between visits (see :mod:`cardcommons.widgets.score_store`).

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

from collections.abc import Mapping
from html import escape
from typing import Any

from cardcommons.errors import RecordError, RulesError, cut, shown
from cardcommons.palette import FONT, GOLD, GREEN_ACCENT, GREY_ACCENT, MUTED, RED_ACCENT, accent_text
from cardcommons.widgets.cards import panel_html

__all__ = ["EMPTY", "OUTCOMES", "Score"]

OUTCOMES = ("win", "draw", "loss")
"""How a game ended for you."""
_COUNTS = ("won", "drawn", "lost")
"""The names of a row's three counts in :meth:`Score.to_dict`, in the order of :data:`OUTCOMES`."""
EMPTY = "No game finished yet: this browser keeps the count, through a reload."
"""What the score panel says before the first game ends."""
_NAME_LENGTH = 80
"""The longest name of a game or an opponent a saved score may hold."""
_ROWS = 100
"""The most rows (games and opponents) a saved score may hold."""
_MOST = 10**9
"""More games than anyone plays: a larger count is not a score."""


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

    def clear(self) -> None:
        """Forget every game: no tally, no streak."""
        self._tallies.clear()
        self.streak = self.best_streak = 0

    def tally(self, game: str, opponent: str) -> tuple[int, int, int]:
        """Wins, draws and losses of ``game`` against ``opponent`` (zeros if never played)."""
        wins, draws, losses = self._tallies.get((game, opponent), (0, 0, 0))
        return wins, draws, losses

    @property
    def games(self) -> int:
        """Games finished so far."""
        return sum(sum(t) for t in self._tallies.values())

    def to_dict(self) -> dict[str, Any]:
        """The score as plain data, for JSON: :meth:`from_dict` reads it back.

        >>> score = Score()
        >>> score.record("Whisky Poker", "3 GreedyBots", "win")
        >>> score.to_dict()
        {'tallies': [{'game': 'Whisky Poker', 'opponent': '3 GreedyBots', 'won': 1, 'drawn': 0, 'lost': 0}], \
'streak': 1, 'best_streak': 1}
        >>> Score.from_dict(score.to_dict()).tally("Whisky Poker", "3 GreedyBots")
        (1, 0, 0)
        """
        tallies = [
            {"game": game, "opponent": opponent, **dict(zip(_COUNTS, tally, strict=True))}
            for (game, opponent), tally in self._tallies.items()
        ]
        return {"tallies": tallies, "streak": self.streak, "best_streak": self.best_streak}

    @classmethod
    def from_dict(cls, data: object) -> Score:
        """The score that :meth:`to_dict` gave as ``data``; anything else (a key missing or
        unknown, a count that is not a whole number, a streak longer than the wins) is a
        :class:`~cardcommons.errors.RecordError` that names it.

        >>> Score.from_dict({"tallies": [], "streak": 2, "best_streak": 2})
        Traceback (most recent call last):
        ...
        cardcommons.errors.RecordError: a saved score's best_streak is at most its 0 wins, not 2
        """
        fields = _fields(data, ("tallies", "streak", "best_streak"), "a saved score")
        rows = fields["tallies"]
        if not isinstance(rows, list) or len(rows) > _ROWS:
            raise RecordError(f"a saved score's tallies are a list of up to {_ROWS} rows, not {shown(rows, 80)}")
        score = cls()
        for row in rows:
            cells = _fields(row, ("game", "opponent", *_COUNTS), "a row of a saved score")
            names = (_name(cells["game"], "game"), _name(cells["opponent"], "opponent"))
            if names in score._tallies:
                raise RecordError(f"a saved score has two rows of {names[0]!r} against {names[1]!r}")
            score._tallies[names] = [_count(cells[count], count) for count in _COUNTS]
        score.streak, score.best_streak = (
            _count(fields["streak"], "streak"),
            _count(fields["best_streak"], "best_streak"),
        )
        wins = sum(tally[0] for tally in score._tallies.values())
        if score.streak > score.best_streak:
            raise RecordError(
                f"a saved score's streak is at most its best_streak ({score.best_streak}), not {score.streak}"
            )
        if score.best_streak > wins:
            raise RecordError(f"a saved score's best_streak is at most its {wins} wins, not {score.best_streak}")
        return score

    def html(self, note: str = "") -> str:
        """The score as a panel: one row per game and opponent, then the streak; ``note``: a line under it.

        >>> "through a reload" in Score().html(), "ignored" in Score().html(note="ignored")
        (True, True)
        """
        title = '<div style="font-weight:700;font-size:15px">Your score</div>'
        foot = f'<div style="margin-top:5px;color:{MUTED};font-size:12px">{escape(note)}</div>' if note else ""
        if not self._tallies:
            body = f'<div style="color:{MUTED}">{EMPTY}</div>'
            return panel_html(f'<div class="cc-score" style="font-size:13px">{title}{body}{foot}</div>', accent=GOLD)
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
        runs = f'<div style="margin-top:5px;font:600 13px {FONT}">{streak}{best}</div>'
        return panel_html(f'<div class="cc-score" style="font-size:13px">{title}{table}{runs}{foot}</div>', accent=GOLD)


def _fields(data: object, keys: tuple[str, ...], what: str) -> Mapping[str, object]:
    """``data`` if it is a mapping with exactly ``keys`` (``what``: what it is, for the message)."""
    if not isinstance(data, Mapping):
        raise RecordError(f"{what} is a mapping of {', '.join(keys)}, not {shown(data, 80)}")
    missing = [key for key in keys if key not in data]
    extra = [str(key) for key in data if key not in keys]
    if missing or extra:
        lacks = f"lacks {', '.join(missing)}" if missing else ""
        more = f"has {cut(', '.join(extra), 80)} too" if extra else ""
        wrong = " and ".join(filter(None, (lacks, more)))
        raise RecordError(f"{what} has the keys {', '.join(keys)}; this one {wrong}")
    return data


def _name(value: object, field: str) -> str:
    """A game's or an opponent's name of a saved score: text the page can be sent back (no lone surrogate)."""
    if not isinstance(value, str) or not 0 < len(value) <= _NAME_LENGTH:
        raise RecordError(
            f"a saved score's {field} is a name of 1 to {_NAME_LENGTH} characters, not {shown(value, 80)}"
        )
    try:
        value.encode()
    except UnicodeEncodeError as error:
        raise RecordError(
            f"a saved score's {field} is text, and {shown(value, 80)} holds half a character (a lone surrogate)"
        ) from error
    return value


def _count(value: object, field: str) -> int:
    """A count of a saved score: a whole number from 0 to :data:`_MOST`."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MOST:
        raise RecordError(f"a saved score's {field} is a whole number from 0 to {_MOST:,}, not {shown(value, 80)}")
    return value
