"""A seat's view as JSON-able data, for bots in other languages (``view.schema.json``).

Colours are numbered as in ``core.py`` (0 cheese, 1 apple, 2 mouse, 3 cat) and counts
per colour come in that order; the phase is its name in lower case; a betting column is
0..5 for the lanes, 6..12 for the events 1..7.

>>> from cheese.engine.cheese_drop.core import Phase
>>> from cheese.engine.cheese_drop.view import DropView
>>> view = DropView(0, 3, 1, 0, Phase.DRAW, -1, (0, 0, 0), (4, 4, 4, 4), (0,) * 4, (),
...                 ((), (), ()), ())
>>> view_json(view)["phase"]
'draw'
"""

from __future__ import annotations

from cheese.engine.cheese_drop.core import RoundResult
from cheese.engine.cheese_drop.view import DropView, MarbleView


def _result(result: RoundResult) -> dict[str, object]:
    return {
        "lanes": [list(lane) for lane in result.lanes],
        "bets": [list(columns) for columns in result.bets],
        "points": list(result.points),
    }


def view_json(view: DropView) -> dict[str, object]:
    """``view`` as lists, numbers and strings."""
    return {
        "seat": view.seat,
        "num_players": view.num_players,
        "round": view.round,
        "drop": view.drop,
        "phase": view.phase.name.lower(),
        "current_player": view.current_player,
        "totals": list(view.totals),
        "bag": list(view.bag),
        "hand": list(view.hand),
        "marbles": [_marble(marble) for marble in view.marbles],
        "bets": [list(columns) for columns in view.bets],
        "results": [_result(result) for result in view.results],
    }


def _marble(marble: MarbleView) -> dict[str, object]:
    # Written out, as dataclasses.asdict copies each field deeply.
    return {
        "colour": marble.colour,
        "drop": marble.drop,
        "slot": marble.slot,
        "rows_fallen": marble.rows_fallen,
        "seen_lane": marble.seen_lane,
    }
