"""Batch play-outs play exactly the rule-of-thumb bots' games: for each dealt
game, the batch's outcome equals the engine's game played one move at a time
by HeuristicBot or GreedyBot with the same seeds; from every phase, in both
variants, with the repetition rule; and the deals are fair deals from the view."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import Any

import numpy as np
import pytest

from cardcommons.bots import GreedyBot, HeuristicBot, MonteCarloBot, Trembling
from cardcommons.bots.playouts import split_and_choose as sc_playouts
from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.seating import playing, seat_policies
from cardcommons.errors import RulesError
from cardcommons.game import Bot, Game, play
from cardcommons.split_and_choose import PACK, Keep, Split, SplitAndChoose, Swap
from cardcommons.whisky import PASS, Exchange, WhiskyPoker, rules_table

Stop = Callable[[SplitAndChoose], bool]


def played_until(game: Game, bots: Sequence[Bot], stop: Callable[[Any], bool]) -> Game:
    while not stop(game):
        player = game.current_player
        assert player is not None
        game.apply(bots[player].act(game.observation(player), game.legal_actions()))
    return game


def assert_batch_plays_the_bots(game: Game, games: int, seed: int, bot: Callable[[int], Bot]) -> int:
    """Every candidate move played out both ways on the batch's deals; returns the play-outs compared."""
    player = game.current_player
    assert player is not None
    view = game.observation(player)
    module = sc_playouts if isinstance(game, SplitAndChoose) else whisky_playouts
    deals: Any = module.deal(view, games, seed)
    seeds = np.random.default_rng(seed).integers(0, 2**64, size=(games, game.players), dtype=np.uint64)
    candidates = list(game.candidate_actions())
    shares = deals.every_share(candidates, seeds)  # every seat's, the player's as play_out gives it
    assert (shares[player] == deals.play_out(candidates, seeds)).all()
    for g in range(games):
        for c, first in enumerate(candidates):
            twin = deals.game(g)
            assert twin.observation(player) == view  # a deal from the view: the player sees the same
            twin.apply(first)
            result = twin.result if twin.is_over else play(twin, [bot(int(s)) for s in seeds[g]])
            assert result is not None
            assert [result.share(s, game.players) for s in range(game.players)] == shares[:, c, g].tolist(), (first, g)
    return games * len(candidates)


def sc_stops() -> list[tuple[str, Stop]]:
    return [
        ("first split", lambda g: True),
        ("first choice", lambda g: g.phase == "choose"),
        ("third split", lambda g: g.round == 2),
        ("last choice", lambda g: g.round == 4 and g.phase == "choose"),
        ("first at the reserve", lambda g: g.phase == "reserve"),
        ("second at the reserve", lambda g: g.phase == "reserve" and g.current_player == g.first_splitter),
        ("first build", lambda g: g.phase == "build"),
    ]


@pytest.mark.parametrize("face_up_swap", [False, True])
@pytest.mark.parametrize(("name", "stop"), sc_stops())
def test_split_and_choose_batch_plays_heuristic_bots_games(name: str, stop: Stop, face_up_swap: bool) -> None:
    compared = 0
    for seed in (1, 2):
        game = SplitAndChoose(seed=seed, first_splitter=seed % 2, face_up_swap=face_up_swap)
        played_until(game, [HeuristicBot(seed), HeuristicBot(seed + 1)], stop)
        compared += assert_batch_plays_the_bots(game, 8, seed, lambda s: HeuristicBot(seed=s))
    assert compared >= 16


def test_the_batch_deals_afresh_where_the_view_hides_a_blind_swap() -> None:
    """The second at the reserve after the other's blind swap: each deal draws
    the card given, as the sampled game does (from the giver's hand)."""
    for seed in range(40):
        game = SplitAndChoose(seed=seed)
        played_until(game, [HeuristicBot(seed), HeuristicBot(seed + 1)], sc_stops()[5][1])
        view = game.observation(game.first_splitter)
        if view.reserve[0].swapped:
            break
    deals = sc_playouts.deal(view, 60, 3)
    assert len(deals.templates) == 60
    given = {deals.game(g).reserve for g in range(60)}
    assert len(given) > 3  # the card in the reserve now varies from deal to deal
    assert_batch_plays_the_bots(game, 6, 3, lambda s: HeuristicBot(seed=s))
    many = sc_playouts.deal(view, 2000, 4)
    counts = Counter(id(t) for t in many.templates)  # one template for each card the giver held
    assert len(counts) == 10 and all(abs(n - 200) < 5 * 13.4 for n in counts.values())  # 200 each, sd 13.4


