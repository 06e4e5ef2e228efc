"""What every little app of the package is: a plain object with a ``widget``
that displays itself, and a message line that says why an input was refused.

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
"""

from __future__ import annotations

from typing import Any

from cardcommons.widgets.cards import message_html

__all__ = ["WidgetApp"]


class WidgetApp:
    """The base of the explorers and the game tables: it shows itself as its
    :attr:`widget` and keeps its last :attr:`message` in its ``message_label``."""

    widget: Any
    message_label: Any
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

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)
