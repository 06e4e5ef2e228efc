"""The table as seated: each seat's policy, from the player who sits there.

The coach reads the other players' moves, and plays their seats on in its
play-outs, by a policy for each seat (:mod:`cardcommons.bots.policies`).
Where the players are the project's bots, it knows them: a ``table`` lists
the players by seat, a bot where it is known and None where the coach must
read the player (the reader's own seat is ignored). A rule-of-thumb bot is
its own policy, :class:`~cardcommons.bots.RandomBot` plays at random, and a
bot that plays too slowly to be a policy says what stands in for it
(``stand_in(game)``: MonteCarloBot's fitted stand-in). Any other player is
a **stranger**, read by the table model's own policy.

>>> from cardcommons.bots import GreedyBot, RandomBot
>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker(4, seed=1)
>>> seat_policies([None, GreedyBot(), RandomBot(), None], game, me=0)
[None, GreedyBot(knock_at=1.0), RandomBot(), None]
>>> print(seated_words([None, GreedyBot(), RandomBot(), RandomBot()], me=0))
seat 1 as GreedyBot(knock_at=1.0); seats 2-3 as RandomBot()
>>> print(seated_words([RandomBot(), None, RandomBot()], me=1))
seat 0 as RandomBot(); seat 2 as RandomBot()
"""

from __future__ import annotations

from collections.abc import Sequence

from cardcommons.bots.playouts.whisky import LOOKS_AHEAD_AT_MOST
from cardcommons.bots.policies import Policy, Trembling, batch_form
from cardcommons.bots.whisky import GreedyBot
from cardcommons.errors import RulesError, shown
from cardcommons.game import Game, Observation
from cardcommons.whisky import WhiskyObservation

__all__ = ["looks_ahead", "playing", "read_by_stand_in", "seat_policies", "seated_words", "tell_the_table"]


def seat_policies(table: object, game: Game, me: int) -> list[Policy | None]:
    """The policy of each seat of ``table`` at ``game`` (None: a stranger, and ``me``)."""
    if isinstance(table, str | bytes) or not isinstance(table, Sequence) or len(table) != game.players:
        raise RulesError(
            f"table lists the {game.players} players by seat (a bot, or None for one to read), not {shown(table)}"
        )
    return [None if seat == me else _policy_of(player, game) for seat, player in enumerate(table)]


def _policy_of(player: object, game: Game) -> Policy | None:
    """The policy ``player`` plays by: its stand-in, itself, or None for a stranger."""
    if read_by_stand_in(player):
        found = player.stand_in(game)  # type: ignore[attr-defined]
        if not isinstance(found, Policy):
            raise RulesError(f"{shown(player)}'s stand-in is a policy with probabilities(), not {shown(found)}")
        return found
    return player if isinstance(player, Policy) else None


def playing(
    seats: Sequence[Policy | None], default: Trembling, table: Sequence[object] | None = None
) -> list[Trembling]:
    """Each seat's batch form for the play-outs: its policy's, or ``default``
    (the reader's own seat, a stranger, a policy with no batch form). A seat
    read by a stand-in is played on by the stand-in's rule, without its moves
    at random (they fit how the bot's moves are spread, not how strongly it
    plays), and in Whisky Poker looking ahead at the next turn as MonteCarloBot
    does (``looks_ahead``, :func:`cardcommons.bots.playouts.whisky.look_ahead`):
    the rule alone plays weaker than MonteCarloBot, and the coach was too hopeful so.

    >>> from cardcommons.bots import GreedyBot, MonteCarloBot, RandomBot
    >>> from cardcommons.whisky import WhiskyPoker
    >>> table = [None, MonteCarloBot(300), RandomBot()]
    >>> seats = seat_policies(table, WhiskyPoker(3, seed=1), me=0)
    >>> seats[1].wander > 0  # read with its moves off the rule
    True
    >>> for policy in playing(seats, Trembling(GreedyBot(), 0.0), table):  # doctest: +ELLIPSIS
    ...     print(policy)
    Trembling(GreedyBot(knock_at=1.0), tremble=0.0)
    Trembling(GreedyBot(knock_at=..., take_unseen_below=0...), tremble=0.0, knock_floor=0..., looks_ahead=True)
    Trembling(None, tremble=1.0)
    """
    found = [form if (form := batch_form(policy)) is not None else default for policy in seats]
    for seat, player in enumerate(table or ()):
        form = found[seat]
        if read_by_stand_in(player) and seats[seat] is not None and form.rule is not None:  # not the reader's own
            ahead = isinstance(form.rule, GreedyBot)  # Whisky Poker: knocking in phase 2 as it does, on a strong hand
            found[seat] = Trembling(form.rule, 0.0, knock_floor=form.knock_floor if ahead else 0.0, looks_ahead=ahead)
    return found


