"""Plots for the lessons: one parameterised helper per kind of figure.

Every helper draws on the Axes it is given (or on a new figure), returns the
Axes, and plots exact numbers from :func:`cardcommons.category_counts`, so a
lesson can call it again with other packs, another ranking or a log scale to
zoom in. Nothing here draws at random: a simulation is passed in as counts.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> ax = plot_category_odds([Pack.whisky(p) for p in range(2, 10)], log=True)
>>> [line.get_label() for line in ax.get_lines()][:3]
['straight flush', 'four of a kind', 'full house']
>>> close(ax)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes

from cardcommons.alt_text import amount, describe
from cardcommons.categories import Category, Ranking
from cardcommons.errors import PlotError
from cardcommons.odds import CategoryCounts, RankingLike, category_counts
from cardcommons.packs import Pack
from cardcommons.simulate import wilson_interval

__all__ = [
    "close",
    "plot_category_bars",
    "plot_category_odds",
    "plot_order_comparison",
    "plot_rates",
    "plot_simulation_check",
    "wilson_interval",
]

_MARKERS = "osD^v<>ph"


def _axes(ax: Axes | None, size: tuple[float, float]) -> Axes:
    if ax is not None:
        return ax
    _, new = plt.subplots(figsize=size, layout="constrained")
    return new


def close(ax: Axes) -> None:
    """Close the figure an Axes belongs to (handy in scripts and tests)."""
    plt.close(ax.get_figure(root=True))


def plot_category_odds(
    packs: Sequence[Pack],
    ranking: RankingLike = "standard",
    *,
    probability: bool = False,
    log: bool = True,
    categories: Sequence[Category] | None = None,
    ax: Axes | None = None,
) -> Axes:
    """One line per category across packs: the exact number of 5-card hands
    in it (or, with ``probability=True``, its chance), by pack size.

    ``ranking`` decides which category a Joker hand counts in ("standard",
    "rarity" in each pack, or a :class:`Ranking`); ``categories`` picks the
    lines to draw (all that occur in some pack, by default). A category that
    never occurs in a pack has no point there, which keeps a log scale honest.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> packs = [Pack.whisky(p) for p in (2, 9)]
    >>> ax = plot_category_odds(packs, categories=[Category.FLUSH, Category.FULL_HOUSE], log=False)
    >>> [(line.get_label(), line.get_ydata().tolist()) for line in ax.get_lines()]
    [('flush', [12, 5108]), ('full house', [720, 3744])]
    >>> close(ax)
    """
    ax = _axes(ax, (8, 5))
    tables = [category_counts(pack, ranking) for pack in packs]
    chosen = list(categories) if categories is not None else [c for c in Category if any(t[c] for t in tables)]
    said = []
    for i, category in enumerate(chosen):
        points = [(len(t.pack), float(t.probability(category)) if probability else t[category]) for t in tables]
        points = [(x, y) for x, y in points if y > 0]
        if points:
            (x0, y0), (x1, y1) = points[0], points[-1]
            said.append(
                f"{category.value} {amount(y0, probability)} with {x0} cards to {amount(y1, probability)} with {x1}"
            )
        ax.plot(
            [x for x, _ in points],
            [y for _, y in points],
            marker=_MARKERS[i % len(_MARKERS)],
            label=category.value,
        )
    if log:
        ax.set_yscale("log")
    ax.set_xticks(sorted({len(pack) for pack in packs}))
    ax.set_xlabel("cards in the pack")
    ax.set_ylabel("probability of a 5-card hand" if probability else "5-card hands")
    scale = ", on a log scale" if log else ""
    describe(ax, f"a line chart of each category's {ax.get_ylabel()} by cards in the pack{scale}: {'; '.join(said)}")
    order = ranking.name if isinstance(ranking, Ranking) else ranking
    ax.set_title(f"{'Probability' if probability else 'Number'} of each category ({order} order)")
    ax.grid(True, which="major", alpha=0.3)
    ax.legend(fontsize="small", loc="center left", bbox_to_anchor=(1.0, 0.5))
    return ax


def plot_category_bars(
    counts: Sequence[CategoryCounts],
    labels: Sequence[str] | None = None,
    *,
    probability: bool = True,
    log: bool = True,
    ax: Axes | None = None,
) -> Axes:
    """Grouped horizontal bars, one group per category (in the standard
    order, strongest on top) and one bar per table of counts: for example a
    pack with and without Jokers, or one pack counted under two orders.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> pack = Pack.whisky(2, jokers=True)
    >>> ax = plot_category_bars([category_counts(pack), category_counts(pack, "rarity")], ["standard", "rarity"],
    ...                         probability=False)
    >>> [int(bar.get_width()) for bar in ax.containers[1]][:4]
    [24, 126, 720, 60]
    >>> close(ax)
    """
    if not counts:
        raise PlotError("plot_category_bars needs at least one table of counts")
    names = list(labels) if labels is not None else [f"{t.pack}, {t.ranking.name}" for t in counts]
    if len(names) != len(counts):
        raise PlotError(f"{len(names)} labels for {len(counts)} tables of counts")
    ax = _axes(ax, (8, 0.55 * len(Category) * max(1.0, len(counts) / 2)))
    height = 0.8 / len(counts)
    rows = list(Category)
    for i, (table, name) in enumerate(zip(counts, names, strict=True)):
        values = [float(table.probability(c)) if probability else table[c] for c in rows]
        positions = [row + (i - (len(counts) - 1) / 2) * height for row in range(len(rows))]
        ax.barh(positions, values, height=height, label=name)
    ax.set_yticks(range(len(rows)), [c.value for c in rows])
    ax.invert_yaxis()
    if log:
        ax.set_xscale("log")
    ax.set_xlabel("probability of a 5-card hand" if probability else "5-card hands")
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize="small")
    bars = "; ".join(
        f"{c.value} {', '.join(amount(float(t.probability(c)) if probability else t[c], probability) for t in counts)}"
        for c in rows
    )
    scale = ", on a log scale" if log else ""
    describe(ax, f"a bar chart of each category's {ax.get_xlabel()}{scale}, for {', then '.join(names)}: {bars}")
    return ax


def plot_order_comparison(
    first: Ranking,
    second: Ranking,
    *,
    labels: tuple[str, str] | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Two orders of the categories side by side, strongest on top, with a
    line from each category's place in one to its place in the other: a
    crossing is a pair of categories that swap.

    The y-data of each line is ``(place in first, place in second)``, 0 for
    the strongest.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> from cardcommons.odds import rarity_ranking
    >>> ax = plot_order_comparison(STANDARD, rarity_ranking(Pack.whisky(2)))
    >>> [(line.get_label(), line.get_ydata().tolist()) for line in ax.get_lines()][3]
    ('flush', [3, 1])
    >>> close(ax)
    """
    ax = _axes(ax, (7, 4.5))
    left, right = labels if labels is not None else (first.name, second.name)
    place = {category: i for i, category in enumerate(second.order)}
    for i, category in enumerate(first.order):
        j = place[category]
        moved = i != j
        ax.plot(
            [0, 1],
            [i, j],
            marker="o",
            color="tab:red" if moved else "0.6",
            linewidth=2 if moved else 1,
            label=category.value,
        )
        ax.annotate(category.value, (0, i), xytext=(-8, 0), textcoords="offset points", ha="right", va="center")
        ax.annotate(category.value, (1, j), xytext=(8, 0), textcoords="offset points", ha="left", va="center")
    ax.set_xlim(-0.9, 1.9)
    ax.set_ylim(len(first.order) - 0.5, -0.5)
    ax.set_xticks([0, 1], [left, right])
    ax.set_yticks([])
    for side in ("left", "right", "top"):
        ax.spines[side].set_visible(False)
    ax.set_title("Strongest on top; red lines mark categories that move")
    return ax


