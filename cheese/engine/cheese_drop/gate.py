"""The gate: the dropper puts each drawn marble into its own slot, one slot per lane.

A gate action packs the six slots into one int: slot ``s`` contributes
``content * 5**s`` where content 0 is an empty slot and ``1 + colour`` a marble. Marbles
of the same colour are interchangeable, so each distinct filling is one action.

>>> from cheese.engine.cheese_drop.core import CHEESE, CAT
>>> gate_action((CHEESE, None, None, None, None, CAT))
12501
>>> gate_contents(12501)
(0, None, None, None, None, 3)
>>> len(legal_gates((2, 1, 0, 0)))
60
"""

from __future__ import annotations

from itertools import combinations
from typing import TypeAlias

from cheese.engine.api import Action
from cheese.engine.cheese_drop.core import SLOT_COUNT, Colour, ColourCounts, Slot

SLOT_BASE = 5
"""One digit per slot: empty, or one of the four colours."""
GATE_ACTIONS = SLOT_BASE**SLOT_COUNT
"""Gate actions are ``0 .. GATE_ACTIONS - 1``."""

GateContents: TypeAlias = tuple[Colour | None, ...]
"""Per slot (0..5, left to right), the colour of the marble in it or ``None``."""


def gate_action(contents: GateContents) -> Action:
    """The action that fills the slots with ``contents``."""
    return sum(
        (0 if colour is None else 1 + colour) * SLOT_BASE**slot
        for slot, colour in enumerate(contents)
    )


def gate_contents(action: Action) -> GateContents:
    """The slot contents an action in ``0 .. GATE_ACTIONS - 1`` describes."""
    contents: list[Colour | None] = []
    for _ in range(SLOT_COUNT):
        action, digit = divmod(action, SLOT_BASE)
        contents.append(None if digit == 0 else digit - 1)
    return tuple(contents)


def gate_colour_counts(action: Action) -> ColourCounts:
    """How many marbles of each colour the gate ``action`` holds."""
    counts = [0, 0, 0, 0]
    for colour in gate_contents(action):
        if colour is not None:
            counts[colour] += 1
    return (counts[0], counts[1], counts[2], counts[3])


def is_legal_gate(hand: ColourCounts, action: Action) -> bool:
    """Whether ``action`` puts exactly the drawn marbles ``hand`` into distinct slots."""
    return 0 <= action < GATE_ACTIONS and gate_colour_counts(action) == hand


def legal_gates(hand: ColourCounts) -> list[Action]:
    """Every distinct way to put the drawn marbles into distinct slots, ascending.

    "The dropper puts each marble into a distinct gate slot; marbles of the same colour
    are interchangeable" (rules, "Gate").
    """
    # Choose the slots of the cheese among all six, then those of the apples among the
    # slots left, and so on: each choice of slot sets is one distinct filling.
    fillings: list[tuple[Action, tuple[Slot, ...]]] = [(0, tuple(range(SLOT_COUNT)))]
    for colour, count in enumerate(hand):
        if count == 0:
            continue
        fillings = [
            (
                action + sum((1 + colour) * SLOT_BASE**slot for slot in chosen),
                tuple(slot for slot in free if slot not in chosen),
            )
            for action, free in fillings
            for chosen in combinations(free, count)
        ]
    return sorted(action for action, _ in fillings)