def looks_ahead(view: Observation) -> bool:
    """Whether a seat read by a stand-in plays on looking ahead in the play-outs
    from ``view`` (see :func:`playing`): always in Split and Choose (at a share
    of its decisions), and in Whisky Poker at tables of up to
    :data:`~cardcommons.bots.playouts.whisky.LOOKS_AHEAD_AT_MOST` players.

    >>> from cardcommons.whisky import WhiskyPoker
    >>> [looks_ahead(WhiskyPoker(n, seed=1).observation(0)) for n in (2, 4, 9)]
    [True, True, False]
    """
    return not isinstance(view, WhiskyObservation) or view.players <= LOOKS_AHEAD_AT_MOST


def seated_words(table: Sequence[object], me: int, ahead: bool = False) -> str:
    """Who sits where, in words: runs of seats with the same player grouped;
    ``ahead``: a seat read by a stand-in plays on looking ahead (:func:`looks_ahead`)."""
    runs: list[tuple[int, int, str]] = []  # first seat, last seat, who
    for seat, player in enumerate(table):
        if seat == me:
            continue
        name = _name(player, ahead)
        if runs and runs[-1][2] == name and runs[-1][1] == seat - 1:
            runs[-1] = (runs[-1][0], seat, name)
        else:
            runs.append((seat, seat, name))
    return "; ".join(f"seat {a} as {name}" if a == b else f"seats {a}-{b} as {name}" for a, b, name in runs)


def tell_the_table(players: Sequence[object]) -> tuple[object, ...]:
    """Tell each bot among ``players`` (by seat; None for a person) that
    plays knowing who sits where, and has not been told, the table: a
    MonteCarloBot then reads, and plays on, each seat by its own policy (its
    ``table``), as the Hint does. Returns the table.

    >>> from cardcommons.bots import GreedyBot, MonteCarloBot
    >>> bot = MonteCarloBot(100)
    >>> table = tell_the_table([None, bot, GreedyBot()])
    >>> bot.table == table, table[0] is None
    (True, True)
    """
    table = tuple(players)
    for player in table:
        if read_by_stand_in(player) and getattr(player, "table", False) is None:
            player.table = table  # type: ignore[attr-defined]
    return table


def read_by_stand_in(player: object) -> bool:
    """Whether ``player`` is read, and played on, by a stand-in (a bot too slow to be a policy).

    >>> from cardcommons.bots import GreedyBot, MonteCarloBot
    >>> read_by_stand_in(GreedyBot()), read_by_stand_in(MonteCarloBot())
    (False, True)
    """
    return callable(getattr(player, "stand_in", None))


def _name(player: object, ahead: bool) -> str:
    if player is None:
        return "a stranger"
    if read_by_stand_in(player):
        how = "looking ahead in each world drawn" if ahead else "by its rule"
        return f"{player!r}, read by a stand-in fitted to its moves and played on {how}"
    return repr(player) if isinstance(player, Policy) else f"a stranger ({type(player).__name__})"
