"""What one player may know in Split and Choose: its observation, each
round and reserve decision as it saw them, and a whole game sampled to match
(for bots that look ahead).

>>> from cardcommons.split_and_choose import SplitAndChoose
>>> game = SplitAndChoose(seed=3)
>>> game.apply(game.legal_actions()[0])
>>> view = game.observation(1)
>>> view.phase, view.current_player, view.rounds[0].cards, len(view.rounds[0].face_up)
('choose', 1, None, 2)
>>> view.sample_game(random.Random(0)).observation(1) == view
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING

from cardcommons.cards import Card
from cardcommons.faces import card_text, hand_html
from cardcommons.split_and_choose.actions import Build, Choose, Keep, Split, Swap
from cardcommons.split_and_choose.build import best_build
from cardcommons.split_and_choose.rules import PACK, ROUNDS, Phase

if TYPE_CHECKING:
    from cardcommons.split_and_choose.game import SplitAndChoose

__all__ = ["ReserveView", "RoundView", "SplitAndChooseObservation"]


@dataclass(frozen=True)
class RoundView:
    """One round as one player saw it. ``cards``: the 4 cards, if this player
    split them. ``face_up``: the face-up pair, once split. ``face_down``: the
    face-down pair, if this player split it or took it. ``chose_face_up``: the
    chooser's choice, once made."""

    splitter: int
    cards: tuple[Card, ...] | None
    face_up: tuple[Card, ...] | None
    face_down: tuple[Card, ...] | None
    chose_face_up: bool | None

    @property
    def chooser(self) -> int:
        return 1 - self.splitter

    @property
    def face_up_taker(self) -> int | None:
        """Who took the face-up pair (None before the choice)."""
        if self.chose_face_up is None:
            return None
        return self.chooser if self.chose_face_up else self.splitter

    def __str__(self) -> str:
        """The round in words, ``?? ??`` for a pair this player never saw."""
        if self.face_up is None:
            return f"Player {self.splitter} to split {card_text(self.cards or ())}".rstrip()
        down = card_text(self.face_down or (None, None))
        pair = {None: "", True: "face-up", False: "face-down"}[self.chose_face_up]
        chose = f"; Player {self.chooser} chose the {pair} pair" if pair else ""
        return f"Player {self.splitter} split {card_text(self.face_up)} up, {down} down{chose}"


@dataclass(frozen=True)
class ReserveView:
    """One decision at the reserve. ``given`` and ``taken`` are shown to the
    player who swapped, and to both players in the face-up swap variant."""

    player: int
    swapped: bool
    given: Card | None
    taken: Card | None

    def __str__(self) -> str:
        """The decision in words, ``??`` for a card this player did not see."""
        if not self.swapped:
            return f"Player {self.player} kept"
        return f"Player {self.player} swapped {card_text([self.given])} for {card_text([self.taken])}"

    def _repr_html_(self) -> str:
        if not self.swapped:
            return f"<div>{escape(str(self))}</div>"
        return (  # a back for a card this player did not see, as ?? in the words
            f"<div>Player {self.player} swapped {hand_html([self.given])} for {hand_html([self.taken])}</div>"
        )


