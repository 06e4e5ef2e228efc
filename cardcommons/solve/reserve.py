"""The exact reserve coach: Split and Choose's reserve-and-build endgame solved
from one player's view.

After the draft the only cards that are not common knowledge are the
face-down pairs a splitter kept and the reserve: at most 11 cards, so at
most 2,310 ways (**worlds**) to place them. The player who split twice
decides first (keep, or swap one of 10 cards: 11 moves), seeing its own
cards; the other decides second, seeing its own cards and whether the first
swapped (and, under the face-up swap variant, what was given and taken).
Both then build their best (a dominant build: :func:`build_table`), so the
payoff of each world and pair of moves is a look-up. That zero-sum game of
one decision each is solved exactly as a linear program over the first
player's moves and the second player's replies (HiGHS, through scipy), in
well under a second.

**Assumption**: every world consistent with what both players know is
weighted alike. What the draft's splits and choices may reveal about the
unseen cards is not weighed (:data:`ASSUMPTION` says it in words).

**One equilibrium of several**: the position's value is the same in every
equilibrium, but the endgame can have more than one. The mix shown, and
each move's worth (against the other player's equilibrium play), are those
of the equilibrium the linear program finds; at some positions another
equilibrium mixes differently or gives the moves outside the mix other worths.

>>> from cardcommons.split_and_choose import stage
>>> game = stage("Ts Ah Qs Kc Qh As Jh Jo Qc Jc", "Th Jd Ks Qd Kh Td Kd Ad Ac Tc", "Js",
...              face_down_taken=(0, 1, 3, 4), at_reserve=True)
>>> solution = solve_reserve(game.observation(1))
>>> solution.worlds, round(solution.value, 3)
(3, -0.111)
>>> for move in solution.moves[:5]:
...     print(move)
Swap A♣ for the reserve: worth -0.11 (play it 33% of the time)
Swap Q♦ for the reserve: worth -0.11 (play it 33% of the time)
Swap J♦ for the reserve: worth -0.11 (play it 33% of the time)
Swap A♦ for the reserve: worth -0.11 (as good, though the best mix leaves it out)
Swap K♠ for the reserve: worth -0.78 (the best mix leaves it out)
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from html import escape

import numpy as np
import numpy.typing as npt
from scipy.optimize import linprog
from scipy.sparse import coo_array

from cardcommons.bots.split_and_choose import kept_hidden
from cardcommons.errors import RulesError, shown
from cardcommons.game import Bot
from cardcommons.split_and_choose import (
    PACK,
    Choose,
    Keep,
    Split,
    SplitAndChoose,
    SplitAndChooseObservation,
    Swap,
    build_table,
)
from cardcommons.split_and_choose.rules import _INDEX, _high_first

__all__ = [
    "ASSUMPTION",
    "Exploitability",
    "MoveValue",
    "ReserveSolution",
    "reserve_exploitability",
    "solve_reserve",
]

ASSUMPTION = (
    "every way the unseen cards may lie counts as equally likely; "
    "what the draft's splits and choices may tell about them is not weighed"
)
"""The coach's one assumption, in words, for wherever its answer is shown."""

MOVES = 11
"""Keep, or swap one of the 10 cards held."""
_TOLERANCE = 1e-9


@dataclass(frozen=True)
class MoveValue:
    """One move at the reserve: its exact ``value`` to the player (the
    expected payoff, +1 a win, -1 a loss, 0 a draw, against the other's play
    in the equilibrium found: see the module's note) and its ``weight`` in
    the recommended mix; ``as_good``: it is worth as much as the moves the
    mix plays (to the hundredth), though the mix may leave it out.

    >>> print(MoveValue(Keep(), 0.25, 1.0))
    Keep: worth +0.25 (the best mix plays it every time)
    >>> print(MoveValue(Keep(), -0.001, 0.0, as_good=True))
    Keep: worth +0.00 (as good, though the best mix leaves it out)
    """

    action: Keep | Swap
    value: float
    weight: float
    as_good: bool = False

    def __str__(self) -> str:
        words = str(self.action)
        if self.weight >= 1 - _TOLERANCE:
            mix = "the best mix plays it every time"
        elif self.weight > _TOLERANCE:
            mix = f"play it {self.weight:.0%} of the time"
        else:
            mix = f"{'as good, though ' if self.as_good else ''}the best mix leaves it out"
        return f"{words[:1].upper()}{words[1:]}: worth {signed(self.value)} ({mix})"


