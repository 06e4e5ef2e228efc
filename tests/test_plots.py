"""The lesson plots draw exactly the numbers that category_counts computes."""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction
from html import escape
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.axes import Axes
from matplotlib.container import ErrorbarContainer
from matplotlib.lines import Line2D

from cardcommons import STANDARD, Category, Pack, PlotError, SimulationError, category_counts
from cardcommons.odds import rarity_ranking
from cardcommons.plots import (
    close,
    plot_category_bars,
    plot_category_odds,
    plot_order_comparison,
    plot_rates,
    plot_simulation_check,
    wilson_interval,
)
from cardcommons.simulate import wilson_interval as simulators_interval

WHISKY = [Pack.whisky(p) for p in range(2, 10)]
WHISKY_JOKERS = [Pack.whisky(p, jokers=True) for p in range(2, 10)]


def xdata(line: Line2D) -> list[float]:
    return [float(v) for v in np.asarray(line.get_xdata())]


def ydata(line: Line2D) -> list[float]:
    return [float(v) for v in np.asarray(line.get_ydata())]


@pytest.fixture
def ax() -> Iterator[Axes]:
    _, axes = plt.subplots()
    yield axes
    plt.close("all")


@pytest.mark.parametrize("packs", [WHISKY, WHISKY_JOKERS, [Pack.split_and_choose()]])
@pytest.mark.parametrize("ranking", ["standard", "rarity"])
def test_category_odds_plots_the_exact_counts(packs: list[Pack], ranking: str, ax: Axes) -> None:
    plot_category_odds(packs, "rarity" if ranking == "rarity" else "standard", ax=ax, log=False)
    tables = [category_counts(pack, "rarity" if ranking == "rarity" else "standard") for pack in packs]
    lines = {line.get_label(): line for line in ax.get_lines()}
    assert set(lines) == {c.value for c in Category if any(t[c] for t in tables)}
    for category in Category:
        if category.value not in lines:
            continue
        line = lines[category.value]
        expected = [(len(t.pack), t[category]) for t in tables if t[category] > 0]
        assert list(zip(xdata(line), ydata(line), strict=True)) == expected


def test_category_odds_probabilities_and_log_scale(ax: Axes) -> None:
    plot_category_odds(WHISKY, probability=True, log=True, ax=ax)
    assert ax.get_yscale() == "log"
    flush = next(line for line in ax.get_lines() if line.get_label() == "flush")
    assert ydata(flush) == [float(category_counts(p).probability(Category.FLUSH)) for p in WHISKY]


def test_category_odds_skips_categories_that_never_occur(ax: Axes) -> None:
    plot_category_odds([Pack.split_and_choose()], categories=[Category.FLUSH, Category.PAIR], ax=ax)
    flush, pair = ax.get_lines()
    assert ydata(flush) == []
    assert ydata(pair) == [category_counts(Pack.split_and_choose())[Category.PAIR]]


def test_category_bars_plot_every_table(ax: Axes) -> None:
    pack = Pack.whisky(5, jokers=True)
    tables = [category_counts(Pack.whisky(5)), category_counts(pack), category_counts(pack, "rarity")]
    plot_category_bars(tables, ["no Jokers", "Jokers", "Jokers, rarity"], probability=False, ax=ax)
    assert len(ax.containers) == 3
    for container, table in zip(ax.containers, tables, strict=True):
        assert [int(bar.get_width()) for bar in container] == [table[c] for c in Category]
    assert [t.get_text() for t in ax.get_yticklabels()] == [c.value for c in Category]


def test_category_bars_reject_mismatched_labels() -> None:
    with pytest.raises(PlotError, match="2 labels for 1"):
        plot_category_bars([category_counts(Pack.whisky(2))], ["a", "b"])
    with pytest.raises(PlotError, match="at least one"):
        plot_category_bars([])


@pytest.mark.parametrize("pack", [*WHISKY, Pack.split_and_choose()])
def test_order_comparison_draws_each_category_at_its_places(pack: Pack, ax: Axes) -> None:
    rarity = rarity_ranking(pack)
    plot_order_comparison(STANDARD, rarity, ax=ax)
    places = {line.get_label(): ydata(line) for line in ax.get_lines()}
    assert places == {c.value: [STANDARD.order.index(c), rarity.order.index(c)] for c in Category}


