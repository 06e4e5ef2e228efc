"""Parts both game tables share: the felt, seats, the log, bots, and a bot that thinks.

Everything is drawn with inline styles, like the explorers, so a table reads
the same in JupyterLab's light and dark themes: the board is green felt with
white cards on it; the tray under it holds the clickable cards and the moves.

>>> "face-down" in felt_html(zone_html("Spare", [None] * 5))
True
>>> from cardcommons.bots import RandomBot
>>> bot = make_bot(RandomBot, seed=3)
>>> bot_name(bot), make_bot(bot, seed=4) is bot
('RandomBot', True)
"""

from __future__ import annotations

import inspect
import secrets
import threading
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from html import escape
from typing import Any, TypeAlias

import ipywidgets as w

from cardcommons.cards import Card
from cardcommons.errors import RulesError, shown
from cardcommons.faces import card_html
from cardcommons.game import Action, Bot
from cardcommons.palette import (
    BUTTON_COLOURS,
    BUTTON_INK,
    FELT,
    FELT_DARK,
    FELT_EDGE,
    FELT_INK,
    FELT_LIGHT,
    FELT_MUTED,
    FONT,
    GOLD,
    GREEN_ACCENT,
    GREEN_TINT,
    GREY_ACCENT,
    INK,
    LINE,
    MUTED,
    PAPER,
    RED_ACCENT,
    accent_text,
    card_name,
)
from cardcommons.widgets.address import STRENGTHS
from cardcommons.widgets.aria import mark_chosen
from cardcommons.widgets.cards import card_button, panel_html, style_card_button

__all__ = [
    "BotSpec",
    "Thinker",
    "action_button",
    "announcement_html",
    "board_html",
    "bot_name",
    "bot_title",
    "checked_flag",
    "estimate_note",
    "felt_html",
    "fresh_seed",
    "game_card_button",
    "log_html",
    "make_bot",
    "option_toggle",
    "zone_html",
]

BotSpec: TypeAlias = Bot | Callable[..., Bot]
"""A bot instance, or a class or factory that makes one (called with ``seed=`` if it takes one)."""

_FELT = (
    f"background-color:{FELT};"
    f"background-image:radial-gradient(ellipse at 50% 35%,{FELT_LIGHT} 0%,{FELT} 60%,{FELT_DARK} 100%);"
    f"color:{FELT_INK};border:3px solid {FELT_EDGE};border-radius:16px;padding:10px 14px;"
    f"box-shadow:inset 0 0 18px rgba(0,0,0,.45);font:14px/1.4 {FONT};box-sizing:border-box"
)


def fresh_seed() -> int:
    """A new seed for a game when none was given (never the global RNG)."""
    return secrets.randbits(31)


def checked_flag(name: str, value: object) -> bool:
    """``value`` if it is True or False; anything else is refused, as the games refuse it.

    >>> checked_flag("jokers", "no")
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: jokers is True or False, not 'no'
    """
    if not isinstance(value, bool):
        raise RulesError(f"{name} is True or False, not {shown(value)}")
    return value


def make_bot(spec: BotSpec, seed: int) -> Bot:
    """A bot from ``spec``: an instance is used as it is; a class or factory is
    called, with ``seed=seed`` when it takes a seed. Anything else is refused.

    >>> make_bot(None, seed=1)
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: bot is a bot, or a class or function that makes one, not None
    """
    if not isinstance(spec, type) and hasattr(spec, "act"):
        return spec
    if not callable(spec):
        raise RulesError(f"bot is a bot, or a class or function that makes one, not {shown(spec)}")
    try:
        parameters = list(inspect.signature(spec).parameters.values())
    except (TypeError, ValueError):  # a builtin without a signature
        parameters = []
    takes_seed = any(p.name == "seed" or p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters)
    bot: Bot = spec(seed=seed) if takes_seed else spec()
    if not hasattr(bot, "act"):
        raise RulesError(f"bot {shown(spec)} made {shown(bot)}, which has no act(observation, legal_actions)")
    return bot


def bot_name(bot: Bot) -> str:
    """The bot's class name: "HeuristicBot", "MonteCarloBot"."""
    return type(bot).__name__


