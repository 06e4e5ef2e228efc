"""The arcade, headless: its controls set up the table, the rules card and the
cheat sheet of the game in play, and nothing else changes behind the reader's back."""

from __future__ import annotations

import re
import shlex
import subprocess
import warnings
from html import unescape
from pathlib import Path
from typing import Any

import pytest

from cardcommons import Category, Pack, RulesError, category_counts
from cardcommons.bots import GreedyBot, HeuristicBot, MonteCarloBot, RandomBot
from cardcommons.widgets import Arcade, SplitAndChooseTable, WhiskyPokerTable
from cardcommons.widgets.address import BOTS
from cardcommons.widgets.arcade import STRENGTHS, cheat_sheet_html, rules_card_html
from cardcommons.widgets.score_store import THEME_KEY

_ROW = re.compile(r"<tr><td[^>]*>(\d+)</td><td[^>]*>([a-z ]+)</td><td[^>]*>([\d,]+)</td><td[^>]*>([^<]+)</td></tr>")


def sheet_rows(html: str) -> list[tuple[int, str, int, str]]:
    """The cheat sheet's rows: place, category, hands, how rare."""
    return [(int(p), c, int(n.replace(",", "")), unescape(r)) for p, c, n, r in _ROW.findall(html)]


def displayed(widget: Any) -> bool:
    return bool(widget.layout.display != "none")


@pytest.mark.parametrize(
    "pack",
    [Pack.split_and_choose(), *(Pack.whisky(players, jokers) for players in (2, 4, 5, 9) for jokers in (False, True))],
    ids=str,
)
def test_cheat_sheet_is_exact_for_the_pack(pack: Pack) -> None:
    counts = category_counts(pack)
    html = cheat_sheet_html(pack)
    rows = sheet_rows(html)
    assert [(c, n) for _, c, n, _ in rows] == [(c.value, n) for c, n in counts.items()]
    assert [p for p, *_ in rows] == list(range(1, 10))
    for (_, name, n, rarity), category in zip(rows, counts, strict=True):
        assert rarity == ("never" if n == 0 else f"1 in {counts.total / n:,.1f}"), name
        assert counts[category] == n
    assert f"{counts.total:,} hands" in html and str(pack) in html
    assert ("wild only to complete a straight, a flush or a straight flush" in html) == bool(pack.jokers)
    assert ("No Joker in this pack." in html) == (not pack.jokers)


def test_cheat_sheet_names_the_categories_rarer_than_one_they_lose_to() -> None:
    note = cheat_sheet_html(Pack.whisky(4)).split("Rarer than a category that beats it:")[1]
    counts = category_counts(Pack.whisky(4))
    assert counts[Category.FLUSH] < counts[Category.FULL_HOUSE]  # the sheet's claim, checked
    assert f"flush ({counts[Category.FLUSH]:,})" in note and "high card" in note
    assert "full house" not in note and "straight flush" not in note
    # the Split and Choose pack: three of a kind (2,240) is rarer than a straight (2,280)
    assert "three of a kind (2,240)" in cheat_sheet_html(Pack.split_and_choose())


def test_rules_cards_are_the_games_own() -> None:
    split, whisky = rules_card_html("split"), rules_card_html("whisky")
    assert "Split and Choose: the rules" in split and "reserve" in split and "spare" not in split
    assert "Whisky Poker: the rules" in whisky and "spare" in whisky and "reserve" not in whisky
    with pytest.raises(RulesError, match="'poker'"):
        rules_card_html("poker")  # type: ignore[arg-type]