def plot_simulation_check(
    exact: CategoryCounts,
    observed: Mapping[Category, int],
    *,
    z: float = 1.96,
    log: bool = True,
    ax: Axes | None = None,
) -> Axes:
    """Exact probabilities (bars) against a simulation's frequencies (dots
    with Wilson intervals, 95% by default), one row per category.

    ``observed`` maps categories to how many simulated hands fell in them;
    the number of trials is their sum.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> exact = category_counts(Pack.whisky(2))
    >>> ax = plot_simulation_check(exact, exact, log=False)
    >>> bars = ax.containers[0]
    >>> [round(float(bar.get_width()), 4) for bar in bars][-2:]
    [0.5421, 0.072]
    >>> close(ax)
    """
    trials = sum(observed.values())
    if trials <= 0:
        raise PlotError(f"plot_simulation_check needs at least one simulated hand, not {trials}")
    ax = _axes(ax, (8, 4.5))
    rows = list(exact.ranking.order)
    ax.barh(range(len(rows)), [float(exact.probability(c)) for c in rows], color="0.8", label="exact")
    shown = [(i, c) for i, c in enumerate(rows) if observed.get(c, 0) > 0 or not log]
    freq = [observed.get(c, 0) / trials for _, c in shown]
    bounds = [wilson_interval(observed.get(c, 0), trials, z) for _, c in shown]
    ax.errorbar(
        freq,
        [i for i, _ in shown],
        xerr=[
            [f - lo for f, (lo, _) in zip(freq, bounds, strict=True)],
            [hi - f for f, (_, hi) in zip(freq, bounds, strict=True)],
        ],
        fmt="o",
        color="tab:blue",
        capsize=3,
        label=f"simulated ({trials:,} hands)",
    )
    ax.set_yticks(range(len(rows)), [c.value for c in rows])
    ax.invert_yaxis()
    if log:
        ax.set_xscale("log")
    ax.set_xlabel("probability of a 5-card hand")
    ax.set_title(str(exact.pack))
    ax.grid(True, axis="x", alpha=0.3)
    ax.legend(fontsize="small")
    return ax


