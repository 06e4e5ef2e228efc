"""Hostile input to the engine's public API: only the project's own ValueError subclasses may escape.

Each test throws generated values (valid ones mixed with None, bytes, floats,
bools, odd arrays, masked arrays, strings, nested lists) at one entry point.
A call either answers or raises one of the types in ``cardcommons.errors``;
never a TypeError, AttributeError, IndexError, KeyError or a bare ValueError.
"""

from __future__ import annotations

import contextlib
import datetime
import inspect
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardcommons import JOKER, Card, Pack, Rank, Suit, best_five, category_counts, evaluate, parse_card, parse_cards
from cardcommons import errors as project_errors
from cardcommons.categories import Category, Ranking
from cardcommons.cli import main
from cardcommons.lookup import evaluate_many, hand_table

PROJECT_ERRORS = tuple(
    error
    for _, error in inspect.getmembers(project_errors, inspect.isclass)
    if issubclass(error, ValueError) and error.__module__ == project_errors.__name__
)
FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)

PACKS = st.sampled_from([Pack.split_and_choose(), Pack(9), Pack(10, 2), Pack(2), Pack(2, 2), Pack(7, 1, ace_low=False)])
CARDS = st.sampled_from([*Pack(2).cards, JOKER])
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.integers(-3, 60),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.binary(max_size=8),
    st.sampled_from(["As", "10h", "Jo", "🃏", "Ks Qs", "standard", "rarity", "", " ", "As,Kh"]),
    st.sampled_from([*Rank, *Suit, *Category, 4.0, 2.5, datetime.timedelta(1), np.int8(3), np.float64(1.0)]),
    CARDS,
    PACKS,
)
ARRAYS = st.one_of(
    st.lists(st.lists(st.integers(-3, 60), min_size=5, max_size=5), max_size=6).map(np.array),
    st.lists(st.lists(st.integers(0, 20), min_size=5, max_size=5), min_size=1, max_size=6).map(
        lambda rows: np.array(rows, dtype=np.int8)
    ),
    st.sampled_from(
        [
            np.zeros((2, 5), dtype=np.float64),
            np.ones((2, 5), dtype=np.bool_),
            np.zeros((2, 5), dtype="m8[s]"),
            np.zeros((0, 5), dtype=np.int64),
            np.arange(10, dtype=np.uint64).reshape(2, 5),
            np.arange(10, dtype=">i4").reshape(2, 5),
            np.ma.masked_array(np.arange(10).reshape(2, 5), mask=np.eye(2, 5, dtype=bool)),
            np.array([["As", "Ks", "Qs", "Js", "10s"]]),
            np.array([None] * 5, dtype=object),
        ]
    ),
)
ANYTHING = st.recursive(
    st.one_of(SCALARS, ARRAYS),
    lambda inner: st.one_of(st.lists(inner, max_size=7), st.tuples(inner, inner), st.dictionaries(st.text(), inner)),
    max_leaves=12,
)
RANKINGS = st.one_of(st.sampled_from(["standard", "rarity", Ranking(tuple(Category))]), SCALARS)
HANDS = st.one_of(st.lists(CARDS, min_size=0, max_size=8), st.lists(st.one_of(CARDS, SCALARS), max_size=7), ANYTHING)


def only_project_errors() -> contextlib.suppress:
    """Let a call answer or raise one of the project's errors; anything else fails the test."""
    return contextlib.suppress(*PROJECT_ERRORS)


def test_the_project_errors_are_value_errors() -> None:
    """The escape list is the project's own types, each a ValueError."""
    assert project_errors.CardError in PROJECT_ERRORS
    assert all(issubclass(error, ValueError) and error is not ValueError for error in PROJECT_ERRORS)


@FUZZ
@given(ANYTHING, ANYTHING)
def test_cards(rank: Any, suit: Any) -> None:
    """Card, parse_card and parse_cards take anything."""
    with only_project_errors():
        Card(rank, suit)
    with only_project_errors():
        parse_card(rank)
    with only_project_errors():
        parse_cards(suit)


