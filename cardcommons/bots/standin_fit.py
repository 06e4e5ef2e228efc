"""Fitting the MonteCarloBot stand-in: its decisions logged, its settings fitted.

:func:`log_games` plays seeded games at the arcade's MonteCarloBot tables
(seat 0 the game's rule-of-thumb bot, every other seat a MonteCarloBot of
one strength, seeded and told the table as :mod:`cardcommons.bots.calibration` seats them) and
keeps each game's seed and moves: the games replay exactly, so the views,
the legal moves and the moves MonteCarloBot played are all in them.
:func:`fit_table` fits the stand-in's settings to the games of even seed by
maximum likelihood, in two forms (a tremble among all legal moves; a wander
among the candidate moves, knocking only on hands at a fitted percentile or
above, with a small tremble; at Split and Choose a wander by phase, and at
the reserve a sharpness, :func:`fit_phases`; at Whisky Poker the chances of a knock
by the phase and the hand's band, :func:`fit_knocks`), and scores them on the
games of odd seed, held out: the log-likelihood per decision, and how often
the stand-in's likeliest move is MonteCarloBot's, beside the rule of thumb's.
:func:`fit_knock_tilt` fits how much stronger than its moves say a
knocker's hand is read, to where the hands came out.

``python -m cardcommons.bots.standin_fit`` logs the games again (about six
CPU minutes) and refits; ``--refit`` refits from the stored games (about two CPU minutes).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.coach import MonteCarloBot, rule_of_thumb
from cardcommons.bots.policies import KNOCK_CELLS, Trembling, knock_cells
from cardcommons.bots.seating import tell_the_table
from cardcommons.bots.split_and_choose import WANDER_PHASES, HeuristicBot, sharp_shares
from cardcommons.bots.standin import FITTED
from cardcommons.bots.whisky import GreedyBot, hand_percentile_array, hand_percentiles, is_stuck
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Bot, Game, Observation
from cardcommons.progress import progress
from cardcommons.split_and_choose import SplitAndChoose, SplitAndChooseObservation
from cardcommons.split_and_choose import parse_action as parse_split_action
from cardcommons.whisky import Knock, Pass, TakeSpare, WhiskyObservation, WhiskyPoker, rules_table
from cardcommons.whisky import parse_action as parse_whisky_action
from cardcommons.widgets.address import STRENGTHS

TABLES = ("whisky-2", "whisky-4", "whisky-9", "split")
"""The tables logged: Whisky Poker at 2, 4 and 9 players, and Split and Choose."""
Floats = npt.NDArray[np.float64]
FIRST_SEED = 10_000
"""The first game's seed (the calibration's probes start at 0: these games are others)."""


def new_game(table: str, seed: int) -> Game:
    """Game ``seed`` of ``table``, its dealer or first splitter turning with the seed.

    >>> new_game("whisky-4", 10_001).dealer, new_game("split", 3).first_splitter
    (1, 1)
    """
    if table == "split":
        return SplitAndChoose(seed=seed, first_splitter=seed % 2)
    if table in TABLES:
        players = int(table.split("-")[1])
        return WhiskyPoker(players, dealer=seed % players, seed=seed)
    raise RulesError(f"no table named {shown(table)}; the tables are {', '.join(TABLES)}")


def log_games(table: str, samples: int, decisions: int, seed: int = FIRST_SEED) -> list[str]:
    """Games of ``table`` from ``seed`` on, MonteCarloBots of ``samples``
    play-outs in every seat but 0, until they have made ``decisions``
    decisions: each game as ``"seed: move; move; ..."``.

    >>> log_games("split", 100, 1, seed="1")
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: the first game's seed is an int, not '1'
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the first game's seed is an int, not {shown(seed)}")
    if isinstance(decisions, bool) or not isinstance(decisions, int) or decisions < 1:
        raise RulesError(f"decisions is a whole number of at least 1, not {shown(decisions)}")
    new_game(table, seed)  # an unknown table is refused before any game is played
    games: list[str] = []
    made = 0
    with progress(total=decisions, desc=f"{table}, {samples} play-outs", leave=False) as bar:
        while made < decisions:
            game = new_game(table, seed)
            others = [MonteCarloBot(samples, seed=seed * 16 + s) for s in range(1, game.players)]
            tell_the_table([None, *others])  # as the arcade seats them: seat 0 a person they read
            bots: list[Bot] = [rule_of_thumb(game, seed * 16), *others]
            while (player := game.current_player) is not None:
                game.apply(bots[player].act(game.observation(player), game.legal_actions()))
                if player != 0:
                    made += 1
                    bar.update(1)
            games.append(f"{seed}: {'; '.join(game.record()['actions'])}")
            seed += 1
    return games


