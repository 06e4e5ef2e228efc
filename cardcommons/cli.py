"""The command line: exact odds tables and hand evaluation.

>>> main(["eval", "As Ks Qs Js Jo", "--players", "2", "--jokers"])
Straight flush: Royal flush, the Joker as the Ten of spades
0
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from cardcommons.categories import RANKING_NAMES, RankingName
from cardcommons.errors import CardError
from cardcommons.hands import evaluate
from cardcommons.odds import category_counts
from cardcommons.packs import Pack


def _pack(args: argparse.Namespace) -> Pack:
    ace_low = not args.no_ace_low
    if not isinstance(args.jokers, bool) and not 0 <= args.jokers <= 2:
        raise CardError(f"--jokers takes 0 to 2 Jokers, not {args.jokers}")
    if args.lowest is not None:
        return Pack(lowest=args.lowest, jokers=args.jokers, ace_low=ace_low)
    table = Pack.whisky(args.players, jokers=args.jokers is True, ace_low=ace_low)
    # a number of Jokers is honoured as given: the table's pack with that many
    return table if isinstance(args.jokers, bool) else Pack(lowest=table.lowest, jokers=args.jokers, ace_low=ace_low)


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line naming the bad input (exit status 2)."""

    def error(self, message: str) -> NoReturn:
        one_line = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)  # a newline typed in an argument
        self.exit(2, f"cardcommons: error: {one_line}\n")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cardcommons", description=__doc__.splitlines()[0] if __doc__ else None)
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    odds = commands.add_parser("odds", help="the exact odds of every category in a pack")
    hand = commands.add_parser("eval", help="the category of a 5-card hand")
    hand.add_argument("cards", help='five cards, such as "As Ks Qs Js Jo"')
    for sub in (odds, hand):
        sub.add_argument("--players", type=int, default=9, help="Whisky Poker table size 2..9 (default 9: 52 cards)")
        sub.add_argument("--lowest", type=int, help="any pack: its lowest rank, 2..10 (overrides --players)")
        sub.add_argument(
            "--jokers",
            type=int,
            nargs="?",
            const=None,
            default=0,
            help="0..2 Jokers; alone: 1 with --lowest, the table's with --players (1 for 2-4 players, 2 for 5-9)",
        )
        sub.add_argument("--ranking", choices=RANKING_NAMES, default="standard")
        sub.add_argument("--no-ace-low", action="store_true", help="the Ace plays high only")
    return parser


def _odds(pack: Pack, ranking: RankingName) -> None:
    counts = category_counts(pack, ranking)
    print(f"{pack}, {counts.ranking.name} order: {counts.total:,} hands")
    print(f"{'category':<16}{'hands':>12}{'probability':>14}{'1 in':>14}")
    for name, count, probability, one_in in counts.rows():
        once = "never" if count == 0 else f"{one_in:,.1f}"
        print(f"{name:<16}{count:>12,}{probability:>14.6f}{once:>14}")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    args = _parser().parse_args(argv)
    try:
        if args.jokers is None:
            args.jokers = 1 if args.lowest is not None else True
        pack = _pack(args)
        if args.command == "odds":
            _odds(pack, args.ranking)
        else:
            value = evaluate(args.cards, pack, args.ranking)
            print(f"{value.category.label}: {value.describe()}")
    except CardError as error:
        print(f"cardcommons: error: {error}", file=sys.stderr)
        return 2
    return 0
