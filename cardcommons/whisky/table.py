"""The old name of :mod:`cardcommons.whisky.rules` (the rules as data), kept so
that old imports keep working: import from ``rules`` instead.

>>> from cardcommons.whisky import rules
>>> rules_table is rules.rules_table
True
"""

from cardcommons.categories import RankingName
from cardcommons.hands import HAND_SIZE
from cardcommons.whisky.rules import RulesTable, check_rules, rules_table, swapped

__all__ = ["HAND_SIZE", "RankingName", "RulesTable", "check_rules", "rules_table", "swapped"]
