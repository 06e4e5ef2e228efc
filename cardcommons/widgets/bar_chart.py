"""A horizontal bar chart drawn as plain HTML: instant to redraw, no plotting library.

The odds explorer redraws its chart on every change; HTML costs well under a
millisecond where a PNG from matplotlib cost tens, reads in light and dark
themes (the theme's own text and rule colours), and shows on GitHub too.

>>> bars = [Bar("flush", 12, "12"), Bar("full house", 720, "720", marked=True)]
>>> html = bar_chart_html(bars, axis_label="hands", tick=lambda v: f"{v:g}")
>>> html.count('class="cc-bar'), html.count("cc-bar-marked")
(2, 1)
>>> ticks(0, 900, log=False)
[0.0, 200.0, 400.0, 600.0, 800.0]
>>> ticks(4, 1e6, log=True)
[10.0, 100.0, 1000.0, 10000.0, 100000.0, 1000000.0]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from html import escape
from typing import NamedTuple

from cardcommons.palette import BLUE, GOLD, INK, LINE, MUTED

__all__ = ["Bar", "bar_chart_html", "scale_bounds", "ticks"]

AMBER = GOLD
_ROW_PX, _LABEL_PX = 24, 118


class Bar(NamedTuple):
    """One bar: its label on the left, its length, the text at its end, and
    whether it is marked (amber instead of blue)."""

    label: str
    value: float
    text: str
    marked: bool = False


def scale_bounds(values: Sequence[float], *, log: bool) -> tuple[float, float]:
    """Where the axis starts and ends: room for the text after the longest bar;
    on a log scale, from a third of the shortest bar that is not empty.

    >>> scale_bounds([10, 100], log=False), scale_bounds([10, 100], log=True)
    ((0.0, 130.0), (3.3333333333333335, 1200.0))
    """
    positive = [v for v in values if v > 0]
    top = float(max(positive, default=1.0))
    if log:
        return float(min(positive, default=1.0)) / 3, top * 12
    return 0.0, top * 1.3


def ticks(low: float, high: float, *, log: bool) -> list[float]:
    """Round tick values inside ``[low, high]``: powers of ten on a log scale,
    about five steps of 1, 2 or 5 times a power of ten on a linear one."""
    if log:
        first, last = math.ceil(math.log10(low)), math.floor(math.log10(high))
        return [10.0**k for k in range(first, last + 1)]
    rough = (high - low) / 5
    power = 10.0 ** math.floor(math.log10(rough))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= rough)
    return [k * step for k in range(math.ceil(low / step), math.floor(high / step) + 1)]


def bar_chart_html(
    bars: Sequence[Bar],
    *,
    axis_label: str,
    tick: Callable[[float], str],
    log: bool = False,
    title: str = "",
    key: str = "",
    width: int = 470,
) -> str:
    """The chart: one row per bar (top to bottom), grid lines and tick labels
    under it, ``axis_label`` under them, and ``key`` in small print."""
    low, high = scale_bounds([b.value for b in bars], log=log)

    def at(value: float) -> float:  # percent of the plot's width
        if log:
            span = math.log10(high) - math.log10(low)
            return 100 * (math.log10(max(value, low)) - math.log10(low)) / span
        return 100 * (value - low) / (high - low)

    marks = ticks(low, high, log=log)
    grid = "".join(
        f'<div style="position:absolute;top:0;bottom:0;left:{at(v):.2f}%;border-left:1px solid {LINE}"></div>'
        for v in marks
    )
    rows, labels = [], []
    for bar in bars:
        colour = AMBER if bar.marked else BLUE
        kind = "cc-bar cc-bar-marked" if bar.marked else "cc-bar"
        length = at(bar.value) if bar.value > 0 else 0.0
        labels.append(
            f'<div style="height:{_ROW_PX}px;line-height:{_ROW_PX}px;text-align:right;white-space:nowrap;'
            f'overflow:hidden">{escape(bar.label)}</div>'
        )
        rows.append(
            f'<div style="position:relative;height:{_ROW_PX}px">'
            f'<div class="{kind}" style="position:absolute;left:0;top:4px;height:{_ROW_PX - 8}px;'
            f'width:{length:.2f}%;background:{colour}"></div>'
            f'<span style="position:absolute;left:{length:.2f}%;top:0;line-height:{_ROW_PX}px;padding-left:4px;'
            f'font-size:11px;white-space:nowrap">{escape(bar.text)}</span></div>'
        )
    tick_labels = "".join(
        f'<span style="position:absolute;left:{at(v):.2f}%;transform:translateX(-50%);white-space:nowrap">'
        f"{escape(tick(v))}</span>"
        for v in marks
    )
    head = f'<div style="font-weight:600;margin:0 0 4px">{escape(title)}</div>' if title else ""
    swatch = f'<span style="display:inline-block;width:10px;height:10px;background:{AMBER};margin-right:5px"></span>'
    foot = f'<div style="color:{MUTED};font-size:11px;margin-top:4px">{swatch}{escape(key)}</div>' if key else ""
    return (
        f'<div class="cc-chart" style="font:12px/1.3 system-ui,\'DejaVu Sans\',sans-serif;color:{INK};'
        f'width:{width}px;max-width:100%;box-sizing:border-box;padding:4px 8px">{head}'
        f'<div style="display:flex"><div style="flex:0 0 {_LABEL_PX}px;box-sizing:border-box;padding-right:6px">'
        f"{''.join(labels)}</div>"
        f'<div style="position:relative;flex:1 1 auto;border-left:1px solid {MUTED};border-bottom:1px solid {MUTED}">'
        f"{grid}{''.join(rows)}</div></div>"
        f'<div style="position:relative;height:16px;margin:2px 0 0 {_LABEL_PX + 1}px;color:{MUTED}">'
        f"{tick_labels}</div>"
        f'<div style="text-align:center;color:{MUTED};margin:2px 0 0 {_LABEL_PX}px">{escape(axis_label)}</div>'
        f"{foot}</div>"
    )
