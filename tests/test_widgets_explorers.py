"""The explorers, driven headless through their own controls, checked against the engine."""

from __future__ import annotations

import itertools
import math
import re
import subprocess
import sys
from fractions import Fraction

import pytest

from cardcommons import JOKER, Card, Category, Pack, evaluate, parse_card, parse_cards
from cardcommons.census import hand_census
from cardcommons.odds import category_changes, category_counts, rarity_ranking
from cardcommons.widgets import HandExplorer, OddsExplorer
from cardcommons.widgets.cards import CardPicker


def brute_force_beaten_by(cards: tuple[Card, ...], pack: Pack, ranking: str = "standard") -> int:
    """How many hands of the pack beat ``cards``: every hand evaluated, one by one."""
    mine = evaluate(cards, pack, ranking)  # type: ignore[arg-type]
    return sum(evaluate(hand, pack, ranking) > mine for hand in itertools.combinations(pack.cards, 5))  # type: ignore[arg-type]


def click(explorer: HandExplorer, text: str) -> None:
    for card in parse_cards(text):
        explorer.picker.button(card).click()


# -- HandExplorer ----------------------------------------------------------


def test_starts_empty_and_asks_for_cards() -> None:
    explorer = HandExplorer(Pack.whisky(2))
    assert explorer.cards == () and explorer.value is None and explorer.standing is None
    assert explorer.probability is None and explorer.message == ""
    assert "Pick 5 cards" in explorer.result.value
    assert explorer.hand_view.value.count("face-down") == 5


def test_one_button_per_card_in_pack_order() -> None:
    pack = Pack(lowest=9, jokers=2)
    explorer = HandExplorer(pack)
    assert len(explorer.picker.buttons) == len(pack)
    labels = [b.description for b in explorer.picker.buttons]
    assert labels == [("JO" if c.is_joker else str(c)) for c in pack.cards]


@pytest.mark.parametrize(
    ("pack", "hand"),
    [
        (Pack.split_and_choose(), "As Ks Qs Js Jo"),
        (Pack.split_and_choose(), "Ah Ad Kc Qh Jo"),
        (Pack.whisky(2), "9c 9d 9h Ks Kd"),
        (Pack.whisky(2, jokers=True), "Ah Kh Qh Jh Jo"),
        (Pack(lowest=10), "10c Jd Qh Ks Ac"),
        (Pack(lowest=10, jokers=2), "Jo Jo Ah Kh 10h"),
        (Pack(lowest=10, jokers=2), "Jo Jo Ah Kd 10h"),
    ],
)
def test_clicked_hand_matches_the_engine(pack: Pack, hand: str) -> None:
    explorer = HandExplorer(pack)
    click(explorer, hand)
    value = evaluate(hand, pack)
    assert explorer.value == value
    assert explorer.value is not None and explorer.value.describe() == value.describe()
    assert explorer.value.stand_ins == value.stand_ins
    counts = category_counts(pack)
    assert explorer.probability == Fraction(counts[value.category], counts.total)
    assert explorer.standing is not None
    assert explorer.standing.beaten_by == brute_force_beaten_by(parse_cards(hand), pack)
    assert sum(explorer.standing) + 1 == counts.total
    assert value.category.label in explorer.result.value and value.describe() in explorer.result.value
    assert f"{explorer.standing.beaten_by:,}" in explorer.result.value


def test_typed_hand_matches_the_engine_and_syncs_the_buttons() -> None:
    pack = Pack(lowest=10, jokers=1)
    explorer = HandExplorer(pack)
    explorer.text.value = "10h jh QH kh jo"
    assert explorer.cards == parse_cards("10h Jh Qh Kh Jo")
    assert explorer.value == evaluate("10h Jh Qh Kh Jo", pack)
    assert explorer.value is not None and explorer.value.stand_ins == (parse_card("Ah"),)
    assert "stands for <b>A♥</b>" in explorer.result.value
    assert explorer.picker.button(parse_card("Qh")).style.button_color != "#ffffff"
    assert explorer.picker.button(parse_card("Qs")).style.button_color == "#ffffff"
    assert explorer.standing is not None
    assert explorer.standing.beaten_by == brute_force_beaten_by(explorer.cards, pack)


