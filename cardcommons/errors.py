"""The project's exception types: each is a ``ValueError`` that names the bad input.

>>> issubclass(CardError, ValueError) and issubclass(IllegalActionError, ValueError)
True
"""


class CardError(ValueError):
    """A card, a hand or a pack that does not make sense (the message names it)."""


class IllegalActionError(ValueError):
    """An action that the game does not allow now; the game is left unchanged."""