def test_simulation_check_bars_are_exact_probabilities(ax: Axes) -> None:
    exact = category_counts(Pack.whisky(3))
    observed = {c: exact[c] // 10 for c in exact}
    plot_simulation_check(exact, observed, ax=ax)
    bars = [bar.get_width() for bar in ax.containers[0]]
    assert bars == [float(exact.probability(c)) for c in exact.ranking.order]
    assert Fraction(exact[Category.PAIR], exact.total) == exact.probability(Category.PAIR)


@pytest.mark.parametrize(("hits", "trials"), [(0, 10), (5, 10), (10, 10), (3, 1000)])
def test_wilson_interval_contains_the_observed_rate(hits: int, trials: int) -> None:
    low, high = wilson_interval(hits, trials)
    assert 0.0 <= low <= hits / trials <= high <= 1.0


def test_wilson_interval_is_the_simulators_and_checks_its_input() -> None:
    assert wilson_interval is simulators_interval  # one interval for the plots and the simulator
    assert wilson_interval(0, 0) == (0.0, 1.0)  # no trials: no information
    for hits, trials in ((-1, 10), (11, 10), (0, -1)):
        with pytest.raises(SimulationError, match=f"not {hits} of {trials}"):
            wilson_interval(hits, trials)


def test_simulation_check_needs_a_simulated_hand(ax: Axes) -> None:
    with pytest.raises(PlotError, match="at least one simulated hand, not 0"):
        plot_simulation_check(category_counts(Pack.whisky(2)), {}, ax=ax)


def test_rates_draw_each_interval_and_the_reference(ax: Axes) -> None:
    rates = [(0.3, 0.25, 0.36), (0.5, 0.44, 0.55), (0.7, 0.66, 0.75)]
    plot_rates([0.5, 0.7, 0.9], rates, reference=0.5, reference_label="fair share", shift=0.01, ax=ax)
    bars = ax.containers[0]
    assert isinstance(bars, ErrorbarContainer)
    data, _, (whiskers,) = bars.lines
    assert data is not None
    assert xdata(data) == pytest.approx([0.51, 0.71, 0.91])
    assert ydata(data) == [0.3, 0.5, 0.7]
    ends = [float(y) for segment in whiskers.get_segments() for _, y in segment]
    assert ends == pytest.approx([y for _, lo, hi in rates for y in (lo, hi)])
    assert [ydata(line) for line in ax.get_lines() if line.get_label() == "fair share"] == [[0.5, 0.5]]


def test_rates_on_categories_keep_their_order(ax: Axes) -> None:
    plot_rates(["first", "second"], [(0.4, 0.3, 0.5), (0.6, 0.5, 0.7)], ax=ax)
    plot_rates(["first", "second"], [(0.45, 0.35, 0.55), (0.55, 0.45, 0.65)], shift=0.1, ax=ax)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["first", "second"]
    bars = ax.containers[1]
    assert isinstance(bars, ErrorbarContainer)
    assert bars.lines[0] is not None
    assert xdata(bars.lines[0]) == [0.1, 1.1]


@pytest.mark.parametrize(
    ("x", "rates"),
    [([1, 2], [(0.5, 0.4, 0.6)]), ([1], [(0.7, 0.4, 0.6)])],
)
def test_rates_reject_bad_input(x: list[float], rates: list[tuple[float, float, float]]) -> None:
    with pytest.raises(PlotError, match=r"x values for|inside its interval"):
        plot_rates(x, rates)


def test_in_ipython_a_plot_is_an_image_told_in_words_with_its_numbers() -> None:
    """A notebook (and the site built from it) shows a helper's figure as an image whose alt text says
    what the chart shows, numbers from the counts; a figure no helper drew is shown as before."""
    from IPython.core.interactiveshell import InteractiveShell

    from cardcommons.alt_text import figure_alt

    shell = InteractiveShell.instance()
    formatter: Any = shell.display_formatter
    try:
        packs = [Pack.whisky(2), Pack.whisky(9)]
        ax = plot_category_odds(packs, probability=True, log=False, categories=[Category.FLUSH])
        ax.set_title("Flush")
        exact = [float(category_counts(pack).probability(Category.FLUSH)) for pack in packs]
        data, _ = formatter.format(ax.figure)
        alt = figure_alt(ax.figure)
        assert alt.startswith("Flush: a line chart of each category's probability of a 5-card hand by cards")
        assert f"flush {exact[0] * 100:.3g}% with 24 cards to {exact[1] * 100:.3g}% with 52." in alt
        assert (
            data["text/html"].startswith('<img src="data:image/png;base64,')
            and f'alt="{escape(alt)}"' in data["text/html"]
        )
        plain, _ = plt.subplots()
        assert "text/html" not in formatter.format(plain)[0]
        plt.close(plain)
        close(ax)
    finally:
        InteractiveShell.clear_instance()
