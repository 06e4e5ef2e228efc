"""Split and Choose: scoring, best builds, hidden information, whole games, replays and illegal moves."""

from __future__ import annotations

import copy
import dataclasses
import itertools
import json
import random
from collections.abc import Iterator
from functools import cache

import pytest

from cardcommons.bots import RandomBot
from cardcommons.cards import Card, parse_cards
from cardcommons.categories import STANDARD
from cardcommons.errors import CardError, IllegalActionError, RecordError, RulesError
from cardcommons.hands import HandValue, evaluate
from cardcommons.packs import Pack
from cardcommons.split_and_choose import (
    PACK,
    Build,
    Choose,
    Keep,
    Split,
    SplitAndChoose,
    SplitAndChooseObservation,
    Swap,
    action_code,
    best_build,
    parse_action,
    score_builds,
)

# ------------------------------------------------------------------ helpers


def staged(p0: str, p1: str, reserve: str, first_splitter: int = 0, face_up_swap: bool = False) -> SplitAndChoose:
    """A game in which player 0 drafts the cards ``p0`` and player 1 ``p1``:
    every round the splitter offers the chooser's two cards face up and the
    chooser takes them."""
    a, b = parse_cards(p0), parse_cards(p1)
    order = parse_cards(reserve) + tuple(c for r in range(5) for c in a[2 * r : 2 * r + 2] + b[2 * r : 2 * r + 2])
    game = SplitAndChoose.from_order(order, first_splitter=first_splitter, face_up_swap=face_up_swap)
    for r in range(5):
        chooser = 1 - game.splitter(r)
        mine, theirs = (a, b) if chooser == 0 else (b, a)
        game.apply(Split(face_up=mine[2 * r : 2 * r + 2], face_down=theirs[2 * r : 2 * r + 2]))
        game.apply(Choose(face_up=True))
    assert sorted(game.hand(0)) == sorted(a) and sorted(game.hand(1)) == sorted(b)
    return game


def finish(game: SplitAndChoose, builds: dict[int, Build] | None = None) -> SplitAndChoose:
    """Keep at the reserve, then build (the given builds, else the best ones)."""
    game.apply(Keep())
    game.apply(Keep())
    while (player := game.current_player) is not None:
        game.apply((builds or {}).get(player) or best_build(game.hand(player)))
    return game


@cache
def value(hand: frozenset[Card]) -> HandValue:
    return evaluate(tuple(hand), PACK)


def brute_force_score(cards: tuple[Card, ...]) -> tuple[int, int, HandValue, HandValue]:
    """The best (weaker category, stronger category, weaker, stronger) over all splits, by evaluate."""
    best = None
    for rest_of_five in itertools.combinations(cards[1:], 4):
        five = (cards[0], *rest_of_five)
        rest = frozenset(cards) - frozenset(five)
        a, b = value(frozenset(five)), value(rest)
        low, high = min(a, b), max(a, b)
        score = (STANDARD.strength(low.category), STANDARD.strength(high.category), low, high)
        if best is None or score > best:
            best = score
    assert best is not None
    return best


def score_of(build: Build) -> tuple[int, int, HandValue, HandValue]:
    a, b = value(frozenset(build.weaker)), value(frozenset(build.stronger))
    assert a <= b
    return (STANDARD.strength(a.category), STANDARD.strength(b.category), a, b)


def cards_in(obj: object) -> Iterator[Card]:
    """Every Card reachable from an observation: dataclass fields, tuples, lists, sets, dicts."""
    if isinstance(obj, Card):
        yield obj
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from cards_in(getattr(obj, f.name))
    elif isinstance(obj, tuple | list | set | frozenset):
        for item in obj:
            yield from cards_in(item)
    elif isinstance(obj, dict):
        for key, item in obj.items():
            yield from cards_in(key)
            yield from cards_in(item)


PACK_SET = frozenset(PACK.cards)


def accounted(game: SplitAndChoose) -> bool:
    """Hands, the reserve and the stock not yet taken hold the 21 cards, each once."""
    cards = [*game.hand(0), *game.hand(1), game.reserve, *game.order[1 + 4 * game.round :]]
    return len(cards) == 21 and set(cards) == PACK_SET


# ------------------------------------------------------------------ scoring


