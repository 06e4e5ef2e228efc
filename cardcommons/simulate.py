"""The simulator: many seeded games between bots, with win rates and 95% intervals.

It runs either game unchanged. Game ``i`` gets its own seeds, drawn in
advance from ``random.Random(seed)``, so the numbers are the same whether the
games run one after another or spread over any ``concurrent.futures``
executor (a process pool, or a cluster's, such as Dask's
``client.get_executor()``).

>>> from functools import partial
>>> from cardcommons.bots import RandomBot
>>> from cardcommons.split_and_choose import SplitAndChoose
>>> summary = simulate(SplitAndChoose, [RandomBot, RandomBot], games=20, seed=1, progress=False)
>>> summary.games, sum(summary.wins) + summary.draws[0] + summary.losses[0] >= 20
(20, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass

from tqdm.auto import tqdm

from cardcommons.game import Bot, Game, Outcome, play

GameFactory = Callable[..., Game]
"""Makes a game from ``seed=``: a game class, or a ``functools.partial`` of one."""
BotFactory = Callable[..., Bot]
"""Makes a bot from ``seed=``: a bot class, or a ``functools.partial`` of one."""

Z95 = 1.959963984540054


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    >>> [round(x, 3) for x in wilson_interval(50, 100)]
    [0.404, 0.596]
    """
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Summary:
    """Per bot (in the order given to :func:`simulate`): wins, draws, losses,
    rates with 95% intervals, and the raw outcomes of every game."""

    names: tuple[str, ...]
    outcomes: tuple[tuple[Outcome, ...], ...]
    """``outcomes[g][b]``: how game ``g`` ended for bot ``b``."""

    @property
    def games(self) -> int:
        return len(self.outcomes)

    def _count(self, what: Outcome) -> tuple[int, ...]:
        return tuple(sum(game[b] == what for game in self.outcomes) for b in range(len(self.names)))

    @property
    def wins(self) -> tuple[int, ...]:
        return self._count("win")

    @property
    def draws(self) -> tuple[int, ...]:
        return self._count("draw")

    @property
    def losses(self) -> tuple[int, ...]:
        return self._count("loss")

    def rate(self, bot: int, what: Outcome = "win") -> tuple[float, float, float]:
        """The rate of an outcome for one bot, with its 95% interval: (rate, low, high)."""
        count = self._count(what)[bot]
        low, high = wilson_interval(count, self.games)
        return (count / self.games if self.games else 0.0, low, high)

    def table(self) -> str:
        """A plain-text table of the rates."""
        lines = [f"{'bot':<24}{'win':>22}{'draw':>22}{'loss':>22}"]
        for b, name in enumerate(self.names):
            cells = [self.rate(b, what) for what in ("win", "draw", "loss")]
            lines.append(f"{name:<24}" + "".join(f"{r:>8.3f} [{lo:.3f}, {hi:.3f}]" for r, lo, hi in cells))
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"{self.games} games\n{self.table()}"

    def _repr_html_(self) -> str:
        rows = "".join(
            f"<tr><td>{name}</td>"
            + "".join(
                f"<td>{r:.3f} <small>[{lo:.3f}, {hi:.3f}]</small></td>"
                for r, lo, hi in (self.rate(b, w) for w in ("win", "draw", "loss"))
            )
            + "</tr>"
            for b, name in enumerate(self.names)
        )
        head = "<tr><th>bot</th><th>win [95%]</th><th>draw [95%]</th><th>loss [95%]</th></tr>"
        return f"<table><caption>{self.games} games</caption>{head}{rows}</table>"


@dataclass(frozen=True)
class _Deal:
    index: int
    game_seed: int
    bot_seeds: tuple[int, ...]


def _play_chunk(
    make_game: GameFactory, bots: Sequence[BotFactory], rotate: bool, deals: Sequence[_Deal]
) -> list[tuple[Outcome, ...]]:
    results = []
    for deal in deals:
        game = make_game(seed=deal.game_seed)
        shift = deal.index % game.players if rotate else 0
        seat_of = [(b + shift) % game.players for b in range(len(bots))]
        players: list[Bot | None] = [None] * game.players
        for b, factory in enumerate(bots):
            players[seat_of[b]] = factory(seed=deal.bot_seeds[b])
        result = play(game, [p for p in players if p is not None])
        results.append(tuple(result.outcome(seat_of[b]) for b in range(len(bots))))
    return results


def _chunks(deals: list[_Deal], size: int) -> Iterator[list[_Deal]]:
    for start in range(0, len(deals), size):
        yield deals[start : start + size]


def simulate(
    make_game: GameFactory,
    bots: Sequence[BotFactory],
    games: int = 1000,
    seed: int = 0,
    progress: bool = True,
    executor: Executor | None = None,
    rotate: bool = True,
    chunk: int = 50,
) -> Summary:
    """Play ``games`` games, one bot per seat (``bots[i]`` makes the bot that
    starts in seat ``i``; with ``rotate`` the seats turn by one each game so
    every bot sits everywhere equally often). Shows a tqdm progress bar.

    Returns a :class:`Summary` per bot with 95% intervals.
    """
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games!r}")
    rng = random.Random(seed)
    deals = [_Deal(i, rng.getrandbits(63), tuple(rng.getrandbits(63) for _ in bots)) for i in range(games)]
    outcomes: list[tuple[Outcome, ...]] = []
    bar = tqdm(total=games, disable=not progress, desc="games", unit="game")
    try:
        if executor is None:
            for part in _chunks(deals, chunk):
                outcomes.extend(_play_chunk(make_game, bots, rotate, part))
                bar.update(len(part))
        else:
            parts = list(_chunks(deals, chunk))
            futures = [executor.submit(_play_chunk, make_game, bots, rotate, part) for part in parts]
            for future, part in zip(futures, parts, strict=True):
                outcomes.extend(future.result())
                bar.update(len(part))
    finally:
        bar.close()
    names = tuple(_name(factory) for factory in bots)
    return Summary(names, tuple(outcomes))


def _name(factory: BotFactory) -> str:
    inner = getattr(factory, "func", factory)
    keywords = getattr(factory, "keywords", {})
    base = getattr(inner, "__name__", repr(inner))
    return base + (f"({', '.join(f'{k}={v}' for k, v in keywords.items())})" if keywords else "")
