"""Record controls: download the record of a finished game, open a record file and step through it.

*Download record* is a link holding the record file itself (a ``data:``
address with a ``download`` name), so it works wherever the page is shown,
Voilà or JupyterLab, with no server route. It appears once the game is over:
a record shows every card. *Open record* reads a file chosen in the browser
(see :mod:`cardcommons.record_files` for the format) and shows it in the
replay below, move by move, with what each seat knew after each move (the
arcade shows a game just finished there too, from its table's *Replay*).
Under a finished game's replay, *Review this game* reviews seat 0's
decisions (the reader's seat at the arcade's tables; see
:class:`~cardcommons.widgets.review_panel.ReviewPanel`): against the
table's own bots for the arcade's game, against players unknown for a record
opened (a record does not say who played). A
file that cannot be read is refused in a sentence and what was shown stays.

>>> from cardcommons.record_files import record_text
>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s", dealer=1)
>>> controls = RecordControls()
>>> controls.offer(game)                       # not over: nothing to download yet
>>> "download=" in controls.download_view.value
False
>>> game.apply(game.legal_actions()[2])        # seat 0 knocks
>>> game.apply(game.legal_actions()[0])        # seat 1 passes: the showdown
>>> controls.offer(game)
>>> 'download="whisky-poker-staged.json"' in controls.download_view.value
True
>>> controls.open(record_text(game).encode(), "game.json")
>>> controls.replay.step, controls.replay.last
(0, 2)
>>> controls.replay.next_button.click()
>>> "Move 1 of 2 · Seat 0: knock" in controls.replay.view.value
True
>>> controls.review.button.layout.display is None       # a finished game: it can be reviewed
True
>>> controls.open(b'[1, 2]', "notes.txt")
>>> print(controls.message)
notes.txt is not a game record: a record file holds one JSON object, not [1, 2]
>>> controls.replay.step                        # the replay shown is as it was
1
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any
from urllib.parse import quote

import ipywidgets as w

from cardcommons.errors import RecordError, cut
from cardcommons.game import Game
from cardcommons.palette import BLUE, FONT, INK, LINE, MUTED, PAPER, SHADE
from cardcommons.record_files import MAX_BYTES, Step, load_record, record_filename, record_text, steps
from cardcommons.widgets.cards import message_html, panel_html
from cardcommons.widgets.review_panel import ReviewPanel
from cardcommons.widgets.table_parts import action_button, announcement_html

__all__ = ["RecordControls", "RecordReplay"]


class RecordReplay:
    """A game's record shown move by move: *Previous* and *Next* step
    through it, and each seat's view after the move is shown beside the others."""

    def __init__(self) -> None:
        self.previous_button = action_button("Previous", "step-backward", "", "the move before")
        self.next_button = action_button("Next", "step-forward", "", "the next move")
        self.view = w.HTML()
        self.widget = w.VBox(
            [self.view, w.HBox([self.previous_button, self.next_button])], layout=w.Layout(display="none")
        )
        self.widget.add_class("cc-record-replay")
        self._steps: list[Step] = []
        self._title = ""
        self.step = 0
        """The move shown (0: the deal)."""
        self.previous_button.on_click(lambda _b: self.go(self.step - 1))
        self.next_button.on_click(lambda _b: self.go(self.step + 1))

    @property
    def last(self) -> int:
        """The number of the last move."""
        return len(self._steps) - 1

    def show(self, game: Game, title: str) -> None:
        """Show ``game`` (played again from its record) from the deal, under ``title``."""
        self._steps = steps(game)
        self._title = title
        self.widget.layout.display = None
        self.go(0)

    def go(self, number: int) -> None:
        """Show move ``number`` (0: the deal), kept within the record."""
        self.step = max(0, min(number, self.last))
        step = self._steps[self.step]
        self.previous_button.disabled = self.step == 0
        self.next_button.disabled = self.step == self.last
        if step.number == 0:
            plural = "" if self.last == 1 else "s"
            heading = "The deal, no move yet" if self.last == 0 else f"The deal, then {self.last} move{plural}"
        else:
            heading = f"Move {step.number} of {self.last} · Seat {step.seat}: {step.move}"
        said = announcement_html(f"{heading}.")  # read out at each step
        views = "".join(
            f'<pre class="cc-record-view" style="margin:0;padding:6px 8px;background:{SHADE};color:{INK};'
            f'border-radius:4px;font-size:12px;white-space:pre-wrap">{escape(str(view))}</pre>'
            for view in step.views
        )
        result = (
            ""
            if step.result is None
            else f'<pre style="margin:6px 0 0;white-space:pre-wrap">{escape(str(step.result))}</pre>'
        )
        self.view.value = panel_html(
            f"<b>{escape(self._title)}</b>"
            f'<div class="cc-record-step" style="margin:4px 0">{escape(heading)}</div>{said}'
            f'<div style="font-size:12px;color:{MUTED}">What each seat knew then:</div>'
            f'<div style="display:grid;grid-template-columns:repeat(auto-fill,minmax(260px,1fr));gap:6px;'
            f'margin-top:4px">{views}</div>{result}',
            accent=BLUE,
        )


