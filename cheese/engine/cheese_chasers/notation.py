"""Action names: the eight directions for placements, the kind names for draws.

Shared by both backends, so they print and parse identically.

>>> view = ChasersView(cards=((0, 0, 0),), last=(0, 0), pending=1, left=(19, 6, 9, 4),
...                    ending=None)
>>> action_to_string(view, 2), parse_action(view, "se")
('NE', 7)
"""

from __future__ import annotations

from cheese.engine.api import Action, ActionSyntaxError, IllegalActionError
from cheese.engine.cheese_chasers.board import DIRECTION_NAMES
from cheese.engine.cheese_chasers.cards import KIND_NAMES
from cheese.engine.cheese_chasers.view import ChasersView


def _names(view: ChasersView) -> tuple[str, ...]:
    if view.ending is not None:
        raise IllegalActionError(
            f"the game is over ({view.ending}); no action can be named or played"
        )
    return KIND_NAMES if view.awaits_draw else DIRECTION_NAMES


def action_to_string(view: ChasersView, action: Action) -> str:
    """The name of ``action`` where ``view`` stands: a kind at a draw, else a direction."""
    names = _names(view)
    if not 0 <= action < len(names):
        raise IllegalActionError(
            f"action {action} names nothing here; the actions are 0..{len(names) - 1} "
            f"({' '.join(names)})"
        )
    return names[action]


def parse_action(view: ChasersView, text: str) -> Action:
    """The action named by ``text`` (case-insensitive) where ``view`` stands."""
    names = _names(view)
    wanted = text.strip().upper()
    for action, name in enumerate(names):
        if name.upper() == wanted:
            return action
    what = "a card kind" if view.awaits_draw else "a direction"
    raise ActionSyntaxError(
        f"{text!r} is not {what}; write one of: {' '.join(names)}"
    )
