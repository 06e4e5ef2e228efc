"""Split and Choose's worlds: what the other player's moves said of the cards it hid.

Its worlds are drawn as candidates, each weighed by the chance of its
history replayed (:func:`cardcommons.bots.worlds.model.likelihood`), and
resampled; few cards are hidden, so each set of them is replayed once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from cardcommons.bots.worlds.model import Floats, in_ten

__all__ = ["findings"]

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
