"""The Whisky Poker game: the deal, turns, the two phases, the knock and
the repetition rule, with records and replays (RULES.md, section 3).

:class:`WhiskyPoker` has the interface of :class:`~cardcommons.game.Game`:
``current_player``, ``legal_actions()``, ``apply()``, ``observation()`` and
``result``. It displays in a notebook as a table of card faces.

>>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
>>> game.apply(Pass())
>>> game.apply(Pass())
>>> game.phase, game.spare_face_up, game.current_player
(2, True, 0)
>>> game.legal_actions()[0], len(game.legal_actions())
(Exchange(give=9♣, take=10♠), 27)
"""

from __future__ import annotations

import random
import secrets
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardcommons.cards import Card, cards_str, parse_cards
from cardcommons.categories import RankingName
from cardcommons.errors import CardError, IllegalActionError, RecordError, RulesError, cut, shown
from cardcommons.hands import HAND_SIZE, HandValue, value_of
from cardcommons.packs import MAX_PLAYERS, MIN_PLAYERS, Pack
from cardcommons.records import VERSION, codes, flag, integer, play_actions, read_record, replaying, section
from cardcommons.whisky.actions import KNOCK, PASS, TAKE, Exchange, Knock, Pass, TakeSpare, WhiskyAction, parse_action
from cardcommons.whisky.display import Row, rows_html
from cardcommons.whisky.events import Event, Position
from cardcommons.whisky.result import WhiskyResult
from cardcommons.whisky.rules import RulesTable, _remove, check_rules, rules_table, swapped
from cardcommons.whisky.views import WhiskyObservation

__all__ = ["MAX_EXCHANGE_CANDIDATES", "REPETITIONS", "WhiskyPoker"]