def test_the_cards_the_other_player_hid_are_read_from_each_candidate_game() -> None:
    """Candidate games, before they are set out: the cards the other player hid
    (its face-down pairs, the card it gave blind) are those of each game, and
    the games kept, set out for play, keep them."""
    for seed in range(40):
        game = SplitAndChoose(seed=seed)
        played_until(game, [HeuristicBot(seed), HeuristicBot(seed + 1)], sc_stops()[5][1])
        view = game.observation(game.first_splitter)
        other = 1 - view.player
        rounds = [r for r, v in enumerate(view.rounds) if v.splitter == other and v.face_up and not v.face_down]
        if view.reserve[0].swapped and rounds:
            break
    assert view.unseen_blind_swap and rounds
    drawn = sc_playouts.candidates(view, 300, seed=2)
    hidden = drawn.their_hidden()
    for g in range(0, 300, 7):
        sampled = drawn.game(g)
        splits = [a for a in sampled.history if isinstance(a, Split)]
        given = next(a for a in sampled.history if isinstance(a, Keep | Swap))
        assert isinstance(given, Swap)
        pairs = [sorted(PACK.position[c] for c in splits[r].face_down) for r in rounds]
        assert hidden[g].tolist() == [*(p for pair in pairs for p in pair), PACK.position[given.card]]
    kept = np.array([5, 5, 17, 250])
    assert (drawn.subset(kept).their_hidden() == hidden[kept]).all()
    assert len({tuple(row) for row in hidden.tolist()}) > 10


def test_split_and_choose_deals_are_fair() -> None:
    """At the first split, each of the 17 cards the player has not seen is the
    reserve about equally often."""
    game = SplitAndChoose(seed=8)
    view = game.observation(0)
    deals = sc_playouts.deal(view, 3400, 5)
    counts = Counter(deals.reserve.tolist())
    assert len(counts) == 17
    assert all(abs(n - 200) < 5 * 14 for n in counts.values())  # 200 expected, sd about 14


def moved(left: Iterator[int], game: Game) -> bool:
    """A stop after a number of moves (counted down by ``left``), or at the end."""
    return next(left) == 0 or game.is_over


@pytest.mark.parametrize(("players", "jokers"), [(2, False), (3, True), (5, True), (9, False)])
def test_whisky_batch_plays_greedy_bots_games(players: int, jokers: bool) -> None:
    compared = 0
    for seed, moves in ((players, 0), (players + 1, players), (players + 2, players + 3)):
        game = WhiskyPoker(players, jokers=jokers, seed=seed)
        bots = [GreedyBot(seed=seed + s) for s in range(players)]
        played_until(game, bots, partial(moved, iter(range(moves, -1, -1))))
        if not game.is_over:
            compared += assert_batch_plays_the_bots(game, 8, seed, lambda s: GreedyBot(seed=s))
    assert compared >= 20


def test_whisky_batch_keeps_the_repetition_rule() -> None:
    """Two players trade the same cards back and forth until positions have come
    up twice: a move that brings one back a third time ends the game as a draw,
    in the batch as in the engine."""
    game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
    game.apply(PASS)
    game.apply(PASS)
    x, y, a, b = game.hands[0][0], game.spare[0], game.hands[1][0], game.spare[1]
    cycle = [Exchange(x, y), Exchange(a, b), Exchange(y, x), Exchange(b, a)]
    for move in cycle + cycle[:3]:
        game.apply(move)
    assert game.repetitions() == 2 and game.current_player == 1
    deals = whisky_playouts.deal(game.observation(1), 20, 4)
    assert len(deals.repeated) == 4
    shares = deals.play_out([Exchange(b, a)])
    assert (shares == 0.5).all()  # a draw at once, in every deal
    assert_batch_plays_the_bots(game, 10, 4, lambda s: GreedyBot(seed=s))


class PolicyBot:
    """Plays a policy's moves one game at a time: each legal move drawn with the chance the policy gives it."""

    def __init__(self, policy: Trembling, seed: int) -> None:
        self.policy = policy
        self.rng = np.random.default_rng(seed)

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        chances = np.array(self.policy.probabilities(observation, legal_actions))
        return legal_actions[int(self.rng.choice(len(legal_actions), p=chances / chances.sum()))]


def last_round(seed: int) -> Game:
    """Split and Choose at the last round's split, the HeuristicBots having played the rounds before."""
    game = SplitAndChoose(seed=seed, first_splitter=0)
    return played_until(game, [HeuristicBot(seed=1), HeuristicBot(seed=2)], lambda g: g.round == 4)


