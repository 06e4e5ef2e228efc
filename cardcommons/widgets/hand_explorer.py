"""HandExplorer: pick five cards and see what the hand is, how likely, and how strong.

>>> explorer = HandExplorer(Pack.split_and_choose())
>>> explorer.text.value = "As Ks Qs Js Jo"
>>> explorer.value.describe()
'Royal flush, the Joker as the Ten of spades'
>>> explorer.probability, explorer.standing
(Fraction(8, 6783), Standing(beaten_by=4, ties=19, beats=20325))
>>> explorer.text.value = "As Ks Qs Js Zz"
>>> explorer.message
"not a card: 'Zz' (unknown rank 'Z')"
>>> explorer.cards
(A♠, K♠, Q♠, J♠, JO)
"""

from __future__ import annotations

from fractions import Fraction
from html import escape
from typing import Any

import ipywidgets as w

from cardcommons.cards import Card, cards_str, parse_cards
from cardcommons.categories import STANDARD, Ranking
from cardcommons.census import Standing, hand_census
from cardcommons.errors import CardError
from cardcommons.hands import HAND_SIZE, HandValue, value_of
from cardcommons.odds import CategoryCounts, RankingLike, category_counts, rarity_ranking, resolve_ranking
from cardcommons.packs import Pack
from cardcommons.palette import FONT, GOLD, GREY_ACCENT, INK, MUTED
from cardcommons.widgets.app import WidgetApp
from cardcommons.widgets.cards import CardPicker, panel_html, slots_html
from cardcommons.widgets.pack_controls import PackControls

__all__ = ["HandExplorer"]


