"""Split and Choose (RULES.md section 2): the package, its game in :mod:`cardcommons.split_and_choose.game`."""

from cardcommons.split_and_choose.game import (
    PACK,
    Build,
    Choose,
    Keep,
    ReserveView,
    RoundView,
    Split,
    SplitAndChoose,
    SplitAndChooseAction,
    SplitAndChooseObservation,
    SplitAndChooseResult,
    Swap,
    action_code,
    best_build,
    build_score,
    parse_action,
    score_builds,
)
from cardcommons.split_and_choose.game import _scorer as _scorer

__all__ = [
    "PACK",
    "Build",
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
    "parse_action",
    "score_builds",
]