@dataclass(frozen=True, repr=False)
class ReserveSolution:
    """The exact coach's answer for the player to move at the reserve:
    every legal move with its value and weight, best first; ``value``, the
    player's value when playing the mix; ``worlds``, how many placements of
    the unseen cards the game was solved over (see :data:`ASSUMPTION`)."""

    player: int
    moves: tuple[MoveValue, ...]
    value: float
    worlds: int
    shown: int | None = field(default=None, compare=False)
    """How many moves its text and HTML list (all when None; see :meth:`top`)."""

    def top(self, shown: int) -> ReserveSolution:
        """The same answer, showing only its ``shown`` best moves and how many more there are.

        >>> from cardcommons.split_and_choose import stage
        >>> game = stage("Ts Ah Qs Kc Qh As Jh Jo Qc Jc", "Th Jd Ks Qd Kh Td Kd Ad Ac Tc", "Js",
        ...              face_down_taken=(0, 1, 3, 4), at_reserve=True)
        >>> print(solve_reserve(game.observation(1)).top(2))  # doctest: +ELLIPSIS
        Worked out exactly over the 3 ways the unseen cards can lie (every way ...): worth -0.11 to Player 1
          1. Swap A♣ for the reserve: worth -0.11 (play it 33% of the time)
          2. Swap Q♦ for the reserve: worth -0.11 (play it 33% of the time)
          ... and 9 more moves.
        """
        if isinstance(shown, bool) or not isinstance(shown, int) or shown < 1:
            raise RulesError(f"ReserveSolution.top: shown is a whole number of moves, at least 1, not {shown!r}")
        return replace(self, shown=shown)

    def _listed(self) -> tuple[tuple[MoveValue, ...], int]:
        moves = self.moves[: self.shown]
        return moves, len(self.moves) - len(moves)

    def __str__(self) -> str:
        moves, more = self._listed()
        lines = [
            f"Worked out exactly {self._over()} ({ASSUMPTION}): worth {signed(self.value)} to Player {self.player}"
        ]
        lines += [f"  {n}. {move}" for n, move in enumerate(moves, 1)]
        return "\n".join(lines + ([f"  ... and {more} more moves."] if more else []))

    def __repr__(self) -> str:
        return str(self)

    def _repr_html_(self) -> str:
        return self.html()

    def _over(self) -> str:
        """The worlds solved over, in words: "over the 630 ways the unseen cards can lie", or "in the one way"."""
        if self.worlds > 1:
            return f"over the {self.worlds:,} ways the unseen cards can lie"
        return "in the one way the unseen cards can lie"

    def html(self) -> str:
        """The answer as HTML: what it is (exact, the worlds, the assumption), its moves, how many more."""
        moves, more = self._listed()
        items = "".join(f"<li>{escape(str(move))}</li>" for move in moves)
        return (
            f"<b>Worked out exactly</b> {self._over()}, a win counting +1 and a loss −1 "
            f"(assumption: {escape(ASSUMPTION)}):"
            f'<ol style="margin:4px 0 2px 0;padding-left:2.4em">{items}</ol>'  # room for "11."
            + (f"<div>… and {more} more moves.</div>" if more else "")
        )