def test_rule_page_example_four_of_a_kind_beats_full_house_with_lower_weaker_full_house() -> None:
    quads = Build(weaker="Jc Jh Jd 10c 10d", stronger="As Ad Ac Ah Ks")
    houses = Build(weaker="Kc Kh Kd Qc Qd", stronger="Ac Ah Ad 10s 10h")
    result = score_builds([quads, houses])
    assert result.winners == frozenset({0}) and result.step == "b"
    assert result.weaker[0] < result.weaker[1]
    assert "Both weaker hands are full houses; the stronger hands decide: four of a kind beats a full house" in (
        result.explanation
    )
    assert score_builds([houses, quads]).winners == frozenset({1})


STEPS = {
    "a": ("Jo Jc Ks Ah Kd Qd Jh Js Jd Td", "Th Ad Qh Ts Kc Kh Tc Ac Qs Qc", "As", 1),
    "b": ("Ts Ad Jc As Ac Jo Qs Qh Js Qd", "Kh Td Ah Ks Th Kc Jd Qc Kd Jh", "Tc", 0),
    "c": ("Jc Td Kc Ts Jh Ks Qc Tc Kd Jo", "Kh Ah Jd Ac Js Ad Qs Qd Th Qh", "As", 1),
    "d": ("Kh Qc As Jc Kc Jh Ah Qh Jo Tc", "Ks Td Jd Js Th Kd Qs Ad Qd Ac", "Ts", 1),
}


@pytest.mark.parametrize("step", sorted(STEPS))
@pytest.mark.parametrize("first_splitter", [0, 1])
def test_each_step_decides_a_staged_game(step: str, first_splitter: int) -> None:
    p0, p1, reserve, winner = STEPS[step]
    game = finish(staged(p0, p1, reserve, first_splitter))
    result = game.result
    assert result is not None and game.is_over and game.current_player is None
    assert result.step == step and result.winners == frozenset({winner})
    assert result.outcome(winner) == "win" and result.outcome(1 - winner) == "loss"
    assert f"Player {winner} wins." in result.explanation
    decided = {"a": "weaker hands decide", "b": "stronger hands decide", "c": "weaker hands in full decide"}
    assert decided.get(step, "stronger hands in full decide") in result.explanation


def test_step_d_joker_tie_break_is_explained() -> None:
    p0, p1, reserve, _ = STEPS["d"]
    result = finish(staged(p0, p1, reserve)).result
    assert result is not None and "fewer Jokers" in result.explanation


def test_a_kicker_decision_names_the_cards() -> None:
    """Equal words (the describe() of two pair names no kicker) must not read 'X beats X'."""
    ace_kicker = Build(weaker="Ah Qh Qc Js Jc", stronger="Ks Kd Kc 10s 10h")
    king_kicker = Build(weaker="Kh Qs Qd Jh Jd", stronger="As Ad Ac 10d 10c")
    result = score_builds([king_kicker, ace_kicker])
    assert result.step == "c" and result.winners == frozenset({1})
    assert "A♥ Q♥ Q♣ J♠ J♣, beats K♥ Q♠ Q♦ J♥ J♦" in result.explanation


def test_equal_at_all_four_steps_is_a_draw() -> None:
    game = staged("Tc Td Jc Jd Qc Kc Kd Ac Ad Qd", "Th Ts Jh Js Qh Kh Ks Ah As Qs", "Jo")
    builds = {
        0: Build(weaker="Tc Td Jc Jd Qc", stronger="Kc Kd Ac Ad Qd"),
        1: Build(hands=("Ah As Kh Ks Qs", "Th Ts Jh Js Qh")),
    }
    result = finish(game, builds).result
    assert result is not None and result.step is None and result.winners == frozenset() and result.is_draw
    assert result.outcome(0) == result.outcome(1) == "draw" and result.share(0, 2) == 0.5
    assert result.explanation.startswith("A draw.")
    best = finish(staged("Tc Td Jc Jd Qc Kc Kd Ac Ad Qd", "Th Ts Jh Js Qh Kh Ks Ah As Qs", "Jo")).result
    assert best is not None and best.is_draw and best.weaker[0].category.value == "straight flush"


def test_result_carries_both_players_hands() -> None:
    p0, p1, reserve, _ = STEPS["c"]
    game = finish(staged(p0, p1, reserve))
    result = game.result
    assert result is not None
    for player in (0, 1):
        build = best_build(game.hand(player))
        assert result.weaker[player] == value(frozenset(build.weaker))
        assert result.stronger[player] == value(frozenset(build.stronger))


