"""Arcade: both game tables on one page, chosen and set up by controls, not code.

The page a reader opens to play (``notebooks/play.ipynb``, served by Voilà):
the game, its options and *New game* on top; the table; beside it a rules
card of the game and the hand-ranking cheat sheet of the pack in play. A
changed option deals a new game with it; each game keeps its own table, so
switching games and back resumes where you were.

>>> arcade = Arcade(seed=3)
>>> arcade.table.words.name, arcade.pack
('Split and Choose', Pack(lowest=10, jokers=1))
>>> arcade.game_choice.value = "whisky"
>>> arcade.table.words.name, arcade.table.game.players, str(arcade.pack)
('Whisky Poker', 4, '32-card pack (7 to A)')
>>> arcade.whisky_jokers.value = True           # a new deal, with the Joker
>>> str(arcade.pack), "wild only" in arcade.cheat_sheet_view.value
('33-card pack (7 to A and 1 Joker)', True)
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import partial
from html import escape
from typing import Any, Literal
from urllib.parse import parse_qs

import ipywidgets as w

from cardcommons.bots import GreedyBot, HeuristicBot, MonteCarloBot, RandomBot
from cardcommons.categories import STANDARD
from cardcommons.errors import RulesError, shown
from cardcommons.game import Game
from cardcommons.odds import category_counts
from cardcommons.packs import MAX_PLAYERS, Pack
from cardcommons.palette import BLUE, FONT, GREEN_ACCENT, MUTED, stylesheet_html
from cardcommons.reviews import Review
from cardcommons.widgets.address import BOTS, STRENGTHS, game_address, read_address, share_address
from cardcommons.widgets.app import WidgetApp
from cardcommons.widgets.cards import panel_html
from cardcommons.widgets.game_table import GameTable
from cardcommons.widgets.page_theme import THEMES, Theme, checked_theme, theme_html
from cardcommons.widgets.record_controls import RecordControls
from cardcommons.widgets.score import Score
from cardcommons.widgets.score_store import THEME_KEY, BrowserStore, ScoreStore, read_score
from cardcommons.widgets.split_table import SplitAndChooseTable
from cardcommons.widgets.table_parts import BotSpec, action_button, announcement_html, bots_label
from cardcommons.widgets.whisky_table import WhiskyPokerTable

__all__ = ["STRENGTHS", "Arcade", "cheat_sheet_html", "rules_card_html"]

GameName = Literal["split", "whisky"]
GAMES: dict[GameName, str] = {"split": "Split and Choose", "whisky": "Whisky Poker"}
_VOILA_THEMES: dict[str, Theme] = {
    "system": "system",
    **{name: shade for shade in ("light", "dark") for name in (shade, f"JupyterLab {shade.title()}")},
}
"""The themes a Voilà address may name (``?theme=dark``), as the arcade's switch calls them."""
_BOTS: dict[str, tuple[Any, str]] = {
    "HeuristicBot": (HeuristicBot, "quick rules of thumb"),
    "GreedyBot": (GreedyBot, "improves its hand, knocks when it is good"),
    "RandomBot": (RandomBot, "any move"),
    "MonteCarloBot": (MonteCarloBot, "looks ahead by playing many deals out"),
}
"""Each bot the arcade seats, and its tooltip (:data:`~cardcommons.widgets.address.BOTS`: which game offers it)."""