@dataclass(frozen=True)
class SplitAndChooseObservation:
    """All that one player may know (RULES.md 2.3 and 4): its own cards, every
    round as it saw it, the reserve decisions as it saw them, its own build,
    whose turn it is and the phase. Nothing else.

    >>> from cardcommons.split_and_choose import SplitAndChoose
    >>> game = SplitAndChoose(seed=1)
    >>> view = game.observation(1)
    >>> view.hand, view.rounds[0].cards, view.phase
    ((), None, 'split')
    """

    player: int
    phase: Phase
    current_player: int | None
    first_splitter: int
    face_up_swap: bool
    hand: tuple[Card, ...]
    rounds: tuple[RoundView, ...]
    reserve: tuple[ReserveView, ...]
    build: Build | None

    @classmethod
    def _trusted(cls, **fields: object) -> SplitAndChooseObservation:
        """An observation from every field, as the game has just worked them out (a fast
        path for play, which asks for one before each move: no generated ``__init__``)."""
        view = cls.__new__(cls)
        view.__dict__.update(fields)
        return view

    @property
    def seen(self) -> frozenset[Card]:
        """Every card this player has seen."""
        cards: set[Card] = set(self.hand)
        for view in self.rounds:
            for group in (view.cards, view.face_up, view.face_down):
                cards.update(group or ())
        for decision in self.reserve:
            cards.update(c for c in (decision.given, decision.taken) if c is not None)
        return frozenset(cards)

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards of the pack this player has not seen, in pack order."""
        return tuple(itertools.filterfalse(self.seen.__contains__, PACK.cards))

    @property
    def opponent_drafted(self) -> tuple[Card, ...]:
        """The cards this player saw go to the other in the draft: face-up
        pairs the other took, and face-down pairs this player split and left
        to the other. What the other held before the reserve, as far as this
        player knows."""
        me = self.player
        cards: list[Card] = []
        for view in self.rounds:
            if view.face_up is None or view.chose_face_up is None:
                continue
            if view.face_up_taker != me:
                cards.extend(view.face_up)
            elif view.face_down is not None and view.splitter == me:
                cards.extend(view.face_down)
        return tuple(cards)

    @property
    def opponent_known(self) -> tuple[Card, ...]:
        """The cards this player knows the other holds now: drafted, or taken
        at the reserve. The reserve is followed card by card. A card this
        player gives and the other then takes is the other's. After the other
        gives a card blind, any card it was known to hold may be the one now in
        the reserve, so none is listed, until this player takes the reserve and
        sees which card it was.

        >>> from cardcommons.split_and_choose import Swap, SplitAndChoose
        >>> game = SplitAndChoose(seed=2)
        >>> while game.phase != "reserve":
        ...     game.apply(game.legal_actions()[0])
        >>> second = 1 - game.current_player
        >>> len(game.observation(second).opponent_known)  # the face-up pairs the other took
        6
        >>> game.apply(Swap(game.hand(game.current_player)[0]))  # blind: the other does not see which card
        >>> game.observation(second).opponent_known
        ()
        """
        me = self.player
        cards = list(self.opponent_drafted)
        doubtful: list[Card] = []  # known before the other gave a card blind: one of them may be in the reserve
        in_reserve: Card | None = None  # the reserve card, when this player knows it
        for decision in self.reserve:
            if not decision.swapped:
                continue
            if decision.player == me:
                # the card taken is the one the other gave, if it gave one: the rest are its own again
                cards += [c for c in doubtful if c != decision.taken]
                doubtful = []
                if decision.taken in cards:
                    cards.remove(decision.taken)
            elif decision.given is not None:  # shown, and so is the card taken: the face-up swap variant
                if decision.given in cards:
                    cards.remove(decision.given)
                if decision.taken is not None:
                    cards.append(decision.taken)
            else:
                doubtful, cards = cards, [in_reserve] if in_reserve is not None else []
            in_reserve = decision.given
        return tuple(cards)

    def sample_game(self, rng: random.Random) -> SplitAndChoose:
        """A full game at this point with the same history, the cards this
        player has not seen dealt at random into the places it cannot see
        (the other player's hidden pairs, the reserve, the rest of the stock);
        a hidden card given at a blind swap is drawn from the giver's hand,
        and a hidden build is the best build. Its observation for this player
        equals this one.

        >>> from cardcommons.split_and_choose import SplitAndChoose
        >>> game = SplitAndChoose(seed=5)
        >>> game.apply(game.legal_actions()[0])
        >>> view = game.observation(1)
        >>> view.sample_game(random.Random(0)).observation(1) == view
        True
        """
        return _sample(self, rng)

    def sample_blind_swaps(self, rng: random.Random) -> list[SplitAndChoose]:
        """Where the other player swapped blind and this one never saw which
        card it gave: one game sampled as :meth:`sample_game` samples it, once
        for each card the other could have given (the same deal, the same rng
        draws), so that a caller can weigh each (else the one sampled game).

        >>> from cardcommons.split_and_choose import SplitAndChoose, Swap
        >>> game = SplitAndChoose(seed=2)
        >>> while game.phase != "reserve":
        ...     game.apply(game.legal_actions()[0])
        >>> game.apply(Swap(game.hand(game.current_player)[0]))
        >>> len(game.observation(game.current_player).sample_blind_swaps(random.Random(1)))
        10
        """
        seed = rng.getrandbits(64)
        game = _sample(self, random.Random(seed))
        other = 1 - self.player
        swaps = [i for i, a in enumerate(game.history) if isinstance(a, Swap | Keep)]
        mover = 0 if other == 1 - self.first_splitter else 1
        if len(swaps) <= mover or not self.unseen_blind_swap:
            return [game]
        from cardcommons.split_and_choose.game import SplitAndChoose

        before = SplitAndChoose.from_order(game.order, game.first_splitter, game.face_up_swap)
        for action in game.history[: swaps[mover]]:
            before.apply(action)
        return [_sample(self, random.Random(seed), blind=card) for card in before.hand(other)]

    @property
    def unseen_blind_swap(self) -> bool:
        """Whether the other player gave a card blind that this one never saw."""
        other = [i for i, d in enumerate(self.reserve) if d.player != self.player and d.swapped and d.given is None]
        return bool(other) and not (other[0] == 0 and len(self.reserve) > 1 and self.reserve[1].swapped)

    def __repr__(self) -> str:
        """One short line: whose view, the phase, the hand.

        >>> from cardcommons.split_and_choose import SplitAndChoose
        >>> SplitAndChoose(seed=1).observation(0)
        <what player 0 knows in Split and Choose: phase split, player 0 to play, holds nothing yet>
        """
        to_play = "game over" if self.current_player is None else f"player {self.current_player} to play"
        hand = f"holds {card_text(self.hand)}" if self.hand else "holds nothing yet"
        return f"<what player {self.player} knows in Split and Choose: phase {self.phase}, {to_play}, {hand}>"

    def __str__(self) -> str:
        """What this player knows, in words: its cards, each round and reserve
        decision as it saw them (``??`` for a card it never saw), and the
        cards it has not seen."""
        lines = [f"Player {self.player} holds {card_text(self.hand)}"]
        lines += [f"  round {number}: {view}" for number, view in enumerate(self.rounds, 1)]
        lines += [f"  reserve: {decision}" for decision in self.reserve]
        lines.append(f"  never seen: {card_text(self.unseen)}")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The view as a small table: a caption, then one labelled row of cards
        for the hand and for each round (face-up pair, then face-down pair)."""
        to_play = "nobody" if self.current_player is None else f"player {self.current_player}"
        rows = [("your cards", hand_html(self.hand), "")]
        for number, view in enumerate(self.rounds, 1):
            up = view.face_up or ()
            down: Sequence[Card | None] = view.face_down or ((None, None) if view.face_up else ())
            chose = {None: "not chosen yet", True: "face-up pair taken", False: "face-down pair taken"}
            rows.append(
                (
                    f"round {number} · player {view.splitter} splits",
                    f"{hand_html(up, 'face up')} {hand_html(down, 'face down')}",
                    chose[view.chose_face_up],
                )
            )
        rows += [("reserve", decision._repr_html_(), "") for decision in self.reserve]
        cell = "text-align:left;padding:2px 8px;vertical-align:middle"
        body = "".join(
            f'<tr><th style="{cell};white-space:nowrap">{label}</th><td style="{cell}">{cards}</td>'
            f'<td style="{cell}">{note}</td></tr>'
            for label, cards, note in rows
        )
        return (
            f'<div class="cc-view"><div style="font-weight:600;margin-bottom:4px">What player {self.player} knows'
            f" · phase: {self.phase} · to play: {to_play}</div>"
            f'<table style="border-collapse:collapse">{body}</table></div>'
        )


def _sample(view: SplitAndChooseObservation, rng: random.Random, blind: Card | None = None) -> SplitAndChoose:
    from cardcommons.split_and_choose.game import SplitAndChoose  # game.py imports this module

    me, other = view.player, 1 - view.player
    slots: list[list[Card | None]] = []
    other_slots: list[tuple[int, int]] = []
    for r in range(ROUNDS):
        round_view = view.rounds[r] if r < len(view.rounds) else None
        if round_view is None:
            slots.append([None] * 4)
        elif round_view.face_up is not None:
            down: Sequence[Card | None] = round_view.face_down or (None, None)
            slots.append([*round_view.face_up, *down])
            if round_view.face_down is None and round_view.chose_face_up is True:
                other_slots += [(r, 2), (r, 3)]
        elif round_view.cards is not None:
            slots.append(list(round_view.cards))
        else:
            slots.append([None] * 4)
    known = {c for row in slots for c in row if c is not None}
    reserve: Card | None = None
    swaps = [d for d in view.reserve if d.swapped]
    if swaps and swaps[0].taken is not None:
        reserve = swaps[0].taken
    other_given: Card | None = None
    for i, decision in enumerate(view.reserve):
        if decision.player == other and decision.swapped:
            if decision.given is not None:
                other_given = decision.given
            elif i == 0 and len(view.reserve) > 1 and view.reserve[1].swapped:
                other_given = view.reserve[1].taken
    pinned = [other_given] if other_given is not None and other_given not in known else []
    rng.shuffle(other_slots)
    for (r, i), card in zip(other_slots, pinned, strict=False):
        slots[r][i] = card
    taken = known | set(pinned) | ({reserve} if reserve is not None else set())
    rest = [c for c in PACK.cards if c not in taken]
    rng.shuffle(rest)
    deal = iter(rest)
    order = [reserve if reserve is not None else next(deal)]
    for row in slots:
        order.extend(c if c is not None else next(deal) for c in row)
    game = SplitAndChoose.from_order(order, view.first_splitter, view.face_up_swap)
    for r, round_view in enumerate(view.rounds):
        if round_view.face_up is None:
            break
        game.apply(Split(face_up=tuple(order[1 + 4 * r : 3 + 4 * r]), face_down=tuple(order[3 + 4 * r : 5 + 4 * r])))
        if round_view.chose_face_up is not None:
            game.apply(Choose(round_view.chose_face_up))
    for decision in view.reserve:
        if not decision.swapped:
            game.apply(Keep())
        elif decision.player == me or decision.given is not None:
            assert decision.given is not None
            game.apply(Swap(decision.given))
        else:
            if other_given is not None:
                card = other_given
            else:
                card = blind if blind is not None else rng.choice(sorted(game._hands[other]))
            game.apply(Swap(card))
    builders = (game.second, game.first_splitter)
    built = 2 if view.phase == "over" else (builders.index(view.current_player) if view.phase == "build" else 0)
    for builder in builders[:built]:
        if builder == me:
            assert view.build is not None
            game.apply(view.build)
        else:
            game.apply(best_build(game._hands[other]))
    return game
