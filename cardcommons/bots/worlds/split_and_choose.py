"""Split and Choose's worlds: what the other player's moves said of the cards it hid.

Its worlds are drawn as candidates, each weighed by the chance of its
history replayed (:func:`cardcommons.bots.worlds.model.likelihood`), and
resampled; few cards are hidden, so each set of them is replayed once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from cardcommons.bots.policies import Trembling
from cardcommons.bots.split_and_choose import Foresight, value_array
from cardcommons.bots.worlds.model import Floats, SeatChances, in_ten

__all__ = ["findings", "tilted"]

_TYPES = ("a Ten", "a Jack", "a Queen", "a King", "an Ace", "the Joker")
"""Split and Choose's card types (a pack position // 4), in words."""


def findings(deals: Any, weights: Floats, names: Callable[[int], str] | None = None) -> tuple[str, ...]:
    """What the other player's moves said of the cards it hid from this one
    (its face-down pairs) and of the card it gave blind: the type whose
    chance moved most, if by 15 points or more, beside its chance if the
    moves said nothing (the candidate worlds, unweighed); the player named
    by ``names`` (by default "Player 1")."""
    other = 1 - deals.view.player
    who = f"Player {other}" if names is None else names(other)
    who = who[:1].upper() + who[1:]  # it starts the sentence
    hidden = deals.their_hidden()
    found = []
    share = weights / weights.sum()
    for columns, words in ((hidden[:, :-1], "the cards it kept face down hold"), (hidden[:, -1:], "it gave away")):
        if not columns.size or (columns < 0).all():
            continue
        types = np.where(columns >= 0, columns // 4, -1)
        after = [float(share[(types == t).any(axis=1)].sum()) for t in range(len(_TYPES))]
        before = [float((types == t).any(axis=1).mean()) for t in range(len(_TYPES))]
        t = max(range(len(_TYPES)), key=lambda k: abs(after[k] - before[k]))
        if abs(after[t] - before[t]) >= 0.15:
            found.append(
                f"{who}'s moves say {words} {_TYPES[t]} {in_ten(after[t])} in the worlds that fit them "
                f"({in_ten(before[t])} if they said nothing)"
            )
    return tuple(found)


def tilted(deals: Any, chances: list[SeatChances]) -> list[SeatChances]:
    """At the build, each other seat's chances under a style that tilts
    (MonteCarloBot's stand-in: :class:`~cardcommons.bots.split_and_choose.Foresight`'s
    ``tilt``), each world's times ``exp(tilt * value)``, the value of the
    hand the seat holds in it (the rule of thumb's, its chance of winning
    against a hand dealt at random), scaled to a mean of 1 over ``deals``'
    worlds (a tilt reweighs the worlds, not the style); elsewhere as they were."""
    if deals.view.phase != "build":
        return chances
    found = []
    for seat in chances:
        tilts = [
            p.rule.tilt if isinstance(p, Trembling) and isinstance(p.rule, Foresight) else 0.0
            for p in seat.styles.reading
        ]
        if not any(tilts):
            found.append(seat)
            continue
        value = value_array()[deals.profiles(seat.seat)]
        factors = np.exp(np.outer(value - value.max(), tilts))
        factors /= factors.mean(axis=0)
        found.append(SeatChances(seat.seat, seat.styles, seat.chances * factors, seat.fits, seat.moves))
    return found
