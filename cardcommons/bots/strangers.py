"""Reading a stranger's style from its moves: the posterior over a family of styles.

:func:`read_style` says what one seat's moves, seen from another seat, say of
how it plays: for each style of the family (:mod:`cardcommons.bots.styles`),
its chance before the moves (the prior) and after them (the posterior). The
cards the viewer cannot see are read jointly with the styles: the coach's
worlds (:func:`cardcommons.bots.worlds.sample_worlds`) are drawn in proportion
to the chance of every other seat's moves, each stranger's under each style,
and each world's chance of each style is averaged over them.

>>> from cardcommons.bots import GreedyBot
>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker(2, seed=3)
>>> cautious = GreedyBot(knock_at=0.97, take_unseen_below=0.3, seed=1)
>>> bots = [GreedyBot(seed=0), cautious]
>>> while game.phase == 1 or len(game.actions) < 6:
...     seat = game.current_player
...     game.apply(bots[seat].act(game.observation(seat), game.legal_actions()))
>>> reading = read_style(game, seat=1, games=500, seed=1)
>>> reading.names[:3], round(sum(reading.posterior), 6)
(('rule of thumb', 'knocks early', 'cautious'), 1.0)
>>> reading.moves, 0 <= reading.fitted <= reading.moves
(3, True)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from cardcommons.bots.policies import Policy
from cardcommons.bots.seating import seat_policies
from cardcommons.bots.styles import Family, StyleReading, family
from cardcommons.bots.worlds import TableModel, sample_worlds
from cardcommons.errors import RulesError, shown
from cardcommons.game import Game, Observation

__all__ = ["read_style", "read_styles"]


def read_styles(
    observation: Observation,
    styles: Family | Mapping[str, float] | None = None,
    games: int = 2000,
    seed: int = 0,
    table: Sequence[object] | None = None,
) -> dict[int, StyleReading]:
    """What each stranger's moves say of its style, from ``observation``'s
    player's view (it reads nothing else), by seat: the seats ``table`` does
    not know (None there; every other seat without a table). ``styles``: the
    family and its prior (a :class:`~cardcommons.bots.styles.Family`, or a
    mapping of style names to chances; None: the coach's own,
    :data:`~cardcommons.bots.styles.FAMILY`); ``games``: the worlds drawn, from ``seed``."""
    found = family(styles) if not isinstance(styles, Family) else styles
    if not isinstance(observation, Observation):
        raise RulesError(f"a style is read from a player's observation, not {shown(observation)}")
    game = observation.sample_game(_seeded(seed))
    seats: list[Policy | None] = (
        [None] * game.players if table is None else seat_policies(table, game, observation.player)
    )
    model = TableModel(styles=found, seats=tuple(seats))
    worlds = sample_worlds(observation, games, seed, model)
    read = {r.seat: r for r in worlds.readings}
    for seat in range(game.players):  # a stranger that has not moved: the prior, as it is
        if seat != observation.player and seats[seat] is None and seat not in read:
            at = found.at(game)
            read[seat] = StyleReading(seat, at.names, at.prior, at.prior, 0, (0.0,) * len(at.names))
    return dict(sorted(read.items()))


def read_style(
    source: Game | Observation,
    seat: int,
    viewer: int | None = None,
    styles: Family | Mapping[str, float] | None = None,
    games: int = 2000,
    seed: int = 0,
    table: Sequence[object] | None = None,
) -> StyleReading:
    """What ``seat``'s moves say of its style (:class:`~cardcommons.bots.styles.StyleReading`:
    the prior and posterior of each style, how many moves fit), seen by
    ``viewer`` from a game (by default seat 0, or seat 1 when ``seat`` is 0)
    or from an observation (its player's). See :func:`read_styles` for the rest.

    >>> from cardcommons.split_and_choose import SplitAndChoose
    >>> read_style(SplitAndChoose(seed=1), seat=2)
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: no seat 2 to read at this table of 2 players (seats 0-1)
    """
    if isinstance(source, Game):
        players = source.players
        who = (1 if seat == 0 else 0) if viewer is None else viewer
        if isinstance(who, bool) or not isinstance(who, int) or not 0 <= who < players:
            raise RulesError(f"no seat {shown(who)} to read from at this table of {players} players")
        view = source.observation(who)
    elif isinstance(source, Observation):
        view, players = source, source.sample_game(_seeded(seed)).players
    else:
        raise RulesError(f"a style is read from a game or a player's observation, not {shown(source)}")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise RulesError(f"no seat {shown(seat)} to read at this table of {players} players (seats 0-{players - 1})")
    if seat == view.player:
        raise RulesError(f"seat {seat} is the viewer's own: read another seat's style")
    if table is not None and len(table) == players and table[seat] is not None:
        raise RulesError(f"seat {seat} is known at this table ({shown(table[seat])}): only a stranger's style is read")
    return read_styles(view, styles, games, seed, table)[seat]


def _seeded(seed: int) -> random.Random:
    """A seeded random source for the one game sampled to learn the table's size."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the reading's seed is an int, not {shown(seed)}")
    return random.Random(seed)