@pytest.mark.parametrize(
    ("make", "policy"),
    [
        (partial(WhiskyPoker, 3, seed=2), Trembling(None, 1.0)),
        (partial(WhiskyPoker, 4, seed=5), Trembling(GreedyBot(knock_at=0.95), 0.2, wander=0.4, knock_floor=0.9)),
        (partial(last_round, 6), Trembling(HeuristicBot(), 0.3, wander=0.3)),
    ],
)
def test_the_batch_plays_each_seats_policy_as_the_policy_itself_would(
    make: Callable[[], Game], policy: Trembling
) -> None:
    """The batch form of a policy with moves at random: over many games from
    one view, every seat but the viewer's by that policy, the viewer's share
    comes out as in the same games played one at a time by the policy itself
    (random moves drawn two ways: equal in distribution, not game for game)."""
    game = make()
    view = game.observation(0)
    module: Any = sc_playouts if isinstance(game, SplitAndChoose) else whisky_playouts
    games = 500
    deals = module.deal(view, games, seed=1)
    first = game.legal_actions()[0]
    rule_of_thumb = Trembling(GreedyBot() if isinstance(game, WhiskyPoker) else HeuristicBot(), 0.0)
    seats = [rule_of_thumb] + [policy] * (game.players - 1)
    seeds = np.random.default_rng(2).integers(0, 2**63, size=(games, game.players), dtype=np.uint64)
    batch = deals.play_out([first], seeds, seats)[0]
    one_at_a_time = []
    for g in range(games):
        dealt = deals.game(g)
        dealt.apply(first)
        bots: list[Any] = [PolicyBot(seat, seed=g * 16 + s) for s, seat in enumerate(seats)]
        bots[0] = rule_of_thumb.rule  # the same moves, faster: its one move has chance 1 (ties aside)
        one_at_a_time.append(play(dealt, bots).share(0, game.players))
    spread = np.sqrt((batch.var() + np.var(one_at_a_time)) / games)
    assert abs(batch.mean() - np.mean(one_at_a_time)) < 4 * spread + 0.01


class Foreseeing:
    """Foresight's look-ahead, one game at a time, for the check: at each
    decision it plays every candidate (in the batch's order) in a copy of the
    game it is told, both players going on by HeuristicBot (each bot's tie-break
    draws carried on), and keeps the first that does best."""

    def __init__(self, seed: int) -> None:
        self.rule = HeuristicBot(seed=seed)
        self.game: SplitAndChoose | None = None
        self.other: HeuristicBot | None = None

    def act(self, observation: Any, legal: Sequence[Any]) -> Any:
        import copy

        game, me = self.game, observation.player
        assert game is not None and self.other is not None
        if game.phase == "build":
            return self.rule.act(observation, legal)
        if game.phase == "split":
            moves = list(legal)
        elif game.phase == "choose":
            moves = [m for up in (True, False) for m in legal if m.face_up == up]
        else:
            moves = [Keep(), *(Swap(c) for c in sorted(observation.hand, key=PACK.position.__getitem__))]
        shares = []
        for move in moves:
            trial = copy.deepcopy(game)
            trial.apply(move)
            bots: list[Any] = [None, None]
            bots[me], bots[1 - me] = copy.deepcopy(self.rule), copy.deepcopy(self.other)
            bots[me].decisions += 1
            result = trial.result if trial.is_over else play(trial, bots)
            assert result is not None
            shares.append(result.share(me, 2))
        self.rule.decisions += 1
        return moves[shares.index(max(shares))]


@pytest.mark.parametrize(("name", "stop"), [sc_stops()[0], sc_stops()[3], sc_stops()[4]])
def test_foresight_plays_in_each_world_the_candidate_that_does_best_there(name: str, stop: Stop) -> None:
    """Seat 1 by Foresight (always looking ahead) in the batch: game for game, the
    share a one-game look-ahead gets in the same worlds."""
    from cardcommons.bots.split_and_choose import Foresight

    game = played_until(SplitAndChoose(seed=3, first_splitter=1), [HeuristicBot(1), HeuristicBot(2)], stop)
    if game.current_player != 0:
        game = played_until(game, [HeuristicBot(1), HeuristicBot(2)], lambda g: g.current_player == 0)
    assert isinstance(game, SplitAndChoose)
    view, games = game.observation(0), 4
    deals: Any = sc_playouts.deal(view, games, seed=4)
    seeds = np.random.default_rng(5).integers(0, 2**63, size=(games, 2), dtype=np.uint64)
    first = game.legal_actions()[0]
    rule = Trembling(HeuristicBot(), 0.0)
    shares = deals.play_out([first], seeds, [rule, Trembling(Foresight(sight=1.0), 0.0)])[0]
    plain = deals.play_out([first], seeds, [rule, rule])[0]
    for g in range(games):
        dealt = deals.game(g)
        dealt.apply(first)
        other, looking = HeuristicBot(seed=int(seeds[g, 0])), Foreseeing(int(seeds[g, 1]))
        looking.game, looking.other = dealt, other
        assert play(dealt, [other, looking]).share(0, 2) == shares[g], (name, g)
    assert shares.mean() <= plain.mean()


