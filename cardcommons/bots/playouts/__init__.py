"""Many play-outs at once, over numpy arrays, with the rule-of-thumb bots in
every seat: HeuristicBot for Split and Choose
(:mod:`~cardcommons.bots.playouts.split_and_choose`), GreedyBot for Whisky
Poker (:mod:`~cardcommons.bots.playouts.whisky`). They play the bots' own
rules (the same functions, over arrays) and tie-breaks, so a batch plays
exactly the games the bots would play one at a time; the coach uses them
for its default play-out policy.
"""
