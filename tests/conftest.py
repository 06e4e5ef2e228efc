"""Shared fixtures and markers."""

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "binder: re-creates the Binder set-up in a fresh virtual environment, runs a lesson and the arcade (slow; "
        "select with -m binder, skip with -m 'not binder')",
    )