# --------------------------------------------------------------- best build


def test_best_build_equals_brute_force_on_random_sets() -> None:
    rng = random.Random(2024)
    for _ in range(2000):
        cards = tuple(rng.sample(PACK.cards, 10))
        build = best_build(cards)
        assert sorted(build.weaker + build.stronger) == sorted(cards)
        assert score_of(build) == brute_force_score(cards)


def test_best_build_is_deterministic_whatever_the_card_order() -> None:
    rng = random.Random(7)
    for _ in range(200):
        cards = rng.sample(PACK.cards, 10)
        shuffled = cards[:]
        rng.shuffle(shuffled)
        assert best_build(cards) == best_build(shuffled)
        assert best_build(cards).hands == best_build(shuffled).hands


def test_best_build_checks_its_cards() -> None:
    with pytest.raises(CardError, match="expected 10 cards"):
        best_build("As Ks Qs Js Ts")
    with pytest.raises(CardError, match="more than once"):
        best_build("As As Ks Qs Js Ts Ad Kd Qd Jd")


def test_a_build_holds_each_card_once() -> None:
    """The game refused a card named twice in a build; the public Build and score_builds did not."""
    with pytest.raises(CardError, match="a build holds each card once, not A♠ twice"):
        Build(weaker="As Ad Ac Ks Kd", stronger="As Jh Qd Kh Jo")
    with pytest.raises(CardError, match="A♠ K♠ twice"):
        Build(hands=("As Ks Ac Kc Jo", "As Ks Ah Kh Qd"))
    twice = Build._trusted(parse_cards("As Ad Ac Ks Kd"), parse_cards("As Jh Qd Kh Jo"))
    fine = Build(weaker="Kc Kh Qc Qd Qh", stronger="Ac Ah Ad 10s 10h")
    with pytest.raises(CardError, match=r"Player 1's build is not 10 different cards.*A♠ appears more than once"):
        score_builds([fine, twice])
    with pytest.raises(CardError, match=r"Player 0's build.*expected 10 cards"):
        score_builds([Build._trusted(parse_cards("As Ad Ac Ks"), parse_cards("Jh Qd Kh Jo")), fine])
    with pytest.raises(RulesError, match="two builds, not 1"):
        score_builds([fine])


def test_constructor_arguments_and_seats_are_checked() -> None:
    for arguments, message in [
        ({"face_up_swap": "no"}, "face_up_swap is True or False, not 'no'"),
        ({"face_up_swap": 1}, "face_up_swap is True or False, not 1"),
        ({"first_splitter": 1.0}, "first_splitter is 0 or 1, not 1.0"),
        ({"first_splitter": True}, "first_splitter is 0 or 1, not True"),
        ({"seed": "3"}, "a seed is an int or None, not '3'"),
    ]:
        with pytest.raises(RulesError, match=message):
            SplitAndChoose(**arguments)  # type: ignore[arg-type]
    game = SplitAndChoose(seed=1)
    for player in (2, -1, 1.0, True, None):
        with pytest.raises(RulesError, match="players 0 and 1"):
            game.observation(player)  # type: ignore[arg-type]


def test_best_build_in_another_pack() -> None:
    pack = Pack.whisky(2, jokers=True)
    rng = random.Random(3)
    for _ in range(20):
        cards = tuple(rng.sample(pack.cards, 10))
        build = best_build(cards, pack)
        a, b = evaluate(build.weaker, pack), evaluate(build.stronger, pack)
        best = max(
            (
                STANDARD.strength(min(x, y).category),
                STANDARD.strength(max(x, y).category),
                min(x, y),
                max(x, y),
            )
            for five in itertools.combinations(cards, 5)
            for x, y in [(evaluate(five, pack), evaluate(tuple(c for c in cards if c not in five), pack))]
        )
        assert (STANDARD.strength(a.category), STANDARD.strength(b.category), a, b) == best


# ----------------------------------------------------------------- playing


def test_turn_order_and_phases() -> None:
    for first in (0, 1):
        game = SplitAndChoose(seed=11, first_splitter=first)
        seen: list[tuple[str, int | None]] = []
        rng = random.Random(1)
        while game.current_player is not None:
            seen.append((game.phase, game.current_player))
            game.apply(rng.choice(game.legal_actions()))
        second = 1 - first
        expected = []
        for r in range(5):
            splitter = first if r % 2 == 0 else second
            expected += [("split", splitter), ("choose", 1 - splitter)]
        expected += [("reserve", second), ("reserve", first), ("build", second), ("build", first)]
        assert seen == expected