def bot_title(bot: Bot) -> str:
    """The bot's name as a title gives it: with its strength, for a bot that plays deals out.

    >>> from cardcommons.bots import HeuristicBot, MonteCarloBot
    >>> bot_title(MonteCarloBot(samples=300)), bot_title(MonteCarloBot(samples=50)), bot_title(HeuristicBot())
    ('MonteCarloBot (steady)', 'MonteCarloBot (50 play-outs a move)', 'HeuristicBot')
    """
    samples = getattr(bot, "samples", None)
    if not isinstance(samples, int):
        return bot_name(bot)
    strength = dict((n, name) for name, n in STRENGTHS).get(samples, f"{samples} play-outs a move")
    return f"{bot_name(bot)} ({strength})"


def bots_label(count: int, name: str) -> str:
    """How many bots of one kind, in words: "1 GreedyBot", "3 GreedyBots".

    >>> bots_label(3, "GreedyBot"), bots_label(1, "MonteCarloBot (steady)")
    ('3 GreedyBots', '1 MonteCarloBot (steady)')
    """
    return f"{count} {name}" if count == 1 else f"{count} {name.replace('Bot', 'Bots', 1)}"


def estimate_note(bot: Bot, chosen: Action, *, explain: bool = True) -> str:
    """For a bot that keeps ``last_estimates`` (MonteCarloBot), what it expects
    of the move it chose, and of its next best, in a player's words, naming no
    other move (their cards may be hidden from the reader); with ``explain``
    (a game's first such note), why its figures move from one turn to the
    next: they come from a few deals played out with the cards it cannot see
    guessed afresh. A chance under half a percent is "next to no chance".
    Otherwise "".

    >>> from cardcommons.bots import MonteCarloBot
    >>> bot = MonteCarloBot(samples=10)
    >>> bot.last_estimates = {"knock": 0.494, "pass": 0.48, "take": 0.2}
    >>> for part in estimate_note(bot, "knock").split("; "):
    ...     print(part)
    it expects to win about 49%, from 10 deals played out with unseen cards guessed afresh
    its next best move, about 48%
    >>> estimate_note(bot, "knock", explain=False)
    'it expects to win about 49%; its next best move, about 48%'
    >>> bot.last_estimates = {"knock": 0.001, "pass": 0.0}
    >>> estimate_note(bot, "knock", explain=False)
    'it sees next to no chance to win, whatever it plays'
    """
    estimates: dict[Action, float] | None = getattr(bot, "last_estimates", None)
    if not estimates or chosen not in estimates:
        return ""
    samples = getattr(bot, "samples", None)
    why = f", from {samples} deals played out with unseen cards guessed afresh" if samples and explain else ""
    best_other = max((v for a, v in estimates.items() if a != chosen), default=None)
    if estimates[chosen] < _NO_CHANCE and (best_other is None or best_other < _NO_CHANCE):
        return f"it sees next to no chance to win, whatever it plays{why}"
    mine = f"it expects to win about {estimates[chosen]:.0%}{why}"
    return mine if best_other is None else f"{mine}; its next best move, about {best_other:.0%}"


_NO_CHANCE = 0.005
"""A chance that rounds to 0%."""


def felt_html(body: str, *, css_class: str = "cc-felt") -> str:
    """The green table the game is played on."""
    return f'<div class="{css_class}" style="{_FELT}">{body}</div>'


def zone_html(
    label: str,
    cards: Iterable[Card | None],
    note: str = "",
    *,
    highlight: bool = False,
    empty: str = "no cards yet",
    marked: Collection[Card] = (),
) -> str:
    """A labelled group of cards on the felt (``None`` draws a face-down card;
    the ``marked`` cards are raised, in a gold ring)."""
    faces = "".join(card_html(c, selected=c in marked) for c in cards) or (
        f'<span style="display:inline-block;padding:6px 0;color:{FELT_MUTED};font-size:13px">{escape(empty)}</span>'
    )
    ring = f"box-shadow:0 0 0 2px {GOLD};" if highlight else ""
    tail = f'<div style="font-size:12px;color:{FELT_MUTED};margin-top:2px">{note}</div>' if note else ""
    return (
        f'<div class="cc-zone" style="display:inline-block;vertical-align:top;margin:4px 10px 4px 0;padding:4px 6px;'
        f'border-radius:10px;background:rgba(0,0,0,.13);{ring}">'
        f'<div style="font:600 12px/1.3 {FONT};letter-spacing:.06em;text-transform:uppercase;color:{FELT_MUTED}">'
        f"{label}</div>"
        f'<div style="display:flex;flex-wrap:wrap;padding-top:3px">{faces}</div>{tail}</div>'
    )


