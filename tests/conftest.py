"""Shared fixtures and markers, and the fuzz tests' profile: the same examples on every run
(``HYPOTHESIS_PROFILE=explore`` draws new ones, for a sweep)."""

import os

import pytest
from hypothesis import settings

settings.register_profile("steady", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "steady"))


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "binder: re-creates the Binder set-up in a fresh virtual environment, runs a lesson and the arcade (slow; "
        "select with -m binder, skip with -m 'not binder')",
    )