def test_foresight_that_never_looks_ahead_plays_as_the_rule_of_thumb() -> None:
    from cardcommons.bots.split_and_choose import Foresight

    game = SplitAndChoose(seed=6)
    deals: Any = sc_playouts.deal(game.observation(0), 200, seed=7)
    seeds = np.random.default_rng(8).integers(0, 2**63, size=(200, 2), dtype=np.uint64)
    rule = Trembling(HeuristicBot(), 0.0)
    never = deals.play_out(game.legal_actions(), seeds, [rule, Trembling(Foresight(sight=0.0), 0.0)])
    assert (never == deals.play_out(game.legal_actions(), seeds, [rule, rule])).all()


class LookingAhead:
    """A seat that looks ahead (:func:`whisky_playouts.look_ahead`) in ``game``, the game it sits at, knowing
    every card: in phase 2 before a knock; else its rule's move."""

    def __init__(self, game: WhiskyPoker, rule: GreedyBot, knock_floor: float = 0.0) -> None:
        self.game, self.rule, self.knock_floor = game, rule, knock_floor

    def act(self, observation: Any, legal_actions: Sequence[Any]) -> Any:
        move = self.rule.act(observation, legal_actions)  # counted, as the batch counts each seat's decisions
        if self.game.phase == 2 and self.game.knocker is None:
            return whisky_playouts.look_ahead(self.game, self.knock_floor)
        return move


@pytest.mark.parametrize(
    ("players", "jokers", "seed", "games", "floor"),
    [(2, False, 3, 6, 0.0), (3, False, 4, 6, 0.98), (4, True, 5, 6, 0.9)],
)
def test_seats_that_look_ahead_play_in_the_batch_as_one_game_at_a_time(
    players: int, jokers: bool, seed: int, games: int, floor: float
) -> None:
    """MonteCarloBot's stand-in as it plays on (looking ahead at the next turn, in
    every seat but the viewer's): each batch game's outcome is the engine's, the
    same game played one move at a time with :func:`whisky_playouts.look_ahead`."""
    game = WhiskyPoker(players, jokers=jokers, seed=seed)
    played_until(game, [GreedyBot(seed=seed + s) for s in range(players)], lambda g: g.phase == 2)
    viewer = game.current_player
    assert viewer is not None and not game.is_over
    deals = whisky_playouts.deal(game.observation(viewer), games, seed)
    seeds = np.random.default_rng(seed).integers(0, 2**64, size=(games, players), dtype=np.uint64)
    ahead = Trembling(GreedyBot(), 0.0, knock_floor=floor, looks_ahead=True)
    seats = [Trembling(GreedyBot(), 0.0) if s == viewer else ahead for s in range(players)]
    firsts = list(game.candidate_actions())
    shares = deals.play_out(firsts, seeds, seats)
    looked = 0
    for g in range(games):
        for c, first in enumerate(firsts):
            twin = deals.game(g)
            twin.apply(first)
            bots: list[Any] = [GreedyBot(seed=int(s)) for s in seeds[g]]
            bots = [b if s == viewer else LookingAhead(twin, b, floor) for s, b in enumerate(bots)]
            result = twin.result if twin.is_over else play(twin, bots)
            assert result is not None and result.share(viewer, players) == shares[c, g], (first, g)
            looked += twin.knocker is not None and twin.knocker != viewer
    assert looked  # some game where a seat that looks ahead knocked


def test_a_monte_carlo_bot_seat_is_played_on_looking_ahead_but_never_the_readers_own() -> None:
    """In the play-outs a MonteCarloBot's seat looks ahead; the reader's own seat
    (a MonteCarloBot too, told the table) plays by the rule of thumb, as before."""
    game = WhiskyPoker(3, seed=1)
    table = [MonteCarloBot(100), MonteCarloBot(100), GreedyBot()]
    rule_of_thumb = Trembling(GreedyBot(), 0.0)
    forms = playing(seat_policies(table, game, me=0), rule_of_thumb, table)
    assert [form.looks_ahead for form in forms] == [False, True, False]
    assert forms[0] is rule_of_thumb


