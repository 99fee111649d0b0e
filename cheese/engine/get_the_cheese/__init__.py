"""Get The Cheese! (3-5 players): the reference engine, its score sheet and the C codec.

>>> from cheese.engine import load_game
>>> load_game("get-the-cheese", backend="reference").info.title
'Get The Cheese!'
"""

from __future__ import annotations

from cheese.engine.get_the_cheese.options import INFO
from cheese.engine.get_the_cheese.sheet import score_sheet
from cheese.engine.get_the_cheese.state import GtcState, ReferenceGame
from cheese.engine.get_the_cheese.view import GtcView

__all__ = ["INFO", "GtcState", "GtcView", "ReferenceGame", "score_sheet"]