@dataclass(frozen=True)
class Exploitability:
    """How a reserve policy of ``player`` fares at a position: ``equilibrium``,
    its exact value with equilibrium play; ``value``, what the policy gets
    against an opponent who knows it and best responds (whose gain is
    ``-value``); ``loss``, the difference (0 for an unexploitable policy)."""

    player: int
    equilibrium: float
    value: float

    @property
    def loss(self) -> float:
        """What the policy gives away to a best-responding opponent (at least 0)."""
        return self.equilibrium - self.value


@dataclass(frozen=True)
class _Subgame:
    """The public reserve game: the worlds, each player's information
    sets, and the payoff to the first mover of every world and pair of moves."""

    view: SplitAndChooseObservation
    first: int  # the player who moves first at the reserve
    first_info: npt.NDArray[np.intp]  # (W,): the first mover's information set
    first_cards: npt.NDArray[np.intp]  # (W, 10): its cards, as pack positions in ascending order
    second_info: npt.NDArray[np.intp]  # (W, 11): the second mover's information set after each first move
    second_cards: npt.NDArray[np.intp]  # (W, 10)
    payoff: npt.NDArray[np.float64]  # (W, 11, 11): +1, 0 or -1 to the first mover
    placed: tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]  # per world: first's hidden, second's, reserve

    @property
    def worlds(self) -> int:
        return len(self.payoff)


def _mask(positions: Sequence[int]) -> int:
    return sum(1 << p for p in positions)


def _check_view(view: object) -> None:
    """Refuse, naming it, what is not a player's view at the reserve that adds up: ten different cards of
    the pack in hand, the cards seen go to the other different from them, and one reserve decision seen
    by the second mover (none by the first).

    >>> _check_view(None)
    Traceback (most recent call last):
    ...
    cardcommons.errors.RulesError: the reserve coach reads a Split and Choose view, not None
    """
    if not isinstance(view, SplitAndChooseObservation):
        raise RulesError(f"the reserve coach reads a Split and Choose view, not {shown(view)}")
    if view.phase != "reserve" or view.current_player != view.player:
        raise RulesError(
            f"the reserve coach needs the view of the player to move at the reserve, "
            f"not Player {view.player}'s in phase {shown(view.phase)} with {shown(view.current_player)} to play"
        )
    hand, drafted, hidden = view.hand, view.opponent_drafted, kept_hidden(view)
    cards = [*hand, *drafted, *hidden, *(c for d in view.reserve for c in (d.given, d.taken) if c is not None)]
    strange = [card for card in cards if card not in _INDEX]
    if strange:
        raise RulesError(f"the reserve coach reads cards of the Split and Choose pack, not {shown(strange[0])}")
    if len(hand) != 10 or len(set(hand)) != 10:
        raise RulesError(f"a player at the reserve holds ten different cards, not {shown(hand)}")
    if len(set(drafted)) != len(drafted) or set(drafted) & set(hand) or not set(hidden) <= set(hand):
        raise RulesError(f"the cards this view saw go to the other do not add up with its hand: {shown(drafted)}")
    if len(view.reserve) != int(view.player != 1 - view.first_splitter):
        raise RulesError(
            f"the second mover at the reserve has seen one decision there, the first none, not {shown(view.reserve)}"
        )