def test_bad_input_to_a_look_ahead_is_refused_by_name() -> None:
    with pytest.raises(RulesError, match="looks_ahead is True or False, not 1"):
        Trembling(GreedyBot(), 0.0, looks_ahead=1)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r"only a Whisky Poker policy \(GreedyBot's rule\) looks ahead, not one with "):
        Trembling(HeuristicBot(), 0.0, looks_ahead=True)
    game = WhiskyPoker(2, seed=1)
    with pytest.raises(RulesError, match=r"looks ahead in phase 2 before anyone knocks, not at WhiskyPoker\(players=2"):
        whisky_playouts.look_ahead(game)  # phase 1


def test_beyond_four_players_a_seat_that_would_look_ahead_plays_by_its_rule() -> None:
    game = WhiskyPoker(5, seed=2)
    played_until(game, [GreedyBot(seed=2 + s) for s in range(5)], lambda g: g.phase == 2)
    viewer = game.current_player
    assert viewer is not None and not game.is_over
    deals = whisky_playouts.deal(game.observation(viewer), 300, 1)
    seeds = np.random.default_rng(1).integers(0, 2**64, size=(300, 5), dtype=np.uint64)
    rule, ahead = Trembling(GreedyBot(), 0.0), Trembling(GreedyBot(), 0.0, looks_ahead=True)
    firsts = list(game.candidate_actions())
    assert (deals.play_out(firsts, seeds, [ahead] * 5) == deals.play_out(firsts, seeds, [rule] * 5)).all()


@pytest.mark.parametrize("jokers", [False, True])
def test_greedy_exchange_scores_are_each_exchanges_strength_in_one_pass_or_a_column_at_a_time(jokers: bool) -> None:
    """Few rows are scored in one pass, many a column at a time: both give the
    strength of the hand after taking the spare, and after each exchange (one
    hand at a time, by the table's own lookup)."""
    table = rules_table(4, jokers, False, "standard")
    rng = np.random.default_rng(int(jokers))
    dealt = np.sort(rng.permuted(np.tile(np.arange(len(table.cards)), (300, 1)), axis=1)[:, :10], axis=1)
    hands, spare = np.sort(rng.permuted(dealt, axis=1).reshape(300, 2, 5), axis=2).transpose(1, 0, 2)
    many = whisky_playouts.exchange_scores(table, hands, spare)  # past the rows of one pass
    few = np.concatenate(
        [whisky_playouts.exchange_scores(table, hands[r : r + 30], spare[r : r + 30]) for r in (0, 30)]
    )
    assert (many[:60] == few).all()
    strength = table.strengths.strength
    for g in range(0, 300, 37):
        hand, face_up = hands[g].tolist(), spare[g].tolist()
        assert many[g, 0] == strength(face_up)
        for i in range(5):
            for j in range(5):
                after = hand[:i] + hand[i + 1 :] + [face_up[j]]
                assert many[g, 1 + 5 * i + j] == strength(after)


@pytest.mark.parametrize("jokers", [False, True])
def test_the_candidates_counted_for_one_move_are_those_options_lists(jokers: bool) -> None:
    """The batch chances count a hand's candidate exchanges, and place the one
    exchange they ask about, without sorting every move: for each exchange of
    many hands, the same as the flags :func:`options` gives (ties of strength included)."""
    from cardcommons.whisky import TAKE
    from cardcommons.whisky.game import MAX_EXCHANGE_CANDIDATES

    table = rules_table(4, jokers, False, "standard")
    rng = np.random.default_rng(7)
    spare = np.sort(rng.choice(len(table.cards), 5, replace=False))
    rest = np.setdiff1d(np.arange(len(table.cards)), spare)
    hands = np.sort(np.array([rng.choice(rest, 5, replace=False) for _ in range(120)]), axis=1)
    faces = np.tile(spare, (len(hands), 1))
    _, looked = whisky_playouts.options(table, hands, faces)
    scores = whisky_playouts.exchange_scores(table, hands, faces)
    now = table.strengths.strengths_of_hands(hands)
    counted, every = whisky_playouts._candidates(table, hands, now, spare, scores, TAKE)
    assert (counted == looked[:, 1:-2].sum(axis=1)).all() and every.all()
    assert 0 < counted.mean() < MAX_EXCHANGE_CANDIDATES  # some hands have fewer, some are cut
    for g, hand in enumerate(hands):
        for i, give in enumerate(hand):
            for j, take in enumerate(spare):
                action = table.exchanges[give][take]
                one = slice(g, g + 1)
                _, chosen = whisky_playouts._candidates(table, hands[one], now[one], spare, scores[one], action)
                assert chosen[0] == looked[g, 1 + 5 * i + j], (g, action)
