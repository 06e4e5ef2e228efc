"""What every little app of the package is: a plain object with a ``widget``
that displays itself, and a message line that says why an input was refused.

It displays as the live widget and, next to it in the same output, a picture
of its current state (``text/html``) and one sentence (``text/plain``): what
a notebook shows where no kernel runs the widget (an unrun or untrusted
notebook, GitHub, ``nbconvert``), instead of a line of Python.

>>> import ipywidgets as w
>>> class Echo(WidgetApp):
...     def __init__(self) -> None:
...         self.message_label = w.HTML()
...         self.widget = w.VBox([self.message_label])
>>> echo = Echo()
>>> echo.message
''
>>> echo._say("not a card: 'Zz'")
>>> echo.message, "not a card" in echo.message_label.value
("not a card: 'Zz'", True)
>>> bundle = echo._repr_mimebundle_()
>>> bundle["text/plain"], "cc-static" in bundle["text/html"]
('A little app: run this cell to use it.', True)
"""

from __future__ import annotations

from html import escape
from typing import Any, ClassVar

from cardcommons.palette import FONT, MUTED
from cardcommons.widgets.cards import message_html

__all__ = ["WidgetApp", "close_tree"]


class WidgetApp:
    """The base of the explorers and the game tables: it shows itself as its
    :attr:`widget` and keeps its last :attr:`message` in its ``message_label``."""

    widget: Any
    message_label: Any
    summary: ClassVar[str] = "A little app: run this cell to use it."
    """The sentence shown where the widget cannot run."""
    _message: str = ""
    _message_error: bool = True

    @property
    def message(self) -> str:
        """The last refusal or hint, "" when the last input was accepted."""
        return self._message

    def _say(self, text: str, error: bool = True) -> None:
        """Show ``text``: red for a refusal, green for a hint (``error=False``); "" clears it."""
        self._message, self._message_error = text, error
        self.message_label.value = message_html(text, error=error)

    def close(self) -> None:
        """Close every widget of the app (its front-end views go with them): for an app that is replaced."""
        close_tree(self.widget)

    def static_html(self) -> str:
        """A picture of what the widget shows now, as HTML, with :attr:`summary` under it."""
        return (
            f'<div class="cc-static">{self._picture_html()}'
            f'<div style="font:italic 13px {FONT};color:{MUTED};margin:4px 2px">'
            f"{escape(self.summary)}</div></div>"
        )

    def _picture_html(self) -> str:
        """The widget's current state as static HTML (nothing by default)."""
        return ""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = dict(self.widget._repr_mimebundle_(**kwargs) or {})
        bundle["text/html"] = self.static_html()
        bundle["text/plain"] = self.summary
        return bundle


def close_tree(widget: Any) -> None:
    """Close ``widget``, every widget under it, and their layouts and styles.

    >>> import ipywidgets as w
    >>> box = w.VBox([w.Button()])
    >>> button = box.children[0]
    >>> close_tree(box)
    >>> button.comm is None and button.layout.comm is None
    True
    """
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for name in ("layout", "style"):
        part: Any = getattr(widget, name, None)
        if part is not None:
            part.close()
    widget.close()
