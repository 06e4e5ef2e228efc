"""The arcade's score: as plain data it round-trips, anything else is refused by name;
the browser's copy restores it on a new page, a copy that is not a score is
ignored with a word on the page, and *Clear score* forgets it, there too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardcommons.errors import RecordError
from cardcommons.widgets import Arcade
from cardcommons.widgets.score import EMPTY, Score
from cardcommons.widgets.score_store import KEY, LONGEST, THEME_KEY, ScoreStore, read_score

NOTEBOOKS = Path(__file__).parents[1] / "notebooks"


def played() -> Score:
    score = Score()
    for game, opponent, outcome in [
        ("Split and Choose", "HeuristicBot", "win"),
        ("Whisky Poker", "3 GreedyBots", "win"),
        ("Whisky Poker", "3 GreedyBots", "loss"),
        ("Split and Choose", "MonteCarloBot (steady)", "draw"),
        ("Split and Choose", "HeuristicBot", "win"),
    ]:
        score.record(game, opponent, outcome)
    return score


def test_a_score_round_trips_through_json() -> None:
    score = played()
    again = Score.from_dict(json.loads(json.dumps(score.to_dict())))
    assert again.to_dict() == score.to_dict()
    assert again.html() == score.html()
    assert (again.streak, again.best_streak, again.games) == (1, 2, 5)


GOOD = played().to_dict()
ROW = GOOD["tallies"][0]


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ([], "is a mapping of tallies, streak, best_streak, not []"),
        ({**GOOD, "extra": 1}, "has the keys tallies, streak, best_streak; this one has extra too"),
        ({"tallies": [], "streak": 0}, "; this one lacks best_streak"),
        ({"tallies": [], "streak": 0, 7: 1}, "; this one lacks best_streak and has 7 too"),
        ({**GOOD, "tallies": {}}, "tallies are a list"),
        ({**GOOD, "tallies": [ROW] * 101}, "up to 100 rows"),
        ({**GOOD, "tallies": ["row"]}, "a row of a saved score is a mapping"),
        ({**GOOD, "tallies": [{**ROW, "won": -1}]}, "won is a whole number from 0 to 1,000,000,000, not -1"),
        ({**GOOD, "tallies": [{**ROW, "lost": True}]}, "lost is a whole number from 0 to 1,000,000,000, not True"),
        ({**GOOD, "tallies": [{**ROW, "drawn": 1.5}]}, "not 1.5"),
        ({**GOOD, "tallies": [{**ROW, "game": ""}]}, "game is a name of 1 to 80 characters, not ''"),
        ({**GOOD, "tallies": [{**ROW, "opponent": 7}]}, "opponent is a name of 1 to 80 characters, not 7"),
        ({**GOOD, "tallies": [ROW, ROW]}, "two rows of 'Split and Choose' against 'HeuristicBot'"),
        ({**GOOD, "streak": 3}, "streak is at most its best_streak (2), not 3"),
        ({**GOOD, "streak": 3, "best_streak": 4}, "best_streak is at most its 3 wins, not 4"),
        ({**GOOD, "streak": "1"}, "streak is a whole number from 0 to 1,000,000,000, not '1'"),
    ],
)
def test_anything_but_a_saved_score_is_refused_by_name(data: Any, named: str) -> None:
    with pytest.raises(RecordError, match="saved score") as raised:
        Score.from_dict(data)
    assert named in str(raised.value)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("{not json", "a saved score is JSON, and this is not"),
        ('{"theme": "dark"}', "a saved score has the keys tallies, streak, best_streak"),
        ("[" * 100_000 + "]" * 100_000, f"at most {LONGEST:,} characters long"),
        ("[" * 20_000 + "]" * 20_000, "nested too deep"),
        ("null", "not None"),
        # JSON may escape half a character; the kernel could not send it to the page
        (json.dumps({**GOOD, "tallies": [{**ROW, "opponent": "Bot\ud800"}]}), "'Bot\\ud800' holds half a character"),
    ],
)
def test_a_kept_text_that_is_no_score_is_a_sentence_not_an_error(text: str, reason: str) -> None:
    score, problem = read_score(text)
    assert score.games == 0
    assert problem.startswith("The score this browser kept could not be read, so the count starts afresh")
    assert reason in problem


def finish_a_game(arcade: Arcade) -> None:
    """Whisky Poker, knocked at once: the bots have one more turn each, then the showdown."""
    arcade.game_choice.value = "whisky"
    arcade.table.knock_button.click()
    assert arcade.table.game.is_over


def test_a_finished_game_is_kept_by_the_browser_and_a_new_page_shows_it() -> None:
    first = Arcade(seed=4)
    assert first.score_store.saved == ""
    assert EMPTY in first.score_view.value
    assert first.clear_score_button.layout.display == "none"
    finish_a_game(first)
    kept = json.loads(first.score_store.saved)
    assert Score.from_dict(kept).to_dict() == first.score.to_dict()
    assert first.score.games == 1

    reloaded = Arcade(seed=4)  # a reload: a new kernel, the browser's copy found when the page shows the store
    reloaded.score_store.found = first.score_store.saved
    assert reloaded.score.to_dict() == first.score.to_dict()
    assert reloaded.score_view.value == first.score.html()
    assert reloaded.clear_score_button.layout.display is None
    assert json.loads(reloaded.score_store.saved) == kept  # Clear score then changes it: the browser removes its copy


def test_clear_score_forgets_the_games_in_the_browser_too() -> None:
    arcade = Arcade(seed=4)
    arcade.score_store.found = json.dumps(played().to_dict())
    assert arcade.score.games == 5
    arcade.clear_score_button.click()
    assert (arcade.score.games, arcade.score.streak, arcade.score.best_streak) == (0, 0, 0)
    assert arcade.score_store.saved == ""  # the browser removes its key
    assert EMPTY in arcade.score_view.value
    assert arcade.clear_score_button.layout.display == "none"


def test_a_kept_text_that_is_no_score_is_ignored_with_a_word_and_replaced_by_the_next_game() -> None:
    arcade = Arcade(seed=4)
    arcade.score_store.found = '{"tallies": "lots"}'
    assert arcade.score.games == 0
    assert "could not be read, so the count starts afresh" in arcade.score_view.value
    finish_a_game(arcade)
    assert "could not be read" not in arcade.score_view.value
    assert Score.from_dict(json.loads(arcade.score_store.saved)).games == 1


def test_a_page_that_counted_before_the_browser_answered_keeps_its_own_count() -> None:
    arcade = Arcade(seed=4)
    finish_a_game(arcade)
    arcade.score_store.found = json.dumps(played().to_dict())
    assert arcade.score.games == 1
    assert Score.from_dict(json.loads(arcade.score_store.saved)).games == 1


def test_where_the_browser_keeps_nothing_the_page_says_the_score_lasts_while_it_is_open() -> None:
    arcade = Arcade(seed=4)
    arcade.score_store.unavailable = True
    assert "the score lasts while the page is open" in arcade.score_view.value


def test_the_store_reads_and_writes_the_projects_key_only() -> None:
    esm = ScoreStore._esm
    assert 'const KEY = model.get("key");' in esm  # the one key the kernel names: the project's own
    assert ScoreStore().key == KEY and all(key.startswith("cardcommons.") for key in (KEY, THEME_KEY))
    assert esm.count("getItem(") == esm.count("getItem(KEY)") == 1
    assert esm.count("setItem(") == esm.count("setItem(KEY,") == 1
    assert esm.count("removeItem(") == esm.count("removeItem(KEY)") == 1


def test_no_lesson_saves_the_store_in_its_widget_state() -> None:
    """The static site draws a lesson's saved widgets: none of them is the browser's copy of the score,
    nor another widget of the browser's alone (a headless run makes none: see test_widgets_tables)."""
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        text = path.read_text(encoding="utf-8")
        assert "anywidget" not in text and "ScoreStore" not in text, path.name