_RULES: dict[GameName, tuple[str, list[str]]] = {
    "split": (
        "Two players draft ten cards each, then build two poker hands; the weakest hand at the table loses.",
        [
            "<b>Pack</b>: 21 cards, 10 to Ace in four suits and one Joker. One card lies face down as the "
            "<b>reserve</b>; nobody sees it.",
            "<b>Five rounds</b>: the <b>splitter</b> looks at four cards and makes two pairs, one face up, one "
            "face down. The <b>chooser</b> takes one of them (the face-down one unseen); the splitter keeps the "
            "other. The players take turns to split: the first splitter splits rounds 1, 3 and 5.",
            "<b>Reserve</b>: whoever split twice may give one card for the reserve, unseen (a blind swap), or "
            "keep; then the other may do the same with what lies there now. With the <b>face-up swap</b>, "
            "every swap is shown to both.",
            "<b>Build</b>: split your ten cards into two five-card hands; the lower is your weaker hand.",
            "<b>Result</b>: compare the weaker hands' categories, then the stronger hands' categories, then the "
            "weaker hands card for card, then the stronger ones. The first difference decides; "
            "equal all through is a draw.",
        ],
    ),
    "whisky": (
        "One deal: trade cards with a spare hand until someone knocks; the best hand wins.",
        [
            "<b>Pack</b>: from rank 11 − players up to the Ace: 24 cards for two, one rank more for each "
            "extra player. With <b>Jokers</b>: one for up to four players, two from five.",
            "<b>Deal</b>: five cards each, and five face down as the <b>spare</b>. Turns go left from the "
            "dealer, who plays last in each round.",
            "<b>Phase 1</b> (spare face down): <b>pass</b>, <b>take the spare</b> unseen (your hand goes face up "
            "as the new spare), or <b>knock</b>. If nobody takes it by the dealer's first turn, it turns face up.",
            "<b>Phase 2</b> (spare face up): <b>exchange</b> one card with it, take all five, or knock. No passing.",
            "<b>Knock</b>: everyone else has one more turn, then all hands are shown. The best hand wins; equal "
            "best hands share. A position seen a third time ends the deal as a draw.",
        ],
    ),
}


def rules_card_html(game: GameName) -> str:
    """A one-screen summary of the rules of ``game`` ("split" or "whisky").

    >>> "reserve" in rules_card_html("split"), "knock" in rules_card_html("whisky")
    (True, True)
    """
    if game not in _RULES:
        raise RulesError(f"the game is 'split' or 'whisky', not {game!r}")
    lead, points = _RULES[game]
    items = "".join(f'<li style="margin:0 0 4px">{point}</li>' for point in points)
    body = f'<ul style="margin:4px 0 0;padding-left:18px;line-height:1.4">{items}</ul>'
    return _side_card("cc-rules", f"{GAMES[game]}: the rules", lead, body, GREEN_ACCENT)


def cheat_sheet_html(pack: Pack) -> str:
    """The categories of ``pack``, strongest first, with the exact number of
    5-card hands of each and how rare it is, and the Joker rule in one line.

    >>> sheet = cheat_sheet_html(Pack.split_and_choose())
    >>> "20,349 hands" in sheet, "never" in sheet, "wild only" in sheet
    (True, True, True)
    """
    counts = category_counts(pack, STANDARD)
    cell = "padding:2px 6px;text-align:right;white-space:nowrap"  # the category's name alone wraps, on a phone
    rows = "".join(
        f'<tr><td style="{cell};color:{MUTED}">{place}</td><td style="padding:2px 6px">{category.value}</td>'
        f'<td style="{cell}">{n:,}</td>'
        f'<td style="{cell};color:{MUTED}">{counts.one_in_text(category)}</td></tr>'
        for place, (category, n) in enumerate(counts.items(), start=1)
    )
    order = STANDARD.order
    rarer = [
        f"{weaker.value} ({counts[weaker]:,})"
        for i, weaker in enumerate(order)
        if any(0 < counts[weaker] < counts[stronger] for stronger in order[:i])
    ]
    notes = [
        "Strongest first. "
        + (
            f"Rarer than a category that beats it: {', '.join(rarer)}."
            if rarer
            else "Here every category is rarer than the ones it beats."
        ),
        "The Joker is wild only to complete a straight, a flush or a straight flush; anywhere else it is the "
        "lowest card and pairs with nothing."
        if pack.jokers
        else "No Joker in this pack.",
    ]
    foot = "".join(f'<div style="margin-top:5px;font-size:12px;color:{MUTED}">{note}</div>' for note in notes)
    about = f"{escape(str(pack))} · {counts.total:,} hands of five cards"
    body = f'<table style="border-collapse:collapse;margin-top:4px">{rows}</table>{foot}'
    return _side_card("cc-cheat-sheet", "Hands in this pack", about, body, BLUE)


