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

The package has one module per concern: ``actions`` (the four actions and
:func:`parse_action`), ``rules`` (the rules as data: the pack, ranking and
card ids of a table), ``events`` (the public log), ``views`` (a player's observation),
``result`` (how a game ended) and ``game`` (:class:`WhiskyPoker` itself).

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

# Besides __all__, the names the bots import from here: KNOCK, PASS, TAKE,
# rules_table and swapped.
from cardcommons.whisky.actions import KNOCK as KNOCK
from cardcommons.whisky.actions import PASS as PASS
from cardcommons.whisky.actions import TAKE as TAKE
from cardcommons.whisky.actions import Exchange, Knock, Pass, TakeSpare, WhiskyAction, parse_action
from cardcommons.whisky.events import Event, Position
from cardcommons.whisky.game import WhiskyPoker
from cardcommons.whisky.result import WhiskyResult
from cardcommons.whisky.rules import rules_table as rules_table
from cardcommons.whisky.rules import swapped as swapped
from cardcommons.whisky.views import WhiskyObservation

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
