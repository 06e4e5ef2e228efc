"""ReviewPanel: the *Review* control under a finished game's result.

A click reviews the reader's decisions (:func:`cardcommons.reviews.review`,
seat 0, the table's own bots as the known players) in the background while
a progress bar (the share of the game's moves reviewed) and the seconds
spent move, then shows the review as its
:class:`~cardcommons.reviews.Review` draws itself (the result split in words
with par, the decisions as a table, the win chance as a picture with its
text) under a heading, and tells a screen reader the heading and the summary.
A new deal clears it (:meth:`ReviewPanel.forget`).

>>> from cardcommons.bots import GreedyBot
>>> from cardcommons.game import play
>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker(2, seed=4)
>>> bots = [GreedyBot(seed=1), GreedyBot(seed=2)]
>>> _ = play(game, bots)
>>> said = []
>>> panel = ReviewPanel(lambda: (game, [None, bots[1]], 4), said.append, "game", background=False, samples=200)
>>> panel.button.click()
>>> panel.review.outcome == game.result.share(0, 2), "Your decisions" in panel.view.value
(True, True)
>>> said[-1].startswith("Review of game 4. You")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from cardcommons.game import Game
from cardcommons.palette import BLUE, FONT
from cardcommons.reviews import SAMPLES, Review, review
from cardcommons.widgets.cards import panel_html
from cardcommons.widgets.table_parts import Thinker, action_button
from cardcommons.widgets.try_again import TryAgain

__all__ = ["ReviewPanel"]

YOU = 0
"""The reviewed seat: the reader's, at every table."""

Source = Callable[[], tuple[Game, Sequence[object] | None, int]]
"""The finished game, its players by seat as the review takes them (None at the reader's; None for the
whole table where no player is known), and its seed."""


class ReviewPanel:
    """The *Review* button, its progress and the review it shows (see the module).

    ``source`` gives the game to review, the table (the players by seat) and
    the seed; ``say`` tells a screen reader a sentence; ``word`` names one
    game of the table ("game", or "deal"); ``background``: review
    in a worker thread (False: at once); ``samples``: the coach's play-outs of
    each move at each decision; ``heading``: the review's heading (by default
    "Review of game 12", ``word`` and the seed); ``button``: the button's label.
    :attr:`known` finds a review of a game already made elsewhere (the table's
    and the replay's panels share theirs), so a game is reviewed once.
    """

    def __init__(
        self,
        source: Source,
        say: Callable[[str], None],
        word: str = "game",
        background: bool = True,
        samples: int = SAMPLES,
        heading: Callable[[], str] | None = None,
        button: str = "Review",
    ) -> None:
        self._source = source
        self._word = word
        self._heading_of = heading
        self._say = say
        self._background = background
        self._samples = samples
        self._reviewed: Game | None = None  # the game whose review is shown
        self.review: Review | None = None
        """The review shown (None before a click, and after a new deal)."""
        self.known: Callable[[Game], Review | None] = lambda _game: None
        """A review of ``game`` made elsewhere, or None (then this panel makes one)."""
        self.button = action_button(button, "search", "", "your decisions against the coach's best")
        self.button.add_class("cc-review-button")
        self.thinker = Thinker()
        self.view = w.HTML(layout=w.Layout(width="100%", margin="0"))
        self.view.add_class("cc-review-view")
        self.try_again: TryAgain | None = None
        """Choosing again at the review's costly decisions (None until a review is shown)."""
        self.widget = w.VBox([self.button, self.thinker.widget, self.view], layout=w.Layout(width="100%"))
        self.button.on_click(lambda _b: self.show())

    def show(self) -> None:
        """Review the finished game (once) and show it; nothing while a review is being made."""
        if self.thinker.busy:
            return
        game, table, seed = self._source()
        if game is self._reviewed:
            self._tell()
            return
        made = self.known(game)
        if made is not None:
            self._display(made, table, seed)
            return
        self.button.disabled = True
        found: list[Review] = []

        steps = [0, 1]  # the review's steps done, and in all

        def told(done: int, total: int) -> None:
            steps[:] = [done, total]

        def work() -> None:
            found.append(review(game, YOU, table, samples=self._samples, seed=seed, progress=False, told=told))

        def then() -> None:
            self.button.disabled = False
            if found and self._source()[0] is game:  # not a game dealt away meanwhile
                self._display(found[0], table, seed)

        self.thinker.run(work, self._background, "Reviewing your decisions", then, lambda: steps[0] / steps[1])

    def _display(self, done: Review, table: Sequence[object] | None, seed: int) -> None:
        """Show ``done``, with Try again at its costly decisions, and tell a screen reader."""
        self._reviewed, self.review = done.game, done
        self.try_again = TryAgain(done, table, self._samples, seed, self._say)
        self.widget.children = (self.button, self.thinker.widget, self.view, self.try_again.widget)
        self.view.value = panel_html(
            f'<h3 style="font:700 16px/1.3 {FONT};margin:0 0 4px">{escape(self._heading())}</h3>{done._repr_html_()}',
            accent=BLUE,
        )
        self._tell()

    def forget(self) -> None:
        """Clear the review: a new game is dealt."""
        self._reviewed = self.review = self.try_again = None
        self.view.value = ""
        self.widget.children = (self.button, self.thinker.widget, self.view)

    def _tell(self) -> None:
        if self.review is not None:
            self._say(f"{self._heading()}. {self.review.summary()}")

    def _heading(self) -> str:
        if self._heading_of is not None:
            return self._heading_of()
        return f"Review of {self._word} {self._source()[2]}"
