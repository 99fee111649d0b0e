"""How often a bot completes Cheese Chasers deals, with the Wilson 95% interval.

Plays ``--deals`` seeded deals (deal ``d`` of seed ``S`` is the game seeded
``S * 100_000 + d``; the bot's generator is seeded alike) with each bot spec given, in this
process or over ``--workers`` processes (the same games either way), and prints per spec
the completion rate, its interval, the mean points and the median time a move took; with
two specs, the deals only one of them completed. ``--out FILE`` keeps one line per deal
(deal, then completed and points per spec), rewritten after every deal; a run stopped
with Ctrl-C (SIGINT) prints what the deals played so far measured. ``--against FILE``
compares the first spec with the first of such a file on the same deals:

    python tools/chasers_completion.py expectimax --deals 150 --seed 11 --out base.txt
    python tools/chasers_completion.py expectimax:playouts=512 --deals 150 --seed 11 \
        --against base.txt
    python tools/chasers_completion.py mcts:iterations=20000 expectimax --deals 1000 \
        --seed 2026 --out final.txt --workers 2

The same seed and spec play the same games; times depend on the machine's load.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import signal
import statistics
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import TypeVar

from cheese.bots import Decision, Turn, make_bot
from cheese.engine import State, load_game
from cheese.engine.luck import resolve_chance
from cheese.ratings.stats import wilson_interval
from cheese.tournaments.tournament import check_games

GAME = "cheese-chasers"
DEALS_PER_SEED = 100_000
"""Deal seeds of one ``--seed`` are ``seed * DEALS_PER_SEED + deal``: apart for any
number of deals a run can play."""

Task = TypeVar("Task")
Result = TypeVar("Result")


def play_deal(
    spec: str,
    seed: int,
    deal: int,
    after_move: Callable[[State], None] | None = None,
    on_decision: Callable[[State, Decision], None] | None = None,
) -> tuple[bool, int, list[float]]:
    """Whether ``spec`` completed the deal, its points, and each move's seconds;
    ``after_move`` is shown the state after each of the bot's moves, ``on_decision`` the
    state before it with the bot's decision."""
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
        decision = bot.choose(Turn(state, state.current_player), rng)
        seconds.append(time.perf_counter() - started)
        if on_decision is not None:
            on_decision(state, decision)
        state = state.apply(decision.action)
        if after_move is not None:
            after_move(state)
    return not state.ended_early(), state.scores()[0], seconds


def read_results(path: Path) -> dict[int, bool]:
    """Deal → completed by the first spec, from a file ``--out`` wrote; ValueError (or
    OSError) saying what is wrong with any other file."""
    results: dict[int, bool] = {}
    for number, line in enumerate(path.read_text().splitlines(), 1):
        fields = line.split()
        if len(fields) < 2 or not fields[0].isdigit() or fields[1] not in ("0", "1"):
            raise ValueError(f"line {number} is not 'deal completed ...' (0 or 1)")
        results[int(fields[0])] = fields[1] == "1"
    return results


def against_results(parser: argparse.ArgumentParser, path: Path | None) -> dict[int, bool] | None:
    """The results of the ``--against`` file, or the usage error (exit 2) saying why
    the file cannot be read."""
    if path is None:
        return None
    try:
        return read_results(path)
    except (OSError, ValueError) as error:
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        parser.error(f"--against {path}: {reason}; give a file --out wrote")


def checked_specs(parser: argparse.ArgumentParser, specs: Sequence[str]) -> None:
    """The usage error (exit 2) for a spec that names no bot, or a bot that cannot play
    Cheese Chasers, before any deal is played."""
    for spec in specs:
        try:
            check_games([(spec, make_bot(spec))], GAME)
        except ValueError as error:  # a BotSpecError, or the game refused
            parser.error(f"{error}")


def summary(
    spec: str, completed: dict[int, bool], points: list[int], seconds: list[float], seed: int
) -> str:
    """One spec's completion rate, its interval, mean points and median move time."""
    wins = sum(completed.values())
    deals = len(completed)
    low, high = wilson_interval(wins, deals)
    return (
        f"{spec}: completed {wins}/{deals} = {wins / deals:.1%} [{low:.1%}, {high:.1%}], "
        f"mean points {statistics.fmean(points):.2f}, "
        f"median move {statistics.median(seconds) * 1000:.1f} ms (seed {seed})"
    )


