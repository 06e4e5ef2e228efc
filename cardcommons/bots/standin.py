"""MonteCarloBot's stand-in: the rule of thumb with settings fitted to its own moves.

A :class:`~cardcommons.bots.MonteCarloBot` plays thousands of play-outs a
move: too slow to ask how likely it was to make each move in a thousand
worlds, or to play its seat in a thousand play-outs. Its **stand-in** is a
policy that says how likely each legal move is, at once, and plays many
games at once: the game's rule-of-thumb bot (GreedyBot with fitted
``knock_at`` and ``take_unseen_below`` for Whisky Poker, HeuristicBot for
Split and Choose) that, at each move, with a fitted chance (``wander``)
plays instead one of the moves MonteCarloBot weighs (the game's candidate
moves) at random, and with a small one (``tremble``) any legal move
(:class:`~cardcommons.bots.policies.Trembling`). MonteCarloBot picks
among its candidates by play-outs whose verdicts are close and noisy: in
Whisky Poker's phase 2 its move is the rule's about half the time, but
never one it did not weigh. In phase 2 it knocks only on a strong hand,
though: there the move at random is a knock only on a hand at a fitted
percentile or above (``knock_floor``), so a knock says the knocker's hand
is strong (in phase 1, at 2 players, it knocks on middling hands too).
Where that still reads its knocks wrong, its chance of a knock is fitted
by the phase, the hand's band and in phase 2 whether no move beats it
(:data:`~cardcommons.bots.policies.KNOCK_CELLS`): at 4 and 9 players MonteCarloBot never
knocked in phase 1 below the percentile 0.9 in its logged games, though a move at random
may; in phase 2 it never knocked on a hand below 0.95 that nothing improves, though the rule would,
and at the top it knocks now and then where its kicker could still improve, though the rule would
exchange. Its moves before a knock say less of the cards it keeps than its choices hold, so the
knocker's hand is also read as stronger than they say (the ``tilt`` of
:class:`~cardcommons.bots.policies.Trembling`), fitted to where the knockers' hands came out in
its logged games (:func:`cardcommons.bots.standin_fit.fit_knock_tilt`). In
Split and Choose each phase is read by its own fit
(:class:`~cardcommons.bots.split_and_choose.Foresight`): MonteCarloBot's
splits follow the rule no more than moves at random do, so they are read as
nearly random; its reserve decisions mostly do, and are read by how well the
rule scores each (a move the rule would make by a little is likelier than
one it would make by far), which says most of what the coach can learn of
the cards it holds at the build.

It is a model for **reading** a MonteCarloBot's moves (how likely each
was, in each world). As a player it is weaker than MonteCarloBot: no setting
of the rule of thumb plays as strongly, and its moves at random weaken it
further. So in the play-outs, where every card of a world is known, it plays
on by its rule alone, and, where that is too weak, looking ahead in the
world. In Whisky Poker's phase 2, before a knock, at tables of up to 4
players, it looks at the next turn (:func:`cardcommons.bots.playouts.whisky.look_ahead`:
it knocks when the others' last moves cannot beat it, and otherwise leaves
the next player stuck where it can, so that the other knocks and it moves
last). In Split and Choose, where MonteCarloBot wins about 94 games in 100
against the rule of thumb, its rule looks one move ahead in each world
(:class:`~cardcommons.bots.split_and_choose.Foresight`) as often
(:data:`SIGHT`) as makes it win as often. Either way it plays about as
strongly as MonteCarloBot against the rule of thumb
(:func:`cardcommons.bots.seating.playing`; measured with :mod:`cardcommons.bots.calibration`).

The settings were fitted by maximum likelihood to MonteCarloBot's own
decisions at each of the arcade's strengths, logged at the arcade's tables
(Whisky Poker at 2, 4 and 9 players, Split and Choose), and measured on
games held out; ``standin.json`` beside this module keeps them with their
figures, and ``python -m cardcommons.bots.standin_fit`` fits them again
(:mod:`cardcommons.bots.standin_fit`).

>>> from cardcommons.bots import MonteCarloBot
>>> from cardcommons.whisky import WhiskyPoker
>>> game = WhiskyPoker(4, seed=1)
>>> policy = stand_in(MonteCarloBot(300), game)
>>> policy  # doctest: +ELLIPSIS
Trembling(GreedyBot(knock_at=0.99..., take_unseen_below=0...), tremble=0.0..., wander=0..., knock_floor=0...)
>>> chances = policy.probabilities(game.observation(game.current_player), game.legal_actions())
>>> round(sum(chances), 9), min(chances) > 0
(1.0, True)
>>> len(policy.knocks), policy.tilt > 0  # its chances of a knock, and its knock's tilt
(12, True)
"""

