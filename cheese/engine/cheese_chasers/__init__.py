"""Cheese Chasers: a solitaire path of cards that rings cheese with mice (rules page
``cheese/rules/cheese-chasers.md``), registered once by ``GAME``.

>>> from cheese.engine.luck import resolve_chance
>>> final = ReferenceGame().new_initial_state(seed=5)
>>> while not final.is_terminal():  # each card on the first free cell
...     final = final.apply(
...         resolve_chance(final) if final.is_chance_node() else final.legal_actions()[0]
...     )
>>> final.view(0).ending
'trapped'
"""

from __future__ import annotations

from cheese.engine.cheese_chasers.facts import game_facts
from cheese.engine.cheese_chasers.game import ReferenceGame
from cheese.engine.cheese_chasers.native_codec import CODEC
from cheese.engine.cheese_chasers.options import INFO
from cheese.engine.cheese_chasers.sheet import score_sheet
from cheese.engine.cheese_chasers.view import VIEW_TYPE, ChasersView, view_ended_early
from cheese.engine.cheese_chasers.view_json import view_json
from cheese.engine.description import GameDescription, Information
from cheese.engine.extension import Extension
from cheese.engine.views import ViewFunction

GAME = GameDescription(
    info=INFO,
    information=Information.PERFECT,
    reference_game=ReferenceGame,
    score_sheet=score_sheet,
    native_codec=CODEC,
    c_prefix="chs",
    view_type=VIEW_TYPE,
    view_json=ViewFunction(VIEW_TYPE, view_json),
    facts=game_facts,
    renderer=Extension("cheese.cli.play.cheese_chasers:RENDERER"),
    tensor_encoding=Extension("cheese.adapters.tensors:CHEESE_CHASERS"),
    evaluation=Extension("cheese.bots.evaluation.cheese_chasers:make_evaluator"),
    ladder=Extension("cheese.levels.ladders:CHEESE_CHASERS"),
    ended_early=ViewFunction(VIEW_TYPE, view_ended_early),
)

__all__ = ["GAME", "INFO", "VIEW_TYPE", "ChasersView", "ReferenceGame", "score_sheet"]
