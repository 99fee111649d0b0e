"""Get The Cheese! (3-5 players): the reference engine, its score sheet and the C codec,
registered once by ``GAME``.

>>> from cheese.engine import load_game
>>> load_game("get-the-cheese", backend="reference").info.title
'Get The Cheese!'
"""

from __future__ import annotations

from cheese.engine.description import GameDescription, Information
from cheese.engine.extension import Extension
from cheese.engine.get_the_cheese.facts import game_facts
from cheese.engine.get_the_cheese.game import ReferenceGame
from cheese.engine.get_the_cheese.native_codec import CODEC
from cheese.engine.get_the_cheese.options import INFO
from cheese.engine.get_the_cheese.sheet import score_sheet
from cheese.engine.get_the_cheese.state import GtcState
from cheese.engine.get_the_cheese.view import VIEW_TYPE, GtcView
from cheese.engine.get_the_cheese.view_json import view_json
from cheese.engine.views import ViewFunction

GAME = GameDescription(
    info=INFO,
    information=Information.IMPERFECT,
    reference_game=ReferenceGame,
    score_sheet=score_sheet,
    native_codec=CODEC,
    c_prefix="gtc",
    view_type=VIEW_TYPE,
    view_json=ViewFunction(VIEW_TYPE, view_json),
    facts=game_facts,
    renderer=Extension("cheese.cli.play.get_the_cheese:RENDERER"),
    tensor_encoding=Extension("cheese.adapters.tensors:GET_THE_CHEESE"),
    evaluation=Extension("cheese.bots.evaluation.get_the_cheese:make_evaluator"),
    ladder=Extension("cheese.levels.ladders:GET_THE_CHEESE"),
    # Rules, "Scoring and winner": most king mice, then most mouse cards in the score pile.
    tie_breakers=("king mice", "mice"),
)

__all__ = ["GAME", "INFO", "VIEW_TYPE", "GtcState", "GtcView", "ReferenceGame", "score_sheet"]
