"""The bots' C code: the MCTS loop (``search.c``), compiled into the engine's extension."""