def test_the_page_opens_on_a_playable_split_and_choose_table() -> None:
    arcade = Arcade(seed=3)
    table = arcade.table
    assert isinstance(table, SplitAndChooseTable) and isinstance(table.bot, HeuristicBot)
    twin = SplitAndChooseTable(seed=3)  # the table's own defaults: the same deal, the same moves
    assert table.game.record() == twin.game.record() and table.log == twin.log
    assert arcade.pack == Pack.split_and_choose()
    assert "Split and Choose: the rules" in arcade.rules_view.value
    assert arcade.cheat_sheet_view.value == cheat_sheet_html(Pack.split_and_choose())
    assert displayed(arcade._split_options) and not displayed(arcade._whisky_options)
    assert not displayed(arcade.split_strength)  # a strength only for MonteCarloBot
    # one control per choice: the arcade's New game and face-up swap, not the table's own
    assert not displayed(table.new_game_button) and not displayed(table.variant)
    assert arcade._table_box.children == (table.widget, arcade.records.widget)


def test_switching_games_keeps_each_game_where_it_was() -> None:
    arcade = Arcade(seed=4)
    arcade.first_splitter.value = "bot"
    split = arcade.table
    split.face_down_button.click()
    log = split.log
    assert log[1].startswith("You took the face-down pair")
    arcade.game_choice.value = "whisky"
    whisky = arcade.table
    assert isinstance(whisky, WhiskyPokerTable) and whisky.game.players == 4
    assert all(isinstance(bot, GreedyBot) for bot in whisky.bots)
    assert arcade.pack == Pack.whisky(4) and "Whisky Poker: the rules" in arcade.rules_view.value
    assert arcade.cheat_sheet_view.value == cheat_sheet_html(Pack.whisky(4))
    assert displayed(arcade._whisky_options) and not displayed(arcade._split_options)
    assert arcade._table_box.children == (whisky.widget, arcade.records.widget)
    arcade.game_choice.value = "split"
    assert arcade.table is split and split.log == log
    arcade.game_choice.value = "whisky"
    assert arcade.table is whisky


def test_split_and_choose_options_deal_a_new_game_with_them() -> None:
    arcade = Arcade(seed=10)
    arcade.first_splitter.value = "you"
    assert arcade.table.game.first_splitter == 0 and arcade.table.phase == "split" and arcade.table.seed == 11
    arcade.first_splitter.value = "bot"
    assert arcade.table.game.first_splitter == 1 and arcade.table.seed == 12
    arcade.face_up_swap.value = True
    assert arcade.table.game.face_up_swap and arcade.table.game.first_splitter == 1
    arcade.split_strength.value = STRENGTHS[0][1]
    arcade.split_bot.value = "MonteCarloBot"
    arcade.table.wait(60)
    bot = arcade.table.bot
    assert isinstance(bot, MonteCarloBot) and bot.samples == STRENGTHS[0][1]
    assert displayed(arcade.split_strength)
    arcade.split_strength.value = STRENGTHS[2][1]
    arcade.table.wait(60)
    assert arcade.table.bot.samples == STRENGTHS[2][1] and arcade.table.game.face_up_swap
    arcade.split_bot.value = "HeuristicBot"
    assert isinstance(arcade.table.bot, HeuristicBot) and not displayed(arcade.split_strength)
    # the other game is not dealt by these
    arcade.game_choice.value = "whisky"
    assert arcade.table.seed == 10


def test_whisky_options_deal_a_new_game_with_them() -> None:
    arcade = Arcade("whisky", seed=20)
    assert arcade.table.game.players == 4
    arcade.whisky_opponents.value = 8
    assert arcade.table.game.players == 9 and arcade.pack == Pack.whisky(9)
    assert arcade.cheat_sheet_view.value == cheat_sheet_html(Pack.whisky(9))
    arcade.whisky_jokers.value = True
    assert arcade.table.game.pack == Pack.whisky(9, jokers=True) and arcade.pack.jokers == 2
    assert "wild only" in arcade.cheat_sheet_view.value
    arcade.whisky_opponents.value = 1
    assert arcade.table.game.players == 2 and arcade.pack == Pack.whisky(2, jokers=True)
    arcade.whisky_bot.value = "RandomBot"
    assert [type(bot) for bot in arcade.table.bots] == [RandomBot]
    arcade.whisky_strength.value = STRENGTHS[0][1]
    arcade.whisky_bot.value = "MonteCarloBot"
    arcade.table.wait(60)
    assert [(type(b), b.samples) for b in arcade.table.bots] == [(MonteCarloBot, STRENGTHS[0][1])]
    assert arcade.table.bots[0].table == (None, *arcade.table.bots)  # it plays knowing who sits where, you a stranger
    assert displayed(arcade.whisky_strength) and not displayed(arcade.split_strength)


