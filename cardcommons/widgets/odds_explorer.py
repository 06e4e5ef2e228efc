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

import io
import itertools
import time
from html import escape
from typing import Any, Literal

import ipywidgets as w
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import FuncFormatter, NullLocator

from cardcommons.cards import Rank
from cardcommons.categories import STANDARD, Category, Ranking
from cardcommons.errors import CardError
from cardcommons.odds import CategoryCounts, category_counts, rarity_ranking
from cardcommons.packs import MAX_PLAYERS, MIN_PLAYERS, Pack
from cardcommons.widgets.app import WidgetApp
from cardcommons.widgets.cards import INK, LINE, MUTED, PAPER

__all__ = ["OddsExplorer"]

_BLUE, _AMBER, _AMBER_PAPER = "#1565c0", "#f9a825", "#fff3c4"
_FONT = "system-ui,'DejaVu Sans',sans-serif"


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
    :attr:`last_update_ms`. One matplotlib :attr:`figure` is kept and redrawn
    (Agg, no pyplot) into the :attr:`chart` image.

    >>> odds = OddsExplorer(Pack.split_and_choose(), ranking="rarity")
    >>> odds.source.value, odds.lowest.value, odds.jokers.value
    ('custom', 10, 1)
    >>> [c.value for c in odds.ranking.order][-2:], odds.counts.total
    (['flush', 'high card'], 20349)
    >>> odds.scale.value = "log"
    >>> odds.plotted[Category.STRAIGHT_FLUSH]
    24.0
    """

    def __init__(
        self,
        pack: Pack | None = None,
        ranking: Literal["standard", "rarity"] = "standard",
        measure: Literal["hands", "probability"] = "hands",
        scale: Literal["linear", "log"] = "linear",
    ) -> None:
        start = pack if pack is not None else Pack.whisky(4)
        whisky = start.lowest <= 11 - MIN_PLAYERS
        self._quiet = True
        self._message = ""
        self._pack = start
        self._counts: CategoryCounts = category_counts(start)
        self._disagreements: tuple[Category, ...] = ()
        self._plotted: dict[Category, float] = {}
        self._last_update_ms = 0.0

        self.source = w.ToggleButtons(
            options=[("Whisky table", "whisky"), ("Any pack", "custom")],
            value="whisky" if whisky else "custom",
            tooltips=["Whisky Poker: one rank more per player", "any lowest rank from 2 to 10"],
            style={"button_width": "112px"},
        )
        self.players = w.IntSlider(
            value=11 - start.lowest if whisky else MIN_PLAYERS,
            min=MIN_PLAYERS,
            max=MAX_PLAYERS,
            layout=w.Layout(width="250px"),
        )
        self.lowest = w.Dropdown(
            options=[(f"{Rank(r).symbol} to A  ({4 * (15 - r)} cards)", r) for r in range(2, 11)],
            value=start.lowest,
            layout=w.Layout(width="250px"),
        )
        self.jokers = w.ToggleButtons(
            options=[("none", 0), ("1 Joker", 1), ("2 Jokers", 2)],
            value=start.jokers,
            style={"button_width": "78px"},
        )
        self.ranking_choice = w.ToggleButtons(
            options=[("standard", "standard"), ("by rarity", "rarity")],
            value=ranking,
            tooltips=["the usual poker order", "rarest category strongest, in this pack"],
            style={"button_width": "90px"},
        )
        self.ace_low = w.Checkbox(value=start.ace_low, description="the Ace also plays low", indent=False)
        self.measure = w.ToggleButtons(
            options=[("hands", "hands"), ("probability", "probability")],
            value=measure,
            style={"button_width": "90px"},
        )
        self.scale = w.ToggleButtons(options=["linear", "log"], value=scale, style={"button_width": "70px"})
        self.hint = w.HTML()
        self.table = w.HTML(layout=w.Layout(flex="0 1 auto"))
        self.chart = w.Image(format="png", layout=w.Layout(flex="0 1 auto", max_width="100%"))
        self.message_label = w.HTML()
        self.status = w.HTML()

        self.figure = Figure(figsize=(5.0, 3.7), dpi=100)
        FigureCanvasAgg(self.figure)
        self._axes = self.figure.add_axes((0.26, 0.19, 0.64, 0.71))
        self._bars = self._axes.barh(range(len(Category)), [1.0] * len(Category), height=0.7)
        self._labels = [
            self._axes.text(0, i, "", va="center", ha="left", fontsize=8, color=INK) for i in range(len(Category))
        ]
        self._axes.invert_yaxis()
        self._axes.grid(axis="x", color="#e0e0e0", linewidth=0.8)
        self._axes.set_axisbelow(True)
        self._key = self.figure.text(0.02, 0.015, "", ha="left", va="bottom", fontsize=8, color="#8d6e00")
        for side in ("top", "right"):
            self._axes.spines[side].set_visible(False)

        self._show_source()
        for control in (
            self.source,
            self.players,
            self.lowest,
            self.jokers,
            self.ranking_choice,
            self.ace_low,
            self.measure,
            self.scale,
        ):
            control.observe(self._changed, names="value")

        title = w.HTML(
            f'<div style="font:600 17px/1.3 {_FONT};padding:2px 0 4px">Odds explorer'
            '<span style="font-weight:400;font-size:14px;opacity:.75"> · exact counts of every 5-card hand</span></div>'
        )
        controls = w.GridBox(
            [
                _label("Pack"),
                self.source,
                _label("Jokers"),
                self.jokers,
                _label("Table size"),
                w.HBox([self.players, self.lowest]),
                _label("Order"),
                self.ranking_choice,
                _label("Straights"),
                self.ace_low,
                _label("Chart"),
                w.HBox([self.measure, self.scale]),
            ],
            layout=w.Layout(
                grid_template_columns="76px minmax(250px, max-content) 56px max-content",
                grid_gap="4px 10px",
                align_items="center",
                margin="2px 0 6px",
            ),
        )
        results = w.HBox(
            [self.table, self.chart],
            layout=w.Layout(flex_flow="row wrap", align_items="flex-start", grid_gap="12px"),
        )
        self.widget = w.VBox(
            [title, controls, self.hint, self.message_label, results, self.status],
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

    def _changed(self, change: dict[str, Any]) -> None:
        if self._quiet:
            return
        if change["owner"] is self.source:
            # keep the same pack when switching between a table and any pack
            self._quiet = True
            try:
                if change["new"] == "custom":
                    self.lowest.value = 11 - self.players.value
                elif self.lowest.value <= 11 - MIN_PLAYERS:
                    self.players.value = 11 - self.lowest.value
            finally:
                self._quiet = False
            self._show_source()
        self._update()

    def _show_source(self) -> None:
        whisky = self.source.value == "whisky"
        self.players.layout.display = None if whisky else "none"
        self.lowest.layout.display = "none" if whisky else None

    def _chosen_pack(self) -> Pack:
        lowest = 11 - int(self.players.value) if self.source.value == "whisky" else int(self.lowest.value)
        return Pack(lowest=lowest, jokers=int(self.jokers.value), ace_low=bool(self.ace_low.value))

    def _update(self) -> None:
        start = time.perf_counter()
        try:
            pack = self._chosen_pack()
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
            f'<div style="font:12px {_FONT};opacity:.7">{len(pack)} cards · {counts.total:,} hands'
            f" · updated in {self._last_update_ms:.0f} ms</div>"
        )

    # -- views -------------------------------------------------------------

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
        return f'<div style="font:13px {_FONT};opacity:.8;margin:0 0 6px 2px">{note}</div>'

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
            shade = f"background:{_AMBER_PAPER};" if marked else ""
            edge = f"border-left:4px solid {_AMBER if marked else PAPER};"
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
            f'border-radius:6px;padding:8px 10px;font:13px/1.35 {_FONT};display:inline-block;max-width:520px">'
            f'<table style="border-collapse:collapse;color:{INK}">{caption}<tr>{head}</tr>{"".join(body)}</table>'
            f"{foot}</div>"
        )

    def _order_note(self) -> str:
        if not self._disagreements:
            return "In this pack the standard order is also the order by rarity."
        n = len(self._disagreements)
        return (
            f'<span style="background:{_AMBER_PAPER};border-left:4px solid {_AMBER};padding:0 4px">&nbsp;</span> '
            f"{n} categories sit at a different place in the standard order and in the order by rarity "
            "(rarest strongest) of this pack."
        )

    def _paradox_note(self) -> str:
        """Under the rarity order, Joker hands move to other categories; the
        recount can then disagree with the order it was made under."""
        if self.ranking.name != "rarity":
            return ""
        seen = [(c, n) for c, n in self._counts.items() if n > 0]
        for (stronger, a), (weaker, b) in itertools.pairwise(seen):
            if a > b:
                return (
                    f"Counted again under this order, the Joker hands move: {escape(stronger.value)} ({a:,}) is "
                    f"now commoner than {escape(weaker.value)} ({b:,}), which it beats: the wild-card paradox."
                )
        return ""

    def _draw(self) -> bytes:
        counts, ax = self._counts, self._axes
        probability = self.measure.value == "probability"
        log = self.scale.value == "log"
        values = [float(counts.probability(c)) if probability else float(n) for c, n in counts.items()]
        self._plotted = dict(zip(counts, values, strict=True))
        positive = [v for v in values if v > 0]
        top = max(positive, default=1.0)
        ax.set_xscale("log" if log else "linear")
        # no minor ticks and plain-text labels: log ticks in mathtext cost more to draw than all the rest
        ax.xaxis.set_minor_locator(NullLocator())
        ax.xaxis.set_major_formatter(FuncFormatter(_percent_tick if probability else _count_tick))
        floor = min(positive, default=1.0) / 3 if log else 0.0
        ax.set_xlim(floor, top * (12 if log else 1.3))
        for bar, text, category, value in zip(self._bars, self._labels, counts, values, strict=True):
            bar.set_x(floor)
            bar.set_width(max(value - floor, 0.0))
            bar.set_color(_AMBER if category in self._disagreements else _BLUE)
            if value == 0:
                label = "never"
            elif probability:
                label = f"{value * 100:.3g}%"
            else:
                label = f"{int(value):,}"
            text.set_text(f" {label}")
            text.set_x(max(value, floor))
        ax.set_yticks(range(len(Category)), [c.value for c in counts])
        ax.set_xlabel("probability" if probability else f"hands (of {counts.total:,})", fontsize=9)
        ax.tick_params(labelsize=9)
        ax.set_title(f"{self._pack} · {self.ranking.name} order", fontsize=10, loc="left")
        self._key.set_text(
            "amber: a different place in the standard order and in the order by rarity" if self._disagreements else ""
        )
        buffer = io.BytesIO()
        self.figure.savefig(buffer, format="png", facecolor="white")
        return buffer.getvalue()


def _label(text: str) -> Any:
    return w.HTML(f'<span style="font:600 13px {_FONT};opacity:.8">{text}</span>')


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
