"""Expectimax aiming at finishing a one-seat game (``aim=finish``): Cheese Chasers'
completion, its batched leaf playouts, and no look at the deck's order."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.bots.evaluation import evaluator_for
from cheese.bots.evaluation.cheese_chasers import ChasersFinishEvaluator
from cheese.bots.expectimax.config import Aim, ExpectimaxConfig
from cheese.engine import Action, State, load_game
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import NATIVE

from ...native import needs_native
from ..conftest import random_position

FINISH = "expectimax:aim=finish,playouts=16"
"""A quick bot of the finish aim."""


def history(seed: int, decisions: int) -> list[Action]:
    """The actions (draws included) of a Cheese Chasers deal dealt with ``seed`` up to
    the card drawn after ``decisions`` seeded random placements."""
    rng = random.Random(seed)
    state = load_game("cheese-chasers", backend=NATIVE).new_initial_state(seed=seed)
    actions: list[Action] = []
    placed = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = resolve_chance(state)
        elif placed == decisions:
            return actions
        else:
            action = rng.choice(state.legal_actions())
            placed += 1
        actions.append(action)
        state = state.apply(action)
    raise AssertionError(f"deal {seed} ended before {decisions} placements")


def dealt(seed: int, actions: list[Action]) -> State:
    """``actions`` replayed on a deal shuffled with ``seed``: the same table and drawn
    cards, another order of the cards still in the deck."""
    state = load_game("cheese-chasers", backend=NATIVE).new_initial_state(seed=seed)
    for action in actions:
        state = state.apply(action)
    return state


def upcoming(state: State, count: int) -> list[Action]:
    """The next ``count`` cards the deal draws, whatever is placed meanwhile."""
    cards: list[Action] = []
    while len(cards) < count and not state.is_terminal():
        if state.is_chance_node():
            cards.append(resolve_chance(state))
            state = state.apply(cards[-1])
        else:
            state = state.apply(state.legal_actions()[0])
    return cards


def test_the_aim_is_a_declared_choice_that_round_trips() -> None:
    assert ExpectimaxConfig.from_params({"aim": "finish"}).aim is Aim.FINISH
    assert ExpectimaxConfig().aim is Aim.SCORE
    assert make_bot("expectimax:aim=finish").spec == "expectimax:aim=finish"
    with pytest.raises(ValueError, match="aim"):
        make_bot("expectimax:aim=points")


def test_finishing_alone_values_a_finished_game_one_and_a_lost_one_nothing() -> None:
    finishing = evaluator_for(load_game("cheese-chasers", backend="reference")).finishing()
    assert isinstance(finishing, ChasersFinishEvaluator)
    assert finishing.rewards_of_points((3,)) == finishing.rewards_of_points((70,)) == (1.0,)
    assert finishing.rewards_of_points((0,)) == (0.0,)
    assert evaluator_for(load_game("get-the-cheese", backend="reference")).finishing() is None


def test_a_position_is_worth_its_chance_of_finishing() -> None:
    state = random_position("cheese-chasers", 1, seed=2, moves=8)
    finishing = evaluator_for(state.game).finishing()
    assert finishing is not None
    (value,) = finishing.rewards(state)
    assert 0.0 < value < 1.0


@needs_native
def test_finish_aim_plays_legal_moves_the_same_from_the_same_seed() -> None:
    state = dealt(3, history(3, 6))
    bot = make_bot(FINISH)
    first = bot.choose(Turn(state, 0), random.Random(5))
    second = bot.choose(Turn(state, 0), random.Random(5))
    assert first.action in state.legal_actions()
    assert (first.action, first.info["value"]) == (second.action, second.info["value"])


@needs_native
@pytest.mark.parametrize("spec", [FINISH, "expectimax:aim=finish,depth=2,playouts=4,width=3"])
def test_the_order_of_the_cards_still_in_the_deck_changes_no_choice(spec: str) -> None:
    actions = history(7, 6)
    shuffles = [dealt(seed, actions) for seed in (7, 8, 9)]
    # The same table and drawn cards; the deck still to come in three orders.
    assert len({tuple(upcoming(state, 6)) for state in shuffles}) == 3
    assert len({tuple(state.view(0).left) for state in shuffles}) == 1  # type: ignore[attr-defined]
    bot = make_bot(spec)
    decisions = [bot.choose(Turn(state, 0), random.Random(1)) for state in shuffles]
    assert len({(decision.action, decision.info["value"]) for decision in decisions}) == 1


def test_a_game_without_a_finish_aim_is_searched_for_its_score() -> None:
    state = random_position("get-the-cheese", 3, seed=2, moves=2)
    plain = make_bot("expectimax:depth=1,playouts=2").choose(
        Turn(state, state.current_player), random.Random(4)
    )
    aimed = make_bot("expectimax:depth=1,playouts=2,aim=finish").choose(
        Turn(state, state.current_player), random.Random(4)
    )
    assert (plain.action, plain.info["value"]) == (aimed.action, aimed.info["value"])