def test_the_bot_buttons_offer_what_a_shared_address_may_name_each_with_a_tooltip() -> None:
    arcade = Arcade("split", seed=1)
    for game, buttons in (("split", arcade.split_bot), ("whisky", arcade.whisky_bot)):
        assert buttons.options == BOTS[game] and buttons.value == BOTS[game][0]
        assert len(buttons.tooltips) == len(BOTS[game]) and all(buttons.tooltips)


def test_new_game_takes_the_next_seed_with_the_same_options() -> None:
    arcade = Arcade("whisky", seed=30)
    arcade.whisky_opponents.value = 2
    table = arcade.table
    arcade.new_game_button.click()
    assert arcade.table is table and table.seed == 32 and table.game.players == 3
    fresh = Arcade()  # no seed: a fresh first deal, then the next seeds
    first = fresh.table.seed
    fresh.face_up_swap.value = True
    assert fresh.table.seed == first + 1


@pytest.mark.parametrize(("game", "seed"), [("poker", None), ("split", "3"), ("split", True)])
def test_bad_arguments_are_named(game: str, seed: object) -> None:
    with pytest.raises(RulesError, match=re.escape(repr(game) if game == "poker" else repr(seed))):
        Arcade(game, seed)  # type: ignore[arg-type]


def test_the_page_address_chooses_the_game_and_the_deal() -> None:
    arcade = Arcade.from_query("game=whisky&seed=41&theme=dark")
    assert arcade.game == "whisky" and arcade.table.seed == 41 and arcade.message == ""
    assert arcade.table.game.record() == WhiskyPokerTable(seed=41).game.record()
    plain = Arcade.from_query("")
    assert plain.game == "split" and plain.message == ""


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("game=poker", "not 'poker'"),
        ("seed=-3", "not '-3'"),
        ("seed=4.5", "not '4.5'"),
        ("seed=²", "not '²'"),
        ("seed=" + "9" * 4301, "up to 18 digits, not '999999"),  # past int()'s digit limit
    ],
)
def test_an_address_it_cannot_use_is_named_and_the_default_played(query: str, named: str) -> None:
    arcade = Arcade.from_query(query)
    assert named in arcade.message and named in unescape(arcade.message_label.value)
    assert arcade.game == "split" and isinstance(arcade.table.seed, int)
    assert len(arcade.message) < 200, "the message names the value, it does not copy it"


def test_make_play_serves_the_arcade_on_127_0_0_1_only_and_says_so() -> None:
    root = Path(__file__).parent.parent
    recipe = subprocess.run(["make", "-s", "-n", "play"], cwd=root, capture_output=True, text=True, check=True).stdout
    said = next(line for line in recipe.splitlines() if line.startswith("echo "))
    assert "127.0.0.1 only" in said and "http://127.0.0.1:8866/" in said
    served = shlex.split(next(line for line in recipe.splitlines() if "/voila " in line))
    voila = pytest.importorskip("voila.app").Voila()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no DeprecationWarning as the first line of make play
        voila.parse_command_line(served[1:])  # the flags as Voilà reads them, not as they are spelled
    # then its config file (notebooks/voila.json), from where make play runs
    voila.load_config_file("voila", path=[str(root / folder) for folder in voila.config_file_paths])
    assert (voila.ip, voila.port) == ("127.0.0.1", 8866)
    denied = voila.config.VoilaConfiguration.extension_denylist
    assert denied == ["@jupyterlite/pyodide-kernel-extension", "ipylab", "jupyterlab-jupytext"]