def _subgame(view: SplitAndChooseObservation) -> _Subgame:
    """The reserve game as both players know it, from ``view`` (any player's view at the reserve)."""
    _check_view(view)
    me, first = view.player, 1 - view.first_splitter
    mine_hidden = [_INDEX[c] for c in kept_hidden(view)]
    public = {_INDEX[c] for c in view.hand} - set(mine_hidden) | {_INDEX[c] for c in view.opponent_drafted}
    known = {
        me: _mask(sorted(public & {_INDEX[c] for c in view.hand})),
        1 - me: _mask([_INDEX[c] for c in view.opponent_drafted]),
    }
    size = {me: len(mine_hidden), 1 - me: 10 - len(view.opponent_drafted)}
    pool = [p for p in range(len(PACK)) if p not in public]
    worlds = []
    for first_hidden in itertools.combinations(pool, size[first]):
        rest = [p for p in pool if p not in first_hidden]
        for second_hidden in itertools.combinations(rest, size[1 - first]):
            (left,) = set(rest) - set(second_hidden)
            worlds.append((first_hidden, second_hidden, left))
    bits = np.arange(len(PACK))
    first_mask = np.array([known[first] | _mask(w[0]) for w in worlds])
    second_mask = np.array([known[1 - first] | _mask(w[1]) for w in worlds])
    reserve = np.array([w[2] for w in worlds])
    _, first_info = np.unique(first_mask, return_inverse=True)
    _, second_hand = np.unique(second_mask, return_inverse=True)
    first_cards = np.nonzero((first_mask[:, None] >> bits) & 1)[1].reshape(len(worlds), 10)
    second_cards = np.nonzero((second_mask[:, None] >> bits) & 1)[1].reshape(len(worlds), 10)

    # the first move: keep (0) or give card k-1; then what lies in the reserve
    given = np.concatenate([np.full((len(worlds), 1), -1), first_cards], axis=1)
    first_after = np.where(given < 0, first_mask[:, None], first_mask[:, None] ^ (1 << given) | (1 << reserve)[:, None])
    reserve_after = np.where(given < 0, reserve[:, None], given)
    # the second move, likewise, with the reserve as the first move left it
    give = np.concatenate([np.full((len(worlds), 1), -1), second_cards], axis=1)[:, None, :]
    second_after = np.where(
        give < 0,
        second_mask[:, None, None],
        second_mask[:, None, None] ^ (1 << give) | (1 << reserve_after)[:, :, None],
    )
    scores = build_table().scores
    payoff = np.sign(scores[first_after][:, :, None].astype(np.int64) - scores[second_after]).astype(np.float64)

    # what the second mover sees of the first move: whether it swapped, or (face up) the cards given and taken
    if view.face_up_swap:
        seen = np.where(given < 0, 0, 1 + given * len(PACK) + reserve[:, None])
    else:
        seen = (given >= 0).astype(np.intp)
    _, second_info = np.unique(second_hand[:, None] * (len(PACK) ** 2 + 1) + seen, return_inverse=True)
    return _Subgame(
        view,
        first,
        first_info.ravel(),
        first_cards,
        second_info.reshape(len(worlds), MOVES),
        second_cards,
        payoff,
        tuple(worlds),
    )


@dataclass(frozen=True)
class _Equilibrium:
    value: float  # to the first mover, per world
    first: npt.NDArray[np.float64]  # (first-mover information sets, 11): its mix
    second: npt.NDArray[np.float64]  # (second-mover information sets, 11): its mix