@dataclass(frozen=True)
class Decision:
    """One logged decision of a MonteCarloBot: its view, the legal moves and the move it played."""

    observation: Observation
    legal: tuple[Action, ...]
    played: int
    """The index of the move played in ``legal``."""


def decisions(table: str, games: Sequence[str]) -> Iterator[Decision]:
    """The MonteCarloBot decisions of logged ``games`` (every seat but 0), replayed."""
    parse = parse_split_action if table == "split" else parse_whisky_action
    for logged in games:
        seed, moves = logged.split(": ")
        game = new_game(table, int(seed))
        for code in moves.split("; "):
            action = parse(code)
            player = game.current_player
            assert player is not None
            if player != 0:
                legal = tuple(game.legal_actions())
                yield Decision(game.observation(player), legal, legal.index(action))
            game.apply(action)


# -- what the rule makes of a decision, for any thresholds ----------------------------------------------------


@dataclass(frozen=True)
class Read:
    """A logged decision as the fit reads it: its ``kind`` (Whisky's "phase
    1", "phase 2", "after a knock"; Split and Choose's phase), ``moves``
    legal moves, the played move's chance under the rule of thumb
    (``by_rule``), and, for Whisky Poker, the hand's percentile, the phase,
    whether the move played is a knock, a take of the unseen spare, a pass,
    and its chance under GreedyBot if the bot never knocked on its hand's
    strength (``unforced``), and whether no move beats the hand (``stuck``);
    ``candidates``, how many moves MonteCarloBot weighs (the game's candidate
    moves), and whether the move played is one (``candidate``)."""

    kind: str
    moves: int
    by_rule: float
    candidates: int
    candidate: bool
    percentile: float = 0.0
    phase: int = 0
    knock: bool = False
    take: bool = False
    pass_: bool = False
    unforced: float = 0.0
    stuck: bool = False
    scores: tuple[float, ...] = ()
    """Split and Choose's reserve: the scores of the moves the rule weighs (keep, a swap of each type held)."""
    weighed: int = -1
    """Split and Choose's reserve: which of those moves is the one played (-1: none)."""


_NEVER_KNOCKS = GreedyBot(knock_at=2.0)
"""GreedyBot with no knock on strength (no hand reaches the percentile 2): it knocks only when nothing improves."""


def read(decision: Decision) -> Read:
    """What the fit needs of ``decision``."""
    view, legal = decision.observation, list(decision.legal)
    played = decision.legal[decision.played]
    weighed = view.sample_game(random.Random(0)).candidate_actions()  # the same in every game that fits the view
    if isinstance(view, SplitAndChooseObservation):
        rule = HeuristicBot(seed=0)
        chance = rule.probabilities(view, legal)[decision.played]
        moves, scores = rule.reserve_moves(view) if view.phase == "reserve" else ([], [])
        at = moves.index(played) if played in moves else -1
        return Read(view.phase, len(legal), chance, len(weighed), played in weighed, scores=tuple(scores), weighed=at)
    assert isinstance(view, WhiskyObservation)
    table = rules_table(view.players, view.jokers, view.ace_low, view.ranking)
    strength = table.strengths.strength([table.ids[c] for c in view.hand])
    return Read(
        "after a knock" if view.knocker is not None else f"phase {view.phase}",
        len(legal),
        GreedyBot(seed=0).probabilities(view, legal)[decision.played],
        len(weighed),
        played in weighed,
        hand_percentiles(table.pack, view.ranking)[strength],
        view.phase,
        isinstance(played, Knock),
        isinstance(played, TakeSpare),
        isinstance(played, Pass),
        _NEVER_KNOCKS.probabilities(view, legal)[decision.played],
        is_stuck(view),
    )


# -- the fit: maximum likelihood over a grid ------------------------------------------------------------------

TREMBLES = np.geomspace(1e-3, 0.9, 60)
"""The trembles tried (a move at random among the legal moves): the fit takes the likeliest."""
FLOORS = np.geomspace(1e-4, 0.1, 13)
"""With a wander among the candidates, the trembles tried among all legal moves: a floor, for moves it never weighs."""
WANDERS = np.linspace(0.0, 0.95, 39)
"""The chances tried of a move at random among the candidates."""
KNOCK_FLOORS = (0.0, 0.8, 0.9, 0.95, 0.97, 0.98)
"""With a wander, the percentiles tried below which it never knocks in phase 2 (Whisky Poker)."""


