"""The review of a finished game: one seat's decisions against the coach's
best, and its result split into luck and decisions, with par.

:func:`review` replays a finished game. At each decision of the seat it asks
the :func:`~cardcommons.bots.coach` (from the seat's own view, as it stood:
no hidden card revealed) for the best move and the **cost** of the move
made: the paired gap between the two shares of a win, in points, with its
95% interval, and a plain **label** (:data:`THRESHOLDS`). It measures the
luck (:func:`cardcommons.luck.measure`): the deal against an average deal
(**par**), each other seat whose policy is known, Split and Choose's later
rounds. The :class:`Review` is data (``decisions``, ``outcome``,
``adjusted``, ``luck``) and displays itself: the decisions as a table, the
seat's win chance through the game as a picture with its text, and the
result split in words.

>>> from cardcommons.bots import GreedyBot
>>> from cardcommons.game import play
>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker(2, seed=4)
>>> _ = play(game, [GreedyBot(seed=1), GreedyBot(seed=2)])
>>> done = review(game, 0, table=[None, GreedyBot()], samples=200, progress=False)
>>> [d.label for d in done.decisions][:2]
['good', 'good']
>>> done.outcome - done.adjusted == sum(done.luck.values())
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from html import escape

from cardcommons.bots.coach import ActionEstimate, coach
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Game, Observation
from cardcommons.luck import LATER_CHANCE, THE_DEAL, Luck, checked_game, measure
from cardcommons.palette import (
    BLUE,
    FONT,
    GREEN_ACCENT,
    INK,
    LINE,
    MUTED,
    ORANGE,
    RED_ACCENT,
    text_html,
)
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

__all__ = ["THRESHOLDS", "THRESHOLDS_WORDS", "Decision", "Review", "label", "review"]

GOOD, INACCURACY, MISTAKE, BLUNDER = "good", "inaccuracy", "mistake", "blunder"
THRESHOLDS = ((BLUNDER, 0.10), (MISTAKE, 0.05), (INACCURACY, 0.02))
"""A decision's label by its cost, in shares of a win (0.10: 10 points): the first it reaches."""
THRESHOLDS_WORDS = (
    "A move that costs 10 points or more of your share of a win is a blunder, 5 a mistake, 2 an inaccuracy; "
    "less, or a cost whose 95% interval reaches 0 (not surely worse than the best), is good. Where the "
    "interval's low end is under half a point (it shows as 0), the label says perhaps: the move is surely "
    "worse than the best, but perhaps by very little."
)
SURE = 0.005
"""The least low end of a cost's interval (a share of a win: half a point) for a label without "perhaps"."""
SAMPLES = 1000
"""Play-outs of each move the coach weighs at each decision of a review."""
_COLOURS = {GOOD: GREEN_ACCENT, INACCURACY: BLUE, MISTAKE: ORANGE, BLUNDER: RED_ACCENT}


def _mark(colour: str) -> str:
    """A dot of a label's colour before its word, which keeps the theme's ink (no accent as text reads
    4.5:1 on every paper a theme puts an output on: the site's dark theme keeps outputs on light grey)."""
    return (
        f'<span aria-hidden="true" style="display:inline-block;width:.7em;height:.7em;border-radius:50%;'
        f'background:{colour};margin-right:.4em"></span>'
    )


def label(cost: float, low: float) -> str:
    """The label of a decision that cost ``cost`` (a share of a win) with the
    interval's lower end ``low`` (see :data:`THRESHOLDS`).

    >>> label(0.12, 0.08), label(0.06, 0.01), label(0.03, -0.01), label(0.01, 0.005)
    ('blunder', 'mistake', 'good', 'good')
    """
    if low <= 0:
        return GOOD
    return next((name for name, least in THRESHOLDS if cost >= least), GOOD)


