"""TryAgain: choose again at a costly decision of a review, and hear the coach.

Under a review, for each decision that was not good (an inaccuracy, a
mistake or a blunder), the reader picks the decision, sees the position as
they saw it then (their own view: no hidden card revealed), picks a move
among those that were legal, and asks the coach, who prices it from that
same view with the same play-outs as the review did (so the move played
again gets the review's own verdict).

>>> from cardcommons.bots import GreedyBot
>>> from cardcommons.game import play
>>> from cardcommons.reviews import review
>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker(2, seed=3)
>>> bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
>>> _ = play(game, bots)
>>> done = review(game, 0, [None, bots[1]], samples=200, progress=False)
>>> again = TryAgain(done, [None, bots[1]], samples=200)
>>> [str(d) == str(done.decisions[0]) for d in (again.judge(done.decisions[0], done.decisions[0].action),)]
[True]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from cardcommons.game import Action, Observation
from cardcommons.palette import FONT
from cardcommons.reviews import GOOD, Decision, Review, _decision, advise
from cardcommons.split_and_choose import SplitAndChooseObservation
from cardcommons.whisky import WhiskyObservation

__all__ = ["TryAgain", "position_words"]


def position_words(view: Observation) -> str:
    """A position as the reader saw it, in words: only what ``view`` holds.

    >>> from cardcommons.whisky import WhiskyPoker
    >>> game = WhiskyPoker.from_deal(["As Ks Qs 9d 9c", "Jh Jd 10c 10d 9h"], spare="Js 10s Ad Qh 9s")
    >>> position_words(game.observation(0))
    'Your hand: 9♣ 9♦ Q♠ K♠ A♠. The spare: face down.'
    """
    if isinstance(view, WhiskyObservation):
        spare = "face down" if view.spare is None else _cards(view.spare)
        seen = "".join(
            f" Bot {seat} holds {_cards(cards)} (seen face up)."
            for seat, cards in enumerate(view.known)
            if seat and cards
        )
        knocked = "" if view.knocker is None else f" Bot {view.knocker} knocked: this is your last turn."
        return f"Your hand: {_cards(view.hand)}. The spare: {spare}.{seen}{knocked}"
    assert isinstance(view, SplitAndChooseObservation)
    hand = _cards(view.hand) if view.hand else "none yet"
    rounds = " ".join(f"Round {n}: {r}." for n, r in enumerate(view.rounds, start=1))
    return f"Your cards: {hand}. {rounds} Now: {view.phase}."


def _cards(cards: Sequence[object]) -> str:
    return " ".join(map(str, cards))


class TryAgain:
    """Choose again at a review's costly decisions (see the module). ``table``
    and ``samples`` as the review took them; ``seed``: the review's; ``say``
    tells a screen reader the coach's verdict."""

    def __init__(
        self,
        done: Review,
        table: Sequence[object] | None,
        samples: int,
        seed: int = 0,
        say: Callable[[str], None] = lambda _text: None,
    ) -> None:
        self._review = done
        self._say = say
        self._table = table
        self._samples = samples
        self._seed = seed
        self.costly = tuple(d for d in done.decisions if d.label != GOOD)
        """The decisions to try again: those not good."""
        layout = w.Layout(width="auto", max_width="100%")
        self.decision_choice = w.Dropdown(
            options=[(f"move {d.move}: {d.action} ({d.verdict})", i) for i, d in enumerate(self.costly)],
            description="Try again at",
            style={"description_width": "initial"},
            layout=layout,
        )
        self.position_view = w.HTML()
        self.move_choice = w.Dropdown(description="Your move", style={"description_width": "initial"}, layout=layout)
        self.ask_button = w.Button(description="Ask the coach", icon="check", layout=w.Layout(width="auto"))
        self.verdict_view = w.HTML()
        self.verdict_view.add_class("cc-try-again-verdict")
        self.widget = w.VBox(
            [self.decision_choice, self.position_view, w.HBox([self.move_choice, self.ask_button]), self.verdict_view],
            layout=w.Layout(align_items="flex-start", margin="8px 0 0"),  # each control as wide as it needs
        )
        self.widget.add_class("cc-try-again")
        if not self.costly:
            self.widget.layout.display = "none"
            return
        self.decision_choice.observe(lambda _c: self._set_up(), names="value")
        self.ask_button.on_click(lambda _b: self._ask())
        self._set_up()

    @property
    def decision(self) -> Decision:
        """The decision being tried again."""
        index: int = self.decision_choice.value
        return self.costly[index]

    def judge(self, decision: Decision, action: Action) -> Decision:
        """The coach's verdict on ``action`` at ``decision``, from the reader's view then."""
        view, legal = self._position(decision)
        advice = advise(view, legal, action, self._samples, self._seed + decision.move - 1, self._table)
        verdict: Decision = _decision(decision.move, action, advice)
        return verdict

    def _position(self, decision: Decision) -> tuple[Observation, list[Action]]:
        position = self._review.position(decision)
        return position.observation(self._review.seat), list(position.legal_actions())

    def _set_up(self) -> None:
        decision = self.decision
        view, legal = self._position(decision)
        self.position_view.value = (
            f'<p style="font:14px/1.45 {FONT};margin:4px 0">Move {decision.move}, as you saw it: '
            f"{escape(position_words(view))}</p>"
        )
        options: list[tuple[str, Any]] = [(str(a), i) for i, a in enumerate(legal)]
        self._legal = legal
        self.move_choice.options = options
        self.move_choice.value = next(i for i, a in enumerate(legal) if a == decision.action)
        self.verdict_view.value = ""

    def _ask(self) -> None:
        verdict = str(self.judge(self.decision, self._legal[self.move_choice.value]))
        self.verdict_view.value = f'<p style="font:600 14px/1.45 {FONT};margin:4px 0">{escape(verdict)}</p>'
        self._say(f"The coach: {verdict}")