def _columns(reads: Sequence[Read]) -> dict[str, npt.NDArray[Any]]:
    """The reads' fields as arrays, one entry per decision."""
    return {name: np.array([getattr(r, name) for r in reads]) for name in Read.__dataclass_fields__ if name != "scores"}


def mixed(
    reads: Sequence[Read], chance: Floats, tremble: float, wander: float = 0.0, knock_floor: float = 0.0
) -> Floats:
    """The chance of each read's played move when a player plays by the
    rule (``chance``), or with the chance ``wander`` a move at random among
    the candidates (in phase 2 a knock among them only on a hand at the
    percentile ``knock_floor`` or above), or with the chance ``tremble`` among all legal moves.

    >>> weighed = Read("phase 2", 20, 0.0, 4, True)
    >>> mixed([weighed], np.array([1.0]), 0.1, 0.4).tolist()
    [0.605]
    >>> weak_knock = Read("phase 2", 20, 0.0, 4, True, 0.5, 2, knock=True)
    >>> mixed([weak_knock], np.array([0.0]), 0.1, 0.4, knock_floor=0.9).tolist()  # the tremble's part alone
    [0.005]
    """
    c = _columns(reads)
    weak = (c["percentile"] < knock_floor) & (c["phase"] == 2)  # the wander leaves their knock out, in phase 2
    among = np.where(c["candidate"] & ~(c["knock"] & weak), 1 / (c["candidates"] - weak), 0.0)
    found: Floats = (1 - tremble - wander) * chance + wander * among + tremble / c["moves"]
    return found


def rule_chances(reads: Sequence[Read], knock_at: float, take_below: float) -> Floats:
    """The chance of each read's played move under GreedyBot with these thresholds.

    >>> knocked = Read("phase 2", 26, 0.0, 6, True, 0.9, 2, knock=True)
    >>> rule_chances([knocked], 0.95, 0.5).tolist(), rule_chances([knocked], 0.85, 0.5).tolist()
    ([0.0], [1.0])
    """
    c = _columns(reads)
    first = np.where(c["percentile"] < take_below, c["take"], c["pass_"])
    below = np.where(c["phase"] == 1, first, c["unforced"])
    chances: Floats = np.where(c["percentile"] >= knock_at, c["knock"], below).astype(np.float64)
    return chances


def _midpoint(values: Floats, chosen: float) -> float:
    """The middle of the thresholds that read the data as ``chosen`` does:
    from the largest of ``values`` below it (or 0) up to it."""
    below = values[values < chosen]
    return round(float((below.max() if len(below) else 0.0) + chosen) / 2, 4)


def _mixes(wander: bool) -> list[tuple[float, float]]:
    """The (tremble, wander) pairs the fit tries."""
    if not wander:
        return [(float(e), 0.0) for e in TREMBLES]
    return [(float(e), float(w)) for e in FLOORS for w in WANDERS if e + w < 1]


def fit_whisky(reads: Sequence[Read], wander: bool = False) -> dict[str, float]:
    """GreedyBot's ``knock_at`` and ``take_unseen_below`` and the tremble (and,
    with ``wander``, the wander among the candidates and its ``knock_floor``)
    that make ``reads`` likeliest, each threshold in the middle of the range that fits alike."""
    c = _columns(reads)
    p = c["percentile"]
    knocks = np.unique(np.append(p, 1.0))
    firsts = c["phase"] == 1
    takes = np.unique(np.concatenate([p[firsts], [0.0, 1.0 + 1e-9]]))
    above = p[None, :] >= knocks[:, None]  # [knock_at, decision]
    taking = np.where(p[None, :] < takes[:, None], c["take"], c["pass_"]).astype(np.float64)  # [take_below, decision]
    best = (-np.inf, 0.0, 0.0, 0.0, 0.0, 0.0)
    for tremble, wandering in _mixes(wander):
        for floor in KNOCK_FLOORS if wander else (0.0,):
            knocked = np.log(mixed(reads, c["knock"].astype(np.float64), tremble, wandering, floor))
            unforced = np.log(mixed(reads, c["unforced"], tremble, wandering, floor))
            first = np.log(mixed(reads, taking, tremble, wandering, floor))
            later = (~above & ~firsts) @ unforced + above @ knocked  # [knock_at]
            total = later[:, None] + (~above & firsts) @ first.T  # [knock_at, take_below]
            k, t = np.unravel_index(int(np.argmax(total)), total.shape)
            if total[k, t] > best[0]:
                best = (float(total[k, t]), float(knocks[k]), float(takes[t]), tremble, wandering, floor)
    _, knock_at, take_below, tremble, wandering, floor = best
    found = {"knock_at": _midpoint(knocks, knock_at), "take_unseen_below": _midpoint(takes, take_below)}
    wandered = {"wander": round(wandering, 4), "knock_floor": floor} if wander else {}
    return {**found, "tremble": round(tremble, 4), **wandered}


