"""Shared helpers: the reference game, scripted openings, lines and tables from text."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cheese.engine.api import OptionValue
from cheese.engine.get_the_cheese import GtcState, ReferenceGame
from cheese.engine.get_the_cheese.cards import COLOUR_LETTERS, EMPTY_PILE, KIND_NAMES
from cheese.engine.get_the_cheese.options import GtcOptions
from cheese.engine.get_the_cheese.resolve import Animal
from cheese.engine.get_the_cheese.state import Setup
from cheese.engine.get_the_cheese.table import PlacedCard, Table


@pytest.fixture
def game() -> ReferenceGame:
    return ReferenceGame()


def animals(text: str) -> list[Animal]:
    """``"r:mouse b:cat* g:dog"`` as a line of animals (owner letter, kind name)."""
    line = []
    for token in text.split():
        owner, kind = token.lower().split(":")
        line.append(Animal(COLOUR_LETTERS.index(owner), KIND_NAMES.index(kind)))
    return line


def run(state: GtcState, steps: str) -> GtcState:
    """Apply ``"cheese 2; card mouse; draw; 0:mouse,big,cat"`` item by item (notation)."""
    for item in steps.split(";"):
        if item.strip():
            state = state.apply(state.parse_action(item))
    return state


def opening(
    game: ReferenceGame,
    num_players: int,
    hands: Sequence[str],
    cheeses: Sequence[int] | None = None,
    **options: OptionValue,
) -> GtcState:
    """A new game after the circle (default: the smallest cheeses first) and the opening
    hands, each given as three kind names (``"mouse big cat*"``)."""
    state = game.new_initial_state(num_players=num_players, seed=0, **options)
    circle = cheeses if cheeses is not None else sorted(state.setup.options.cheese_values)
    steps = [f"cheese {value}" for value in circle[: 2 * num_players]]
    steps += [f"card {kind}" for hand in hands for kind in hand.split()]
    return run(state, ";".join(steps))


def terminal_state(lines: Sequence[str], cheeses: Sequence[int], num_players: int = 3) -> GtcState:
    """A finished game whose lines are given as text (positions all 1, so face down).

    Only the lines matter to the outcome, so hands and decks are simply empty.
    """
    placed = tuple(
        tuple(PlacedCard(animal.owner, animal.kind, 1) for animal in animals(text))
        for text in lines
    )
    table = Table(
        cheeses=tuple(cheeses),
        lines=placed,
        hands=(EMPTY_PILE,) * num_players,
        decks=(EMPTY_PILE,) * num_players,
        owed=(0,) * num_players,
        to_move=0,
    )
    return GtcState(Setup(num_players, 0, GtcOptions()), table, ReferenceGame())
