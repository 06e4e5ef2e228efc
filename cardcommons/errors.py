"""The project's exception types: each is a ``ValueError`` that names the bad input.

>>> issubclass(CardError, ValueError) and issubclass(IllegalActionError, ValueError)
True
>>> all(issubclass(e, ValueError) for e in (PlotError, RecordError, RulesError, SimulationError))
True
"""


class CardError(ValueError):
    """A card, a hand or a pack that does not make sense (the message names it)."""


class IllegalActionError(ValueError):
    """An action that the game does not allow now; the game is left unchanged."""


class RecordError(ValueError):
    """A game record that cannot be replayed: the message names the field and its value."""


class SimulationError(ValueError):
    """A :func:`~cardcommons.simulate.simulate` call that cannot run as asked:
    the message names the argument and its value."""


class RulesError(ValueError):
    """A game option or a seat that the rules do not allow (a flag that is not
    a bool, a dealer or a player out of range): the message names it."""


class PlotError(ValueError):
    """A plot asked for with data it cannot be drawn from (labels that do not
    match the tables, no trials, a rate outside its interval): the message names it."""
