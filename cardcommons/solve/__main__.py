"""``python -m cardcommons.solve [mini2] [mini3] [self-play] [--bots-only]``:
solve the miniatures with CFR+, measure each bot's exploitability in them,
play the full game's decisive self-play, and store the results (what
``make solve`` runs)."""

from __future__ import annotations

import argparse
import time
from dataclasses import asdict, replace

from cardcommons.errors import SolvedFileError
from cardcommons.solve.bots import exploitabilities
from cardcommons.solve.cfr import existing, record, solve
from cardcommons.solve.efg import game_tree
from cardcommons.solve.miniature import MINI2, MINI3
from cardcommons.solve.self_play import decide

TARGETS = {MINI2.name: (MINI2, 1e-4, 10), MINI3.name: (MINI3, 2e-3, 25)}
"""Each miniature, the exploitability to reach and how often to check it."""
SELF_PLAY = "self-play"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cardcommons.solve", description=__doc__)
    parser.add_argument("variants", nargs="*", help=f"what to run (default: {', '.join([*TARGETS, SELF_PLAY])})")
    parser.add_argument("--bots-only", action="store_true", help="measure the bots only")
    args = parser.parse_args(argv)
    names = [*TARGETS, SELF_PLAY]
    unknown = [v for v in args.variants if v not in names]
    if unknown:
        parser.error(f"nothing named {unknown[0]!r} to run: choose from {', '.join(names)}")
    chosen = args.variants or names
    try:
        existing()  # what the results are stored beside, read before hours of solving
    except SolvedFileError as error:
        parser.exit(2, f"{parser.prog}: error: {error}\n")
    import pyspiel

    for name in [n for n in chosen if n in TARGETS]:
        mini, target, every = TARGETS[name]
        start = time.perf_counter()
        tree = game_tree(mini)
        game = pyspiel.load_efg_game(tree.text)
        loaded = round(time.perf_counter() - start, 1)
        if not args.bots_only:
            solution = replace(solve(mini, target=target, check_every=every, game=game), tree_seconds=loaded)
            print(solution)
            record("solutions", name, asdict(solution))
        bots = exploitabilities(mini, game, tree)
        print(name, bots)
        record("bots", name, bots)
    if SELF_PLAY in chosen and not args.bots_only:
        run = decide()
        print(run.verdict())
        record("self_play", "full game", asdict(run))


if __name__ == "__main__":
    main()
