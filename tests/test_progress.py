"""The progress bar: tqdm's, and in a notebook its saved text is the final count."""

from __future__ import annotations

from typing import Any

import pytest
from tqdm.auto import tqdm
from tqdm.notebook import tqdm as notebook_tqdm

from cardcommons import progress as module


class Handle:
    def __init__(self, shown: list[str]) -> None:
        self.shown = shown

    def update(self, widget: Any) -> None:
        self.shown.append(repr(widget))


def test_the_notebook_bar_shows_itself_again_when_done(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []

    def display(widget: Any, display_id: bool) -> Handle:
        assert display_id
        shown.append(repr(widget))
        return Handle(shown)

    monkeypatch.setattr(module, "display", display)
    monkeypatch.setattr(module, "tqdm", notebook_tqdm)
    assert list(module.progress(range(17), desc="packs")) == list(range(17))
    assert len(shown) == 2
    assert "0/17" in shown[0] and "100%" in shown[1] and "17/17" in shown[1]


def test_outside_a_notebook_it_is_tqdms_bar() -> None:
    bar = module.progress(range(2), disable=True)
    assert isinstance(bar, tqdm) and list(bar) == [0, 1]
