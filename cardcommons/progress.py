"""A progress bar that reads complete once it is done, in a saved notebook too.

:func:`progress` is ``tqdm.auto``'s bar. In a notebook tqdm draws a widget, and
the plain text saved beside it (what a page without widgets shows) is taken
when the bar first appears: "0%". This bar shows itself under a display id and
shows itself again when it closes, so the saved text is the final count.

>>> sum(progress(range(4), desc="packs", disable=True))
6
"""

from __future__ import annotations

from typing import Any

from IPython.display import display
from tqdm.auto import tqdm
from tqdm.notebook import tqdm as notebook_tqdm

__all__ = ["progress"]


def progress(iterable: Any = None, **options: Any) -> Any:
    """``tqdm.auto.tqdm(iterable, **options)``; in a notebook, a bar whose saved text is its last state.

    >>> [n for n in progress(range(3), disable=True)]
    [0, 1, 2]
    """
    if not issubclass(tqdm, notebook_tqdm) or options.get("disable"):
        return tqdm(iterable, **options)
    return _NotebookBar(iterable, **options)


class _NotebookBar(notebook_tqdm):  # type: ignore[misc]
    """tqdm's notebook bar, shown under a display id and shown again, final, on close."""

    def __init__(self, *args: Any, **options: Any) -> None:
        super().__init__(*args, display=False, **options)
        self._handle = display(self.container, display_id=True)  # type: ignore[no-untyped-call]

    def close(self) -> None:
        super().close()
        handle, self._handle = getattr(self, "_handle", None), None
        if handle is not None:
            handle.update(self.container)
