"""SplitAndChooseTable: a whole game of Split and Choose against a computer player.

You are player 0, the bot player 1. The table shows only what you may know
(``game.observation(0)``): your cards, the face-up pairs, the face-down pairs
you split or took; everything else is drawn as card backs. The bot is handed
only its own observation and the legal actions.

>>> table = SplitAndChooseTable(seed=3, first_splitter=0)
>>> table.phase, table.game.current_player
('split', 0)
>>> for card in table.view.rounds[-1].cards[:2]:
...     table.card_button(card).click()
>>> table.split_button.click()
>>> table.log[0]
'You split A♣ K♥ face up, Q♣ J♥ face down'
>>> table.phase, len(table.log)    # the bot chose at once; now it splits round 2
('choose', 3)
>>> table.split_button.click()     # out of turn: a message, nothing changes
>>> table.message
'You cannot split now: choose the face-up or the face-down pair.'
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from html import escape
from typing import Any

import ipywidgets as w

from cardcommons.bots import HeuristicBot
from cardcommons.cards import Card, cards_str
from cardcommons.categories import STANDARD
from cardcommons.errors import IllegalActionError, RulesError
from cardcommons.faces import back_style
from cardcommons.game import Action, Bot
from cardcommons.hands import HAND_SIZE, HandValue, value_of
from cardcommons.palette import (
    AMBER_TINT,
    CARD_PAPER,
    FELT_MUTED,
    FONT,
    GOLD,
    INK,
    LINE,
    MUTED,
    card_colour,
    card_name,
)
from cardcommons.split_and_choose import (
    PACK,
    Build,
    Choose,
    Keep,
    RoundView,
    Split,
    SplitAndChoose,
    SplitAndChooseAction,
    SplitAndChooseObservation,
    SplitAndChooseResult,
    Swap,
    best_build,
)
from cardcommons.widgets.cards import panel_html
from cardcommons.widgets.game_table import YOU, GameTable, TableWords
from cardcommons.widgets.table_parts import (
    BotSpec,
    action_button,
    board_html,
    bot_name,
    bot_title,
    checked_flag,
    game_card_button,
    option_toggle,
    result_banner,
    set_card,
    zone_html,
)

__all__ = ["SplitAndChooseTable"]

BOT = 1
_LIMIT = {"split": 2, "reserve": 1, "build": HAND_SIZE}
_TODO = {
    "split": "split the four cards",
    "choose": "choose the face-up or the face-down pair",
    "reserve": "swap a card for the reserve, or keep",
    "build": "build your two hands",
    "over": "the game is over",
}


class SplitAndChooseTable(GameTable[SplitAndChoose, SplitAndChooseObservation]):
    """Play Split and Choose against a bot, with the cards on a green table.

    ``bot``: a bot instance, or a class or factory (called with ``seed=``);
    HeuristicBot by default, MonteCarloBot for a stronger one (it thinks in
    the background, with a progress bar, unless ``background=False``).
    ``seed``: the deal (None: a fresh one; New game takes the next seed).
    ``face_up_swap``: the face-up swap variant. ``first_splitter``: 0 if you
    split rounds 1, 3 and 5, 1 if the bot does, None for a coin toss drawn
    from the seed.

    How to play: **split** by clicking the two cards to put face up, then
    *Split*; **choose** with *Take the face-up pair* or *Take the face-down
    pair*; at the **reserve**, click a card then *Swap*, or *Keep*; **build**
    by clicking the five cards of one hand (or *Suggest the best build*),
    then *Build*. The result panel explains the comparison step by step.

    Controls (to drive it from code): :meth:`card_button` (or
    :attr:`card_buttons`), :attr:`split_button`, :attr:`face_up_button`,
    :attr:`face_down_button`, :attr:`swap_button`, :attr:`keep_button`,
    :attr:`suggest_button`, :attr:`build_button`, :attr:`new_game_button`,
    :attr:`replay_button`, :attr:`variant` (a toggle: the face-up swap).
    State (read-only): :attr:`game`, :attr:`view`, :attr:`phase`,
    :attr:`selection`, :attr:`message`, :attr:`log`, :attr:`result`,
    :attr:`busy`, :attr:`html`. Display the table, or its :attr:`widget`.

    >>> table = SplitAndChooseTable(bot=HeuristicBot, seed=1, face_up_swap=True, first_splitter=1)
    >>> table.phase, table.game.face_up_swap, table.log[0].startswith("The bot split")
    ('choose', True, True)
    >>> table.face_down_button.click()
    >>> table.message
    ''
    """

    words = TableWords(
        name="Split and Choose",
        game="game",
        result="result",
        thinking="The bot is thinking",
        busy_deal="The bot is thinking: wait for its move before dealing again.",
        busy_move="The bot is thinking: wait for its move.",
        not_your_turn="It is the bot's turn.",
        bots_playing="The bot is playing…",
        bot_failed="The bot could not move",
    )

    def __init__(
        self,
        bot: BotSpec = HeuristicBot,
        seed: int | None = None,
        face_up_swap: bool = False,
        first_splitter: int | None = None,
        *,
        background: bool | None = None,
    ) -> None:
        if first_splitter not in (None, 0, 1) or isinstance(first_splitter, bool):
            raise RulesError(f"first_splitter is 0 (you), 1 (the bot) or None (a coin toss), not {first_splitter!r}")
        checked_flag("face_up_swap", face_up_swap)
        super().__init__(bot, background)
        self._first_splitter = first_splitter
        self._selection: tuple[Card, ...] = ()
        self._row: tuple[Card, ...] = ()

        self.card_buttons = [game_card_button() for _ in range(10)]
        for i, button in enumerate(self.card_buttons):
            button.on_click(self._card_clicked(i))
        self.preview = w.HTML()
        self.split_button = action_button("Split", "random", "primary", "the chosen two cards go face up")
        self.face_up_button = action_button("Take the face-up pair", "eye", "primary")
        self.face_down_button = action_button("Take the face-down pair", "eye-slash", "primary")
        self.swap_button = action_button("Swap", "exchange", "primary", "give the chosen card, take the reserve")
        self.keep_button = action_button("Keep", "hand-paper-o", "", "keep your cards")
        self.suggest_button = action_button("Suggest the best build", "lightbulb-o", "info")
        self.build_button = action_button("Build", "check", "success", "the chosen five make one hand")
        self.variant = option_toggle(
            "Face-up swap", "exchange", "the face-up swap variant: every swap at the reserve is seen by both players"
        )
        self.variant.value = checked_flag("face_up_swap", face_up_swap)
        self.result_view = w.HTML()

        self.split_button.on_click(lambda _b: self._play("split"))
        self.face_up_button.on_click(lambda _b: self._play("up"))
        self.face_down_button.on_click(lambda _b: self._play("down"))
        self.swap_button.on_click(lambda _b: self._play("swap"))
        self.keep_button.on_click(lambda _b: self._play("keep"))
        self.build_button.on_click(lambda _b: self._play("build"))
        self.suggest_button.on_click(lambda _b: self._suggest())
        self.variant.observe(self._variant_changed, names="value")

        self._moves = [
            self.split_button,
            self.face_up_button,
            self.face_down_button,
            self.swap_button,
            self.keep_button,
            self.suggest_button,
            self.build_button,
        ]
        self._lay_out(
            [
                w.HBox(self.card_buttons, layout=w.Layout(flex_flow="row wrap", min_height="88px")),
                self.preview,
                w.HBox(self._moves, layout=w.Layout(flex_flow="row wrap", min_height="40px")),
            ],
            self.result_view,
            w.HBox([self.new_game_button, self.replay_button, self.variant], layout=w.Layout(flex_flow="row wrap")),
            "cc-split-and-choose-table",
        )
        self._start(seed)

    # -- state -------------------------------------------------------------

    @property
    def bot(self) -> Bot:
        """The computer player."""
        return self._bots[0]

    @property
    def view(self) -> SplitAndChooseObservation:
        """What you may know now: ``game.observation(0)``."""
        return self._game.observation(YOU)

    @property
    def phase(self) -> str:
        """'split', 'choose', 'reserve', 'build' or 'over'."""
        return self._game.phase

    @property
    def selection(self) -> tuple[Card, ...]:
        """The cards you have clicked for the move being made."""
        return self._selection

    @property
    def result(self) -> SplitAndChooseResult | None:
        """The result, once the game is over."""
        return self._game.result

    def card_button(self, card: Card) -> Any:
        """The tray button that shows ``card`` now."""
        return self.card_buttons[self._row.index(card)]

    # -- games -------------------------------------------------------------

    def _deal(self, seed: int) -> SplitAndChoose:
        """The game of ``seed``, with the variant the toggle shows."""
        first = self._first_splitter
        if first is None:
            first = random.Random(f"coin toss {seed}").randrange(2)
        self._selection = ()
        return SplitAndChoose(seed=seed, first_splitter=first, face_up_swap=bool(self.variant.value))

    def _bot_seed(self, seat: int) -> int:
        return self._seed + seat

    def _variant_changed(self, _change: dict[str, Any]) -> None:
        if self.busy:
            self._say("The variant applies from the next game: click New game.")
            return
        if any(a for a in self._log if a.startswith("You")):
            self._say("The variant applies from the next game: click New game.", error=False)
            return
        self._start(self._seed)

    # -- the reader's moves ------------------------------------------------

    def _refusal_to(self, wanted: str) -> str | None:
        """Why you cannot make a ``wanted`` move now (None if you can)."""
        refusal = self._refusal()
        phase = self._game.phase
        if refusal is None and phase != wanted:
            verb = {"split": "split", "choose": "choose a pair", "reserve": "swap or keep", "build": "build"}
            return f"You cannot {verb[wanted]} now: {_TODO[phase]}."
        return refusal

    def _play(self, move: str) -> None:
        phase = {"split": "split", "up": "choose", "down": "choose", "swap": "reserve", "keep": "reserve"}
        refusal = self._refusal_to(phase.get(move, "build"))
        if refusal:
            self._say(refusal)
            return
        chosen = self._selection
        action: SplitAndChooseAction
        if move == "split":
            if len(chosen) != 2:
                self._say(f"Click the two cards to put face up first ({len(chosen)} chosen).")
                return
            action = Split(face_up=chosen, face_down=tuple(c for c in self._row if c not in chosen))
        elif move in ("up", "down"):
            action = Choose(face_up=move == "up")
        elif move == "swap":
            if len(chosen) != 1:
                self._say("Click the card to give first, then Swap.")
                return
            action = Swap(chosen[0])
        elif move == "keep":
            action = Keep()
        else:
            if len(chosen) != HAND_SIZE:
                self._say(f"Click the five cards of one hand first ({len(chosen)} chosen), or ask for a suggestion.")
                return
            action = Build(hands=(chosen, tuple(c for c in self._row if c not in chosen)))
        try:
            self._game.apply(action, player=YOU)
        except IllegalActionError as error:
            self._say(str(error))
            return
        self._log.append(self._your_line(action))
        self._selection = ()
        self._message = ""
        self._follow = True
        self._refresh()
        self._bots_turn()

    def _your_line(self, action: SplitAndChooseAction) -> str:
        view = self.view
        match action:
            case Split(face_up=up, face_down=down):
                return f"You split {cards_str(up)} face up, {cards_str(down)} face down"
            case Choose(face_up=True):
                up = _last_chosen(view).face_up or ()
                return f"You took the face-up pair {cards_str(up)}"
            case Choose():
                down = _last_chosen(view).face_down or ()
                return f"You took the face-down pair: {cards_str(down)}"
            case Swap(card=card):
                taken = view.reserve[-1].taken
                return f"You swapped {cards_str([card])} for the reserve and got {cards_str([taken] if taken else [])}"
            case Keep():
                return "You kept your cards at the reserve"
            case _:
                return f"You built {cards_str(action.stronger)} and {cards_str(action.weaker)}"

    def _suggest(self) -> None:
        refusal = self._refusal_to("build")
        if refusal:
            self._say(refusal)
            return
        build = best_build(self.view.hand)
        self._selection = tuple(c for c in self._row if c in build.stronger)
        self._say("The best build is chosen: the raised cards are the stronger hand. Click Build to confirm.", False)
        self._refresh()

    def _card_clicked(self, index: int) -> Any:
        def clicked(_button: Any) -> None:
            game = self._game
            phase = game.phase
            refusal = self._refusal_to(phase) if phase in _LIMIT else None
            if refusal or phase not in _LIMIT or index >= len(self._row):
                self._say(refusal or f"No card to pick now: {_TODO[phase]}.")
                return
            card = self._row[index]
            if card in self._selection:
                self._selection = tuple(c for c in self._selection if c != card)
            elif len(self._selection) >= _LIMIT[phase]:
                limit = _LIMIT[phase]
                self._say(f"{limit} card{'s are' if limit > 1 else ' is'} chosen already: click one to put it back.")
                return
            elif phase == "reserve":
                self._selection = (card,)
            else:
                self._selection = (*self._selection, card)
            self._message = ""
            self._refresh()
            self._announce(self._choice_words())
            if len(self._selection) == _LIMIT[phase]:  # all chosen: on to the move that plays them
                self.focus_next()

        return clicked

    def _choice_words(self) -> str:
        """The move being built, for a screen reader: the cards chosen, in words, and what comes next.

        >>> table = SplitAndChooseTable(seed=3, first_splitter=0)
        >>> table.card_buttons[0].click()
        >>> table._choice_words()
        'Face up so far: Ace of clubs; one more to choose.'
        """
        chosen = self._selection
        names = ", ".join(card_name(c) for c in chosen) or "no card"
        phase = self._game.phase
        if phase == "split":
            left = 2 - len(chosen)
            then = ". Then Split." if not left else f"; {'one more' if left == 1 else 'two'} to choose."
            return f"Face up{' so far' if left else ''}: {names}{then}"
        if phase == "reserve":
            return f"To give for the reserve: {names}. Then Swap." if chosen else "No card chosen to give."
        left = HAND_SIZE - len(chosen)
        if left:
            return f"One hand so far: {names}; {left} more to choose."
        return f"One hand: {names}. Then Build."

    # -- the bot's moves ---------------------------------------------------

    def _bot_moved(self, action: Action, note: str) -> None:
        line = self._bot_line(action)
        self._log.append(f"{line} ({note})" if note else line)

    def _unseen_move(self, seat: int, action: Action) -> str:
        if isinstance(action, Split):
            return "the bot split a pair face down"
        if isinstance(action, Swap) and not self._game.face_up_swap:
            return "the bot swapped blind at the reserve"
        return ""

    def _bot_line(self, action: Action) -> str:
        """The bot's move as you saw it: built from your own view only."""
        view = self.view
        if isinstance(action, Split):
            up = view.rounds[-1].face_up or ()
            return f"The bot split: {cards_str(up)} face up, two cards face down"
        if isinstance(action, Choose):
            last = _last_chosen(view)
            if action.face_up:
                return f"The bot took the face-up pair {cards_str(last.face_up or ())}; you get the face-down pair"
            return f"The bot took the face-down pair; you get the face-up pair {cards_str(last.face_up or ())}"
        if isinstance(action, Keep):
            return "The bot kept at the reserve"
        if isinstance(action, Swap):
            seen = view.reserve[-1]
            if seen.given is not None:
                took = cards_str([seen.taken] if seen.taken else [])
                return f"The bot swapped {cards_str([seen.given])} for the reserve and took {took}"
            return "The bot swapped a card for the reserve (blind: you did not see which)"
        if isinstance(action, Build):
            return "The bot built its two hands (shown at the end)"
        return "The bot moved"

    # -- drawing -----------------------------------------------------------

    def _arrange(self, view: SplitAndChooseObservation) -> None:
        game = self._game
        phase = game.phase
        yours = game.current_player == YOU and not self.thinker.thinking
        if yours and phase == "split":
            row = view.rounds[-1].cards or ()
        elif yours and phase in ("reserve", "build"):
            row = view.hand
        else:
            row = ()
        if row != self._row:
            self._selection = tuple(c for c in self._selection if c in row)
        self._row = tuple(row)
        for i, button in enumerate(self.card_buttons):
            card = self._row[i] if i < len(self._row) else None
            set_card(button, card, card in self._selection)
            button.disabled = card is None

        legal = {
            "split": yours and phase == "split",
            "choose": yours and phase == "choose",
            "reserve": yours and phase == "reserve",
            "build": yours and phase == "build",
        }
        shown = {
            self.split_button: "split",
            self.face_up_button: "choose",
            self.face_down_button: "choose",
            self.swap_button: "reserve",
            self.keep_button: "reserve",
            self.suggest_button: "build",
            self.build_button: "build",
        }
        for button, needs in shown.items():  # only your moves of this phase show: none while the bot plays
            button.disabled = not legal[needs]
            button.layout.display = None if legal[needs] else "none"
        self.preview.value = self._preview_html()

    def _tray_text(self) -> list[str]:
        return [self.preview.value, *(b.description for b in self.card_buttons if b.layout.display != "none")]

    def _title_details(self) -> str:
        variant = "face-up swaps" if self._game.face_up_swap else "blind swaps"
        return f"you against {escape(bot_title(self.bot))} · {variant} · game {self._seed}"

    def _board_html(self, view: SplitAndChooseObservation) -> str:
        game = self._game
        phase = view.phase
        result = game.result
        if result is not None:
            return board_html("The game is over: both builds", self._turn_text(game), _builds_html(result))
        # the bot's seat: the cards you know it holds, backs for the rest
        taken = sum(2 for r in view.rounds if r.chose_face_up is not None)
        known = list(view.opponent_known)[:taken]
        bot_cards: list[Card | None] = [*known, *([None] * (taken - len(known)))]
        bot_turn = view.current_player == BOT
        bot_note = f"{len(known)} of {taken} known to you" if taken else ""
        top = zone_html(f"The bot · {escape(bot_name(self.bot))}", bot_cards, bot_note, highlight=bot_turn)

        middle = []
        if phase in ("split", "choose"):
            number = len(view.rounds)
            splitter = "you split" if view.rounds[-1].splitter == YOU else "the bot splits"
            last = view.rounds[-1]
            if last.face_up is not None:
                down: Sequence[Card | None] = last.face_down or (None, None)
                middle.append(zone_html("Face-up pair", last.face_up, highlight=phase == "choose"))
                middle.append(zone_html("Face-down pair", down, highlight=phase == "choose"))
            else:
                stock: Sequence[Card | None] = last.cards or (None,) * 4
                middle.append(zone_html("Four cards to split", stock, "in your tray below" if last.cards else ""))
            banner = f"Round {number} of 5 · {splitter}"
        elif phase == "reserve":
            banner = "The reserve: swap one card, or keep"
        elif phase == "build":
            banner = "Build: two hands of five"
        else:
            banner = "The game is over"
        middle.append(zone_html("Reserve", [self._reserve_face(view)], self._reserve_note(view)))
        rounds = self._rounds_html(view)

        mine_shown = not self._row or phase == "split"
        mine = (
            zone_html("Your cards", view.hand, highlight=view.current_player == YOU)
            if mine_shown
            else zone_html("Your cards", [], empty="in your tray below: click them there", highlight=True)
        )
        body = f"<div>{top}</div><div>{''.join(middle)}</div>{rounds}<div>{mine}</div>"
        return board_html(banner, self._turn_text(game), body)

    def _turn_text(self, game: SplitAndChoose) -> str:
        if game.is_over:
            return "game over"
        return "your turn" if game.current_player == YOU else "the bot's turn"

    def _reserve_face(self, view: SplitAndChooseObservation) -> Card | None:
        swaps = [d for d in view.reserve if d.swapped]
        return swaps[-1].given if swaps else None

    def _reserve_note(self, view: SplitAndChooseObservation) -> str:
        notes = []
        for d in view.reserve:
            who = "you" if d.player == YOU else "the bot"
            notes.append(f"{who} {'swapped' if d.swapped else 'kept'}")
        return ", ".join(notes) if notes else "face down, unseen"

    def _rounds_html(self, view: SplitAndChooseObservation) -> str:
        done = [r for r in view.rounds if r.chose_face_up is not None]
        if not done:
            return ""
        cells = []
        for number, r in enumerate(done, start=1):
            up = r.face_up or ()
            down: Sequence[Card | None] = r.face_down or (None, None)
            up_to = "you" if r.face_up_taker == YOU else "bot"
            down_to = "bot" if up_to == "you" else "you"
            cells.append(
                f'<div style="display:inline-block;margin:2px 8px 2px 0;font-size:12px;color:{FELT_MUTED}">'
                f"R{number} · {'you' if r.splitter == YOU else 'bot'} split<br>"
                f"{_mini(up)} → {up_to} &nbsp; {_mini(down)} → {down_to}</div>"
            )
        return f'<div style="margin:2px 0 4px">{"".join(cells)}</div>'

    def _your_prompt(self, view: SplitAndChooseObservation) -> str:
        game = self._game
        phase = game.phase
        if phase == "split":
            return "Click the <b>two cards to put face up</b>; the other two go face down. Then <b>Split</b>."
        if phase == "choose":
            return "Take the <b>face-up pair</b>, or the <b>face-down pair</b> unseen; the bot gets the other."
        if phase == "reserve":
            blind = "blind" if not game.face_up_swap else "face up"
            return f"Click a card then <b>Swap</b> it for the reserve ({blind}), or <b>Keep</b>."
        return "Click the <b>five cards of one hand</b>, or <b>Suggest the best build</b>; then <b>Build</b>."

    def _preview_html(self) -> str:
        phase = self._game.phase
        chosen = self._selection
        if phase == "split" and self._row:
            down = [c for c in self._row if c not in chosen]
            if len(chosen) == 2:
                return _note(f"Face up: <b>{cards_str(chosen)}</b> · face down: <b>{cards_str(down)}</b>")
            return _note(f"Face up so far: {cards_str(chosen) or 'none'} (two to choose)")
        if phase == "build" and self._row:
            if len(chosen) != HAND_SIZE:
                return _note(f"One hand so far: {cards_str(chosen) or 'none'} ({len(chosen)} of {HAND_SIZE})")
            rest = tuple(c for c in self._row if c not in chosen)
            raised, others = value_of(chosen, PACK, STANDARD), value_of(rest, PACK, STANDARD)
            rows = []
            for value, label, other in ((raised, "The raised five", others), (others, "The other five", raised)):
                role = "stronger hand" if value > other else "weaker hand" if value < other else "equal hands"
                rows.append(
                    f'<div>{label}: <b>{escape(value.describe())}</b> <span style="color:{MUTED}">({role})</span></div>'
                )
            return _note("".join(rows))
        return ""

    def _seat_name(self, seat: int) -> str:
        return "you" if seat == YOU else "the bot"

    def _next_control(self) -> Any:
        """The first card to pick while some are still to pick, then the move that plays them;
        the first pair to take when choosing."""
        phase = self._game.phase
        if self._row and len(self._selection) < _LIMIT.get(phase, 0):
            return self.card_buttons[0]
        plays = {"split": self.split_button, "choose": self.face_up_button, "reserve": self.swap_button}
        return plays.get(phase, self.build_button)

    def _headline(self) -> tuple[str, bool | None]:
        outcome = self.outcome
        assert outcome is not None, "the game is over"
        return {"win": ("You win!", True), "loss": ("The bot wins.", False), "draw": ("A draw.", None)}[outcome]

    def _result_html(self) -> str:
        result = self._game.result
        if result is None:
            return ""
        headline, good = self._headline()
        rows = []
        for player, name in ((YOU, "You"), (BOT, "The bot")):
            rows.append(
                f'<tr><td style="font-weight:600;padding:4px 8px 4px 0;vertical-align:top;white-space:nowrap">{name}'
                f"</td><td>{_hand_cell(result.weaker[player])}</td><td>{_hand_cell(result.stronger[player])}</td></tr>"
            )
        head = (
            f'<tr style="color:{MUTED};font-size:12px"><th></th><th style="text-align:left">weaker hand</th>'
            f'<th style="text-align:left">stronger hand</th></tr>'
        )
        table = (
            f'<table class="cc-result-rows" style="border-collapse:collapse;color:{INK}">{head}{"".join(rows)}</table>'
        )
        return panel_html(
            f'<div class="cc-result">{result_banner(headline, good=good)}{table}{_steps_html(result)}</div>',
            accent=GOLD,
        )

    def _replay_lines(self) -> list[str]:
        movers = self._movers()
        return [f"{'You' if p == YOU else 'Bot'}: {a}" for p, a in zip(movers, self._game.history, strict=False)]

    def _movers(self) -> list[int]:
        game = self._game
        replay = SplitAndChoose(seed=self._seed, first_splitter=game.first_splitter, face_up_swap=game.face_up_swap)
        movers = []
        for action in self._game.history:
            player = replay.current_player
            assert player is not None
            movers.append(player)
            replay.apply(action)
        return movers


