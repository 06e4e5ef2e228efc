"""The Whisky sampler's seat tables, found the quick way (the hands where a move
cannot fit left out, a few rows at a time, a hand everyone has seen weighed
once), weigh every row as the plain way does: every row's hand at once."""

from __future__ import annotations

import dataclasses
import itertools
import math
from typing import Any

import numpy as np
import pytest

from cardcommons.bots import GreedyBot, RandomBot, Trembling
from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.styles import known_seat
from cardcommons.bots.worlds import RULE_OF_THUMB, STRANGERS, sample_worlds
from cardcommons.bots.worlds import whisky as whisky_worlds
from cardcommons.whisky import Exchange, Knock, WhiskyPoker


def plain_style_chances(moves: list[Any], hidden: Any, styles: Any, table: Any) -> tuple[Any, Any]:
    """Each row's chance of a seat's moves under each style, and how many fit:
    every row's hand (``hidden``: its unknown cards) weighed at once, move by move."""
    weighed = np.array([k for k, form in enumerate(styles.forms) if form.rule is not None or form.wander], dtype=int)
    forms = [styles.forms[k] for k in weighed.tolist()]
    chances = np.ones((len(hidden), len(styles.forms)))
    fits = np.zeros((len(hidden), len(styles.forms)))
    at_random = 1.0
    for move in moves:
        at_random /= move.legal
        rows = np.flatnonzero((chances[:, weighed] > 0).any(axis=1))
        if not len(rows) or not forms:
            continue
        public = np.tile(np.array(move.public, dtype=np.int64), (len(rows), 1))
        hands = np.concatenate([public, hidden[rows, : move.hidden]], axis=1)
        spare = None if move.spare is None else np.array(sorted(move.spare), dtype=np.int64)
        if spare is not None:
            hands = np.sort(hands, axis=1)
        found = whisky_playouts.policies_chances(forms, table, hands, spare, move.action, move.knocked)
        chances[np.ix_(rows, weighed)] *= found
        fits[np.ix_(rows, weighed)] += found > 1 / move.legal + 1e-12
    chances[:, np.setdiff1d(np.arange(len(styles.forms)), weighed)] = at_random
    return chances, fits


