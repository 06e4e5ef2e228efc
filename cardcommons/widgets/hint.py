"""The Hint button of the game tables: the coach's estimates for your move.

A click in your turn asks :func:`cardcommons.bots.coach` about your current
decision, from your observation only, and shows each move's estimated share
of a win in plain words, best first, while a progress bar fills (in the
background, so the table stays free). It never moves for you and changes
nothing in the game; out of your turn it only says so. Once you or the bots
move, an old hint disappears. At Split and Choose's reserve the answer is
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
>>> hint.lines[0], "Exact" in hint.answer.value and "equally likely" in hint.answer.value
('Swap A♣ for the reserve: worth -0.11 (play it 33% of the time)', True)
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape

import ipywidgets as w

from cardcommons.bots import ActionEstimate, coach
from cardcommons.game import Action, Observation
from cardcommons.split_and_choose import SplitAndChooseObservation
from cardcommons.widgets.table_parts import action_button, hint_html

__all__ = ["Decision", "Hint"]

SHOWN = 6
"""At most this many moves are listed; the rest are counted."""


@dataclass(frozen=True)
class Decision:
    """Your decision now: your view, your legal moves, and a number that tells
    this decision from the next (the coach's seed)."""

    observation: Observation
    legal_actions: Sequence[Action]
    key: int


class Hint:
    """A Hint button, its progress bar and its answer. ``decision`` gives
    your current decision, or None out of your turn. With ``background``
    (the default) the coach runs in a worker thread."""

    def __init__(self, decision: Callable[[], Decision | None], background: bool = True, samples: int = 1000) -> None:
        self._decision = decision
        self._background = background
        self.samples = samples
        self._asked: Decision | None = None
        self._estimates: list[ActionEstimate] = []
        self._exact: Sequence[object] = ()  # the exact coach's moves, at the reserve
        self._thread: threading.Thread | None = None
        self.button = action_button("Hint", "question-circle", "", "what each of your moves is worth, by the coach")
        self.progress = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="140px", visibility="hidden"))
        self.answer = w.HTML("")
        self.widget = w.VBox([w.HBox([self.button, self.progress]), self.answer])
        self.widget.add_class("cc-hint")
        self.button.on_click(lambda _b: self.ask())

    @property
    def busy(self) -> bool:
        """True while the coach thinks."""
        return self._thread is not None and self._thread.is_alive()

    @property
    def lines(self) -> tuple[str, ...]:
        """The estimates shown now, in plain words, best first."""
        return tuple(str(e) for e in self._estimates or self._exact)

    def ask(self) -> None:
        """Ask the coach about your current decision (out of your turn: say so, and do nothing)."""
        decision = self._decision()
        if decision is None:
            self._show([], "Hints are for your own turn.")
            return
        if self.busy:
            return
        self._asked = decision
        self._show([], "")
        self.progress.value, self.progress.max = 0, 1
        self.progress.layout.visibility = "visible"
        if self._background:
            self._thread = threading.Thread(target=self._think, args=(decision,), daemon=True)
            self._thread.start()
        else:
            self._think(decision)

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the coach's answer."""
        if self._thread is not None:
            self._thread.join(timeout)

    def refresh(self) -> None:
        """Clear an answer that is no longer about the decision in front of you."""
        if self._asked is not None and self._decision() != self._asked:
            self._asked = None
            self._show([], "")

    def _think(self, decision: Decision) -> None:
        def tick(done: int, total: int) -> None:
            self.progress.max = total
            self.progress.value = done

        view = decision.observation
        exact = isinstance(view, SplitAndChooseObservation) and view.phase == "reserve"
        try:
            if exact:
                from cardcommons.solve.reserve import solve_reserve  # scipy, on first need only

                solution = solve_reserve(view)  # type: ignore[arg-type]
            else:
                estimates = coach(view, decision.legal_actions, self.samples, decision.key, tick)
        finally:
            self.progress.layout.visibility = "hidden"
        if self._asked != decision or self._decision() != decision:
            return
        if exact:
            self._show([], "")
            self._exact = solution.moves
            self.answer.value = hint_html(solution.html(SHOWN))
        else:
            self._show(estimates, "")

    def _show(self, estimates: list[ActionEstimate], note: str) -> None:
        self._estimates, self._exact = estimates, ()
        if not estimates:
            self.answer.value = f'<span class="cc-hint-note">{escape(note)}</span>' if note else ""
            return
        playouts = estimates[0].playouts
        items = "".join(f"<li>{escape(str(e))}</li>" for e in estimates[:SHOWN])
        more = f"<div>… and {len(estimates) - SHOWN} more moves.</div>" if len(estimates) > SHOWN else ""
        self.answer.value = hint_html(
            f"<b>The coach</b>, from what you can see ({playouts} play-outs a move, 95% ranges):"
            f'<ol style="margin:4px 0 2px 18px;padding:0">{items}</ol>{more}'
        )
