"""Doctest namespace: the names every docstring example may use without importing."""

from importlib.util import find_spec

import numpy as np
import pytest

import cardcommons
from cardcommons.cards import parse_card

# The OpenSpiel adapter needs the extra `openspiel`; without it, its doctests are not collected
# (tests/test_openspiel.py skips, or fails under CI=true).
collect_ignore_glob = [] if find_spec("pyspiel") else ["cardcommons/openspiel/*"]


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.update({name: getattr(cardcommons, name) for name in cardcommons.__all__})
    doctest_namespace.update(np=np, parse_card=parse_card)
