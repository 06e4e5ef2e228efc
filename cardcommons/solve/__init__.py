"""Exact answers where the game allows: :mod:`cardcommons.solve.reserve`
solves Split and Choose's reserve-and-build endgame from one player's view."""