def board_html(banner: str, turn: str, body: str) -> str:
    """A game's board: the felt with ``banner`` (the phase) and ``turn``
    (whose turn it is) on top, then ``body`` (HTML: the seats and the cards)."""
    head = (
        f'<div class="cc-board-head" style="display:flex;column-gap:12px;'
        f'justify-content:space-between;align-items:baseline">'
        f'<span style="font:700 16px {FONT}">{banner}</span>'
        f'<span style="font-size:12px;color:{FELT_MUTED}">{turn}</span></div>'
    )
    return felt_html(head + body, css_class="cc-felt cc-board")


def log_html(lines: Sequence[str], title: str = "Moves") -> str:
    """The move log: a scrolling panel that stays at its newest line."""
    if lines:
        items = "".join(
            f'<div style="padding:2px 0;border-bottom:1px solid {LINE}"><span style="color:{MUTED};'
            f'display:inline-block;min-width:24px">{i}.</span>{escape(line)}</div>'
            for i, line in reversed(list(enumerate(lines, start=1)))
        )
    else:
        items = f'<div style="color:{MUTED}">No moves yet.</div>'
    return (
        f'<div class="cc-log" style="background:{PAPER};color:{INK};border:1px solid {LINE};border-radius:8px;'
        f'font:13px/1.4 {FONT};box-sizing:border-box;width:100%">'
        f'<div style="font-weight:600;padding:6px 10px;border-bottom:1px solid {LINE}">{title}</div>'
        # column-reverse keeps the scroll at the newest line
        # a region of its own, reached by Tab, so a keyboard scrolls it too
        f'<div tabindex="0" role="region" aria-label="{title}" style="display:flex;flex-direction:column-reverse;'
        f'max-height:300px;overflow:hidden auto;overflow-wrap:anywhere;padding:4px 10px">'
        f"{items}</div></div>"
    )


def announcement_html(text: str) -> str:
    """``text`` for screen readers only: an alert, read out when it appears, drawn in no pixel.

    >>> announcement_html("Your turn.").startswith('<div role="alert"')
    True
    """
    hidden = "position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap"
    return f'<div role="alert" class="cc-announcement" style="{hidden}">{escape(text)}</div>'


def result_banner(text: str, *, good: bool | None) -> str:
    """A headline for the end of a game: green for a win, red for a loss, grey for a draw."""
    accent = {True: GREEN_ACCENT, False: RED_ACCENT, None: GREY_ACCENT}[good]
    return (
        f'<div style="font:700 20px/1.3 {FONT};color:{accent_text(accent)};margin-bottom:6px" class="cc-headline">'
        f"{escape(text)}</div>"
    )


def game_card_button(card: Card | None = None) -> Any:
    """A card-shaped button for a game's tray (larger than the picker's)."""
    button = card_button(card) if card is not None else w.Button()
    button.layout.width, button.layout.height, button.layout.margin = "54px", "74px", "3px"
    button.layout.padding = "0"
    button.add_class("cc-card-button")
    if card is not None:
        style_card_button(button, card, False)
    button.style.font_size = "17px"
    return button


def set_card(button: Any, card: Card | None, selected: bool = False) -> None:
    """Show ``card`` on a tray button (None hides the button)."""
    if card is None:
        button.layout.display = "none"
        mark_chosen(button, False)
        return
    button.layout.display = None
    button.description = str(card)
    button.tooltip = card_name(card)
    style_card_button(button, card, selected)
    button.style.font_size = "17px"
    button.layout.transform = None
    button.layout.margin = "0 3px 6px 3px" if selected else "6px 3px 0 3px"  # a chosen card sits higher


def action_button(description: str, icon: str = "", style: str = "", tooltip: str = "") -> Any:
    """A move button of the tray; a ``style`` ("primary", "success", "info", "danger") gives it
    its colour of :data:`~cardcommons.palette.BUTTON_COLOURS`, with white text, in every theme."""
    layout = w.Layout(width="auto", min_width="96px", height="34px", margin="3px")
    button = w.Button(description=description, icon=icon, button_style=style, tooltip=tooltip, layout=layout)
    if style:
        button.style.button_color, button.style.text_color = BUTTON_COLOURS[style], BUTTON_INK
    return button


def option_toggle(description: str, icon: str, tooltip: str) -> Any:
    """A toggle of the toolbar for a table's option (a variant, your seat)."""
    return w.ToggleButton(
        description=description, icon=icon, tooltip=tooltip, layout=w.Layout(width="auto", height="34px", margin="3px")
    )


