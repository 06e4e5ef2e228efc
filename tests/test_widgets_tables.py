"""The game tables, played headless to the end through their own controls.

At every step the engine's state, the enabled buttons and the rendered HTML
are checked: your cards are shown, no card hidden from you appears anywhere
(faces, buttons, log, prompts), and a click out of turn or with an
incomplete selection shows a message and changes nothing.
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections.abc import Sequence
from functools import partial
from html import unescape
from typing import Any

import pytest

from cardcommons.bots import GreedyBot, HeuristicBot, MonteCarloBot, RandomBot
from cardcommons.cards import JOKER, Card
from cardcommons.errors import RulesError
from cardcommons.game import Action, Observation
from cardcommons.split_and_choose import PACK, SplitAndChoose, SplitAndChooseObservation, best_build
from cardcommons.whisky import Event, Exchange, Knock, Pass, TakeSpare, WhiskyObservation
from cardcommons.widgets import SplitAndChooseTable, WhiskyPokerTable
from cardcommons.widgets.cards import card_name
from cardcommons.widgets.whisky_table import COMPACT_FROM, event_line

_LABEL = re.compile(r"(?<![\w])(?:10|[2-9JQKA])[♣♦♥♠]|\bJO\b")
_ARIA = re.compile(r'aria-label="([^"]+)"')


def shown_cards(html: str) -> set[str]:
    """Every card label and every card face's name in the HTML (and the buttons' labels)."""
    text = re.sub(r"<[^>]+>", " ", html)
    names = {n for n in _ARIA.findall(html) if n != "face-down card"}
    return set(_LABEL.findall(unescape(text))) | names


def assert_hidden(html: str, hidden: set[Card]) -> None:
    shown = shown_cards(html)
    leaked = [c for c in hidden if str(c) in shown or card_name(c) in shown]
    assert not leaked, f"hidden cards shown: {leaked}"


def assert_shown(html: str, cards: Sequence[Card]) -> None:
    shown = shown_cards(html)
    assert all(str(c) in shown for c in cards), (cards, shown)


def refused(table: Any, click: Any) -> str:
    """Click; the game must not change and a message must say why."""
    before = json.dumps(table.game.record())
    click()
    assert json.dumps(table.game.record()) == before
    assert table.message, "a refused click must say why"
    return str(table.message)


def selected(table: SplitAndChooseTable) -> tuple[Card, ...]:
    """The selection, read afresh (a function call, so type checkers do not narrow it)."""
    return table.selection


def is_busy(table: SplitAndChooseTable | WhiskyPokerTable) -> bool:
    """Whether the bots think in the background, read afresh."""
    return table.busy


class SpyBot:
    """A bot that checks it is handed only its own observation and the legal actions."""

    def __init__(self, inner: Any, kind: type, seat: int | None = None) -> None:
        self.inner, self.kind, self.seat, self.calls = inner, kind, seat, 0

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        assert isinstance(observation, self.kind)
        if self.seat is not None:
            assert observation.player == self.seat
        assert observation.current_player == observation.player  # type: ignore[attr-defined]
        self.calls += 1
        return self.inner.act(observation, legal_actions)  # type: ignore[no-any-return]


# -- Split and Choose ------------------------------------------------------


def sc_hidden(table: SplitAndChooseTable) -> set[Card]:
    view = table.view
    hidden = set(PACK.cards) - view.seen
    result = table.result
    if result is not None:  # the builds are shown at the end
        hidden -= {c for v in (*result.weaker, *result.stronger) for c in v.cards}
    return hidden


def sc_check(table: SplitAndChooseTable) -> None:
    game, view = table.game, table.view
    assert not table.busy
    html = table.html
    assert_hidden(html, sc_hidden(table))
    assert_shown(html, view.hand)
    yours = game.current_player == 0
    phase = game.phase
    assert table.split_button.disabled == (not (yours and phase == "split"))
    assert table.face_up_button.disabled == (not (yours and phase == "choose"))
    assert table.face_down_button.disabled == table.face_up_button.disabled
    assert table.swap_button.disabled == table.keep_button.disabled == (not (yours and phase == "reserve"))
    assert table.build_button.disabled == table.suggest_button.disabled == (not (yours and phase == "build"))
    assert table.replay_button.disabled == (not game.is_over)
    assert game.is_over or yours, "the bot's replies come at once"
    shown = [b for b in table._moves if b.layout.display != "none"]
    assert all(not b.disabled for b in shown), "only the moves you may make are shown"


def sc_play(table: SplitAndChooseTable, rng: random.Random, misclicks: bool = True) -> None:
    """Play to the end with random moves, trying a wrong click at each step."""
    sc_check(table)
    while not table.game.is_over:
        phase = table.phase
        if misclicks:
            wrong = {"split": table.keep_button, "choose": table.split_button, "reserve": table.build_button}
            message = refused(table, wrong.get(phase, table.face_up_button).click)
            assert message.startswith("You cannot")
        if phase == "split":
            cards = table.view.rounds[-1].cards or ()
            assert len(cards) == 4 and len(table.card_buttons) >= 4
            if misclicks:
                table.card_button(cards[0]).click()
                assert "Click the two cards" in refused(table, table.split_button.click)
                for card in cards[1:3]:
                    table.card_button(card).click()
                assert "chosen already" in refused(table, table.card_button(cards[3]).click)
                assert len(selected(table)) == 2
                table.card_button(cards[0]).click()  # put back
                assert len(selected(table)) == 1
                table.card_button(cards[0]).click()
                up = table.selection
            else:
                up = tuple(rng.sample(cards, 2))
                for card in up:
                    table.card_button(card).click()
            assert f"Face up: <b>{' '.join(map(str, up))}</b>" in table.preview.value
            table.split_button.click()
            table.wait(60)
            mine = [line for line in table.log if line.startswith("You split")][-1]
            assert sorted(mine.split(" face up")[0].split()[2:]) == sorted(map(str, up))
        elif phase == "choose":
            (table.face_up_button if rng.random() < 0.5 else table.face_down_button).click()
            table.wait(60)
        elif phase == "reserve":
            if misclicks:
                assert "Click the card" in refused(table, table.swap_button.click)
            if rng.random() < 0.5:
                table.keep_button.click()
                table.wait(60)
            else:
                card = rng.choice(table.view.hand)
                table.card_button(card).click()
                assert table.selection == (card,)
                table.swap_button.click()
                table.wait(60)
        else:
            hand = table.view.hand
            if misclicks:
                for card in hand[:3]:
                    table.card_button(card).click()
                assert "five cards" in refused(table, table.build_button.click)
            if rng.random() < 0.5:
                table.suggest_button.click()
                best = best_build(hand)
                assert set(table.selection) == set(best.stronger)
                assert "stronger hand" in table.preview.value
            else:
                for card in table.selection:
                    table.card_button(card).click()
                for card in rng.sample(hand, 5):
                    table.card_button(card).click()
            table.build_button.click()
        table.wait(60)
        assert table.message in ("",) or table.message.startswith("The best"), table.message
        sc_check(table)


@pytest.mark.parametrize("face_up_swap", [False, True])
@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4])
def test_split_and_choose_plays_to_the_end(seed: int, face_up_swap: bool) -> None:
    spy = SpyBot(HeuristicBot(seed=seed), SplitAndChooseObservation, seat=1)
    table = SplitAndChooseTable(bot=spy, seed=seed, face_up_swap=face_up_swap, first_splitter=seed % 2)
    assert table.game.face_up_swap is face_up_swap and table.game.first_splitter == seed % 2
    sc_play(table, random.Random(seed))
    result = table.result
    assert result is not None and spy.calls == 7  # 5 splits or choices, the reserve, the build
    html = table.result_view.value
    headline = {"win": "You win!", "loss": "The bot wins.", "draw": "A draw."}[result.outcome(0)]
    assert headline in html
    for player in (0, 1):
        for value in (result.weaker[player], result.stronger[player]):
            assert value.describe() in unescape(html)
    # the felt shows both builds, card by card, each hand in its own zone
    builds = re.findall(r'class="cc-zone".*?</div></div>', table.board.value)
    hands = [result.weaker[1], result.stronger[1], result.weaker[0], result.stronger[0]]
    assert len(builds) == 4 and "known to you" not in table.board.value
    for zone, value in zip(builds, hands, strict=True):
        assert _ARIA.findall(zone) == [card_name(c) for c in value.cards]
    assert html.count('class="cc-step ') == 4
    if result.step is not None:
        decided = re.search(rf'cc-step-{result.step}"[^>]*>(.*?)</li>', html)
        assert decided and "win" in decided.group(1)
    # the log has one line per move, yours and the bot's
    assert len(table.log) == len(table.game.history)
    assert sum(line.startswith("You") for line in table.log) == len(table.log) - spy.calls
    # after the end every move is refused
    for button in (table.split_button, table.face_up_button, table.keep_button, table.build_button):
        assert "over" in refused(table, button.click)


def test_bot_log_never_names_a_hidden_card_in_either_variant() -> None:
    for face_up_swap in (False, True):
        table = SplitAndChooseTable(bot=RandomBot, seed=11, face_up_swap=face_up_swap, first_splitter=1)
        sc_play(table, random.Random(5), misclicks=False)
        bot_swaps = [line for line in table.log if line.startswith("The bot swapped")]
        for line in bot_swaps:
            assert ("blind" in line) is (not face_up_swap)


def test_split_and_choose_out_of_turn_and_odd_clicks() -> None:
    table = SplitAndChooseTable(seed=4, first_splitter=1)  # the bot splits first: you choose
    assert table.phase == "choose" and table.log[0].startswith("The bot split:")
    assert all(b.layout.display == "none" for b in table.card_buttons)
    assert "No card to pick" in refused(table, table.card_buttons[0].click)
    assert "You cannot split" in refused(table, table.split_button.click)
    assert "You cannot build" in refused(table, table.suggest_button.click)
    assert "once the game is over" in refused(table, table.replay_button.click)
    table.face_up_button.click()
    assert table.message == "" and table.phase == "split"


def test_variant_toggle_restarts_before_your_first_move_else_waits() -> None:
    table = SplitAndChooseTable(seed=6, first_splitter=0)
    table.variant.value = True
    assert table.game.face_up_swap and table.seed == 6 and table.log == ()
    cards = table.view.rounds[-1].cards or ()
    for card in cards[:2]:
        table.card_button(card).click()
    table.split_button.click()
    record = table.game.record()
    table.variant.value = False
    assert table.game.record() == record and "next game" in table.message
    table.new_game_button.click()
    game = table.game
    assert table.seed == 7 and game.face_up_swap is False and game.record()["actions"] == []


def test_new_game_and_replay() -> None:
    table = SplitAndChooseTable(seed=20, first_splitter=0)
    sc_play(table, random.Random(1), misclicks=False)
    table.replay_button.click()
    replay = table.replay_view.value
    assert "the same result ✓" in replay
    assert json.dumps(table.game.record()) in unescape(replay)
    assert replay.count("<li>") == len(table.game.history)
    table.new_game_button.click()
    assert table.seed == 21 and table.replay_view.value == "" and table.result_view.value == ""


def test_coin_toss_from_the_seed_and_fresh_seeds() -> None:
    splitters = {SplitAndChooseTable(seed=s).game.first_splitter for s in range(12)}
    assert splitters == {0, 1}
    assert SplitAndChooseTable(seed=5).game.first_splitter == SplitAndChooseTable(seed=5).game.first_splitter
    random.seed(0)
    first = SplitAndChooseTable().seed
    random.seed(0)
    assert SplitAndChooseTable().seed != first  # a fresh seed, not drawn from the global RNG
    with pytest.raises(ValueError, match="first_splitter"):
        SplitAndChooseTable(first_splitter=2)


def test_monte_carlo_bot_thinks_in_the_background_and_shows_its_estimates() -> None:
    table = SplitAndChooseTable(bot=partial(MonteCarloBot, samples=12), seed=2, first_splitter=1)
    table.wait(30)
    assert not table.busy and table.phase == "choose"
    assert "it expects to win about" in table.log[0]
    table.face_down_button.click()
    # the bot answers in the background: until it has, your clicks are refused
    while is_busy(table):
        assert all(b.layout.display == "none" for b in table._moves), "no move shows while the bot thinks"
        assert "thinking" in refused(table, table.face_up_button.click)
        table.wait(0.01)
    table.wait(30)
    assert table.game.current_player == 0 and not table.busy
    assert table.thinker.progress.layout.visibility == "hidden"
    sc_play(table, random.Random(2), misclicks=False)  # plays on (sc_play waits between moves)


def test_background_can_be_turned_off() -> None:
    table = SplitAndChooseTable(bot=MonteCarloBot(samples=6, seed=1), seed=2, first_splitter=1, background=False)
    assert table.phase == "choose" and not table.busy and "it expects to win about" in table.log[0]


def test_where_no_thread_can_start_the_bots_think_inline(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(_thread: threading.Thread) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refuse)
    table = SplitAndChooseTable(bot=partial(MonteCarloBot, samples=6), seed=2, first_splitter=1)
    assert table._background and not table.busy  # a MonteCarloBot thinks in the background, if it can
    assert table.phase == "choose" and "it expects to win about" in table.log[0]
    table.face_down_button.click()
    assert not table.busy and table.game.current_player == 0 and table.message == ""
    assert table.thinker.progress.layout.visibility == "hidden"
    whisky = WhiskyPokerTable(opponents=2, bot=partial(MonteCarloBot, samples=4), seed=3)
    assert not whisky.busy and whisky.game.current_player in (0, None)


# -- Whisky Poker ----------------------------------------------------------


def whisky_public(table: WhiskyPokerTable) -> set[Card]:
    """Every card you may know of: your hand, the spare if face up, the known
    cards in the hands, every card shown in a public event; all hands at the end."""
    view = table.view
    cards = set(view.hand) | set(view.spare or ()) | {c for k in view.known for c in k}
    for event in view.events:
        cards |= set(event.face_up) | set(event.taken)
        if isinstance(event.action, Exchange):
            cards |= {event.action.give, event.action.take}
    result = table.result
    if result is not None:
        cards |= {c for h in result.hands for c in h} | set(result.spare)
    return cards


def whisky_check(table: WhiskyPokerTable) -> None:
    game = table.game
    assert not table.busy
    html = table.html
    hidden = set(game.pack.cards) - whisky_public(table)
    if JOKER in whisky_public(table):
        hidden.discard(JOKER)  # two Jokers share one face
    assert_hidden(html, hidden)
    assert_shown(html, table.view.hand)
    if table.view.spare is not None:
        assert_shown(html, table.view.spare)
    legal = set(game.legal_actions()) if game.current_player == 0 else set()
    assert table.pass_button.disabled == (Pass() not in legal)
    assert table.take_button.disabled == (TakeSpare() not in legal)
    assert table.knock_button.disabled == (Knock() not in legal)
    assert table.exchange_button.disabled == (not any(isinstance(a, Exchange) for a in legal))
    assert game.is_over or game.current_player == 0, "the bots play until your turn"
    assert len(table.log) == len(game.events)
    moves = (table.pass_button, table.take_button, table.exchange_button, table.knock_button)
    if game.is_over:
        assert all(b.layout.display == "none" for b in moves), "no move shows once the deal is over"
    whisky_check_strip(table)


def since_your_move(events: Sequence[Event]) -> int:
    """The index of the first event after your last move (and after the spare turned up, if it followed)."""
    mine = [i for i, e in enumerate(events) if e.seat == 0]
    mark = mine[-1] + 1 if mine else 0
    while mine and mark < len(events) and events[mark].seat is None:
        mark += 1
    return mark


def whisky_check_strip(table: WhiskyPokerTable) -> None:
    """The felt shows the moves since your last one, in order (at a big table,
    the log alone does), and raises the cards that became known since in the
    seat that took them."""
    game, board = table.game, table.board.value
    events = game.events[since_your_move(game.events) :]
    shown = [unescape(re.sub(r"<[^>]+>", "", li)) for li in re.findall(r'<li class="cc-just".*?</li>', board)]
    assert shown == ([event_line(e) for e in events] if game.players <= COMPACT_FROM else [])
    if game.is_over:
        return
    zones = board.split('class="cc-zone"')[1:]
    assert len(zones) == game.players - 1
    for seat, zone in enumerate(zones, start=1):
        raised = set(re.findall(r'class="cc-card cc-selected" role="img" aria-label="([^"]+)"', zone))
        taken = {c for e in events if e.seat == seat for c in (*e.taken, *_exchange_take(e))}
        assert raised == {card_name(c) for c in taken & set(table.view.known[seat])}, seat


def _exchange_take(event: Event) -> tuple[Card, ...]:
    return (event.action.take,) if isinstance(event.action, Exchange) else ()


def whisky_play(table: WhiskyPokerTable, rng: random.Random, misclicks: bool = True) -> None:
    whisky_check(table)
    turns = 0
    while not table.game.is_over:
        game = table.game
        turns += 1
        if game.phase == 1:
            if misclicks:
                assert "face down" in refused(table, table.exchange_button.click)
                assert "face down" in refused(table, table.hand_buttons[0].click)
            choice = rng.random()
            if choice < 0.6:
                table.pass_button.click()
            elif choice < 0.85:
                table.take_button.click()
            else:
                table.knock_button.click()
        else:
            if misclicks:
                assert "No passing" in refused(table, table.pass_button.click)
                table.hand_buttons[0].click()
                assert table.give == table.view.hand[0] and table.take is None
                assert "Click a card" in refused(table, table.exchange_button.click)
                table.hand_buttons[0].click()  # put back
                assert table.give is None
            if turns > 4 or rng.random() < 0.25:
                table.knock_button.click()
            elif rng.random() < 0.15:
                table.take_button.click()
            else:
                give, take = rng.choice(table.view.hand), rng.choice(table.view.spare or ())
                table.hand_button(give).click()
                table.spare_button(take).click()
                assert (table.give, table.take) == (give, take)
                table.exchange_button.click()
                assert f"You gave {give!s} and took {take!s}" in table.log
        assert table.message == "", table.message
        whisky_check(table)


@pytest.mark.parametrize(
    ("opponents", "jokers", "seed"),
    [
        (1, False, 0),
        (1, True, 1),
        (2, False, 2),
        (3, False, 3),
        (3, True, 4),
        (5, True, 5),
        (8, False, 6),
        (8, True, 7),
    ],
)
def test_whisky_plays_to_the_showdown(opponents: int, jokers: bool, seed: int) -> None:
    spies: list[SpyBot] = []

    def factory(seed: int) -> SpyBot:
        spies.append(SpyBot(GreedyBot(seed=seed), WhiskyObservation))
        return spies[-1]

    table = WhiskyPokerTable(opponents=opponents, bot=factory, jokers=jokers, seed=seed)
    assert table.game.players == opponents + 1 and table.game.jokers is jokers and len(spies) == opponents
    whisky_play(table, random.Random(seed))
    result = table.result
    assert result is not None
    html = unescape(table.showdown.value)
    assert html.count("cc-showdown-row") == opponents + 1
    assert html.count("cc-winner") == len(result.winners)
    for value in result.values:
        assert value.category.label in html and value.describe() in html
    for button in (table.pass_button, table.take_button, table.exchange_button, table.knock_button):
        assert "over" in refused(table, button.click)
    table.replay_button.click()
    assert "the same result ✓" in table.replay_view.value


def test_whisky_opponents_are_one_to_eight() -> None:
    for bad in (0, 9, 2.0, True, "3"):
        with pytest.raises(RulesError, match=f"opponents is 1 to 8, not {bad!r}"):
            WhiskyPokerTable(opponents=bad)  # type: ignore[arg-type]


def test_whisky_a_shared_bot_instance_and_monte_carlo_in_the_background() -> None:
    table = WhiskyPokerTable(opponents=2, bot=MonteCarloBot(samples=8, seed=3), seed=9)
    table.wait(30)
    assert len({id(b) for b in table.bots}) == 1
    while not table.game.is_over:
        if table.game.phase == 1:
            table.pass_button.click()
        else:
            table.knock_button.click()
        while table.busy:
            refused(table, table.knock_button.click)
            table.wait(0.01)
        table.wait(30)
        whisky_check(table)
    assert any("it expects to win about" in line for line in table.log if line.startswith("Bot"))


def test_whisky_exchange_selection_can_change_and_new_game_deals_the_next_seed() -> None:
    table = WhiskyPokerTable(opponents=2, seed=5)
    table.pass_button.click()
    assert table.game.phase == 2 and table.game.current_player == 0
    hand, spare = table.view.hand, table.view.spare or ()
    table.spare_button(spare[0]).click()
    assert "Click a card" in refused(table, table.exchange_button.click)
    table.hand_button(hand[0]).click()
    table.hand_button(hand[1]).click()  # another card replaces the first choice
    assert (table.give, table.take) == (hand[1], spare[0])
    assert f"give <b>{hand[1]!s}</b>, take <b>{spare[0]!s}</b>" in table.prompt.value
    table.new_game_button.click()
    assert table.seed == 6 and table.give is None and table.game.record()["seed"] == 6


@pytest.mark.parametrize("face_up_swap", [False, True])
def test_opponent_known_never_shows_a_card_you_took_from_the_reserve(face_up_swap: bool) -> None:
    """What a player is told the other holds: never a card in its own hand (it
    took the card the other gave blind); otherwise right, except the one card
    the other gave blind while it still lies in the reserve."""
    took_blind_given = 0
    for seed in range(150):
        game = SplitAndChoose(seed=seed, first_splitter=seed % 2, face_up_swap=face_up_swap)
        bots = [RandomBot(seed=2 * seed), RandomBot(seed=2 * seed + 1)]
        while not game.is_over:
            for player in (0, 1):
                view = game.observation(player)
                known = set(view.opponent_known)
                assert not known & set(view.hand), (seed, player)
                blind = any(d.player != player and d.swapped and d.given is None for d in view.reserve)
                allowed = set(game.hand(1 - player)) | ({game.reserve} if blind else set())
                assert known <= allowed, (seed, player)
                mine = [d for d in view.reserve if d.player == player and d.swapped]
                took_blind_given += blind and bool(mine) and view.reserve[0].player != player
            mover = game.current_player
            assert mover is not None
            game.apply(bots[mover].act(game.observation(mover), game.legal_actions()))
    assert face_up_swap or took_blind_given > 0  # the case of the bug was met


def test_split_and_choose_table_draws_the_card_you_took_in_your_row_only() -> None:
    met = 0
    for seed in range(6):
        table = SplitAndChooseTable(bot=HeuristicBot, seed=seed, first_splitter=0)
        while table.phase != "build":
            if table.phase == "split":
                for card in (table.view.rounds[-1].cards or ())[:2]:
                    table.card_button(card).click()
                table.split_button.click()
            elif table.phase == "choose":
                table.face_down_button.click()
            else:  # always swap, giving your lowest card
                table.card_button(table.view.hand[-1]).click()
                table.swap_button.click()
        view = table.view
        bot_swapped_blind = any(d.player == 1 and d.swapped and d.given is None for d in view.reserve)
        if not (bot_swapped_blind and view.reserve[0].player == 1):
            continue
        met += 1
        bot_row = table.board.value.split("Reserve")[0]
        for card in view.hand:
            assert f'aria-label="{card_name(card)}"' not in bot_row, (seed, card)
    assert met > 0


def test_whisky_the_strip_fades_in_once_and_you_may_play_first() -> None:
    table = WhiskyPokerTable(opponents=3, seed=3)
    assert table.game.events and table.game.current_player == 0  # the bots moved before your first turn
    assert "Before your first turn" in table.board.value and "animation:" in table.board.value
    first = WhiskyPokerTable(opponents=3, seed=3, first_seat=True)
    assert first.game.dealer == 3 and first.game.current_player == 0 and first.game.events == ()
    assert "cc-strip" not in first.board.value
    table.first_seat.value = True  # before your first move: the same deal, you to play first
    assert table.seed == 3 and table.game.dealer == 3 and table.game.events == () and table.log == ()
    table.pass_button.click()
    assert table.game.phase == 2 and "Since your last move" in table.board.value and "animation:" in table.board.value
    table.hand_buttons[0].click()  # the felt is drawn again: the strip stays, still
    assert table.give is not None and "cc-just" in table.board.value and "animation:" not in table.board.value
    table.first_seat.value = False  # after a move of yours: from the next deal
    assert table.game.dealer == 3 and "next deal" in table.message
    table.new_game_button.click()
    assert table.seed == 4 and table.game.dealer == WhiskyPokerTable(opponents=3, seed=4).game.dealer


@pytest.mark.parametrize("seed", range(8))
def test_whisky_showdown_names_each_seat_once(seed: int) -> None:
    table = WhiskyPokerTable(opponents=3, seed=seed)
    while not table.game.is_over:
        table.knock_button.click()
    result = table.result
    assert result is not None
    html = unescape(table.showdown.value)
    assert "Seat" not in html and "seat" not in html.replace("cc-showdown", "")
    if not result.is_draw:
        names = " and ".join("You" if s == 0 else f"Bot {s}" for s in sorted(result.winners))
        assert html.count(names) >= 2  # the headline and the explanation


def test_one_new_game_button_once_the_game_is_over() -> None:
    table = WhiskyPokerTable(opponents=1, seed=2)
    assert table.new_game_button.layout.display is None and table.result_box.layout.display == "none"
    table.knock_button.click()
    assert table.game.is_over
    shown: tuple[object, object] = (table.new_game_button.layout.display, table.result_box.layout.display)
    assert shown == ("none", None)
    table.again_button.click()
    assert table.new_game_button.layout.display is None and not table.game.is_over


def test_the_arcade_keeps_the_tables_new_game_hidden() -> None:
    from cardcommons.widgets import Arcade

    arcade = Arcade("whisky", seed=2)
    arcade.whisky_opponents.value = 1
    arcade.table.knock_button.click()
    arcade.table.again_button.click()
    assert arcade.table.new_game_button.layout.display == "none"


# -- what a screen reader is told --------------------------------------------


def said(table: Any) -> str:
    """What the table's live region says now."""
    return unescape(re.sub(r"<[^>]+>", "", table.announcer.value))