def _last_chosen(view: SplitAndChooseObservation) -> RoundView:
    """The last round whose pair was chosen."""
    return [r for r in view.rounds if r.chose_face_up is not None][-1]


def _note(body: str) -> str:
    return f'<div style="font:13px {FONT};color:{INK};padding:2px 0" class="cc-preview">{body}</div>'


def _mini(cards: Sequence[Card | None]) -> str:
    """Cards as small text chips on the felt (a ▒ for a hidden one)."""
    chips = []
    for card in cards:
        if card is None:
            chips.append(
                '<span style="display:inline-block;width:12px;height:15px;border-radius:2px;margin:0 1px;'
                f'vertical-align:middle;{back_style(3, 1)}" role="img" aria-label="face-down card"></span>'
            )
        else:
            chips.append(
                f'<span style="display:inline-block;background:{CARD_PAPER};color:{card_colour(card)};'
                f'border-radius:3px;padding:0 3px;margin:0 1px;font-weight:700">{card!s}</span>'
            )
    return "".join(chips)


def _hand_cell(value: HandValue) -> str:
    """A hand of the result panel in words (its cards are on the felt)."""
    return (
        f'<div style="padding:2px 8px 2px 0;vertical-align:top"><b>{escape(value.category.label)}</b>'
        f'<div style="font-size:12px;color:{MUTED}">{escape(value.describe())}</div></div>'
    )