def plot_rates(
    x: Sequence[float] | Sequence[str],
    rates: Sequence[tuple[float, float, float]],
    *,
    label: str | None = None,
    reference: float | None = None,
    reference_label: str | None = None,
    shift: float = 0.0,
    xlabel: str = "",
    ylabel: str = "win rate",
    title: str | None = None,
    ax: Axes | None = None,
) -> Axes:
    """Simulated rates with their intervals: one dot per x, whiskers from
    ``low`` to ``high``. ``rates`` holds ``(rate, low, high)`` triples, as
    :meth:`cardcommons.simulate.Summary.rate` returns them.

    Numeric ``x`` values are joined by a line; text ``x`` values become
    categories in the order given. ``reference`` draws a dashed horizontal
    line (a fair share, say). Call it again on the same Axes to add a series;
    ``shift`` nudges a series sideways so that whiskers at the same x do not
    hide each other.

    >>> import matplotlib
    >>> matplotlib.use("Agg")
    >>> ax = plot_rates(["blind", "face up"], [(0.4, 0.35, 0.45), (0.5, 0.45, 0.55)], reference=0.5)
    >>> bars = ax.containers[0]
    >>> bars.lines[0].get_ydata().tolist(), [t.get_text() for t in ax.get_xticklabels()]
    ([0.4, 0.5], ['blind', 'face up'])
    >>> close(ax)
    """
    if len(x) != len(rates):
        raise PlotError(f"{len(x)} x values for {len(rates)} rates")
    for rate, low, high in rates:
        if not low <= rate <= high:
            raise PlotError(f"a rate must lie inside its interval, not {rate} outside [{low}, {high}]")
    ax = _axes(ax, (7, 4))
    categorical = any(isinstance(v, str) for v in x)
    positions = [i + shift for i in range(len(x))] if categorical else [float(v) + shift for v in x]
    ax.errorbar(
        positions,
        [r for r, _, _ in rates],
        yerr=[[r - lo for r, lo, _ in rates], [hi - r for r, _, hi in rates]],
        fmt="o" if categorical else "o-",
        capsize=4,
        label=label,
    )
    if categorical:
        ax.set_xticks(range(len(x)), [str(v) for v in x])
        ax.set_xlim(-0.5, len(x) - 0.5)
    if reference is not None:
        ax.axhline(reference, color="0.4", linestyle="--", linewidth=1, label=reference_label)
    if xlabel:
        ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if title is not None:
        ax.set_title(title)
    ax.grid(True, axis="y", alpha=0.3)
    if label is not None or reference_label is not None:
        ax.legend(fontsize="small")
    dots = "; ".join(f"{v} {r:.3g} ({lo:.3g} to {hi:.3g})" for v, (r, lo, hi) in zip(x, rates, strict=True))
    line = "" if reference is None else f", a dashed line at {reference:.3g} ({reference_label or 'the reference'})"
    describe(ax, f"{label or 'rates'} as dots with their intervals, {ylabel} by {xlabel or 'x'}: {dots}{line}")
    return ax