@dataclass(frozen=True)
class Decision:
    """One decision of the reviewed seat: the ``move``'s number in the game
    (from 1), the ``action`` made, the coach's ``best`` from the seat's view,
    the ``cost`` (the best move's share of a win less the action's, paired on
    the same worlds) with its 95% interval ``low``-``high``, the seat's win
    ``chance`` after the action (its share, from its view) and the ``label``.

    >>> from cardcommons.whisky import KNOCK, PASS
    >>> print(Decision(4, KNOCK, PASS, 0.14, 0.09, 0.19, 0.31, "blunder"))
    Move 4, knock: 14 points below pass (9 to 19), a blunder
    """

    move: int
    action: Action
    best: Action
    cost: float
    low: float
    high: float
    chance: float
    label: str

    @property
    def verdict(self) -> str:
        """The label in words, as the interval backs it: "good", "a blunder", or "perhaps a mistake" where
        the interval's low end is under half a point (see :data:`THRESHOLDS_WORDS`).

        >>> from cardcommons.whisky import KNOCK, PASS
        >>> [Decision(4, KNOCK, PASS, 0.07, low, 0.14, 0.3, "mistake").verdict for low in (0.02, 0.004)]
        ['a mistake', 'perhaps a mistake']
        """
        if self.label == GOOD:
            return GOOD
        named = f"{_article(self.label)} {self.label}"
        return named if self.low >= SURE else f"perhaps {named}"

    @property
    def interval(self) -> str:
        """The cost's 95% interval in points: "9 to 19"."""
        return f"{_points(self.low)} to {_points(self.high)}"

    @property
    def as_good(self) -> bool:
        """The coach's best, or as good as it to the point (its cost and its interval's high end round to 0)."""
        return self.action == self.best or round(100 * self.cost) == 0 == round(100 * self.high)

    def __str__(self) -> str:
        if self.action == self.best:
            return f"Move {self.move}, {self.action}: the coach's best ({self.label})"
        if self.as_good:
            return f"Move {self.move}, {self.action}: as good as {self.best} ({self.label})"
        return (
            f"Move {self.move}, {self.action}: {_points(self.cost)} points below {self.best} ({self.interval}), "
            f"{self.verdict}"
        )


def _article(word: str) -> str:
    return "an" if word[0] in "aeiou" else "a"


def _points(share: float | Fraction) -> str:
    return f"{round(100 * float(share))}"