def discordant(name: str, first: dict[int, bool], second: dict[int, bool]) -> str:
    """How many deals of both only one of the two completed."""
    both = [deal for deal in first if deal in second]
    only_first = sum(1 for deal in both if first[deal] and not second[deal])
    only_second = sum(1 for deal in both if second[deal] and not first[deal])
    return (
        f"against {name}: {len(both)} deals in common, completed only here {only_first}, "
        f"only there {only_second}"
    )


def ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the main process, which stops the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_specs(task: tuple[tuple[str, ...], int, int]) -> list[tuple[bool, int, list[float]]]:
    """Every spec's result on one deal (``play_deal``), for a worker process."""
    specs, seed, deal = task
    return [play_deal(spec, seed, deal) for spec in specs]


def map_deals(
    function: Callable[[Task], Result], tasks: Sequence[Task], workers: int
) -> Iterator[Result]:
    """``function`` of each task, in order: in this process, or over ``workers``
    processes (each deal is seeded alone, so the results are the same)."""
    if workers <= 1:
        yield from map(function, tasks)
        return
    with multiprocessing.Pool(workers, initializer=ignore_interrupts) as pool:
        yield from pool.imap(function, tasks)


def deal_results(
    specs: Sequence[str], seed: int, deals: range, workers: int
) -> Iterator[tuple[int, list[tuple[bool, int, list[float]]]]]:
    """Each deal with every spec's result on it, in deal order (``map_deals``)."""
    tasks = [(tuple(specs), seed, deal) for deal in deals]
    yield from zip(deals, map_deals(play_specs, tasks, workers))


def kept_until_stopped(
    deals: Iterable[Result], after_each: Callable[[list[Result]], None] | None = None
) -> list[Result]:
    """The deals' results as they come, ``after_each`` shown those kept so far after
    each; a run stopped by hand (Ctrl-C, SIGINT) keeps the deals finished before it."""
    kept: list[Result] = []
    try:
        for deal in deals:
            kept.append(deal)
            if after_each is not None:
                after_each(kept)
    except KeyboardInterrupt:
        print(f"stopped after {len(kept)} deals")
    return kept


def record_deals(lines: Iterable[str], out: Path | None) -> list[str]:
    """The lines of the deals played, the file ``out`` (when given) rewritten after each;
    a run stopped by hand (Ctrl-C, SIGINT) keeps the deals finished before it."""
    if out is None:
        return kept_until_stopped(lines)

    def rewrite(kept: list[str]) -> None:
        out.write_text("\n".join(kept) + "\n")

    return kept_until_stopped(lines, rewrite)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("specs", nargs="+", help="bot specs; each plays every deal")
    parser.add_argument("--deals", type=int, default=150)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--first", type=int, default=0, help="first deal played")
    parser.add_argument(
        "--out", type=Path, help="write per deal: deal, then completed and points per spec"
    )
    parser.add_argument("--against", type=Path, help="a file --out wrote, to compare with")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes playing deals side by side"
    )
    args = parser.parse_args(argv)
    checked_specs(parser, args.specs)
    earlier = against_results(parser, args.against)
    completed: list[dict[int, bool]] = [{} for _ in args.specs]
    points: list[list[int]] = [[] for _ in args.specs]
    seconds: list[list[float]] = [[] for _ in args.specs]
    deals = range(args.first, args.first + args.deals)

    def played() -> Iterator[str]:
        for deal, results in deal_results(args.specs, args.seed, deals, args.workers):
            line = [str(deal)]
            for index, (done, score, times) in enumerate(results):
                completed[index][deal] = done
                points[index].append(score)
                seconds[index].extend(times)
                line += [str(int(done)), str(score)]
            yield " ".join(line)

    if not record_deals(played(), args.out):
        return
    for index, spec in enumerate(args.specs):
        print(summary(spec, completed[index], points[index], seconds[index], args.seed))
    if len(args.specs) > 1:
        print(discordant(args.specs[1], completed[0], completed[1]))
    if earlier is not None:
        print(discordant(str(args.against), completed[0], earlier))


if __name__ == "__main__":
    main()
