"""The playout heuristic's terms of each placement (``chs_action_terms`` in ``chs.c``), read
off tables laid out by hand: what a placement does, and the placements that lose at once."""

from __future__ import annotations

import pytest

from cheese.engine.cheese_chasers.cards import MOUSE, TRAP
from cheese.engine.native.bridge import chasers_action_terms
from tools.chasers_playout_fit import shipped_weights

from .test_value_features import packed_state

NW, N, NE, W, E, SW, S, SE = range(8)
TERMS = (
    "mouse active", "mouse beside cheese", "mouse beside trap", "mouse silenced",
    "cat silences", "cheese beside mice", "cheese blocked", "trap beside mice",
    "trap beside trap", "trap never shut", "traps made active", "room", "ready holes",
    "holes one short", "traps made active times active", "cramped",
)
"""The terms in the order of ``chs_playout_weights.h``."""


def terms_of(layout: str, last: tuple[int, int], pending: int, direction: int,
             left: tuple[int, int, int, int] = (5, 0, 0, 0)) -> dict[str, float]:
    placements = chasers_action_terms(packed_state(layout, last, left, pending), [direction])
    assert placements.loses == (False,)
    return {name: value for name, value in zip(TERMS, placements.terms[0], strict=True) if value}


def test_there_is_one_term_per_weight_of_the_heuristic() -> None:
    placements = chasers_action_terms(packed_state("M", (0, 0), (1, 0, 0, 0), MOUSE), [E])
    assert len(placements.terms[0]) == len(TERMS) == len(shipped_weights())


def test_a_mouse_that_shuts_a_trap() -> None:
    # the trap has active mice on three sides; the mouse on the fourth shuts it
    layout = ".M.\nMT.\n.M."
    assert terms_of(layout, (1, 0), MOUSE, SE) == {
        "mouse active": 1.0,
        "mouse beside trap": 1.0,
        "traps made active": -1.0,
        "traps made active times active": -1.0,
        "room": 3.0,
    }


def test_a_mouse_beside_a_ready_hole_counts_it_per_trap_in_the_deck() -> None:
    # (1, 1) is empty with active mice on its four sides once the mouse goes on (2, 1)
    layout = ".M.\nM..\n.M."
    assert terms_of(layout, (1, 0), MOUSE, SE, left=(4, 0, 0, 2)) == {
        "mouse active": 1.0,
        "room": 3.0,
        "ready holes": 2.0,
    }


def test_a_placement_that_makes_a_third_trap_active_loses_at_once() -> None:
    data = packed_state("T.T", (0, 0), (3, 0, 0, 1), TRAP)
    placements = chasers_action_terms(data, [N, SE, W])
    assert placements.loses == (True, True, True)
    assert all(value == 0.0 for row in placements.terms for value in row)
    mouse = chasers_action_terms(packed_state("T.T", (0, 0), (3, 0, 0, 1), MOUSE), [N, E])
    assert mouse.loses == (False, False)


def test_a_position_without_a_card_drawn_has_no_placements() -> None:
    with pytest.raises(ValueError, match="no card is waiting"):
        chasers_action_terms(packed_state("M", (0, 0), (1, 0, 0, 0)), [E])
