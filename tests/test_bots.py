"""The rule-of-thumb bots' parameters: HeuristicBot reads the first player's
reserve decision (or not, the old rule); GreedyBot's knock level."""

from __future__ import annotations

from functools import partial

import numpy as np
import pytest

from cardcommons.bots import GreedyBot, HeuristicBot
from cardcommons.bots.choice import MANY, ONE
from cardcommons.bots.split_and_choose import _TYPE_OF, _key, _tables, inferred_pool, kept_hidden
from cardcommons.bots.whisky import hand_percentiles
from cardcommons.categories import Category
from cardcommons.simulate import Summary, simulate, wilson_interval
from cardcommons.split_and_choose import SplitAndChoose, SplitAndChooseObservation, Swap
from cardcommons.whisky import KNOCK, WhiskyPoker, rules_table


def second_reserve_views(games: int) -> list[tuple[SplitAndChoose, int]]:
    """Games of HeuristicBots stopped at the second decision at the reserve (the first splitter's)."""
    out = []
    for seed in range(games):
        game = SplitAndChoose(seed=seed)
        bots = [HeuristicBot(seed=seed), HeuristicBot(seed=seed + 1)]
        while not (game.phase == "reserve" and game.current_player == game.first_splitter):
            player = game.current_player
            assert player is not None
            game.apply(bots[player].act(game.observation(player), game.legal_actions()))
        out.append((game, game.first_splitter))
    return out


def inferred(view: SplitAndChooseObservation, swapped: bool) -> list[int]:
    """HeuristicBot's inferred weight of each card type in the reserve, for the second player's view."""
    known, unseen, hidden = _key(view.opponent_drafted), _key(view.unseen), _key(kept_hidden(view))
    return inferred_pool(ONE, _tables(), known, unseen, hidden, int(swapped))


def test_the_inference_never_rules_out_the_card_in_the_reserve() -> None:
    """Against the same rule, the card really in the reserve is always among
    those the second player's inference allows, after a swap and after a keep."""
    decisions = {True: 0, False: 0}
    for game, player in second_reserve_views(120):
        view = game.observation(player)
        swapped = view.reserve[0].swapped
        assert inferred(view, swapped)[_TYPE_OF[game.reserve]] > 0, (view, game.reserve)
        decisions[swapped] += 1
    assert min(decisions.values()) > 10  # both kinds of decision were tried


def test_the_inference_narrows_the_reserve_after_a_blind_swap() -> None:
    """After a blind swap the old rule spreads its guess over every card the
    first player may hold or not seen; the inference keeps fewer types."""
    narrower = 0
    for game, player in second_reserve_views(60):
        view = game.observation(player)
        if view.reserve[0].swapped:
            types = {_TYPE_OF[c] for c in (*view.unseen, *view.opponent_drafted)}
            narrower += sum(weight > 0 for weight in inferred(view, True)) < len(types)
    assert narrower > 10


def test_heuristic_bot_changes_its_reserve_decision_by_the_inference() -> None:
    """After a blind swap, reading it makes the second player swap in some
    positions where the old rule keeps (the reserve is likely a card the first
    player judged its worst, which may still beat one of the second's)."""
    changed = 0
    for game, player in second_reserve_views(40):
        view = game.observation(player)
        if view.reserve[0].swapped:
            new = HeuristicBot(seed=0).act(view, game.legal_actions())
            old = HeuristicBot(seed=0, infer_reserve=False).act(view, game.legal_actions())
            changed += str(old) == "keep" and isinstance(new, Swap)
    assert changed >= 2


def test_many_games_compute_a_rule_once_for_each_distinct_row_and_get_the_same_results() -> None:
    """``MANY.once`` and ``MANY.each`` give what the rule gives computed for every game, to the bit."""
    rng = np.random.default_rng(1)
    hands, unseen = rng.integers(0, 300, 50)[rng.integers(0, 5, 400)], rng.integers(0, 3, 400)
    calls: list[int] = []

    def rule(hand: np.ndarray, seen: np.ndarray) -> list[object]:
        calls.append(len(hand))
        return [hand / 7 + seen, 0]  # a number per game, and one for all

    once = MANY.once(rule, [hands, unseen])
    assert calls[-1] <= 15 and (once[0] == hands / 7 + unseen).all() and (once[1] == 0).all()
    assert (MANY.once(rule, [hands - 1000, unseen])[0] == (hands - 1000) / 7 + unseen).all()  # not whole from 0
    assert calls[-1] == 400
    steps = MANY.each(lambda step: hands // step % 5, [1, 5, 25])
    assert [row.tolist() for row in steps] == [(hands // step % 5).tolist() for step in (1, 5, 25)]
    assert ONE.each(lambda step: 7 // step, [1, 5]) == [7, 1] and ONE.once(lambda a, b: [a + b], [1, 2]) == [3]


def test_heuristic_bot_names_its_rule() -> None:
    assert repr(HeuristicBot()) == "HeuristicBot()"
    assert repr(HeuristicBot(infer_reserve=False)) == "HeuristicBot(infer_reserve=False)"


def first_splitter_share(summary: Summary) -> tuple[float, float]:
    """Seat 0's share of the games (a draw counts half), as a 95% interval."""
    draws = summary.games - summary.wins[0] - summary.wins[1]
    return wilson_interval(summary.wins[0] + draws / 2, summary.games)


def test_the_new_rule_closes_the_first_splitters_gap() -> None:
    """Self-play, seat 0 splitting first: the old rule's first splitter gets
    clearly less than half of the games; the new rule's 95% interval holds a half."""
    make = partial(SplitAndChoose, first_splitter=0)
    old = partial(HeuristicBot, infer_reserve=False)
    before = simulate(make, [old, old], games=800, seed=3, progress=False, rotate=False)
    after = simulate(make, [HeuristicBot, HeuristicBot], games=800, seed=3, progress=False, rotate=False)
    assert first_splitter_share(before)[1] < 0.47
    low, high = first_splitter_share(after)
    assert low < 0.5 < high


def test_greedy_default_knocks_only_when_no_exchange_helps() -> None:
    """A two pair at 4 players is past the old level 0.5 ** (1/4) but below the new default."""
    game = WhiskyPoker.from_deal(
        ["Ks Kd 9s 9d Ac", "Ah Kh 8d 8c 7s", "Ad Qd Jd 10h 9h", "Qc Jc 10c Jh 10d"], "Qh Js As 9c 8h"
    )
    table = rules_table(4, False, True, "standard")
    strength = table.strengths.strength([table.ids[c] for c in game.observation(0).hand])
    percentile = hand_percentiles(table.pack)[strength]
    assert 0.5 ** (1 / 4) <= percentile < 1.0
    view, legal = game.observation(0), game.legal_actions()
    assert GreedyBot(knock_at=None).act(view, legal) == KNOCK
    assert GreedyBot().act(view, legal) != KNOCK
    assert GreedyBot(knock_at=Category.TWO_PAIR).act(view, legal) == KNOCK
    assert repr(GreedyBot()) == "GreedyBot(knock_at=1.0)"


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_new_default_beats_the_old(players: int) -> None:
    """One GreedyBot at the new default against GreedyBots at the old level,
    seats rotating: its 95% interval lies above the fair share."""
    old = partial(GreedyBot, knock_at=None)
    summary = simulate(partial(WhiskyPoker, players), [GreedyBot] + [old] * (players - 1), 300, 5, False)
    assert wilson_interval(summary.wins[0], summary.games)[0] > 1 / players
