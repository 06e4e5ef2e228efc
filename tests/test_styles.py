"""A stranger's style: the posterior over the family against exact Bayes, a
style read back from a seat that plays it, play-outs in each world's style,
and the family's errors."""

from __future__ import annotations

import itertools
import math
import re
from typing import Any

import numpy as np
import pytest

from cardcommons.bots import GreedyBot, HeuristicBot, RandomBot, Trembling, coach, family, read_style
from cardcommons.bots.playouts import split_and_choose as split_playouts
from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.policies import RANDOM
from cardcommons.bots.styles import PerWorld, StyleReading
from cardcommons.bots.worlds import STRANGERS, TableModel
from cardcommons.bots.worlds.model import style_chances
from cardcommons.errors import RulesError
from cardcommons.game import Game
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker, rules_table
from cardcommons.widgets.hint import Decision, Hint


def played(game: Game, bots: list[Any], until: Any) -> Game:
    """``game`` played by ``bots`` until ``until(game)`` (or its end)."""
    while not game.is_over and not until(game):
        seat = game.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    return game


_WITHOUT_STAND_IN = {"rule of thumb": 0.4, "knocks early": 0.2, "cautious": 0.2, "bold": 0.1, "random": 0.1}
"""A family of one's own (the stand-in, slow to replay one game at a time, left out), for the largest case."""


@pytest.mark.parametrize(
    ("seed", "stranger", "moves", "prior"),
    [
        (18, GreedyBot(knock_at=0.9, seed=1), None, _WITHOUT_STAND_IN),  # it knocked: its cards drawn exactly
        (24, GreedyBot(knock_at=0.97, take_unseen_below=0.3, seed=1), 5, None),  # exchanges: read seat by seat
        (28, GreedyBot(knock_at=0.97, take_unseen_below=0.3, seed=1), 5, None),  # every card of its hand known
    ],
)
def test_a_strangers_posterior_matches_exact_bayes(
    seed: int, stranger: GreedyBot, moves: int | None, prior: dict[str, float] | None
) -> None:
    """Two players, seat 0 a stranger. Every way to deal the cards seat 1
    cannot locate, weighed by the chance of seat 0's moves under each style
    (the game replayed move by move, one game at a time) times the style's
    prior: the exact posterior over the styles. The coach's worlds (many games
    at once, cards and styles drawn together) give the same."""
    styles = family(prior)
    game = WhiskyPoker(2, seed=seed, dealer=1)
    done = (lambda g: g.knocker is not None) if moves is None else (lambda g: len(g.actions) >= moves)
    played(game, [stranger, GreedyBot(seed=2)], done)
    assert not game.is_over and game.current_player == 1
    view = game.observation(1)
    deals = whisky_playouts.deal(view, 1, seed=0)
    places = whisky_playouts.places(view, deals.template)
    pool, count = places.cards, len(places.unknown[0])
    assert math.comb(len(pool), count) <= 715
    joint = np.zeros(len(styles.names))
    for chosen in itertools.combinations(range(len(pool)), count):
        rest = [pool[i] for i in range(len(pool)) if i not in chosen]
        row = np.array([[*(pool[i] for i in chosen), *rest]])
        (found,) = style_chances(deals.subset(np.array([0]), row).game(0), 1, TableModel(styles=styles))
        joint += found.chances * np.array(found.styles.prior)
    exact = joint / joint.sum()
    reading = read_style(game, seat=0, viewer=1, styles=prior, games=4000, seed=3)
    assert reading.names == styles.names and reading.prior == styles.prior
    assert np.abs(np.array(reading.posterior) - exact).max() < 0.02, (reading.posterior, exact)
    assert exact.max() - exact.min() > 0.3  # the moves said something


def test_a_seat_that_plays_a_style_is_read_as_it() -> None:
    """Seeded games: a cautious player, a player at random (Whisky Poker) and the
    rule of thumb (Split and Choose), each read as its own style once it has moved enough."""
    cautious = played(
        WhiskyPoker(2, seed=23, dealer=1),
        [GreedyBot(knock_at=0.97, take_unseen_below=0.3, seed=1), GreedyBot(seed=2)],
        lambda g: len(g.actions) >= 5,
    )
    reading = read_style(cautious, seat=0, viewer=1, games=2000, seed=1)
    assert reading.likeliest == "cautious" and reading.chance("cautious") > 0.9
    likely = f"{reading.chance('cautious'):.0%}"
    assert str(reading) == f"Seat 0 plays like a cautious player, {likely} likely: 3 of its 3 moves fit"
    wild = played(WhiskyPoker(2, seed=2), [GreedyBot(seed=99), RandomBot(seed=2)], lambda g: len(g.actions) >= 8)
    reading = read_style(wild, seat=1, games=1000, seed=1)
    assert reading.moves == 4 and reading.chance("random") > 0.99
    assert str(reading).startswith("Seat 1 plays like a player at random, 100% likely: no style's rule fits more than")
    split = played(
        SplitAndChoose(seed=1), [HeuristicBot(seed=99), HeuristicBot(seed=1)], lambda g: len(g.history) >= 11
    )
    reading = read_style(split, seat=1, games=1000, seed=1)
    assert reading.names == ("rule of thumb", "like MonteCarloBot", "random")
    assert reading.moves >= 5 and reading.chance("rule of thumb") > 0.9 and reading.fitted == reading.moves


