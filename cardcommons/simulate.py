"""The simulator: many seeded games between bots, with win rates and 95% intervals.

It runs either game unchanged. Game ``i`` gets its own seeds, drawn in
advance from ``random.Random(seed)``, so the numbers are the same whether the
games run one after another or spread over any ``concurrent.futures``
executor (a process pool, or a cluster's, such as Dask's
``client.get_executor()``).

Nothing fails silently: bad arguments raise :class:`SimulationError`, a game
that raises stops the run with :class:`SimulationFailed` (naming the game,
its seed and the seat), and Ctrl-C stops it within a move with
:class:`SimulationInterrupted`; both carry the games finished so far, in
every chunk of every executor (see :mod:`cardcommons.chunks`).
:meth:`Summary.compare` (and :func:`compare`, from :mod:`cardcommons.rates`)
write what the rates decide.

>>> from functools import partial
>>> from cardcommons.bots import RandomBot
>>> from cardcommons.split_and_choose import SplitAndChoose
>>> summary = simulate(SplitAndChoose, [RandomBot, RandomBot], games=20, seed=1, progress=False)
>>> summary.games, sum(summary.wins) + summary.draws[0] + summary.losses[0] >= 20
(20, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from html import escape
from numbers import Integral
from typing import TYPE_CHECKING

from cardcommons.adjusted import Estimate, ShareComparison, compare_shares, estimate
from cardcommons.chunks import STOP_GRACE, Deal, Failure, Played, check_portable, check_seats, play_chunk, run_on
from cardcommons.errors import SimulationError, shown
from cardcommons.game import Bot, Game, Outcome
from cardcommons.rates import Z95, Comparison, Rate, compare, games_needed, wilson_interval

if TYPE_CHECKING:
    from cardcommons.luck import Measured

__all__ = [
    "STOP_GRACE",
    "Z95",
    "BotFactory",
    "Comparison",
    "Estimate",
    "GameFactory",
    "Rate",
    "ShareComparison",
    "SimulationFailed",
    "SimulationInterrupted",
    "Summary",
    "compare",
    "games_needed",
    "simulate",
    "wilson_interval",
]

GameFactory = Callable[..., Game]
"""Makes a game from ``seed=``: a game class, or a ``functools.partial`` of one."""
BotFactory = Callable[..., Bot]
"""Makes a bot from ``seed=``: a bot class, or a ``functools.partial`` of one."""


@dataclass(frozen=True)
class Summary:
    """Per bot (in the order given to :func:`simulate`): wins, draws, losses,
    rates with 95% intervals, and the raw outcomes of every game.
    :meth:`compare` says in words whether two bots' rates differ. From a run
    with ``adjust=True``, each bot's share of a win beside its share adjusted
    for luck (:meth:`share`, :meth:`adjusted_share`, :meth:`compare_shares`)."""

    names: tuple[str, ...]
    outcomes: tuple[tuple[Outcome, ...], ...]
    """``outcomes[g][b]``: how game ``g`` ended for bot ``b``."""
    measured: tuple[tuple[Measured, ...], ...] = ()
    """``measured[g][b]``: bot ``b``'s luck in game ``g`` (a run with ``adjust=True``), else empty."""

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

    def measure(self, bot: int, what: Outcome = "win", name: str | None = None) -> Rate:
        """One bot's rate of an outcome, game by game, for :func:`compare`
        (which pairs it with any other rate of this summary). ``name`` is the
        bot's name unless given (with its index when two bots share a name).

        >>> from cardcommons.bots import HeuristicBot, RandomBot
        >>> from cardcommons.split_and_choose import SplitAndChoose
        >>> summary = simulate(SplitAndChoose, [HeuristicBot, RandomBot], games=40, seed=1, progress=False)
        >>> summary.measure(0)
        Rate('HeuristicBot', 40 of 40)
        >>> print(compare(summary.measure(0), summary.measure(1)))
        HeuristicBot wins more often: gap +1.00 [+0.82, +1.00] (1.00 [0.91, 1.00] against 0.00 [0.00, 0.09]).
        """
        self._check_bot(bot)
        if what not in _VERBS:
            raise SimulationError(f"Summary.measure: what must be one of {', '.join(_VERBS)}, not {shown(what)}")
        return Rate(
            self.label(bot) if name is None else name,
            (game[bot] == what for game in self.outcomes),
            source=self,
            verb=_VERBS[what],
        )

    def label(self, bot: int) -> str:
        """Bot ``bot``'s name, numbered where two bots share it.

        >>> from cardcommons.bots import HeuristicBot
        >>> from cardcommons.split_and_choose import SplitAndChoose
        >>> simulate(SplitAndChoose, [HeuristicBot, HeuristicBot], games=2, seed=1, progress=False).label(1)
        'HeuristicBot (bot 1)'
        """
        self._check_bot(bot)
        name = self.names[bot]
        return name if self.names.count(name) == 1 else f"{name} (bot {bot})"

    def compare(
        self, a: int = 0, b: int = 1, what: Outcome = "win", names: tuple[str, str] | None = None
    ) -> Comparison:
        """Whether bot ``a`` and bot ``b`` differ in ``what``, game by game, as a sentence:
        ``compare(self.measure(a, what), self.measure(b, what))``; ``names`` renames them."""
        self._check_names("compare", names)
        first, second = names if names is not None else (None, None)
        return compare(self.measure(a, what, first), self.measure(b, what, second))

    def share(self, bot: int) -> Estimate:
        """Bot ``bot``'s mean share of a win (a shared win or a draw counts a part), with its 95% interval."""
        return estimate(self.label(bot), [m[bot].share for m in self._measured()])

    def adjusted_share(self, bot: int) -> Estimate:
        """Bot ``bot``'s mean share adjusted for luck (the same mean as :meth:`share`),
        with its 95% interval, the baseline's own error counted in."""
        games = self._measured()
        error = sum(m[bot].baseline_error for m in games) / len(games)  # counted in full: a bound
        return estimate(f"{self.label(bot)}, adjusted", [m[bot].adjusted for m in games], error)

    def compare_shares(self, a: int = 0, b: int = 1, names: tuple[str, str] | None = None) -> ShareComparison:
        """Bot ``a``'s share less bot ``b``'s, plain beside adjusted for luck, game by game;
        ``names`` renames them.

        >>> from cardcommons.bots import GreedyBot, RandomBot
        >>> from functools import partial
        >>> from cardcommons.whisky import WhiskyPoker
        >>> bots = [GreedyBot, RandomBot]
        >>> run = simulate(partial(WhiskyPoker, 2), bots, games=30, seed=2, progress=False, adjust=True)
        >>> comparison = run.compare_shares()
        >>> round(comparison.plain.mean, 9) == round(run.share(0).mean - run.share(1).mean, 9)
        True
        """
        games = self._measured()
        self._check_bot(a)
        self._check_bot(b)
        self._check_names("compare_shares", names)
        error = sum(m[a].baseline_error + m[b].baseline_error for m in games) / len(games)
        first, second = names if names is not None else (self.label(a), self.label(b))
        return compare_shares(
            first,
            second,
            ([m[a].share for m in games], [m[b].share for m in games]),
            ([m[a].adjusted for m in games], [m[b].adjusted for m in games]),
            (error, 0.0),
        )

    def _measured(self) -> tuple[tuple[Measured, ...], ...]:
        if not self.measured:
            raise SimulationError("this summary has no luck measured: run simulate(..., adjust=True)")
        return self.measured

    @staticmethod
    def _check_names(method: str, names: object) -> None:
        if names is not None and (not isinstance(names, tuple | list) or len(names) != 2):
            raise SimulationError(f"Summary.{method}: names must be two names, not {shown(names)}")

    def _check_bot(self, bot: object) -> None:
        if isinstance(bot, bool) or not isinstance(bot, Integral) or not 0 <= int(bot) < len(self.names):
            raise SimulationError(f"Summary: bot must be an index from 0 to {len(self.names) - 1}, not {shown(bot)}")

    def table(self) -> str:
        """A plain-text table of the rates."""
        lines = [(f"{'bot':<24}" + "".join(f"{what + ' [95%]':^23}" for what in ("win", "draw", "loss"))).rstrip()]
        for b in range(len(self.names)):
            cells = [self.rate(b, what) for what in ("win", "draw", "loss")]
            lines.append(f"{self.label(b):<24}" + "".join(f"{r:>8.3f} [{lo:.3f}, {hi:.3f}]" for r, lo, hi in cells))
        return "\n".join(lines)

    def shares_table(self) -> str:
        """A plain-text table of each bot's share, plain and adjusted for luck (a run with ``adjust=True``)."""
        lines = [f"{'bot':<24}{'share [95%]':^23}{'adjusted [95%]':^23}".rstrip()]
        for b in range(len(self.names)):
            cells = (self.share(b), self.adjusted_share(b))
            lines.append(f"{self.label(b):<24}" + "".join(f"{e.mean:>8.3f} [{e.low:.3f}, {e.high:.3f}]" for e in cells))
        return "\n".join(lines)

    def __str__(self) -> str:
        shares = f"\n{self.shares_table()}" if self.measured else ""
        return f"{self.games} games\n{self.table()}{shares}"

    def _repr_html_(self) -> str:
        rows = "".join(
            f'<tr><td style="text-align:left">{escape(self.label(b))}</td>'
            + "".join(
                f"<td>{r:.3f} <small>[{lo:.3f}, {hi:.3f}]</small></td>"
                for r, lo, hi in (self.rate(b, w) for w in ("win", "draw", "loss"))
            )
            + "</tr>"
            for b in range(len(self.names))
        )
        head = '<tr><th style="text-align:left">bot</th><th>win [95%]</th><th>draw [95%]</th><th>loss [95%]</th></tr>'
        if self.measured:
            head = head.replace("</tr>", "<th>share [95%]</th><th>adjusted for luck [95%]</th></tr>")
            rows = "".join(
                row.replace("</tr>", "")
                + "".join(
                    f"<td>{e.mean:.3f} <small>[{e.low:.3f}, {e.high:.3f}]</small></td>"
                    for e in (self.share(b), self.adjusted_share(b))
                )
                + "</tr>"
                for b, row in enumerate(rows.split("</tr>")[:-1])
            )
        return f"<table><caption>{self.games} games</caption>{head}{rows}</table>"


