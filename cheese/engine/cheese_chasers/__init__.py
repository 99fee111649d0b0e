"""Cheese Chasers: a solitaire path of cards that rings cheese with mice (rules page
``cheese/rules/cheese-chasers.md``).

>>> from cheese.engine.play import play_game
>>> first_cell = lambda state: state.legal_actions()[0]
>>> final, actions = play_game(ReferenceGame().new_initial_state(seed=5), first_cell)
>>> final.is_terminal(), final.view(0).ending
(True, 'trapped')
"""

from __future__ import annotations

from cheese.engine.cheese_chasers.game import ReferenceGame
from cheese.engine.cheese_chasers.native_codec import CODEC
from cheese.engine.cheese_chasers.options import INFO
from cheese.engine.cheese_chasers.sheet import score_sheet
from cheese.engine.cheese_chasers.view import view_ended_early
from cheese.engine.cheese_chasers.view_json import view_json
from cheese.engine.description import GameDescription, Information

GAME = GameDescription(
    info=INFO,
    information=Information.PERFECT,
    reference_game=ReferenceGame,
    score_sheet=score_sheet,
    native_codec=CODEC,
    c_prefix="chs",
    view_json=view_json,
    ended_early=view_ended_early,
)

__all__ = ["GAME", "INFO", "ReferenceGame", "score_sheet"]