def test_the_move_being_built_is_said_in_words_and_each_chosen_card_marked() -> None:
    table = WhiskyPokerTable(opponents=2, seed=5)
    table.pass_button.click()
    assert table.game.phase == 2 and table.game.current_player == 0
    give, take = table.view.hand[1], (table.view.spare or ())[2]
    table.hand_button(give).click()
    assert said(table) == f"Exchange so far: give {card_name(give)}; take: not chosen yet. Click a card of the spare."
    assert "cc-chosen" in table.hand_button(give)._dom_classes
    assert [b for b in table.hand_buttons + table.spare_buttons if "cc-chosen" in b._dom_classes] == [
        table.hand_button(give)
    ]
    table.spare_button(take).click()
    assert said(table) == f"Exchange so far: give {card_name(give)}; take {card_name(take)}. Then Exchange."
    table.hand_button(give).click()  # put back
    assert "cc-chosen" not in table.hand_button(give)._dom_classes
    assert said(table).startswith("Exchange so far: give not chosen yet; take")

    split = SplitAndChooseTable(seed=3, first_splitter=0)
    first, second = (split.view.rounds[-1].cards or ())[:2]
    split.card_button(first).click()
    split.card_button(second).click()
    assert said(split) == f"Face up: {card_name(first)}, {card_name(second)}. Then Split."
    assert all("cc-chosen" in split.card_button(c)._dom_classes for c in (first, second))
    split.split_button.click()  # the move made: the log's news and whose turn it is
    assert said(split).endswith("Your turn.") and not any("cc-chosen" in b._dom_classes for b in split.card_buttons)