def test_the_coach_plays_each_stranger_on_in_its_worlds_style() -> None:
    """A seat played world by world (:class:`PerWorld`) plays, in each world,
    exactly as the style of that world plays it alone, on the same seeds."""
    view = WhiskyPoker(3, seed=4).observation(0)
    deals = whisky_playouts.deal(view, 300, seed=1)
    firsts = WhiskyPoker(3, seed=4).legal_actions()
    styles = (Trembling(GreedyBot(seed=0), 0.0), Trembling(GreedyBot(knock_at=0.9, seed=0), 0.0), RANDOM)
    which = np.arange(300) % 3
    seeds = np.arange(900, dtype=np.uint64).reshape(300, 3)
    rule = styles[0]
    mixed = deals.play_out(firsts, seeds, [rule, PerWorld(styles, which), rule])
    for k, style in enumerate(styles):
        rows = np.flatnonzero(which == k)
        alone = deals.subset(rows).play_out(firsts, seeds[rows], [rule, style, rule])
        assert (mixed[:, rows] == alone).all()
    game = SplitAndChoose(seed=4)
    split = split_playouts.deal(game.observation(0), 200, seed=1)
    moves = game.legal_actions()
    pair = (Trembling(HeuristicBot(seed=0), 0.0), RANDOM)
    which = np.arange(200) % 2
    seeds = np.arange(400, dtype=np.uint64).reshape(200, 2)
    mixed = split.play_out(moves, seeds, [pair[0], PerWorld(pair, which)])
    for k, style in enumerate(pair):
        rows = np.flatnonzero(which == k)
        assert (mixed[:, rows] == split.subset(rows).play_out(moves, seeds[rows], [pair[0], style])).all()


def test_the_coach_tells_what_it_read_of_each_stranger() -> None:
    game = played(
        WhiskyPoker(2, seed=4),
        [GreedyBot(seed=99), RandomBot(seed=4)],
        lambda g: len(g.actions) >= 6 and g.current_player == 0,
    )
    assert not game.is_over
    advice = coach(game.observation(0), game.legal_actions(), seed=1)
    (reading,) = advice.readings
    assert reading.seat == 1 and reading.likeliest == "random"
    assert str(reading) in str(advice)
    known = coach(game.observation(0), game.legal_actions(), seed=1, table=[None, RandomBot()])
    assert known.readings == ()  # a seat the table knows is not read


@pytest.mark.parametrize(
    ("prior", "named"),
    [
        ({"rule of thumb": 0.5, "sly": 0.5}, "no style named 'sly'"),
        ({"rule of thumb": 0.5, "random": 0.6}, "adds up to 1, not 1.1"),
        ({"rule of thumb": 1.2, "random": -0.2}, "style 'rule of thumb' is a chance from 0 to 1, not 1.2"),
        ({"rule of thumb": 1.0, "random": -0.0001}, "style 'random' is a chance from 0 to 1, not -0.0001"),
        ({"rule of thumb": math.nan, "random": 1.0}, "style 'rule of thumb' is a chance from 0 to 1, not nan"),
        ({"rule of thumb": "half"}, "style 'rule of thumb' is a chance from 0 to 1, not 'half'"),
        (["rule of thumb"], "a mapping of style names to chances, not ['rule of thumb']"),
        ({}, "a mapping of style names to chances, not {}"),
    ],
)
def test_a_bad_family_is_refused_by_name(prior: Any, named: str) -> None:
    with pytest.raises(RulesError, match=re.escape(named)):
        family(prior)
    game = played(WhiskyPoker(2, seed=2), [GreedyBot(seed=99), RandomBot(seed=2)], lambda g: len(g.actions) >= 2)
    with pytest.raises(RulesError, match=re.escape(named)):
        read_style(game, seat=1, styles=prior)