_VERBS: dict[str, str] = {"win": "wins", "draw": "draws", "loss": "loses"}


class SimulationFailed(RuntimeError):
    """A game raised during :func:`simulate`: the message names the game's
    index, its seed and the seat to play; the original exception is the
    ``__cause__``. ``summary`` holds the games that had finished."""

    def __init__(self, message: str, summary: Summary, game: int, seed: int, seat: int | None) -> None:
        super().__init__(message)
        self.summary, self.game, self.seed, self.seat = summary, game, seed, seat


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C during :func:`simulate`: the pending games are cancelled and
    ``summary`` holds the games that had finished."""

    def __init__(self, message: str, summary: Summary) -> None:
        super().__init__(message)
        self.summary = summary


def _chunks(deals: list[Deal], size: int) -> Iterator[list[Deal]]:
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
    adjust: bool = False,
) -> Summary:
    """Play ``games`` games, one bot per seat (``bots[i]`` makes the bot that
    starts in seat ``i``; with ``rotate`` the seats turn by one each game so
    every bot sits everywhere equally often). Shows a tqdm progress bar.

    ``adjust``: measure each bot's luck in each game too
    (:func:`cardcommons.luck.measure`, the other seats read by their bots'
    policies where known), for the summary's shares adjusted for luck.

    Returns a :class:`Summary` per bot with 95% intervals. There must be
    exactly one bot per seat of the game:

    >>> from cardcommons.bots import RandomBot
    >>> from cardcommons.split_and_choose import SplitAndChoose
    >>> simulate(SplitAndChoose, [RandomBot] * 3, games=10)
    Traceback (most recent call last):
    ...
    cardcommons.errors.SimulationError: SplitAndChoose has 2 seats but 3 bots were given: one bot per seat
    """
    _check_arguments(make_game, bots, games, seed, progress, executor, rotate, chunk)
    if not isinstance(adjust, bool):
        raise SimulationError(f"simulate(): adjust must be True or False, not {shown(adjust)}")
    games, seed, chunk = int(games), int(seed), int(chunk)  # numpy's integers too
    rng = random.Random(seed)
    deals = [Deal(i, rng.getrandbits(63), tuple(rng.getrandbits(63) for _ in bots)) for i in range(games)]
    check_seats(make_game(seed=deals[0].game_seed), len(bots))
    if executor is not None:
        check_portable(executor, {"make_game": make_game, **{f"bots[{b}]": f for b, f in enumerate(bots)}})
    names = tuple(_name(factory) for factory in bots)
    played: list[Played] = []
    # imported when a run starts: on top it would add a sixth to `import cardcommons.widgets`
    from cardcommons.progress import progress as progress_bar

    bar = progress_bar(total=games, disable=not progress, desc="games", unit="game")
    try:
        if executor is None:
            for deal in deals:
                played.append(play_chunk(make_game, bots, rotate, [deal], adjust=adjust))
                bar.update(len(played[-1].games))
                if played[-1].failure is not None:
                    break
        else:
            run_on(executor, [(make_game, bots, rotate, part) for part in _chunks(deals, chunk)], played, bar, adjust)
    except KeyboardInterrupt:
        summary = _summary(names, played)
        message = f"simulate() stopped after {summary.games} of {games} games (their outcomes are in .summary)"
        raise SimulationInterrupted(message, summary) from None
    finally:
        bar.close()
    summary = _summary(names, played)
    failure = next((p.failure for p in played if p.failure is not None), None)
    if failure is not None:
        raise _failed(failure, summary, games, names)
    return summary


def _summary(names: tuple[str, ...], played: list[Played]) -> Summary:
    games = sorted(game for part in played for game in part.games)
    finished = {index for index, _ in games}
    measured = sorted((m for part in played for m in part.measured if m[0] in finished), key=lambda m: m[0])
    if len(measured) != len(games):  # a run that did not adjust
        measured = []
    return Summary(names, tuple(outcomes for _, outcomes in games), tuple(luck for _, luck in measured))


def _failed(failure: Failure, summary: Summary, games: int, names: tuple[str, ...]) -> SimulationFailed:
    where = "could not be made" if failure.seat is None else f"failed at seat {failure.seat}"
    who = f", played by bot {failure.bot} ({names[failure.bot]})" if failure.bot is not None else ""
    error = failure.error
    message = (
        f"game {failure.index} (seed {failure.game_seed}) {where}{who}: {type(error).__name__}: {error}; "
        f"{summary.games} of {games} games had finished (their outcomes are in .summary)"
    )
    if error.__traceback__ is None:  # it came from another process: keep its traceback in words
        error.add_note("Traceback in the worker:\n" + failure.traceback)
    failed = SimulationFailed(message, summary, failure.index, failure.game_seed, failure.seat)
    failed.__cause__ = error
    return failed


def _check_arguments(
    make_game: object,
    bots: object,
    games: object,
    seed: object,
    progress: object,
    executor: object,
    rotate: object,
    chunk: object,
) -> None:
    def refuse(name: str, value: object, wanted: str) -> SimulationError:
        return SimulationError(f"simulate(): {name} must be {wanted}, not {shown(value)}")

    if not callable(make_game):
        raise refuse("make_game", make_game, "a game class or a function of seed=")
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence) or not bots:
        raise refuse("bots", bots, "a list of bot classes or functions of seed=, one per seat")
    for b, factory in enumerate(bots):
        if not callable(factory):
            raise refuse(f"bots[{b}]", factory, "a bot class or a function of seed=")
    for name, value, low in (("games", games, 1), ("chunk", chunk, 1), ("seed", seed, None)):
        if isinstance(value, bool) or not isinstance(value, Integral) or (low is not None and value < low):
            raise refuse(name, value, "an int" if low is None else f"an int of at least {low}")
    for name, value in (("progress", progress), ("rotate", rotate)):
        if not isinstance(value, bool):
            raise refuse(name, value, "True or False")
    if executor is not None and not isinstance(executor, Executor):
        raise refuse("executor", executor, "None or a concurrent.futures.Executor")


def _name(factory: BotFactory) -> str:
    inner = getattr(factory, "func", factory)
    keywords = getattr(factory, "keywords", {})
    base = getattr(inner, "__name__", repr(inner))
    return base + (f"({', '.join(f'{k}={v}' for k, v in keywords.items())})" if keywords else "")
