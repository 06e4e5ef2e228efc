"""A hostile user of the games' public API: constructors, actions, replays,
observations and simulate() given junk. Only the project's own errors (each a
ValueError) may escape, and a game refusing anything is left unchanged."""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardcommons import errors
from cardcommons.bots import RandomBot
from cardcommons.cards import JOKER, parse_card
from cardcommons.game import Game
from cardcommons.simulate import simulate
from cardcommons.split_and_choose import Build, Choose, Keep, Split, SplitAndChoose, Swap
from cardcommons.split_and_choose import parse_action as split_action
from cardcommons.whisky import Exchange, Knock, Pass, TakeSpare, WhiskyPoker
from cardcommons.whisky import parse_action as whisky_action

PROJECT_ERRORS = tuple(
    kind for kind in vars(errors).values() if isinstance(kind, type) and issubclass(kind, ValueError)
)
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")),  # a sweep sets thousands
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)


@contextlib.contextmanager
def only_project_errors() -> Iterator[list[BaseException]]:
    """Let the project's errors through (recorded), fail on any other exception."""
    refused: list[BaseException] = []
    try:
        yield refused
    except PROJECT_ERRORS as error:
        assert str(error), f"{type(error).__name__} without a message"
        refused.append(error)


CODES = ["As", "Kd", "Qh", "Jc", "10s", "Tc", "9h", "2c", "Jo", "jo", "x", "", "A", "1s", "Ac Kc", "🃏", "A♠"]
JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.floats(allow_nan=False, allow_infinity=False, min_value=-3, max_value=12),
    st.sampled_from([*CODES, "standard", "rarity", "no", "false", b"As", 1 + 2j, (), [], {}, object()]),
    st.text(max_size=12),
)
CARDS = st.sampled_from([parse_card(code) for code in ("As", "Kd", "Qh", "Jc", "10s", "9h", "8d", "2c", "Jo")])
CARDISH = st.one_of(st.sampled_from(CODES), CARDS)
HAND = st.one_of(
    st.lists(st.sampled_from(CODES), max_size=6).map(" ".join),
    st.lists(CARDISH, max_size=6),
)


def _snapshot(game: Game) -> str:
    """Everything a caller can see: the record, whose turn, each player's observation."""
    seats = [repr(game.observation(p)) for p in range(game.players)]
    return json.dumps([game.record(), game.current_player, game.is_over, seats], sort_keys=True, default=repr)


# --------------------------------------------------------------- constructors


@FUZZ
@given(
    players=st.one_of(st.integers(0, 11), JUNK),
    jokers=st.one_of(st.booleans(), JUNK),
    dealer=st.one_of(st.none(), st.integers(-1, 9), JUNK),
    seed=st.one_of(st.integers(), JUNK),
    ace_low=st.one_of(st.booleans(), JUNK),
    ranking=st.one_of(st.sampled_from(["standard", "rarity"]), JUNK),
)
def test_whisky_constructor(players: Any, jokers: Any, dealer: Any, seed: Any, ace_low: Any, ranking: Any) -> None:
    with only_project_errors() as refused:
        game = WhiskyPoker(players, jokers, dealer, seed, ace_low=ace_low, ranking=ranking)
    if not refused:
        assert (game.players, game.jokers, game.ace_low, game.ranking) == (players, jokers, ace_low, ranking)
        assert type(players) is int and type(jokers) is bool and type(ace_low) is bool


@FUZZ
@given(
    hands=st.one_of(st.lists(HAND, max_size=10), HAND, JUNK),
    spare=HAND,
    dealer=st.one_of(st.none(), st.integers(-1, 9), JUNK),
    jokers=st.one_of(st.booleans(), JUNK),
)
def test_whisky_from_deal(hands: Any, spare: Any, dealer: Any, jokers: Any) -> None:
    with only_project_errors():
        WhiskyPoker.from_deal(hands, spare, dealer, jokers)


@FUZZ
@given(
    seed=st.one_of(st.integers(), st.none(), JUNK),
    first_splitter=st.one_of(st.integers(-1, 2), JUNK),
    face_up_swap=st.one_of(st.booleans(), JUNK),
    order=st.one_of(HAND, st.lists(st.sampled_from(CODES), min_size=19, max_size=22).map(" ".join)),
)
def test_split_and_choose_constructors(seed: Any, first_splitter: Any, face_up_swap: Any, order: Any) -> None:
    with only_project_errors():
        SplitAndChoose(seed, first_splitter, face_up_swap)
    with only_project_errors():
        SplitAndChoose.from_order(order, first_splitter, face_up_swap)


# ---------------------------------------------------------------- actions


def _game_at(make: Callable[[], Game], moves: int, seed: int) -> Game:
    game, bot = make(), RandomBot(seed)
    for _ in range(moves):
        player = game.current_player
        if player is None:
            break
        game.apply(bot.act(game.observation(player), game.legal_actions()))
    return game