def fit_knocks(reads: Sequence[Read]) -> dict[str, float]:
    """The chance of a knock before any knock in each of
    :data:`~cardcommons.bots.policies.KNOCK_CELLS` (the phase, the hand's band,
    and in phase 2 whether it is stuck): how often the reads in it knocked,
    half a knock added and half a move that is not (so that a cell with few
    reads, or none, stays between 0 and 1).

    >>> knocked = Read("phase 2", 20, 1.0, 4, True, 0.99, 2, knock=True, stuck=True)
    >>> found = fit_knocks([knocked] * 3)
    >>> found["knock_phase2_0.99_0.998_stuck"], found["knock_phase2_0.998_1"]
    (0.875, 0.5)
    """
    c = _columns(reads)
    cells, before = _knock_cells(c)
    knocks = np.bincount(cells[before], weights=c["knock"][before], minlength=len(KNOCK_CELLS))
    seen = np.bincount(cells[before], minlength=len(KNOCK_CELLS))
    return {name: round(float((k + 0.5) / (n + 1)), 4) for name, k, n in zip(KNOCK_CELLS, knocks, seen, strict=True)}


def with_knocks(reads: Sequence[Read], chance: Floats, settings: dict[str, float]) -> Floats:
    """The chance of each read's played move (``chance``: as the rule and the
    moves at random of ``settings`` give it) with the stand-in's knock chances
    of ``settings``, before any knock: the knock's chance in its cell, the other moves' in proportion.

    >>> settings = {"knock_at": 1.0, "tremble": 0.0, "wander": 0.5, "knock_floor": 0.98}
    >>> settings |= dict.fromkeys(KNOCK_CELLS, 0.2)
    >>> stuck = Read("phase 2", 20, 0.0, 4, True, 0.5, 2, stuck=True)  # the rule knocks; the wander has 3 candidates
    >>> with_knocks([stuck], np.array([0.5 / 3]), settings).tolist() == [0.5 / 3 * 0.8 / 0.5]
    True
    """
    c = _columns(reads)
    if KNOCK_CELLS[0] not in settings:
        return chance
    cells, before_any = _knock_cells(c)
    knocks = np.array([settings[name] for name in KNOCK_CELLS])[cells]
    as_knocks = [dataclasses.replace(r, candidate=True, knock=True) for r in reads]  # a knock is a candidate
    rule = ((c["percentile"] >= settings["knock_at"]) | c["stuck"]).astype(np.float64)
    before = mixed(as_knocks, rule, settings["tremble"], settings.get("wander", 0.0), settings.get("knock_floor", 0.0))
    found: Floats = np.where(before_any, np.where(c["knock"], knocks, chance * (1 - knocks) / (1 - before)), chance)
    return found


