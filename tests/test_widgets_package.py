"""cardcommons.widgets imports each widget when first asked for: a lesson that
shows the odds explorer does not wait for the game tables and their bots."""

from __future__ import annotations

import subprocess
import sys

import pytest

import cardcommons.widgets as widgets


def loaded_after(statement: str) -> set[str]:
    """The modules of interest that a fresh process holds after ``statement``."""
    probe = f"import sys; {statement}; print(' '.join(sorted(sys.modules)))"
    found = set(
        subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout.split()
    )
    return found & {"ipywidgets", "cardcommons.bots", "cardcommons.split_and_choose", "cardcommons.whisky"}


def test_every_name_is_where_the_package_says() -> None:
    assert sorted(widgets._HOMES) == sorted(widgets.__all__)
    for name in widgets.__all__:
        assert getattr(widgets, name).__name__ == name
    assert set(widgets.__all__) <= set(dir(widgets))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="has no attribute 'Arcde'"):
        widgets.Arcde  # noqa: B018


def test_each_import_loads_what_it_needs_only() -> None:
    assert loaded_after("import cardcommons.widgets") == set()
    assert loaded_after("from cardcommons.widgets import OddsExplorer") == {"ipywidgets"}
    assert loaded_after("from cardcommons.widgets import HandExplorer") == {"ipywidgets"}
    assert loaded_after("from cardcommons.widgets import Arcade") == {
        "ipywidgets",
        "cardcommons.bots",
        "cardcommons.split_and_choose",
        "cardcommons.whisky",
    }