def test_joker_that_plays_low_is_named() -> None:
    explorer = HandExplorer(Pack(lowest=10, jokers=1))
    explorer.text.value = "Ah Ad Kc Qs Jo"
    assert explorer.value is not None and explorer.value.stand_ins == (None,)
    assert "plays low" in explorer.result.value


def test_beaten_by_matches_brute_force_on_every_sampled_hand_of_pack10() -> None:
    """Pack(10): 15,504 hands; check every 97th one against a full brute-force ranking."""
    pack = Pack(lowest=10)
    values = [evaluate(h, pack) for h in itertools.combinations(pack.cards, 5)]
    ordered = sorted(values)
    explorer = HandExplorer(pack)
    for hand in list(itertools.combinations(pack.cards, 5))[::97]:
        explorer.text.value = " ".join(c.code for c in hand)
        mine = evaluate(hand, pack)
        stronger = sum(v > mine for v in ordered)
        assert explorer.standing is not None and explorer.standing.beaten_by == stronger, hand


def test_rarity_ranking_standing() -> None:
    pack = Pack(lowest=9, jokers=1)
    explorer = HandExplorer(pack, ranking="rarity")
    explorer.text.value = "9h 10h Jh Qh 9c"  # a pair; the commonest category under rarity
    assert explorer.value == evaluate("9h 10h Jh Qh 9c", pack, "rarity")
    assert explorer.standing is not None
    assert explorer.standing.beaten_by == brute_force_beaten_by(explorer.cards, pack, "rarity")
    assert explorer.ranking == rarity_ranking(pack)


def test_click_again_puts_back_and_clear_empties() -> None:
    explorer = HandExplorer(Pack.whisky(2, jokers=True))
    click(explorer, "As Ks Jo")
    explorer.picker.button(parse_card("Ks")).click()
    assert explorer.cards == parse_cards("As Jo")
    assert explorer.text.value == "As Jo"
    explorer.picker.joker_buttons[0].click()
    assert explorer.cards == parse_cards("As")
    explorer.clear_button.click()
    assert explorer.cards == () and explorer.text.value == "" and explorer.value is None


def test_two_jokers_have_two_buttons() -> None:
    explorer = HandExplorer(Pack(lowest=10, jokers=2))
    first, second = explorer.picker.joker_buttons
    first.click()
    second.click()
    assert explorer.cards == (JOKER, JOKER)
    second.click()
    assert list(explorer.cards) == [JOKER]


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("hello world", "not a card: 'hello' (unknown rank 'hell')"),
        ("As Ks Qs Js 10s 9s", "a hand has 5 cards, not 6"),
        ("As As", "A♠ appears more than once"),
        ("2c", "2♣ is not in the 24-card pack (9 to A)"),
        ("Jo", "JO is not in the 24-card pack (9 to A)"),
        ("Ax", "unknown suit 'x'"),
        ("A", "not a card: 'A'"),
    ],
)
def test_typed_nonsense_shows_a_message_and_changes_nothing(typed: str, message: str) -> None:
    explorer = HandExplorer(Pack.whisky(2))
    explorer.text.value = "9c 9d 9h Ks Kd"
    before = (explorer.cards, explorer.value, explorer.standing, explorer.result.value, explorer.hand_view.value)
    explorer.text.value = typed
    assert message in explorer.message
    assert message.split(" (")[0] in explorer.message_label.value.replace("&#x27;", "'")
    after = (explorer.cards, explorer.value, explorer.standing, explorer.result.value, explorer.hand_view.value)
    assert after == before
    # a good input afterwards clears the message
    explorer.text.value = "As Ks"
    assert explorer.message == "" and explorer.message_label.value == ""
    assert explorer.cards == parse_cards("As Ks") and explorer.value is None


def test_sixth_click_is_refused() -> None:
    explorer = HandExplorer(Pack.whisky(2, jokers=True))
    click(explorer, "As Ks Qs Js 10s")
    value = explorer.value
    explorer.picker.button(parse_card("9s")).click()
    assert "5 cards are chosen already" in explorer.message
    explorer.picker.joker_buttons[0].click()
    assert explorer.message == "5 cards are chosen already: put one back before adding JO"
    assert explorer.cards == parse_cards("As Ks Qs Js 10s") and explorer.value == value


