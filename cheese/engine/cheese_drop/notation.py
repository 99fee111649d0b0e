"""Actions as text, printed and parsed in matching pairs, in people's numbering.

Draws read ``draw Y``; a gate ``gate Y.R..C`` (slots 1–6 left to right, ``.`` empty);
a deflection ``lane 4``; a bet ``lane 3`` or ``event 5``. Parsing ignores case and
extra whitespace. What an int means depends on the phase, so both directions take the
view of the seat to act (any seat's view at a chance node).

>>> from cheese.engine.cheese_drop.core import Phase
>>> from cheese.engine.cheese_drop.view import DropView
>>> view = DropView(0, 2, 0, 0, Phase.BET, 0, (0, 0), (0, 0, 0, 0), (0, 0, 0, 0), (), ((), ()), ())
>>> action_to_string(view, 10), parse_action(view, "  Event   5 ")
('event 5', 10)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from cheese.engine.api import Action, ActionSyntaxError, IllegalActionError
from cheese.engine.cheese_drop.betting import column_event, event_column, is_lane_column
from cheese.engine.cheese_drop.core import (
    COLOUR_LETTERS,
    EVENT_COUNT,
    LANE_COUNT,
    SLOT_COUNT,
    Phase,
)
from cheese.engine.cheese_drop.gate import GATE_ACTIONS, gate_action, gate_contents
from cheese.engine.cheese_drop.view import DropView

EMPTY_SLOT = "."
BET_COLUMNS = LANE_COUNT + EVENT_COUNT

EXAMPLES: Mapping[Phase, str] = MappingProxyType(
    {
        Phase.DRAW: "'draw Y' (a colour: Y, R, M or C)",
        Phase.GATE: "'gate Y.R..C' (slots 1 to 6 left to right, '.' for an empty slot)",
        Phase.FALL: "'lane 4' (a lane from 1 to 6)",
        Phase.BET: "'lane 3' (lanes 1 to 6) or 'event 5' (events 1 to 7)",
    }
)


def action_to_string(view: DropView, action: Action) -> str:
    """The text of ``action`` in the phase ``view`` shows."""
    if view.phase == Phase.DRAW:
        _check_range(action, len(COLOUR_LETTERS), "a draw (a colour)")
        return f"draw {COLOUR_LETTERS[action]}"
    if view.phase == Phase.GATE:
        _check_range(action, GATE_ACTIONS, "a gate")
        letters = (
            EMPTY_SLOT if colour is None else COLOUR_LETTERS[colour]
            for colour in gate_contents(action)
        )
        return "gate " + "".join(letters)
    if view.phase == Phase.FALL:
        _check_range(action, LANE_COUNT, "a deflection (a lane)")
        return f"lane {action + 1}"
    if view.phase == Phase.BET:
        _check_range(action, BET_COLUMNS, "a bet (a column)")
        if is_lane_column(action):
            return f"lane {action + 1}"
        return f"event {column_event(action) + 1}"
    raise IllegalActionError(f"the game is over; action {action!r} names nothing")


def parse_action(view: DropView, text: str) -> Action:
    """The action ``text`` names in the phase ``view`` shows; ``ActionSyntaxError`` if none."""
    if view.phase == Phase.OVER:
        raise ActionSyntaxError(f"the game is over; {text!r} cannot name an action")
    words = text.split()
    keyword = words[0].lower() if words else ""
    argument = "".join(words[1:]).lower()
    action = _parse_words(view.phase, keyword, argument)
    if action is None:
        raise ActionSyntaxError(
            f"{text!r} names no {view.phase.name.lower()} action; write e.g. "
            f"{EXAMPLES[view.phase]}"
        )
    return action


def _parse_words(phase: Phase, keyword: str, argument: str) -> Action | None:
    letters = COLOUR_LETTERS.lower()
    if phase == Phase.DRAW and keyword == "draw":
        if len(argument) == 1 and argument in letters:
            return letters.index(argument)
    elif phase == Phase.GATE and keyword == "gate":
        if len(argument) == SLOT_COUNT and all(c in letters + EMPTY_SLOT for c in argument):
            return gate_action(
                tuple(None if c == EMPTY_SLOT else letters.index(c) for c in argument)
            )
    elif phase in (Phase.FALL, Phase.BET) and keyword == "lane":
        lane = _number(argument, LANE_COUNT)
        if lane is not None:
            return lane - 1
    elif phase == Phase.BET and keyword == "event":
        event = _number(argument, EVENT_COUNT)
        if event is not None:
            return event_column(event - 1)
    return None


def _number(argument: str, highest: int) -> int | None:
    """``argument`` as a number from 1 to ``highest`` written plainly, else ``None``."""
    if argument in {str(number) for number in range(1, highest + 1)}:
        return int(argument)
    return None


def _check_range(action: Action, limit: int, what: str) -> None:
    if isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < limit:
        raise IllegalActionError(
            f"action {action!r} is not {what} here; such actions are 0 to {limit - 1}"
        )
