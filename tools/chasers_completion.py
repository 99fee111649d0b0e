"""How often a bot completes Cheese Chasers deals, with the Wilson 95% interval.

Plays ``--deals`` seeded deals (deal ``d`` of seed ``S`` is the game seeded
``S * 100_000 + d``; the bot's generator is seeded alike) with one bot spec, in this
process, and prints the completion rate, its interval, the mean points and the median
time a move took. ``--out FILE`` keeps one line per deal (deal, completed, points), and
``--against FILE`` compares with such a file of another spec on the same deals (deals
where only one of the two completed):

    python tools/chasers_completion.py expectimax --deals 150 --seed 11 --out base.txt
    python tools/chasers_completion.py expectimax:playouts=512 --deals 150 --seed 11 \
        --against base.txt

The same seed and spec play the same games; times depend on the machine's load.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Sequence
from pathlib import Path

from cheese.bots import Turn, make_bot
from cheese.engine import load_game
from cheese.engine.luck import resolve_chance
from cheese.ratings.stats import wilson_interval

GAME = "cheese-chasers"
DEALS_PER_SEED = 100_000
"""Deal seeds of one ``--seed`` are ``seed * DEALS_PER_SEED + deal``: apart for any
number of deals a run can play."""


def play_deal(spec: str, seed: int, deal: int) -> tuple[bool, int, list[float]]:
    """Whether ``spec`` completed the deal, its points, and each move's seconds."""
    deal_seed = seed * DEALS_PER_SEED + deal
    bot = make_bot(spec)
    rng = random.Random(f"chasers:{deal_seed}")
    state = load_game(GAME, "native").new_initial_state(seed=deal_seed)
    seconds: list[float] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            continue
        started = time.perf_counter()
        action = bot.choose(Turn(state, state.current_player), rng).action
        seconds.append(time.perf_counter() - started)
        state = state.apply(action)
    return not state.ended_early(), state.scores()[0], seconds


def read_results(path: Path) -> dict[int, bool]:
    """Deal → completed, from a file ``--out`` wrote."""
    results: dict[int, bool] = {}
    for line in path.read_text().splitlines():
        deal, completed, _points = line.split()
        results[int(deal)] = completed == "1"
    return results


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--first", type=int, default=0, help="first deal played")
    parser.add_argument("--out", type=Path, help="write deal, completed, points per line")
    parser.add_argument("--against", type=Path, help="a file --out wrote, to compare with")
    args = parser.parse_args(argv)
    completed: dict[int, bool] = {}
    points: list[int] = []
    seconds: list[float] = []
    lines: list[str] = []
    for deal in range(args.first, args.first + args.deals):
        done, score, times = play_deal(args.spec, args.seed, deal)
        completed[deal] = done
        points.append(score)
        seconds.extend(times)
        lines.append(f"{deal} {int(done)} {score}")
        if args.out is not None:
            args.out.write_text("\n".join(lines) + "\n")
    wins = sum(completed.values())
    low, high = wilson_interval(wins, args.deals)
    print(
        f"{args.spec}: completed {wins}/{args.deals} = {wins / args.deals:.1%} "
        f"[{low:.1%}, {high:.1%}], mean points {statistics.fmean(points):.2f}, "
        f"median move {statistics.median(seconds) * 1000:.1f} ms (seed {args.seed})"
    )
    if args.against is not None:
        other = read_results(args.against)
        both = [deal for deal in completed if deal in other]
        only_this = sum(1 for deal in both if completed[deal] and not other[deal])
        only_other = sum(1 for deal in both if other[deal] and not completed[deal])
        print(
            f"against {args.against}: {len(both)} deals in common, completed only here "
            f"{only_this}, only there {only_other}"
        )


if __name__ == "__main__":
    main()
