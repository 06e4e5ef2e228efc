"""Split and Choose: a two-player draft game with the 21-card pack (RULES.md section 2).

One card is the reserve, the other 20 the stock. Five rounds: the splitter
takes 4 stock cards and splits them into a face-up and a face-down pair; the
chooser takes one pair (the face-down one unseen) and the splitter gets the
other. Then each player may swap one card for the reserve, blind (or face up
in the variant). Last, each builds two 5-card hands from its 10 cards; the
players compare (a) the weaker hands' categories, (b) the stronger hands'
categories, (c) the weaker hands in full, (d) the stronger hands in full.

One module per concern, each importing only those before it (but one: a view
samples a whole game matching it, so ``views`` imports ``game`` inside that
function, as ``game`` imports ``views``):
:mod:`~cardcommons.split_and_choose.rules` (the rules as data: the pack, the rounds, the phases),
:mod:`~cardcommons.split_and_choose.actions` (the moves and their text form),
:mod:`~cardcommons.split_and_choose.build` (the best build, a build's score, the build table of every holding),
:mod:`~cardcommons.split_and_choose.result` (two builds compared and explained),
:mod:`~cardcommons.split_and_choose.views` (what one player may know),
:mod:`~cardcommons.split_and_choose.game` (the game itself) and
:mod:`~cardcommons.split_and_choose.staging` (games staged to end with chosen hands). Import from here.

>>> game = SplitAndChoose(seed=7)
>>> game.phase, game.current_player, len(game.legal_actions())
('split', 0, 6)
>>> from cardcommons.bots import RandomBot
>>> from cardcommons.game import play
>>> result = play(game, [RandomBot(1), RandomBot(2)])
>>> SplitAndChoose.replay(game.record()).result == result
True
"""

# Besides __all__, the name the heuristic bot imports from here: build_scorer.
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
from cardcommons.split_and_choose.build import BuildTable, best_build, build_score, build_table
from cardcommons.split_and_choose.build import build_scorer as build_scorer
from cardcommons.split_and_choose.game import SplitAndChoose
from cardcommons.split_and_choose.result import SplitAndChooseResult, score_builds
from cardcommons.split_and_choose.rules import PACK
from cardcommons.split_and_choose.staging import stage
from cardcommons.split_and_choose.views import ReserveView, RoundView, SplitAndChooseObservation

__all__ = [
    "PACK",
    "Build",
    "BuildTable",
    "Choose",
    "Keep",
    "ReserveView",
    "RoundView",
    "Split",
    "SplitAndChoose",
    "SplitAndChooseAction",
    "SplitAndChooseObservation",
    "SplitAndChooseResult",
    "Swap",
    "action_code",
    "best_build",
    "build_score",
    "build_table",
    "parse_action",
    "score_builds",
    "stage",
]
