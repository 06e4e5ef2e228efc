"""Whisky Poker: 2 to 9 players, one deal, a spare hand in the middle, and a knock.

Each player gets 5 cards and 5 more lie face down as the **spare**. Turns go
left from the dealer's left, the **dealer** last in each round. In **phase 1**
(spare face down) a player may pass, take the unseen spare (their own hand
goes face up as the new spare and phase 2 starts at once) or **knock**. If
nobody takes it, the spare is turned face up when the dealer's first turn
ends. In **phase 2** a player may **exchange** one card with the spare, take
all five, or knock; no passing. The first knock gives every other player
exactly one more turn, then the best hand wins. A phase-2 position that comes
up for the third time ends the game as a draw. See RULES.md, section 3.

Seats are numbered 0 to ``players - 1``; "left" is the next seat up.

>>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
>>> game.current_player, game.phase, [str(a) for a in game.legal_actions()]
(0, 1, ['pass', 'take the spare', 'knock'])
>>> game.apply(Knock())
>>> game.apply(Pass())
>>> game.is_over, game.spare_face_up
(True, False)
>>> print(game.result.explanation)
Seat 0 wins with Two pair, Aces and Kings (A♠ A♦ K♠ K♦ 9♣).
>>> WhiskyPoker.replay(game.record()).hands == game.hands
True
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from cardcommons.cards import JOKER, Card, cards_str, parse_card, parse_cards
from cardcommons.categories import Ranking
from cardcommons.errors import CardError, IllegalActionError
from cardcommons.game import Result
from cardcommons.hands import HandValue, value_of
from cardcommons.lookup import HandTable, hand_table
from cardcommons.odds import resolve_ranking
from cardcommons.packs import Pack

if TYPE_CHECKING:
    from cardcommons.bots.whisky import GreedyBot

__all__ = [
    "Event",
    "Exchange",
    "Knock",
    "Pass",
    "Position",
    "TakeSpare",
    "WhiskyAction",
    "WhiskyObservation",
    "WhiskyPoker",
    "WhiskyResult",
    "parse_action",
]

RankingName: TypeAlias = Literal["standard", "rarity"]
HAND_SIZE = 5
REPETITIONS = 3
"""A phase-2 position that comes up this many times ends the game as a draw."""


# --- actions -----------------------------------------------------------------


@dataclass(frozen=True)
class Pass:
    """Phase 1 only: keep your cards, and the right to exchange later.

    >>> str(Pass()), Pass().code
    ('pass', 'pass')
    """

    def __str__(self) -> str:
        return "pass"

    @property
    def code(self) -> str:
        """The action in a record."""
        return "pass"


@dataclass(frozen=True)
class TakeSpare:
    """Take the whole spare: unseen in phase 1 (your hand goes face up as the
    new spare and phase 2 starts at once), face up in phase 2 (swap hands).

    >>> str(TakeSpare()), TakeSpare().code
    ('take the spare', 'take')
    """

    def __str__(self) -> str:
        return "take the spare"

    @property
    def code(self) -> str:
        """The action in a record."""
        return "take"


@dataclass(frozen=True)
class Exchange:
    """Phase 2 only: put ``give`` face up in the spare and take ``take`` from it.

    >>> action = Exchange(give=parse_card("9h"), take=parse_card("Kc"))
    >>> str(action), action.code
    ('give 9♥ take K♣', 'exchange 9h Kc')
    """

    give: Card
    take: Card

    def __str__(self) -> str:
        return f"give {self.give} take {self.take}"

    @property
    def code(self) -> str:
        """The action in a record."""
        return f"exchange {self.give.code} {self.take.code}"


@dataclass(frozen=True)
class Knock:
    """Keep your cards and give up exchanging; the first knock ends the game
    after every other player has one more turn.

    >>> str(Knock())
    'knock'
    """

    def __str__(self) -> str:
        return "knock"

    @property
    def code(self) -> str:
        """The action in a record."""
        return "knock"


WhiskyAction: TypeAlias = Pass | TakeSpare | Exchange | Knock
PASS, TAKE, KNOCK = Pass(), TakeSpare(), Knock()


def parse_action(text: str) -> WhiskyAction:
    """Read an action from its ``code`` (as in a record) or its ``str()``.

    >>> parse_action("exchange 9h Kc"), parse_action("give 9♥ take K♣"), parse_action("Knock")
    (Exchange(give=9♥, take=K♣), Exchange(give=9♥, take=K♣), Knock())
    >>> parse_action("fold")
    Traceback (most recent call last):
    ...
    cardcommons.errors.IllegalActionError: not a Whisky Poker action: 'fold'
    """
    words = text.strip().lower().split()
    simple: dict[str, WhiskyAction] = {"pass": PASS, "take": TAKE, "take the spare": TAKE, "knock": KNOCK}
    if " ".join(words) in simple:
        return simple[" ".join(words)]
    try:
        if len(words) == 3 and words[0] == "exchange":
            return Exchange(parse_card(words[1]), parse_card(words[2]))
        if len(words) == 4 and words[0] == "give" and words[2] == "take":
            return Exchange(parse_card(words[1]), parse_card(words[3]))
    except CardError as error:
        raise IllegalActionError(f"not a Whisky Poker action: {text!r} ({error})") from None
    raise IllegalActionError(f"not a Whisky Poker action: {text!r}")


# --- card ids: the pack's indices, both Jokers sharing the first Joker index --


@dataclass(frozen=True)
class _Table:
    pack: Pack
    ranking: Ranking
    cards: tuple[Card, ...]
    ids: dict[Card, int]
    multiset: tuple[int, ...]
    strengths: HandTable
    exchanges: tuple[tuple[Exchange, ...], ...]
    """``exchanges[give][take]``: the one :class:`Exchange` value for two card ids."""


@lru_cache(maxsize=64)
def _table(players: int, jokers: bool, ace_low: bool, ranking: RankingName) -> _Table:
    pack = Pack.whisky(players, jokers, ace_low)
    naturals = len(pack) - pack.jokers
    ids = {card: i for i, card in enumerate(pack.cards[:naturals])}
    if pack.jokers:
        ids[JOKER] = naturals
    multiset = tuple(range(naturals)) + (naturals,) * pack.jokers
    order = resolve_ranking(ranking, pack)
    exchanges = tuple(tuple(Exchange(give, take) for take in pack.cards) for give in pack.cards)
    return _Table(pack, order, pack.cards, ids, multiset, hand_table(pack, order), exchanges)


def _remove(cards: list[int], taken: Iterable[int]) -> list[int]:
    left = Counter(cards)
    left.subtract(taken)
    return sorted(left.elements())


# --- what everyone sees: events, positions, the result ------------------------


@dataclass(frozen=True)
class Event:
    """One public event: a seat's action, with the cards it moved face up, or
    (``seat`` None) the spare turned face up at the end of the dealer's turn.

    ``face_up`` are the cards put face up into the spare (or turned up);
    ``taken`` the face-up cards the seat took from the spare. A phase-1
    :class:`TakeSpare` shows the taker's old hand, never what it took.

    >>> print(Event(2, TakeSpare(), 1, face_up=parse_cards("As Ks Qs Js 9d")))
    seat 2 took the unseen spare and put A♠ K♠ Q♠ J♠ 9♦ face up as the new spare
    """

    seat: int | None
    action: WhiskyAction | None
    phase: int
    face_up: tuple[Card, ...] = ()
    taken: tuple[Card, ...] = ()
    first_knock: bool = False

    def __str__(self) -> str:
        if self.seat is None:
            return f"the spare is turned face up: {cards_str(self.face_up)}"
        who = f"seat {self.seat}"
        match self.action:
            case Pass():
                return f"{who} passed"
            case Knock():
                return f"{who} knocked" if self.first_knock else f"{who} knocked too (keeps the hand)"
            case Exchange(give=give, take=take):
                return f"{who} gave {give} took {take}"
            case TakeSpare() if self.phase == 1:
                return f"{who} took the unseen spare and put {cards_str(self.face_up)} face up as the new spare"
            case _:
                return f"{who} took the spare face up ({cards_str(self.taken)}) and put {cards_str(self.face_up)} there"


@dataclass(frozen=True)
class Position:
    """A phase-2 position: the seat to move, the cards in every hand, the cards
    in the spare (each sorted: a position is about sets of cards, not order).

    >>> print(Position(1, (parse_cards("As Kd"), parse_cards("9c 9d")), parse_cards("Jo")))
    seat 1 to move; seat 0: A♠ K♦; seat 1: 9♣ 9♦; spare: 🃏
    """

    to_move: int
    hands: tuple[tuple[Card, ...], ...]
    spare: tuple[Card, ...]

    def __str__(self) -> str:
        hands = "; ".join(f"seat {s}: {cards_str(h)}" for s, h in enumerate(self.hands))
        return f"seat {self.to_move} to move; {hands}; spare: {cards_str(self.spare)}"


@dataclass(frozen=True)
class WhiskyResult(Result):
    """A :class:`~cardcommons.game.Result` with every hand shown and valued, the
    spare, and for a draw by repetition the repeated position."""

    hands: tuple[tuple[Card, ...], ...] = ()
    values: tuple[HandValue, ...] = ()
    spare: tuple[Card, ...] = ()
    repeated: Position | None = None

    def shown(self) -> str:
        """Every hand with its value, one line each."""
        return "\n".join(f"seat {s}: {value}" for s, value in enumerate(self.values))


# --- the observation ------------------------------------------------------------


@dataclass(frozen=True)
class WhiskyObservation:
    """All that ``player`` may know: its own hand, the spare once face up,
    every card that moved face up and between whom (``events``), who knocked,
    whose turn it is, the phase and the dealer.

    ``known[s]`` are the cards everyone knows are in seat ``s``'s hand now
    (cards seen going into it face up and still there). The pack is a rule of
    the table (a property, not a field: it locates no card).
    """

    player: int
    players: int
    dealer: int
    jokers: bool
    ace_low: bool
    ranking: RankingName
    phase: int
    current_player: int | None
    hand: tuple[Card, ...]
    spare: tuple[Card, ...] | None
    known: tuple[tuple[Card, ...], ...]
    knocker: int | None
    knocks: tuple[int, ...]
    events: tuple[Event, ...]

    @property
    def pack(self) -> Pack:
        """The pack of this table."""
        return _table(self.players, self.jokers, self.ace_low, self.ranking).pack

    @property
    def log(self) -> tuple[str, ...]:
        """The public history in words, one line per event."""
        return tuple(str(event) for event in self.events)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.current_player is None

    def sample_game(self, rng: random.Random) -> WhiskyPoker:
        """A full game at this point, with every card this player cannot locate
        (other players' unknown cards, the face-down spare, the undealt stock)
        dealt at random, the cards known to be in a hand kept there. It has the
        same history and, since every card that moves in phase 2 moves face up,
        the same repetition counts.

        >>> game = WhiskyPoker(players=3, seed=5)
        >>> view = game.observation(game.current_player)
        >>> twin = view.sample_game(random.Random(1))
        >>> twin.observation(view.player) == view
        True
        """
        table = _table(self.players, self.jokers, self.ace_low, self.ranking)
        ids = table.ids
        hands = [[ids[c] for c in known] for known in self.known]
        hands[self.player] = [ids[c] for c in self.hand]
        spare = [ids[c] for c in self.spare] if self.spare is not None else []
        unknown = _remove(list(table.multiset), [i for h in hands for i in h] + spare)
        rng.shuffle(unknown)
        for h in hands:
            while len(h) < HAND_SIZE:
                h.append(unknown.pop())
        while len(spare) < HAND_SIZE:
            spare.append(unknown.pop())
        # Run the public history backwards to the deal, then replay it forwards.
        for event in reversed(self.events):
            seat, action = event.seat, event.action
            if seat is None:
                continue
            if isinstance(action, Exchange):
                give, take = ids[action.give], ids[action.take]
                hands[seat].remove(take)
                hands[seat].append(give)
                spare.remove(give)
                spare.append(take)
            elif isinstance(action, TakeSpare):
                hands[seat], spare = spare, hands[seat]
        game = WhiskyPoker._staged(table, self.players, self.jokers, self.ace_low, self.ranking, self.dealer)
        game._deal(hands, spare, seed=None)
        for event in self.events:
            if event.action is not None:
                game._play(event.action, log=False)
        game._events = self.events
        return game


# --- the game ---------------------------------------------------------------------


class WhiskyPoker:
    """One deal of Whisky Poker for ``players`` (2 to 9) with the pack
    ``Pack.whisky(players, jokers)``.

    ``seed`` drives a ``random.Random``: it chooses the dealer when ``dealer``
    is None (the same seed deals the same cards either way), then shuffles
    and deals one card at a time to each player from the dealer's left round
    to the dealer, then one to the spare, five times. ``ranking`` is
    "standard" (default) or "rarity" (RULES.md); ``ace_low`` the pack's rule.

    >>> game = WhiskyPoker(players=4, seed=11)
    >>> game.dealer, game.current_player, len(game.stock)
    (3, 0, 7)
    """

    players: int

    def __init__(
        self,
        players: int = 4,
        jokers: bool = False,
        dealer: int | None = None,
        seed: int | None = None,
        *,
        ace_low: bool = True,
        ranking: RankingName = "standard",
    ) -> None:
        table = _table(players, jokers, ace_low, ranking)
        if seed is None:
            seed = secrets.randbits(63)
        rng = random.Random(seed)
        chosen = rng.randrange(players)
        self._init(table, players, jokers, ace_low, ranking, chosen if dealer is None else dealer)
        order = [table.ids[c] for c in table.pack.shuffled(rng)]
        hands: list[list[int]] = [[] for _ in range(players)]
        spare: list[int] = []
        seats = [(self.dealer + 1 + k) % players for k in range(players)]
        for _ in range(HAND_SIZE):
            for seat in seats:
                hands[seat].append(order.pop())
            spare.append(order.pop())
        self._deal(hands, spare, seed=seed)

    @classmethod
    def from_deal(
        cls,
        hands: Sequence[Iterable[Card | str] | str],
        spare: Iterable[Card | str] | str,
        dealer: int | None = None,
        jokers: bool = False,
        *,
        ace_low: bool = True,
        ranking: RankingName = "standard",
    ) -> WhiskyPoker:
        """Stage a deal: one hand per player (``players = len(hands)``) and the
        spare; the rest of the pack is the undealt stock. The dealer defaults
        to the last seat, so seat 0 plays first.

        >>> WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "As Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
        Traceback (most recent call last):
        ...
        cardcommons.errors.CardError: A♠ appears more than once in the deal
        >>> WhiskyPoker.from_deal(["As Ad Ks Kd 9c"], "Ac Kc Qc Jd 10s")
        Traceback (most recent call last):
        ...
        cardcommons.errors.CardError: Whisky Poker is for 2 to 9 players, not 1
        """
        players = len(hands)
        table = _table(players, jokers, ace_low, ranking)
        pack = table.pack
        dealt = [parse_cards(h) for h in hands]
        spare_cards = parse_cards(spare)
        for name, cards in [*((f"seat {s}'s hand", h) for s, h in enumerate(dealt)), ("the spare", spare_cards)]:
            for card in cards:
                if card not in pack:
                    raise CardError(f"{card} in {name} is not in the {pack}")
            if len(cards) != HAND_SIZE:
                raise CardError(f"{name} has {len(cards)} cards, not {HAND_SIZE}: {cards_str(cards) or 'none'}")
        everything = [c for h in dealt for c in h] + list(spare_cards)
        naturals = [c for c in everything if not c.is_joker]
        twice = sorted({c for c, n in Counter(naturals).items() if n > 1})
        if twice:
            raise CardError(
                f"{cards_str(twice)} {'appears' if len(twice) == 1 else 'appear'} more than once in the deal"
            )
        if len(everything) - len(naturals) > pack.jokers:
            raise CardError(f"the deal has {len(everything) - len(naturals)} Jokers; the {pack} has {pack.jokers}")
        game = cls._staged(table, players, jokers, ace_low, ranking, players - 1 if dealer is None else dealer)
        game._deal([[table.ids[c] for c in h] for h in dealt], [table.ids[c] for c in spare_cards], seed=None)
        return game

    @classmethod
    def _staged(
        cls, table: _Table, players: int, jokers: bool, ace_low: bool, ranking: RankingName, dealer: int
    ) -> WhiskyPoker:
        game = cls.__new__(cls)
        game._init(table, players, jokers, ace_low, ranking, dealer)
        return game

    def _init(
        self, table: _Table, players: int, jokers: bool, ace_low: bool, ranking: RankingName, dealer: int
    ) -> None:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise ValueError(f"the dealer is a seat from 0 to {players - 1}, not {dealer!r}")
        self._table = table
        self.players = players
        self.jokers = jokers
        self.ace_low = ace_low
        self.ranking: RankingName = ranking
        self.dealer = dealer

    def _deal(self, hands: list[list[int]], spare: list[int], seed: int | None) -> None:
        self.seed = seed
        self._dealt = (tuple(tuple(h) for h in hands), tuple(spare))
        self._hands = [list(h) for h in hands]
        self._spare = list(spare)
        self._stock = tuple(_remove(list(self._table.multiset), [i for h in hands for i in h] + spare))
        self._known: list[list[int]] = [[] for _ in hands]
        self._phase = 1
        self._spare_up = False
        self._turn: int | None = (self.dealer + 1) % self.players
        self._knocks: list[int] = []
        self._final_turns: int | None = None
        self._positions: dict[tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]], int] = {}
        self._events: tuple[Event, ...] = ()
        self._actions: list[WhiskyAction] = []
        self._result: WhiskyResult | None = None

    # --- the state ------------------------------------------------------------

    @property
    def pack(self) -> Pack:
        """The pack of this table."""
        return self._table.pack

    def _cards(self, ids: Iterable[int]) -> tuple[Card, ...]:
        """Cards in the pack's order: by rank, then suit, Jokers last."""
        cards = self._table.cards
        return tuple(cards[i] for i in sorted(ids))

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every player's hand now (the whole table: not a player's view)."""
        return tuple(self._cards(h) for h in self._hands)

    @property
    def spare(self) -> tuple[Card, ...]:
        """The spare now, face up or not."""
        return self._cards(self._spare)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, never seen by anyone."""
        return self._cards(self._stock)

    @property
    def phase(self) -> int:
        """1 while the spare is face down and nobody has taken it, then 2."""
        return self._phase

    @property
    def spare_face_up(self) -> bool:
        """True once the spare has been turned up or replaced by a face-up hand."""
        return self._spare_up

    @property
    def knocker(self) -> int | None:
        """The seat that knocked first."""
        return self._knocks[0] if self._knocks else None

    @property
    def events(self) -> tuple[Event, ...]:
        """The public history."""
        return self._events

    @property
    def actions(self) -> tuple[WhiskyAction, ...]:
        """Every action so far, in order."""
        return tuple(self._actions)

    @property
    def current_player(self) -> int | None:
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> WhiskyResult | None:
        return self._result

    def _position_key(self, to_move: int) -> tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]:
        return (to_move, tuple(tuple(sorted(h)) for h in self._hands), tuple(sorted(self._spare)))

    def repetitions(self) -> int:
        """How many times the position now has come up (0 in phase 1 or at the end)."""
        if self._turn is None or self._phase == 1:
            return 0
        return self._positions.get(self._position_key(self._turn), 0)

    def __repr__(self) -> str:
        return f"WhiskyPoker(players={self.players}, jokers={self.jokers}, dealer={self.dealer}, seed={self.seed})"

    def __str__(self) -> str:
        lines = [f"Whisky Poker, {self.players} players, {self.pack}, dealer seat {self.dealer}, phase {self._phase}"]
        lines += [f"seat {s}: {cards_str(h)}" for s, h in enumerate(self.hands)]
        lines.append(f"spare ({'face up' if self._spare_up else 'face down'}): {cards_str(self.spare)}")
        lines.append(self._result.explanation if self._result else f"seat {self._turn} to play")
        return "\n".join(lines)

    # --- actions --------------------------------------------------------------

    def legal_actions(self) -> tuple[WhiskyAction, ...]:
        """Phase 1: pass, take the spare, knock. Phase 2: every distinct
        exchange, take the spare, knock. Nothing once the game is over."""
        if self._turn is None:
            return ()
        if self._phase == 1:
            return (PASS, TAKE, KNOCK)
        exchanges = self._table.exchanges
        pairs = sorted({(g, t) for g in self._hands[self._turn] for t in self._spare})
        return (*(exchanges[g][t] for g, t in pairs), TAKE, KNOCK)

    def apply(self, action: Any) -> None:
        """Play ``action`` for the current player; an illegal one raises
        :class:`IllegalActionError` and changes nothing."""
        if self._turn is None:
            raise IllegalActionError(f"the game is over; no more actions ({action})")
        if isinstance(action, Pass):
            if self._phase != 1:
                raise IllegalActionError("no passing in phase 2: exchange one card, take all five, or knock")
        elif isinstance(action, Exchange):
            if self._phase != 2:
                raise IllegalActionError("no exchanging in phase 1: the spare is face down (pass, take it, or knock)")
            give, take = self._table.ids.get(action.give), self._table.ids.get(action.take)
            if give is None or give not in self._hands[self._turn]:
                raise IllegalActionError(f"seat {self._turn} does not hold {action.give}")
            if take is None or take not in self._spare:
                raise IllegalActionError(f"{action.take} is not in the spare")
        elif not isinstance(action, TakeSpare | Knock):
            raise IllegalActionError(f"not a Whisky Poker action: {action!r}")
        self._play(action)

    def _play(self, action: WhiskyAction, log: bool = True) -> None:
        """Play a legal action (no checks); without ``log``, add no public events
        (:meth:`WhiskyObservation.sample_game` replays a history it already has)."""
        seat = self._turn
        assert seat is not None
        table = self._table
        hand = self._hands[seat]
        first_knock = False
        if isinstance(action, Exchange):
            give, take = table.ids[action.give], table.ids[action.take]
            hand.remove(give)
            hand.append(take)
            self._spare.remove(take)
            self._spare.append(give)
            known = self._known[seat]
            if give in known:
                known.remove(give)
            known.append(take)
            event = Event(seat, action, 2, (action.give,), (action.take,)) if log else None
        elif isinstance(action, TakeSpare):
            if self._phase == 1:
                event = Event(seat, action, 1, self._cards(hand)) if log else None
                self._known[seat] = []
                self._phase, self._spare_up = 2, True
            else:
                event = Event(seat, action, 2, self._cards(hand), self._cards(self._spare)) if log else None
                self._known[seat] = list(self._spare)
            self._hands[seat], self._spare = self._spare, hand
        elif isinstance(action, Knock):
            first_knock = not self._knocks
            self._knocks.append(seat)
            event = Event(seat, action, self._phase, first_knock=first_knock) if log else None
        else:
            event = Event(seat, action, self._phase) if log else None
        if event is not None:
            self._events += (event,)
        self._actions.append(action)
        if first_knock:
            self._final_turns = self.players - 1
        elif self._final_turns is not None:
            self._final_turns -= 1
            if self._final_turns == 0:
                self._showdown()
                return
        if self._phase == 1 and seat == self.dealer:
            self._phase, self._spare_up = 2, True
            if log:
                self._events += (Event(None, None, 1, self._cards(self._spare)),)
        self._turn = (seat + 1) % self.players
        if self._phase == 2:
            key = self._position_key(self._turn)
            count = self._positions.get(key, 0) + 1
            self._positions[key] = count
            if count >= REPETITIONS:
                self._draw(key)

    def _values(self) -> tuple[HandValue, ...]:
        table = self._table
        return tuple(value_of(self._cards(h), table.pack, table.ranking) for h in self._hands)

    def _showdown(self) -> None:
        self._turn = None
        values = self._values()
        best = max(values)
        winners = [s for s, v in enumerate(values) if v == best]
        shown = f"{best.describe()} ({cards_str(best.cards)})"
        if len(winners) == 1:
            text = f"Seat {winners[0]} wins with {shown}."
        else:
            seats = ", ".join(str(s) for s in winners[:-1]) + f" and {winners[-1]}"
            text = f"Seats {seats} share the win with equal hands: {best.describe()}."
        self._result = WhiskyResult(
            frozenset(winners), text, self.hands, values, self.spare if self._spare_up else (), None
        )

    def _draw(self, key: tuple[int, tuple[tuple[int, ...], ...], tuple[int, ...]]) -> None:
        self._turn = None
        position = Position(key[0], tuple(self._cards(h) for h in key[1]), self._cards(key[2]))
        text = f"A draw by repetition: the same position came up a third time ({position})."
        self._result = WhiskyResult(frozenset(), text, self.hands, self._values(), self.spare, position)

    # --- views, records, look-ahead ------------------------------------------

    def observation(self, player: int) -> WhiskyObservation:
        """What ``player`` may know now, and nothing else."""
        if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < self.players:
            raise ValueError(f"a seat is 0 to {self.players - 1}, not {player!r}")
        return WhiskyObservation(
            player=player,
            players=self.players,
            dealer=self.dealer,
            jokers=self.jokers,
            ace_low=self.ace_low,
            ranking=self.ranking,
            phase=self._phase,
            current_player=self._turn,
            hand=self._cards(self._hands[player]),
            spare=self._cards(self._spare) if self._spare_up else None,
            known=tuple(self._cards(k) for k in self._known),
            knocker=self.knocker,
            knocks=tuple(self._knocks),
            events=self._events,
        )

    def record(self) -> dict[str, Any]:
        """The rules, the seed (or the staged deal), the dealer and the actions,
        all JSON-serialisable; :meth:`replay` plays it back."""
        cards = self._table.cards
        hands, spare = self._dealt
        return {
            "game": "whisky poker",
            "rules": {"players": self.players, "jokers": self.jokers, "ace_low": self.ace_low, "ranking": self.ranking},
            "dealer": self.dealer,
            "seed": self.seed,
            "deal": None
            if self.seed is not None
            else {"hands": [[cards[i].code for i in h] for h in hands], "spare": [cards[i].code for i in spare]},
            "actions": [action.code for action in self._actions],
        }

    @classmethod
    def replay(cls, record: dict[str, Any]) -> WhiskyPoker:
        """The game a :meth:`record` describes, with all its actions played again."""
        rules = record["rules"]
        options = {"jokers": rules["jokers"], "ace_low": rules.get("ace_low", True)}
        ranking = rules.get("ranking", "standard")
        if record.get("deal"):
            deal = record["deal"]
            game = cls.from_deal(deal["hands"], deal["spare"], record["dealer"], ranking=ranking, **options)
        else:
            game = cls(rules["players"], dealer=record["dealer"], seed=record["seed"], ranking=ranking, **options)
        for code in record["actions"]:
            game.apply(parse_action(code))
        return game

    def playout_bot(self, seed: int) -> GreedyBot:
        """A :class:`~cardcommons.bots.whisky.GreedyBot` for Monte Carlo play-outs."""
        from cardcommons.bots.whisky import GreedyBot

        return GreedyBot(seed=seed)

    def candidate_actions(self) -> tuple[WhiskyAction, ...]:
        """The actions worth looking ahead on: in phase 1 all three; in phase 2
        the exchanges that do not lower the hand (the best few), take all, knock."""
        if self._phase == 1 or self._turn is None:
            return self.legal_actions()
        table = self._table
        strength = table.strengths.strength
        hand = self._hands[self._turn]
        now = strength(hand)
        scored = []
        for give, take in sorted({(g, t) for g in hand for t in self._spare}):
            after = strength(swapped(hand, give, take))
            if after >= now:
                scored.append((after, table.exchanges[give][take]))
        scored.sort(key=lambda pair: -pair[0])
        return (*(action for _, action in scored[:MAX_EXCHANGE_CANDIDATES]), TAKE, KNOCK)


MAX_EXCHANGE_CANDIDATES = 4
"""At most this many exchanges (the strongest results) are looked ahead on."""


def swapped(hand: Sequence[int], give: int, take: int) -> list[int]:
    """Card ids of a hand after exchanging one copy of ``give`` for ``take``.

    >>> swapped([3, 7, 7, 9, 1], 7, 20)
    [3, 20, 7, 9, 1]
    """
    out = list(hand)
    out[out.index(give)] = take
    return out