GAME_NAME = "whisky poker"
REPETITIONS = 3
"""A phase-2 position that comes up this many times ends the game as a draw."""
MAX_EXCHANGE_CANDIDATES = 4
"""At most this many exchanges (the strongest results) are looked ahead on."""


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
        table = rules_table(players, jokers, ace_low, ranking)
        if seed is None:
            seed = secrets.randbits(63)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise RulesError(f"a seed is an int or None, not {shown(seed)}")
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
        >>> WhiskyPoker.from_deal("As Ad Ks Kd 9c", "Ac Kc Qc Jd 10s")
        Traceback (most recent call last):
        ...
        cardcommons.errors.CardError: the hands are a list with one hand per player, not the string 'As Ad Ks Kd 9c'
        """
        if isinstance(hands, str) or not isinstance(hands, Sequence):
            what = "the string " if isinstance(hands, str) else ""
            raise CardError(f"the hands are a list with one hand per player, not {what}{shown(hands)}")
        players = len(hands)
        table = rules_table(players, jokers, ace_low, ranking)
        pack = table.pack
        dealt = [_hand_cards(f"seat {s}'s hand", h) for s, h in enumerate(hands)]
        spare_cards = _hand_cards("the spare", spare)
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
    def _from_history(
        cls, table: RulesTable, view: WhiskyObservation, hands: list[list[int]], spare: list[int]
    ) -> WhiskyPoker:
        """The game dealt ``hands`` and ``spare`` (card ids) at ``view``'s table,
        with ``view``'s public history played again (for
        :meth:`WhiskyObservation.sample_game`)."""
        game = cls._staged(table, view.players, view.jokers, view.ace_low, view.ranking, view.dealer)
        game._deal(hands, spare, seed=None)
        for event in view.events:
            if event.action is not None:
                game._play(event.action, log=False)
        game._events = view.events
        return game

    @classmethod
    def _staged(
        cls, table: RulesTable, players: int, jokers: bool, ace_low: bool, ranking: RankingName, dealer: int
    ) -> WhiskyPoker:
        game = cls.__new__(cls)
        game._init(table, players, jokers, ace_low, ranking, dealer)
        return game

    def _init(
        self, table: RulesTable, players: int, jokers: bool, ace_low: bool, ranking: RankingName, dealer: int
    ) -> None:
        if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
            raise RulesError(f"the dealer is a seat from 0 to {players - 1}, not {shown(dealer)}")
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

    def _repr_html_(self) -> str:
        """The whole table as card faces: every hand face up (an omniscient
        view of the game object, not what a player sees), the spare face down
        until it is turned up, the dealer, whose turn, the phase, who knocked.

        >>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
        >>> html = game._repr_html_()
        >>> "Ace of spades" in html, "Ace of clubs" in html, html.count("face-down card")
        (True, False, 5)
        """
        result = self._result
        rows = []
        for seat, (hand, value) in enumerate(zip(self.hands, self._values(), strict=True)):
            notes = ["dealer"] if seat == self.dealer else []
            if seat == self._turn:
                notes.append("to play")
            if seat in self._knocks:
                notes.append("knocked first" if seat == self.knocker else "knocked")
            won = result is not None and seat in result.winners
            if won:
                notes.append("wins")
            rows.append(Row(f"seat {seat}", hand, value.describe(), ", ".join(notes), won or seat == self._turn))
        up = self._spare_up
        rows.append(Row("spare", self.spare if up else [None] * HAND_SIZE, "face up" if up else "face down"))
        status = f"over. {result.explanation}" if result else f"seat {self._turn} to play"  # the result is a sentence
        title = f"Whisky Poker, {self.players} players, {self.pack}, phase {self._phase}: {status}"
        return rows_html(
            title, rows, "Omniscient view of the game: every hand face up. A player sees observation(seat)."
        )

    # --- actions --------------------------------------------------------------

    def legal_actions(self) -> tuple[WhiskyAction, ...]:
        """Phase 1: pass, take the spare, knock. Phase 2: every distinct
        exchange that changes the hand (not a Joker for the spare's Joker:
        that would be a pass), take the spare, knock. Nothing once the game is over."""
        if self._turn is None:
            return ()
        if self._phase == 1:
            return (PASS, TAKE, KNOCK)
        exchanges = self._table.exchanges
        return (*(exchanges[g][t] for g, t in self._exchange_pairs(self._turn)), TAKE, KNOCK)

    def _exchange_pairs(self, seat: int) -> list[tuple[int, int]]:
        """The (give, take) card ids of every exchange open to ``seat``: two
        different cards (with two Jokers, a Joker for a Joker changes nothing)."""
        return sorted({(g, t) for g in self._hands[seat] for t in self._spare if g != t})

    def apply(self, action: Any) -> None:
        """Play ``action`` for the current player; an illegal one raises
        :class:`IllegalActionError` and changes nothing."""
        if self._turn is None:
            raise IllegalActionError(f"the game is over; no more actions ({cut(str(action))})")
        if isinstance(action, Pass):
            if self._phase != 1:
                raise IllegalActionError("no passing in phase 2: exchange one card, take all five, or knock")
        elif isinstance(action, Exchange):
            if self._phase != 2:
                raise IllegalActionError("no exchanging in phase 1: the spare is face down (pass, take it, or knock)")
            ids = self._table.ids
            give = ids.get(action.give) if isinstance(action.give, Card) else None
            take = ids.get(action.take) if isinstance(action.take, Card) else None
            if give is None or give not in self._hands[self._turn]:
                raise IllegalActionError(f"seat {self._turn} does not hold {cut(str(action.give))}")
            if take is None or take not in self._spare:
                raise IllegalActionError(f"{cut(str(action.take))} is not in the spare")
            if give == take:
                raise IllegalActionError(
                    f"giving {action.give} for the spare's {action.take} changes nothing: "
                    "it would be a pass, and phase 2 has no passing"
                )
        elif not isinstance(action, TakeSpare | Knock):
            raise IllegalActionError(f"not a Whisky Poker action: {shown(action)}")
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
            raise RulesError(f"a seat is 0 to {self.players - 1}, not {shown(player)}")
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
        """The game's name, the format version, the rules, the seed (or the
        staged deal), the dealer and the actions, all JSON-serialisable;
        :meth:`replay` plays it back."""
        cards = self._table.cards
        hands, spare = self._dealt
        return {
            "game": GAME_NAME,
            "version": VERSION,
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
        """The game a :meth:`record` describes, with all its actions played
        again. A record that cannot be replayed as written raises
        :class:`~cardcommons.errors.RecordError` naming the field.

        >>> record = WhiskyPoker(players=3, seed=5).record()
        >>> WhiskyPoker.replay({**record, "seed": None})
        Traceback (most recent call last):
        ...
        cardcommons.errors.RecordError: seed must be an int, not None
        """
        fields = read_record(record, GAME_NAME, {"rules", "dealer", "seed", "deal", "actions"})
        rules = section(fields["rules"], "rules", {"players", "jokers", "ace_low", "ranking"})
        players = integer(rules["players"], "rules.players", MIN_PLAYERS, MAX_PLAYERS)
        options = {"jokers": flag(rules["jokers"], "rules.jokers"), "ace_low": flag(rules["ace_low"], "rules.ace_low")}
        with replaying("rules.ranking", rules["ranking"]):
            check_rules(players, ranking=rules["ranking"], **options)
        ranking: RankingName = rules["ranking"]
        dealer = integer(fields["dealer"], "dealer", 0, players - 1)
        if fields["deal"] is None:
            seed = integer(fields["seed"], "seed")
            game = cls(players, dealer=dealer, seed=seed, ranking=ranking, **options)
        else:
            if fields["seed"] is not None:
                raise RecordError(f"a record has a seed or a deal, not both: seed {shown(fields['seed'])}")
            deal = section(fields["deal"], "deal", {"hands", "spare"})
            hands = deal["hands"]
            if not isinstance(hands, list) or len(hands) != players:
                raise RecordError(f"deal.hands must be a list of {players} hands (rules.players), not {shown(hands)}")
            dealt = [codes(hand, f"deal.hands[{s}]", HAND_SIZE) for s, hand in enumerate(hands)]
            spare = codes(deal["spare"], "deal.spare", HAND_SIZE)
            with replaying("deal", deal):
                game = cls.from_deal(dealt, spare, dealer, ranking=ranking, **options)
        play_actions(lambda text: game.apply(parse_action(text)), fields["actions"])
        return game

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
        for give, take in self._exchange_pairs(self._turn):
            after = strength(swapped(hand, give, take))
            if after >= now:
                scored.append((after, table.exchanges[give][take]))
        scored.sort(key=lambda pair: -pair[0])
        return (*(action for _, action in scored[:MAX_EXCHANGE_CANDIDATES]), TAKE, KNOCK)


def _hand_cards(name: str, cards: object) -> tuple[Card, ...]:
    """The cards of a staged hand, given as a string or a list; anything else is refused, naming it."""
    if not isinstance(cards, str) and (isinstance(cards, bytes | Mapping) or not isinstance(cards, Iterable)):
        raise CardError(f"{name} is a string or a list of cards, not {shown(cards)}")
    return parse_cards(cards)
