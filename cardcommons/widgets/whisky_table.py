"""WhiskyPokerTable: one deal of Whisky Poker against 1 to 8 computer players.

You sit at seat 0; the bots at seats 1 and up. The table shows only what you
may know (``game.observation(0)``): your hand, the spare once it is face up,
and the cards everyone saw go into a hand; the rest are card backs until the
showdown. Each bot is handed only its own observation and the legal actions.

>>> table = WhiskyPokerTable(opponents=2, seed=5)
>>> table.game.players, table.game.current_player, table.game.phase
(3, 0, 1)
>>> table.exchange_button.disabled, table.pass_button.disabled
(True, False)
>>> table.pass_button.click()
>>> for line in table.log:
...     print(line)
You passed
Bot 1 knocked: everyone else has one more turn
Bot 2 knocked too
The spare is turned face up: 8♣ 9♦ J♣ J♠ K♥
>>> table.game.phase, table.game.current_player   # your last turn
(2, 0)
>>> table.exchange_button.click()   # nothing chosen yet: a message, no move
>>> table.message
'Click a card of your hand, then a card of the spare, then Exchange.'
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

import ipywidgets as w

from cardcommons.bots import GreedyBot, MonteCarloBot
from cardcommons.cards import Card
from cardcommons.errors import IllegalActionError
from cardcommons.faces import GOLD, card_html
from cardcommons.game import Bot
from cardcommons.packs import MAX_PLAYERS
from cardcommons.whisky import Event, Exchange, Knock, Pass, TakeSpare, WhiskyAction, WhiskyObservation, WhiskyPoker
from cardcommons.widgets.cards import INK, LINE, MUTED, message_html, panel_html
from cardcommons.widgets.table_parts import (
    FELT_MUTED,
    FONT,
    BotSpec,
    Thinker,
    action_button,
    bot_name,
    cards_text,
    estimate_note,
    felt_html,
    fresh_seed,
    game_card_button,
    log_html,
    make_bot,
    message_box,
    result_banner,
    set_card,
    tray_label,
    zone_html,
)

__all__ = ["WhiskyPokerTable"]

YOU = 0
HAND = 5


def seat_name(seat: int) -> str:
    """ "You" for seat 0, "Bot 1", "Bot 2", ... for the others.

    >>> seat_name(0), seat_name(3)
    ('You', 'Bot 3')
    """
    return "You" if seat == YOU else f"Bot {seat}"


def event_line(event: Event) -> str:
    """A public event in words, with the seats named as at this table.

    >>> event_line(Event(2, Knock(), 2, first_knock=True))
    'Bot 2 knocked: everyone else has one more turn'
    """
    if event.seat is None:
        return f"The spare is turned face up: {cards_text(event.face_up)}"
    who = seat_name(event.seat)
    their = "your" if event.seat == YOU else "its"
    match event.action:
        case Pass():
            return f"{who} passed"
        case Knock():
            return f"{who} knocked: everyone else has one more turn" if event.first_knock else f"{who} knocked too"
        case Exchange(give=give, take=take):
            return f"{who} gave {cards_text([give])} and took {cards_text([take])}"
        case TakeSpare() if event.phase == 1:
            return f"{who} took the unseen spare; {their} old hand {cards_text(event.face_up)} is the spare now"
        case _:
            return f"{who} took the whole spare {cards_text(event.taken)} and left {cards_text(event.face_up)}"


class WhiskyPokerTable:
    """Play one deal of Whisky Poker against ``opponents`` bots (1 to 8).

    ``bot``: a bot instance (shared by every opponent), or a class or factory
    called once per seat (with ``seed=``); GreedyBot by default. A
    MonteCarloBot thinks in the background with a progress bar, unless
    ``background=False``. ``jokers``: the Jokers variant. ``seed``: the deal
    and the dealer (None: a fresh one; New game takes the next seed).

    How to play: in phase 1 (the spare face down) **Pass**, **Take the spare**
    unseen, or **Knock**; in phase 2 (the spare face up) click a card of your
    hand, then a card of the spare, then **Exchange**; or **Take the spare**
    (all five), or **Knock**. The bots' moves until your turn are played at
    once and logged one per line. After the first knock everyone else has
    one more turn; then the showdown shows every hand.

    Controls: :attr:`hand_buttons`, :attr:`spare_buttons` (or
    :meth:`hand_button`, :meth:`spare_button`), :attr:`pass_button`,
    :attr:`take_button`, :attr:`exchange_button`, :attr:`knock_button`,
    :attr:`new_game_button`, :attr:`replay_button`. State (read-only):
    :attr:`game`, :attr:`view`, :attr:`give`, :attr:`take`, :attr:`message`,
    :attr:`log`, :attr:`result`, :attr:`busy`, :attr:`html`.

    >>> table = WhiskyPokerTable(opponents=1, seed=2)
    >>> table.log
    ('Bot 1 took the unseen spare; its old hand 9♥ 10♦ 10♥ K♦ A♦ is the spare now',)
    >>> table.knock_button.click()
    >>> table.game.is_over, table.log[1:]
    (True, ('You knocked: everyone else has one more turn', 'Bot 1 gave J♣ and took A♦'))
    >>> table.pass_button.click()
    >>> table.message
    'The deal is over: click New game to play again.'
    """

    def __init__(
        self,
        opponents: int = 3,
        bot: BotSpec = GreedyBot,
        jokers: bool = False,
        seed: int | None = None,
        *,
        background: bool | None = None,
    ) -> None:
        if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= MAX_PLAYERS - 1:
            raise ValueError(f"opponents is 1 to {MAX_PLAYERS - 1}, not {opponents!r}")
        self.opponents = opponents
        self.jokers = bool(jokers)
        self._bot_spec = bot
        self._background_choice = background
        self._message = ""
        self._log: list[str] = []
        self._give: int | None = None
        self._take: int | None = None
        self._hand: tuple[Card, ...] = ()
        self._spare: tuple[Card, ...] = ()

        self.title = w.HTML()
        self.board = w.HTML()
        self.prompt = w.HTML()
        self.spare_backs = w.HTML()
        self.spare_buttons = [game_card_button() for _ in range(HAND)]
        self.hand_buttons = [game_card_button() for _ in range(HAND)]
        for i in range(HAND):
            self.spare_buttons[i].on_click(self._spare_clicked(i))
            self.hand_buttons[i].on_click(self._hand_clicked(i))
        self.pass_button = action_button("Pass", "forward", "", "keep your cards (phase 1 only)")
        self.take_button = action_button("Take the spare", "download", "warning", "swap your whole hand with the spare")
        self.exchange_button = action_button("Exchange", "exchange", "primary", "give the chosen card, take the other")
        self.knock_button = action_button("Knock", "hand-rock-o", "danger", "keep your hand: the others get one turn")
        self.new_game_button = action_button("New game", "refresh", "", "deal again (the next seed)")
        self.replay_button = action_button("Replay", "list", "", "the game record, once the deal is over")
        self.message_label = message_box()
        self.thinker = Thinker()
        self.log_view = w.HTML(layout=w.Layout(width="100%"))
        self.showdown = w.HTML()
        self.replay_view = w.HTML()

        self.pass_button.on_click(lambda _b: self._play("pass"))
        self.take_button.on_click(lambda _b: self._play("take"))
        self.exchange_button.on_click(lambda _b: self._play("exchange"))
        self.knock_button.on_click(lambda _b: self._play("knock"))
        self.new_game_button.on_click(lambda _b: self.new_game())
        self.replay_button.on_click(lambda _b: self._show_replay())

        self.spare_row = w.HBox(self.spare_buttons)
        self.spare_row.add_class("cc-spare-row")
        hand_row = w.HBox(self.hand_buttons)
        hand_row.add_class("cc-hand-row")
        tray = w.VBox(
            [
                self.prompt,
                tray_label("The spare"),
                self.spare_backs,
                self.spare_row,
                tray_label("Your hand"),
                hand_row,
                w.HBox(
                    [self.pass_button, self.take_button, self.exchange_button, self.knock_button],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
                self.message_label,
                self.thinker.widget,
            ],
            layout=w.Layout(border=f"1px solid {LINE}", padding="6px 10px", margin="8px 0 0 0"),
        )
        tray.add_class("cc-tray")
        play_column = w.VBox([self.board, tray], layout=w.Layout(flex="1 1 560px", min_width="520px"))
        side = w.VBox([self.log_view], layout=w.Layout(flex="0 1 360px", min_width="280px", margin="0 0 0 14px"))
        self.widget = w.VBox(
            [
                self.title,
                w.HBox([play_column, side], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
                self.showdown,
                w.HBox([self.new_game_button, self.replay_button]),
                self.replay_view,
            ],
            layout=w.Layout(padding="4px", max_width="1120px"),
        )
        self.widget.add_class("cc-game-table")
        self.widget.add_class("cc-whisky-table")
        self._start(seed)

    # -- state -------------------------------------------------------------

    @property
    def game(self) -> WhiskyPoker:
        """The game being played (the whole truth: for tests and teaching)."""
        return self._game

    @property
    def bots(self) -> tuple[Bot, ...]:
        """The computer players, seat 1 first."""
        return tuple(self._bots)

    @property
    def seed(self) -> int:
        """The seed of the deal being played."""
        return self._seed

    @property
    def view(self) -> WhiskyObservation:
        """What you may know now: ``game.observation(0)``."""
        return self._game.observation(YOU)

    @property
    def give(self) -> Card | None:
        """The card of your hand chosen for an exchange."""
        return None if self._give is None else self._hand[self._give]

    @property
    def take(self) -> Card | None:
        """The card of the spare chosen for an exchange."""
        return None if self._take is None else self._spare[self._take]

    @property
    def message(self) -> str:
        """The last refusal or hint, "" when the last click was accepted."""
        return self._message

    @property
    def log(self) -> tuple[str, ...]:
        """Every public event so far, one line each (bots' estimates added)."""
        return tuple(self._log)

    @property
    def result(self) -> Any:
        """The :class:`~cardcommons.whisky.WhiskyResult`, once the deal is over."""
        return self._game.result

    @property
    def busy(self) -> bool:
        """True while the bots think in the background."""
        return self.thinker.busy

    @property
    def html(self) -> str:
        """Everything the table shows now, as HTML and the visible buttons' labels."""
        parts = [self.title.value, self.board.value, self.prompt.value, self.spare_backs.value]
        spare_shown = self.spare_row.layout.display != "none"
        parts += [b.description for b in self.spare_buttons if spare_shown and b.layout.display != "none"]
        parts += [b.description for b in self.hand_buttons if b.layout.display != "none"]
        parts += [self.message_label.value, self.log_view.value, self.showdown.value, self.replay_view.value]
        return "\n".join(parts)

    def hand_button(self, card: Card) -> Any:
        """The button of a card of your hand."""
        return self.hand_buttons[self._hand.index(card)]

    def spare_button(self, card: Card) -> Any:
        """The button of a card of the spare (face up)."""
        return self.spare_buttons[self._spare.index(card)]

    def wait(self, timeout: float | None = None) -> None:
        """Wait until bots thinking in the background have moved."""
        self.thinker.wait(timeout)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)

    # -- games -------------------------------------------------------------

    def new_game(self) -> None:
        """Deal again, with the next seed."""
        if self.busy:
            self._say("The bots are thinking: wait for their moves before dealing again.")
            return
        self._start(self._seed + 1)

    def _start(self, seed: int | None) -> None:
        self._seed = fresh_seed() if seed is None else seed
        self._game = WhiskyPoker(self.opponents + 1, jokers=self.jokers, seed=self._seed)
        self._bots = [make_bot(self._bot_spec, self._seed * 10 + seat) for seat in range(1, self.opponents + 1)]
        choice = self._background_choice
        slow = any(isinstance(b, MonteCarloBot) for b in self._bots)
        self._background = slow if choice is None else choice
        self._log = []
        self._seen = 0
        self._give = self._take = None
        self._message = ""
        self.replay_view.value = ""
        self._refresh()
        self._bots_turn()

    # -- your moves --------------------------------------------------------

    def _refusal(self) -> str | None:
        if self.busy:
            return "The bots are thinking: wait for your turn."
        if self._game.is_over:
            return "The deal is over: click New game to play again."
        if self._game.current_player != YOU:
            return "It is not your turn."
        return None

    def _play(self, move: str) -> None:
        refusal = self._refusal()
        if refusal:
            self._say(refusal)
            return
        game = self._game
        action: WhiskyAction
        if move == "pass":
            action = Pass()
        elif move == "take":
            action = TakeSpare()
        elif move == "knock":
            action = Knock()
        else:
            if game.phase == 1:
                self._say("No exchanging while the spare is face down: pass, take it, or knock.")
                return
            if self.give is None or self.take is None:
                self._say("Click a card of your hand, then a card of the spare, then Exchange.")
                return
            action = Exchange(give=self.give, take=self.take)
        if action not in game.legal_actions():
            self._say(
                "No passing once the spare is face up: exchange, take the spare, or knock."
                if isinstance(action, Pass)
                else f"You cannot {action} now."
            )
            return
        try:
            game.apply(action)
        except IllegalActionError as error:
            self._say(str(error))
            return
        self._give = self._take = None
        self._message = ""
        self._catch_up()
        self._refresh()
        self._bots_turn()

    def _hand_clicked(self, index: int) -> Any:
        def clicked(_button: Any) -> None:
            refusal = self._refusal() or self._phase_one()
            if refusal or index >= len(self._hand):
                self._say(refusal or "No card there.")
                return
            self._give = None if self._give == index else index
            self._message = ""
            self._refresh()

        return clicked

    def _spare_clicked(self, index: int) -> Any:
        def clicked(_button: Any) -> None:
            refusal = self._refusal() or self._phase_one()
            if refusal or index >= len(self._spare):
                self._say(refusal or "No card there.")
                return
            self._take = None if self._take == index else index
            self._message = ""
            self._refresh()

        return clicked

    def _phase_one(self) -> str | None:
        if self._game.phase == 1:
            return "The spare is face down: exchanges start once it is face up. Pass, take it, or knock."
        return None

    def _say(self, text: str) -> None:
        self._message = text
        self.message_label.value = message_html(text)

    # -- the bots ----------------------------------------------------------

    def _bots_turn(self) -> None:
        if self._game.current_player in (None, YOU):
            return
        self.thinker.run(self._bot_moves, self._background, "The bots", then=self._refresh)

    def _bot_moves(self) -> None:
        game = self._game
        try:
            while (seat := game.current_player) not in (None, YOU):
                assert seat is not None
                bot = self._bots[seat - 1]
                action = bot.act(game.observation(seat), game.legal_actions())
                game.apply(action)
                self._catch_up(estimate_note(bot, action))
                if self._background:
                    self._refresh()  # one move at a time
        except Exception as error:  # a bot that fails must not leave a traceback on the table
            self._say(f"A bot could not move: {error}")

    def _catch_up(self, note: str = "") -> None:
        """Log the public events not logged yet (the first one with ``note``)."""
        events = self._game.events
        for k, event in enumerate(events[self._seen :]):
            line = event_line(event)
            self._log.append(f"{line} ({note})" if note and k == 0 else line)
        self._seen = len(events)

    # -- drawing -----------------------------------------------------------

    def _refresh(self) -> None:
        game = self._game
        view = self.view
        yours = game.current_player == YOU and not self.busy
        hand = view.hand
        spare = view.spare or ()
        if hand != self._hand:
            self._give = None
        if spare != self._spare:
            self._take = None
        self._hand, self._spare = hand, spare
        for i, button in enumerate(self.hand_buttons):
            set_card(button, hand[i] if i < len(hand) else None, i == self._give)
        for i, button in enumerate(self.spare_buttons):
            set_card(button, spare[i] if i < len(spare) else None, i == self._take)
        face_up = view.spare is not None
        self.spare_row.layout.display = None if face_up else "none"
        self.spare_backs.layout.display = "none" if face_up else None
        note = "face down: nobody has seen it" if not game.is_over else "never turned up"
        self.spare_backs.value = (
            ""
            if face_up
            else f'<div style="display:flex;align-items:center">{_backs(HAND)}'
            f'<span style="margin-left:10px;color:{MUTED};font:13px {FONT}">{note}</span></div>'
        )
        legal = set(game.legal_actions()) if yours else set()
        self.pass_button.disabled = Pass() not in legal
        self.take_button.disabled = TakeSpare() not in legal
        self.knock_button.disabled = Knock() not in legal
        self.exchange_button.disabled = not any(isinstance(a, Exchange) for a in legal)
        self.pass_button.layout.display = None if game.phase == 1 else "none"
        self.exchange_button.layout.display = "none" if game.phase == 1 else None
        self.replay_button.disabled = not game.is_over
        self.new_game_button.disabled = self.busy

        self.title.value = self._title_html()
        self.board.value = self._board_html(view)
        self.prompt.value = self._prompt_html()
        self.message_label.value = message_html(self._message)
        self.log_view.value = log_html(self._log)
        self.showdown.value = self._showdown_html()

    def _title_html(self) -> str:
        game = self._game
        names = sorted({bot_name(b) for b in self._bots})
        return (
            f'<div style="font:600 18px/1.3 {FONT};padding:2px 0 6px">Whisky Poker'
            f'<span style="font-weight:400;font-size:14px;opacity:.75"> · you against {self.opponents} '
            f"{escape(' / '.join(names))} · {escape(str(game.pack))} · deal {self._seed}</span></div>"
        )

    def _board_html(self, view: WhiskyObservation) -> str:
        game = self._game
        result = game.result
        seats = []
        for seat in range(1, game.players):
            if result is not None:
                cards: list[Card | None] = list(result.hands[seat])
            else:
                known = list(view.known[seat])
                cards = [*known, *([None] * (HAND - len(known)))]
            chips = []
            if seat == game.dealer:
                chips.append("dealer")
            if seat in view.knocks:
                chips.append("knocked" if seat == view.knocker else "knocked too")
            if result is not None and seat in result.winners:
                chips.append("wins")
            label = escape(seat_name(seat)) + "".join(f" · {c}" for c in chips)
            seats.append(zone_html(label, cards, highlight=view.current_player == seat))
        phase = (
            "Phase 1 · the spare is face down"
            if game.phase == 1
            else "Phase 2 · the spare is face up: exchange, take it all, or knock"
        )
        if game.is_over:
            phase = "Showdown"
        elif view.knocker is not None:
            phase += f" · {seat_name(view.knocker)} knocked: last turns"
        you = []
        if game.dealer == YOU:
            you.append("you deal")
        if YOU in view.knocks:
            you.append("you knocked")
        head = (
            f'<div style="display:flex;justify-content:space-between;align-items:baseline">'
            f'<span style="font:700 16px {FONT}">{phase}</span>'
            f'<span style="font-size:12px;color:{FELT_MUTED}">{self._turn_text()}'
            f"{''.join(' · ' + y for y in you)}</span></div>"
        )
        return felt_html(f"{head}<div>{''.join(seats)}</div>", css_class="cc-felt cc-board")

    def _turn_text(self) -> str:
        turn = self._game.current_player
        if turn is None:
            return "the deal is over"
        return "your turn" if turn == YOU else f"{seat_name(turn)} to play"

    def _prompt_html(self) -> str:
        game = self._game
        if game.is_over:
            text = "The deal is over: see the showdown. New game deals again."
        elif self.busy or game.current_player != YOU:
            text = "The bots are playing…"
        elif game.phase == 1:
            text = "The spare is face down: <b>Pass</b>, <b>Take the spare</b> unseen, or <b>Knock</b>."
        else:
            give, take = self.give, self.take
            shown = [cards_text([c]) if c is not None else "?" for c in (give, take)]
            chosen = f" · give <b>{shown[0]}</b>, take <b>{shown[1]}</b>" if give or take else ""
            text = (
                "Click a card of your hand, then one of the spare, then <b>Exchange</b>; "
                f"or <b>Take the spare</b>, or <b>Knock</b>{chosen}."
            )
        return f'<div style="font:14px {FONT};padding:2px 0 4px" class="cc-prompt">{text}</div>'

    def _showdown_html(self) -> str:
        result = self._game.result
        if result is None:
            return ""
        if result.is_draw:
            headline, good = "A draw by repetition: nobody wins.", None
        elif YOU in result.winners:
            headline, good = ("You win!" if len(result.winners) == 1 else "You share the win!"), True
        else:
            names = " and ".join(seat_name(s) for s in sorted(result.winners))
            headline = f"{names} win{'s' if len(result.winners) == 1 else ''}."
            good = False
        rows = []
        knocker = self._game.knocker
        for seat, (hand, value) in enumerate(zip(result.hands, result.values, strict=True)):
            won = seat in result.winners
            style = f"background:#fff3c4;border-left:4px solid {GOLD}" if won else "border-left:4px solid transparent"
            tags = " · knocked" if seat == knocker else ""
            rows.append(
                f'<tr class="cc-showdown-row{" cc-winner" if won else ""}" style="{style}">'
                f'<td style="padding:4px 8px;font-weight:600;white-space:nowrap">{escape(seat_name(seat))}'
                f'<div style="font-weight:400;font-size:11px;color:{MUTED}">{tags.strip(" ·")}</div></td>'
                f'<td style="padding:2px 8px;white-space:nowrap">{"".join(card_html(c) for c in hand)}</td>'
                f'<td style="padding:4px 8px"><b>{escape(value.category.label)}</b>'
                f'<div style="font-size:12px;color:{MUTED}">{escape(value.describe())}</div></td>'
                f'<td style="padding:4px 8px;font-weight:700;color:#2e7d32">{"wins" if won else ""}</td></tr>'
            )
        table = f'<table style="border-collapse:collapse;color:{INK}">{"".join(rows)}</table>'
        spare = (
            f'<div style="margin-top:6px;font-size:12px;color:{MUTED}">The spare: {cards_text(result.spare)}</div>'
            if result.spare
            else ""
        )
        explanation = f'<div style="margin-top:6px;font-size:13px">{escape(result.explanation)}</div>'
        return panel_html(
            f'<div class="cc-showdown">{result_banner(headline, good=good)}{table}{spare}{explanation}</div>',
            accent=GOLD,
        )

    def _show_replay(self) -> None:
        game = self._game
        if not game.is_over:
            self._say("The record shows every card: it opens once the deal is over.")
            return
        record = game.record()
        same = WhiskyPoker.replay(record).result == game.result
        check = "replayed from the record: the same result ✓" if same else "replay differs!"
        lines = "".join(f"<li>{escape(line)}</li>" for line in self._log)
        self.replay_view.value = panel_html(
            f'<div class="cc-replay"><b>Replay of deal {self._seed}</b> · {check}'
            f'<ol style="margin:4px 0 6px 18px;padding:0">{lines}</ol>'
            f'<pre style="white-space:pre-wrap;font-size:11px;background:#f6f8fa;color:{INK};padding:6px;'
            f'border-radius:4px;margin:0">{escape(json.dumps(record))}</pre></div>'
        )


def _backs(n: int) -> str:
    return "".join(card_html(None, title="the spare, face down") for _ in range(n))