def _side_card(css_class: str, title: str, about: str, body: str, accent: str) -> str:
    """A panel beside the table: a title, a line about it, then ``body``."""
    return panel_html(
        f'<div class="{css_class}" style="font-size:13px"><div style="font-weight:700;font-size:15px">{title}</div>'
        f'<div style="color:{MUTED}">{about}</div>{body}</div>',
        accent=accent,
    )


def _label(text: str) -> Any:
    return w.HTML(f'<span style="font:600 13px {FONT}">{text}</span>')


def _strength_buttons() -> Any:
    return w.ToggleButtons(
        options=[(name, samples) for name, samples in STRENGTHS],
        value=STRENGTHS[1][1],  # steady
        tooltips=[f"{samples} play-outs per move" for _, samples in STRENGTHS],
        style={"button_width": "64px"},
    )


def _bot_buttons(game: GameName) -> Any:
    return w.ToggleButtons(
        options=list(BOTS[game]),
        tooltips=[_BOTS[name][1] for name in BOTS[game]],
        style={"button_width": "120px"},
    )


class Arcade(WidgetApp):
    """Play Split and Choose or Whisky Poker, set up with buttons.

    ``game``: the game shown first ("split" or "whisky"). ``seed``: the first
    deal of each game (None: fresh ones); every new deal takes the next seed.

    ``voila_base_url``: the base URL of the Voilà server that shows the page
    (Voilà gives it to the kernel as ``VOILA_BASE_URL``). Only then is there
    a theme switch, :attr:`theme_choice`, which starts at ``theme``: "system"
    (the reader's ``prefers-color-scheme``), "light" or "dark"; it restyles
    the whole page at once, so the score and the games stay (see
    :mod:`cardcommons.widgets.page_theme`). In a notebook (None) the switch
    is hidden: there the arcade is one output among the reader's cells, and
    JupyterLab's own theme rules every cell alike, with its own switch and
    its "synchronise with system" setting, both in the Settings menu; a
    switch of the arcade would restyle the whole notebook behind Lab's back.

    The score (:attr:`score`, shown beside the table with :attr:`clear_score_button`)
    is kept by the reader's browser through :attr:`score_store`, so it survives
    a reload of the page (see :mod:`cardcommons.widgets.score_store`); so is
    the theme chosen on a Voilà page (:attr:`theme_store`), which a page whose
    address names no theme starts with.

    Controls: :attr:`game_choice` ("split" or "whisky"), :attr:`new_game_button`;
    for Split and Choose :attr:`split_bot` ("HeuristicBot" or "MonteCarloBot"),
    :attr:`split_strength` (MonteCarloBot's play-outs per move),
    :attr:`face_up_swap`, :attr:`first_splitter` ("you", "bot" or "toss");
    for Whisky Poker :attr:`whisky_opponents` (1 to 8), :attr:`whisky_jokers`,
    :attr:`whisky_bot` ("GreedyBot", "MonteCarloBot" or "RandomBot"),
    :attr:`whisky_strength`. State: :attr:`table` (the table in play),
    :attr:`pack`, :attr:`rules_view`, :attr:`cheat_sheet_view`.

    >>> arcade = Arcade(seed=5)
    >>> arcade.first_splitter.value = "you"
    >>> arcade.table.phase, arcade.table.seed
    ('split', 6)
    >>> arcade.new_game_button.click()
    >>> arcade.table.seed
    7
    >>> arcade.theme_choice.layout.display, Arcade(voila_base_url="/").theme_choice.value
    ('none', 'system')
    """

    def __init__(
        self,
        game: GameName = "split",
        seed: int | None = None,
        theme: Theme = "system",
        voila_base_url: str | None = None,
        settings: Mapping[str, Any] | None = None,
        page_url: str | None = None,
    ) -> None:
        if game not in GAMES:
            raise RulesError(f"the game is 'split' or 'whisky', not {game!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError(f"seed is an int or None, not {seed!r}")
        theme = checked_theme(theme)
        self._first_seed = seed
        self._voila_base_url = voila_base_url
        self._tables: dict[GameName, GameTable[Any, Any]] = {}

        self.game_choice = w.ToggleButtons(
            options=[(name, key) for key, name in GAMES.items()],
            value=game,
            style={"button_width": "150px"},
        )
        self.new_game_button = action_button("New game", "refresh", "success", "deal again, with the options below")
        self.theme_choice = w.ToggleButtons(
            options=THEMES,
            value=theme,
            tooltips=["as your system is set", "a light page", "a dark page"],
            style={"button_width": "64px"},
        )
        self._theme_sheet = w.HTML(layout=w.Layout(display="none"))  # links and a style only: nothing to see
        self.theme_store = BrowserStore(key=THEME_KEY, layout=w.Layout(display="none"))
        self.split_bot = _bot_buttons("split")
        self.split_strength = _strength_buttons()
        self.face_up_swap = w.Checkbox(
            value=False, description="face-up swap", indent=False, layout=w.Layout(width="auto")
        )
        self.first_splitter = w.ToggleButtons(
            options=[("you", "you"), ("the bot", "bot"), ("coin toss", "toss")],
            value="toss",
            style={"button_width": "80px"},
        )
        self.whisky_opponents = w.Dropdown(  # a list that names itself: a screen reader says what it sets
            options=list(range(1, MAX_PLAYERS)),
            value=3,
            description="Opponents",
            style={"description_width": "initial"},
            layout=w.Layout(width="auto"),
        )
        self.whisky_jokers = w.Checkbox(value=False, description="Jokers", indent=False, layout=w.Layout(width="auto"))
        self.whisky_first = w.Checkbox(
            value=False, description="play first", indent=False, layout=w.Layout(width="auto")
        )
        self.whisky_bot = _bot_buttons("whisky")
        self.whisky_strength = _strength_buttons()
        self.message_label = w.HTML()
        self.rules_view = w.HTML()
        self.cheat_sheet_view = w.HTML()
        self.score = Score()
        self.score_view = w.HTML(self.score.html())
        self.clear_score_button = action_button("Clear score", "eraser", "", "forget the games this browser counted")
        self.clear_score_button.layout.align_self, self.clear_score_button.layout.margin = "flex-start", "6px 0 0"
        self.score_store = ScoreStore(layout=w.Layout(display="none"))
        self._score_note = ""
        for name, value in (settings or {}).items():  # before anything observes them: no deal yet
            getattr(self, name).value = value
        self._page_url = page_url
        self.share_button = action_button("Share", "link", "", "the address of the game being played")
        self.share_view = w.HTML(layout=w.Layout(display="none"))
        self.share_button.on_click(lambda _b: self._share())
        self.records = RecordControls()
        self.records.review.known = self._review_of

        self._split_options = _options(
            Opponent=[self.split_bot, self.split_strength], Splits_first=[self.first_splitter, self.face_up_swap]
        )
        self._whisky_options = _options(
            Table=[self.whisky_opponents, self.whisky_jokers, self.whisky_first],
            Bots=[self.whisky_bot, self.whisky_strength],
        )
        self._table_box = w.VBox(layout=w.Layout(flex="1 1 820px", min_width="0"))  # the table, then its records
        self._table_box.add_class("cc-arcade-table")
        score_box = w.VBox([self.score_view, self.clear_score_button, self.score_store])
        score_box.add_class("cc-score-box")
        side = w.VBox(
            [score_box, self.rules_view, self.cheat_sheet_view],
            layout=w.Layout(flex="0 1 340px", min_width="300px", margin="0 0 0 12px", grid_gap="10px"),
        )
        side.add_class("cc-arcade-side")
        title = w.HTML(
            f'<div style="font:700 22px/1.3 {FONT};padding:2px 0 4px">Card Commons · play'
            '<span class="cc-arcade-subtitle" style="font-weight:400;font-size:14px;opacity:.75">'
            " · two card games of shortened packs, "
            "against the computer</span></div>"
        )
        self.widget = w.VBox(
            [
                title,
                w.HBox(
                    [self.game_choice, self.new_game_button, self.share_button, self._theme_row()],
                    layout=w.Layout(align_items="center"),
                ),
                self.share_view,
                self._split_options,
                self._whisky_options,
                self.message_label,
                w.HBox([self._table_box, side], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
                w.HTML(stylesheet_html()),
                self._theme_sheet,
                self.theme_store,
            ],
            layout=w.Layout(padding="4px"),
        )
        self.widget.add_class("cc-arcade")

        self.game_choice.observe(lambda _c: self._switch(), names="value")
        self.theme_choice.observe(lambda _c: self._show_theme(), names="value")
        self.theme_choice.observe(lambda _c: self._keep_theme(), names="value")
        self.theme_store.observe(lambda _c: self._restore_theme(), names="found")
        self.new_game_button.on_click(lambda _b: self._new_game())
        self.clear_score_button.on_click(lambda _b: self._clear_score())
        self.score_store.observe(lambda _c: self._restore_score(), names="found")
        self.score_store.observe(lambda _c: self._score_kept_nowhere(), names="unavailable")
        for control in (self.split_bot, self.split_strength, self.face_up_swap, self.first_splitter):
            control.observe(lambda _c: self._redeal("split"), names="value")
        whisky_controls = (self.whisky_opponents, self.whisky_jokers, self.whisky_first, self.whisky_bot)
        for control in (*whisky_controls, self.whisky_strength):
            control.observe(lambda _c: self._redeal("whisky"), names="value")
        self._show_strengths()
        self._show()
        self._show_theme()
        self._show_score()

    summary = (
        "Card Commons arcade: run this cell to play, or click Render with Voilà in the notebook's toolbar "
        "to play on a page of its own."
    )

    def _picture_html(self) -> str:
        """The table in play, then the rules card and the pack's hand counts beside it."""
        return (
            '<div style="display:flex;flex-wrap:wrap;align-items:flex-start;gap:12px">'
            f'<div style="flex:1 1 820px;min-width:0">{self.table._picture_html()}</div>'
            f'<div style="flex:0 1 340px;min-width:300px">{self.rules_view.value}{self.cheat_sheet_view.value}</div>'
            "</div>"
        )

    @classmethod
    def from_query(cls, query: str, voila_base_url: str | None = None, page_url: str | None = None) -> Arcade:
        """The arcade a page's address asks for, from its query string: the whole
        game (see :mod:`cardcommons.widgets.address`: ``game``, ``seed``,
        ``players``, ``opponent``, ``strength``, ``first``, ``faceup``, ``jokers``)
        and Voilà's own ``theme=dark`` (each optional; without a theme, the page
        follows the reader's system). A value it cannot use is named in a message
        on the page, and the default used instead. ``voila_base_url``: as for
        :class:`Arcade`; ``page_url``: the page's own address, for *Share*
        (on a Voilà page, Voilà's ``VOILA_REQUEST_URL`` when not given).

        >>> Arcade.from_query("game=whisky&seed=7").table.seed
        7
        >>> Arcade.from_query("game=whisky&players=9&seed=7").table.game.players
        9
        >>> Arcade.from_query("theme=dark", voila_base_url="/").theme_choice.value
        'dark'
        >>> Arcade.from_query("seed=seven").message
        "seed is a whole number of up to 18 digits, not 'seven': a fresh deal instead."
        """
        settings, problems = read_address(query)
        asked = {name: values[-1] for name, values in parse_qs(query).items()}
        theme = _VOILA_THEMES.get(asked.get("theme", "system"))
        if theme is None:
            themes = "'system', 'light' or 'dark'"
            problems.insert(0, f"theme is {themes}, not {shown(asked['theme'], 40)}: as your system is set instead.")
            theme = "system"
        if page_url is None and voila_base_url is not None:
            page_url = os.environ.get("VOILA_REQUEST_URL")
        game, seed = settings.pop("game"), settings.pop("seed", None)
        arcade = cls(game, seed, theme, voila_base_url, settings, page_url)
        if problems:
            arcade._say(" ".join(problems))
        return arcade

    @property
    def address(self) -> str:
        """The address of the game being played, for whoever receives it (:func:`share_address`): on Binder a
        launch address, else the page's own (if known) with a query that deals it again, or the query alone
        (``?game=split&...``, to put after the arcade page's address).

        >>> Arcade(seed=4, page_url="http://127.0.0.1:8866/?seed=4").address
        'http://127.0.0.1:8866/?game=split&seed=4&opponent=HeuristicBot&first=toss&faceup=no'
        """
        names = ["split_bot", "split_strength", "first_splitter", "face_up_swap", "whisky_opponents", "whisky_bot"]
        names += ["whisky_strength", "whisky_jokers", "whisky_first"]
        settings = {name: getattr(self, name).value for name in names}
        query = game_address({"game": self.game, "seed": self.table.seed, **settings})
        return share_address(query, self._page_url, os.environ)

    def _new_game(self) -> None:
        self.table.new_game()
        self._share(shown_only=True)

    def _share(self, *, shown_only: bool = False) -> None:
        """Show the address of the game being played (``shown_only``: only if it is shown already)."""
        if shown_only and self.share_view.layout.display == "none":
            return
        link = escape(self.address, quote=True)
        self.share_view.value = (
            f'<div class="cc-share" style="font:13px {FONT};padding:4px 0;overflow-wrap:anywhere">'
            f'The address of this game (the same deal and options for whoever opens it): <a href="{link}">{link}</a>'
            "</div>"
        )
        self.share_view.layout.display = None

    # -- state -------------------------------------------------------------

    @property
    def game(self) -> GameName:
        """The game chosen: "split" or "whisky"."""
        game: GameName = self.game_choice.value
        return game

    @property
    def table(self) -> Any:
        """The table of the chosen game (a SplitAndChooseTable or a WhiskyPokerTable)."""
        return self._tables[self.game]

    @property
    def pack(self) -> Pack:
        """The pack of the game in play."""
        if self.game == "split":
            return Pack.split_and_choose()
        return Pack.whisky(self.whisky_opponents.value + 1, jokers=self.whisky_jokers.value)

    # -- tables ------------------------------------------------------------

    def _show(self) -> None:
        game = self.game
        if game not in self._tables:
            self._tables[game] = self._new_table(game, self._first_seed)
        self._split_options.layout.display = None if game == "split" else "none"
        self._whisky_options.layout.display = None if game == "whisky" else "none"
        self._table_box.children = (self.table.widget, self.records.widget)
        self.rules_view.value = rules_card_html(game)
        self.cheat_sheet_view.value = cheat_sheet_html(self.pack)
        self._share(shown_only=True)
        self.records.offer(self.table.game)

    def _switch(self) -> None:
        """Show the game chosen; a table shown again does not say its last news a second time (a screen
        reader reads an alert out when it comes onto the page)."""
        if self.game in self._tables:
            self.table.announcer.value = announcement_html("")
        self._show()

    def _redeal(self, game: GameName) -> None:
        """Deal ``game`` again (the next seed) with the options as they are now."""
        self._show_strengths()
        old = self._tables.pop(game, None)
        seed = None if old is None else old.seed + 1
        self._tables[game] = self._new_table(game, seed)
        if game == self.game:
            self._show()
        if old is not None:
            old.close()  # a replaced table's widgets go, in the kernel and on the page

    def _new_table(self, game: GameName, seed: int | None) -> GameTable[Any, Any]:
        table: GameTable[Any, Any]
        if game == "split":
            first = {"you": 0, "bot": 1, "toss": None}[self.first_splitter.value]
            bot = self._bot(self.split_bot.value, self.split_strength.value)
            table = SplitAndChooseTable(bot, seed, self.face_up_swap.value, first)
            table.variant.layout.display = "none"  # the arcade's own control chooses it
        else:
            bot = self._bot(self.whisky_bot.value, self.whisky_strength.value)
            table = WhiskyPokerTable(
                self.whisky_opponents.value, bot, self.whisky_jokers.value, seed, first_seat=self.whisky_first.value
            )
            table.first_seat.layout.display = "none"  # the arcade's own option chooses it
        table.new_game_in_toolbar = False  # the arcade's own New game, over the table, does it
        table.new_game_button.layout.display = "none"
        table.on_game_over(partial(self._count, GAMES[game], self._opponent(game)))
        # Replay is enabled exactly while a game is over: the record to download changes with it
        table.replay_button.observe(lambda _c: self.records.offer(self.table.game), names="disabled")
        # and steps through it, with the table's bots known to its review (shared with the table's own Review)
        table.replay_button.on_click(lambda _b: self.records.show(self.table.game, table=self.table.players))
        table.review.known = self._review_of
        return table

    def _review_of(self, game: Game) -> Review | None:
        """The review of ``game`` shown already, at its table or under the replay (None if none is)."""
        panels = [table.review for table in self._tables.values()] + [self.records.review]
        return next((p.review for p in panels if p.review is not None and p.review.game is game), None)

    def _opponent(self, game: GameName) -> str:
        """Who the table's bots are, as the score names them: "MonteCarloBot (steady)", "3 GreedyBots"."""
        bot, strength = (
            (self.split_bot, self.split_strength) if game == "split" else (self.whisky_bot, self.whisky_strength)
        )
        name = bot.value
        if bot.value == "MonteCarloBot":
            name += f" ({dict((n, k) for k, n in STRENGTHS)[strength.value]})"
        if game == "split":
            return str(name)
        return bots_label(self.whisky_opponents.value, name)

    # -- score -------------------------------------------------------------

    def _count(self, game: str, opponent: str, outcome: str) -> None:
        self.score.record(game, opponent, outcome)
        self.score_store.save(self.score)
        self._score_note = ""  # a kept score that could not be read is replaced now
        self._show_score()

    def _clear_score(self) -> None:
        self.score.clear()
        self.score_store.save(self.score)
        self._score_note = ""
        self._show_score()
        self.table.focus_next()  # the button hides: the focus goes back to the game, not to the page's top

    def _restore_score(self) -> None:
        """The score the browser kept, once the page has shown the store (unless this page has counted already)."""
        found = self.score_store.found
        if found is None:
            return
        if self.score.games:
            self.score_store.save(self.score)
            return
        self.score, self._score_note = read_score(found)
        self.score_store.save(self.score)  # what the browser keeps, as the kernel knows it: Clear score removes it
        self._show_score()

    def _score_kept_nowhere(self) -> None:
        if self.score_store.unavailable:
            self._score_note = "This browser keeps nothing for this page: the score lasts while the page is open."
            self._show_score()

    def _show_score(self) -> None:
        self.score_view.value = self.score.html(self._score_note)
        self.clear_score_button.layout.display = None if self.score.games else "none"

    def _theme_row(self) -> Any:
        """The theme switch, at the end of the top row (on a Voilà page only)."""
        row = w.HBox([_label("Theme"), self.theme_choice], layout=w.Layout(align_items="center", margin="0 0 0 auto"))
        row.add_class("cc-theme-switch")
        if self._voila_base_url is None:
            row.layout.display = self.theme_choice.layout.display = "none"
        return row

    def _show_theme(self) -> None:
        if self._voila_base_url is not None:
            self._theme_sheet.value = theme_html(self.theme_choice.value, self._voila_base_url)

    def _keep_theme(self) -> None:
        """Have the browser keep the theme chosen (none for "system")."""
        if self._voila_base_url is not None:
            theme = self.theme_choice.value
            self.theme_store.saved = "" if theme == "system" else theme

    def _restore_theme(self) -> None:
        """The theme the browser kept, once the page has shown the store, unless the address named
        one or the reader has chosen one on this page."""
        found = self.theme_store.found
        if found in ("light", "dark") and self.theme_choice.value == "system" and not self.theme_store.saved:
            self.theme_choice.value = found

    def _show_strengths(self) -> None:
        """A strength to choose only for MonteCarloBot."""
        for bot, strength in ((self.split_bot, self.split_strength), (self.whisky_bot, self.whisky_strength)):
            strength.layout.display = None if bot.value == "MonteCarloBot" else "none"

    @staticmethod
    def _bot(name: str, samples: int) -> BotSpec:
        kind = _BOTS[name][0]
        return partial(MonteCarloBot, samples) if kind is MonteCarloBot else kind


def _options(**rows: list[Any]) -> Any:
    """A grid of options: one row per keyword (its name the label, ``_`` a space), its controls side by side."""
    cells = [cell for name, controls in rows.items() for cell in (_label(name.replace("_", " ")), w.HBox(controls))]
    layout = w.Layout(
        grid_template_columns="96px max-content", grid_gap="4px 10px", align_items="center", margin="6px 0 4px"
    )
    grid = w.GridBox(cells, layout=layout)
    grid.add_class("cc-arcade-options")
    return grid
