"""OddsExplorer: the exact category table of any pack, and a chart, live.

>>> odds = OddsExplorer()
>>> str(odds.pack), odds.counts[Category.FLUSH]
('32-card pack (7 to A)', 204)
>>> odds.players.value = 2
>>> [c.value for c in odds.disagreements][:3]
['four of a kind', 'full house', 'flush']
>>> odds.jokers.value = 1
>>> str(odds.pack), odds.counts[Category.STRAIGHT_FLUSH]
('25-card pack (9 to A and 1 Joker)', 60)
"""

from __future__ import annotations

import itertools
import time
from html import escape
from typing import Literal

import ipywidgets as w

from cardcommons.cards import Rank
from cardcommons.categories import STANDARD, Category, Ranking, RankingName
from cardcommons.errors import CardError
from cardcommons.odds import CategoryCounts, category_changes, category_counts, rarity_ranking
from cardcommons.packs import Pack
from cardcommons.palette import AMBER_TINT, FONT, INK, LINE, MUTED, PAPER
from cardcommons.widgets.app import WidgetApp
from cardcommons.widgets.bar_chart import AMBER, Bar, bar_chart_html
from cardcommons.widgets.pack_controls import PackControls, control_label

__all__ = ["OddsExplorer"]

_TITLE = (
    f'<div style="font:600 17px/1.3 {FONT};padding:2px 0 4px">Odds explorer'
    '<span style="font-weight:400;font-size:14px;opacity:.75"> · exact counts of every 5-card hand</span></div>'
)


