"""The public position as JSON-able data, for bots in other languages (``view.schema.json``).

Kinds are the card numbers of ``cards.py``: 0 mouse, 1 cat, 2 cheese, 3 trap; a cell is
``[x, y]`` and a placed card ``[x, y, kind]``.

>>> from cheese.engine.cheese_chasers.view import ChasersView
>>> view_json(ChasersView(((0, 0, 2),), (0, 0), None, (5, 4, 3, 2), None))["cards"]
[[0, 0, 2]]
"""

from __future__ import annotations

from cheese.engine.cheese_chasers.view import ChasersView


def view_json(view: ChasersView) -> dict[str, object]:
    """``view`` as lists, numbers and strings."""
    return {
        "cards": [list(card) for card in view.cards],
        "last": None if view.last is None else list(view.last),
        "pending": view.pending,
        "left": list(view.left),
        "ending": view.ending,
    }
