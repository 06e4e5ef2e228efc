"""GameTable: what both game tables are, so each table keeps only its game.

You sit at seat 0, the bots at seats 1 and up. A :class:`GameTable` builds
the widgets every table has (title, board, prompt, message, the thinker, the
log, New game and Replay), lays them out around the tray its game gives it,
deals, refuses moves out of turn, plays the bots' turns (at once, or in the
background while a progress bar moves), draws, and shows the replay. A
game's table says how to deal, what its tray holds, how to log a bot's move
and how to draw its board, prompt and result; its :class:`TableWords` say
how it speaks of its bots and of one game.

>>> from cardcommons.widgets import SplitAndChooseTable, WhiskyPokerTable
>>> [c.words.thinking for c in (SplitAndChooseTable, WhiskyPokerTable)]
['The bot is thinking', 'The bots are thinking']
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import ipywidgets as w

from cardcommons.bots import MonteCarloBot
from cardcommons.bots.seating import read_by_stand_in, tell_the_table
from cardcommons.game import Action, Bot, Game, Outcome
from cardcommons.palette import FONT, INK, LINE, SHADE, stylesheet_html
from cardcommons.widgets.app import WidgetApp
from cardcommons.widgets.aria import page_bridge
from cardcommons.widgets.cards import message_html, panel_html
from cardcommons.widgets.hint import Decision, Hint
from cardcommons.widgets.review_panel import ReviewPanel
from cardcommons.widgets.table_parts import (
    BotSpec,
    Thinker,
    action_button,
    announcement_html,
    checked_flag,
    estimate_note,
    fresh_seed,
    log_html,
    make_bot,
    message_box,
)

__all__ = ["YOU", "GameTable", "TableWords"]

YOU = 0
"""Your seat at every table."""


class ReplayableGame(Game, Protocol):
    """A game that can be played again from its record."""

    @classmethod
    def replay(cls, record: dict[str, Any]) -> Game:
        """The game played again from ``record``."""
        ...


G = TypeVar("G", bound=ReplayableGame)
V = TypeVar("V")  # your view of the game


@dataclass(frozen=True)
class TableWords:
    """How a table speaks of its game and its bots."""

    name: str  # the title: "Whisky Poker"
    game: str  # one game: "game", or "deal"
    result: str  # what ends it: "result", or "showdown"
    thinking: str  # while the bots think: "The bot is thinking", or "The bots are thinking"
    busy_deal: str  # New game while the bots think
    busy_move: str  # a move while the bots think
    not_your_turn: str  # a move in a bot's turn
    bots_playing: str  # the prompt in a bot's turn
    bot_failed: str  # before the error of a bot that could not move


class GameTable(WidgetApp, ABC, Generic[G, V]):
    """The base of the game tables (``G`` the game, ``V`` your view of it).

    A subclass sets :attr:`words`, builds its tray's widgets, calls
    :meth:`_lay_out` and then :meth:`_start`, and fills in the hooks below.
    """

    words: ClassVar[TableWords]

    def __init__(self, bot: BotSpec, background: bool | None) -> None:
        if background is not None:
            checked_flag("background", background)
        self._bot_spec = bot
        self._background_choice = background
        self._message = ""
        self._log: list[str] = []
        self._bots: list[Bot] = []
        self._when_over: list[Callable[[str], None]] = []
        self._counted = False  # the game's outcome was told to the callbacks

        self.title = w.HTML()
        self.board = w.HTML()
        self.prompt = w.HTML()
        self.new_game_button = action_button("New game", "refresh", "", "deal again (the next seed)")
        tip = f"the game record, once the {self.words.game} is over"
        self.replay_button = action_button("Replay", "list", "", tip)
        self.again_button = action_button("New game", "refresh", "success", "deal again (the next seed)")
        self.message_label = message_box()
        self.thinker = Thinker()
        self.log_view = w.HTML(layout=w.Layout(width="auto", margin="0"))
        self.replay_view = w.HTML()
        # what a screen reader says after each move: the log's new lines, then whose turn or the result
        self.announcer = w.HTML(layout=w.Layout(height="0px", min_height="0", margin="0", overflow="hidden"))
        self.announcer.add_class("cc-announce")
        self._told = 0  # the log's lines announced so far
        self._told_state: tuple[Any, ...] = ()
        self._follow = False  # the reader moved: their next control takes the focus when their turn comes
        self.new_game_in_toolbar = True
        """False where the page has a New game of its own (the arcade's): the toolbar's stays hidden."""
        self.hint = Hint(self._decision, background is not False, announce=self._announce, seat_name=self._seat_name)
        self.review = ReviewPanel(
            lambda: (self._game, self.players, self._seed),
            self._announce,
            self.words.game,
            background is not False,
        )
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.again_button.on_click(lambda _b: self.new_game())
        self.replay_button.on_click(lambda _b: self._show_replay())

    def _lay_out(self, tray: Sequence[Any], result_view: Any, toolbar: Any, css_class: str) -> None:
        """Build :attr:`widget`: the board over the tray (the prompt, the rows
        of ``tray``, the message, the thinker), ``result_view`` and the log
        beside them, then the ``toolbar`` and the replay."""
        self._result_view = result_view
        result_view.layout.width, result_view.layout.margin = "100%", "0"
        # at the end the result takes the tray's place, the whole table wide, in sight, with New game in it
        self.result_box = w.VBox(
            [result_view, self.again_button, self.review.widget], layout=w.Layout(margin="8px 0 0 0")
        )
        self.result_box.add_class("cc-result-box")
        tray_box = w.VBox(
            [self.prompt, *tray, self.message_label, self.thinker.widget, self.hint.widget],
            layout=w.Layout(border=f"1px solid {LINE}", padding="6px 10px", margin="8px 0 0 0"),
        )
        tray_box.add_class("cc-tray")
        self._tray_box = tray_box
        play_column = w.VBox([self.board, tray_box], layout=w.Layout(flex="1 1 560px", min_width="520px"))
        # the log beside the felt; the result comes under both, the whole table wide
        side = w.VBox([self.log_view], layout=w.Layout(flex="0 1 380px", min_width="280px", margin="0 0 0 14px"))
        side.add_class("cc-table-side")
        play_column.add_class("cc-play-column")
        self.widget = w.VBox(
            [
                self.title,
                w.HBox([play_column, side], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
                self.result_box,
                toolbar,
                self.replay_view,
                self.announcer,
                *page_bridge(),  # the cards' names in words, whether each is chosen, no icon's glyph
                w.HTML(stylesheet_html()),  # last: the title stays the table's first text
            ],
            layout=w.Layout(padding="4px", max_width="1120px"),
        )
        self.widget.add_class("cc-game-table")
        self.widget.add_class(css_class)

    # -- state -------------------------------------------------------------

    @property
    def summary(self) -> str:  # type: ignore[override]
        """The sentence shown where the table cannot run: "Whisky Poker table: run this cell to play."."""
        return f"{self.words.name} table: run this cell to play."

    def _picture_html(self) -> str:
        """The title, the felt, and the result and the log beside it: what the table shows now."""
        return (
            f'<div class="cc-table-picture" style="max-width:1120px">{self.title.value}'
            f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start;gap:14px">'
            f'<div style="flex:1 1 520px;min-width:300px">{self.board.value}</div>'
            f'<div style="flex:0 1 380px;min-width:260px">{self.log_view.value}</div>'
            f"</div>{self._result_view.value}</div>"
        )

    @property
    def game(self) -> G:
        """The game being played (the whole truth: for tests and teaching)."""
        return self._game

    @property
    def seed(self) -> int:
        """The seed of the game being played."""
        return self._seed

    @property
    def players(self) -> list[object]:
        """The players by seat, as a review takes them: None at yours, the bots at theirs."""
        return [None, *self._bots]

    @property
    @abstractmethod
    def view(self) -> V:
        """What you may know now: ``game.observation(0)``."""

    @property
    def log(self) -> tuple[str, ...]:
        """Every move so far as you saw it, one line each (with a bot's estimates, if it keeps them)."""
        return tuple(self._log)

    @property
    def busy(self) -> bool:
        """True while the bots think in the background (and their last move is drawn): no move is taken."""
        return self.thinker.busy

    @property
    def html(self) -> str:
        """Everything the table shows now, as HTML and the visible buttons' labels."""
        parts = [self.title.value, self.board.value, self.prompt.value, *self._tray_text()]
        parts += [self.message_label.value, self.log_view.value, self._result_view.value, self.replay_view.value]
        return "\n".join(parts)

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended for you: "win" (a shared win too), "draw" or "loss"; None until it is over."""
        result = self._game.result
        return None if result is None else result.outcome(YOU)

    def on_game_over(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(outcome)`` once when each game ends (see :attr:`outcome`)."""
        self._when_over.append(callback)

    def wait(self, timeout: float | None = None) -> None:
        """Wait until bots thinking in the background have moved."""
        self.thinker.wait(timeout)

    # -- games -------------------------------------------------------------

    def new_game(self) -> None:
        """Deal again, with the next seed (never while the bots think or their last move is drawn)."""
        with self.thinker.lock:
            if self.busy:
                self._say(self.words.busy_deal)
                return
            self._follow = True
            self._start(self._seed + 1)

    def _start(self, seed: int | None) -> None:
        self._seed = fresh_seed() if seed is None else seed
        self._game = self._deal(self._seed)
        self._bots = [make_bot(self._bot_spec, self._bot_seed(seat)) for seat in range(1, self._game.players)]
        tell_the_table([None, *self._bots])  # a MonteCarloBot plays knowing who sits where, as the Hint reads it
        choice = self._background_choice
        slow = any(isinstance(b, MonteCarloBot) for b in self._bots)
        self._background = slow if choice is None else choice
        self._log = []
        self._explained = False
        self._told = 0
        self._unseen: list[str] = []
        self.hint.forget()
        self.review.forget()
        self._counted = False
        self._message = ""
        self.replay_view.value = ""
        self._refresh()
        self._bots_turn()

    @abstractmethod
    def _deal(self, seed: int) -> G:
        """The game of ``seed``, with the table's own choices cleared for it."""

    @abstractmethod
    def _bot_seed(self, seat: int) -> int:
        """The seed of the bot at ``seat`` in the game of :attr:`seed`."""

    def _refusal(self) -> str | None:
        """Why you cannot move now (None if you can)."""
        if self.busy:
            return self.words.busy_move
        if self._game.is_over:
            return f"The {self.words.game} is over: click New game to play again."
        if self._game.current_player != YOU:
            return self.words.not_your_turn
        return None

    # -- the bots ----------------------------------------------------------

    def _bots_turn(self) -> None:
        if self._game.current_player in (None, YOU):
            return
        self.thinker.run(self._bot_moves, self._background, self.words.thinking, then=self._refresh)

    def _bot_moves(self) -> None:
        game = self._game
        try:
            while (seat := game.current_player) not in (None, YOU):
                assert seat is not None
                bot = self._bots[seat - 1]
                action = bot.act(game.observation(seat), game.legal_actions())
                unseen = self._unseen_move(seat, action)
                game.apply(action)
                note = estimate_note(bot, action, explain=not self._explained)
                self._explained = self._explained or bool(note)  # where a bot's figures come from: said once
                self._bot_moved(action, note)
                if unseen:
                    self._unseen.append(unseen)
        except Exception as error:  # a bot that fails must not leave a traceback on the table
            self._say(f"{self.words.bot_failed}: {error}")
        if self._background:
            self._refresh()  # show the moves so far; the thinker refreshes again when done

    @abstractmethod
    def _bot_moved(self, action: Action, note: str) -> None:
        """Log a bot's move as you saw it (``note``: its estimate, or "")."""

    @abstractmethod
    def _unseen_move(self, seat: int, action: Action) -> str:
        """The bot at ``seat`` is about to play ``action``: what of it you cannot see, in words ("" for nothing)."""

    # -- drawing -----------------------------------------------------------

    def _refresh(self) -> None:
        view = self.view
        self._arrange(view)
        self.replay_button.disabled = not self._game.is_over
        self.new_game_button.disabled = self.thinker.thinking
        if self.new_game_in_toolbar:  # once the game is over, the result's New game is the one button
            self.new_game_button.layout.display = "none" if self._game.is_over else None
        self.title.value = (
            f'<div style="font:600 18px/1.3 {FONT};padding:2px 0 6px">{self.words.name}'
            f'<span style="font-weight:400;font-size:14px;opacity:.75"> · {self._title_details()}</span></div>'
        )
        self.board.value = self._board_html(view)
        self.prompt.value = self._prompt_html(view)
        self.message_label.value = message_html(self._message, error=self._message_error)
        self.log_view.value = log_html(self._log)
        self._result_view.value = self._result_html()
        over = self._game.is_over
        self.result_box.layout.display = None if over else "none"
        self._tray_box.layout.display = "none" if over else None  # the result, in its place, shows every hand
        outcome = self.outcome
        if outcome is not None and not self._counted:
            self._counted = True
            for callback in self._when_over:
                callback(outcome)
        self.hint.refresh()
        self._tell()

    def _tell(self) -> None:
        """Once a turn passes or the game ends: announce the log's new lines and whose turn it is (or the
        result), and, after the reader's own move, put the focus on the control they use next."""
        game = self._game
        yours = game.current_player == YOU and not self.thinker.thinking
        state = (self._seed, len(self._log), yours, game.is_over)
        if state == self._told_state:
            return
        self._told_state = state
        news = [f"{line}." for line in self._log[self._told :]]
        self._told = len(self._log)
        if game.is_over:
            news.append(self._headline()[0])
        else:
            news.append("Your turn." if yours else self.words.bots_playing)
        self.announcer.value = announcement_html(" ".join(news))
        if self._follow and (yours or game.is_over):
            self._follow = False
            self.focus_next()

    def _announce(self, text: str) -> None:
        """Say ``text`` to a screen reader now, in the table's live region (a hint, the move being built)."""
        self.announcer.value = announcement_html(text)

    def focus_next(self) -> None:
        """Put the browser's focus on the control the reader uses next."""
        target = self.again_button if self._game.is_over else self._next_control()
        if target is not None:
            target.focus()

    def _decision(self) -> Decision | None:
        """Your decision now, for the hint (None when you cannot move)."""
        if self._refusal() is not None:
            return None
        game = self._game
        key = self._seed * 1000 + len(self._log)
        stand_ins = tuple(type(bot).__name__ for bot in self._bots if read_by_stand_in(bot))  # the Hint's caution
        table = (None, *self._bots)  # the Hint reads each bot as seated
        return Decision(game.observation(YOU), tuple(game.legal_actions()), key, tuple(self._unseen), stand_ins, table)

    def _prompt_html(self, view: V) -> str:
        game = self._game
        if game.is_over:
            text = f"The {self.words.game} is over: see the {self.words.result}. New game deals again."
        elif self.thinker.thinking or game.current_player != YOU:
            text = self.words.bots_playing
        else:
            text = self._your_prompt(view)
        return f'<div style="font:14px {FONT};padding:2px 0 4px" class="cc-prompt">{text}</div>'

    @abstractmethod
    def _arrange(self, view: V) -> None:
        """Put the cards you may click in the tray; show and enable the moves you may make."""

    @abstractmethod
    def _tray_text(self) -> list[str]:
        """What the tray shows between the prompt and the message, for :attr:`html`."""

    @abstractmethod
    def _title_details(self) -> str:
        """The title after the game's name (HTML): the players, the variant, the seed."""

    @abstractmethod
    def _board_html(self, view: V) -> str:
        """The felt: the seats, the cards on the table, whose turn it is."""

    @abstractmethod
    def _your_prompt(self, view: V) -> str:
        """What to do now, in your turn (HTML)."""

    @abstractmethod
    def _result_html(self) -> str:
        """The result panel ("" until the game is over)."""

    @abstractmethod
    def _headline(self) -> tuple[str, bool | None]:
        """The result in one sentence, and whether it is good for you (None: neither); once the game is over."""

    @abstractmethod
    def _seat_name(self, seat: int) -> str:
        """A player as the table names them: "You", "Bot 2", "the bot"."""

    @abstractmethod
    def _next_control(self) -> Any:
        """The control the reader uses next in their turn (a card to pick, or a move)."""

    # -- the replay --------------------------------------------------------

    def _show_replay(self) -> None:
        game = self._game
        if not game.is_over:
            self._say(f"The record shows every card: it opens once the {self.words.game} is over.")
            return
        record = game.record()
        same = type(game).replay(record).result == game.result
        check = "replayed from the record: the same result ✓" if same else "replay differs!"
        lines = "".join(f"<li>{escape(line)}</li>" for line in self._replay_lines())
        self.replay_view.value = panel_html(
            f'<div class="cc-replay"><b>Replay of {self.words.game} {self._seed}</b> · {check}'
            f'<ol style="margin:4px 0 6px 18px;padding:0">{lines}</ol>'
            f'<pre style="white-space:pre-wrap;font-size:11px;background:{SHADE};color:{INK};padding:6px;'
            f'border-radius:4px;margin:0">{escape(json.dumps(record))}</pre></div>'
        )

    @abstractmethod
    def _replay_lines(self) -> list[str]:
        """The moves of the finished game, one line each, for the replay."""
