"""Get The Cheese! (3-5 players): the reference engine, its score sheet and the C codec.

>>> from cheese.engine import load_game
>>> load_game("get-the-cheese", backend="reference").info.title
'Get The Cheese!'
"""

from __future__ import annotations

from cheese.engine.description import GameDescription, Information
from cheese.engine.get_the_cheese.game import ReferenceGame
from cheese.engine.get_the_cheese.native_codec import CODEC
from cheese.engine.get_the_cheese.options import INFO
from cheese.engine.get_the_cheese.sheet import score_sheet
from cheese.engine.get_the_cheese.state import GtcState
from cheese.engine.get_the_cheese.view import GtcView
from cheese.engine.get_the_cheese.view_json import view_json

GAME = GameDescription(
    info=INFO,
    information=Information.IMPERFECT,
    reference_game=ReferenceGame,
    score_sheet=score_sheet,
    native_codec=CODEC,
    c_prefix="gtc",
    view_json=view_json,
)

__all__ = ["GAME", "INFO", "GtcState", "GtcView", "ReferenceGame", "score_sheet"]
