"""Seeded games for the analysis tests: bots' games, and one where a seat throws points away."""

from __future__ import annotations

import random
from collections.abc import Callable

from cheese.bots import Turn, make_bot
from cheese.bots.evaluation.get_the_cheese import GetTheCheeseEvaluator, read_position
from cheese.engine import Action, State, load_game
from cheese.engine.get_the_cheese.moves import DRAW
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord

THROWER = 0
"""The seat that throws points away in ``thrown_points_game``."""

Chooser = Callable[[State, Action, int], Action]
"""The action played at a decision: from the state, the bot's choice and the index the
action will have in the record."""


def bots_game(slug: str, players: int, seed: int, spec: str = "greedy") -> GameRecord:
    """A finished game of ``spec`` at every seat."""
    return _played(slug, players, seed, spec, lambda state, chosen, index: chosen)


def thrown_points_game(seed: int = 2, play: int = 1) -> tuple[GameRecord, int]:
    """A four-player Get The Cheese! game of greedy bots where seat 0, at its ``play``-th
    play, puts its cards where they earn the fewest points on the table now although a
    play earning a point or more than that was there: it gives away sure points. The
    record, and the index of that action in it."""
    evaluator = GetTheCheeseEvaluator()
    plays: list[int] = []
    thrown: list[int] = []

    def spoil(state: State, chosen: Action, index: int) -> Action:
        if state.current_player != THROWER or chosen == DRAW or thrown:
            return chosen
        plays.append(index)
        if len(plays) != play:
            return chosen
        position = read_position(state)
        changes = evaluator.line_changes(position, THROWER)
        earned = {
            action: evaluator.table_change(position, THROWER, changes, action)[0]
            for action in state.legal_actions()
            if action != DRAW
        }
        worst = min(earned, key=lambda action: (earned[action], action))
        assert earned[chosen] - earned[worst] >= 1, "the deal offers no sure point to give away"
        thrown.append(index)
        return worst

    record = _played("get-the-cheese", 4, seed, "greedy", spoil)
    return record, thrown[0]


def mixed_game(slug: str, specs: tuple[str, ...], seed: int) -> GameRecord:
    """A finished game with the bot ``specs[seat]`` at each seat."""
    return _played(slug, len(specs), seed, specs, lambda state, chosen, index: chosen)


def _played(
    slug: str, players: int, seed: int, spec: str | tuple[str, ...], choose: Chooser
) -> GameRecord:
    state = load_game(slug).new_initial_state(players, seed=seed)
    specs = (spec,) * players if isinstance(spec, str) else spec
    bots = [make_bot(text) for text in specs]
    rng = random.Random(seed)
    actions: list[Action] = []
    while not state.is_terminal():
        if state.is_chance_node():
            action = resolve_chance(state)
        else:
            seat = state.current_player
            chosen = bots[seat].choose(Turn(state, seat), rng).action
            action = choose(state, chosen, len(actions))
        actions.append(action)
        state = state.apply(action)
    return GameRecord.of_game(state, list(specs), actions)
