"""The Hint button of the game tables: the coach's estimates for your move.

A click in your turn asks :func:`cardcommons.bots.coach` about your current
decision, from your observation only, and shows each move's chance of a win
in plain words, best first, each with its gap to the best move on
the same deals, while a progress bar fills (in the background, so the table
stays free); then what the coach assumed of the other players and what
their moves told it. It never moves for you and changes
nothing in the game; out of your turn it only says so. Once you or the bots
move, an old hint disappears. Asked again while it thinks, it says so and
answers the question in front of you next; where no thread can start (a
browser-only kernel) it thinks inline. Under the list it says which moves
it left out and why (:func:`cardcommons.bots.coach.left_out`) and, after
moves you could not see since its last answer, why its numbers moved. Of
each player the table does not know, it says which style its moves fit
best and how well, and its caution follows what they say: its shares may
be too hopeful, too gloomy, or only uncertain. At Split and Choose's reserve the answer is
exact instead: :func:`cardcommons.solve.reserve.solve_reserve`, each move's
value and the equilibrium's mix, with its assumption (the unseen cards
weighted alike).

>>> from cardcommons.split_and_choose import SplitAndChoose
>>> game = SplitAndChoose(seed=4)
>>> hint = Hint(lambda: Decision(game.observation(0), tuple(game.legal_actions()), 4), background=False, samples=30)
>>> hint.button.click()
>>> hint.lines[0].startswith("Split ") and "wins about" in hint.lines[0]
True
>>> from cardcommons.split_and_choose import stage
>>> game = stage("Ts Ah Qs Kc Qh As Jh Jo Qc Jc", "Th Jd Ks Qd Kh Td Kd Ad Ac Tc", "Js",
...              face_down_taken=(0, 1, 3, 4), at_reserve=True)
>>> hint = Hint(lambda: Decision(game.observation(1), tuple(game.legal_actions()), 0), background=False)
>>> hint.button.click()
>>> hint.lines[0], "exactly" in hint.answer.value and "equally likely" in hint.answer.value
('Swap A♣ for the reserve: worth -0.11 (play it 33% of the time)', True)
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from cardcommons.bots import ActionEstimate, coach
from cardcommons.bots.coach import Advice, gap_words, left_out, same_on_every_deal
from cardcommons.bots.seating import looks_ahead
from cardcommons.bots.styles import StyleReading
from cardcommons.game import Action, Observation
from cardcommons.palette import text_html
from cardcommons.split_and_choose import SplitAndChooseObservation
from cardcommons.widgets.aria import spoken
from cardcommons.widgets.table_parts import action_button, hint_html

__all__ = ["Decision", "Hint"]

SHOWN = 6
"""At most this many moves are listed; the rest are counted."""
_STILL = "The coach is still thinking about this move: its answer comes here."
_NEXT = "The coach is finishing the last question; it answers this one next."
_NOT_YOURS = "Hints are for your own turn."


@dataclass(frozen=True)
class Decision:
    """Your decision now: your view, your legal moves, a number that tells
    this decision from the next (the coach's seed), ``unseen``: the moves
    of this game so far that you could not see in full, as the log says them,
    ``unlike``: the bots at the table that do not play as the coach reads
    players (:meth:`cardcommons.bots.worlds.TableModel.fits`), by name, and
    ``table``: the players by seat, where the table knows them (None for you:
    :mod:`cardcommons.bots.seating`; then ``unlike`` names the bots read by a stand-in)."""

    observation: Observation
    legal_actions: Sequence[Action]
    key: int
    unseen: tuple[str, ...] = ()
    unlike: tuple[str, ...] = ()
    table: tuple[object, ...] | None = None


class Hint:
    """A Hint button, its progress bar and its answer. ``decision`` gives
    your current decision, or None out of your turn. With ``background``
    (the default) the coach runs in a worker thread. ``announce`` is given
    each answer (and each note) in words for a screen reader, cards named in words;
    ``seat_name`` names the players as the table does, in the coach's findings too."""

    def __init__(
        self,
        decision: Callable[[], Decision | None],
        background: bool = True,
        samples: int | None = None,
        announce: Callable[[str], None] = lambda _text: None,
        seat_name: Callable[[int], str] = lambda seat: f"Seat {seat}",
    ) -> None:
        self._decision = decision
        self._announce = announce
        self._seat_name = seat_name
        self._background = background
        self.samples = samples
        self._asked: Decision | None = None
        self._answered: Decision | None = None  # the last decision answered, in this game
        self._estimates: list[ActionEstimate] = []
        self._exact: Sequence[object] = ()  # the exact coach's moves, at the reserve
        self._thread: threading.Thread | None = None
        self._thinking = False
        self._lock = threading.Lock()  # a question asked as the coach finishes is answered, never dropped
        self.button = action_button("Hint", "question-circle", "", "what each of your moves is worth, by the coach")
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="140px", visibility="hidden"))
        self.answer = w.HTML("")
        self.widget = w.VBox([w.HBox([self.button, self.progress]), self.answer])
        self.widget.add_class("cc-hint")
        self.button.on_click(lambda _b: self.ask())

    @property
    def busy(self) -> bool:
        """True while the coach thinks."""
        return self._thinking

    @property
    def lines(self) -> tuple[str, ...]:
        """The estimates shown now, in plain words, best first."""
        return tuple(str(e) for e in self._estimates or self._exact)

    def ask(self) -> None:
        """Ask the coach about your current decision (out of your turn: say so, and do nothing).
        Asked while it thinks, it says so, and answers the question in front of you next."""
        decision = self._decision()
        if decision is None:
            self._show([], _NOT_YOURS)
            return
        with self._lock:
            if self._thinking:
                same = decision == self._asked
                self._asked = decision
                self._show([], _STILL if same else _NEXT)
                return
            self._thinking, self._asked = True, decision
        self._show([], "")
        if self._background:
            self._thread = threading.Thread(target=self._answer, args=(decision,), daemon=True)
            try:
                self._thread.start()
                return
            except RuntimeError:  # no thread can start here (a browser-only kernel): think inline
                self._thread = None
        self._answer(decision)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the coach's answer."""
        if self._thread is not None:
            self._thread.join(timeout)

    def refresh(self) -> None:
        """Clear an answer that is no longer about the decision in front of you."""
        if self._asked is not None and self._decision() != self._asked:
            self._asked = None
            self._show([], "")
        elif _NOT_YOURS in self.answer.value:  # the table moved on since: the note is old news
            self._show([], "")

    def forget(self) -> None:
        """A new game: no answer, and no earlier answer to compare the next with."""
        self._asked = self._answered = None
        self._show([], "")

    def _answer(self, decision: Decision) -> None:
        """Think about ``decision``, then about each question asked meanwhile, until the one asked last."""
        asked: Decision | None = decision
        try:
            while asked is not None:
                asked = self._think(asked)
        except Exception as error:  # a coach that fails must not leave the bar up, nor a traceback
            self.progress.layout.visibility = "hidden"
            self._thinking = False
            self._show([], f"The coach could not answer: {error}")

    def _think(self, decision: Decision) -> Decision | None:
        """Answer ``decision`` if it is still the question; return the question asked meanwhile, if any."""

        def tick(done: int, total: int) -> None:
            self.progress.max = total
            self.progress.value = done

        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.visibility = "visible"
        view = decision.observation
        exact = isinstance(view, SplitAndChooseObservation) and view.phase == "reserve"
        if exact:
            from cardcommons.solve.reserve import solve_reserve  # scipy, on first need only

            solution = solve_reserve(view)  # type: ignore[arg-type]
        else:
            estimates = coach(
                view,
                decision.legal_actions,
                self.samples,
                decision.key,
                tick,
                table=decision.table,
                names=self._seat_name,
            )
        with self._lock:
            asked, now = self._asked, self._decision()
            if asked != decision or now != decision:
                if asked is not None and asked == now:
                    return asked  # asked again meanwhile, about the decision in front of you
            elif exact:
                self._show([], "")
                self._exact = solution.moves
                self.answer.value = hint_html(solution.top(SHOWN).html() + self._why_moved(decision))
                self._say_moves([str(move) for move in solution.moves], "The coach, exactly")
                self._answered = decision
            else:
                rest = left_out(view, decision.legal_actions, estimates)
                tail = (f"<div>{escape(rest)}</div>" if rest else "") + _reading_html(
                    estimates, decision.unlike, self._seat_name, view if decision.table is not None else None
                )
                self._show(estimates, "", tail + self._why_moved(decision))
                self._answered = decision
            self.progress.layout.visibility = "hidden"
            self._thinking = False
        return None

    def _why_moved(self, decision: Decision) -> str:
        """After moves you could not see since the last answer, why the numbers moved (HTML, or "")."""
        last = self._answered
        if last is None or decision.unseen[: len(last.unseen)] != last.unseen:
            return ""
        since = decision.unseen[len(last.unseen) :]
        if not since:
            return ""
        return (
            f"<div>Why its numbers moved since your last hint: {escape('; '.join(since))}. The coach deals the "
            "cards you cannot see again, to fit what you know now and what those moves say.</div>"
        )

    def _show(self, estimates: list[ActionEstimate], note: str, tail: str = "") -> None:
        self._estimates, self._exact = estimates, ()
        if not estimates:
            self.answer.value = f'<span class="cc-hint-note">{escape(note)}</span>' if note else ""
            if note:
                self._announce(note)
            return
        playouts = estimates[0].playouts
        groups = same_on_every_deal(estimates)
        items = "".join(f"<li>{text_html(_group_text(group))}</li>" for group in groups[:SHOWN])  # the Joker as JO
        more = f"<div>… and {len(groups) - SHOWN} more moves, worth less.</div>" if len(groups) > SHOWN else ""
        self.answer.value = hint_html(
            f"<b>The coach</b>, from what you can see ({playouts:,} play-outs a move, 95% ranges; "
            "each move against the best on the same deals):"
            f'<ol style="margin:4px 0 2px 18px;padding:0">{items}</ol>{more}{tail}'
        )
        self._say_moves([_group_text(group) for group in groups], "The coach")

    def _say_moves(self, lines: list[str], who: str) -> None:
        """Tell a screen reader the moves listed, best first, and how many more there are."""
        more = f"; and {len(lines) - SHOWN} more moves, worth less" if len(lines) > SHOWN else ""
        self._announce(spoken(f"{who}, best first: {'; '.join(lines[:SHOWN])}{more}."))


