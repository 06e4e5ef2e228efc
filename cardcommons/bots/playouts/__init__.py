"""Many play-outs at once, over numpy arrays, with the rule-of-thumb bots in
every seat: HeuristicBot for Split and Choose
(:mod:`~cardcommons.bots.playouts.split_and_choose`), GreedyBot for Whisky
Poker (:mod:`~cardcommons.bots.playouts.whisky`). They play the bots' own
rules (the same functions, over arrays) and tie-breaks, so a batch plays
exactly the games the bots would play one at a time; the coach uses them
for its default play-out policy.
Both deal many games from one player's view (a ``Deals``, a :class:`Batch`)
and play them out: :meth:`Batch.every_share` gives every seat's share of
each, :meth:`Batch.play_out` the view's player's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.policies import Trembling
from cardcommons.bots.styles import PerWorld
from cardcommons.game import Action

__all__ = ["Batch"]


class Batch:
    """Games at one decision point, all seen the same way by one player
    (``view``), to be played out from there."""

    view: Any

    def every_share(
        self,
        firsts: Sequence[Action],
        seeds: npt.NDArray[np.uint64] | None = None,
        policies: Sequence[Trembling | PerWorld] | None = None,
    ) -> npt.NDArray[np.float64]:
        """``[s, m, g]``: seat ``s``'s share of game ``g`` once the player to move
        plays ``firsts[m]`` and every seat goes on by its policy (each game's own)."""
        raise NotImplementedError

    def play_out(
        self,
        firsts: Sequence[Action],
        seeds: npt.NDArray[np.uint64] | None = None,
        policies: Sequence[Trembling | PerWorld] | None = None,
    ) -> npt.NDArray[np.float64]:
        """:meth:`every_share`, the view's player's shares only: one row per first move."""
        shares: npt.NDArray[np.float64] = self.every_share(firsts, seeds, policies)[self.view.player]
        return shares
