"""Error messages name the bad value without copying it: every repr they echo is cut to about 200 characters."""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import pytest

from cardcommons import Pack, category_counts, evaluate, parse_card, parse_cards
from cardcommons.bots import RandomBot
from cardcommons.bots.policies import Trembling
from cardcommons.bots.split_and_choose import Foresight
from cardcommons.bots.worlds import TableModel
from cardcommons.classkit.sandbox import Limits
from cardcommons.errors import SHOWN
from cardcommons.lookup import evaluate_many, hand_table
from cardcommons.rates import Rate
from cardcommons.simulate import simulate
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import Exchange, TakeSpare, WhiskyPoker

HUGE = "x" * 1_000_000
MANY = list(range(1_000_000))
RECORD = SplitAndChoose(seed=1).record()


def _phase_2() -> WhiskyPoker:
    game = WhiskyPoker(2, seed=1)
    game.apply(TakeSpare())
    return game


CALLS: dict[str, Callable[[], object]] = {
    "parse_card": lambda: parse_card("A" + HUGE),
    "parse_cards": lambda: parse_cards(MANY),  # type: ignore[arg-type]
    "evaluate": lambda: evaluate(HUGE),
    "pack": lambda: Pack(lowest=HUGE),  # type: ignore[arg-type]
    "pack check": lambda: Pack.split_and_choose().check(MANY),  # type: ignore[arg-type]
    "ranking": lambda: category_counts(Pack.split_and_choose(), HUGE),  # type: ignore[arg-type]
    "strength": lambda: hand_table(Pack.split_and_choose()).strength(MANY),
    "evaluate_many": lambda: evaluate_many(Pack.split_and_choose(), [[HUGE] * 5]),
    "seed": lambda: SplitAndChoose(seed=HUGE),  # type: ignore[arg-type]
    "a digit limit": lambda: Pack(lowest=10**5000),
    "whisky dealer": lambda: WhiskyPoker(3, dealer=MANY),  # type: ignore[arg-type]
    "record": lambda: SplitAndChoose.replay({**RECORD, "seed": MANY}),
    "record field": lambda: SplitAndChoose.replay({**RECORD, HUGE: 1}),
    "action": lambda: SplitAndChoose(seed=1).apply(HUGE),
    "whisky action": lambda: WhiskyPoker(2, seed=1).apply(HUGE),
    "whisky card": lambda: _phase_2().apply(Exchange(HUGE, HUGE)),  # type: ignore[arg-type]
    "simulate": lambda: simulate(SplitAndChoose, [RandomBot, RandomBot], games=HUGE),  # type: ignore[arg-type]
    "rate": lambda: Rate(HUGE, []),
}


@pytest.mark.parametrize("call", CALLS.values(), ids=CALLS.keys())
def test_a_message_cuts_the_bad_value_to_a_few_hundred_characters(call: Callable[[], object]) -> None:
    with pytest.raises((ValueError, TypeError)) as raised:
        call()
    message = str(raised.value)
    assert len(message) < 2 * SHOWN + 200, message[:500]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Trembling(None, True), "tremble is a chance from 0 to 1, not True"),
        (lambda: Foresight(tilt=True), "tilt is a number from 0 up, not True"),
        (lambda: Foresight(sharpness=math.inf), "sharpness is a number from 0 up, or None, not inf"),
        (lambda: Foresight(wander={"split": math.nan}), "wander is a chance from 0 to 1 for each of"),
        (lambda: TableModel(tremble=False), "tremble is a chance above 0 and at most 1, not False"),
        (lambda: Limits(timeout=True), "timeout must be a positive number of seconds, not True"),
    ],
)
def test_a_setting_that_takes_a_number_refuses_a_bool_and_nan(make: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        make()
