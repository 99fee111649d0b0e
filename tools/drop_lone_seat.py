"""Cheese Drop: a bot alone among ``--against`` seats, and in the duel's seats, on the same deals.

In a duel with 4 or 5 players A holds every other seat, so an ``expectimax`` seat shares
the table with another ``expectimax`` seat, which it predicts as a one-ply bettor (what
``greedy`` bets) and which bets otherwise wherever its search finds a better line. Alone among
``greedy`` seats it predicts every other seat exactly. This measures what that is worth:
each deal is played with A alone in each seat in turn (the other seats ``--against``),
and in the duel's own seatings (the games ``cheese duel SPEC AGAINST`` plays with the same
``--seed``), and prints A's share of its pairs against the other bot in each, with the
95% bootstrap interval over deals, and the difference on the same deals. A run stopped
with Ctrl-C (SIGINT) reports the deals played so far:

    python tools/drop_lone_seat.py --players 4 --deals 150 --seed 17001 --workers 2

The same seed plays the same games; only the move times depend on the machine's load.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from statistics import fmean

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.bots import make_bot
from cheese.bots.base import BotSpecError
from cheese.engine import BACKEND
from cheese.ratings.pairwise import PairTally, seat_pairs
from cheese.ratings.stats import bootstrap_interval
from cheese.referee.jobs import SIDE_A, SIDE_B, DuelSetup, GameJob, Plan
from cheese.referee.play import play_job
from cheese.tournaments.schedule import Schedule
from cheese.tournaments.seating import seatings
from cheese.tournaments.tournament import seats_of
from cheese.words import counted
from tools.chasers_completion import kept_until_stopped, map_deals

GAME = "cheese-drop"
ARRANGEMENTS = ("alone", "duel")


@dataclass(frozen=True, slots=True)
class DealTask:
    """One deal to play in both arrangements."""

    specs: tuple[str, str]
    num_players: int
    seed: int
    deal: int


def plans(task: DealTask) -> dict[str, Plan]:
    """Each arrangement's tournament: the duel's (A and B taking turns round the table),
    and A alone at a table of B, whose rotations put A in each seat in turn."""
    duel = DuelSetup(
        game=GAME,
        num_players=task.num_players,
        spec_a=task.specs[SIDE_A],
        spec_b=task.specs[SIDE_B],
        deals=task.deal + 1,
        seed=task.seed,
        backend=BACKEND,
    ).plan
    alone = (SIDE_A, *(SIDE_B,) * (task.num_players - 1))
    return {"alone": replace(duel, tables=(alone,)), "duel": duel}


def deal_jobs(task: DealTask) -> dict[str, list[GameJob]]:
    """The games of ``task``'s deal per arrangement, as their schedules hand them out
    (the duel's are ``cheese duel``'s)."""
    jobs: dict[str, list[GameJob]] = {}
    for arrangement, plan in plans(task).items():
        schedule = Schedule(plan)
        rotations = len(seatings(plan.tables[0], plan.num_players))
        jobs[arrangement] = [schedule.job(task.deal, rotation) for rotation in range(rotations)]
    return jobs


def play_deal(task: DealTask) -> dict[str, PairTally]:
    """A's pairs against B over the deal's games, per arrangement (a worker's task)."""
    tallies: dict[str, PairTally] = {}
    for arrangement, jobs in deal_jobs(task).items():
        total = PairTally()
        for job in jobs:
            result = play_job(job)
            total += seat_pairs(job.sides, result.ranking)
        tallies[arrangement] = total
    return tallies


def interval_text(values: Sequence[float], rng: random.Random, signed: bool = False) -> str:
    """The 95% bootstrap interval of the mean of ``values`` (none for a single deal)."""
    if len(values) < 2:
        return ""
    low, high = bootstrap_interval(values, rng)
    return f" [{low:+.3f}, {high:+.3f}]" if signed else f" [{low:.3f}, {high:.3f}]"


def report(specs: tuple[str, str], deals: Sequence[dict[str, PairTally]], seed: int) -> str:
    """Each arrangement's score with its interval, and their difference deal by deal."""
    rng = random.Random(seed)
    lines = [f"{specs[0]} against {specs[1]}, {counted(len(deals), 'deal')}, seed {seed}"]
    for arrangement in ARRANGEMENTS:
        total = sum((deal[arrangement] for deal in deals), PairTally())
        scores = [deal[arrangement].score for deal in deals]
        lines.append(
            f"{arrangement}: score {total.score:.3f}{interval_text(scores, rng)}: "
            f"{total.wins} wins, {total.draws} draws, {total.losses} losses "
            f"of {total.pairs} pairs"
        )
    differences = [deal["alone"].score - deal["duel"].score for deal in deals]
    lines.append(
        f"alone - duel, deal by deal: {fmean(differences):+.3f}"
        f"{interval_text(differences, rng, signed=True)}"
    )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="expectimax", help="the bot measured (A)")
    parser.add_argument("--against", default="greedy", help="the other seats' bot (B)")
    parser.add_argument("--players", type=int, default=4, help="seats, 3 to 5")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=17001)
    parser.add_argument(
        "--workers", type=int, default=1, help="processes playing deals side by side"
    )
    args = parser.parse_args(argv)
    try:
        for spec in (args.spec, args.against):
            make_bot(spec)
        if seats_of(GAME, args.players) < 3:
            raise ValueError("--players: A alone needs at least 3 seats")
        if args.deals < 1 or args.workers < 1:
            raise ValueError("--deals and --workers take a positive count")
    except (BotSpecError, ValueError) as error:
        parser.exit(2, f"drop_lone_seat: {error}\n")
    specs = (args.spec, args.against)
    tasks = [DealTask(specs, args.players, args.seed, deal) for deal in range(args.deals)]
    deals = kept_until_stopped(map_deals(play_deal, tasks, args.workers))
    if deals:
        print(report(specs, deals, args.seed))


if __name__ == "__main__":
    main()
