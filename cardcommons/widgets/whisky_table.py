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
Bot 1 passed
Bot 2 passed
The spare is turned face up: 8♣ 9♦ J♣ J♠ K♥
>>> table.game.phase, table.game.current_player   # phase 2: trade with the face-up spare
(2, 0)
>>> table.exchange_button.click()   # nothing chosen yet: a message, no move
>>> table.message
'Click a card of your hand, then a card of the spare, then Exchange.'
"""

from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as w

from cardcommons.bots import GreedyBot
from cardcommons.cards import Card, cards_str
from cardcommons.errors import IllegalActionError, RulesError
from cardcommons.faces import card_html, text_html
from cardcommons.game import Action, Bot
from cardcommons.hands import HAND_SIZE
from cardcommons.packs import MAX_PLAYERS
from cardcommons.palette import (
    AMBER_TINT,
    FELT_MUTED,
    FONT,
    GOLD,
    GREEN_ACCENT,
    INK,
    MUTED,
    ORANGE,
    accent_text,
    card_name,
)
from cardcommons.whisky import Event, Exchange, Knock, Pass, TakeSpare, WhiskyAction, WhiskyObservation, WhiskyPoker
from cardcommons.widgets.cards import panel_html
from cardcommons.widgets.game_table import YOU, GameTable, TableWords
from cardcommons.widgets.table_parts import (
    BotSpec,
    action_button,
    board_html,
    bot_title,
    bots_label,
    checked_flag,
    game_card_button,
    option_toggle,
    result_banner,
    set_card,
    tray_label,
    zone_html,
)

__all__ = ["WhiskyPokerTable"]

COMPACT_FROM = 5
"""Above this many players, the other seats' cards are drawn small and the moves since yours are left to the
log, so your hand and moves stay in view."""


def seat_name(seat: int) -> str:
    """ "You" for seat 0, "Bot 1", "Bot 2", ... for the others.

    >>> seat_name(0), seat_name(3)
    ('You', 'Bot 3')
    """
    return "You" if seat == YOU else f"Bot {seat}"


def event_line(event: Event) -> str:
    """A public event in words, with the seats named as at this table (the Joker ``JO``).

    >>> event_line(Event(2, Knock(), 2, first_knock=True))
    'Bot 2 knocked: everyone else has one more turn'
    """
    return event.describe(you=YOU, name=seat_name)


class WhiskyPokerTable(GameTable[WhiskyPoker, WhiskyObservation]):
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
    once and logged one per line; on the felt, the moves since your last one
    appear one by one (a short fade you need not wait for) and the cards
    that became known since are raised in a gold ring. After the first
    knock everyone else has one more turn; then the showdown shows every
    hand. ``first_seat=True`` (or the *Play first* toggle) seats you at the
    dealer's left, so you play first.

    Controls: :attr:`hand_buttons`, :attr:`spare_buttons` (or
    :meth:`hand_button`, :meth:`spare_button`), :attr:`pass_button`,
    :attr:`take_button`, :attr:`exchange_button`, :attr:`knock_button`,
    :attr:`new_game_button`, :attr:`replay_button`, :attr:`first_seat`. State (read-only):
    :attr:`game`, :attr:`view`, :attr:`give`, :attr:`take`, :attr:`message`,
    :attr:`log`, :attr:`result`, :attr:`busy`, :attr:`html`.

    >>> table = WhiskyPokerTable(opponents=1, seed=2)
    >>> table.log
    ('Bot 1 took the unseen spare; its old hand 9♥ 10♦ 10♥ K♦ A♦ is the spare now',)
    >>> table.knock_button.click()
    >>> table.game.is_over, table.log[1:]
    (True, ('You knocked: everyone else has one more turn', 'Bot 1 gave J♠ and took A♦'))
    >>> table.pass_button.click()
    >>> table.message
    'The deal is over: click New game to play again.'
    """

    words = TableWords(
        name="Whisky Poker",
        game="deal",
        result="showdown",
        thinking="The bots are thinking",
        busy_deal="The bots are thinking: wait for their moves before dealing again.",
        busy_move="The bots are thinking: wait for your turn.",
        not_your_turn="It is not your turn.",
        bots_playing="The bots are playing…",
        bot_failed="A bot could not move",
    )

    def __init__(
        self,
        opponents: int = 3,
        bot: BotSpec = GreedyBot,
        jokers: bool = False,
        seed: int | None = None,
        *,
        first_seat: bool = False,
        background: bool | None = None,
    ) -> None:
        if isinstance(opponents, bool) or not isinstance(opponents, int) or not 1 <= opponents <= MAX_PLAYERS - 1:
            raise RulesError(f"opponents is 1 to {MAX_PLAYERS - 1}, not {opponents!r}")
        checked_flag("jokers", jokers)
        checked_flag("first_seat", first_seat)
        super().__init__(bot, background)
        self.opponents = opponents
        self.jokers = jokers
        self._give: int | None = None
        self._take: int | None = None
        self._hand: tuple[Card, ...] = ()
        self._spare: tuple[Card, ...] = ()
        self._seen = 0
        self._mark = 0  # the events before your last move
        self._known_at_mark: tuple[tuple[Card, ...], ...] = ()
        self._played_strip = -1  # the mark whose strip has been animated

        self.first_seat = option_toggle(
            "Play first",
            "step-forward",
            "sit at the dealer's left: you play first (from the next deal, once you moved)",
        )
        self.first_seat.value = first_seat
        self.first_seat.observe(self._first_seat_changed, names="value")
        self.spare_backs = w.HTML()
        self.spare_buttons = [game_card_button() for _ in range(HAND_SIZE)]
        self.hand_buttons = [game_card_button() for _ in range(HAND_SIZE)]
        for i in range(HAND_SIZE):
            self.spare_buttons[i].on_click(self._card_clicked(i, spare=True))
            self.hand_buttons[i].on_click(self._card_clicked(i, spare=False))
        self.pass_button = action_button("Pass", "forward", "", "keep your cards (phase 1 only)")
        self.take_button = action_button("Take the spare", "download", "", "swap your whole hand with the spare")
        self.take_button.style.button_color, self.take_button.style.text_color = ORANGE, "#ffffff"  # 5:1
        self.exchange_button = action_button("Exchange", "exchange", "primary", "give the chosen card, take the other")
        self.knock_button = action_button("Knock", "hand-rock-o", "danger", "keep your hand: the others get one turn")
        self.showdown = w.HTML()

        self.pass_button.on_click(lambda _b: self._play("pass"))
        self.take_button.on_click(lambda _b: self._play("take"))
        self.exchange_button.on_click(lambda _b: self._play("exchange"))
        self.knock_button.on_click(lambda _b: self._play("knock"))

        self.spare_row = w.HBox(self.spare_buttons)
        self.spare_row.add_class("cc-spare-row")
        hand_row = w.HBox(self.hand_buttons)
        hand_row.add_class("cc-hand-row")
        self._lay_out(
            [
                tray_label("The spare"),
                self.spare_backs,
                self.spare_row,
                tray_label("Your hand"),
                hand_row,
                w.HBox(
                    [self.pass_button, self.take_button, self.exchange_button, self.knock_button],
                    layout=w.Layout(flex_flow="row wrap", min_height="40px"),
                ),
            ],
            self.showdown,
            w.HBox([self.new_game_button, self.replay_button, self.first_seat]),
            "cc-whisky-table",
        )
        self._start(seed)

    # -- state -------------------------------------------------------------

    @property
    def bots(self) -> tuple[Bot, ...]:
        """The computer players, seat 1 first."""
        return tuple(self._bots)

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
    def result(self) -> Any:
        """The :class:`~cardcommons.whisky.WhiskyResult`, once the deal is over."""
        return self._game.result

    def hand_button(self, card: Card) -> Any:
        """The button of a card of your hand."""
        return self.hand_buttons[self._hand.index(card)]

    def spare_button(self, card: Card) -> Any:
        """The button of a card of the spare (face up)."""
        return self.spare_buttons[self._spare.index(card)]

    # -- games -------------------------------------------------------------

    def _deal(self, seed: int) -> WhiskyPoker:
        self._seen = self._mark = 0
        self._known_at_mark = ()
        self._played_strip = -1
        self._give = self._take = None
        players = self.opponents + 1
        dealer = players - 1 if self.first_seat.value else None  # the dealer's left is seat 0: you
        return WhiskyPoker(players, jokers=self.jokers, dealer=dealer, seed=seed)

    def _first_seat_changed(self, _change: dict[str, Any]) -> None:
        if self.busy or any(line.startswith("You") for line in self._log):
            self._say("Your seat changes from the next deal: click New game.", error=self.busy)
            return
        self._start(self._seed)

    def _bot_seed(self, seat: int) -> int:
        return self._seed * 10 + seat

    # -- your moves --------------------------------------------------------

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
        self._mark = len(game.events)  # the bots' moves from here on show on the felt, one by one
        self._known_at_mark = self.view.known
        self._follow = True
        self._refresh()
        self._bots_turn()

    def _card_clicked(self, index: int, *, spare: bool) -> Any:
        """The click on the ``index``-th card of your hand (or of the spare):
        choose it for an exchange, or put it back."""

        def clicked(_button: Any) -> None:
            refusal = self._refusal() or self._phase_one()
            if refusal or index >= len(self._spare if spare else self._hand):
                self._say(refusal or "No card there.")
                return
            if spare:
                self._take = None if self._take == index else index
            else:
                self._give = None if self._give == index else index
            self._message = ""
            self._refresh()
            self._announce(self._exchange_words())
            self.focus_next()  # from your card to the spare's, then to Exchange

        return clicked

    def _exchange_words(self) -> str:
        """The exchange being built, for a screen reader: what you give, what you take, what comes next.

        >>> table = WhiskyPokerTable(opponents=1, seed=5)
        >>> table._give = 0
        >>> table._exchange_words()
        'Exchange so far: give Nine of spades; take: not chosen yet. Click a card of the spare.'
        """
        give, take = self.give, self.take
        if give is None and take is None:
            return "No card chosen for an exchange."
        words = [card_name(c) if c is not None else "not chosen yet" for c in (give, take)]
        then = (
            "Then Exchange."
            if give is not None and take is not None
            else f"Click a card of {'the spare' if give is not None else 'your hand'}."
        )
        return f"Exchange so far: give {words[0]}; take{':' if take is None else ''} {words[1]}. {then}"

    def _phase_one(self) -> str | None:
        if self._game.phase == 1:
            return "The spare is face down: exchanges start once it is face up. Pass, take it, or knock."
        return None

    # -- the bots ----------------------------------------------------------

    def _bot_moved(self, action: Action, note: str) -> None:
        self._catch_up(note)
        if self._background:
            self._refresh()  # one move at a time

    def _unseen_move(self, seat: int, action: Action) -> str:
        if isinstance(action, TakeSpare) and self._game.phase == 1:
            return f"{seat_name(seat)} took the spare unseen"
        return ""

    def _catch_up(self, note: str = "") -> None:
        """Log the public events not logged yet (the first one with ``note``)."""
        events = self._game.events
        for k, event in enumerate(events[self._seen :]):
            line = event_line(event)
            self._log.append(f"{line} ({note})" if note and k == 0 else line)
        self._seen = len(events)

    # -- drawing -----------------------------------------------------------

    def _arrange(self, view: WhiskyObservation) -> None:
        game = self._game
        yours = game.current_player == YOU and not self.thinker.thinking
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
            else f'<div style="display:flex;align-items:center">{_backs(HAND_SIZE)}'
            f'<span style="margin-left:10px;color:{MUTED};font:13px {FONT}">{note}</span></div>'
        )
        legal = set(game.legal_actions()) if yours else set()
        self.pass_button.disabled = Pass() not in legal
        self.take_button.disabled = TakeSpare() not in legal
        self.knock_button.disabled = Knock() not in legal
        self.exchange_button.disabled = not any(isinstance(a, Exchange) for a in legal)
        # only your moves show: none while the bots play
        self.pass_button.layout.display = None if yours and game.phase == 1 else "none"
        self.exchange_button.layout.display = None if yours and game.phase == 2 else "none"
        for button in (self.take_button, self.knock_button):
            button.layout.display = None if yours else "none"

    def _tray_text(self) -> list[str]:
        spare_shown = self.spare_row.layout.display != "none"
        spare = [b.description for b in self.spare_buttons if spare_shown and b.layout.display != "none"]
        return [
            self.spare_backs.value,
            *spare,
            *(b.description for b in self.hand_buttons if b.layout.display != "none"),
        ]

    def _title_details(self) -> str:
        names = sorted({bot_title(b) for b in self._bots})
        against = bots_label(self.opponents, names[0]) if len(names) == 1 else f"{self.opponents} {' / '.join(names)}"
        return f"you against {escape(against)} · {escape(str(self._game.pack))} · deal {self._seed}"

    def _board_html(self, view: WhiskyObservation) -> str:
        game = self._game
        result = game.result
        seats = []
        for seat in range(1, game.players):
            if result is not None:
                cards: list[Card | None] = list(result.hands[seat])
            else:
                known = list(view.known[seat])
                cards = [*known, *([None] * (HAND_SIZE - len(known)))]
            chips = []
            if seat == game.dealer:
                chips.append("dealer")
            if seat in view.knocks:
                chips.append("knocked" if seat == view.knocker else "knocked too")
            if result is not None and seat in result.winners:
                chips.append("wins")
            label = escape(seat_name(seat)) + "".join(f" · {c}" for c in chips)
            fresh = set() if result is not None else self._newly_known(view, seat)
            seats.append(zone_html(label, cards, highlight=view.current_player == seat, marked=fresh))
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
        turn = self._turn_text() + "".join(f" · {y}" for y in you)
        if game.players > COMPACT_FROM:  # a big table: the moves since yours are in the log beside it
            return board_html(phase, turn, f'<div class="cc-seats cc-compact">{"".join(seats)}</div>')
        return board_html(phase, turn, f'<div class="cc-seats">{"".join(seats)}</div>{self._strip_html()}')

    def _newly_known(self, view: WhiskyObservation, seat: int) -> set[Card]:
        """The cards of ``seat`` known to you that were not before your last move."""
        before = self._known_at_mark[seat] if self._known_at_mark else ()
        return set(view.known[seat]) - set(before)

    def _strip_html(self) -> str:
        """What happened since your last move, one line per move, each line
        fading in after the one before (once; you may play at any time)."""
        events = self._game.events[self._mark :]
        if not events or self.thinker.thinking:
            return ""
        animate = self._played_strip != self._mark
        self._played_strip = self._mark
        lines = []
        for k, event in enumerate(events):
            motion = f"animation:cc-appear .3s ease-out {0.35 * k:.2f}s both;" if animate else ""
            lines.append(f'<li class="cc-just" style="margin:1px 0;{motion}">{escape(event_line(event))}</li>')
        title = "Since your last move" if self._mark else "Before your first turn"
        return (
            "<style>@keyframes cc-appear{from{opacity:0;transform:translateX(-8px)}to{opacity:1}}</style>"
            f'<div class="cc-strip" style="margin:6px 0 2px;padding:4px 8px;border-radius:8px;'
            f'background:rgba(0,0,0,.2);font-size:13px"><div style="font:600 12px/1.3 {FONT};letter-spacing:.06em;'
            f'text-transform:uppercase;color:{FELT_MUTED}">{title}</div>'
            f'<ol style="margin:2px 0 0 20px;padding:0">{"".join(lines)}</ol></div>'
        )

    def _turn_text(self) -> str:
        turn = self._game.current_player
        if turn is None:
            return "the deal is over"
        return "your turn" if turn == YOU else f"{seat_name(turn)} to play"

    def _your_prompt(self, view: WhiskyObservation) -> str:
        last = (
            f"{escape(seat_name(view.knocker))} knocked: this is your last turn. <b>Knock</b> to keep your hand as "
            "it is, or change it once more. "
            if view.knocker is not None
            else ""
        )
        if self._game.phase == 1:
            return f"{last}The spare is face down: <b>Pass</b>, <b>Take the spare</b> unseen, or <b>Knock</b>."
        give, take = self.give, self.take
        shown = [cards_str([c]) if c is not None else "?" for c in (give, take)]
        chosen = f" · give <b>{shown[0]}</b>, take <b>{shown[1]}</b>" if give or take else ""
        return (
            f"{last}Click a card of your hand, then one of the spare, then <b>Exchange</b>; "
            f"or <b>Take the spare</b>, or <b>Knock</b>{chosen}."
        )

    def _seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def _next_control(self) -> Any:
        """In phase 2 a card of your hand to give, then one of the spare to take, then Exchange;
        in phase 1 the first move."""
        moves = (self.pass_button, self.exchange_button, self.take_button, self.knock_button)
        if self._game.phase == 2 and self._give is None:
            return self.hand_buttons[0]
        if self._game.phase == 2 and self._take is None:
            return self.spare_buttons[0]
        return next((b for b in moves if b.layout.display != "none" and not b.disabled), None)

    def _headline(self) -> tuple[str, bool | None]:
        result = self._game.result
        assert result is not None, "the deal is over"
        if result.is_draw:
            return "A draw by repetition: nobody wins.", None
        if YOU in result.winners:
            return ("You win!" if len(result.winners) == 1 else "You share the win!"), True
        names = " and ".join(seat_name(s) for s in sorted(result.winners))
        return f"{names} win{'s' if len(result.winners) == 1 else ''}.", False

    def _result_html(self) -> str:
        result = self._game.result
        if result is None:
            return ""
        headline, good = self._headline()
        rows = []
        knocker = self._game.knocker
        for seat, (hand, value) in enumerate(zip(result.hands, result.values, strict=True)):
            won = seat in result.winners
            style = (
                f"background:{AMBER_TINT};border-left:4px solid {GOLD}" if won else "border-left:4px solid transparent"
            )
            tags = " · knocked" if seat == knocker else ""
            rows.append(
                f'<tr class="cc-showdown-row{" cc-winner" if won else ""}" style="{style}">'
                f'<td style="padding:4px 8px;font-weight:600;white-space:nowrap">{escape(seat_name(seat))}'
                f'<div style="font-weight:400;font-size:11px;color:{MUTED}">{tags.strip(" ·")}</div></td>'
                f'<td style="padding:2px 8px;white-space:nowrap">{"".join(card_html(c) for c in hand)}</td>'
                f'<td style="padding:4px 8px"><b>{escape(value.category.label)}</b>'
                f'<div style="font-size:12px;color:{MUTED}">{escape(value.describe())}</div></td>'
                f'<td style="padding:4px 8px;font-weight:700;color:{accent_text(GREEN_ACCENT)}">'
                f"{'wins' if won else ''}</td></tr>"
            )
        table = f'<table class="cc-result-rows" style="border-collapse:collapse;color:{INK}">{"".join(rows)}</table>'
        spare = (
            f'<div style="margin-top:6px;font-size:12px;color:{MUTED}">The spare: {cards_str(result.spare)}</div>'
            if result.spare
            else ""
        )
        explanation = f'<div style="margin-top:6px;font-size:13px">{self._explanation_html()}</div>'
        return panel_html(
            f'<div class="cc-showdown">{result_banner(headline, good=good)}{table}{spare}{explanation}</div>',
            accent=GOLD,
        )

    def _explanation_html(self) -> str:
        """Why the showdown ended as it did, naming the seats as the table does."""
        result = self._game.result
        assert result is not None
        if result.is_draw:
            return text_html(result.explanation)
        winners = sorted(result.winners)
        best = result.values[winners[0]]
        names = " and ".join(seat_name(s) for s in winners)
        if len(winners) > 1:
            return f"{escape(names)} share the win with equal hands: {escape(best.describe())}."
        verb = "win" if winners == [YOU] else "wins"
        return f"{escape(names)} {verb} with {escape(best.describe())} ({cards_str(best.cards)})."

    def _replay_lines(self) -> list[str]:
        return list(self._log)


def _backs(n: int) -> str:
    return "".join(card_html(None, title="the spare, face down") for _ in range(n))