def _solve(game: _Subgame) -> _Equilibrium:
    """The first mover's maximin mix as a linear program, and the second's reply, from its duals.

    Maximise the sum over the second mover's information sets J of v_J,
    where v_J is at most, for each reply b, the first mover's payoff summed
    over J's worlds and first moves, each weighted by the first mover's mix.
    A set of one world and one first move (a face-up swap shows all) needs
    no v_J: its best reply is known, and its payoff goes straight into the objective.
    """
    worlds, infos = game.worlds, int(game.first_info.max()) + 1
    sets = int(game.second_info.max()) + 1
    entries = np.bincount(game.second_info.ravel(), minlength=sets)
    mixed = entries[game.second_info] > 1  # (W, 11): entries of sets the program must weigh
    columns = game.first_info[:, None] * MOVES + np.arange(MOVES)  # (W, 11): the first mover's mix variables
    shown_reply = game.payoff.argmin(axis=2)  # the reply to a move seen in full

    kept = np.unique(game.second_info[mixed])  # the sets with a v_J, renumbered
    number = np.full(sets, -1)
    number[kept] = np.arange(len(kept))
    rows = (number[game.second_info][:, :, None] * MOVES + np.arange(MOVES))[mixed]  # (entries, 11)
    payoff = game.payoff[mixed]
    n_mix, n_rows = infos * MOVES, len(kept) * MOVES
    upper = coo_array(
        (
            np.concatenate([-payoff.ravel(), np.ones(n_rows)]),
            (
                np.concatenate([rows.ravel(), np.arange(n_rows)]),
                np.concatenate([np.repeat(columns[mixed], MOVES), n_mix + np.arange(n_rows) // MOVES]),
            ),
        ),
        shape=(n_rows, n_mix + len(kept)),
    ).tocsr()
    equal = coo_array(
        (np.ones(n_mix), (np.arange(n_mix) // MOVES, np.arange(n_mix))), shape=(infos, n_mix + len(kept))
    ).tocsr()
    cost = np.concatenate([np.zeros(n_mix), -np.ones(len(kept))])
    np.add.at(cost, columns[~mixed], -game.payoff.min(axis=2)[~mixed])
    bounds = [(0.0, None)] * n_mix + [(None, None)] * len(kept)
    result = linprog(
        cost,
        upper if n_rows else None,
        np.zeros(n_rows) if n_rows else None,
        equal,
        np.ones(infos),
        bounds=bounds,
        method="highs",
    )
    if result.status != 0:  # a finite zero-sum game always has a solution
        raise RuntimeError(f"the reserve's linear program failed: {result.message}")
    second = np.zeros((sets, MOVES))
    second[game.second_info[~mixed], shown_reply[~mixed]] = 1
    if n_rows:
        second[kept] = -result.ineqlin.marginals.reshape(len(kept), MOVES)
    return _Equilibrium(-result.fun / worlds, _normalised(result.x[:n_mix].reshape(infos, MOVES)), _normalised(second))


def _normalised(mix: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    """Mixes without the solver's rounding dust: no weight below 1e-9, each summing to 1."""
    mix = np.where(mix > _TOLERANCE, mix, 0.0)
    total = mix.sum(axis=1, keepdims=True)
    return np.where(total > 0, mix / np.where(total > 0, total, 1), 1 / MOVES)


def _actions(cards: npt.NDArray[np.intp]) -> list[Keep | Swap]:
    """The moves 0 to 10 of a player holding ``cards`` (pack positions, ascending): keep, then give each card."""
    return [Keep(), *(Swap(PACK.cards[p]) for p in cards.tolist())]


def _first_world(game: _Subgame) -> int:
    """A world of the first mover's information set in ``game.view`` (its own view)."""
    mine = tuple(sorted(_INDEX[c] for c in kept_hidden(game.view)))
    return next(w for w, placed in enumerate(game.placed) if placed[0] == mine)


def _second_place(game: _Subgame) -> tuple[int, int]:
    """A world and first move of the second mover's information set in ``game.view`` (its own view)."""
    mine = tuple(sorted(_INDEX[c] for c in kept_hidden(game.view)))
    (seen,) = game.view.reserve
    if seen.taken is None:  # blind, or kept: whether it swapped is all there is
        w = next(w for w, placed in enumerate(game.placed) if placed[1] == mine)
        return w, int(seen.swapped)
    assert seen.given is not None
    w = next(w for w, placed in enumerate(game.placed) if placed[1] == mine and placed[2] == _INDEX[seen.taken])
    return w, 1 + game.first_cards[w].tolist().index(_INDEX[seen.given])


def solve_reserve(view: SplitAndChooseObservation) -> ReserveSolution:
    """The exact coach at the reserve, for the player to move, from its own
    ``view`` only: the equilibrium of the reserve-and-build game over every
    world consistent with what both players know, each legal move's value
    to this player against the other's equilibrium play, and the
    recommended mix, best move first.

    Assumption: the worlds are weighted uniformly, not by what the draft
    revealed (:data:`ASSUMPTION`). The first mover's moves are valued
    against the second's equilibrium replies, so a move outside the mix is
    worth no more than one in it. The second mover's mix is its equilibrium
    reply; after a first move the equilibrium never makes, its values weigh
    that move's worlds (and the cards that may have been given) alike and
    the mix shares the best moves equally.

    >>> from cardcommons.split_and_choose import Swap, stage
    >>> game = stage("Ts Ah Qs Kc Qh As Jh Jo Qc Jc", "Th Jd Ks Qd Kh Td Kd Ad Ac Tc", "Js",
    ...              face_down_taken=(0, 1, 3, 4), at_reserve=True)
    >>> game.apply(Swap("Ac"))  # blind: Player 0 sees a swap, not which card
    >>> answer = solve_reserve(game.observation(0))
    >>> [(str(m.action), round(m.weight, 3)) for m in answer.moves[:2]]
    [('swap A♥ for the reserve', 0.667), ('swap J♣ for the reserve', 0.333)]
    """
    game = _subgame(view)
    solution = _solve(game)
    if view.player == game.first:
        w = _first_world(game)
        mix = solution.first[game.first_info[w]]
        cases = game.first_info == game.first_info[w]
        reply = solution.second[game.second_info[cases]]  # (worlds of the set, 11 first moves, 11 replies)
        values = (reply * game.payoff[cases]).sum(axis=2).mean(axis=0)
        actions = _actions(game.first_cards[w])
    else:
        w, move = _second_place(game)
        where = game.second_info == game.second_info[w, move]
        reach = solution.first[game.first_info][where]  # the first mover's weight on each entry
        outcomes = -game.payoff[where]  # (entries, 11 replies), to the second mover
        belief = reach / reach.sum() if reach.sum() > _TOLERANCE else np.full(len(reach), 1 / len(reach))
        values = belief @ outcomes
        best = values >= values.max() - _TOLERANCE
        mix = solution.second[game.second_info[w, move]] if reach.sum() > _TOLERANCE else best / best.sum()
        actions = _actions(game.second_cards[w])
    return _answer(view.player, actions, values, mix, game.worlds)


def _answer(
    player: int, actions: list[Keep | Swap], values: npt.NDArray[np.float64], mix: npt.NDArray[np.float64], worlds: int
) -> ReserveSolution:
    """The moves in the order of the legal moves (keep, then high cards first), then best first."""
    order = {
        action: i
        for i, action in enumerate(
            [Keep(), *(Swap(c) for c in _high_first(a.card for a in actions[1:] if isinstance(a, Swap)))]
        )
    }
    played = min((round(v, 2) for v, m in zip(values.tolist(), mix.tolist(), strict=True) if m > _TOLERANCE))
    moves = sorted(
        (
            MoveValue(a, float(v), float(m), as_good=round(v, 2) >= played)
            for a, v, m in zip(actions, values.tolist(), mix.tolist(), strict=True)
        ),
        key=lambda move: (-round(move.value, 9), -round(move.weight, 9), order[move.action]),
    )
    return ReserveSolution(player, tuple(moves), float(values @ mix), worlds)


def signed(value: float) -> str:
    """A value to the hundredth with its sign, never "-0.00".

    >>> signed(-0.001), signed(-0.25), signed(0.5)
    ('+0.00', '-0.25', '+0.50')
    """
    return f"{round(value, 2) + 0.0:+.2f}"


def _world_game(game: _Subgame, w: int) -> SplitAndChoose:
    """The game at the reserve in world ``w``: the public draft, its hidden pairs dealt as the world places them."""
    first_hidden, second_hidden, reserve = game.placed[w]
    hidden = {game.first: iter(first_hidden), 1 - game.first: iter(second_hidden)}
    order, draft = [PACK.cards[reserve]], []
    for round_view in game.view.rounds:
        assert round_view.face_up is not None and round_view.chose_face_up is not None
        down = round_view.face_down
        if round_view.chose_face_up:  # the splitter kept the face-down pair: its cards are the world's
            down = tuple(PACK.cards[next(hidden[round_view.splitter])] for _ in range(2))
        assert down is not None
        order += [*round_view.face_up, *down]
        draft += [Split(round_view.face_up, down), Choose(round_view.chose_face_up)]
    world = SplitAndChoose.from_order(order, game.view.first_splitter, game.view.face_up_swap)
    for action in draft:
        world.apply(action)
    return world


def _asked(policy: Bot, world: SplitAndChoose, actions: list[Keep | Swap]) -> int:
    """The move (0 to 10) that ``policy`` plays for the player to move in ``world``."""
    player = world.current_player
    assert player is not None
    action = policy.act(world.observation(player), world.legal_actions())
    if action not in actions:
        raise RulesError(f"a reserve policy plays keep or a swap of a card held, not {shown(action)}")
    return actions.index(action)


def reserve_exploitability(view: SplitAndChooseObservation, policy: Bot, player: int) -> Exploitability:
    """How much ``policy`` (a bot, asked once in each of ``player``'s
    information sets at this reserve, with that set's view) gives away to an
    opponent who knows it and best responds, against the exact equilibrium
    of the position that ``view`` (the view of the player to move at the
    reserve) shows both players, its worlds weighted uniformly
    (:data:`ASSUMPTION`).

    The figures are at the position before either player looks at its
    own cards: averaged over every world, not just the one ``view`` is in.

    >>> from cardcommons.bots import HeuristicBot
    >>> from cardcommons.split_and_choose import stage
    >>> game = stage("Ts Ah Qs Kc Qh As Jh Jo Qc Jc", "Th Jd Ks Qd Kh Td Kd Ad Ac Tc", "Js",
    ...              face_down_taken=(0, 1, 3, 4), at_reserve=True)
    >>> gap = reserve_exploitability(game.observation(1), HeuristicBot(seed=0), player=1)
    >>> round(gap.equilibrium, 3), gap.value, round(gap.loss, 3)
    (-0.111, -1.0, 0.889)
    """
    if not isinstance(player, int) or isinstance(player, bool) or player not in (0, 1):
        raise RulesError(f"Split and Choose has players 0 and 1, not {shown(player)}")
    if not callable(getattr(policy, "act", None)):
        raise RulesError(f"the policy is a bot (with an act method), not {shown(policy)}")
    game = _subgame(view)
    solution = _solve(game)
    sign = 1 if player == game.first else -1
    if player == game.first:  # one move per information set; then the best reply in each of the second's
        played = np.zeros((int(game.first_info.max()) + 1, MOVES))
        for info in range(len(played)):
            w = int(np.argmax(game.first_info == info))
            played[info, _asked(policy, _world_game(game, w), _actions(game.first_cards[w]))] = 1
        weighted = played[game.first_info][:, :, None] * game.payoff  # (W, 11, 11)
        sums = np.zeros((int(game.second_info.max()) + 1, MOVES))
        np.add.at(sums, game.second_info.ravel(), weighted.reshape(-1, MOVES))
        value = sums.min(axis=1).sum() / game.worlds
    else:  # one reply per information set of the second; then the first's best move in each of its own
        replies = np.zeros(int(game.second_info.max()) + 1, dtype=np.intp)
        for info in range(len(replies)):
            w, move = (int(i) for i in np.argwhere(game.second_info == info)[0])
            world = _world_game(game, w)
            world.apply(_actions(game.first_cards[w])[move])
            replies[info] = _asked(policy, world, _actions(game.second_cards[w]))
        outcome = np.take_along_axis(game.payoff, replies[game.second_info][:, :, None], axis=2)[:, :, 0]
        sums = np.zeros((int(game.first_info.max()) + 1, MOVES))
        np.add.at(sums, game.first_info, outcome)
        value = -sums.max(axis=1).sum() / game.worlds
    return Exploitability(player, sign * solution.value, float(value))
