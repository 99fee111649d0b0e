"""Actions as ints: drawing 3, or playing 3 kinds from a starting cheese.

``DRAW`` is 0. A play is ``1 + start*343 + k1*49 + k2*7 + k3``: the card of kind ``k1``
goes to cheese ``start``, ``k2`` to the next cheese clockwise, ``k3`` to the one after.
Because hands are counts per kind, identical cards give one action, never two.

>>> from cheese.engine.get_the_cheese.cards import MOUSE, SYMBOL_CAT, DOG
>>> play_action(3, (MOUSE, SYMBOL_CAT, DOG))
1071
>>> decode_play(1071)
(3, (0, 5, 6))
>>> distinct_plays((2, 0, 0, 0, 1, 0, 0))
[(0, 0, 4), (0, 4, 0), (4, 0, 0)]
"""

from __future__ import annotations

from typing import TypeAlias

from cheese.engine.api import Action
from cheese.engine.get_the_cheese.cards import KIND_COUNT, SYMBOL_KINDS, Kind, Pile

DRAW: Action = 0
PLAY_BASE: Action = 1
TRIPLES_PER_START = KIND_COUNT * KIND_COUNT * KIND_COUNT

Triple: TypeAlias = tuple[Kind, Kind, Kind]


def play_action(start: int, kinds: Triple) -> Action:
    first, second, third = kinds
    code = (first * KIND_COUNT + second) * KIND_COUNT + third
    return PLAY_BASE + start * TRIPLES_PER_START + code


def decode_play(action: Action) -> tuple[int, Triple]:
    """(start, kinds) of a play action (``action >= 1``)."""
    start, code = divmod(action - PLAY_BASE, TRIPLES_PER_START)
    first, rest = divmod(code, KIND_COUNT * KIND_COUNT)
    second, third = divmod(rest, KIND_COUNT)
    return start, (first, second, third)


def distinct_plays(hand: Pile) -> list[Triple]:
    """Every ordered triple of kinds the hand can supply, ascending, without repeats."""
    left = list(hand)
    triples: list[Triple] = []
    for first in range(KIND_COUNT):
        if not left[first]:
            continue
        left[first] -= 1
        for second in range(KIND_COUNT):
            if not left[second]:
                continue
            left[second] -= 1
            triples.extend(
                (first, second, third) for third in range(KIND_COUNT) if left[third]
            )
            left[second] += 1
        left[first] += 1
    return triples


def is_placed_face_down(kind: Kind, position: int) -> bool:
    """Rules, "Play 3": the first card goes face down, the others face up, "except that a
    card with the face-down symbol is always placed face down"."""
    return position == 1 or kind in SYMBOL_KINDS