def _knock_cells(c: dict[str, npt.NDArray[Any]]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """Each read's knock cell (:func:`~cardcommons.bots.policies.knock_cells`) and whether it is before any knock."""
    cells = np.where(
        c["phase"] == 1, knock_cells(c["percentile"], c["stuck"], 1), knock_cells(c["percentile"], c["stuck"], 2)
    )
    return cells, np.isin(c["kind"], ["phase 1", "phase 2"])


SHARPNESSES = (0.0, 1.0, 2.0, 3.0, 5.0, 7.0, 10.0, 15.0, 20.0, 30.0, 50.0, 100.0)
"""The sharpnesses tried at Split and Choose's reserve (see :class:`~cardcommons.bots.split_and_choose.Foresight`)."""


def sharp_chances(reads: Sequence[Read], sharpness: float) -> Floats:
    """The chance of each reserve read's played move when the move is one of
    those the rule weighs, in proportion to ``exp(sharpness * score)`` (0 if
    the move played is none of them).

    >>> keep_or_swap = Read("reserve", 11, 1.0, 11, True, scores=(0.5, 0.4), weighed=0)
    >>> sharp_chances([keep_or_swap], 0.0).tolist(), bool(sharp_chances([keep_or_swap], 10.0)[0] > 0.7)
    ([0.5], True)
    """
    found = [sharp_shares(r.scores, sharpness)[r.weighed] if r.weighed >= 0 else 0.0 for r in reads]
    return np.array(found, dtype=np.float64)


def stand_in_chances(reads: Sequence[Read], chance: Floats, settings: dict[str, float]) -> Floats:
    """Each Split and Choose read's played move's chance under the stand-in's
    ``settings`` (:func:`fit_phases`), given its chance under the rule."""
    c = _columns(reads)
    wander = np.array([settings.get(f"wander_{kind}", 0.0) for kind in c["kind"]])
    inner = wandered(chance, wander, c["moves"])
    reserve = np.flatnonzero(c["kind"] == "reserve")
    if len(reserve) and "sharpness" in settings:
        inner[reserve] = sharp_chances([reads[i] for i in reserve.tolist()], settings["sharpness"])
    return mixed(reads, inner, settings["tremble"])


def wandered(chance: Floats, wander: float | Floats, moves: npt.NDArray[np.int64]) -> Floats:
    """The chance of a move that is, at the share ``wander``, one at random among
    ``moves`` legal moves, else the rule's (``chance``), as Foresight reads it.

    >>> wandered(np.array([1.0]), 0.5, np.array([4])).tolist()
    [0.625]
    """
    found: Floats = (1 - wander) * chance + wander / moves
    return found


def fit_phases(reads: Sequence[Read], chance: Floats) -> dict[str, float]:
    """The tremble, the wander at the split and at the choice
    (``wander_split``, ``wander_choose``), and the sharpness at the reserve
    that make the played moves likeliest, given their chance under the rule
    (see :class:`~cardcommons.bots.split_and_choose.Foresight`): MonteCarloBot's
    splits follow the rule no more than moves at random do, its reserve decisions mostly do.

    >>> reads = [Read("split", 6, 0.0, 6, True), Read("reserve", 11, 1.0, 11, True, scores=(0.5, 0.4), weighed=0)] * 3
    >>> found = fit_phases(reads, np.array([0.0, 1.0] * 3))
    >>> found["wander_split"], found["sharpness"]
    (0.95, 100.0)
    """
    c = _columns(reads)
    parts = {phase: np.flatnonzero(c["kind"] == phase) for phase in (*WANDER_PHASES, "reserve", "build")}
    reads_of = {phase: [reads[i] for i in rows.tolist()] for phase, rows in parts.items()}
    inner = {  # each phase's chances of the played moves under each setting tried, but for the tremble
        **{
            phase: [wandered(chance[rows], float(w), c["moves"][rows]) for w in WANDERS]
            for phase, rows in parts.items()
            if phase in WANDER_PHASES
        },
        "reserve": [sharp_chances(reads_of["reserve"], k) for k in SHARPNESSES],
        "build": [chance[parts["build"]]],  # the rule's best build
    }
    best: tuple[float, dict[str, float]] = (-np.inf, {})
    for tremble in (float(e) for e in FLOORS):
        found: dict[str, float] = {"tremble": round(tremble, 4)}
        total = 0.0
        for phase, tried in inner.items():
            scores = [float(np.log(mixed(reads_of[phase], by, tremble)).sum()) if len(by) else 0.0 for by in tried]
            k = int(np.argmax(scores))
            total += scores[k]
            if phase in WANDER_PHASES:
                found[f"wander_{phase}"] = round(float(WANDERS[k]), 4)
            elif phase == "reserve":
                found["sharpness"] = SHARPNESSES[k]
        if total > best[0]:
            best = (total, found)
    return best[1]


def fit_mix(reads: Sequence[Read], chance: Floats, wander: bool = False) -> dict[str, float]:
    """The tremble (and, with ``wander``, the wander) that make the played
    moves likeliest, given their chance under the rule."""
    mixes = _mixes(wander)
    total = [np.log(mixed(reads, chance, e, w)).sum() for e, w in mixes]
    tremble, wandering = mixes[int(np.argmax(total))]
    return {"tremble": round(tremble, 4), **({"wander": round(wandering, 4)} if wander else {})}


@dataclass(frozen=True)
class Measured:
    """How well a policy reads held-out decisions: the mean log-likelihood
    of the moves played, and the agreement (how often its likeliest move is
    the one played, ties sharing), for the stand-in and the rule of thumb
    (with the tremble fitted to it alone, and with the model's 1 in 50)."""

    decisions: int
    stand_in: float
    rule: float
    rule_one_in_50: float
    uniform: float
    stand_in_agrees: float
    rule_agrees: float


def measure(reads: Sequence[Read], stand_in: Floats, agrees: Floats, rule_tremble: float) -> Measured:
    """The figures of :class:`Measured` for held-out ``reads``, given the
    played moves' chances under the stand-in (``stand_in``) and how often its likeliest move is played (``agrees``)."""
    by_rule = _columns(reads)["by_rule"].astype(np.float64)

    def mean_log(chance: Floats) -> float:
        return round(float(np.log(chance).mean()), 4)

    return Measured(
        len(reads),
        mean_log(stand_in),
        mean_log(mixed(reads, by_rule, rule_tremble)),
        mean_log(mixed(reads, by_rule, 0.02)),
        mean_log(mixed(reads, by_rule, 1.0)),
        round(float(agrees.mean()), 4),
        round(float(by_rule.mean()), 4),
    )


def halves(table: str, games: Sequence[str]) -> tuple[list[Read], list[Read]]:
    """The reads of the logged ``games`` of ``table``: those of even seed (to fit) and of odd seed (held out)."""
    found: tuple[list[Read], list[Read]] = ([], [])
    for logged in games:
        found[int(logged.split(":")[0]) % 2].extend(map(read, decisions(table, [logged])))
    return found


def fit_table(table: str, games: Sequence[str], knocks: dict[str, float] | None = None) -> dict[str, Any]:
    """The stand-in's settings for ``table``, fitted to the logged ``games`` of
    even seed, with their :class:`Measured` figures on the games of odd seed:
    as a trembling rule (``"trembling"``) and with a wander among the candidates
    (``"wandering"``; at Split and Choose by phase, :func:`fit_phases`; at Whisky
    Poker with the knock chances ``knocks``, by default :func:`fit_knocks` of every
    one of these games, see :func:`fit_all`). Split
    and Choose's builds are fitted (MonteCarloBot weighs only the best build,
    and a tremble would build at random) but not
    measured: they would only add agreement that every policy here shares."""
    fitting, held = halves(table, games)
    held = [r for r in held if r.kind != "build"]
    rule_tremble = fit_mix(fitting, _by_rule(fitting))["tremble"]
    found: dict[str, Any] = {}
    for name, wander in (("trembling", False), ("wandering", True)):
        if table == "split":
            settings = fit_phases(fitting, _by_rule(fitting)) if wander else fit_mix(fitting, _by_rule(fitting))
            chance = _by_rule(held)
        else:
            settings = fit_whisky(fitting, wander)
            if wander:
                settings |= fit_knocks([*fitting, *held]) if knocks is None else knocks
            chance = rule_chances(held, settings["knock_at"], settings["take_unseen_below"])
        if table == "split" and wander:
            stand_in = stand_in_chances(held, chance, settings)
        else:
            floor = settings.get("knock_floor", 0.0)
            mixes = mixed(held, chance, settings["tremble"], settings.get("wander", 0.0), floor)
            stand_in = with_knocks(held, mixes, settings)
        figures = measure(held, stand_in, chance, rule_tremble)
        found[name] = {"settings": settings, "decisions": len(fitting), "held_out": asdict(figures)}
    return found


def _by_rule(reads: Sequence[Read]) -> Floats:
    """The played moves' chances under the rule of thumb."""
    chance: Floats = _columns(reads)["by_rule"].astype(np.float64)
    return chance


DECISIONS = {"whisky-2": 800, "whisky-4": 800, "whisky-9": 600, "split": 600}
"""MonteCarloBot decisions logged at each table, for each strength."""
GAMES = Path(__file__).with_name("standin_games.json")
"""The logged games, by table and strength, with the CPU seconds the logging took."""


def log_all() -> dict[str, Any]:
    """Every table's games at every strength (:data:`DECISIONS`), with the CPU seconds each took."""
    logged: dict[str, Any] = {"cpu_seconds": {}, "games": {}}
    for table in TABLES:
        for name, samples in STRENGTHS:
            start = time.process_time()
            logged["games"].setdefault(table, {})[name] = log_games(table, samples, DECISIONS[table])
            logged["cpu_seconds"].setdefault(table, {})[name] = round(time.process_time() - start, 1)
    return logged


TILTS = (0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0, 10.0, 15.0, 20.0)
"""The tilts tried at Split and Choose's build (see :data:`~cardcommons.bots.standin.TILT`)."""


def build_worlds(logged: str, samples: int) -> tuple[Floats, Floats, float]:
    """A logged Split and Choose game at seat 0's build, read by the coach with
    MonteCarloBot's stand-in untilted (1,000 worlds, seeded by the game): seat
    0's share in each world (both build their best), the rule's value of seat
    1's hand in each, and seat 0's share in the game itself."""
    from cardcommons.bots.playouts.split_and_choose import Deals
    from cardcommons.bots.split_and_choose import Foresight, value_array
    from cardcommons.bots.standin import stand_in
    from cardcommons.bots.worlds import RULE_OF_THUMB, sample_worlds
    from cardcommons.split_and_choose import best_build, build_table

    seed, moves = logged.split(": ")
    game = new_game("split", int(seed))
    assert isinstance(game, SplitAndChoose)
    for code in moves.split("; "):
        if game.phase == "build" and game.current_player == 0:
            break
        game.apply(parse_split_action(code))
    policy = stand_in(MonteCarloBot(samples), game)
    assert isinstance(policy.rule, Foresight)
    rule = policy.rule
    untilted = Foresight(0, rule.sight, rule.wander, rule.sharpness)
    model = RULE_OF_THUMB.seated([None, Trembling(untilted, policy.tremble)])
    deals = sample_worlds(game.observation(0), 1000, int(seed), model).deals
    assert isinstance(deals, Deals)
    scores = build_table().scores
    mine, theirs = scores[deals.hand[0]].astype(np.int64), scores[deals.hand[1]].astype(np.int64)
    shares: Floats = np.where(mine > theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))
    values: Floats = value_array()[deals.profiles(1)]
    while (player := game.current_player) is not None:
        game.apply(best_build(game.hand(player)))
    assert game.result is not None
    return shares, values, game.result.share(0, 2)


