"""Exact answers where the game allows: :mod:`cardcommons.solve.reserve` solves
Split and Choose's reserve-and-build endgame from one player's view; miniatures of
the game are solved by CFR+ (:mod:`~cardcommons.solve.miniature`,
:mod:`~cardcommons.solve.efg`, :mod:`~cardcommons.solve.cfr`), with each bot's
exploitability in them (:mod:`~cardcommons.solve.bots`)."""
