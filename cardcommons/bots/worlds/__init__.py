"""Worlds that fit what the table did: the cards a player cannot see, dealt
as the other players' moves say they lie.

A **world** is a whole deal that fits one player's view. Dealt uniformly,
every world that fits the cards seen counts the same, as if the other
players' moves said nothing. They say a lot: a Whisky Poker player who
knocks holds a hand no exchange improved; a splitter who kept a pair face
down chose that split over five others. :func:`sample_worlds` weighs each
world by how likely the other players were to make the moves they made in
it, under a stated :class:`TableModel` of them (Bayes' rule: the chance of
a world after the moves is its chance before, times the chance of the
moves in it), and resamples: what it returns are worlds drawn, as near as
its effective sample size allows, from that posterior.

Each game samples in a place of its own: Whisky Poker seat by seat
(:mod:`cardcommons.bots.worlds.whisky`: **sequential importance
resampling**, each seat read by its policy's batch form), Split and Choose
(or any table whose policies have no batch form) by many candidate worlds,
each weighed by the chance of its history, replayed move by move
(:func:`likelihood`) once for each set of cards the other players hid, then
resampled (:mod:`cardcommons.bots.worlds.split_and_choose` says what the
moves told). The model and the weighing helpers both share are in
:mod:`cardcommons.bots.worlds.model`.

The model allows a player who plays at random (``tremble``), so a reader or
a bot that plays otherwise than the model still leaves worlds to weigh.

>>> from cardcommons.whisky import WhiskyPoker, KNOCK, PASS
>>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
>>> game.apply(PASS)  # seat 0 passes: its hand is not among the weaker half
>>> worlds = sample_worlds(game.observation(1), 400, seed=1)
>>> round(worlds.effective) > 100
True
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from cardcommons.bots.playouts import split_and_choose as split_and_choose_playouts
from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.policies import Policy, batch_form
from cardcommons.bots.worlds import split_and_choose as split_worlds
from cardcommons.bots.worlds import whisky as whisky_worlds
from cardcommons.bots.worlds.model import (
    RULE_OF_THUMB,
    Floats,
    TableModel,
    Worlds,
    as_model,
    kish,
    likelihood,
    rule_of_thumb,
    systematic,
)
from cardcommons.errors import RulesError, shown
from cardcommons.game import Observation
from cardcommons.split_and_choose import SplitAndChooseObservation
from cardcommons.whisky import WhiskyObservation

__all__ = [
    "RULE_OF_THUMB",
    "Policy",
    "TableModel",
    "Worlds",
    "as_model",
    "likelihood",
    "rule_of_thumb",
    "sample_worlds",
]


def sample_worlds(
    observation: Observation,
    games: int,
    seed: int,
    model: TableModel | None = RULE_OF_THUMB,
    cache: dict[bytes, float] | None = None,
) -> Worlds:
    """``games`` worlds that fit ``observation`` (it reads nothing else),
    drawn in proportion to the chance of the other players' moves under
    ``model`` (None: uniformly, as if their moves said nothing), from ``seed``.
    ``cache`` keeps the chances of the moves replayed, for the next call
    about the same view."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(f"games is a whole number of at least 1, not {shown(games)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the worlds' seed is an int, not {shown(seed)}")
    if not isinstance(observation, WhiskyObservation | SplitAndChooseObservation):
        raise RulesError(f"worlds are dealt from a player's view of a game, not {shown(observation)}")
    model = as_model(model)
    if model is not None and not _others_moved(observation):
        model = None  # nothing to read: every world fits equally well
    if isinstance(observation, WhiskyObservation):
        deals: Any = whisky_playouts.deal(observation, games, seed)
        if model is None:
            return Worlds(deals, np.arange(games), float(games))
        policies = [batch_form(model.policy_for(deals.template, s)) for s in range(observation.players)]
        if all(p is not None for p in policies):
            return whisky_worlds.sample(deals, model, [p for p in policies if p is not None], random.Random(seed))
    elif model is None:
        return Worlds(split_and_choose_playouts.deal(observation, games, seed), np.arange(games), float(games))
    rng = random.Random(seed)
    if isinstance(observation, WhiskyObservation):
        drawn: Any = whisky_playouts.deal(observation, games, rng.getrandbits(64))
    else:  # set out as arrays only once weighed: the few kept
        drawn = split_and_choose_playouts.candidates(observation, games * _CANDIDATES, rng.getrandbits(64))
    weights = _replayed_chances(drawn, model, {} if cache is None else cache)
    generator = np.random.default_rng(rng.getrandbits(64))
    picked = systematic(weights, games, generator)
    findings = split_worlds.findings(drawn, weights) if isinstance(observation, SplitAndChooseObservation) else ()
    return Worlds(drawn.subset(picked), picked, kish(weights), findings)


_CANDIDATES = 16
"""Split and Choose draws this many candidate worlds for each world it keeps:
few cards are hidden, so the same hidden cards come up again and again and
their chance is replayed once."""


def _others_moved(observation: WhiskyObservation | SplitAndChooseObservation) -> bool:
    """Whether a player other than the observer has made a move yet."""
    me = observation.player
    if isinstance(observation, WhiskyObservation):
        return any(e.seat is not None and e.seat != me for e in observation.events)
    split = any(r.splitter != me and r.face_up is not None for r in observation.rounds)
    chose = any(r.splitter == me and r.chose_face_up is not None for r in observation.rounds)
    return split or chose or any(d.player != me for d in observation.reserve)


def _replayed_chances(deals: Any, model: TableModel, cache: dict[bytes, float]) -> Floats:
    """The chance of the other players' moves in each of ``deals``, by
    :func:`likelihood`. It depends only on the cards the player cannot see
    that they held when they moved (``deals.their_hidden()``): one replay for each."""
    player = deals.view.player
    hidden = deals.their_hidden()
    _, first, inverse = np.unique(hidden, axis=0, return_index=True, return_inverse=True)
    chances = []
    for g in first.tolist():
        key = hidden[g].tobytes()
        if key not in cache:
            cache[key] = likelihood(deals.game(g), player, model)
        chances.append(cache[key])
    weights: Floats = np.array(chances)[inverse.reshape(-1)]
    return weights