class OddsExplorer(WidgetApp):
    """A little app that shows how many 5-card hands of a pack fall in each
    category, exactly, under the standard order or the order by rarity.

    Choose a Whisky Poker table (2 to 9 players) or any pack (lowest rank 2 to
    10), 0 to 2 Jokers, the order, and whether the Ace plays low in straights.
    The table and the chart (hands or probability, linear or log scale) follow
    at once. Rows where the standard order and the order by rarity of this
    pack disagree are highlighted in amber, in the table and in the chart.

    Controls (set ``.value`` to drive it from code): :attr:`source`
    ("whisky" or "custom"), :attr:`players`, :attr:`lowest`, :attr:`jokers`,
    :attr:`ranking_choice` ("standard" or "rarity"), :attr:`ace_low`,
    :attr:`measure` ("hands" or "probability"), :attr:`scale` ("linear" or
    "log"). State (read-only): :attr:`pack`, :attr:`ranking`, :attr:`counts`,
    :attr:`disagreements`, :attr:`plotted`, :attr:`message`,
    :attr:`last_update_ms`. The :attr:`chart` is drawn as HTML (no plotting
    library to import or to wait for).

    >>> odds = OddsExplorer(Pack.split_and_choose(), ranking="rarity")
    >>> odds.source.value, odds.lowest.value, odds.jokers.value
    ('custom', 10, 1)
    >>> [c.value for c in odds.ranking.order][-2:], odds.counts.total
    (['flush', 'high card'], 20349)
    >>> odds.scale.value = "log"
    >>> odds.plotted[Category.STRAIGHT_FLUSH]
    24.0
    """

    summary = "Odds explorer: run this cell to choose the pack, the Jokers and the order."

    def __init__(
        self,
        pack: Pack | None = None,
        ranking: RankingName = "standard",
        measure: Literal["hands", "probability"] = "hands",
        scale: Literal["linear", "log"] = "linear",
    ) -> None:
        start = pack if pack is not None else Pack.whisky(4)
        self._quiet = True
        self._message = ""
        self._pack = start
        self._counts: CategoryCounts = category_counts(start)
        self._disagreements: tuple[Category, ...] = ()
        self._plotted: dict[Category, float] = {}
        self._last_update_ms = 0.0

        self.pack_controls = PackControls(start, ranking, on_change=self._changed)
        controls = self.pack_controls
        self.source, self.players, self.lowest = controls.source, controls.players, controls.lowest
        self.jokers, self.ranking_choice, self.ace_low = controls.jokers, controls.ranking_choice, controls.ace_low
        self.measure = w.ToggleButtons(
            options=[("hands", "hands"), ("probability", "probability")],
            value=measure,
            style={"button_width": "90px"},
        )
        self.scale = w.ToggleButtons(options=["linear", "log"], value=scale, style={"button_width": "70px"})
        self.hint = w.HTML()
        self.table = w.HTML(layout=w.Layout(flex="0 1 auto"))
        self.chart = w.HTML(layout=w.Layout(flex="0 1 auto", max_width="100%"))
        self.message_label = w.HTML()
        self.status = w.HTML()
        for control in (self.measure, self.scale):
            control.observe(lambda _change: self._changed(), names="value")

        title = w.HTML(_TITLE)
        grid = controls.grid(w.HTML(control_label("Chart")), w.HBox([self.measure, self.scale]))
        results = w.HBox(
            [self.table, self.chart],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="12px"),
        )
        self.widget = w.VBox(
            [title, grid, self.hint, self.message_label, results, self.status],
            layout=w.Layout(padding="4px", max_width="1200px"),
        )
        self.widget.add_class("cc-odds-explorer")
        self._quiet = False
        self._update()

    # -- state -------------------------------------------------------------

    @property
    def pack(self) -> Pack:
        """The pack the table shows."""
        return self._pack

    @property
    def counts(self) -> CategoryCounts:
        """The exact counts shown, in the order in force (strongest first)."""
        return self._counts

    @property
    def ranking(self) -> Ranking:
        """The order in force."""
        return self._counts.ranking

    @property
    def disagreements(self) -> tuple[Category, ...]:
        """The categories whose place differs between the standard order and
        the order by rarity of this pack (in standard order)."""
        return self._disagreements

    @property
    def plotted(self) -> dict[Category, float]:
        """The length of each bar in the chart (hands or probability)."""
        return dict(self._plotted)

    @property
    def last_update_ms(self) -> float:
        """How long the last update (counts, table, chart) took, in milliseconds."""
        return self._last_update_ms

    # -- events ------------------------------------------------------------

    def _changed(self) -> None:
        if not self._quiet:
            self._update()

    def _update(self) -> None:
        start = time.perf_counter()
        try:
            pack = self.pack_controls.pack()
            counts = category_counts(pack, self.ranking_choice.value)
        except (CardError, ValueError) as error:
            self._say(str(error))
            return
        self._say("")
        self._pack, self._counts = pack, counts
        rarity = rarity_ranking(pack)
        self._disagreements = tuple(c for c in Category if STANDARD.order.index(c) != rarity.order.index(c))
        self.hint.value = self._hint_html()
        self.table.value = self._table_html(rarity)
        self.chart.value = self._draw()
        self._last_update_ms = (time.perf_counter() - start) * 1000
        self.status.value = (
            f'<div style="font:12px {FONT};opacity:.7">{len(pack)} cards · {counts.total:,} hands'
            f" · updated in {self._last_update_ms:.0f} ms</div>"
        )

    # -- views -------------------------------------------------------------

    def _picture_html(self) -> str:
        return (
            f'<div style="max-width:1200px">{_TITLE}{self.hint.value}'
            f'<div style="display:flex;flex-wrap:wrap;align-items:flex-start;gap:12px">'
            f"{self.table.value}{self.chart.value}</div></div>"
        )

    def _hint_html(self) -> str:
        pack = self._pack
        if self.source.value == "whisky":
            players = 11 - pack.lowest
            variant = 1 if players <= 4 else 2
            note = (
                f"Whisky Poker for {players} players: {4 * (15 - pack.lowest)} cards from "
                f"{Rank(pack.lowest).symbol} to A; its Jokers variant adds {variant} Joker{'s' if variant > 1 else ''}"
            )
        elif pack.lowest == 10 and pack.jokers == 1:
            note = "the Split and Choose pack"
        else:
            note = escape(str(pack))
        return f'<div style="font:13px {FONT};opacity:.8;margin:0 0 6px 2px">{note}</div>'

    def _table_html(self, rarity: Ranking) -> str:
        counts = self._counts
        cell = f"padding:3px 7px;border-bottom:1px solid {LINE};text-align:right;white-space:nowrap"
        head_cell = f"{cell};font-weight:600;color:{MUTED};font-size:12px"
        columns = [
            ("#", "place in the order in force"),
            ("category", ""),
            ("hands", "5-card hands of the pack in this category"),
            ("probability", "the exact chance of the category in 5 cards from this pack"),
            ("1 in", "the category comes once in this many hands"),
            ("std → rarity", "place in the standard order → place in the order by rarity of this pack"),
        ]
        head = "".join(
            f'<th title="{tip}" style="{head_cell};text-align:{"left" if name == "category" else "right"}">{name}</th>'
            for name, tip in columns
        )
        body = []
        for place, (category, n) in enumerate(counts.items(), start=1):
            marked = category in self._disagreements
            std, rar = STANDARD.order.index(category) + 1, rarity.order.index(category) + 1
            arrow = "" if std == rar else (" ▲" if rar < std else " ▼")
            shade = f"background:{AMBER_TINT};" if marked else ""
            edge = f"border-left:4px solid {AMBER if marked else PAPER};"
            one_in = counts.one_in(category)
            cells = [
                f'<td style="{cell};{edge}color:{MUTED}">{place}</td>',
                f'<td style="{cell};text-align:left;font-weight:600">{escape(category.value)}</td>',
                f'<td style="{cell}">{n:,}</td>',
                f'<td style="{cell}">{float(counts.probability(category)):.6f}</td>',
                f'<td style="{cell}">{"never" if n == 0 else f"{one_in:,.1f}"}</td>',
                f'<td style="{cell};{"font-weight:600" if marked else f"color:{MUTED}"}">{std} → {rar}{arrow}</td>',
            ]
            body.append(f'<tr class="{"cc-disagree" if marked else "cc-agree"}" style="{shade}">{"".join(cells)}</tr>')
        caption = (
            f'<caption style="caption-side:top;text-align:left;padding:2px 2px 6px;font-weight:600">'
            f"{escape(str(self._pack))} · {escape(self.ranking.name)} order</caption>"
        )
        notes = [self._order_note(), self._paradox_note()]
        foot = "".join(f'<div style="margin-top:6px;color:{MUTED};font-size:12px">{n}</div>' for n in notes if n)
        return (
            f'<div class="cc-odds-table" style="background:{PAPER};color:{INK};border:1px solid {LINE};'
            f'border-radius:6px;padding:8px 10px;font:13px/1.35 {FONT};display:inline-block;max-width:520px">'
            f'<table style="border-collapse:collapse;color:{INK}">{caption}<tr>{head}</tr>{"".join(body)}</table>'
            f"{foot}</div>"
        )

    def _order_note(self) -> str:
        if not self._disagreements:
            return "In this pack the standard order is also the order by rarity."
        n = len(self._disagreements)
        return (
            f'<span style="background:{AMBER_TINT};border-left:4px solid {AMBER};padding:0 4px">&nbsp;</span> '
            f"{n} categories sit at a different place in the standard order and in the order by rarity "
            "(rarest strongest) of this pack."
        )

    def _paradox_note(self) -> str:
        """Under the rarity order, Joker hands move to other categories (all
        the moves, counted); the recount can then disagree with the order it
        was made under: the wild-card paradox."""
        if self.ranking.name != "rarity":
            return ""
        changes = category_changes(self._pack, STANDARD, self.ranking)
        if not changes:
            return ""
        moved = sum(changes.values())
        moves = ", ".join(f"{n:,} from {escape(a.value)} to {escape(b.value)}" for (a, b), n in changes.items())
        note = (
            f"Counted under this order, the Joker hands read differently: {moved:,} of the "
            f"{self._counts.total:,} hands change category (about 1 deal in {self._counts.total / moved:,.0f}): "
            f"{moves}."
        )
        seen = [(c, n) for c, n in self._counts.items() if n > 0]
        for (stronger, a), (weaker, b) in itertools.pairwise(seen):
            if a > b:
                note += (
                    f" Now {escape(stronger.value)} ({a:,}) is commoner than {escape(weaker.value)} ({b:,}),"
                    " which it beats: the wild-card paradox."
                )
                break
        return note

    def _draw(self) -> str:
        counts = self._counts
        probability = self.measure.value == "probability"
        values = [float(counts.probability(c)) if probability else float(n) for c, n in counts.items()]
        self._plotted = dict(zip(counts, values, strict=True))
        bars = [
            Bar(category.value, value, _bar_text(value, probability), category in self._disagreements)
            for category, value in self._plotted.items()
        ]
        return bar_chart_html(
            bars,
            axis_label="probability" if probability else f"hands (of {counts.total:,})",
            tick=_percent_tick if probability else _count_tick,
            log=self.scale.value == "log",
            title=f"{self._pack} · {self.ranking.name} order",
            key="amber: a different place in the standard order and in the order by rarity"
            if self._disagreements
            else "",
        )


def _bar_text(value: float, probability: bool) -> str:
    """The text at a bar's end: "never", "0.0596%" or "1,020"."""
    if value == 0:
        return "never"
    return f"{value * 100:.3g}%" if probability else f"{int(value):,}"


def _count_tick(value: float, _position: object = None) -> str:
    """A short axis label for a number of hands: 500, 20k, 1.5M.

    >>> _count_tick(0), _count_tick(20_000), _count_tick(1_500_000)
    ('0', '20k', '1.5M')
    """
    if value >= 1e6:
        return f"{value / 1e6:g}M"
    if value >= 1e3:
        return f"{value / 1e3:g}k"
    return f"{value:g}"


def _percent_tick(value: float, _position: object = None) -> str:
    """A short axis label for a probability, in percent.

    >>> _percent_tick(0.25), _percent_tick(0.00001)
    ('25%', '0.001%')
    """
    return f"{value * 100:g}%"