from __future__ import annotations

import json
import math
from functools import cache
from pathlib import Path
from typing import Any

from cardcommons.bots.policies import KNOCK_CELLS, Rule, Trembling
from cardcommons.bots.split_and_choose import WANDER_PHASES, Foresight
from cardcommons.bots.whisky import GreedyBot
from cardcommons.errors import RulesError, shown
from cardcommons.split_and_choose import SplitAndChoose
from cardcommons.whisky import WhiskyPoker

__all__ = ["FITTED", "SIGHT", "TILT", "fitted", "settings", "stand_in"]

FITTED = Path(__file__).with_name("standin.json")
"""The fitted settings and their figures, as ``python -m cardcommons.bots.standin_fit`` writes them."""

SIGHT = {"quick": 0.6, "steady": 0.6, "strong": 0.6}
"""How often, at each strength, MonteCarloBot's stand-in at Split and Choose looks one move
ahead in the play-outs (:class:`~cardcommons.bots.split_and_choose.Foresight`): measured so
that in the coach's play-outs it wins against HeuristicBot about as often as MonteCarloBot
does in real games (the quick one about 94 games in 100; tests/test_standin.py pins both)."""


TILT = {"quick": 3.0, "steady": 3.0, "strong": 3.0}
"""How strongly, at Split and Choose's build, MonteCarloBot's stand-in reads the cards the bot
holds as stronger than its moves alone say (:func:`cardcommons.bots.worlds.split_and_choose.tilted`):
the tilt under which the outcomes of its logged games at the build were likeliest
(:func:`cardcommons.bots.standin_fit.fit_tilt` over the 172 logged games at quick and steady:
a mean log-likelihood of -0.197 at 3, -0.235 untilted, -0.234 at 10; the games of odd seed
alone likeliest at 3 at quick and 2 at steady, those of even seed, which MonteCarloBot nearly all
won, likelier the more it tilts). Measured against outcomes with
:mod:`cardcommons.bots.calibration` (60 probes, other deals): the coach's share at the build
comes out +4 points off, against +23 before."""


@cache
def fitted() -> dict[str, Any]:
    """The contents of :data:`FITTED`: the strengths (play-outs a move, by
    name), and for each table and strength the fitted settings with their figures."""
    found: dict[str, Any] = json.loads(FITTED.read_text(encoding="utf-8"))
    return found