@dataclass(frozen=True)
class Review:
    """A finished game reviewed for one ``seat`` (see the module): its
    ``decisions``, its ``outcome`` (its share of the result), the
    ``adjusted`` result (the outcome less luck: unbiased), and ``luck``, the
    named luck terms, whose sum is exactly ``outcome - adjusted``. ``par`` is
    the rule of thumb's share from this seat on this deal, ``baseline`` its
    average over deals; ``measured`` holds the luck's every step."""

    game: Game = field(repr=False)
    seat: int
    decisions: tuple[Decision, ...]
    outcome: Fraction
    adjusted: Fraction
    luck: Mapping[str, Fraction]
    par: Fraction
    baseline: Fraction
    measured: Luck = field(repr=False)

    def position(self, decision: Decision) -> Game:
        """The game as it stood at ``decision``, for choosing again there (show
        the seat only its own view of it: ``position(d).observation(seat)``).

        >>> from cardcommons.whisky import WhiskyPoker
        >>> from cardcommons.game import play
        >>> from cardcommons.bots import GreedyBot
        >>> game = WhiskyPoker(2, seed=4)
        >>> _ = play(game, [GreedyBot(seed=1), GreedyBot(seed=2)])
        >>> done = review(game, 1, samples=100, progress=False)
        >>> first = done.decisions[0]
        >>> again = done.position(first)
        >>> again.current_player, first.action in again.legal_actions()
        (1, True)
        """
        if decision not in self.decisions:
            raise RulesError(f"{shown(decision)} is not one of this review's decisions")
        game = self.game
        assert isinstance(game, WhiskyPoker | SplitAndChoose)
        record = game.record()
        return type(game).replay({**record, "actions": record["actions"][: decision.move - 1]})

    def summary(self) -> str:
        """The result split in words: the outcome, par against an average deal, the decisions, the luck."""
        return " ".join(self.summary_parts())

    def summary_parts(self) -> tuple[str, str, str]:
        """:meth:`summary` in three parts, a paragraph each where it is shown: the outcome and the deal;
        the decisions; the other luck and the result luck aside."""
        result = self.game.result
        assert result is not None
        verb = {"win": "won", "draw": "drew", "loss": "lost"}[result.outcome(self.seat)]
        shared = " a share" if result.outcome(self.seat) == "win" and self.outcome < 1 else ""
        deal = self.luck[THE_DEAL]
        kind = "kind" if deal >= 0.02 else "unkind" if deal <= -0.02 else "about average"
        words = []
        others = {name: value for name, value in self.luck.items() if name not in (THE_DEAL, LATER_CHANCE)}
        if others:
            total = sum(others.values(), Fraction(0))
            words.append(f"The other players' moves {_given(total)}.")
        if LATER_CHANCE in self.luck:
            words.append(f"The cards dealt after the first round {_given(self.luck[LATER_CHANCE])}.")
        unknown = self.game.players - 1 - len(others)
        counted = (
            ""
            if unknown == 0
            else f"; the moves of {'a player' if unknown == 1 else f'{unknown} players'} whose play is unknown "
            "are not counted as luck"
        )
        words.append(
            f"Luck aside, the game counts {_points(self.adjusted)} points of a win for you, against "
            f"{_points(self.baseline)} for the rule of thumb from your seat on an average deal (the outcome less "
            f"every luck term: right on average over many games, though one game's may fall below 0 or above 100"
            f"{counted})."
        )
        return (
            f"You {verb}{shared}. From these cards the rule of thumb, playing your seat against these players, "
            f"takes {_percent(self.par)} of the win, against {_percent(self.baseline)} for an average deal: the deal "
            f"was {kind}.",
            self._decisions_words(),
            " ".join(words),
        )

    def _decisions_words(self) -> str:
        """The decisions in a sentence: how many were surely worse than the coach's best, and the costliest.
        Each cost is counted from what the seat knew at that move, so costs of different moves are not added."""
        if not self.decisions:
            return "You had no decision to make."
        costly = [d for d in self.decisions if d.label != GOOD]
        many = len(self.decisions)
        if not costly:
            which = "Your one decision was not" if many == 1 else f"None of your {many} decisions was"
            return f"{which} surely worse than the coach's best."
        worst = max(costly, key=lambda d: d.cost)
        if many == 1:
            which = "Your one decision was"
        elif len(costly) == many:
            which = "Both your decisions were" if many == 2 else f"All {many} of your decisions were"
        else:
            which = f"{len(costly)} of your {many} decisions {'was' if len(costly) == 1 else 'were'}"
        return (
            f"{which} surely worse than the coach's best; the costliest, {worst.action} at move {worst.move}, gave "
            f"up {_points(worst.cost)} points of your chance of a win as you could see it then ({worst.interval}), "
            f"{worst.verdict}. Each cost is counted from what you knew at that move, so the costs of different "
            "moves do not add up."
        )

    def chance_words(self) -> str:
        """The picture of the seat's win chance, in words (its text equivalent)."""
        if not self.decisions:
            return "You had no decision to make: the picture is empty."
        steps = ", ".join(f"{_percent(d.chance)} after move {d.move}" for d in self.decisions)
        return f"Your win chance, from what you could see: {steps}; in the end, {_percent(self.outcome)}."

    def __str__(self) -> str:
        return "\n".join([self.summary(), *map(str, self.decisions), self.chance_words(), THRESHOLDS_WORDS])

    def __repr__(self) -> str:
        """Short, for a notebook's plain text beside the picture (the fields are long)."""
        return f"Review(seat {self.seat}, {len(self.decisions)} decisions, outcome {float(self.outcome):.2f})"

    def _repr_html_(self) -> str:
        head = "".join(
            f'<th scope="col" role="columnheader" style="text-align:{align};padding:2px 6px">{name}</th>'
            for name, align in (
                ("Move", "right"),
                ("You played", "left"),
                ("The coach's best", "left"),
                ("Cost in points (95%)", "right"),
                ("Verdict", "left"),
            )
        )
        rows = "".join(  # the roles named: a phone's stylesheet lays each row out as lines (palette.css)
            '<tr role="row">'
            f'<td role="cell" style="text-align:right;padding:2px 6px">{d.move}</td>'
            f'<td role="cell" style="padding:2px 6px">{text_html(str(d.action))}</td>'
            f'<td role="cell" style="padding:2px 6px">{text_html(str(d.best))}</td>'
            f'<td role="cell" style="text-align:right;padding:2px 6px">{_cost_html(d)}</td>'
            f'<td role="cell" style="padding:2px 6px;font-weight:600">{_verdict_html(d)}</td>'
            "</tr>"
            for d in self.decisions
        )
        table = (
            '<div style="overflow-x:auto" tabindex="0" role="region" aria-label="Your decisions">'
            '<table class="cc-review-decisions" role="table" style="border-collapse:collapse;color:inherit">'
            '<caption style="text-align:left;font-weight:600">Your decisions</caption>'
            f'<thead role="rowgroup"><tr role="row">{head}</tr></thead>'
            f'<tbody role="rowgroup">{rows}</tbody></table></div>'
            f'<p style="color:{MUTED}">{escape(THRESHOLDS_WORDS)}</p>'
        )
        return (
            f'<section class="cc-review" aria-label="Review of the game" style="font-family:{FONT};color:{INK}">'
            f"{''.join(f'<p>{escape(part)}</p>' for part in self.summary_parts())}{table}{self._picture()}</section>"
        )

    def _picture(self) -> str:
        """The seat's win chance after each of its decisions, as an SVG line with its text equivalent."""
        width, height, left, top, bottom = 440, 174, 44, 12, 30  # drawn small on a phone: its words stay legible
        inner_w, inner_h = width - left - 12, height - top - bottom
        last = max([d.move for d in self.decisions], default=1)

        def x(move: int) -> float:
            return left + inner_w * move / max(1, last)

        def y(chance: float) -> float:
            return top + inner_h * (1 - chance)

        grid = "".join(
            f'<line x1="{left}" x2="{width - 12}" y1="{y(c):.1f}" y2="{y(c):.1f}" stroke="{LINE}"/>'
            f'<text x="{left - 6}" y="{y(c) + 4:.1f}" text-anchor="end" font-size="12" fill="{MUTED}">'
            f"{round(100 * c)}%</text>"
            for c in (0, 0.5, 1)
        )
        points = " ".join(f"{x(d.move):.1f},{y(d.chance):.1f}" for d in self.decisions)
        line = f'<polyline points="{points}" fill="none" stroke="{BLUE}" stroke-width="2"/>' if points else ""
        marks = "".join(
            f'<circle cx="{x(d.move):.1f}" cy="{y(d.chance):.1f}" r="5" fill="{_COLOURS[d.label]}">'
            f"<title>{escape(str(d))}</title></circle>"
            for d in self.decisions
        )
        ticks = "".join(
            f'<text x="{x(d.move):.1f}" y="{height - bottom + 18}" text-anchor="middle" font-size="12" '
            f'fill="{MUTED}">{d.move}</text>'
            for d in self.decisions
        )
        axis = (
            f'{ticks}<text x="{left - 6}" y="{height - bottom + 18}" text-anchor="end" font-size="12" '
            f'fill="{MUTED}">move</text>'
        )
        words = escape(self.chance_words())
        return (
            f'<figure style="margin:8px 0"><svg role="img" aria-labelledby="cc-review-chance" '
            f'viewBox="0 0 {width} {height}" style="max-width:100%;width:{width}px;height:auto">'
            f'<title id="cc-review-chance">{words}</title>{grid}{line}{marks}{axis}</svg>'
            f'<figcaption style="color:{MUTED}">{words}</figcaption></figure>'
        )


