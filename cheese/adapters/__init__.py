"""Our games and bots in other frameworks: OpenSpiel (``cheese[openspiel]``) and
PettingZoo (``cheese[rl]``).

This layer sits above the bots; nothing in the engine, bots or tournaments imports it,
and importing ``cheese`` never imports OpenSpiel or PettingZoo.
"""
