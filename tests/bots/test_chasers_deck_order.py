"""Cheese Chasers bots choose from what the player sees: the order of the cards still in
the deck changes no choice of theirs."""

from __future__ import annotations

import random

import pytest

from cheese.bots import Turn, make_bot
from cheese.engine import Action, State, load_game
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import NATIVE

from ..native import needs_native


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


@needs_native
@pytest.mark.parametrize(
    "spec",
    [
        "expectimax:playouts=16",
        "expectimax:aim=finish,playouts=16",
        "expectimax:aim=finish,depth=2,playouts=4,width=3",
        "mcts:iterations=400",
    ],
)
def test_the_order_of_the_cards_still_in_the_deck_changes_no_choice(spec: str) -> None:
    actions = history(7, 6)
    shuffles = [dealt(seed, actions) for seed in (7, 8, 9)]
    # The same table and drawn cards; the deck still to come in three orders.
    assert len({tuple(upcoming(state, 6)) for state in shuffles}) == 3
    bot = make_bot(spec)
    decisions = [bot.choose(Turn(state, 0), random.Random(1)) for state in shuffles]
    assert len({(decision.action, decision.info["value"]) for decision in decisions}) == 1
