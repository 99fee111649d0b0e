"""Search speed of bots on the same positions: iterations per CPU second, compared.

``python -m cheese.adapters.speed --game cheese-drop`` times each bot spec's ``choose``
on the same seeded positions (decisions reached by random play, chance by the deal, with
more than one legal move) and prints, per spec, the median over positions of its
iterations (``iterations`` or ``simulations`` in the decision's info) per CPU second of
this process, and the median over positions of its rate divided by the last spec's (the
yardstick: by default OpenSpiel's ISMCTS). CPU time, not wall time, so other work on
the machine disturbs the figures less.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from dataclasses import dataclass

from cheese.bots import Turn, make_bot
from cheese.engine import GAME_SLUGS, State, game_info, load_game
from cheese.engine.play import random_decision

DEFAULT_SPECS = (
    "mcts:iterations=2000",
    "mcts:iterations=2000,leaf=1,playout=random",
    "openspiel-mcts:simulations=200",
    "openspiel-ismcts:simulations=200",
)
ITERATION_KEYS = ("iterations", "simulations")


def random_position(slug: str, players: int, seed: int, moves: int) -> State:
    """The decision reached after ``moves`` seeded random decisions (chance by the deal),
    or the last decision before the end."""
    start = load_game(slug).new_initial_state(players, seed=seed)
    return random_decision(start, random.Random(seed), moves)


def positions(slug: str, players: int, count: int, seed: int) -> list[State]:
    """``count`` decisions with a real choice, spread over the game by seeded play."""
    found: list[State] = []
    attempt = 0
    while len(found) < count:
        state = random_position(slug, players, seed + attempt, moves=attempt * 7 % 40)
        attempt += 1
        if len(state.legal_actions()) > 1:
            found.append(state)
    return found


@dataclass(frozen=True, slots=True)
class SpecSpeed:
    """One spec's speed: the median rate and its median ratio to the last spec's rate."""

    spec: str
    iterations_per_s: float
    times_last: float

    def as_json(self) -> dict[str, object]:
        return {"spec": self.spec, "iterations_per_s": round(self.iterations_per_s, 1),
                "times_last": round(self.times_last, 2)}


def _rate(spec: str, state: State, seed: int) -> float:
    bot = make_bot(spec)
    started = time.process_time()
    decision = bot.choose(Turn(state, state.current_player), random.Random(seed))
    spent = time.process_time() - started
    counts = [decision.info[key] for key in ITERATION_KEYS if key in decision.info]
    if not counts or not isinstance(counts[0], int):
        raise ValueError(f"{spec!r} reports no iteration count; compare search bots")
    return counts[0] / max(spent, 1e-9)


def compare_speed(
    slug: str, players: int, specs: Sequence[str], count: int, seed: int
) -> list[SpecSpeed]:
    """Each spec's speed over the same ``count`` positions of ``slug``, compared with the
    last spec's."""
    states = positions(slug, players, count, seed)
    rates = [[_rate(spec, state, seed + index) for index, state in enumerate(states)]
             for spec in specs]
    return [
        SpecSpeed(
            spec,
            statistics.median(spec_rates),
            statistics.median(this / last for this, last in zip(spec_rates, rates[-1])),
        )
        for spec, spec_rates in zip(specs, rates)
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m cheese.adapters.speed", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--game", choices=GAME_SLUGS, required=True)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("specs", nargs="*", default=list(DEFAULT_SPECS))
    arguments = parser.parse_args(argv)
    players = arguments.players or game_info(arguments.game).default_players
    results = compare_speed(arguments.game, players, arguments.specs, arguments.positions,
                            arguments.seed)
    if arguments.json:
        print(json.dumps([result.as_json() for result in results], indent=2))
        return
    print(f"{arguments.game}, {players} players, {arguments.positions} positions "
          f"(median per position; CPU seconds)")
    for result in results:
        print(f"{result.spec:45} {result.iterations_per_s:12,.0f} it/s "
              f"{result.times_last:10,.1f}x")


if __name__ == "__main__":
    main()
