"""Cheese Drop: drop marbles through a pin board, then bet on where they landed.

The rules are ``cheese/rules/cheese-drop.md``; this package is the reference engine
(``ReferenceGame``), the score sheet for physical games (``score_sheet``) and the codec
of the C engine (``native_codec``), registered once by ``GAME``.
"""

from __future__ import annotations

from cheese.engine.cheese_drop.facts import game_facts
from cheese.engine.cheese_drop.game import ReferenceGame
from cheese.engine.cheese_drop.native_codec import CODEC
from cheese.engine.cheese_drop.options import INFO
from cheese.engine.cheese_drop.sheet import score_sheet
from cheese.engine.cheese_drop.view import (
    REVEALED_VIEW_TYPE,
    VIEW_TYPE,
    DropView,
    RevealedDropView,
)
from cheese.engine.cheese_drop.view_json import view_json
from cheese.engine.description import GameDescription, Information
from cheese.engine.extension import Extension
from cheese.engine.views import ViewFunction

GAME = GameDescription(
    info=INFO,
    information=Information.IMPERFECT,
    reference_game=ReferenceGame,
    score_sheet=score_sheet,
    native_codec=CODEC,
    c_prefix="cdp",
    view_type=VIEW_TYPE,
    view_json=ViewFunction(VIEW_TYPE, view_json),
    facts=game_facts,
    renderer=Extension("cheese.cli.play.cheese_drop:RENDERER"),
    tensor_encoding=Extension("cheese.adapters.tensors:CHEESE_DROP"),
    evaluation=Extension("cheese.bots.evaluation.cheese_drop.evaluator:make_evaluator"),
    ladder=Extension("cheese.levels.ladders:CHEESE_DROP"),
)

__all__ = [
    "GAME",
    "INFO",
    "REVEALED_VIEW_TYPE",
    "VIEW_TYPE",
    "DropView",
    "ReferenceGame",
    "RevealedDropView",
    "score_sheet",
]
