"""What a screen reader is told of the widgets' buttons, where ipywidgets says nothing.

An ipywidgets button has no ``aria-pressed`` and no ``aria-label``: a card
button is named by its text ("8♣", the words only in its tooltip), a chosen
card says nothing of being chosen, and a button's Font Awesome icon lends its
private-use glyph to the button's name ("\\uf255 Knock"). :class:`AriaBridge`
is a widget that draws nothing: once a page shows one, it keeps, for every
card button of the project's widgets (class ``cc-card-button``), its name in
words (its tooltip), then the label it shows ("Eight of clubs, 8♣": a reader
who speaks to the page says what is seen), and its state (``aria-pressed``:
the class :data:`CHOSEN`); it gives each toggle button (an option: the game,
the opponent, the theme) its state too, and hides the buttons' icons from
their names, as the buttons change. The kernel only marks a chosen card with
:func:`mark_chosen`. What a table says aloud names its cards in words: :func:`spoken`.

>>> import ipywidgets as w
>>> button = w.Button(description="8♣", tooltip="Eight of clubs")
>>> mark_chosen(button, True)
>>> button._dom_classes
('cc-chosen',)
>>> mark_chosen(button, False)
>>> button._dom_classes
()
"""

from __future__ import annotations

import os
import re
import sys
from typing import Any

import anywidget

from cardcommons.cards import parse_card
from cardcommons.palette import card_name

__all__ = ["CHOSEN", "AriaBridge", "mark_chosen", "page_bridge", "spoken"]

CHOSEN = "cc-chosen"
"""The class of a chosen card's button: ``aria-pressed="true"``, and a check mark drawn on it."""
SCOPES = ".cc-arcade, .cc-game-table, .cc-hand-explorer, .cc-odds-explorer, .cc-card-picker"
"""The project's widgets: only their buttons are mended."""

_ESM = """
const CHOSEN = "CHOSEN";
const SCOPES = "SCOPES";

function mend() {
  for (const scope of document.querySelectorAll(SCOPES)) {
    for (const button of scope.querySelectorAll("button.cc-card-button")) {
      const words = button.getAttribute("title");
      const label = words ? `${words}, ${button.textContent.trim()}` : null;  // the label seen, too: a voice says it
      if (label && button.getAttribute("aria-label") !== label) button.setAttribute("aria-label", label);
      const pressed = String(button.classList.contains(CHOSEN));
      if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
    }
    for (const button of scope.querySelectorAll("button.widget-toggle-button")) {  // an option chosen, or not
      const pressed = String(button.classList.contains("mod-active"));
      if (button.getAttribute("aria-pressed") !== pressed) button.setAttribute("aria-pressed", pressed);
    }
    for (const icon of scope.querySelectorAll("button i.fa")) {
      if (icon.getAttribute("aria-hidden") !== "true") icon.setAttribute("aria-hidden", "true");
    }
  }
}

function render({ el }) {
  el.hidden = true;  // nothing to see: it only mends what the buttons tell a screen reader
  if (!window.ccAriaBridge) {  // one watcher a page, however many widgets show a bridge
    window.ccAriaBridge = new MutationObserver(mend);
    window.ccAriaBridge.observe(document.body, {
      subtree: true, childList: true, attributes: true, attributeFilter: ["class", "title"],
    });
  }
  mend();
}

export default { render };
""".replace('"CHOSEN"', f'"{CHOSEN}"').replace('"SCOPES"', f'"{SCOPES}"')


class AriaBridge(anywidget.AnyWidget):
    """A widget that draws nothing and tells a screen reader the card buttons' names in words,
    whether each is chosen, and no icon's glyph (it must be shown on the page)."""

    _esm = _ESM

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("layout", {"display": "none"})
        super().__init__(**kwargs)


LIVE_PAGE = ("JPY_SESSION_NAME", "VOILA_BASE_URL")
"""What a Jupyter server (JupyterLab's, Voilà's) tells the kernels of the pages it shows."""


def page_bridge() -> list[AriaBridge]:
    """An :class:`AriaBridge` to show among a widget's children where a live page shows it (a
    kernel of JupyterLab, Voilà or JupyterLite); none where a notebook runs headless (nbconvert,
    nbval), so no lesson saves with its widgets a model the static site cannot draw.

    >>> page_bridge()  # the tests run headless
    []
    """
    live = sys.platform == "emscripten" or any(os.environ.get(name) for name in LIVE_PAGE)
    return [AriaBridge()] if live else []


def mark_chosen(button: Any, chosen: bool) -> None:
    """Mark ``button`` chosen or not: ``aria-pressed`` on the page, and the check mark of the stylesheet."""
    if chosen:
        button.add_class(CHOSEN)
    else:
        button.remove_class(CHOSEN)


_CARD = re.compile(r"(?<![\w♠♥♦♣])(?:(?:10|[2-9JQKA])[♠♥♦♣]|JO)(?![\w♠♥♦♣])")


def spoken(text: str) -> str:
    """``text`` with each card in words, as a screen reader should say it.

    >>> spoken("Give 8♣, take 10♦ or JO; JOKES stay")
    'Give Eight of clubs, take Ten of diamonds or Joker; JOKES stay'
    """
    return _CARD.sub(lambda found: card_name(parse_card(found[0])), text)