def test_where_it_cannot_run_it_shows_the_table_in_play_and_a_sentence() -> None:
    arcade = Arcade("whisky", seed=3)
    bundle = arcade._repr_mimebundle_()
    assert bundle["text/plain"] == Arcade.summary and not bundle["text/plain"].startswith("VBox(")
    picture = bundle["text/html"]
    assert arcade.table._picture_html() in picture and arcade.rules_view.value in picture
    assert arcade.table.summary not in picture, "one sentence, the arcade's own"
    arcade.game_choice.value = "split"
    assert arcade.table._picture_html() in arcade._repr_mimebundle_()["text/html"]


def test_a_replaced_table_closes_its_widgets() -> None:
    """100 option changes deal 100 tables; the live widgets stay as many as after the first."""
    from ipywidgets.widgets.widget import _instances

    arcade = Arcade(seed=1)
    arcade.first_splitter.value = "you"  # no bot thinks at the deal
    first = len(_instances)
    for k in range(100):
        if k % 2:
            arcade.face_up_swap.value = not arcade.face_up_swap.value
        else:
            arcade.split_bot.value = "MonteCarloBot" if arcade.split_bot.value == "HeuristicBot" else "HeuristicBot"
    assert arcade.table.seed == 102
    assert len(_instances) <= first + 2, (first, len(_instances))  # the strength buttons' layout, shown or not


def test_after_another_knock_the_tray_says_knock_keeps_your_hand() -> None:
    for seed in range(200):  # the first deal where a bot knocks before one of your turns
        table = WhiskyPokerTable(opponents=3, seed=seed)
        while not table.game.is_over and table.view.knocker is None:
            (table.pass_button if table.game.phase == 1 else table.take_button).click()
        if not table.game.is_over and table.view.knocker not in (None, 0):
            break
    else:
        pytest.fail("no bot knocked in 200 deals")
    assert "knocked: this is your last turn. <b>Knock</b> to keep your hand" in table.prompt.value
    assert "last turn" not in WhiskyPokerTable(opponents=3, seed=seed).prompt.value


def test_the_page_as_static_html_shows_the_picture_under_run_this_cell() -> None:
    """``jupyter nbconvert --to html``, as nbviewer and GitHub readers meet it: the picture, not an empty Out[]."""
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter().from_filename(  # type: ignore[no-untyped-call]
        str(Path(__file__).parents[1] / "notebooks" / "play.ipynb")
    )
    picture = body.split('class="cc-static"', 1)[1]
    first_line = re.sub(r"<[^>]+>", "", picture.split("</div>", 1)[0])
    assert first_line.startswith(">Card Commons arcade: run this cell to play"), first_line
    assert "cc-board" in picture and "cc-cheat-sheet" in picture


@pytest.mark.parametrize(
    "query",
    [
        "game=whisky&players=9&opponent=RandomBot&jokers=yes&first=you&seed=12",
        "game=whisky&players=2&opponent=MonteCarloBot&strength=quick&seed=5",
        "game=split&opponent=MonteCarloBot&strength=strong&first=bot&faceup=yes&seed=8",
        "game=split&first=you&seed=0",
    ],
)
def test_the_address_names_the_whole_game_and_share_gives_it_back(query: str) -> None:
    arcade = Arcade.from_query(query, page_url="https://example.org/voila/render/play.ipynb?seed=1")
    assert arcade.message == ""
    address = arcade.address
    assert address.startswith("https://example.org/voila/render/play.ipynb?game=")
    again = Arcade.from_query(address.split("?", 1)[1])
    arcade.table.wait()
    again.table.wait()  # MonteCarloBot thinks in the background
    assert again.table.game.record() == arcade.table.game.record()
    assert [type(b) for b in again.table._bots] == [type(b) for b in arcade.table._bots]
    assert again.address.split("?")[1] == address.split("?")[1]
    arcade.share_button.click()
    assert arcade.share_view.layout.display is None and address.replace("&", "&amp;") in arcade.share_view.value
    arcade.new_game_button.click()  # the address shown follows the deal
    assert f"seed={arcade.table.seed}" in arcade.share_view.value and arcade.table.seed != again.table.seed