def test_the_hints_answer_is_said_in_words() -> None:
    table = WhiskyPokerTable(opponents=2, seed=5, background=False)
    table.hint.samples = 20
    table.hint.button.click()
    table.hint.wait(60)
    spoken = said(table)
    assert spoken.startswith("The coach, best first: ") and "wins about" in spoken, spoken
    assert not _LABEL.search(spoken), f"a card in symbols, not words: {spoken}"
    table.pass_button.click()
    table.knock_button.click()  # the deal goes on to its end: out of your turn, the Hint says so, aloud too
    table.hint.button.click()
    assert said(table) == "Hints are for your own turn."


def test_a_monte_carlo_bot_says_where_its_figures_come_from_once_a_deal_and_the_title_names_its_strength() -> None:
    table = WhiskyPokerTable(opponents=3, bot=partial(MonteCarloBot, 300), seed=4, first_seat=True, background=False)
    table.pass_button.click()
    notes = [line for line in table.log if "expects to win" in line or "next to no chance" in line]
    assert len(notes) >= 2, table.log
    assert sum("deals played out with unseen cards guessed afresh" in line for line in table.log) == 1, table.log
    assert "you against 3 MonteCarloBots (steady)" in table.title.value


def test_what_a_screen_reader_is_told_is_mended_on_a_live_page_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table or a picker shown by JupyterLab or Voilà carries the bridge that names its cards in words;
    run headless (nbconvert saving a lesson's widgets for the static site), it makes none."""
    from cardcommons.widgets import CardPicker
    from cardcommons.widgets.aria import LIVE_PAGE, AriaBridge

    def bridges(widget: Any) -> int:
        return isinstance(widget, AriaBridge) + sum(bridges(c) for c in getattr(widget, "children", ()))

    for name in LIVE_PAGE:
        monkeypatch.delenv(name, raising=False)
    headless = (SplitAndChooseTable(seed=1), WhiskyPokerTable(seed=1), CardPicker(PACK))
    assert [bridges(app.widget) for app in headless] == [0, 0, 0]
    monkeypatch.setenv("JPY_SESSION_NAME", "lesson.ipynb")
    shown = (SplitAndChooseTable(seed=1), WhiskyPokerTable(seed=1), CardPicker(PACK))
    assert [bridges(app.widget) for app in shown] == [1, 1, 1]