def test_picker_reports_errors_and_raises_from_select() -> None:
    errors: list[str] = []
    changes: list[tuple[Card, ...]] = []
    picker = CardPicker(Pack.split_and_choose(), limit=1, on_change=changes.append, on_error=errors.append)
    picker.button(parse_card("As")).click()
    picker.button(parse_card("Ks")).click()
    assert picker.selection == parse_cards("As") and len(errors) == 1 and changes == [parse_cards("As")]
    with pytest.raises(ValueError, match="9♠ is not in"):
        picker.select(parse_cards("9s"))
    with pytest.raises(ValueError, match="not in"):
        picker.button(parse_card("9s"))
    assert picker.selection == parse_cards("As")


def test_census_totals() -> None:
    census = hand_census(Pack(lowest=10, jokers=2))
    assert int(census.per_level.sum()) == census.total == 26_334


# -- OddsExplorer ----------------------------------------------------------


def test_odds_default_is_a_four_player_table() -> None:
    odds = OddsExplorer()
    assert odds.pack == Pack.whisky(4)
    assert dict(odds.counts) == dict(category_counts(Pack.whisky(4)))
    assert odds.chart.value.count('class="cc-bar') == len(Category)
    assert "32-card pack (7 to A)" in odds.table.value


@pytest.mark.parametrize("players", range(2, 10))
def test_players_slider_picks_the_whisky_pack(players: int) -> None:
    odds = OddsExplorer()
    odds.players.value = players
    assert odds.pack == Pack.whisky(players)
    assert dict(odds.counts) == dict(category_counts(Pack.whisky(players)))
    for category, n in odds.counts.items():
        assert f"{n:,}" in odds.table.value, category


def test_every_control_drives_the_pack_and_the_table() -> None:
    odds = OddsExplorer()
    odds.jokers.value = 2
    odds.ace_low.value = False
    odds.ranking_choice.value = "rarity"
    pack = Pack(lowest=7, jokers=2, ace_low=False)
    assert odds.pack == pack
    expected = category_counts(pack, "rarity")
    assert odds.ranking == expected.ranking == rarity_ranking(pack)
    assert list(odds.counts.items()) == list(expected.items())
    assert "rarity order" in odds.table.value
    # the table lists the categories in the order in force
    positions = [odds.table.value.index(f">{c.value}<") for c in expected.ranking.order]
    assert positions == sorted(positions)


def test_custom_pack_keeps_the_pack_then_reaches_lowest_ten() -> None:
    odds = OddsExplorer()
    before = odds.pack
    odds.source.value = "custom"
    assert odds.pack == before and odds.lowest.value == 7
    assert odds.players.layout.display == "none" and odds.lowest.layout.display is None
    odds.lowest.value = 10
    odds.jokers.value = 1
    assert odds.pack == Pack.split_and_choose()
    assert "Split and Choose" in odds.hint.value
    odds.source.value = "whisky"  # no table has a lowest rank of 10: the slider keeps its value
    assert odds.pack == Pack(lowest=11 - odds.players.value, jokers=1)


def test_disagreements_are_marked_in_table_and_chart() -> None:
    odds = OddsExplorer(Pack.whisky(2))
    rarity = rarity_ranking(Pack.whisky(2))
    expected = {c for c in Category if list(Category).index(c) != rarity.order.index(c)}
    assert set(odds.disagreements) == expected and Category.FLUSH in expected
    assert Category.STRAIGHT_FLUSH not in expected
    assert odds.table.value.count('class="cc-disagree"') == len(expected)
    bars = re.findall(r'class="(cc-bar[^"]*)"', odds.chart.value)
    marked = {c for c, kind in zip(odds.counts, bars, strict=True) if kind == "cc-bar cc-bar-marked"}
    assert marked == expected
    odds.players.value = 9  # the full pack: the standard order is the order by rarity
    assert odds.disagreements == ()
    assert "standard order is also the order by rarity" in odds.table.value


def bar_widths(odds: OddsExplorer) -> list[float]:
    return [float(x) for x in re.findall(r'class="cc-bar[^"]*" style="[^"]*width:([\d.]+)%', odds.chart.value)]