def test_legal_actions_at_each_phase() -> None:
    game = SplitAndChoose(seed=5)
    splits = game.legal_actions()
    assert len(splits) == len(set(splits)) == 6
    assert all(isinstance(a, Split) and set(a.cards) == set(game.stock_cards(0)) for a in splits)
    game.apply(splits[0])
    assert list(game.legal_actions()) == [Choose(True), Choose(False)]
    rng = random.Random(0)
    while game.phase != "reserve":
        game.apply(rng.choice(game.legal_actions()))
    reserve = game.legal_actions()
    assert len(reserve) == 11 and Keep() in reserve
    game.apply(Keep())
    game.apply(Keep())
    builds = [b for b in game.legal_actions() if isinstance(b, Build)]
    player = game.current_player
    assert player is not None
    assert len(builds) == len(set(builds)) == 126
    assert all(sorted(b.weaker + b.stronger) == sorted(game.hand(player)) for b in builds)
    assert best_build(game.hand(player)) in builds
    assert Build(hands=(game.hand(player)[:4], game.hand(player)[4:])) not in builds


def test_split_pairs_can_be_named_in_any_order() -> None:
    game = SplitAndChoose(seed=9)
    a, b, c, d = game.stock_cards(0)
    game.apply(Split(face_up=(b, a), face_down=(d, c)))
    assert game.history[0] == Split(face_up=(a, b), face_down=(c, d))
    assert game.history[0] in SplitAndChoose(seed=9).legal_actions()


def test_swap_at_the_reserve_blind_and_face_up() -> None:
    for face_up_swap in (False, True):
        game = staged(*STEPS["a"][:3], face_up_swap=face_up_swap)
        first, second = game.current_player, 1 - game.first_splitter
        assert first == second == 1
        reserve = game.reserve
        given = game.hand(1)[0]
        game.apply(Swap(given))
        assert reserve in game.hand(1) and given not in game.hand(1) and game.reserve == given
        view0 = game.observation(0)
        assert view0.reserve[0].swapped
        assert (view0.reserve[0].given, view0.reserve[0].taken) == ((given, reserve) if face_up_swap else (None, None))
        view1 = game.observation(1)
        assert (view1.reserve[0].given, view1.reserve[0].taken) == (given, reserve)
        other = game.hand(0)[3]
        game.apply(Swap(other), player=0)
        assert given in game.hand(0) and game.reserve == other


def test_second_builder_does_not_see_the_first_build() -> None:
    game = finish_reserve(SplitAndChoose(seed=21))
    first = game.current_player
    assert first == 1
    game.apply(best_build(game.hand(1)))
    view = game.observation(0)
    assert view.build is None and view.phase == "build" and view.current_player == 0
    assert game.observation(1).build == best_build(game.hand(1))


def finish_reserve(game: SplitAndChoose) -> SplitAndChoose:
    rng = random.Random(4)
    while game.phase != "build":
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_many_random_playthroughs_account_for_every_card() -> None:
    """10,000 random games, both variants: the 21 cards are somewhere exactly once at
    every step, every game has 5 splits, 5 choices, 2 reserve decisions and 2
    builds, and replaying the record gives the same game."""
    rng = random.Random(99)
    for g in range(10_000):
        game = SplitAndChoose(seed=g, first_splitter=g % 2, face_up_swap=g % 4 >= 2)
        while game.current_player is not None:
            assert accounted(game)
            game.apply(rng.choice(game.legal_actions()))
        assert accounted(game) and game.is_over and game.legal_actions() == []
        kinds = [type(a).__name__ for a in game.history]
        assert kinds[:10] == ["Split", "Choose"] * 5
        assert all(k in ("Swap", "Keep") for k in kinds[10:12]) and kinds[12:] == ["Build", "Build"]
        assert all(len(game.hand(p)) == 10 for p in (0, 1))
        if g % 20 == 0:
            record = json.loads(json.dumps(game.record()))
            again = SplitAndChoose.replay(record)
            assert again.__dict__ == game.__dict__