class RecordControls:
    """*Download record* for the game :meth:`offer` is given, *Open record*
    for a file, the message of a file refused, the :class:`RecordReplay`, and
    :attr:`review`, the review of a finished game replayed (``background``:
    made in a worker thread, as :class:`ReviewPanel` does)."""

    def __init__(self, background: bool = True) -> None:
        self.download_view = w.HTML()
        self.open_button = w.FileUpload(
            accept=".json,application/json",
            multiple=False,
            description="Open record",
            icon="folder-open",
            tooltip="a game record file, to step through",
            layout=w.Layout(width="auto", height="34px", margin="3px"),
        )
        self.message_label = w.HTML(layout=w.Layout(max_width="640px"))
        self.replay = RecordReplay()
        self.message = ""
        """The sentence of the last file refused ("" once a file opens)."""
        self._shown: tuple[Game | None, Sequence[object] | None, int] = (None, None, 0)
        self._name = ""
        self.announcer = w.HTML(layout=w.Layout(height="0px", min_height="0", margin="0", overflow="hidden"))
        self.review = ReviewPanel(
            self._reviewed,
            self._announce,
            background=background,
            heading=lambda: f"Review of {self._name}, seat 0's decisions",
            button="Review this game",
        )
        self.review.widget.layout.display = "none"
        self.widget = w.VBox(
            [
                w.HBox([self.download_view, self.open_button], layout=w.Layout(align_items="center")),
                self.message_label,
                self.replay.widget,
                self.review.widget,
                self.announcer,
            ],
            layout=w.Layout(margin="8px 0 0 0"),
        )
        self.widget.add_class("cc-record-controls")
        self.open_button.observe(lambda _c: self._opened(), names="value")

    def offer(self, game: Game) -> None:
        """The link that downloads ``game``'s record once it is over; until then, a line saying so."""
        if not game.is_over:
            self.download_view.value = (
                f'<span style="font:13px {FONT};color:{MUTED}">The record (every card) can be downloaded '
                "once the game is over.</span>"
            )
            return
        href = "data:application/json;charset=utf-8," + quote(record_text(game))
        name = record_filename(game)
        self.download_view.value = (
            f'<a class="cc-record-download" href="{href}" download="{escape(name)}" '
            f'title="the record of this game, as the file {escape(name)}" '
            f'style="display:inline-block;font:13px/32px {FONT};padding:0 12px;margin:3px;color:{INK};'
            f'background:{PAPER};border:1px solid {LINE};border-radius:4px;text-decoration:none">'
            "⤓ Download record</a>"
        )

    def open(self, content: bytes, name: str) -> None:
        """Open the record file ``name`` holding ``content``: show it, or say why not and change nothing."""
        try:
            game = load_record(content)
        except RecordError as error:
            self._say(f"{cut(name, 60)} is not a game record: {error}")
            return
        self._say("")
        self.show(game, f"Record {cut(name, 60)}")

    def show(self, game: Game, source: str = "Replay", table: Sequence[object] | None = None) -> None:
        """Step through ``game`` in the replay, under a title that starts with ``source``; once it is
        finished, offer its review, ``table`` the players by seat where known (None: none is known)."""
        record = game.record()
        seed = record.get("seed")
        deal = f"seed {seed}" if isinstance(seed, int) else "a staged deal"
        state = "finished" if game.is_over else "unfinished"
        self.replay.show(game, f"{source}: {_title_case(record['game'])}, {deal}, {game.players} players, {state}")
        if self._shown[0] is not game:
            self.review.forget()
        self._shown = (game, table, seed if isinstance(seed, int) else 0)
        self._name = f"the {_title_case(record['game'])} game, {deal}"
        self.review.widget.layout.display = None if game.is_over else "none"

    def _reviewed(self) -> tuple[Game, Sequence[object] | None, int]:
        """The game replayed, its players by seat where known, and its seed: for the review."""
        game, table, seed = self._shown
        assert game is not None  # the review's button shows with a game only
        return game, table, seed

    def _announce(self, text: str) -> None:
        self.announcer.value = announcement_html(text)

    def _opened(self) -> None:
        files = self.open_button.value
        if not files:
            return  # the value cleared below
        file: dict[str, Any] = files[0]
        name = str(file.get("name", "the file"))
        if int(file.get("size", 0)) > MAX_BYTES:
            self._say(f"{cut(name, 60)} is {int(file['size']):,} bytes: a record file holds at most {MAX_BYTES:,}")
        else:
            self.open(bytes(file["content"]), name)
        self.open_button.value = ()  # nothing kept: the same file may be chosen again

    def _say(self, text: str) -> None:
        self.message = text
        self.message_label.value = message_html(text) + (announcement_html(text) if text else "")


def _title_case(name: str) -> str:
    """A game's name as a title: "split and choose" is "Split and Choose"."""
    return " ".join(word if word == "and" else word.capitalize() for word in name.split())