def test_chart_follows_measure_and_scale() -> None:
    odds = OddsExplorer()
    first = odds.chart.value
    linear = bar_widths(odds)
    # on a linear scale a bar's length is proportional to its count
    top = max(odds.counts.values())
    assert linear == pytest.approx([100 * n / (top * 1.3) for n in odds.counts.values()], abs=0.01)
    odds.measure.value = "probability"
    assert odds.plotted == {c: float(p) for c, p in odds.counts.probabilities().items()}
    assert bar_widths(odds) == pytest.approx(linear, abs=0.01)  # the same shape, in percent
    assert "%" in odds.chart.value and odds.chart.value != first
    odds.scale.value = "log"
    logs = bar_widths(odds)
    counts = list(odds.counts.values())
    # on a log scale equal ratios are equal steps
    steps = [
        (b - a) / math.log(n / m) for a, b, m, n in zip(logs, logs[1:], counts, counts[1:], strict=False) if m != n
    ]
    assert max(steps) == pytest.approx(min(steps), rel=1e-2)
    odds.measure.value = "hands"
    assert odds.plotted == {c: float(n) for c, n in odds.counts.items()}


def test_explorers_import_no_plotting_library() -> None:
    code = "import sys, cardcommons.widgets; print(sorted(m for m in sys.modules if m.startswith('matplotlib')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_paradox_note_under_rarity_with_jokers() -> None:
    odds = OddsExplorer(Pack(lowest=9, jokers=1), ranking="rarity")
    counts = [n for n in odds.counts.values() if n]
    assert counts != sorted(counts)  # the flush, rarest by the standard count, gets commoner
    assert "wild-card paradox" in odds.table.value
    odds.ranking_choice.value = "standard"
    assert "paradox" not in odds.table.value


def test_paradox_note_counts_every_hand_that_changes_category() -> None:
    pack = Pack(lowest=9, jokers=1)
    # brute force: only Joker hands can read differently under the two orders
    moved: dict[tuple[Category, Category], int] = {}
    for naturals in itertools.combinations([c for c in pack.cards if not c.is_joker], 4):
        hand = (*naturals, JOKER)
        move = evaluate(hand, pack, "standard").category, evaluate(hand, pack, "rarity").category
        if move[0] != move[1]:
            moved[move] = moved.get(move, 0) + 1
    assert category_changes(pack) == moved
    assert moved[Category.STRAIGHT, Category.HIGH_CARD] > 0  # the blind spot: not only the flushes move
    odds = OddsExplorer(pack, ranking="rarity")
    total = sum(moved.values())
    assert f"{total:,} of the {odds.counts.total:,} hands change category" in odds.table.value
    assert f"about 1 deal in {odds.counts.total / total:,.0f}" in odds.table.value
    for (before, after), n in moved.items():
        assert f"{n:,} from {before.value} to {after.value}" in odds.table.value


def test_size_label_names_the_control_shown() -> None:
    odds = OddsExplorer()
    controls = odds.pack_controls
    assert "Table size" in controls.size_label.value
    assert (controls.players.description, controls.lowest.description) == ("Table size", "Lowest rank")
    odds.source.value = "custom"
    assert "Lowest rank" in controls.size_label.value
    assert (controls.players.layout.display, controls.lowest.layout.display) == ("none", None)


def test_hand_explorer_controls_choose_the_pack_and_the_order() -> None:
    explorer = HandExplorer(Pack.whisky(2))
    click(explorer, "9c 9d 9h Ks Kd")
    controls = explorer.pack_controls
    controls.jokers.value = 1
    pack = Pack(lowest=9, jokers=1)
    assert explorer.pack == pack and explorer.cards == parse_cards("9c 9d 9h Ks Kd")
    assert len(explorer.picker.buttons) == len(pack) and explorer.picker.button(JOKER) is not None
    assert explorer.standing == hand_census(pack).standing(explorer.cards)
    controls.ranking_choice.value = "rarity"
    assert explorer.ranking == rarity_ranking(pack)
    assert explorer.standing == hand_census(pack, "rarity").standing(explorer.cards)
    assert list(explorer.counts.items()) == list(category_counts(pack, "rarity").items())
    controls.ace_low.value = False
    assert explorer.pack == Pack(lowest=9, jokers=1, ace_low=False)
    assert explorer.message == "" and explorer.standing is not None
    controls.source.value = "custom"
    controls.lowest.value = 10  # the Nines leave the pack: the hand is put back, with a message
    assert explorer.pack == Pack(lowest=10, jokers=1, ace_low=False)
    assert explorer.cards == () and explorer.value is None
    assert "9♣" in explorer.message and "put back" in explorer.message
    assert "25-card" not in explorer.title.value and str(explorer.pack) in explorer.title.value
