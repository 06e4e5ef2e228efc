"""Exact answers where the game allows: miniatures of Split and Choose solved
by CFR+ (:mod:`cardcommons.solve.miniature`, :mod:`~cardcommons.solve.efg`,
:mod:`~cardcommons.solve.cfr`) and each bot's exploitability in them
(:mod:`~cardcommons.solve.bots`)."""
