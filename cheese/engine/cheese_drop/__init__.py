"""Cheese Drop: drop marbles through a pin board, then bet on where they landed.

The rules are ``cheese/rules/cheese-drop.md``; this package is the reference engine
(``ReferenceGame``), the score sheet for physical games (``score_sheet``) and the codec
of the C engine (``native_codec``).
"""

from __future__ import annotations

from cheese.engine.cheese_drop.game import ReferenceGame
from cheese.engine.cheese_drop.native_codec import CODEC
from cheese.engine.cheese_drop.options import INFO
from cheese.engine.cheese_drop.sheet import score_sheet
from cheese.engine.cheese_drop.view_json import view_json
from cheese.engine.description import GameDescription, Information

GAME = GameDescription(
    info=INFO,
    information=Information.IMPERFECT,
    reference_game=ReferenceGame,
    score_sheet=score_sheet,
    native_codec=CODEC,
    c_prefix="cdp",
    view_json=view_json,
)

__all__ = ["GAME", "INFO", "ReferenceGame", "score_sheet"]