def _builds_html(result: SplitAndChooseResult) -> str:
    """Both players' builds on the felt, the bot's first: each hand's five cards."""
    seats = []
    hands = (("weaker", result.weaker), ("stronger", result.stronger))
    for player, name in ((BOT, "The bot"), (YOU, "You")):
        zones = "".join(
            zone_html(f"{name} · {which} hand", values[player].cards, escape(values[player].category.label))
            for which, values in hands
        )
        seats.append(f'<div class="cc-build">{zones}</div>')
    return "".join(seats)


def _steps_html(result: SplitAndChooseResult) -> str:
    w0, w1 = result.weaker
    s0, s1 = result.stronger
    strength = STANDARD.strength
    steps: list[tuple[str, str, tuple[Any, Any], str, str]] = [
        (
            "a",
            "weaker hands' categories",
            (strength(w0.category), strength(w1.category)),
            w0.category.label,
            w1.category.label,
        ),
        (
            "b",
            "stronger hands' categories",
            (strength(s0.category), strength(s1.category)),
            s0.category.label,
            s1.category.label,
        ),
        ("c", "weaker hands in full", (w0, w1), w0.describe(), w1.describe()),
        ("d", "stronger hands in full", (s0, s1), s0.describe(), s1.describe()),
    ]
    decided = result.step
    items = []
    reached = True
    for step, what, (mine, theirs), shown_a, shown_b in steps:
        if not reached:
            verdict, style = "not needed", f"color:{MUTED}"
        elif mine == theirs:
            verdict, style = "equal: go on", ""
        else:
            verdict = "you are higher: you win" if mine > theirs else "the bot is higher: the bot wins"
            style = f"background:{AMBER_TINT};border-left:4px solid {GOLD};padding-left:6px"
        items.append(
            f'<li class="cc-step cc-step-{step}" style="margin:3px 0;{style}"><b>({step})</b> {what}: '
            f"you {escape(shown_a)} · bot {escape(shown_b)} — <i>{verdict}</i></li>"
        )
        if step == decided:
            reached = False
    if decided is None:
        items.append('<li style="margin:3px 0"><b>Equal at every step: a draw.</b></li>')
    return (
        f'<ol style="list-style:none;margin:8px 0 0;padding:0;font-size:13px;border-top:1px solid {LINE};'
        f'padding-top:6px">{"".join(items)}</ol>'
    )
