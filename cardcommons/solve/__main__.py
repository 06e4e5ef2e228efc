"""``python -m cardcommons.solve [mini2] [mini3] [--bots-only]``: solve the
miniatures with CFR+, measure each bot's exploitability in them, and store
the results (what ``make solve`` runs)."""

from __future__ import annotations

import argparse
import time
from dataclasses import asdict, replace

from cardcommons.solve.bots import exploitabilities
from cardcommons.solve.cfr import record, solve
from cardcommons.solve.efg import game_tree
from cardcommons.solve.miniature import MINI2, MINI3

TARGETS = {MINI2.name: (MINI2, 1e-4, 10), MINI3.name: (MINI3, 2e-3, 25)}
"""Each miniature, the exploitability to reach and how often to check it."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cardcommons.solve", description=__doc__)
    parser.add_argument("variants", nargs="*", help=f"miniatures to solve (default: {', '.join(TARGETS)})")
    parser.add_argument("--bots-only", action="store_true", help="measure the bots only")
    args = parser.parse_args(argv)
    unknown = [v for v in args.variants if v not in TARGETS]
    if unknown:
        parser.error(f"no miniature named {unknown[0]!r}: choose from {', '.join(TARGETS)}")
    import pyspiel

    for name in args.variants or list(TARGETS):
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


if __name__ == "__main__":
    main()