def fit_tilt(worlds: Sequence[tuple[Floats, Floats, float]]) -> dict[float, float]:
    """The mean log-likelihood of the games' outcomes at the build under each
    of :data:`TILTS` (``worlds``: :func:`build_worlds` of each game): each
    world weighed by ``exp(tilt * value)``, the outcome's chance the weight of
    the worlds where seat 0's share is the game's (at least 1 in a million).

    >>> even = (np.array([1.0, 0.0]), np.array([0.2, 0.8]), 0.0)  # the stronger hand won
    >>> found = fit_tilt([even])
    >>> found[0.0] < found[3.0] < found[20.0]
    True
    """
    return tilted_scores(TILTS, [(values, shares == outcome) for shares, values, outcome in worlds])


def tilted_scores(tilts: Sequence[float], worlds: Sequence[tuple[Floats, npt.NDArray[np.bool_]]]) -> dict[float, float]:
    """The mean log-likelihood, under each of ``tilts``, of what came out in
    games (``worlds``: for each game, each world's value and whether what came
    out holds in it): each world weighed by ``exp(tilt * value)``, what came
    out the weight of the worlds where it holds (at least 1 in a million).

    >>> tilted_scores([0.0, 1.0], [(np.array([0.0, 1.0]), np.array([False, True]))])
    {0.0: -0.6931, 1.0: -0.3133}
    """
    found = {}
    for tilt in tilts:
        logs = []
        for values, holds in worlds:
            weights = np.exp(tilt * (values - values.max()))
            logs.append(np.log(max(float(weights[holds].sum() / weights.sum()), 1e-6)))
        found[tilt] = round(float(np.mean(logs)), 4)
    return found