def _cost_html(decision: Decision) -> str:
    """A decision's cost in the table: its points, then its interval (kept on one line); 0 alone for a
    move as good as the best."""
    if decision.as_good:
        return "0"
    return f'{_points(decision.cost)} <small style="color:{MUTED};white-space:nowrap">({decision.interval})</small>'


def _verdict_html(decision: Decision) -> str:
    """A decision's verdict in the table: its colour's dot, then its words, on one line."""
    return f'<span style="white-space:nowrap">{_mark(_COLOURS[decision.label])}{escape(decision.verdict)}</span>'


def _percent(share: Fraction | float) -> str:
    return f"{float(share):.0%}"


def _given(points: Fraction) -> str:
    """A luck term in words: "gave you 5 points", "cost you 3 points", "made no difference"."""
    n = round(100 * float(points))
    if n == 0:
        return "made no difference to speak of"
    return f"{'gave you' if n > 0 else 'cost you'} {abs(n)} point{'' if abs(n) == 1 else 's'}"


def review(
    game: Game,
    seat: int,
    table: Sequence[object] | None = None,
    samples: int = SAMPLES,
    seed: int = 0,
    progress: bool = True,
    told: Callable[[int, int], object] | None = None,
) -> Review:
    """Review a finished ``game`` for ``seat`` (see the module). ``table``:
    the players by seat, a bot where known, None where not (the reviewed seat
    is never treated as known); ``samples``: the coach's play-outs of each
    move at each decision. Shows a progress bar unless ``progress`` is False;
    ``told`` is told ``(steps done, steps in all)`` as the review goes (each
    move is a step twice: priced, then measured for luck).

    >>> review(WhiskyPoker(2, seed=1), 0)
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: the game is not finished: luck is measured on a finished game
    """
    checked_game(game, seat, table)
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RulesError(f"samples is a whole number of at least 1, not {shown(samples)}")
    if not isinstance(progress, bool):
        raise RulesError(f"progress is True or False, not {shown(progress)}")
    assert isinstance(game, WhiskyPoker | SplitAndChoose)  # checked above
    from cardcommons.progress import progress as progress_bar  # tqdm is slow to import: only when a review runs

    replay = type(game).replay({**game.record(), "actions": []})
    actions = game.actions if isinstance(game, WhiskyPoker) else game.history
    steps = 2 * len(actions)
    bar = progress_bar(total=steps, desc="review", unit="move", disable=not progress)

    done = [0]  # the steps done (a disabled bar counts none)

    def step(*_measured: int) -> None:
        bar.update(1)
        done[0] += 1
        if told is not None:
            told(done[0], steps)

    decisions = []
    try:
        for index, action in enumerate(actions):
            legal = list(replay.legal_actions())
            if replay.current_player == seat and len(legal) > 1:
                advice = advise(replay.observation(seat), legal, action, samples, seed + index, table)
                decisions.append(_decision(index + 1, action, advice))
            replay.apply(action)
            step()
        measured = measure(game, seat, table, seed=seed, progress=step)
    finally:
        bar.close()
    return Review(
        game,
        seat,
        tuple(decisions),
        measured.outcome,
        measured.adjusted,
        dict(measured.terms),
        measured.par,
        measured.baseline,
        measured,
    )


def advise(
    view: Observation, legal: Sequence[Action], played: Action, samples: int, seed: int, table: Sequence[object] | None
) -> list[ActionEstimate]:
    """The coach's estimates from the reviewed seat's ``view``, best first,
    the move ``played`` among them. The one place a review asks the coach:
    it reads the other players, and plays them on, as ``table`` seats them
    (the players by seat, None where unknown), as the luck's values do."""
    return list(coach(view, legal, samples=samples, seed=seed, also=[played], table=table))


def _decision(move: int, action: Action, advice: Sequence[ActionEstimate]) -> Decision:
    """A decision from the coach's estimates (best first) and the move made."""
    made = next(e for e in advice if e.action == action)
    cost, low, high = -made.gap, -made.gap_high, -made.gap_low
    return Decision(move, action, advice[0].action, cost, low, high, made.share, label(cost, low))