def test_a_bad_reading_is_refused_by_name() -> None:
    game = WhiskyPoker(3, seed=1)
    for seat, words in ((3, "no seat 3 to read"), (-1, "no seat -1 to read"), ("1", "no seat '1' to read")):
        with pytest.raises(RulesError, match=words):
            read_style(game, seat=seat)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="seat 2 is the viewer's own"):
        read_style(game, seat=2, viewer=2)
    with pytest.raises(RulesError, match=r"seat 1 is known at this table \(GreedyBot"):
        read_style(game, seat=1, table=[None, GreedyBot(), None])
    with pytest.raises(RulesError, match="not 'cautious'"):
        TableModel(styles="cautious")  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="no style named 'sly' in this reading"):
        StyleReading(1, ("random",), (1.0,), (1.0,), 0, (0.0,)).chance("sly")


def test_the_hint_says_what_it_read_of_each_stranger_and_cautions_as_the_moves_say() -> None:
    """Named as the table names its players; a seat read as it plays, with no
    caution; a seat whose moves fit a player at random as well as one like
    MonteCarloBot (Split and Choose), with a caution that says only "uncertain"."""
    game = played(
        WhiskyPoker(2, seed=4),
        [GreedyBot(seed=99), RandomBot(seed=4)],
        lambda g: len(g.actions) >= 6 and g.current_player == 0,
    )
    hint = Hint(
        lambda: Decision(game.observation(0), tuple(game.legal_actions()), 1),
        background=False,
        samples=100,
        seat_name=lambda seat: f"Bot {seat}",
    )
    hint.button.click()
    assert "Bot 1 plays like a player at random, 100% likely: no style" in hint.answer.value
    assert "too hopeful" not in hint.answer.value and "uncertain" not in hint.answer.value
    split = played(SplitAndChoose(seed=0), [HeuristicBot(seed=99), RandomBot(seed=0)], lambda g: len(g.history) >= 8)
    assert split.current_player == 0
    hint = Hint(
        lambda: Decision(split.observation(0), tuple(split.legal_actions()), 1),
        background=False,
        samples=100,
        seat_name=lambda seat: "the bot",
    )
    hint.button.click()
    assert "The bot plays like MonteCarloBot, " in hint.answer.value
    assert "The moves of the bot do not say which way these shares may be off: they are uncertain" in (
        hint.answer.value
    )


def test_a_wandering_styles_chances_for_many_hands_equal_its_probabilities() -> None:
    """The batch chance of each move of a player who picks among the game's
    candidate moves at random (the stand-in's wander) equals what the policy
    says one game at a time, move for move (the engine's candidates)."""
    checked = 0
    for seed, players, floor in ((0, 2, 0.0), (1, 4, 0.9), (2, 9, 0.0), (3, 2, 0.8)):
        wander = Trembling(None, 0.0, 1.0, knock_floor=floor)  # a knock at random only on a strong hand
        game = WhiskyPoker(players, jokers=seed == 1, seed=seed)
        bots = [RandomBot(seed=seed + s) for s in range(players)]
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view, legal = game.observation(seat), game.legal_actions()
            if view.spare is not None:
                table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
                hand = np.array([sorted(table.ids[c] for c in view.hand)])
                spare = np.array(sorted(table.ids[c] for c in view.spare))
                for action, chance in zip(legal, wander.probabilities(view, legal), strict=True):
                    batch = whisky_playouts.policies_chances([wander], table, hand, spare, action)
                    assert batch.tolist() == [[pytest.approx(chance)]], (view, action)
                    checked += 1
            game.apply(bots[seat].act(view, legal))
    assert checked > 500


def test_a_bot_fits_the_strangers_model_if_its_style_is_in_the_family() -> None:
    game = WhiskyPoker(3, seed=1)
    assert STRANGERS.fits(GreedyBot(knock_at=0.97, take_unseen_below=0.3, seed=4), game)
    assert STRANGERS.fits(GreedyBot(seed=4), game) and STRANGERS.fits(RandomBot(seed=4), game)
    assert not STRANGERS.fits(GreedyBot(knock_at=0.94, take_unseen_below=0.4, seed=4), game)  # the wary: not in it


def test_moves_no_style_of_the_family_makes_are_refused_by_name() -> None:
    """A family with no player at random, and a seat whose moves none of its styles makes."""
    wild = played(WhiskyPoker(2, seed=2), [GreedyBot(seed=99), RandomBot(seed=2)], lambda g: len(g.actions) >= 4)
    with pytest.raises(
        RulesError, match=r"no world drawn fits the moves of seat 1 .*give the family a chance of 'random'"
    ):
        read_style(wild, seat=1, styles={"rule of thumb": 1.0})
    split = played(SplitAndChoose(seed=0), [HeuristicBot(seed=99), RandomBot(seed=0)], lambda g: len(g.history) >= 8)
    with pytest.raises(RulesError, match="no world drawn fits the moves of seat 1"):
        read_style(split, seat=1, styles={"rule of thumb": 1.0})
