"""Doctest namespace: the names every docstring example may use without importing."""

import numpy as np
import pytest

import cardcommons
from cardcommons.cards import parse_card


@pytest.fixture(autouse=True)
def _doctest_names(doctest_namespace: dict[str, object]) -> None:
    doctest_namespace.update({name: getattr(cardcommons, name) for name in cardcommons.__all__})
    doctest_namespace.update(np=np, parse_card=parse_card)
