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
from collections.abc import Callable
from typing import Any

import numpy as np

from cardcommons.bots.playouts import split_and_choose as split_and_choose_playouts
from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.policies import Policy
from cardcommons.bots.worlds import split_and_choose as split_worlds
from cardcommons.bots.worlds import whisky as whisky_worlds
from cardcommons.bots.worlds.model import (
    RULE_OF_THUMB,
    STRANGERS,
    Floats,
    SeatChances,
    TableModel,
    Worlds,
    as_model,
    kish,
    likelihood,
    reading,
    rule_of_thumb,
    style_chances,
    styles_drawn,
    systematic,
    unexplained,
)
from cardcommons.errors import RulesError, shown
from cardcommons.game import Observation
from cardcommons.split_and_choose import SplitAndChooseObservation
from cardcommons.whisky import WhiskyObservation

__all__ = [
    "RULE_OF_THUMB",
    "STRANGERS",
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
    cache: dict[bytes, Any] | None = None,
    names: Callable[[int], str] | None = None,
) -> Worlds:
    """``games`` worlds that fit ``observation`` (it reads nothing else),
    drawn in proportion to the chance of the other players' moves under
    ``model`` (None: uniformly, as if their moves said nothing), from ``seed``;
    with a family of styles for strangers, each world carries each stranger's
    style, drawn jointly with the cards. ``cache`` keeps the chances of the
    moves replayed, for the next call about the same view. ``names`` names
    each seat in the findings as the table names it (by default "Seat 2" in
    Whisky Poker, "Player 1" in Split and Choose)."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise RulesError(f"games is a whole number of at least 1, not {shown(games)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the worlds' seed is an int, not {shown(seed)}")
    if not isinstance(observation, WhiskyObservation | SplitAndChooseObservation):
        raise RulesError(f"worlds are dealt from a player's view of a game, not {shown(observation)}")
    model = as_model(model)
    if names is not None and not callable(names):
        raise RulesError(f"names is a function of a seat that gives its name, not {shown(names)}")
    worlds = _sampled(observation, games, seed, model if _others_moved(observation) else None, cache, names)
    if model is None or model.styles is None:
        return worlds
    generator = np.random.default_rng(random.Random(seed ^ _PRIOR_STYLES).getrandbits(64))
    template = worlds.deals.template if isinstance(observation, WhiskyObservation) else worlds.deals.templates[0]
    for seat in range(template.players):  # a stranger with no moves read yet: its style by the prior
        styles = model.styles_for(template, seat)
        if seat != observation.player and styles.stranger and seat not in worlds.styles:
            prior = np.tile(np.array(styles.prior), (games, 1))
            worlds.styles[seat], _ = styles_drawn(np.ones_like(prior), styles.prior, generator)
    return worlds


def _sampled(
    observation: WhiskyObservation | SplitAndChooseObservation,
    games: int,
    seed: int,
    model: TableModel | None,
    cache: dict[bytes, Any] | None,
    names: Callable[[int], str] | None,
) -> Worlds:
    """The worlds of :func:`sample_worlds`, in the game's own place (``model``
    None: uniformly), each stranger's style drawn where it has moved, the
    findings naming each seat by ``names``."""
    if isinstance(observation, WhiskyObservation):
        deals: Any = whisky_playouts.deal(observation, games, seed)
        if model is None:
            return Worlds(deals, np.arange(games), float(games))
        seats = [model.styles_for(deals.template, s) for s in range(observation.players)]
        if all(s.batch() is not None for p, s in enumerate(seats) if p != observation.player):
            return whisky_worlds.sample(deals, seats, random.Random(seed), names)
    elif model is None:
        return Worlds(split_and_choose_playouts.deal(observation, games, seed), np.arange(games), float(games))
    rng = random.Random(seed)
    if isinstance(observation, WhiskyObservation):
        drawn: Any = whisky_playouts.deal(observation, games, rng.getrandbits(64))
    else:  # set out as arrays only once weighed: the few kept
        drawn = split_and_choose_playouts.candidates(observation, games * _CANDIDATES, rng.getrandbits(64))
    chances = _replayed_chances(drawn, model, {} if cache is None else cache)
    if isinstance(observation, SplitAndChooseObservation):
        chances = split_worlds.tilted(drawn, chances)
    weights: Floats = np.prod([found.chances @ np.array(found.styles.prior) for found in chances], axis=0)
    if not weights.any():
        raise unexplained([found.seat for found in chances], [found.styles for found in chances])
    generator = np.random.default_rng(rng.getrandbits(64))
    picked = systematic(weights, games, generator)
    findings = (
        split_worlds.findings(drawn, weights, names) if isinstance(observation, SplitAndChooseObservation) else ()
    )
    styles, readings = {}, []
    for found in chances:
        if found.styles.stranger:
            styles[found.seat], posterior = styles_drawn(found.chances[picked], found.styles.prior, generator)
            if found.moves:
                readings.append(reading(found.seat, found.styles, posterior, found.fits[picked], found.moves))
    return Worlds(drawn.subset(picked), picked, kish(weights), findings, styles, tuple(readings))


_PRIOR_STYLES = 0x5717E5
"""Mixed into the worlds' seed for the styles drawn by the prior (apart from the worlds' own draws)."""
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


def _replayed_chances(deals: Any, model: TableModel, cache: dict[bytes, Any]) -> list[SeatChances]:
    """Each other seat's moves in each of ``deals``, read by its styles
    (:func:`style_chances`: ``chances[g, k]``, ``fits[g, k]``, for world ``g``
    and style ``k``). They depend only on the cards the player cannot see that
    the others held when they moved (``deals.their_hidden()``): one replay for each."""
    player = deals.view.player
    hidden = deals.their_hidden()
    _, first, inverse = np.unique(hidden, axis=0, return_index=True, return_inverse=True)
    replays = []
    for g in first.tolist():
        key = hidden[g].tobytes()
        if key not in cache:
            cache[key] = style_chances(deals.game(g), player, model)
        replays.append(cache[key])
    rows = inverse.reshape(-1)
    return [
        SeatChances(
            found.seat,
            found.styles,
            np.array([r[i].chances for r in replays])[rows],
            np.array([r[i].fits for r in replays])[rows],
            found.moves,
        )
        for i, found in enumerate(replays[0])
    ]