def stand_in(bot: object, game: object, form: str = "wandering") -> Trembling:
    """The stand-in policy for ``bot``, a MonteCarloBot, at ``game``'s table
    (any point of a game of Whisky Poker or Split and Choose: its rules
    are read, nothing else), in the ``form`` of :func:`settings`.

    >>> from cardcommons.bots import GreedyBot
    >>> stand_in(GreedyBot(), SplitAndChoose(seed=1))
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: a stand-in stands for a MonteCarloBot, not GreedyBot(knock_at=1.0)
    """
    from cardcommons.bots.coach import MonteCarloBot  # the coach's own bot, whose module may import this one

    if not isinstance(bot, MonteCarloBot):
        raise RulesError(f"a stand-in stands for a MonteCarloBot, not {shown(bot)}")
    found = settings(game, bot.samples, form)
    if isinstance(game, SplitAndChoose):
        wander = {phase: found[f"wander_{phase}"] for phase in WANDER_PHASES if f"wander_{phase}" in found}
        sharp = found.get("sharpness")
        rule: Rule = Foresight(seed=0, sight=found["sight"], wander=wander, sharpness=sharp, tilt=found["tilt"])
    else:
        rule = GreedyBot(found["knock_at"], found["take_unseen_below"], seed=0)
    knocks = tuple(found[name] for name in KNOCK_CELLS) if KNOCK_CELLS[0] in found else ()
    floor, tilt = found.get("knock_floor", 0.0), found.get("knock_tilt", 0.0)
    return Trembling(rule, found["tremble"], found.get("wander", 0.0), floor, knocks=knocks, tilt=tilt)


def settings(game: object, samples: int, form: str = "wandering") -> dict[str, float]:
    """The fitted settings of the stand-in for a MonteCarloBot of ``samples``
    play-outs a move at ``game``'s table: those of the nearest strength
    fitted (on a log scale of play-outs); for Whisky Poker at a number of
    players between two fitted, each setting in proportion between theirs.
    ``form``: ``"wandering"`` (the default: a move at random, now and then,
    among the moves MonteCarloBot weighs, the game's candidates, and rarely
    among all legal moves) or ``"trembling"`` (only among all legal moves),
    which fits MonteCarloBot's moves less well (see :data:`FITTED`'s figures).
    At Split and Choose, with ``sight``: how often its rule looks ahead in
    the play-outs (:data:`SIGHT`); the wandering form's wander is fitted by
    phase (``wander_split``, ``wander_choose``) and its reserve decisions
    by a ``sharpness``; at the build, a ``tilt`` (:data:`TILT`; see
    :class:`~cardcommons.bots.split_and_choose.Foresight`). At Whisky Poker the
    wandering form's chances of a knock (named in :data:`~cardcommons.bots.policies.KNOCK_CELLS`)
    and its knock's ``knock_tilt`` (see :class:`~cardcommons.bots.policies.Trembling`).

    >>> settings(SplitAndChoose(seed=1), 300)["tremble"] > 0
    True
    >>> three = settings(WhiskyPoker(3, seed=1), 100)["take_unseen_below"]
    >>> two, four = (settings(WhiskyPoker(n, seed=1), 100)["take_unseen_below"] for n in (2, 4))
    >>> min(two, four) <= three <= max(two, four)
    True
    """
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise RulesError(f"a MonteCarloBot's play-outs a move are a whole number of at least 1, not {shown(samples)}")
    data = fitted()
    if form not in ("trembling", "wandering"):
        raise RulesError(f"the stand-in's form is 'trembling' or 'wandering', not {shown(form)}")
    strength = min(data["strengths"], key=lambda name: abs(math.log(data["strengths"][name] / samples)))
    tables = data["tables"]
    if isinstance(game, SplitAndChoose):
        return {**tables["split"][strength][form]["settings"], "sight": SIGHT[strength], "tilt": TILT[strength]}
    if not isinstance(game, WhiskyPoker):
        raise RulesError(f"the stand-in plays Whisky Poker or Split and Choose, not {shown(game)}")
    counts = sorted(int(name.split("-")[1]) for name in tables if name.startswith("whisky-"))
    low = max([n for n in counts if n <= game.players], default=counts[0])
    high = min([n for n in counts if n >= game.players], default=counts[-1])
    at_low, at_high = (tables[f"whisky-{n}"][strength][form]["settings"] for n in (low, high))
    share = 0.0 if high == low else (game.players - low) / (high - low)
    return {name: round(at_low[name] + share * (at_high[name] - at_low[name]), 4) for name in at_low}
