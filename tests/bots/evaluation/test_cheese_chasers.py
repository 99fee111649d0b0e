"""Cheese Chasers evaluation: traps, holes, room, score parts, the finish estimate."""

from __future__ import annotations

import random

import pytest

from cheese.bots import make_bot
from cheese.bots.evaluation.cheese_chasers import (
    RISK,
    CheeseChasersEvaluator,
    active_mice,
    empty_neighbours,
    finish_chance,
    holes,
    reward_of_score,
    score_parts,
    trap_report,
)
from cheese.engine.cheese_chasers.layout import parse_layout
from cheese.engine.cheese_chasers.scoring import score_table
from cheese.engine.cheese_chasers.view import ChasersView

from ..conftest import random_position, solo_ending


def table(text: str) -> dict[tuple[int, int], int]:
    return parse_layout(text.strip("\n"), "test")


def test_a_surrounded_trap_is_off_a_blocked_one_is_stuck_an_open_one_needs_mice() -> None:
    off = table(".M.\nMTM\n.M.")
    assert trap_report(off, active_mice(off)).active == 0
    blocked = table(".M.\nMTM\n.MC")
    report = trap_report(blocked, active_mice(blocked))
    assert (report.active, report.stuck, report.missing_mice) == (1, 1, 0)
    open_trap = table("MT.")
    report = trap_report(open_trap, active_mice(open_trap))
    assert (report.active, report.stuck, report.missing_mice) == (1, 0, 3)
    assert len(report.wanted) == 3


def test_ready_and_near_holes() -> None:
    ready = table(".M.\nM.M\n.M.")
    assert holes(ready, active_mice(ready)) == (1, 0)
    near = table(".M.\nM.M\n...")
    assert holes(near, active_mice(near)) == (0, 1)
    spoiled = table(".M.\nM.M\n.MC")
    assert holes(spoiled, active_mice(spoiled)) == (0, 0)


def test_room_counts_the_empty_cells_around_a_card() -> None:
    assert empty_neighbours(table("MMM\nMMM\nMMM"), (1, 1)) == 0
    assert empty_neighbours(table("M"), (0, 0)) == 8


@pytest.mark.parametrize("seed", range(6))
def test_score_parts_match_the_rules_scoring(seed: int) -> None:
    state = random_position("cheese-chasers", 1, seed, moves=12)
    layout = dict(state.view(0).table())
    score, reachable = score_parts(layout, active_mice(layout))
    expected = score_table(layout)
    assert score == expected.nice + expected.bonus + expected.surrounded
    assert reachable >= 0.0


def test_finished_and_lost_games_are_valued_exactly() -> None:
    evaluator = CheeseChasersEvaluator()
    lost = ChasersView(cards=((0, 0, 3),), last=(0, 0), pending=None, left=(0, 0, 0, 0),
                       ending="trapped")
    assert evaluator.value(lost, lost.table()) == 0.0
    layout = table(".M.\nMHM\n.M.")
    done = ChasersView(cards=tuple(sorted((x, y, kind) for (x, y), kind in layout.items())),
                       last=(1, 2), pending=None, left=(0, 0, 0, 0), ending="complete")
    assert evaluator.value(done, layout) == reward_of_score(18)
    assert reward_of_score(0) == 0.5 and reward_of_score(30) == 0.75


def test_more_active_traps_and_less_room_lower_the_finish_chance() -> None:
    calm = table("MM")
    view = ChasersView(cards=(), last=(1, 0), pending=None, left=(10, 2, 3, 2), ending=None)
    one = table("MT")
    two = table("T.T\n.M.")
    chances = [
        finish_chance(view, layout, active_mice(layout), RISK) for layout in (calm, one, two)
    ]
    assert chances[0] > chances[1] > chances[2] > 0.0
    three = table("T.T.T")
    assert finish_chance(view, three, active_mice(three), RISK) == 0.0
    boxed = table("MMM\nMMM\nMMM")
    boxed_view = ChasersView(cards=(), last=(1, 1), pending=None, left=(1, 0, 0, 0), ending=None)
    assert finish_chance(boxed_view, boxed, active_mice(boxed), RISK) == 0.0


def test_a_trap_is_worth_more_in_a_ready_hole_than_beside_it() -> None:
    evaluator = CheeseChasersEvaluator()
    ring = table(".M.\nM.M\n.M.")
    # Evaluate the two placements of a trap next to the ring: into the hole, or beside it.
    view_into = ChasersView(cards=(), last=(1, 1), pending=None, left=(5, 0, 0, 1), ending=None)
    into = {**ring, (1, 1): 3}
    beside = {**ring, (3, 1): 3}
    assert evaluator.value(view_into, into) > evaluator.value(view_into, beside)


def test_greedy_finishes_a_few_games_where_random_play_finishes_none() -> None:
    greedy, uniform = make_bot("greedy"), make_bot("random")
    finished = {"greedy": 0, "random": 0}
    for seed in range(12):
        for name, bot in (("greedy", greedy), ("random", uniform)):
            state = random_position("cheese-chasers", 1, seed, moves=0)
            finished[name] += solo_ending(bot, state, random.Random(seed)) == "complete"
    assert finished["greedy"] >= 1 and finished["random"] == 0
