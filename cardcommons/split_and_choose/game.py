"""The Split and Choose game state: the phase and whose turn it is, the
legal actions, playing them, each player's observation, records and replays.

>>> game = SplitAndChoose(seed=7)
>>> game.phase, game.current_player, len(game.legal_actions())
('split', 0, 6)
>>> game.apply(game.legal_actions()[0])
>>> game.phase, game.current_player, game.legal_actions()
('choose', 1, [Choose(face_up=True), Choose(face_up=False)])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from cardcommons.cards import Card, cards_str, parse_cards
from cardcommons.errors import CardError, IllegalActionError, RulesError, cut, shown
from cardcommons.faces import card_html, hand_html
from cardcommons.game import Action
from cardcommons.hands import HAND_SIZE
from cardcommons.records import VERSION, codes, flag, integer, play_actions, read_record, replaying, section
from cardcommons.split_and_choose.actions import (
    Build,
    Choose,
    Keep,
    Split,
    SplitAndChooseAction,
    Swap,
    action_code,
    parse_action,
)
from cardcommons.split_and_choose.build import _BuildActions, best_build
from cardcommons.split_and_choose.result import SplitAndChooseResult, score_builds
from cardcommons.split_and_choose.rules import PACK, ROUNDS, Phase, _high_first
from cardcommons.split_and_choose.views import ReserveView, RoundView, SplitAndChooseObservation

__all__ = ["SplitAndChoose"]

GAME_NAME = "split and choose"


@dataclass
class _ReserveDecision:
    player: int
    given: Card | None
    taken: Card | None


class SplitAndChoose:
    """A game of Split and Choose between players 0 and 1.

    ``SplitAndChoose(seed=...)`` shuffles the pack with ``random.Random(seed)``:
    the first card is the reserve, the other 20 the stock, in order.
    ``first_splitter`` splits rounds 1, 3 and 5; the other player splits
    rounds 2 and 4, and goes first at the reserve and at the build.
    ``face_up_swap`` turns on the face-up swap variant.

    >>> game = SplitAndChoose.from_order("Jo " + " ".join(c.code for c in PACK.cards[:20]))
    >>> game.stock_cards(0)
    (10♣, 10♦, 10♥, 10♠)
    >>> sorted(map(str, game.legal_actions()))[0]
    'split 10♠ 10♣ face up, 10♥ 10♦ face down'
    """

    players = 2

    def __init__(self, seed: int | None = None, first_splitter: int = 0, face_up_swap: bool = False) -> None:
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise RulesError(f"a seed is an int or None, not {shown(seed)}")
        order = PACK.shuffled(random.Random(seed))
        self._setup(tuple(order), first_splitter, face_up_swap)
        self.seed = seed

    @classmethod
    def from_order(
        cls, cards: Iterable[Card] | str, first_splitter: int = 0, face_up_swap: bool = False
    ) -> SplitAndChoose:
        """A game with the cards staged: the reserve first, then the 20 stock
        cards in the order they are split (4 per round). They must be the 21
        cards of the pack, each once.

        >>> SplitAndChoose.from_order("As Ks")
        Traceback (most recent call last):
        ...
        cardcommons.errors.CardError: a Split and Choose deal is the 21 cards of the pack, each once: expected 21 ...
        """
        try:
            order = PACK.check(parse_cards(cards), size=len(PACK))
        except CardError as error:
            raise CardError(f"a Split and Choose deal is the 21 cards of the pack, each once: {error}") from None
        game = cls.__new__(cls)
        game._setup(order, first_splitter, face_up_swap)
        game.seed = None
        return game

    def _setup(self, order: tuple[Card, ...], first_splitter: int, face_up_swap: bool) -> None:
        if isinstance(first_splitter, bool) or not isinstance(first_splitter, int) or first_splitter not in (0, 1):
            raise RulesError(f"first_splitter is 0 or 1, not {shown(first_splitter)}")
        if not isinstance(face_up_swap, bool):
            raise RulesError(f"face_up_swap is True or False, not {shown(face_up_swap)}")
        self.order = order
        self.first_splitter = first_splitter
        self.face_up_swap = face_up_swap
        self._hands: list[list[Card]] = [[], []]
        self._reserve = order[0]
        self._splits: list[Split] = []
        self._choices: list[bool] = []
        self._reserve_log: list[_ReserveDecision] = []
        self._builds: list[Build | None] = [None, None]
        self._history: list[SplitAndChooseAction] = []
        self._result: SplitAndChooseResult | None = None
        self._decided_views: tuple[list[RoundView], list[RoundView]] = ([], [])

    # --------------------------------------------------------------- queries

    @property
    def phase(self) -> Phase:
        """'split', 'choose', 'reserve', 'build' or 'over'."""
        if self._result is not None:
            return "over"
        if len(self._choices) < ROUNDS:
            return "choose" if len(self._splits) > len(self._choices) else "split"
        return "reserve" if len(self._reserve_log) < 2 else "build"

    @property
    def round(self) -> int:
        """The round being played, 0 to 4 (5 once the drafting is done)."""
        return len(self._choices)

    def splitter(self, round_: int) -> int:
        """Who splits a round (0-based): the first splitter in rounds 0, 2, 4."""
        return self.first_splitter if round_ % 2 == 0 else 1 - self.first_splitter

    @property
    def second(self) -> int:
        """The player who splits twice: first at the reserve and at the build."""
        return 1 - self.first_splitter

    @property
    def current_player(self) -> int | None:
        return self._player_in(self.phase)

    def _player_in(self, phase: Phase) -> int | None:
        """Who plays now, ``phase`` being the phase now (worked out once by the caller)."""
        if phase == "split":
            return self.splitter(self.round)
        if phase == "choose":
            return 1 - self.splitter(self.round)
        if phase == "reserve":
            return self.second if not self._reserve_log else self.first_splitter
        if phase == "build":
            return self.second if self._builds[self.second] is None else self.first_splitter
        return None

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> SplitAndChooseResult | None:
        return self._result

    @property
    def history(self) -> tuple[SplitAndChooseAction, ...]:
        """Every action played so far."""
        return tuple(self._history)

    def hand(self, player: int) -> tuple[Card, ...]:
        """A player's cards now (the whole truth: for teaching, not for bots)."""
        return tuple(self._hands[player])

    @property
    def reserve(self) -> Card:
        """The card in the reserve now (hidden from both players)."""
        return self._reserve

    def stock_cards(self, round_: int) -> tuple[Card, ...]:
        """The 4 stock cards split in a round (0-based)."""
        return self.order[1 + 4 * round_ : 5 + 4 * round_]

    def legal_actions(self) -> Sequence[SplitAndChooseAction]:
        phase = self.phase
        if phase == "split":
            c = self.stock_cards(self.round)
            splits: list[SplitAndChooseAction] = []
            for mate in (1, 2, 3):
                pair = _high_first((c[0], c[mate]))
                rest = _high_first(c[i] for i in (1, 2, 3) if i != mate)
                splits += [Split._trusted(pair, rest), Split._trusted(rest, pair)]
            return splits
        if phase == "choose":
            return [Choose(True), Choose(False)]
        if phase == "reserve":
            player = self._player_in(phase)
            assert player is not None
            return [Keep(), *(Swap(card) for card in _high_first(self._hands[player]))]
        if phase == "build":
            player = self._player_in(phase)
            assert player is not None
            return _BuildActions(self._hands[player])
        return []

    def candidate_actions(self) -> Sequence[SplitAndChooseAction]:
        """Every legal action, except at the build: just the best build."""
        if self.phase == "build":
            player = self.current_player
            assert player is not None
            return [best_build(self._hands[player])]
        return self.legal_actions()

    # ----------------------------------------------------------------- moves

    def apply(self, action: Action, player: int | None = None) -> None:
        """Play ``action`` for the current player (if ``player`` is given, it
        must be the current player). An illegal action raises
        :class:`IllegalActionError` saying why and leaves the game unchanged.

        >>> game = SplitAndChoose(seed=2)
        >>> game.apply(Choose(True))
        Traceback (most recent call last):
        ...
        cardcommons.errors.IllegalActionError: Player 0 must split now, not choose the face-up pair
        """
        phase = self.phase
        mover = self._player_in(phase)
        if mover is None:
            raise IllegalActionError(f"the game is over: no more moves ({cut(str(action))})")
        if player is not None and player != mover:
            raise IllegalActionError(f"it is Player {mover}'s turn, not Player {player}'s")
        move: SplitAndChooseAction
        if phase == "split" and isinstance(action, Split):
            self._check_split(action)
            self._splits.append(move := action)
        elif phase == "choose" and isinstance(action, Choose):
            if not isinstance(action.face_up, bool):
                raise IllegalActionError(f"Choose takes face_up=True or False, not {shown(action.face_up)}")
            split = self._splits[-1]
            taken, left = (split.face_up, split.face_down) if action.face_up else (split.face_down, split.face_up)
            self._hands[mover].extend(taken)
            self._hands[1 - mover].extend(left)
            self._choices.append(action.face_up)
            move = action
        elif phase == "reserve" and isinstance(action, Swap):
            if action.card not in self._hands[mover]:
                raise IllegalActionError(f"Player {mover} cannot swap {cut(str(action.card))}: not in their hand")
            hand = self._hands[mover]
            hand[hand.index(action.card)] = self._reserve
            self._reserve_log.append(_ReserveDecision(mover, action.card, self._reserve))
            self._reserve = action.card
            move = action
        elif phase == "reserve" and isinstance(action, Keep):
            self._reserve_log.append(_ReserveDecision(mover, None, None))
            move = action
        elif phase == "build" and isinstance(action, Build):
            self._check_build(action, mover)
            self._builds[mover] = move = action
            if all(b is not None for b in self._builds):
                self._result = score_builds([b for b in self._builds if b is not None])
        else:
            verb = {"split": "split", "choose": "choose a pair", "reserve": "swap or keep", "build": "build"}[phase]
            raise IllegalActionError(f"Player {mover} must {verb} now, not {cut(str(action))}")
        self._history.append(move)

    def _check_split(self, split: Split) -> None:
        stock = self.stock_cards(self.round)
        if len(split.face_up) != 2 or len(split.face_down) != 2:
            raise IllegalActionError(
                f"a split is two pairs: {len(split.face_up)} face up and {len(split.face_down)} face down given"
            )
        if not all(isinstance(c, Card) for c in split.cards) or set(split.cards) != set(stock):
            raise IllegalActionError(
                f"the split must use the 4 cards {cards_str(stock)}, each once, not {cards_str(split.cards)}"
            )

    def _check_build(self, build: Build, player: int) -> None:
        weaker, stronger = build.hands
        held = self._hands[player]
        cards = weaker + stronger
        if not all(isinstance(c, Card) for c in cards):
            raise IllegalActionError(f"a build is made of cards, not {shown(cards)}")
        missing = [c for c in cards if c not in held]
        if missing:
            raise IllegalActionError(f"Player {player} does not hold {cards_str(missing)}")
        if len(cards) != 10 or len(set(cards)) != 10:
            raise IllegalActionError(f"a build uses each of the 10 cards exactly once, not {cards_str(cards)}")
        if len(weaker) != HAND_SIZE or len(stronger) != HAND_SIZE:
            raise IllegalActionError(f"a build is two hands of 5 cards, not {len(weaker)} and {len(stronger)}")

    # ----------------------------------------------------------------- views

    def observation(self, player: int) -> SplitAndChooseObservation:
        if isinstance(player, bool) or not isinstance(player, int) or player not in (0, 1):
            raise RulesError(f"Split and Choose has players 0 and 1, not {shown(player)}")
        phase = self.phase
        decided = self._decided_views[player]  # a round's view is final once its pair is chosen
        rounds = list(decided)
        started = len(self._splits) + (phase == "split")
        for r in range(len(decided), started):
            splitter = self.splitter(r)
            split = self._splits[r] if r < len(self._splits) else None
            chose = self._choices[r] if r < len(self._choices) else None
            if splitter == player:
                cards = _high_first(self.stock_cards(r))
                up = split.face_up if split is not None else None
                down = split.face_down if split is not None else None
                view = RoundView(splitter, cards, up, down, chose)
            else:
                up = split.face_up if split is not None else None
                down = split.face_down if split is not None and chose is False else None
                view = RoundView(splitter, None, up, down, chose)
            if chose is not None:
                decided.append(view)
            rounds.append(view)
        reserve = tuple(
            ReserveView(d.player, d.given is not None, d.given, d.taken)
            if d.player == player or self.face_up_swap
            else ReserveView(d.player, d.given is not None, None, None)
            for d in self._reserve_log
        )
        return SplitAndChooseObservation._trusted(
            player=player,
            phase=phase,
            current_player=self._player_in(phase),
            first_splitter=self.first_splitter,
            face_up_swap=self.face_up_swap,
            hand=_high_first(self._hands[player]),
            rounds=tuple(rounds),
            reserve=reserve,
            build=self._builds[player],
        )

    def record(self) -> dict[str, Any]:
        """The game as a JSON-serialisable dict: the game's name, the format
        version, the rules, the deal (seed or card order) and the actions as
        text; :meth:`replay` rebuilds it."""
        deal: dict[str, Any] = {"seed": self.seed} if self.seed is not None else {"order": [c.code for c in self.order]}
        return {
            "game": GAME_NAME,
            "version": VERSION,
            "rules": {"first_splitter": self.first_splitter, "face_up_swap": self.face_up_swap},
            **deal,
            "actions": [action_code(a) for a in self._history],
        }

    @classmethod
    def replay(cls, record: dict[str, Any]) -> SplitAndChoose:
        """Rebuild a game from :meth:`record`, playing its actions again. A
        record that cannot be replayed as written raises
        :class:`~cardcommons.errors.RecordError` naming the field.

        >>> record = SplitAndChoose(seed=4).record()
        >>> SplitAndChoose.replay({**record, "rules": {"first_splitter": 0, "face_up_swap": "no"}})
        Traceback (most recent call last):
        ...
        cardcommons.errors.RecordError: rules.face_up_swap must be true or false, not 'no'
        """
        deal = "order" if isinstance(record, dict) and "order" in record else "seed"
        fields = read_record(record, GAME_NAME, {"rules", deal, "actions"})
        rules = section(fields["rules"], "rules", {"first_splitter", "face_up_swap"})
        first_splitter = integer(rules["first_splitter"], "rules.first_splitter", 0, 1)
        face_up_swap = flag(rules["face_up_swap"], "rules.face_up_swap")
        if deal == "order":
            order = codes(fields["order"], "order", len(PACK))
            with replaying("order", order):
                game = cls.from_order(parse_cards(order), first_splitter, face_up_swap)
        else:
            game = cls(integer(fields["seed"], "seed"), first_splitter, face_up_swap)
        play_actions(lambda text: game.apply(parse_action(text)), fields["actions"])
        return game

    from_record = replay

    def __repr__(self) -> str:
        deal = f"seed={self.seed}" if self.seed is not None else "staged"
        return f"SplitAndChoose({deal}, phase={self.phase!r}, to play={self.current_player})"

    def _repr_html_(self) -> str:
        turn = "the game is over" if self.current_player is None else f"Player {self.current_player} to play"
        parts = [f"<b>Split and Choose</b> — phase: {self.phase}, {turn}"]
        for p in (0, 1):
            parts.append(f"<div>Player {p}: {hand_html(self._hands[p])}</div>")
        parts.append(f"<div>Reserve: {card_html(None, title='the reserve')}</div>")
        if self._result is not None:
            parts.append(self._result._repr_html_())
        return "".join(parts)
