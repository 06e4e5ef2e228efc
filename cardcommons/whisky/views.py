"""A Whisky Poker player's view: all that one seat may know, and nothing else.

A :class:`WhiskyObservation` holds the player's own hand, the spare once it
is face up, the cards everyone saw go into each hand, who knocked and the
public log. Its :meth:`~WhiskyObservation.sample_game` deals every card the
player cannot locate at random, to give a computer player a game to look
ahead in.

>>> from cardcommons.whisky import Knock, WhiskyPoker
>>> game = WhiskyPoker.from_deal(["As Ad Ks Kd 9c", "Qh Qs Jc 10d 9h"], "Ac Kc Qc Jd 10s")
>>> game.apply(Knock())
>>> view = game.observation(1)
>>> view.hand, view.spare, view.knocker, view.log
((9♥, 10♦, J♣, Q♥, Q♠), None, 0, ('Seat 0 knocked: everyone else has one more turn',))
>>> print(view)
Seat 1's view, phase 1
  seat 0: ?? ?? ?? ?? ??
  seat 1: 9♥ 10♦ J♣ Q♥ Q♠
  spare: ?? ?? ?? ?? ??
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cardcommons.cards import Card
from cardcommons.categories import RankingName
from cardcommons.faces import card_text
from cardcommons.hands import HAND_SIZE
from cardcommons.packs import Pack
from cardcommons.whisky.actions import Exchange, TakeSpare
from cardcommons.whisky.display import Row, rows_html
from cardcommons.whisky.events import Event
from cardcommons.whisky.rules import _remove, rules_table

if TYPE_CHECKING:
    # The game builds observations, so it imports this module; sample_game
    # imports the game when it is called.
    from cardcommons.whisky.game import WhiskyPoker

__all__ = ["WhiskyObservation"]


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
        return rules_table(self.players, self.jokers, self.ace_low, self.ranking).pack

    @property
    def log(self) -> tuple[str, ...]:
        """The public history in words, one line per event."""
        return tuple(str(event) for event in self.events)

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.current_player is None

    def _seen(self) -> list[tuple[str, tuple[Card | None, ...]]]:
        """Each seat and the spare as this player sees them, ``None`` for a card it cannot see."""
        rows: list[tuple[str, tuple[Card | None, ...]]] = []
        for seat, known in enumerate(self.known):
            cards = self.hand if seat == self.player else (*known, *[None] * (HAND_SIZE - len(known)))
            rows.append((f"seat {seat}", tuple(cards)))
        rows.append(("spare", tuple(self.spare) if self.spare is not None else (None,) * HAND_SIZE))
        return rows

    def __repr__(self) -> str:
        """One short line: whose view, the phase, the hand and the spare.

        >>> from cardcommons.whisky import WhiskyPoker
        >>> WhiskyPoker.from_deal(["As Ks Qs 9d 9c", "Jh Jd 10c 10d 9h"], spare="Js 10s Ad Qh 9s").observation(1)
        <what seat 1 knows in Whisky Poker: phase 1, seat 0 to play, holds 9♥ 10♣ 10♦ J♦ J♥, spare face down>
        """
        to_play = "game over" if self.current_player is None else f"seat {self.current_player} to play"
        spare = "face down" if self.spare is None else card_text(self.spare)
        return (
            f"<what seat {self.player} knows in Whisky Poker: phase {self.phase}, {to_play}, "
            f"holds {card_text(self.hand)}, spare {spare}>"
        )

    def __str__(self) -> str:
        """What this seat knows, in words: every hand and the spare, ``??`` for a card it cannot see."""
        lines = [f"Seat {self.player}'s view, phase {self.phase}"]
        lines += [f"  {label}: {card_text(cards)}" for label, cards in self._seen()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = [
            Row(label, cards, "you" if label == f"seat {self.player}" else "", highlight=label == f"seat {self.player}")
            for label, cards in self._seen()
        ]
        to_play = "game over" if self.current_player is None else f"seat {self.current_player} to play"
        return rows_html(f"Seat {self.player}'s view, phase {self.phase}, {to_play}", rows)

    def sample_game(self, rng: random.Random) -> WhiskyPoker:
        """A full game at this point, with every card this player cannot locate
        (other players' unknown cards, the face-down spare, the undealt stock)
        dealt at random, the cards known to be in a hand kept there. It has the
        same history and, since every card that moves in phase 2 moves face up,
        the same repetition counts.

        >>> from cardcommons.whisky import WhiskyPoker
        >>> game = WhiskyPoker(players=3, seed=5)
        >>> view = game.observation(game.current_player)
        >>> twin = view.sample_game(random.Random(1))
        >>> twin.observation(view.player) == view
        True
        """
        table = rules_table(self.players, self.jokers, self.ace_low, self.ranking)
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

        from cardcommons.whisky.game import WhiskyPoker

        return WhiskyPoker._from_history(table, self, hands, spare)