def tray_label(text: str) -> Any:
    """A small caption in the tray."""
    return w.HTML(f'<div style="font:600 12px {FONT};color:{MUTED};text-transform:uppercase">{text}</div>')


class Thinker:
    """Runs the bots' turns: at once, or (``background``) in a worker thread
    while a progress bar and a "thinking…" label move, so the table never
    freezes. :attr:`thinking` is True while a worker runs the bots' moves,
    :attr:`busy` until its last redraw (``then``) is done too, so no move is
    taken while that redraw runs; :meth:`wait` joins the worker. Where no
    thread can start (a browser-only kernel), it thinks inline.

    :attr:`lock` is held while the worker's last redraw runs: the table holds
    it too to deal again, so a new game never swaps the game under that
    redraw. The label is gone before ``then`` draws your turn.

    >>> thinker = Thinker()
    >>> thinker.run(lambda: None, True, "The bots are thinking")
    >>> thinker.wait()
    >>> thinker.busy, thinker.thinking, thinker.label.value
    (False, False, '')
    """

    def __init__(self) -> None:
        self.progress = w.IntProgress(
            value=0, min=0, max=12, bar_style="info", layout=w.Layout(width="140px", visibility="hidden")
        )
        self.label = w.HTML("")
        self.widget = w.HBox([self.progress, self.label], layout=w.Layout(align_items="center", min_height="28px"))
        self.lock = threading.RLock()
        self._shown = threading.Lock()  # the ticker's last label and its clearing never cross
        self._thread: threading.Thread | None = None
        self._ticker: threading.Thread | None = None
        self._busy = self._thinking = False

    @property
    def busy(self) -> bool:
        """True while bots think in the background, and while their last move is drawn."""
        return self._busy

    @property
    def thinking(self) -> bool:
        """True while bots think in the background (what the table draws)."""
        return self._thinking

    def run(
        self,
        work: Callable[[], None],
        background: bool,
        thinking: str = "The bot is thinking",
        then: Callable[[], None] | None = None,
        share: Callable[[], float] | None = None,
    ) -> None:
        """Run ``work`` now, or in a worker thread with the progress shown
        and the ``thinking`` label ticking; then (no longer thinking, still busy) call ``then``.
        ``share``: the share of the work done (0 to 1), which the bar then shows, where it is known."""
        if not background:
            work()
            if then is not None:
                then()
            return
        self._busy = self._thinking = True
        done = threading.Event()
        start = time.perf_counter()

        def tick() -> None:
            while not done.wait(0.15):
                text = _thinking_html(f"{thinking}… {time.perf_counter() - start:.1f} s")
                with self._shown:
                    if done.is_set():  # the bots moved while the text was made: show nothing
                        return
                    moved = (self.progress.value + 1) % (self.progress.max + 1)
                    self.progress.value = moved if share is None else round(self.progress.max * min(1, share()))
                    self.label.value = text

        def main() -> None:
            try:
                work()
            finally:
                done.set()
                with self._shown:
                    self.progress.layout.visibility = "hidden"
                    self.label.value = ""
                    self._thinking = False
                with self.lock:
                    try:
                        if then is not None:
                            then()
                    finally:
                        self._busy = False

        self.progress.value = 0
        self.progress.layout.visibility = "visible"
        self.label.value = _thinking_html(f"{thinking}…")
        self._thread = threading.Thread(target=main, daemon=True)
        try:
            self._thread.start()
        except RuntimeError:  # no thread can start here (a browser-only kernel): think inline
            self._thread = None
            main()
            return
        self._ticker = threading.Thread(target=tick, daemon=True)
        try:
            self._ticker.start()
        except RuntimeError:  # without a ticker the bar stands still; the bots still move
            self._ticker = None

    def wait(self, timeout: float | None = None) -> None:
        """Wait for the bots' moves in the background to finish (and the ticker to stop)."""
        for thread in (self._thread, self._ticker):
            if thread is not None:
                thread.join(timeout)


def _thinking_html(text: str) -> str:
    return f'<span class="cc-thinking" style="font:13px {FONT};color:{MUTED};margin-left:8px">{escape(text)}</span>'


def message_box() -> Any:
    """The HTML widget of a table's messages."""
    return w.HTML("", layout=w.Layout(min_height="0", max_width="640px"))


def hint_html(text: str) -> str:
    """A green hint panel."""
    return panel_html(text, accent=GREEN_ACCENT, background=GREEN_TINT)