class HandExplorer(WidgetApp):
    """A little app to study one 5-card hand of a pack.

    Choose the pack (a Whisky Poker table size or any pack, 0 to 2 Jokers,
    the Ace also low or not) and the order, as in the odds explorer; the hand
    is kept if its cards are in the new pack. Pick cards by clicking them in
    the grid (click again to put one back), or type them in the text box
    (``As Kh 10d 10c Jo``; Enter to apply). With five
    cards it shows the hand's category, the hand in words, what each Joker
    stands for, the exact chance of that category in the pack, and exactly how
    many of the pack's 5-card hands beat it. Input that makes no sense, or a
    choice the pack does not allow, shows a message and changes nothing.

    Controls (to drive it from code): :attr:`pack_controls` (a
    :class:`~cardcommons.widgets.pack_controls.PackControls`: set
    ``.source``, ``.players``, ``.lowest``, ``.jokers``, ``.ace_low``,
    ``.ranking_choice``), :attr:`picker` (a
    :class:`~cardcommons.widgets.cards.CardPicker`: ``picker.button(card).click()``),
    :attr:`text` (set ``.value``), :attr:`clear_button` (``.click()``).
    State (read-only): :attr:`cards`, :attr:`value`, :attr:`probability`,
    :attr:`standing`, :attr:`message`. Display it, or its :attr:`widget`.

    >>> explorer = HandExplorer(Pack.whisky(2))
    >>> for card in parse_cards("9c 9d 9h Ks Kd"):
    ...     explorer.picker.button(card).click()
    >>> explorer.value.describe(), explorer.text.value
    ('Full house, Nines over Kings', '9c 9d 9h Ks Kd')
    >>> explorer.counts[explorer.value.category], explorer.standing
    (720, Standing(beaten_by=756, ties=23, beats=41724))
    >>> explorer.picker.button(parse_card("As")).click()
    >>> explorer.message
    '5 cards are chosen already: put one back before adding A♠'
    >>> explorer.pack_controls.players.value = 3   # a larger pack: the hand stays
    >>> explorer.value.describe(), explorer.standing.beaten_by
    ('Full house, Nines over Kings', 928)
    """

    summary = "Hand explorer: run this cell to pick five cards and see what they make."

    def __init__(self, pack: Pack | None = None, ranking: RankingLike = "standard") -> None:
        self.pack = pack if pack is not None else Pack()
        self.ranking: Ranking = resolve_ranking(ranking, self.pack)
        self.counts: CategoryCounts = category_counts(self.pack, self.ranking)
        self._value: HandValue | None = None
        self._standing: Standing | None = None
        self._message = ""
        self._syncing = False

        by_rarity = self.ranking == rarity_ranking(self.pack) and self.ranking != STANDARD
        self.pack_controls = PackControls(self.pack, "rarity" if by_rarity else "standard", self._pack_changed)
        self.picker = CardPicker(self.pack, limit=HAND_SIZE, on_change=self._changed, on_error=self._say)
        self.title = w.HTML(self._title_html())
        self.hand_view = w.HTML(slots_html(()))
        self.result = w.HTML(
            self._result_html(), layout=w.Layout(flex="1 1 340px", min_width="320px", max_width="460px")
        )
        self.text = w.Text(
            placeholder="type a hand, e.g. As Ks Qs Js 10s (Enter)",
            continuous_update=False,
            layout=w.Layout(width="320px"),
        )
        self.text.add_class("cc-hand-text")
        self.clear_button = w.Button(description="Clear", icon="eraser", tooltip="put every card back")
        self.clear_button.layout.width = "90px"
        self.message_label = w.HTML("", layout=w.Layout(max_width="440px"))

        self.text.observe(self._typed, names="value")
        self.clear_button.on_click(lambda _button: self.picker.clear())

        self._picker_box = w.Box([self.picker.widget])
        hand_column = w.VBox(
            [self.hand_view, w.HBox([self.text, self.clear_button]), self.message_label, self._picker_box],
            layout=w.Layout(flex="0 0 auto", margin="0 16px 0 0"),
        )
        self.widget = w.VBox(
            [
                self.title,
                self.pack_controls.grid(),
                w.HBox([hand_column, self.result], layout=w.Layout(flex_flow="row wrap", align_items="flex-start")),
            ],
            layout=w.Layout(padding="4px", max_width="1100px"),
        )
        self.widget.add_class("cc-hand-explorer")

    # -- state -------------------------------------------------------------

    @property
    def cards(self) -> tuple[Card, ...]:
        """The chosen cards, in the order they were chosen."""
        return self.picker.selection

    @property
    def value(self) -> HandValue | None:
        """The hand's value once five cards are chosen, else None."""
        return self._value

    @property
    def probability(self) -> Fraction | None:
        """The exact chance that 5 random cards of the pack fall in this hand's category."""
        return None if self._value is None else self.counts.probability(self._value.category)

    @property
    def standing(self) -> Standing | None:
        """How many of the pack's hands beat this one, tie with it and lose to it (exact)."""
        return self._standing

    # -- events ------------------------------------------------------------

    def _typed(self, change: dict[str, Any]) -> None:
        if self._syncing:
            return
        try:
            cards = parse_cards(str(change["new"]))
            if len(cards) > HAND_SIZE:
                raise CardError(f"a hand has {HAND_SIZE} cards, not {len(cards)}: {cards_str(cards)}")
            self.picker.select(cards)
        except CardError as error:
            self._say(str(error))

    def _pack_changed(self) -> None:
        controls = self.pack_controls
        try:
            pack = controls.pack()
            ranking = resolve_ranking(controls.ranking_choice.value, pack)
        except CardError as error:
            self._say(str(error))
            return
        held = self.cards
        self.pack, self.ranking, self.counts = pack, ranking, category_counts(pack, ranking)
        self.picker = CardPicker(pack, limit=HAND_SIZE, on_change=self._changed, on_error=self._say)
        self._picker_box.children = (self.picker.widget,)
        self.title.value = self._title_html()
        try:
            self.picker.select(held)
        except CardError as error:
            self.picker.clear()
            self._say(f"The hand is put back: {error}.")

    def _changed(self, cards: tuple[Card, ...]) -> None:
        self._say("")
        self._syncing = True
        try:
            self.text.value = " ".join(c.code for c in cards)
        finally:
            self._syncing = False
        if len(cards) == HAND_SIZE:
            self._value = value_of(cards, self.pack, self.ranking)
            self._standing = hand_census(self.pack, self.ranking).standing(cards)
        else:
            self._value = None
            self._standing = None
        self.hand_view.value = slots_html(self._value.cards if self._value else cards)
        self.result.value = self._result_html()

    # -- views -------------------------------------------------------------

    def _picture_html(self) -> str:
        return (
            f'<div style="max-width:1100px">{self.title.value}<div style="display:flex;flex-wrap:wrap;gap:16px;'
            f'align-items:flex-start"><div>{self.hand_view.value}</div>'
            f'<div style="flex:1 1 340px;max-width:460px">{self.result.value}</div></div></div>'
        )

    def _title_html(self) -> str:
        order = "standard order" if self.ranking.name == "standard" else f"{self.ranking.name} order"
        return (
            f'<div style="font:600 17px/1.3 {FONT};padding:2px 0 4px">Hand explorer'
            f'<span style="font-weight:400;font-size:14px;opacity:.75"> · {escape(str(self.pack))}'
            f" · {escape(order)}</span></div>"
        )

    def _result_html(self) -> str:
        value, standing = self._value, self._standing
        if value is None or standing is None:
            missing = HAND_SIZE - len(self.cards)
            more = "more " if self.cards else ""
            hint = f"Pick {missing} {more}card{'s' if missing != 1 else ''}: click them below or type them."
            return panel_html(f'<div style="color:{MUTED}">{hint}</div>', accent=GREY_ACCENT)
        counts = self.counts
        category = value.category
        p = counts.probability(category)
        total = counts.total
        chance = f"{float(p) * 100:.3g}%"
        one_in = f" · {counts.one_in_text(category)}" if p else ""
        rows = [
            f'<div style="font:700 20px/1.25 {FONT};color:{INK}">{escape(category.label)}</div>',
            f'<div style="margin-bottom:6px">{escape(value.describe())}</div>',
            self._jokers_html(value),
            _fact(
                "Chance in this pack",
                f"<b>{chance}</b>{one_in}"
                f'<div style="color:{MUTED};font-size:12px">{counts[category]:,} of the {total:,} hands</div>',
            ),
            _fact("Hands that beat it", f"<b>{standing.beaten_by:,}</b>"),
            _fact("Hands that tie", f"{standing.ties:,}"),
            _fact("Hands it beats", f"{standing.beats:,} ({standing.beats / total:.2%})"),
        ]
        return panel_html("".join(rows), accent=GOLD)

    @staticmethod
    def _jokers_html(value: HandValue) -> str:
        if not value.stand_ins:
            return ""
        parts = []
        for card in value.stand_ins:
            if card is None:
                parts.append("plays low (below every rank, never pairs)")
            else:
                parts.append(f"stands for <b>{escape(str(card))}</b>")
        label = "Joker" if len(parts) == 1 else "Jokers"
        return _fact(label, " · ".join(parts))


def _fact(label: str, text: str) -> str:
    return (
        f'<div style="display:flex;gap:10px;margin-top:2px"><span style="color:{MUTED};flex:0 0 150px">{label}</span>'
        f"<span>{text}</span></div>"
    )