def test_record_and_replay() -> None:
    game = SplitAndChoose(seed=31, first_splitter=1, face_up_swap=True)
    rng = random.Random(2)
    while game.current_player is not None:
        game.apply(rng.choice(game.legal_actions()))
    record = game.record()
    assert record["game"] == "split and choose" and record["seed"] == 31
    assert record["rules"] == {"first_splitter": 1, "face_up_swap": True}
    assert all(isinstance(a, str) for a in record["actions"]) and len(record["actions"]) == 14
    again = SplitAndChoose.from_record(json.loads(json.dumps(record)))
    assert again.result == game.result and again.history == game.history
    staged_game = finish(staged(*STEPS["b"][:3]))
    staged_record = staged_game.record()
    assert "order" in staged_record and "seed" not in staged_record
    assert SplitAndChoose.replay(staged_record).__dict__ == staged_game.__dict__
    for action in game.history:
        assert parse_action(action_code(action)) == action
    with pytest.raises(RecordError, match="not a 'split and choose' record"):
        SplitAndChoose.replay({"game": "whisky poker"})


def test_from_order_rejects_a_bad_deal() -> None:
    order = [c.code for c in PACK.cards]
    with pytest.raises(CardError, match="expected 21 cards"):
        SplitAndChoose.from_order(" ".join(order[:20]))
    with pytest.raises(CardError, match="more than once"):
        SplitAndChoose.from_order(" ".join([*order[:20], "As"]))
    with pytest.raises(CardError, match="not in the 21-card pack"):
        SplitAndChoose.from_order(" ".join([*order[:20], "9s"]))
    with pytest.raises(RulesError, match="first_splitter"):
        SplitAndChoose.from_order(" ".join(order), first_splitter=2)
    game = SplitAndChoose.from_order(" ".join(order))
    assert game.reserve == PACK.cards[0] and game.stock_cards(4) == PACK.cards[17:21]


def illegal_actions(game: SplitAndChoose) -> list[tuple[object, int | None, str]]:
    """Illegal moves for the game's position: (action, player, expected message)."""
    mover = game.current_player
    if mover is None:
        return [(Keep(), None, "game is over"), (Choose(True), None, "game is over")]
    wrong_player = (game.legal_actions()[0], 1 - mover, "turn")
    outsider = next(c for c in PACK.cards if c not in game.hand(mover))
    match game.phase:
        case "split":
            a, b, c, d = game.stock_cards(game.round)
            outsider = next(card for card in PACK.cards if card not in (a, b, c, d))
            return [
                wrong_player,
                (Choose(True), None, "must split"),
                (Split(face_up=(a, b), face_down=(c, outsider)), None, "must use the 4 cards"),
                (Split(face_up=(a, b), face_down=(c, c)), None, "must use the 4 cards"),
                (Split(face_up=(a, b, c), face_down=(d,)), None, "two pairs"),
                (Split(face_up=(a, b), face_down=(c, "x")), None, "must use the 4 cards"),  # type: ignore[arg-type]
                (Keep(), None, "must split"),
            ]
        case "choose":
            return [wrong_player, (Choose("yes"), None, "True or False"), (Keep(), None, "must choose")]  # type: ignore[arg-type]
        case "reserve":
            return [wrong_player, (Swap(outsider), None, "not in their hand"), (Choose(False), None, "swap or keep")]
        case _:
            hand = game.hand(mover)
            return [
                wrong_player,
                (Build(hands=(hand[:4], hand[4:])), None, "two hands of 5"),
                (Build._trusted(hand[:5], hand[4:9]), None, "exactly once"),
                (Build(hands=(hand[:5], (*hand[5:9], outsider))), None, "does not hold"),
                (Keep(), None, "must build"),
            ]


def test_illegal_actions_raise_and_change_nothing() -> None:
    rng = random.Random(12)
    for g in range(40):
        game = SplitAndChoose(seed=g, face_up_swap=g % 2 == 1)
        while True:
            for action, player, message in illegal_actions(game):
                before = copy.deepcopy(game.__dict__)
                with pytest.raises(IllegalActionError, match=message):
                    game.apply(action, player=player)
                assert game.__dict__ == before
            if game.current_player is None:
                break
            game.apply(rng.choice(game.legal_actions()))


# ------------------------------------------------------------ hidden information