@pytest.mark.parametrize(("jokers", "knocked"), [(False, True), (True, True), (False, False)])
def test_the_seat_tables_quick_way_weighs_every_row_as_the_plain_way(
    jokers: bool, knocked: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nine players after a knock, some playing off the rule of thumb (a
    random player, a bold one), or at the first phase-2 turn, every seat
    having passed in phase 1: each seat's moves read by the family of
    styles, by the rule of thumb and by a trembling rule, on rows of its
    unknown cards drawn at random, weigh the same both ways, to the last bit."""
    monkeypatch.setattr(whisky_worlds, "_CHUNK", 700)  # several chunks, the last a part one
    game = WhiskyPoker(9, jokers=jokers, seed=4)
    bots: list[Any] = [GreedyBot(seed=s) for s in range(9)]
    bots[2], bots[5] = RandomBot(seed=2), GreedyBot(knock_at=1.0, take_unseen_below=0.7, seed=5)
    while (game.knocker is None or game.current_player != 7) if knocked else game.phase == 1:
        seat = game.current_player
        assert seat is not None
        move = bots[seat].act(game.observation(seat), game.legal_actions()) if knocked else game.legal_actions()[0]
        game.apply(move)
    view = game.observation(game.current_player or 0)
    deals = whisky_playouts.deal(view, 1, seed=0)
    moves = whisky_worlds._whisky_moves(deals)
    pool = np.array(whisky_playouts.places(view, deals.template).cards, dtype=np.int64)
    readings = [
        STRANGERS.styles_for(deals.template, 0),
        known_seat(GreedyBot(), 0.02, Trembling(GreedyBot(), 0.0)),
        known_seat(Trembling(GreedyBot(), 0.1), 0.02, Trembling(GreedyBot(), 0.1)),
    ]
    family = [form for form in whisky_worlds._Read(readings[0]).forms if form.rule is not None]  # those weighed
    generator = np.random.default_rng(1)
    left_out = compared = 0
    for seat, seat_moves in moves.items():
        count = len(deals.unknown[seat])
        places = np.sort(np.array([generator.choice(len(pool), count, replace=False) for _ in range(2000)]), axis=1)
        for styles in readings:
            read = whisky_worlds._Read(styles)
            quick = whisky_worlds._style_chances(seat_moves, places, pool, read, deals.table)
            plain = plain_style_chances(seat_moves, pool[places], read, deals.table)
            assert np.array_equal(quick[0], plain[0]) and np.array_equal(quick[1], plain[1]), (seat, styles)
            compared += 1
        for move in seat_moves:
            if isinstance(move.action, Exchange) and move.hidden:
                hands = np.sort(np.concatenate([np.tile(move.public, (2000, 1)), pool[places]], axis=1), axis=1)
                spare = np.array(sorted(move.spare or []), dtype=np.int64)
                fit = whisky_worlds._may_fit(deals.table, hands, spare, move.action, family)
                left_out += int((~fit).sum())
    assert compared >= 3 * 7
    assert (left_out > 0) == (knocked and not jokers)  # the quick way left hands out, where the pack lets it


def test_every_way_to_choose_places_comes_once_in_the_order_of_its_rank() -> None:
    for cards in range(9):
        for count in range(1, 5):
            ways = whisky_worlds._ways(cards, count)
            assert sorted(map(tuple, ways.tolist())) == list(itertools.combinations(range(cards), count))
            assert whisky_worlds._rank(ways).tolist() == list(range(math.comb(cards, count)))
    assert whisky_worlds._rank(whisky_worlds._ways(34, 4)).tolist() == list(range(46376))


def test_a_knock_is_read_from_the_ways_it_may_come_from_and_from_no_others() -> None:
    """Nine players just after a knock by a seat whose five cards nobody has
    seen: the ways to deal them (of 22 of the cards it may hold, a test's
    size) that :func:`_knock_support` keeps are exactly those where the knock
    has a chance under some style that reads the cards (each style of the
    family, a known rule of thumb), and a style that may knock on any hand
    (a trembling rule, a move at random among the candidates with no floor)
    keeps them all (None), as a style that knocks at random in phase 1 does."""
    game = WhiskyPoker(9, seed=11)
    bots = [GreedyBot(seed=11 * 16 + s) for s in range(9)]
    while game.knocker is None:
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    view = game.observation(game.current_player or 0)
    deals = whisky_playouts.deal(view, 1, seed=0)
    knocker = game.knocker
    (knock,) = whisky_worlds._whisky_moves(deals)[knocker]
    assert knock.hidden == 5 and knock.spare is not None
    pool = np.array(whisky_playouts.places(view, deals.template).cards[:22], dtype=np.int64)
    ways = whisky_worlds._ways(len(pool), 5)
    for styles in (STRANGERS.styles_for(deals.template, 0), known_seat(GreedyBot(knock_at=0.9), 0.02)):
        read = whisky_worlds._Read(styles)
        kept = whisky_worlds._knock_support([knock], 5, pool, read, deals.table)
        weighed = whisky_worlds._weighed(read.forms)
        chances = whisky_worlds._style_chances([knock], ways, pool, read, deals.table)[0][:, weighed]
        assert kept is not None and np.array_equal(kept, np.flatnonzero(chances.any(axis=1)))
        assert 0 < len(kept) < len(ways) / 2
    for anywhere in (Trembling(GreedyBot(), 0.1), Trembling(None, 0.0, 1.0)):
        read = whisky_worlds._Read(known_seat(anywhere, 0.02))
        assert whisky_worlds._knock_support([knock], 5, pool, read, deals.table) is None
    in_phase_1 = dataclasses.replace(knock, spare=None, legal=3)  # a knock at random there: on any hand
    for styles, some in ((STRANGERS.styles_for(deals.template, 0), False), (known_seat(GreedyBot(), 0.02), True)):
        read = whisky_worlds._Read(styles)
        kept = whisky_worlds._knock_support([in_phase_1], 5, pool, read, deals.table)
        chances = whisky_worlds._style_chances([in_phase_1], ways, pool, read, deals.table)[0]
        flagged = np.flatnonzero(chances[:, whisky_worlds._weighed(read.forms)].any(axis=1))
        assert (kept is not None) == some and (kept is None or np.array_equal(kept, flagged))


def test_a_knock_no_style_that_reads_the_cards_would_make_is_read_as_at_random() -> None:
    """Two players, the first to move knocking at once on a hand the rule of thumb would not knock on
    (game 33): the knock's table of ways is empty, and the knocker's cards are drawn at random among
    every way, weighed by the styles that play at random (it raised an IndexError on the empty table)."""
    game = WhiskyPoker(2, seed=33)
    game.apply(Knock())
    knocker = game.knocker
    assert knocker is not None
    view = game.observation(1 - knocker)
    deals = whisky_playouts.deal(view, 1, seed=0)
    (knock,) = whisky_worlds._whisky_moves(deals)[knocker]
    pool = np.array(whisky_playouts.places(view, deals.template).cards, dtype=np.int64)
    read = whisky_worlds._Read(RULE_OF_THUMB.styles_for(deals.template, knocker))
    kept = whisky_worlds._knock_support([knock], knock.hidden, pool, read, deals.table)
    assert kept is not None and len(kept) == 0
    for games in (1, 3):
        worlds = sample_worlds(view, games, 33, RULE_OF_THUMB)
        assert worlds.deals.games == games and 0 < worlds.effective <= games
        assert all(worlds.deals.game(g).knocker == knocker for g in range(games))