@FUZZ
@given(ANYTHING, ANYTHING, ANYTHING, HANDS, ANYTHING)
def test_packs(lowest: Any, jokers: Any, ace_low: Any, cards: Any, seed: Any) -> None:
    """Pack, Pack.whisky, Pack.split_and_choose, check, indices and shuffled take anything."""
    makers: list[Callable[[], Pack]] = [
        lambda: Pack(lowest, jokers, ace_low),
        lambda: Pack.whisky(lowest, jokers, ace_low),
        lambda: Pack.split_and_choose(ace_low),
    ]
    for make in makers:
        with only_project_errors():
            make()
    pack = Pack(2, 2)
    for call in (lambda: pack.check(cards), lambda: pack.check(cards, size=lowest), lambda: pack.indices(cards)):
        with only_project_errors():
            call()
    with only_project_errors():
        pack.shuffled(seed)


@FUZZ
@given(HANDS, st.one_of(st.none(), PACKS, SCALARS), RANKINGS)
def test_evaluate_and_best_five(cards: Any, pack: Any, ranking: Any) -> None:
    """evaluate and best_five take anything for the cards, the pack and the ranking."""
    for evaluator in (evaluate, best_five):
        with only_project_errors():
            evaluator(cards, pack, ranking)


@FUZZ
@given(st.one_of(PACKS, SCALARS), st.one_of(ARRAYS, ANYTHING), RANKINGS)
def test_evaluate_many_and_hand_tables(pack: Any, hands: Any, ranking: Any) -> None:
    """evaluate_many, hand_table(...).strength and category_counts take anything."""
    with only_project_errors():
        evaluate_many(pack, hands, ranking)
    with only_project_errors():
        category_counts(pack, ranking)
    table = hand_table(Pack(10, 2))
    with only_project_errors():
        table.strength(hands)
    with only_project_errors():
        table.strength(hands[0] if isinstance(hands, (list, np.ndarray)) and len(hands) else hands)


ARGUMENTS = st.lists(
    st.one_of(
        st.sampled_from(["odds", "eval", "--players", "--lowest", "--jokers", "--ranking", "--no-ace-low", "rarity"]),
        st.sampled_from(["2", "9", "-1", "5", "0", "10", "11", "As Ks Qs Js Jo", "As", "1.5", "x", ""]),
        st.text(max_size=8),
    ),
    max_size=8,
)


@FUZZ
@given(ARGUMENTS)
def test_the_command_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """main answers 0, or exits 2 with one line: by return (a card error) or by SystemExit (argparse)."""
    status: object
    try:
        status = main(argv)
    except SystemExit as stop:
        status = stop.code  # argparse: 2 for an error, 0 for --help
    assert status in (0, 2)
    err = capsys.readouterr().err
    if status == 2:
        assert err.startswith("cardcommons: error: ") and err.count("\n") == 1


@pytest.mark.parametrize(
    "call",
    [
        lambda: Card(99, Suit.SPADES),
        lambda: parse_cards(None),  # type: ignore[arg-type]
        lambda: parse_cards(b"As Kh"),  # type: ignore[arg-type]
        lambda: parse_cards([None]),  # type: ignore[list-item]
        lambda: parse_card(5),  # type: ignore[arg-type]
        lambda: evaluate(None),  # type: ignore[arg-type]
        lambda: evaluate("As Ks Qs Js 10s", "52"),  # type: ignore[arg-type]
        lambda: evaluate("As Ks Qs Js 10s", None, "best"),  # type: ignore[arg-type]
        lambda: best_five(7),  # type: ignore[arg-type]
        lambda: category_counts(None),  # type: ignore[arg-type]
        lambda: category_counts(Pack(2), None),  # type: ignore[arg-type]
        lambda: Ranking(("flush",)),  # type: ignore[arg-type]
        lambda: evaluate_many(Pack(2), np.zeros((2, 5), dtype="m8[s]")),
        lambda: hand_table(Pack(2)).strength(None),  # type: ignore[arg-type]
        lambda: Pack(2).shuffled([1, 2]),  # type: ignore[arg-type]
    ],
)
def test_known_bad_inputs_raise_a_project_error(call: Callable[[], object]) -> None:
    """The cases found by hand, each a TypeError, AttributeError, KeyError or bare ValueError before."""
    with pytest.raises(PROJECT_ERRORS):
        call()