def test_observations_hold_only_cards_the_player_has_seen() -> None:
    """At every step of 1,000 random games, every card in a player's view is one
    it saw: never the reserve it did not take, a face-down pair the splitter
    kept, or the card given at the other player's blind swap."""
    rng = random.Random(5)
    for g in range(1000):
        game = SplitAndChoose(seed=g + 10_000, first_splitter=g % 2, face_up_swap=g % 3 == 0)
        seen: list[set[Card]] = [set(), set()]
        while True:
            phase, mover = game.phase, game.current_player
            if phase == "split" and mover is not None:
                seen[mover] |= set(game.stock_cards(game.round))
            for p in (0, 1):
                seen[p] |= set(game.hand(p))
                view = game.observation(p)
                assert isinstance(view, SplitAndChooseObservation) and view.player == p
                assert set(cards_in(view)) <= seen[p], (g, phase, p)
                assert view.build == game._builds[p]
                assert game.reserve not in cards_in(view) or game.reserve in seen[p]
            if mover is None:
                break
            action = rng.choice(game.legal_actions())
            reserve = game.reserve
            game.apply(action)
            if isinstance(action, Split):
                seen[1 - mover] |= set(action.face_up)
            if isinstance(action, Swap) and game.face_up_swap:
                seen[1 - mover] |= {action.card, reserve}


def test_observations_equal_those_of_a_fresh_game_with_the_same_history() -> None:
    """The views the game keeps of finished rounds, and the observation it builds without
    the dataclass ``__init__``, equal what a replayed game works out from scratch, field by field."""
    rng = random.Random(12)
    fields = {f.name for f in dataclasses.fields(SplitAndChooseObservation)}
    for g in range(200):
        game = SplitAndChoose(seed=g, first_splitter=g % 2, face_up_swap=g % 3 == 0)
        while game.current_player is not None:
            for p in (0, 1):
                view = game.observation(p)
                assert vars(view).keys() == fields
                assert view == SplitAndChoose.replay(game.record()).observation(p), (g, p)
                assert view == SplitAndChooseObservation(**vars(view))
            game.apply(rng.choice(game.legal_actions()))


def test_sample_game_is_consistent_with_the_view() -> None:
    rng = random.Random(8)
    differs = 0
    for g in range(150):
        game = SplitAndChoose(seed=g + 500, first_splitter=g % 2, face_up_swap=g % 3 == 0)
        while True:
            for p in (0, 1):
                view = game.observation(p)
                sample = view.sample_game(random.Random(rng.getrandbits(32)))
                assert sample.observation(p) == view, (g, game.history, p)
                assert sample.current_player == game.current_player and sample.phase == game.phase
                assert sorted(sample.order) == sorted(PACK.cards)
                differs += sample.hand(1 - p) != game.hand(1 - p)
            if game.current_player is None:
                break
            game.apply(rng.choice(game.legal_actions()))
    assert differs > 1000


def test_sample_game_after_blind_swaps() -> None:
    """Every combination of reserve decisions, in both variants, samples consistently."""
    for face_up_swap in (False, True):
        for first_move, second_move in itertools.product(("keep", "swap"), repeat=2):
            for seed in range(15):
                game = SplitAndChoose(seed=seed, face_up_swap=face_up_swap)
                rng = random.Random(seed)
                while game.phase != "reserve":
                    game.apply(rng.choice(game.legal_actions()))
                for move in (first_move, second_move):
                    player = game.current_player
                    assert player is not None
                    game.apply(Keep() if move == "keep" else Swap(rng.choice(game.hand(player))))
                for p in (0, 1):
                    view = game.observation(p)
                    for s in range(5):
                        assert view.sample_game(random.Random(s)).observation(p) == view


def test_random_bot_draws_a_build_by_its_place_without_building_the_others() -> None:
    """The 126 builds are made on demand: RandomBot draws one by its place, the same one as from the full list."""
    game = SplitAndChoose(seed=3)
    bots = [RandomBot(seed=0), RandomBot(seed=1)]
    while (seat := game.current_player) is not None and game.phase != "build":
        game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
    assert seat is not None
    legal = game.legal_actions()
    assert not isinstance(legal, list) and len(legal) == 126
    for seed in range(5):
        assert RandomBot(seed=seed).act(game.observation(seat), legal) == random.Random(seed).choice(list(legal))
    assert RandomBot().probabilities(game.observation(seat), legal) == [1 / 126] * 126
