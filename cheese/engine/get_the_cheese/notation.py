"""Action text: printing and parsing, shared by both backends.

Decisions print as ``draw`` or ``<start>:<kind>,<kind>,<kind>`` (cards in play order,
``*`` marking the face-down symbol); chance outcomes as ``cheese <value>`` and
``card <kind>``. Parsing accepts exactly what is printed, in any case, with surrounding
whitespace.

>>> from cheese.engine.get_the_cheese.view import GtcView
>>> view = GtcView(0, 0, 0, (2,) * 6, ((),) * 6, (3, 0, 0, 0, 0, 0, 0),
...                (3, 3, 3), (12, 12, 12), (0, 0, 0), None)
>>> action_to_string(view, 1)
'0:mouse,mouse,mouse'
>>> parse_action(view, "  5:Mouse,CAT*,dog ")
1757
"""

from __future__ import annotations

import re

from cheese.engine.api import CHANCE, TERMINAL, Action, ActionSyntaxError, IllegalActionError
from cheese.engine.get_the_cheese.cards import KIND_COUNT, KIND_NAMES
from cheese.engine.get_the_cheese.moves import (
    DRAW,
    PLAY_BASE,
    TRIPLES_PER_START,
    decode_play,
    play_action,
)
from cheese.engine.get_the_cheese.options import MAX_CHEESES
from cheese.engine.get_the_cheese.view import GtcView

DRAW_TEXT = "draw"
CHEESE_PREFIX = "cheese "
CARD_PREFIX = "card "

_NUMBER = r"(0|[1-9][0-9]*)"
_KIND = "(" + "|".join(re.escape(name) for name in KIND_NAMES) + ")"
_PLAY = re.compile(rf"{_NUMBER}:{_KIND},{_KIND},{_KIND}")
_CHEESE = re.compile(rf"cheese {_NUMBER}")
_CARD = re.compile(rf"card {_KIND}")

_KINDS_HELP = ", ".join(KIND_NAMES)


def _play_text(action: Action) -> str:
    start, kinds = decode_play(action)
    return f"{start}:" + ",".join(KIND_NAMES[kind] for kind in kinds)


# Every play's text, written once: a play's text depends on its number alone, and the
# referee names every legal play at every decision of an external bot.
_PLAY_TEXTS = tuple(
    _play_text(action)
    for action in range(PLAY_BASE, PLAY_BASE + MAX_CHEESES * TRIPLES_PER_START)
)


def _deals_cheese(view: GtcView) -> bool:
    return len(view.cheeses) < view.cheese_count


def action_to_string(view: GtcView, action: Action) -> str:
    """The text of ``action`` where ``view``'s game stands (the acting seat's view)."""
    if view.current_player == CHANCE:
        if _deals_cheese(view):
            return f"{CHEESE_PREFIX}{action}"
        if 0 <= action < KIND_COUNT:
            return f"{CARD_PREFIX}{KIND_NAMES[action]}"
        raise IllegalActionError(
            f"{action} is not a card draw outcome; outcomes are kinds 0..{KIND_COUNT - 1}"
        )
    last_play = PLAY_BASE + view.cheese_count * TRIPLES_PER_START - 1
    if action == DRAW:
        return DRAW_TEXT
    if not PLAY_BASE <= action <= last_play:
        raise IllegalActionError(
            f"action {action} names no move: draw is {DRAW}, plays are "
            f"{PLAY_BASE}..{last_play} with {view.cheese_count} cheeses"
        )
    return _PLAY_TEXTS[action - PLAY_BASE]


def parse_action(view: GtcView, text: str) -> Action:
    """The action ``text`` names where ``view``'s game stands; ``ActionSyntaxError`` if
    the text has none of the forms printed there."""
    cleaned = text.strip().lower()
    if view.current_player == TERMINAL:
        raise ActionSyntaxError(f"{text!r} names no action: the game is over")
    if view.current_player == CHANCE:
        return _parse_chance(view, text, cleaned)
    if cleaned == DRAW_TEXT:
        return DRAW
    match = _PLAY.fullmatch(cleaned)
    if match is None or int(match.group(1)) >= view.cheese_count:
        raise ActionSyntaxError(
            f"{text!r} is not a move; write {DRAW_TEXT!r} or a play like "
            f"'3:mouse,cat*,dog' (starting cheese 0..{view.cheese_count - 1}, then three "
            f"cards in play order from: {_KINDS_HELP})"
        )
    kinds = tuple(KIND_NAMES.index(name) for name in match.group(2, 3, 4))
    return play_action(int(match.group(1)), (kinds[0], kinds[1], kinds[2]))


def _parse_chance(view: GtcView, text: str, cleaned: str) -> Action:
    if _deals_cheese(view):
        cheese = _CHEESE.fullmatch(cleaned)
        if cheese is None:
            raise ActionSyntaxError(
                f"{text!r} is not a cheese outcome; write 'cheese <number>', e.g. 'cheese 4'"
            )
        return int(cheese.group(1))
    card = _CARD.fullmatch(cleaned)
    if card is None:
        raise ActionSyntaxError(
            f"{text!r} is not a card outcome; write 'card <kind>' with a kind from: "
            f"{_KINDS_HELP}"
        )
    return KIND_NAMES.index(card.group(1))