KNOCK_TILTS = (0.0, 0.25, 0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 4.0)
"""The tilts tried for a Whisky Poker knock (see :class:`~cardcommons.bots.policies.Trembling`'s ``tilt``)."""
TILT_BANDS = np.array([0.9, 0.95, 0.99, 0.998])
"""The bands of percentiles whose chance :func:`fit_knock_tilt` scores, for the knocker's hand."""


def knock_worlds(table: str, logged: str, samples: int) -> tuple[Floats, float] | None:
    """A logged Whisky Poker game of ``table`` at seat 0's turn after a
    MonteCarloBot of ``samples`` play-outs knocked, read by the coach with
    the stand-ins untilted (1,000 worlds, seeded by the game): the
    percentile of the knocker's hand in each world, and in the game itself;
    None if seat 0 knocked first, or had no turn after the knock."""
    from cardcommons.bots.seating import seat_policies
    from cardcommons.bots.worlds import RULE_OF_THUMB, sample_worlds

    seed, moves = logged.split(": ")
    game = new_game(table, int(seed))
    assert isinstance(game, WhiskyPoker)
    for code in moves.split("; "):
        if game.knocker not in (None, 0) and game.current_player == 0:
            break
        game.apply(parse_whisky_action(code))
    else:
        return None
    assert game.knocker is not None
    players = [None, *(MonteCarloBot(samples) for _ in range(1, game.players))]
    untilted = [
        dataclasses.replace(p, tilt=0.0) if isinstance(p, Trembling) else p for p in seat_policies(players, game, 0)
    ]
    deals = sample_worlds(game.observation(0), 1000, int(seed), RULE_OF_THUMB.seated(untilted)).deals
    rules = deals.table
    percentiles = hand_percentile_array(rules.pack, rules.ranking)
    held = percentiles[rules.strengths.strengths_of_hands(deals.hands[:, game.knocker])]
    true = percentiles[rules.strengths.strength([rules.ids[c] for c in game.hands[game.knocker]])]
    return held, float(true)


