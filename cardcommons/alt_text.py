"""Words for the lessons' plots: what a screen reader says of a picture.

A notebook shows a matplotlib figure as a PNG, which a screen reader cannot
read, and JupyterLab gives a PNG no alternative text. The plot helpers of
:mod:`cardcommons.plots` therefore say what they drew, numbers included,
with :func:`describe`; in IPython a figure so described is shown, besides its
PNG, as an HTML image whose ``alt`` is :func:`figure_alt`: each Axes' title
(as it is when the figure is shown, so a title set afterwards counts), then
what was drawn on it. JupyterLab and the course site both show that image.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> import matplotlib.pyplot as plt
>>> fig, ax = plt.subplots()
>>> describe(ax, "a line chart of the pair's chance: 42% with 24 cards to 50% with 52")
>>> _ = ax.set_title("Pair")
>>> figure_alt(fig)
"Pair: a line chart of the pair's chance: 42% with 24 cards to 50% with 52."
>>> plt.close(fig)
"""

from __future__ import annotations

import base64
import io
from html import escape
from typing import Any
from weakref import WeakKeyDictionary

from matplotlib.axes import Axes
from matplotlib.figure import Figure, SubFigure

__all__ = ["amount", "describe", "figure_alt"]

_SAID: WeakKeyDictionary[Axes, list[str]] = WeakKeyDictionary()
"""What each Axes shows, in words, in the order it was drawn."""


def describe(ax: Axes, text: str) -> None:
    """Say in words what was drawn on ``ax`` (more than once for several series)."""
    _SAID.setdefault(ax, []).append(text)
    _show_with_words()


def figure_alt(figure: Figure | SubFigure) -> str:
    """The figure in words: for each described Axes, its title, then what was drawn ("" if none is described)."""
    parts = []
    for ax in figure.get_axes():
        said = _SAID.get(ax)
        if said:
            title = ax.get_title()
            parts.append(f"{title}: " * bool(title) + "; ".join(said) + ".")
    return " ".join(parts)


def amount(value: float, probability: bool) -> str:
    """A plotted number in words: a chance as a percentage to three figures, a count with commas.

    >>> amount(0.000119, True), amount(0.5, True), amount(20349, False)
    ('0.0119%', '50%', '20,349')
    """
    return f"{value * 100:.3g}%" if probability else f"{value:,.0f}"


def _figure_html(figure: Figure) -> str | None:
    """A described figure as an HTML image with its words as ``alt`` (None: IPython shows it as it would)."""
    alt = figure_alt(figure)
    if not alt:
        return None
    png = io.BytesIO()
    figure.savefig(png, format="png", bbox_inches="tight")  # as the inline backend draws it
    source = base64.b64encode(png.getvalue()).decode("ascii")
    return f'<img src="data:image/png;base64,{source}" alt="{escape(alt)}" style="max-width:100%">'


def _show_with_words() -> None:
    """In IPython, show every described figure with its words (a figure not described stays as it was)."""
    try:
        from IPython import get_ipython
    except ImportError:  # no IPython: a script saves its figures itself
        return
    shell: Any = get_ipython()
    if shell is None:
        return
    shell.display_formatter.formatters["text/html"].for_type(Figure, _figure_html)