def _group_text(group: list[ActionEstimate]) -> str:
    """A line of the hint: a move (or moves that play out the same on every deal), its share, its gap to the best."""
    first = group[0]
    text = str(first)
    if len(group) > 1:
        others = "; ".join(str(e.action) for e in group[1:])
        text += f" (the same on every deal: {others})"
    if first.gap != 0 or first.gap_low != 0:
        text += f", {gap_words(first)}"
    return text


def _reading_html(
    estimates: list[ActionEstimate],
    unlike: tuple[str, ...],
    seat_name: Callable[[int], str],
    seated: Observation | None = None,
) -> str:
    """What the coach assumed of the other players, what their moves told it (each player named
    by ``seat_name``), and which bots at the table do not play as it assumed, or are read by a
    stand-in (HTML, or ""); ``seated``: your view, where the table told the coach who sits where."""
    if not isinstance(estimates, Advice):
        return ""
    said = [*estimates.findings, *(r.said(seat_name(r.seat)) for r in estimates.readings)]
    told = "".join(f"<li>{escape(f)}.</li>" for f in said)
    findings = f'<ul style="margin:2px 0 2px 18px;padding:0">{told}</ul>' if told else ""
    caution = _div(caution_words(estimates.readings, seat_name))
    unlike_said = unlike_words(unlike, seated is not None, seated is not None and looks_ahead(seated))
    if unlike and isinstance(seated, SplitAndChooseObservation) and seated.phase == "build":
        unlike_said += f" {BUILD_CAUTION}"
    return f"<div>{escape(estimates.assumption)}</div>{findings}{_div(unlike_said)}{caution}"