def fit_knock_tilt(worlds: Sequence[tuple[Floats, float]]) -> dict[float, float]:
    """The mean log-likelihood, under each of :data:`KNOCK_TILTS`, of the band
    (:data:`TILT_BANDS`) of the knocker's hand in the games (``worlds``:
    :func:`knock_worlds` of each): the worlds weighed by ``exp(tilt * nines)``
    (:func:`~cardcommons.bots.worlds.whisky.nines`), the band's chance the
    weight of the worlds where the knocker's hand is in it (at least 1 in a million).

    >>> strong = (np.array([0.5, 0.999]), 0.9995)  # the stronger hand was the knocker's
    >>> found = fit_knock_tilt([strong])
    >>> found[0.0] < found[1.0] < found[4.0]
    True
    """
    from cardcommons.bots.worlds.whisky import nines

    def band(percentiles: Floats | float) -> Any:
        return np.searchsorted(TILT_BANDS, percentiles, side="right")

    return tilted_scores(KNOCK_TILTS, [(nines(held), band(held) == band(true)) for held, true in worlds])


def fit_all(logged: dict[str, Any]) -> dict[str, Any]:
    """The stand-in's settings for every table and strength logged, with their
    figures. At Whisky Poker the knock chances and the knock's tilt (:func:`fit_knock_tilt`,
    its figures beside the tables) are fitted to every game of the
    table's three strengths together: a cell holds a few tens of decisions, and
    the games of even and of odd seed, dealt from different seats (the dealer
    turns with the seed), knock apart far beyond chance (at 4 players, on a
    hand below 0.98 that nothing improves: 0 of 17 against 6 of 17). So the held-out
    figures hold out every setting but the knock chances."""
    tables, tilts = {}, {}
    samples = dict(STRENGTHS)
    for table, by_strength in logged["games"].items():
        knocks = None
        if table != "split":
            knocks = fit_knocks([r for games in by_strength.values() for half in halves(table, games) for r in half])
            every = [(name, g) for name, games in by_strength.items() for g in games]
            bar = progress(every, desc=f"{table}: the knocks' worlds", leave=False)
            read = [knock_worlds(table, g, samples[name]) for name, g in bar]
            tilts[table] = fit_knock_tilt([w for w in read if w is not None])
        tables[table] = {name: fit_table(table, games, knocks) for name, games in by_strength.items()}
        for forms in tables[table].values() if table in tilts else ():
            forms["wandering"]["settings"]["knock_tilt"] = max(tilts[table], key=lambda tilt: tilts[table][tilt])
    strengths = {"strengths": dict(STRENGTHS), "logging_cpu_seconds": logged["cpu_seconds"]}
    return {**strengths, "tables": tables, "knock_tilts": tilts}


def main(argv: Sequence[str] | None = None) -> None:
    """Log the games again and fit (or, with ``--refit``, fit the stored games again)."""
    parser = argparse.ArgumentParser(prog="python -m cardcommons.bots.standin_fit", description=__doc__)
    parser.add_argument("--refit", action="store_true", help="fit the stored games again, without logging")
    args = parser.parse_args(argv)
    if args.refit:
        logged = json.loads(GAMES.read_text(encoding="utf-8"))
    else:
        logged = log_all()
        GAMES.write_text(json.dumps(logged, indent=1) + "\n", encoding="utf-8")
    FITTED.write_text(json.dumps(fit_all(logged), indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
