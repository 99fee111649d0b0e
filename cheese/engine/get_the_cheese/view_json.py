"""A seat's view as JSON-able data, for bots in other languages (``view.schema.json``).

Kinds are the card numbers of ``cards.py`` (0 mouse, 1 mouse*, 2 big mouse, 3 king
mouse, 4 cat, 5 cat*, 6 dog; -1 an unseen face-down card played first, -2 one played 2nd
or 3rd, so a mouse* or a cat*); piles count cards per kind in that order.

>>> from cheese.engine.get_the_cheese.view import CardView, GtcView
>>> view = GtcView(0, 0, 0, (3,), ((CardView(1, -1, True, 1),),), (1,) * 7, (7, 7, 7),
...                (9, 9, 9), (0, 0, 0), None)
>>> view_json(view)["lines"]
[[{'owner': 1, 'kind': -1, 'face_down': True, 'position': 1}]]
"""

from __future__ import annotations

from cheese.engine.get_the_cheese.view import CardView, GtcView


def view_json(view: GtcView) -> dict[str, object]:
    """``view`` as lists, numbers and booleans."""
    return {
        "seat": view.seat,
        "current_player": view.current_player,
        "to_move": view.to_move,
        "cheeses": list(view.cheeses),
        "lines": [[_card(card) for card in line] for line in view.lines],
        "hand": list(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "deck_sizes": list(view.deck_sizes),
        "owed": list(view.owed),
        "score_piles": None
        if view.score_piles is None
        else [list(pile) for pile in view.score_piles],
    }


def _card(card: CardView) -> dict[str, object]:
    # Written out: dataclasses.asdict copies each field deeply, and a view's lines hold up
    # to ~40 cards; this was most of the referee's work per decision for an external bot.
    return {
        "owner": card.owner,
        "kind": card.kind,
        "face_down": card.face_down,
        "position": card.position,
    }
