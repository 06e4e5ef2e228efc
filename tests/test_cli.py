"""The command line: odds tables, hand evaluation, and one clear line for bad input (exit status 2)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardcommons.cli import main


def test_eval_prints_the_category_and_description(capsys: pytest.CaptureFixture[str]) -> None:
    """`eval` prints "Category: description" and exits 0."""
    assert main(["eval", "As Ks Qs Js Jo", "--players", "2", "--jokers"]) == 0
    assert capsys.readouterr().out == "Straight flush: Royal flush, the Joker as the Ten of spades\n"


def test_eval_with_rarity_and_no_ace_low(capsys: pytest.CaptureFixture[str]) -> None:
    """--no-ace-low turns A-9-10-J-Q into a high card; --ranking rarity is accepted."""
    assert main(["eval", "Ac 9d 10h Js Qc", "--players", "2"]) == 0
    assert capsys.readouterr().out == "Straight: Straight to the Queen\n"
    assert main(["eval", "Ac 9d 10h Js Qc", "--players", "2", "--no-ace-low", "--ranking", "rarity"]) == 0
    assert capsys.readouterr().out == "High card: Ace high\n"


def test_odds_prints_a_table_of_the_pack(capsys: pytest.CaptureFixture[str]) -> None:
    """`odds` lists the nine categories with their counts, in the ranking's order."""
    assert main(["odds", "--players", "2"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "24-card pack (9 to A), standard order: 42,504 hands"
    assert len(lines) == 2 + 9
    assert lines[2].split()[:3] == ["straight", "flush", "12"]  # 10-A, 9-K and A-9-Q, in four suits
    assert main(["odds", "--lowest", "10", "--jokers", "1", "--ranking", "rarity"]) == 0
    out = capsys.readouterr().out
    assert "21-card pack (10 to A and 1 Joker), rarity order: 20,349 hands" in out
    assert out.splitlines()[-1].split()[-1] == "never"


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["eval", "As Ks Qs Js Xs"], "'Xs'"),
        (["eval", "As Ks Qs Js 2s", "--players", "2"], "2♠ is not in the 24-card pack"),
        (["eval", "As As Qs Js 10s"], "A♠ appears more than once"),
        (["eval", "As Ks Qs Js"], "expected 5 cards, got 4"),
        (["eval", "As Ks Qs Jo Jo", "--players", "2", "--jokers"], "has 2 Jokers"),
        (["odds", "--players", "12"], "not 12"),
        (["odds", "--lowest", "11"], "not 11"),
        (["odds", "--lowest", "9", "--jokers", "3"], "not 3"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_it(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A CardError becomes exit status 2 and a single "cardcommons: error: ..." line on stderr."""
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("cardcommons: error: ")
    assert named in captured.err


def test_an_argument_with_a_newline_is_named_on_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own errors are one line too: a newline typed in an argument is written as \\n
    (found by the fuzz test of the command line)."""
    with pytest.raises(SystemExit) as stop:
        main(["odds", "\n"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err == "cardcommons: error: unrecognized arguments: \\n\n"


def test_python_dash_m_reports_a_bad_card_without_a_traceback() -> None:
    """`python -m cardcommons eval` with a bad token: status 2, one line on stderr, no traceback."""
    result = subprocess.run(
        [sys.executable, "-m", "cardcommons", "eval", "As Ks Qs Js Zz"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == ["cardcommons: error: not a card: 'Zz' (unknown rank 'Z')"]


def test_python_dash_m_evaluates() -> None:
    """`python -m cardcommons eval` prints the hand and exits 0."""
    result = subprocess.run(
        [sys.executable, "-m", "cardcommons", "eval", "Kh Kd 9s 9c Jo", "--players", "2", "--jokers"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "Two pair: Two pair, Kings and Nines, the Joker plays low\n"


def test_argument_errors_exit_2_without_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    """argparse's own errors (a non-number for --players) also exit 2 with one line naming the bad value."""
    with pytest.raises(SystemExit) as raised:
        main(["odds", "--players", "two"])
    assert raised.value.code == 2
    err = capsys.readouterr().err
    assert err == "cardcommons: error: argument --players: invalid int value: 'two'\n"


@pytest.mark.parametrize("count", ["-1", "5", "3"])
@pytest.mark.parametrize("pack", [["--lowest", "9"], ["--players", "4"]])
def test_a_joker_count_out_of_range_exits_2(count: str, pack: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    """--jokers -1 and --jokers 5 are refused (with --lowest and with --players), in one line naming the value."""
    assert main(["odds", *pack, "--jokers", count]) == 2
    assert capsys.readouterr().err == f"cardcommons: error: --jokers takes 0 to 2 Jokers, not {count}\n"


@pytest.mark.parametrize(
    ("argv", "pack"),
    [
        (["--players", "3", "--jokers", "2"], "30-card pack (8 to A and 2 Jokers)"),
        (["--players", "9", "--jokers", "1"], "53-card pack (2 to A and 1 Joker)"),
        (["--players", "4", "--jokers", "0"], "32-card pack (7 to A)"),
        (["--players", "3", "--jokers"], "29-card pack (8 to A and 1 Joker)"),  # the table's Jokers
        (["--players", "9", "--jokers"], "54-card pack (2 to A and 2 Jokers)"),
        (["--lowest", "10", "--jokers"], "21-card pack (10 to A and 1 Joker)"),
    ],
)
def test_a_number_of_jokers_is_honoured(argv: list[str], pack: str, capsys: pytest.CaptureFixture[str]) -> None:
    """`--jokers 2` at 3 players once answered for the table's 1 Joker, and `--jokers 1` at 9 players for 2."""
    assert main(["odds", *argv]) == 0
    assert capsys.readouterr().out.startswith(f"{pack}, standard order: ")