BUILD_CAUTION = (
    "At the build, though, the cards it kept face down are read a little weaker than they turn out: "
    "measured, the shares here come out a few points too hopeful."
)
"""Where a stand-in reads its bot's hidden cards a little too weakly: at Split and Choose's build,
a seated MonteCarloBot's (measured with :mod:`cardcommons.bots.calibration` on 60 probes, the
coach's share comes out about 4 points too hopeful there, its 95% interval reaching below 3
points but not to 0 at the quick strength; 23 before the stand-in read its reserve decisions by
the rule's scores and tilted its hand at the build, while it comes true at the split, the choice
and the reserve)."""


def caution_words(
    readings: Sequence[StyleReading], seat_name: Callable[[int], str] = lambda seat: f"Seat {seat}"
) -> str:
    """The caution that what the strangers' moves say of their styles calls
    for ("" when none does): the direction it gives (:attr:`StyleReading.caution`),
    or, where the moves fit several styles or the directions differ, only that
    the shares are uncertain. Each player is named by ``seat_name``.

    >>> styles = ("rule of thumb", "like MonteCarloBot", "random")
    >>> def read(seat, posterior, fits):
    ...     return StyleReading(seat, styles, (0.6, 0.3, 0.1), posterior, 4, fits)
    >>> print(caution_words([read(1, (0.1, 0.89, 0.01), (2.0, 4.0, 0.0))]))  # doctest: +NORMALIZE_WHITESPACE
    Seat 1 plays like MonteCarloBot, and the coach plays it on by a stand-in's rule, weaker than a player who looks
    ahead: these shares may be too hopeful.
    >>> print(caution_words([read(1, (0.9, 0.05, 0.05), (3.0, 4.0, 0.0)), read(3, (0.8, 0.1, 0.1), (3.0, 4.0, 0.0))]))
    ... # doctest: +NORMALIZE_WHITESPACE
    Seat 1 and Seat 3 made moves that fit no rule the coach knows, and a player who strays from its rule plays weaker
    than the rule it is played on by: these shares may be too gloomy.
    >>> print(caution_words([read(1, (0.9, 0.05, 0.05), (3.0, 4.0, 0.0)), read(2, (0.4, 0.35, 0.25), (4.0, 4.0, 0.0))]))
    ... # doctest: +NORMALIZE_WHITESPACE
    The moves of Seat 1 and Seat 2 do not say which way these shares may be off: they are uncertain.
    >>> caution_words([read(1, (0.9, 0.05, 0.05), (4.0, 4.0, 0.0))])
    ''
    """
    by_word: dict[str, list[int]] = {}
    for reading in readings:
        if reading.caution:
            by_word.setdefault(reading.caution, []).append(reading.seat)
    if not by_word:
        return ""
    if len(by_word) > 1 or "uncertain" in by_word:
        seats = sorted(seat for found in by_word.values() for seat in found)
        return (
            f"The moves of {_seats(seats, seat_name)} do not say which way these shares may be off: they are uncertain."
        )
    ((word, seats),) = by_word.items()
    one = len(seats) == 1
    who = _seats(seats, seat_name)
    who = who[:1].upper() + who[1:]  # it opens the sentence
    if word == "too hopeful":
        return (
            f"{who} {'plays' if one else 'play'} like MonteCarloBot, and the coach plays "
            f"{'it' if one else 'them'} on by a stand-in's rule, weaker than a player who looks ahead: these "
            "shares may be too hopeful."
        )
    return (
        f"{who} made moves that fit no rule the coach knows, and a player who strays from its "
        "rule plays weaker than the rule it is played on by: these shares may be too gloomy."
    )


