"""Games of a person at the table, played by seeded bots in the person's seats."""

from __future__ import annotations

import random
from collections.abc import Sequence

from cheese.bots import Turn, make_bot
from cheese.engine import CHANCE, load_game
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord
from cheese.levels.people import HUMAN


def person_record(
    game: str, specs: Sequence[str], seed: int, person_seats: Sequence[int] = (0,)
) -> GameRecord:
    """A finished game of ``specs`` (a seat in ``person_seats`` played by its spec as a
    stand-in for the person), recorded as ``cheese play`` records it: those seats are
    ``"human"``."""
    state = load_game(game).new_initial_state(num_players=len(specs), seed=seed)
    bots = [make_bot(spec) for spec in specs]
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        if state.current_player == CHANCE:
            action = resolve_chance(state)
        else:
            seat = state.current_player
            action = bots[seat].choose(Turn(state, seat), rng).action
        actions.append(action)
        state = state.apply(action)
    players = [HUMAN if seat in person_seats else spec for seat, spec in enumerate(specs)]
    return GameRecord.of_game(state, players, actions)
