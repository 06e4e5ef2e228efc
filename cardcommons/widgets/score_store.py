"""Where the arcade's score and theme last: the reader's browser (its ``localStorage``),
under keys of the project's own, :data:`KEY` and :data:`THEME_KEY`.

A reload of the page starts a new kernel, which knows no game; the browser
does. A :class:`BrowserStore` is a widget that draws nothing: when the page shows
it, it reads the browser's text under its :attr:`~BrowserStore.key` (and no
other key) and sends it to the kernel as :attr:`~BrowserStore.found`; when the
kernel sets :attr:`~BrowserStore.saved`, it writes that text back (an empty text
removes the key). :class:`ScoreStore` keeps the score under :data:`KEY`.
Where a browser keeps nothing for the page (storage turned off), it says so
in :attr:`~BrowserStore.unavailable`, and the score lasts while the page is
open. The kernel reads the score found with :func:`read_score`, which turns
anything that is not a saved score into a sentence, never an error.

>>> store = ScoreStore()
>>> store.found is None, store.saved
(True, '')
>>> score, problem = read_score('{"tallies": [], "streak": 0, "best_streak": 0}')
>>> score.games, problem
(0, '')
"""

from __future__ import annotations

import json

import anywidget
import traitlets

from cardcommons.errors import RecordError, cut
from cardcommons.widgets.score import Score

__all__ = ["KEY", "THEME_KEY", "BrowserStore", "ScoreStore", "read_score"]

KEY = "cardcommons.score.v1"
"""The key of the score in the browser's storage (``v1``: the shape of :meth:`Score.to_dict`)."""
THEME_KEY = "cardcommons.theme.v1"
"""The key of the arcade's theme in the browser's storage ("light" or "dark"; none: as the system is set)."""
LONGEST = 50_000
"""The most characters a saved score is read from: a longer text is not one."""

_ESM = """
function render({ model, el }) {
  el.hidden = true;  // nothing to see: it only carries a text between the browser and the kernel
  el.setAttribute("aria-hidden", "true");
  const KEY = model.get("key");
  let storage;
  try {
    storage = window.localStorage;
    model.set("found", storage.getItem(KEY) ?? "");
  } catch (error) {  // storage turned off for the page
    model.set("unavailable", true);
    model.save_changes();
    return;
  }
  model.save_changes();
  const write = () => {
    const text = model.get("saved");
    try {
      if (text) storage.setItem(KEY, text);
      else storage.removeItem(KEY);
    } catch (error) {  // storage full or turned off since
      model.set("unavailable", true);
      model.save_changes();
    }
  };
  model.on("change:saved", write);
  return () => model.off("change:saved", write);
}

export default { render };
"""


class BrowserStore(anywidget.AnyWidget):
    """The browser's text under one key, as a widget that draws nothing (it must be shown on the page).

    >>> BrowserStore(key=THEME_KEY).key
    'cardcommons.theme.v1'
    """

    _esm = _ESM
    key = traitlets.Unicode(KEY).tag(sync=True)
    """The key of the browser's storage it reads and writes (no other)."""
    found = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    """What the browser had under :attr:`key` when the page showed the widget ("" for nothing; None until then)."""
    saved = traitlets.Unicode("").tag(sync=True)
    """The text the browser is to keep under :attr:`key` ("" removes it)."""
    unavailable = traitlets.Bool(False).tag(sync=True)
    """True once the browser has refused to keep anything for the page."""


class ScoreStore(BrowserStore):
    """The browser's copy of the score, under :data:`KEY`."""

    def save(self, score: Score) -> None:
        """Have the browser keep ``score`` (an empty score removes the key).

        >>> store, score = ScoreStore(), Score()
        >>> score.record("Whisky Poker", "RandomBot", "draw")
        >>> store.save(score)
        >>> read_score(store.saved)[0].tally("Whisky Poker", "RandomBot")
        (0, 1, 0)
        """
        self.saved = json.dumps(score.to_dict(), separators=(",", ":")) if score.games else ""


def read_score(text: str) -> tuple[Score, str]:
    """The score the browser kept as ``text``, and "" ; or, if ``text`` is not a saved
    score, an empty score and a sentence for the page that says it was ignored.

    >>> read_score("")[0].games
    0
    >>> read_score("[1, 2]")[1]
    'The score this browser kept could not be read, so the count starts afresh \
(a saved score is a mapping of tallies, streak, best_streak, not [1, 2]).'
    """
    if not text:
        return Score(), ""
    try:
        if len(text) > LONGEST:
            raise RecordError(f"a saved score is at most {LONGEST:,} characters long, not {len(text):,}")
        try:
            data = json.loads(text)
        except RecursionError as error:
            raise RecordError("a saved score is JSON a few levels deep, and this is nested too deep") from error
        except ValueError as error:
            raise RecordError(f"a saved score is JSON, and this is not: {error}") from error
        return Score.from_dict(data), ""
    except RecordError as error:
        return (
            Score(),
            f"The score this browser kept could not be read, so the count starts afresh ({cut(str(error), 160)}).",
        )
