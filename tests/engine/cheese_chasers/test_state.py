"""The game flow: draws, placements, the losing rules and the final score.

Games are scripted with the ``script`` fixture: "mouse, trap E" draws a mouse (it goes to
the origin), then draws a trap and places it east of the mouse.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from cheese.engine.api import CHANCE, TERMINAL, IllegalActionError
from cheese.engine.cheese_chasers import ReferenceGame
from cheese.engine.cheese_chasers.cards import CAT, CHEESE, MOUSE, TRAP
from cheese.engine.cheese_chasers.state import ChasersState
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.luck import event_key

Script = Callable[..., ChasersState]

HOLE_PATH = "cheese, mouse E, mouse SE, mouse SW, mouse NW"
"""Mice on the four sides of (1, 1), the last one at (0, 1): the hole is east of it."""
RINGED_CHEESE = "cheese, mouse N, mouse SE, mouse SW, mouse NW"
"""A cheese at the origin with an active mouse on each side (rulebook example 5)."""


def test_the_game_starts_with_a_draw(game: ReferenceGame) -> None:
    state = game.new_initial_state(seed=11)
    assert state.current_player == CHANCE
    assert state.legal_actions() == [MOUSE, CAT, CHEESE, TRAP]
    assert state.chance_weights() == [(MOUSE, 20), (CAT, 7), (CHEESE, 9), (TRAP, 4)]
    assert state.chance_key() == event_key(1, 0)
    assert state.scores() == (0,)
    assert state.view(0) == ChasersView(
        cards=(), last=None, pending=None, left=(20, 7, 9, 4), ending=None
    )


def test_chance_weights_are_the_cards_left_of_each_kind(script: Script) -> None:
    state = script("cat, mouse E, cat S", mice=1, cats=3, cheese=0, traps=1)
    assert state.chance_weights() == [(CAT, 1), (TRAP, 1)]
    assert state.legal_actions() == [CAT, TRAP]
    assert state.chance_outcomes() == [(CAT, 0.5), (TRAP, 0.5)]


def test_draw_k_is_keyed_by_its_number(script: Script) -> None:
    state = script("mouse, mouse E")
    assert state.chance_key() == event_key(1, 2)


def test_the_first_card_goes_to_the_origin_without_a_decision(script: Script) -> None:
    state = script("trap")
    assert state.current_player == CHANCE
    assert state.view(0).cards == ((0, 0, TRAP),)
    assert state.view(0).last == (0, 0)
    assert state.chance_key() == event_key(1, 1)


def test_a_later_draw_waits_for_the_player(script: Script) -> None:
    state = script("mouse, cat")
    assert state.current_player == 0
    assert state.view(0).pending == CAT
    assert state.view(0).left == (19, 6, 9, 4)
    assert state.legal_actions() == list(range(8))
    assert state.chance_weights() == []
    with pytest.raises(ValueError, match="chance node"):
        state.chance_key()


def test_placement_touches_the_previous_card_only(script: Script) -> None:
    state = script("mouse, mouse E, mouse E, mouse")
    assert state.view(0).last == (2, 0)
    # only W, the middle mouse, is taken; the origin's free neighbours are out of reach
    assert state.legal_actions() == [0, 1, 2, 4, 5, 6, 7]
    placed = state.apply(state.parse_action("SW"))
    assert placed.view(0).last == (1, 1)
    assert (1, 1, MOUSE) in placed.view(0).cards


def test_placing_on_a_taken_cell_is_illegal(script: Script) -> None:
    state = script("mouse, cheese E, cat")
    with pytest.raises(IllegalActionError, match=r"placement 3 is not legal.*\[0, 1, 2, 4"):
        state.apply(3)
    assert state.view(0).pending == CAT  # the state is a value: nothing changed


@pytest.mark.parametrize("action", [-1, 8, 99])
def test_a_direction_outside_0_to_7_is_illegal(script: Script, action: int) -> None:
    with pytest.raises(IllegalActionError):
        script("mouse, cat").apply(action)


def test_drawing_an_exhausted_kind_is_illegal(game: ReferenceGame) -> None:
    state = game.new_initial_state(cats=0)
    with pytest.raises(IllegalActionError, match=r"draw outcome 1 .*\[0, 2, 3\]"):
        state.apply(CAT)


def test_a_drawn_card_with_no_empty_cell_ends_the_game(script: Script) -> None:
    spiral = "mouse, mouse E, mouse E, mouse S, mouse S, mouse W, mouse W, mouse N, mouse E"
    enclosed = script(spiral, mice=10, cats=0, cheese=0, traps=0)
    assert enclosed.view(0).last == (1, 1)
    assert enclosed.current_player == CHANCE
    final = enclosed.apply(MOUSE)
    assert final.current_player == TERMINAL
    assert final.view(0).ending == "enclosed"
    assert final.view(0).pending == MOUSE
    assert final.view(0).left == (0, 0, 0, 0)
    assert final.scores() == (0,)
    assert final.legal_actions() == []


def test_a_trap_placed_into_a_ready_hole_is_inactive_at_once(script: Script) -> None:
    state = script(HOLE_PATH + ", trap E", mice=4, cats=0, cheese=1, traps=1)
    assert (1, 1, TRAP) in state.view(0).cards
    assert state.view(0).ending == "complete"
    assert state.scores() == (4 + 2,)  # four mice, two of them touching the cheese


def test_third_trap_into_a_ready_hole_lets_play_go_on(script: Script) -> None:
    state = script(
        "trap, trap E, mouse SE, mouse NE, mouse SE, mouse SW, trap N",
        mice=4, cats=0, cheese=0, traps=3,
    )  # fmt: skip
    assert state.view(0).last == (3, 1)
    assert state.view(0).ending == "complete"
    assert state.scores() == (4,)


def test_a_third_active_trap_on_the_last_card_loses(script: Script) -> None:
    state = script(
        "trap, trap E, mouse SE, mouse NE, mouse SE, mouse SW, trap W",
        mice=4, cats=0, cheese=0, traps=3,
    )  # fmt: skip
    assert state.view(0).left == (0, 0, 0, 0)
    assert state.view(0).ending == "trapped"
    assert state.scores() == (0,)


def test_a_third_active_trap_ends_the_game_at_once(script: Script) -> None:
    state = script("trap, trap E, trap E")
    assert state.is_terminal()
    assert state.view(0).ending == "trapped"
    assert sum(state.view(0).left) == 37
    assert state.legal_actions() == []


def test_two_active_traps_do_not_end_the_game(script: Script) -> None:
    state = script("trap, trap E")
    assert state.current_player == CHANCE


RING = "trap, trap E, mouse SE, mouse NE, mouse SE, mouse SW, trap N"
"""Two touching active traps, then a third trap into the ring of (3, 1): play goes on."""


@pytest.mark.parametrize("direction", ["NW", "NE", "SW", "SE"])
def test_a_cat_beside_a_surrounding_mouse_reopens_the_trap(
    script: Script, direction: str
) -> None:
    shut = script(RING, mice=4, cats=1, cheese=0, traps=3)
    assert shut.current_player == CHANCE
    reopened = script(f"{RING}, cat {direction}", mice=4, cats=1, cheese=0, traps=3)
    assert reopened.view(0).ending == "trapped"
    assert reopened.scores() == (0,)


def test_a_cat_that_touches_no_ring_mouse_keeps_the_trap_shut(script: Script) -> None:
    state = script(f"{RING}, cheese NE, cat E", mice=4, cats=1, cheese=1, traps=3)
    assert (5, 0, CAT) in state.view(0).cards
    assert state.view(0).ending == "complete"
    assert state.scores() == (4 + 2,)


def test_a_finished_game_scores_its_table(script: Script) -> None:
    state = script(RINGED_CHEESE, mice=4, cats=0, cheese=1, traps=0)
    assert state.view(0).ending == "complete"
    assert state.scores() == (18,)
    assert state.rank_keys() == ((18,),)
    assert state.ranking() == (1,)


def test_scores_stay_zero_until_the_end(script: Script) -> None:
    state = script(RINGED_CHEESE, mice=5, cats=0, cheese=1, traps=0)
    assert state.current_player == CHANCE
    assert state.scores() == (0,)
    assert state.rank_keys() == ((0,),)


def test_a_one_card_deck_ends_after_the_first_draw(game: ReferenceGame) -> None:
    state = game.new_initial_state(mice=1, cats=0, cheese=0, traps=0).apply(MOUSE)
    assert state.view(0).ending == "complete"
    assert state.scores() == (1,)


def test_a_lone_trap_deck_scores_zero_but_wins(game: ReferenceGame) -> None:
    state = game.new_initial_state(mice=0, cats=0, cheese=0, traps=1).apply(TRAP)
    assert (state.view(0).ending, state.scores()) == ("complete", (0,))


def test_actions_after_the_end_are_illegal(script: Script) -> None:
    final = script("trap, trap E, trap E")
    with pytest.raises(IllegalActionError, match="after the game ended"):
        final.apply(0)


def test_the_view_is_the_whole_position(script: Script) -> None:
    state = script("mouse, cat S, cheese NW")
    assert state.view(0) == ChasersView(
        cards=((-1, 0, CHEESE), (0, 0, MOUSE), (0, 1, CAT)),
        last=(-1, 0),
        pending=None,
        left=(19, 6, 8, 4),
        ending=None,
    )
    with pytest.raises(ValueError, match="seat 1"):
        state.view(1)


def test_states_are_values(game: ReferenceGame, script: Script) -> None:
    first = script("mouse, cat S, cheese NW")
    again = script("mouse, cat S, cheese NW")
    assert first == again and hash(first) == hash(again)
    assert first.game is not None and first.seed == 0
    other_game = ReferenceGame().new_initial_state(seed=0)
    assert other_game == game.new_initial_state(seed=0)
    assert game.new_initial_state(seed=1) != game.new_initial_state(seed=0)
    assert script("mouse, cat S") != script("mouse, cat E")


def test_states_survive_pickling_and_copying(script: Script) -> None:
    state = script("mouse, cat S, cheese NW, trap")
    assert pickle.loads(pickle.dumps(state)) == state
    assert copy.deepcopy(state).legal_actions() == state.legal_actions()


def test_determinize_returns_the_same_position_under_a_fresh_deal_seed(script: Script) -> None:
    state = script("mouse, cat S, cheese NW, trap")
    rng = random.Random(5)
    twin = random.Random(5)
    determinized = state.determinize(0, rng)
    twin.getrandbits(64)
    assert determinized.view(0) == state.view(0)
    assert determinized.legal_actions() == state.legal_actions()
    # The deal seed decides the future draws, which the player does not know.
    assert determinized.seed != state.seed
    assert determinized == replace(state, deal_seed=determinized.seed)
    assert rng.getstate() == twin.getstate()
    with pytest.raises(ValueError, match="seat 2"):
        state.determinize(2, rng)
