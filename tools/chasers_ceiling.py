"""How many Cheese Chasers deals a player who knew the deck's order could complete.

A measuring instrument, not a bot: for each seeded deal (deal ``d`` of seed ``S`` is the
game seeded ``S * 100_000 + d``, as in ``tools/chasers_completion.py``) it reads the order
the deal will draw its cards in, which paired luck fixes whatever is placed, and searches
the placements depth-first for a completion (``chs_solve_order`` in
``cheese/engine/native/chs.c``, the heuristic's best placement first), giving up after
``--budget`` placements. A deal is completed, shown not completable, or undecided; the
clairvoyant completion rate lies between the completed share and that share plus the
undecided one. ``--against FILE`` (a file ``chasers_completion.py --out`` wrote) counts the
deals the bot lost that a clairvoyant completes, and adds the deals the bot completed to
those known completable:

    python tools/chasers_ceiling.py --deals 200 --seed 11 --budget 1000000
    python tools/chasers_ceiling.py --deals 500 --seed 2027 --against final-2027.txt

Ctrl-C (SIGINT) prints what the deals solved so far measured.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.engine import load_game
from cheese.engine.cheese_chasers.state import DRAW_EVENT
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.luck import event_key, keyed_outcome
from cheese.engine.native.bridge import ClairvoyantSolve, NativeState, chasers_solve_order
from cheese.ratings.stats import wilson_interval
from tools.chasers_completion import (
    DEALS_PER_SEED,
    GAME,
    against_results,
    map_deals,
    record_deals,
)


def deck_order(state: NativeState) -> list[int]:
    """The kinds the deal of ``state`` (a draw next) draws from now on, in order. Draw
    ``k`` is decided by its key and the cards left alone (``resolve_chance``), never by
    where cards were placed, so the order is known before any placement."""
    view = state.view(0)
    assert isinstance(view, ChasersView)
    left = list(view.left)
    drawn = len(view.cards)  # at a draw, every card drawn is on the table
    order: list[int] = []
    while any(left):
        outcomes = [(kind, count) for kind, count in enumerate(left) if count]
        kind = keyed_outcome(state.seed, event_key(DRAW_EVENT, drawn + len(order)), outcomes)
        left[kind] -= 1
        order.append(kind)
    return order


def solve_deal(task: tuple[int, int, int]) -> ClairvoyantSolve:
    """The clairvoyant search of one deal from its first draw."""
    seed, deal, budget = task
    state = load_game(GAME, "native").new_initial_state(seed=seed * DEALS_PER_SEED + deal)
    assert isinstance(state, NativeState)
    return chasers_solve_order(state, deck_order(state), budget)


def solved_deals(
    seed: int, deals: range, budget: int, workers: int
) -> Iterator[tuple[int, ClairvoyantSolve]]:
    """Each deal with its search, in deal order, in this process or over ``workers``."""
    tasks = [(seed, deal, budget) for deal in deals]
    yield from zip(deals, map_deals(solve_deal, tasks, workers))


def bounds(results: dict[int, bool | None], budget: int) -> str:
    """The completed, impossible and undecided deals, and the range they leave for the
    clairvoyant completion rate, each end with its Wilson 95% interval."""
    deals = len(results)
    completed = sum(1 for done in results.values() if done)
    impossible = sum(1 for done in results.values() if done is False)
    undecided = deals - completed - impossible
    low, _ = wilson_interval(completed, deals)
    _, high = wilson_interval(completed + undecided, deals)
    return (
        f"clairvoyant, at most {budget:,} placements searched a deal: {completed} completed, "
        f"{impossible} shown impossible, {undecided} undecided of {deals} deals; "
        f"completable: at least {completed / deals:.1%} (interval from {low:.1%}), "
        f"at most {(completed + undecided) / deals:.1%} (interval to {high:.1%})"
    )


def against(name: str, results: dict[int, bool | None], bot: dict[int, bool]) -> str:
    """How the bot's deals of a ``chasers_completion.py --out`` file fall."""
    both = [deal for deal in results if deal in bot]
    won = sum(1 for deal in both if bot[deal])
    lost_completable = sum(1 for deal in both if not bot[deal] and results[deal])
    lost_impossible = sum(1 for deal in both if not bot[deal] and results[deal] is False)
    won_unsolved = sum(1 for deal in both if bot[deal] and not results[deal])
    # A deal the bot completed is completable, found here or not.
    completable = sum(1 for deal in both if bot[deal] or results[deal])
    return (
        f"against {name}: {len(both)} deals in common; the bot completed {won}; of those it "
        f"lost, {lost_completable} a clairvoyant completes and {lost_impossible} none can; "
        f"{won_unsolved} the bot completed were left undecided here; with the bot's, "
        f"{completable} are completable, {completable / len(both):.1%}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--first", type=int, default=0, help="first deal solved")
    parser.add_argument(
        "--budget", type=int, default=1_000_000, help="placements searched a deal at most"
    )
    parser.add_argument("--against", type=Path, help="a chasers_completion.py --out file")
    parser.add_argument("--out", type=Path, help="write per deal: deal, result (1, 0, -1), nodes")
    parser.add_argument(
        "--workers", type=int, default=1, help="processes solving deals side by side"
    )
    args = parser.parse_args(argv)
    if args.deals < 1 or args.budget < 1 or args.workers < 1:
        parser.error("--deals, --budget and --workers are at least 1")
    bot = against_results(parser, args.against)
    results: dict[int, bool | None] = {}
    deals = range(args.first, args.first + args.deals)

    def solved() -> Iterator[str]:
        for deal, solve in solved_deals(args.seed, deals, args.budget, args.workers):
            results[deal] = solve.completed
            code = -1 if solve.completed is None else int(solve.completed)
            yield f"{deal} {code} {solve.nodes}"

    if not record_deals(solved(), args.out):
        return
    print(bounds(results, args.budget) + f" (seed {args.seed})")
    if bot is not None:
        print(against(str(args.against), results, bot))


if __name__ == "__main__":
    main()