def test_the_address_of_whisky_sets_its_table() -> None:
    arcade = Arcade.from_query("game=whisky&players=6&opponent=RandomBot&jokers=yes&first=you&seed=3")
    table = arcade.table
    seats = (table.game.players, table.jokers, table.first_seat.value, type(table._bots[0]))
    assert seats == (6, True, True, RandomBot)
    assert Arcade(seed=3).address.startswith("?game=split&seed=3")  # no page address known: the query alone


@pytest.mark.parametrize(
    ("query", "named"),
    [
        ("game=whisky&players=12", "players is a number from 2 to 9, not '12', so it is left out."),
        (
            "theme=sepia&game=whisky",
            "theme is 'system', 'light' or 'dark', not 'sepia': as your system is set instead.",
        ),
        ("game=whisky&opponent=HeuristicBot", "not 'HeuristicBot'"),
        ("game=split&strength=mighty", "not 'mighty'"),
        ("game=split&first=maybe", "not 'maybe'"),
        ("game=split&faceup=perhaps", "not 'perhaps'"),
        ("game=whisky&jokers=2", "not '2'"),
        ("game=split&players=4", "players is for Whisky Poker only"),
        ("game=whisky&faceup=yes", "faceup is for Split and Choose only"),
    ],
)
def test_an_option_it_cannot_use_is_named_and_its_default_played(query: str, named: str) -> None:
    arcade = Arcade.from_query(query + "&seed=4")
    assert named in arcade.message and arcade.table.seed == 4
    default = Arcade(arcade.game, 4)
    assert arcade.table.game.record() == default.table.game.record()


def test_a_table_shown_again_does_not_say_its_last_news_a_second_time() -> None:
    arcade = Arcade(seed=3)
    split = arcade.table
    assert "Your turn." in split.announcer.value or "playing" in split.announcer.value
    arcade.game_choice.value = "whisky"
    whisky = arcade.table
    assert whisky.announcer.value.endswith("Your turn.</div>")  # a new deal: its news, first shown
    arcade.game_choice.value = "split"
    assert split.announcer.value.endswith("></div>")  # said before: an empty alert, nothing read out again
    arcade.game_choice.value = "whisky"
    assert whisky.announcer.value.endswith("></div>")
    arcade.new_game_button.click()
    assert whisky.announcer.value.endswith("Your turn.</div>")


def test_the_theme_chosen_is_kept_by_the_browser_unless_the_address_names_one() -> None:
    arcade = Arcade(seed=3, voila_base_url="/")
    arcade.theme_choice.value = "dark"
    assert arcade.theme_store.key == THEME_KEY and arcade.theme_store.saved == "dark"
    reloaded = Arcade(seed=3, voila_base_url="/")  # a reload: a new kernel, the browser's copy comes back
    reloaded.theme_store.found = arcade.theme_store.saved
    assert reloaded.theme_choice.value == "dark" and "theme-dark.css" in reloaded._theme_sheet.value
    named = Arcade.from_query("theme=light", voila_base_url="/")  # the address's theme wins
    named.theme_store.found = "dark"
    assert named.theme_choice.value == "light"
    reloaded.theme_choice.value = "system"  # as the system is set: the browser keeps nothing
    assert reloaded.theme_store.saved == ""
    odd = Arcade(seed=3, voila_base_url="/")
    odd.theme_store.found = "sepia"  # not a theme: ignored
    assert odd.theme_choice.value == "system"