def _seats(seats: Sequence[int], seat_name: Callable[[int], str]) -> str:
    """The players in ``seats``, named and listed: "Bot 1", "Bot 1 and Bot 3", "Bot 1, Bot 2 and Bot 4"."""
    names = [seat_name(seat) for seat in seats]
    return names[-1] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def unlike_words(unlike: tuple[str, ...], seated: bool = False, ahead: bool = False) -> str:
    """A caution when bots at the table (one name a seat) do not play as the
    coach reads players, or (``seated``) are read by a stand-in fitted to
    their moves ("" when there are none). A stand-in that plays on looking
    ahead (``ahead``, :func:`~cardcommons.bots.seating.looks_ahead`) plays
    about as strongly as the bot; one that plays on by its rule alone plays
    weaker, and the shares may be too hopeful.

    >>> print(unlike_words(("MonteCarloBot",)))  # doctest: +NORMALIZE_WHITESPACE
    The MonteCarloBot at this table does not play by that rule, so its moves may mean other things
    than the coach reads in them: these chances may be too hopeful.
    >>> unlike_words(("MonteCarloBot",) * 3)[:60]
    'The 3 MonteCarloBots at this table do not play by that rule,'
    >>> print(unlike_words(("MonteCarloBot",) * 2, seated=True))  # doctest: +NORMALIZE_WHITESPACE
    The 2 MonteCarloBots at this table are read by a stand-in fitted to their moves and played on by its rule,
    not by their own look-ahead, which plays stronger: these shares may be too hopeful.
    >>> print(unlike_words(("MonteCarloBot",), seated=True, ahead=True))  # doctest: +NORMALIZE_WHITESPACE
    The MonteCarloBot at this table is read by a stand-in fitted to its moves and played on looking ahead in
    each world drawn, about as strongly as it plays against the rule of thumb.
    """
    if not unlike:
        return ""
    counts = Counter(unlike)
    who = " and ".join(name if n == 1 else f"{n} {name}s" for name, n in counts.items())
    one = len(unlike) == 1
    if seated and ahead:
        return (
            f"The {who} at this table {'is' if one else 'are'} read by a stand-in fitted to "
            f"{'its' if one else 'their'} moves and played on looking ahead in each world drawn, about as strongly "
            f"as {'it plays' if one else 'they play'} against the rule of thumb."
        )
    if seated:
        return (
            f"The {who} at this table {'is' if one else 'are'} read by a stand-in fitted to "
            f"{'its' if one else 'their'} moves and played on by its rule, not by {'its' if one else 'their'} own "
            "look-ahead, which plays stronger: these shares may be too hopeful."
        )
    return (
        f"The {who} at this table {'does' if one else 'do'} not play by that rule, so {'its' if one else 'their'} "
        "moves may mean other things than the coach reads in them: these chances may be too hopeful."
    )


def _div(text: str) -> str:
    return f"<div>{escape(text)}</div>" if text else ""
