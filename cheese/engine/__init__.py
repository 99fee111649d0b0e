"""The rules of the three games: immutable states behind one API, two backends.

>>> from cheese.engine import load_game, CHANCE
>>> game = load_game("get-the-cheese", backend="reference")
>>> state = game.new_initial_state(num_players=4, seed=7)
>>> state.current_player == CHANCE
True
"""

from __future__ import annotations

from cheese.engine.api import (
    CHANCE,
    TERMINAL,
    Action,
    ActionSyntaxError,
    EngineError,
    Game,
    GameInfo,
    IllegalActionError,
    NotAChanceNodeError,
    OptionError,
    RecordError,
    ScoreSheet,
    Seat,
    SheetError,
    State,
)
from cheese.engine.registry import (
    BACKEND,
    BACKENDS,
    DEFAULT_GAME,
    GAME_SLUGS,
    game_info,
    load_game,
    score_sheet,
)

__all__ = [
    "BACKEND",
    "BACKENDS",
    "CHANCE",
    "DEFAULT_GAME",
    "GAME_SLUGS",
    "TERMINAL",
    "Action",
    "ActionSyntaxError",
    "EngineError",
    "Game",
    "GameInfo",
    "IllegalActionError",
    "NotAChanceNodeError",
    "OptionError",
    "RecordError",
    "ScoreSheet",
    "Seat",
    "SheetError",
    "State",
    "game_info",
    "load_game",
    "score_sheet",
]
