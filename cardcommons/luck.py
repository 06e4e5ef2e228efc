"""Luck, measured: one seat's result in a finished game, split into what the
cards and the other players dealt it and what its own decisions did.

Bridge players score a pair against the others who held the same cards
(duplicate scoring); AIVAT (Burch, Schmid, Moravčík, Morrill and Bowling,
2018) generalises the idea to any game whose chance and some of whose
players are known. Here a **value** is the seat's expected share of the
result from a position, with every card dealt so far known and the
players playing on from there by the **values**' policies (:data:`VALUES`:
by default each seat, the judged one too, by its own policy where the table
makes it known, else by the rule of thumb,
:func:`~cardcommons.bots.worlds.rule_of_thumb`), estimated by the batch
play-outs on the game's true deal.
Replaying the game, each decision gets the value of every move its mover's
policy might make, of every move the play-outs' policy for it might make
there, and of the move made (a :class:`Step`). The **luck terms** (after AIVAT: each is a
value less its expectation under a known chance, the same values on both
sides) are

- **the deal**: the value at the first decision (**par**: the share the
  seat takes with these cards against these players, each playing by the
  values' policy) less its average over every deal (the **baseline**,
  estimated once for the table);
- **seat k**, for each other seat whose policy is known (a rule-of-thumb
  bot, a random one): at each of its decisions, the value of the move it
  made less the policy's expected value there;
- **later chance** (Split and Choose): at each round after the first, the
  value once its four cards are dealt less the value expected before (the
  reserve is the one card the rounds leave: the last round settles it).

Each has a mean of 0 whatever the seat does, so the **adjusted result**,
the outcome less them, has the outcome's mean and, where the values track
the game, less spread: the bench's luck section measures how much, for each
choice of values. Values are exact fractions, so the terms add up to
``outcome - adjusted`` exactly.

>>> from cardcommons.bots import GreedyBot
>>> from cardcommons.game import play
>>> from cardcommons.whisky import WhiskyObservation, WhiskyPoker
>>> game = WhiskyPoker(3, seed=2)
>>> _ = play(game, [GreedyBot(seed=s) for s in range(3)])
>>> luck = measure(game, 0, table=[None, GreedyBot(), GreedyBot()], baseline_games=40)
>>> sorted(luck.terms)
['seat 1', 'seat 2', 'the deal']
>>> luck.outcome - luck.adjusted == sum(luck.terms.values())
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from cardcommons.bots.playouts import split_and_choose as split_playouts
from cardcommons.bots.playouts import whisky as whisky_playouts
from cardcommons.bots.policies import Trembling
from cardcommons.bots.seating import playing, seat_policies
from cardcommons.bots.worlds import Policy, rule_of_thumb
from cardcommons.errors import RulesError, shown
from cardcommons.game import Action, Game, Observation
from cardcommons.split_and_choose import PACK, Build, SplitAndChoose, best_build, score_builds
from cardcommons.whisky import WhiskyObservation, WhiskyPoker

__all__ = [
    "LATER_CHANCE",
    "OTHER_PLAYERS",
    "RULE_OF_THUMB_VALUES",
    "SEATED_VALUES",
    "THE_DEAL",
    "UNIFORM",
    "VALUES",
    "Luck",
    "Measured",
    "Step",
    "baseline",
    "decompose",
    "measure",
    "measure_seats",
    "policy_of",
    "seat_term",
]

THE_DEAL = "the deal"
LATER_CHANCE = "later chance"
PLAYOUTS = 64
"""Play-outs of each move at each decision, on the true deal (the bots' tie-breaks and Split and Choose's
cards not yet dealt differ between them). The bench's luck section, at 200 games a match: 16 leave too much
noise in Split and Choose's later rounds (a variance ratio of 1.6 against 3.9 at 64, a HeuristicBot judged),
256 gain little more (4.8, within 64's interval) at 40% more CPU; in Whisky Poker all three are alike."""
BASELINE_GAMES = 200
"""The baseline (the average par) is estimated from this many hands of the first player to move, each
with :data:`BASELINE_PLAYOUTS` deals of the other cards, played out once each."""
BASELINE_PLAYOUTS = 20
SEATED_VALUES = "seated"
"""Values whose play-outs go on with each seat, the judged one too, playing by its own policy where the
table makes it known (a MonteCarloBot by its stand-in's rule), else by the rule of thumb."""
RULE_OF_THUMB_VALUES = "rule of thumb"
"""Values whose play-outs go on with the rule of thumb in every seat, whoever sits there."""
VALUES = (SEATED_VALUES, RULE_OF_THUMB_VALUES)
"""The choices of values, the default first. The bench's luck section, at 200 games a match: seated values
cut a known bot's variance most (a GreedyBot(knock_at=0.9) judged at 4 players: a variance ratio of 40 against
0.36 with the rule of thumb in every seat), and MonteCarloBot's a little (Whisky Poker at 2 players: 1.09
against 0.94, its stand-in playing its seat on); elsewhere the two are alike."""
_UNITS = 2520
"""Every share is a whole number of 2520ths (1/k for k winners up to 9), so a mean of them is exact."""


def seat_term(seat: int) -> str:
    """The name of a known seat's luck term: ``"seat 2"``."""
    return f"seat {seat}"


class _Uniform:
    """A policy that plays every legal move alike (how a random bot plays)."""

    def probabilities(self, observation: Observation, legal_actions: Sequence[Action]) -> list[float]:
        return [1 / len(legal_actions)] * len(legal_actions)

    def __repr__(self) -> str:
        return "UNIFORM"


UNIFORM = _Uniform()
"""The policy of :class:`~cardcommons.bots.RandomBot`: every legal move alike."""


def policy_of(player: object) -> Policy | None:
    """The policy a seated player is known to play by, or None: a rule-of-thumb
    bot is its own policy, a :class:`~cardcommons.bots.RandomBot` plays
    :data:`UNIFORM`, any other player (a person, MonteCarloBot) is unknown.

    >>> from cardcommons.bots import GreedyBot, MonteCarloBot, RandomBot
    >>> policy_of(GreedyBot()), policy_of(RandomBot()), policy_of(MonteCarloBot()), policy_of(None)
    (GreedyBot(knock_at=1.0), UNIFORM, None, None)
    """
    from cardcommons.bots import RandomBot  # the bots' package imports the coach, which is heavier

    if isinstance(player, RandomBot):
        return UNIFORM
    return player if isinstance(player, Policy) else None


@dataclass(frozen=True)
class Step:
    """One decision of a finished game: move number ``index``, by ``mover``
    (``known``: by a policy known to be its own), the ``moves`` weighed (those
    its policy or the play-outs' policy for it might make, and the one made),
    the chance of each under the mover's policy (``chances``: the play-outs'
    policy's where the mover is the judged seat or unknown) and under the
    policy the play-outs go on with in its seat (``model``), the judged
    seat's ``values`` after each, and the move
    ``played``. ``before``: where chance dealt cards just before this
    decision, the value expected before they were dealt."""

    index: int
    mover: int
    known: bool
    moves: tuple[Action, ...]
    chances: tuple[Fraction, ...]
    model: tuple[Fraction, ...]
    values: tuple[Fraction, ...]
    played: int
    before: Fraction | None = None

    @property
    def expected(self) -> Fraction:
        """The value before the move, the mover playing by its policy."""
        return _dot(self.chances, self.values)

    @property
    def par(self) -> Fraction:
        """The value before the move, the mover playing as the play-outs go on with it."""
        return _dot(self.model, self.values)

    @property
    def gain(self) -> Fraction:
        """What the move made added to the value its policy expected there."""
        return self.values[self.played] - self.expected


def _dot(chances: Sequence[Fraction], values: Sequence[Fraction]) -> Fraction:
    return sum((c * v for c, v in zip(chances, values, strict=True)), Fraction(0))


@dataclass(frozen=True)
class Luck:
    """One seat's result in a finished game, split (see the module). ``terms``
    maps each luck term's name to its value: ``outcome - adjusted`` is their
    sum, exactly. ``par`` is the value of the deal, ``baseline`` its average
    over deals (estimated, with ``baseline_error``, the same for every game at
    the table); ``own`` what the seat's decisions added on the true deal, each
    against the expected value there of the policy its play-outs go on with."""

    seat: int
    outcome: Fraction
    baseline: Fraction
    baseline_error: float
    par: Fraction
    terms: dict[str, Fraction]
    own: Fraction
    steps: tuple[Step, ...] = field(default=(), repr=False)

    @property
    def adjusted(self) -> Fraction:
        """The outcome less every luck term: unbiased, with the outcome's mean."""
        return self.outcome - sum(self.terms.values(), Fraction(0))

    def measured(self) -> Measured:
        """The numbers a simulation keeps of it, the known seats' terms added up as :data:`OTHER_PLAYERS`."""
        groups = {THE_DEAL: 0.0, OTHER_PLAYERS: 0.0, LATER_CHANCE: 0.0}
        for name, value in self.terms.items():
            groups[name if name in groups else OTHER_PLAYERS] += float(value)
        return Measured(float(self.outcome), float(self.adjusted), self.baseline_error, groups)


OTHER_PLAYERS = "other players"
"""The known seats' luck terms, added up."""


@dataclass(frozen=True)
class Measured:
    """One seat's luck in one game, in plain numbers: its ``share`` of the
    result, its ``adjusted`` share, the baseline's standard error, and the
    luck ``terms`` by kind (:data:`THE_DEAL`, :data:`OTHER_PLAYERS`, :data:`LATER_CHANCE`)."""

    share: float
    adjusted: float
    baseline_error: float
    terms: dict[str, float]


def decompose(
    steps: Sequence[Step], outcome: Fraction, seat: int, baseline: Fraction, baseline_error: float = 0.0
) -> Luck:
    """The split of ``outcome`` (the judged ``seat``'s share) from a game's
    decisions, in order, and the baseline (the average over deals of the
    first decision's ``par``). Each luck term is a value less its expected
    value under known chances, the same values on both sides: the deal's par
    less the baseline, a known seat's move less its policy's expectation,
    dealt cards' value less the value expected before them (``before``,
    unbiased). So each has a mean of 0 whatever the values are, and the
    adjusted result is unbiased.

    >>> from cardcommons.whisky import PASS, KNOCK
    >>> half, one = Fraction(1, 2), Fraction(1)
    >>> q = (Fraction(1, 4), Fraction(3, 4))
    >>> steps = [Step(0, 1, True, (PASS, KNOCK), (half, half), (one, Fraction(0)), q, 1)]
    >>> luck = decompose(steps, one, seat=0, baseline=Fraction(1, 5))
    >>> luck.terms == {"the deal": Fraction(1, 20), "seat 1": Fraction(1, 4)}
    True
    >>> luck.adjusted
    Fraction(7, 10)
    """
    par = steps[0].par if steps else outcome
    terms: dict[str, Fraction] = {THE_DEAL: par - baseline}
    own = Fraction(0)
    for step in steps:
        if step.before is not None:
            terms[LATER_CHANCE] = terms.get(LATER_CHANCE, Fraction(0)) + step.par - step.before
        if step.known:
            name = seat_term(step.mover)
            terms[name] = terms.get(name, Fraction(0)) + step.gain
        elif step.mover == seat:
            own += step.gain
    return Luck(seat, outcome, baseline, baseline_error, par, terms, own, tuple(steps))


def measure(
    game: Game,
    seat: int,
    table: Sequence[object] | None = None,
    playouts: int = PLAYOUTS,
    seed: int = 0,
    baseline_games: int = BASELINE_GAMES,
    progress: Callable[[int, int], object] | None = None,
    values: str = SEATED_VALUES,
) -> Luck:
    """The luck in a finished ``game`` for ``seat``, from ``playouts``
    play-outs of each weighed move on the true deal. ``table``: the players
    by seat (a bot, or None where unknown), as the coach takes it; a seat
    whose player has a known policy (:func:`policy_of`) gets a term of its
    own, and ``seat`` itself is never treated as known (its own policy, where
    known, only plays its seat on in the play-outs). ``values``: one of
    :data:`VALUES`. ``progress`` is told ``(moves done, moves in all)``.

    >>> measure(WhiskyPoker(2, seed=1), 0)
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: the game is not finished: luck is measured on a finished game
    """
    return measure_seats(game, [seat], table, playouts, seed, baseline_games, progress, values)[0]


def measure_seats(
    game: Game,
    seats: Sequence[int],
    table: Sequence[object] | None = None,
    playouts: int = PLAYOUTS,
    seed: int = 0,
    baseline_games: int = BASELINE_GAMES,
    progress: Callable[[int, int], object] | None = None,
    values: str = SEATED_VALUES,
) -> tuple[Luck, ...]:
    """:func:`measure` of each of ``seats``, from one set of play-outs: each
    move's play-outs give every seat's share, and a move's value does not
    depend on the other moves played out beside it, so each seat's luck is
    what :func:`measure` gives it alone (with the same ``seed``), for about
    the cost of one seat's.

    >>> from cardcommons.bots import GreedyBot
    >>> from cardcommons.game import play
    >>> game = WhiskyPoker(3, seed=2)
    >>> _ = play(game, [GreedyBot(seed=s) for s in range(3)])
    >>> table = [GreedyBot()] * 3
    >>> lucks = measure_seats(game, [0, 2], table, playouts=8, baseline_games=10)
    >>> lucks == (measure(game, 0, table, 8, baseline_games=10), measure(game, 2, table, 8, baseline_games=10))
    True
    """
    if isinstance(seats, str | bytes) or not isinstance(seats, Sequence) or not seats:
        raise RulesError(f"the seats are a list of at least one seat, not {shown(seats)}")
    players = max(checked_game(game, seat, table) for seat in seats)
    for name, value in (("playouts", playouts), ("baseline_games", baseline_games)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise RulesError(f"{name} is a whole number of at least 1, not {shown(value)}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RulesError(f"the seed is an int, not {shown(seed)}")
    if values not in VALUES:
        raise RulesError(f"values is one of {', '.join(map(repr, VALUES))}, not {shown(values)}")
    assert isinstance(game, WhiskyPoker | SplitAndChoose)  # checked above
    policies = [[None if s == seat or table is None else policy_of(table[s]) for s in range(players)] for seat in seats]
    rng = random.Random(seed)
    replay = _start(game)
    continued = played_on(replay, table if values == SEATED_VALUES else None)
    actions = _actions(game)
    steps: list[list[Step]] = [[] for _ in seats]
    for index, action in enumerate(actions):
        mover = replay.current_player
        assert mover is not None
        legal: list[Action] = list(replay.legal_actions())
        if len(legal) > 1:
            view = replay.observation(mover)
            known = [read[mover] for read in policies]
            weighed = [_weighed([k or continued[mover], continued[mover]], view, legal, action) for k in known]
            every = [a for a in legal if any(a in moves for moves, _ in weighed)]
            found = _every_value(replay, seats, every, playouts, rng, continued)
            for k, (moves, (chances, by_model)), seat_steps, values_found in zip(
                known, weighed, steps, found, strict=True
            ):
                move_values = tuple(values_found[every.index(move)] for move in moves)
                before = _before_dealt(replay, seat_steps)
                played = moves.index(action)
                seat_steps.append(
                    Step(index, mover, k is not None, moves, chances, by_model, move_values, played, before)
                )
        replay.apply(action)
        if progress is not None:
            progress(index + 1, len(actions))
    result = game.result
    assert result is not None
    lucks = []
    for seat, read, seat_steps in zip(seats, policies, steps, strict=True):
        outcome = Fraction(result.share(seat, players)).limit_denominator(_UNITS)
        mean, error = baseline(game, seat, baseline_games, continued)
        luck = decompose(seat_steps, outcome, seat, mean, error)
        for s, policy in enumerate(read):  # every known seat has a term, if only 0
            if policy is not None:
                luck.terms.setdefault(seat_term(s), Fraction(0))
        lucks.append(luck)
    return tuple(lucks)


def played_on(game: Game, table: Sequence[object] | None) -> list[Trembling]:
    """The policy each seat of ``game`` plays on by in the values' play-outs
    (a batch form): its own where ``table`` makes it known (a MonteCarloBot:
    its stand-in's rule; a random bot: at random), else the rule of thumb's.

    >>> from cardcommons.bots import GreedyBot, RandomBot
    >>> played_on(WhiskyPoker(3, seed=1), [None, RandomBot(), GreedyBot(knock_at=0.9)])
    ... # doctest: +NORMALIZE_WHITESPACE
    [Trembling(GreedyBot(knock_at=1.0), tremble=0.0), Trembling(None, tremble=1.0),
     Trembling(GreedyBot(knock_at=0.9), tremble=0.0)]
    """
    rule = Trembling(rule_of_thumb(game, 0), 0.0)
    if table is None:
        return [rule] * game.players
    seats = seat_policies(table, game, me=-1)  # every seat, the judged one too: its policy only plays it on
    return playing(seats, rule, table)


def _before_dealt(game: WhiskyPoker | SplitAndChoose, steps: list[Step]) -> Fraction | None:
    """At a split of Split and Choose after the first round, the value of the
    choice before it (made with the round's cards not yet dealt); else None."""
    if not isinstance(game, SplitAndChoose) or game.phase != "split" or game.round == 0:
        return None
    last = steps[-1]
    return last.values[last.played]


def checked_game(game: object, seat: object, table: object) -> int:
    """The number of players of a finished Whisky Poker or Split and Choose
    ``game``, once ``seat`` and ``table`` fit it; else :class:`RulesError` naming the bad one."""
    if not isinstance(game, WhiskyPoker | SplitAndChoose):
        raise RulesError(f"luck is measured on a game of Whisky Poker or Split and Choose, not {shown(game)}")
    if not game.is_over:
        raise RulesError("the game is not finished: luck is measured on a finished game")
    players = game.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise RulesError(f"the seat is a number from 0 to {players - 1}, not {shown(seat)}")
    if table is not None and (isinstance(table, str | bytes) or not isinstance(table, Sequence)):
        raise RulesError(f"the table is a list of the players by seat (None where unknown), not {shown(table)}")
    if table is not None and len(table) != players:
        raise RulesError(f"the table has {len(table)} players, but the game has {players} seats: one per seat")
    return players


def _start(game: WhiskyPoker | SplitAndChoose) -> WhiskyPoker | SplitAndChoose:
    """The same game at its deal, before any move."""
    return type(game).replay({**game.record(), "actions": []})


def _actions(game: WhiskyPoker | SplitAndChoose) -> tuple[Action, ...]:
    return game.actions if isinstance(game, WhiskyPoker) else game.history


def _weighed(
    policies: Sequence[Policy], view: Observation, legal: list[Action], played: Action
) -> tuple[tuple[Action, ...], list[tuple[Fraction, ...]]]:
    """The moves any of ``policies`` might make from ``view``, and the move
    made; and each policy's chances of them (exact fractions)."""
    found: dict[int, list[Fraction]] = {}  # a policy given twice is asked once
    for policy in policies:
        if id(policy) not in found:
            found[id(policy)] = _chances(policy, view, legal)
    every = [found[id(policy)] for policy in policies]
    moves = [a for i, a in enumerate(legal) if a == played or any(c[i] > 0 for c in every)]
    places = [legal.index(a) for a in moves]
    return tuple(moves), [tuple(c[i] for i in places) for c in every]


def _chances(policy: Policy, view: Observation, legal: list[Action]) -> list[Fraction]:
    chances = [_fraction(p) for p in policy.probabilities(view, legal)]
    total = sum(chances, Fraction(0))
    return chances if total == 1 else [c / total for c in chances]


@lru_cache(maxsize=4096)
def _fraction(chance: float) -> Fraction:
    """A policy's chance of a move as an exact fraction, the nearest with a denominator up to a million
    (the same chances come again and again: 0, 1, 1/2, ...)."""
    return Fraction(chance).limit_denominator(10**6)


def move_values(
    game: WhiskyPoker | SplitAndChoose,
    seat: int,
    moves: Sequence[Action],
    playouts: int,
    rng: random.Random,
    policies: Sequence[Trembling] | None = None,
) -> tuple[Fraction, ...]:
    """``seat``'s expected share after each of ``moves`` by the player to move
    in ``game`` (the true game: every card dealt so far known), each seat
    playing on by its policy in ``policies`` (batch forms, :func:`played_on`;
    by default the rule of thumb in every seat): the mean of ``playouts``
    batch play-outs (Split and Choose deals the cards not yet dealt afresh in
    each), exact at Split and Choose's builds. This is the one place the values come from.

    >>> from cardcommons.bots.policies import RANDOM
    >>> from cardcommons.whisky import KNOCK, PASS
    >>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
    >>> rule = played_on(game, None)  # the rule of thumb in both seats: seat 1 trades up to beat seat 0
    >>> move_values(game, 0, [PASS, KNOCK], 40, random.Random(1), rule)
    (Fraction(0, 1), Fraction(0, 1))
    >>> move_values(game, 0, [PASS, KNOCK], 40, random.Random(1), [rule[0], RANDOM])  # seat 1 at random
    (Fraction(1, 1), Fraction(7, 10))
    """
    return _every_value(game, [seat], moves, playouts, rng, policies)[0]


def _every_value(
    game: WhiskyPoker | SplitAndChoose,
    seats: Sequence[int],
    moves: Sequence[Action],
    playouts: int,
    rng: random.Random,
    policies: Sequence[Trembling] | None = None,
) -> list[tuple[Fraction, ...]]:
    """:func:`move_values` of each of ``seats``, from the same play-outs (a move's row of them is the same
    whatever moves are played out beside it: the seeds and deals are each play-out's, not each move's)."""
    if isinstance(game, SplitAndChoose) and game.phase == "build":
        return [_build_values(game, seat, moves) for seat in seats]
    seeds = np.random.default_rng(rng.getrandbits(64)).integers(
        0, 2**64, size=(playouts, game.players), dtype=np.uint64
    )
    if isinstance(game, WhiskyPoker):
        view = game.observation(seats[0])  # the true cards whoever looks: the view only names their places
        cards = np.array(whisky_playouts.places(view, game).cards, dtype=np.int64)
        deals: whisky_playouts.Deals | split_playouts.Deals = whisky_playouts.Deals(
            view, game, np.tile(cards, (playouts, 1))
        )
    else:
        mover = game.current_player
        assert mover is not None
        maps = np.tile(np.arange(len(PACK), dtype=np.int64), (playouts, 1))
        undealt = np.array(_undealt(game), dtype=np.int64)
        if len(undealt):
            generator = np.random.default_rng(rng.getrandbits(64))
            maps[:, undealt] = generator.permuted(np.tile(undealt, (playouts, 1)), axis=1)
        deals = split_playouts.Deals(game.observation(mover), [game], maps)
    shares = deals.every_share(moves, seeds, policies)
    return [tuple(_exact_mean(row) for row in shares[seat]) for seat in seats]


def _exact_mean(shares: npt.NDArray[np.float64]) -> Fraction:
    """The mean of shares, each a whole number of 2520ths, as an exact fraction."""
    return Fraction(round(float(shares.sum()) * _UNITS), _UNITS * len(shares))


def _undealt(game: SplitAndChoose) -> list[int]:
    """The pack positions of the cards no player has been dealt yet: the
    rounds still to come, and the reserve while any of them is."""
    if game.phase not in ("split", "choose") or game.round >= 4:
        return []
    return [PACK.position[c] for c in (game.order[0], *game.order[5 + 4 * game.round :])]


def _build_values(game: SplitAndChoose, seat: int, moves: Sequence[Action]) -> tuple[Fraction, ...]:
    """``seat``'s share once the player to move builds each of ``moves`` and
    the other builds its best (if it has not built yet): exact."""
    mover = game.current_player
    assert mover is not None
    other = 1 - mover
    built = game.observation(other).build
    theirs = built if built is not None else best_build(game.hand(other))
    values = []
    for build in moves:
        assert isinstance(build, Build)
        builds = (build, theirs) if mover == 0 else (theirs, build)
        values.append(Fraction(score_builds(builds).share(seat, 2)).limit_denominator(_UNITS))
    return tuple(values)


def baseline(
    game: Game, seat: int, games: int = BASELINE_GAMES, policies: Sequence[Trembling] | None = None
) -> tuple[Fraction, float]:
    """The average par: ``seat``'s expected share over every deal at
    ``game``'s table (its rules, the seat's place from the dealer or the
    first splitter, and each seat's policy in ``policies``, batch forms as
    :func:`played_on` gives them: by default the rule of thumb in every
    seat); and its standard error. Estimated from ``games`` hands of the
    first player to move, each with :data:`BASELINE_PLAYOUTS` deals of the
    other cards (seeded, so the same for every game at the table), and kept
    for the next call: every place's at once, from the same play-outs, so
    the places' baselines add up to 1 exactly (the last place's is 1 less
    the others', as every play-out's shares add up to 1).

    >>> mean, error = baseline(SplitAndChoose(seed=1), 0, games=20)
    >>> 0.3 < mean < 0.7, 0 < error < 0.1
    (True, True)
    >>> mean + baseline(SplitAndChoose(seed=1), 1, games=20)[0]
    Fraction(1, 1)
    """
    if isinstance(game, WhiskyPoker):
        rules: tuple[Any, ...] = ("whisky", game.players, game.jokers, game.ace_low, game.ranking)
        first = game.dealer  # the seats, counted from a dealer in seat 0
    elif isinstance(game, SplitAndChoose):
        rules = ("split", game.face_up_swap)
        first = game.first_splitter  # the seats, counted from a first splitter in seat 0
    else:
        raise RulesError(f"no baseline for {shown(game)}")
    if policies is None:
        policies = played_on(game, None)
    players = game.players
    by_place = tuple(policies[(p + first) % players] for p in range(players))
    key = (rules, games, tuple(map(repr, by_place)))
    if key not in _BASELINES:
        _BASELINES[key] = _baselines(rules, games, by_place)
    return _BASELINES[key][(seat - first) % players]


_BASELINES: dict[tuple[Any, ...], tuple[tuple[Fraction, float], ...]] = {}
"""The baselines estimated so far, of every place at a table: by the table's rules, the hands they come from and the
policies."""


def _fresh(rules: tuple[Any, ...], seed: int) -> WhiskyPoker | SplitAndChoose:
    """A new deal at a table of ``rules``, dealt by seat 0 (Whisky Poker) or first split by seat 0."""
    if rules[0] == "whisky":
        _, players, jokers, ace_low, ranking = rules
        return WhiskyPoker(players, jokers, dealer=0, seed=seed, ace_low=ace_low, ranking=ranking)
    return SplitAndChoose(seed=seed, first_splitter=0, face_up_swap=rules[1])


def _baselines(rules: tuple[Any, ...], games: int, policies: Sequence[Trembling]) -> tuple[tuple[Fraction, float], ...]:
    """:func:`baseline` of every seat at a table where seat 0 deals or splits first, estimated afresh."""
    rng = random.Random(f"{rules}|{games}|{list(policies)}")
    players = len(policies)
    means = np.zeros((players, games))
    for g in range(games):
        fresh = _fresh(rules, rng.getrandbits(63))
        mover = fresh.current_player
        assert mover is not None
        view = fresh.observation(mover)
        legal: list[Action] = list(fresh.legal_actions())
        moves, (chances,) = _weighed([policies[mover]], view, legal, legal[0])
        seeds = np.random.default_rng(rng.getrandbits(64)).integers(
            0, 2**64, size=(BASELINE_PLAYOUTS, players), dtype=np.uint64
        )
        if isinstance(view, WhiskyObservation):
            deals: whisky_playouts.Deals | split_playouts.Deals = whisky_playouts.deal(
                view, BASELINE_PLAYOUTS, rng.getrandbits(64)
            )
        else:
            deals = split_playouts.deal(view, BASELINE_PLAYOUTS, rng.getrandbits(64))
        weights = np.array([float(c) for c in chances])
        means[:, g] = deals.every_share(moves, seeds, policies).mean(axis=2) @ weights
    errors = means.std(axis=1, ddof=1) / np.sqrt(games) if games > 1 else np.ones(players)
    found = [Fraction(float(m)) for m in means[:-1].mean(axis=1)]
    found.append(1 - sum(found, Fraction(0)))  # the last place's: its own mean, but for rounding
    return tuple((mean, float(error)) for mean, error in zip(found, errors, strict=True))