def _build(first: Any, second: Any) -> Any:
    """A Build of two hands, or the hands themselves where Build refuses them (a card named twice)."""
    try:
        return Build(hands=(first, second))
    except errors.CardError:
        return (first, second)


JUNK_ACTIONS = st.one_of(
    JUNK,
    st.builds(Split, face_up=st.one_of(HAND, JUNK), face_down=st.one_of(HAND, JUNK)),
    st.builds(Choose, face_up=JUNK),
    st.builds(Swap, card=st.one_of(CARDISH, JUNK)),
    st.just(Keep()),
    st.builds(_build, HAND, HAND),
    st.builds(Exchange, give=st.one_of(CARDS, JUNK), take=st.one_of(CARDS, JUNK)),
    st.sampled_from([Pass(), TakeSpare(), Knock(), Exchange(JOKER, JOKER)]),
)
TEXTS = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["pass", "take", "knock", "keep", "choose up", "choose down", "swap As", "exchange Jo Jo"]),
    st.builds(
        lambda verb, cards: f"{verb} {cards}",
        st.sampled_from(["split", "build", "exchange", "give", "swap"]),
        st.lists(st.sampled_from([*CODES, "|", "take"]), max_size=11).map(" ".join),
    ),
)
GAMES = st.one_of(
    st.builds(lambda s, sw: lambda: SplitAndChoose(seed=s, face_up_swap=sw), st.integers(0, 99), st.booleans()),
    st.builds(
        lambda s, p, j: lambda: WhiskyPoker(players=p, jokers=j, seed=s),
        st.integers(0, 99),
        st.integers(2, 9),
        st.booleans(),
    ),
)


@FUZZ
@given(make=GAMES, moves=st.integers(0, 40), seed=st.integers(0, 99), actions=st.lists(JUNK_ACTIONS, max_size=4))
def test_apply_refuses_junk_and_changes_nothing(
    make: Callable[[], Game], moves: int, seed: int, actions: list[Any]
) -> None:
    game = _game_at(make, moves, seed)
    for action in actions:
        before, legal = _snapshot(game), list(game.legal_actions())
        with only_project_errors() as refused:
            game.apply(action)
        if refused:
            assert isinstance(refused[0], errors.IllegalActionError | errors.CardError)
            assert _snapshot(game) == before
        else:
            assert action in legal


@FUZZ
@given(make=GAMES, moves=st.integers(0, 40), seed=st.integers(0, 99), texts=st.lists(TEXTS, max_size=4))
def test_action_strings_parse_or_are_refused(make: Callable[[], Game], moves: int, seed: int, texts: list[str]) -> None:
    game = _game_at(make, moves, seed)
    parse = split_action if isinstance(game, SplitAndChoose) else whisky_action
    for text in texts:
        before, legal = _snapshot(game), list(game.legal_actions())
        with only_project_errors() as refused:
            game.apply(parse(text))
        if refused:
            assert _snapshot(game) == before
        else:
            assert parse(text) in legal


@FUZZ
@given(make=GAMES, moves=st.integers(0, 40), seed=st.integers(0, 99), player=JUNK)
def test_observation_of_a_bad_player(make: Callable[[], Game], moves: int, seed: int, player: Any) -> None:
    game = _game_at(make, moves, seed)
    before = _snapshot(game)
    with only_project_errors() as refused:
        view = game.observation(player)
    if not refused:
        assert view.player == player and type(player) is int
    assert _snapshot(game) == before


JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2, 30), st.floats(allow_nan=False), st.sampled_from(CODES)),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(
            st.sampled_from(["game", "version", "rules", "seed", "order", "deal", "dealer", "actions", "players"]),
            inner,
            max_size=6,
        ),
    ),
    max_leaves=12,
)


@FUZZ
@given(record=JSON, name=st.sampled_from(["split and choose", "whisky poker"]), version=st.sampled_from([1, None]))
def test_replay_of_junk(record: Any, name: str, version: int | None) -> None:
    if isinstance(record, dict):
        record = {"game": name, "version": version, **record}
    for game in (SplitAndChoose, WhiskyPoker):
        with only_project_errors() as refused:
            game.replay(record)
        assert not refused or isinstance(refused[0], errors.RecordError)


# ---------------------------------------------------------------- simulate


@FUZZ
@given(
    argument=st.sampled_from(["make_game", "bots", "games", "seed", "progress", "rotate", "chunk", "executor"]),
    value=st.one_of(JUNK, st.lists(JUNK, max_size=3)),
)
def test_simulate_arguments(argument: str, value: Any) -> None:
    call: dict[str, Any] = {"make_game": SplitAndChoose, "bots": [RandomBot, RandomBot], "games": 2, "progress": False}
    call[argument] = value
    with only_project_errors() as refused:
        simulate(**call)
    assert not refused or isinstance(refused[0], errors.SimulationError)
