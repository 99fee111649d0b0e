"""Where a bot lost its Cheese Chasers deals: the placement after which a player who knew
the deck's order could no longer complete the deal.

A measuring instrument beside ``tools/chasers_ceiling.py``: for each deal a
``chasers_completion.py --out`` file says the bot lost, it plays the bot's game again (the
runs replay), and searches the positions after the bot's placements for the last one the
clairvoyant solver (``chs_solve_order``, the deck's own order, at most ``--budget``
placements) completes: the bot's next placement is the fatal one. A deal the solver does
not complete after the bot's first placement is counted apart. Completability along one
game can only be lost, never regained (the order is fixed), so a binary search over the
positions finds the fatal placement with a handful of solves; a solve that runs out of
budget counts as not completed, so the fatal placement found is at the latest the true one
when every solve is decided:

    python tools/chasers_completion.py mcts:iterations=20000 --deals 200 --seed 11 --out base.txt
    python tools/chasers_fatal_placement.py mcts:iterations=20000 --against base.txt --seed 11

Ctrl-C (SIGINT) prints what the deals searched so far measured.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.engine import State
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.native.bridge import NativeState, chasers_solve_order
from tools.chasers_ceiling import deck_order
from tools.chasers_completion import (
    against_results,
    checked_specs,
    map_deals,
    play_deal,
    record_deals,
)


@dataclass(frozen=True)
class LostDeal:
    """One deal the bot lost: the cards on the table when it ended, and the card whose
    placement no clairvoyant could complete the deal after (None: none was shown
    completable after the bot's first placement)."""

    deal: int
    cards_at_end: int
    fatal_card: int | None


def cards_on_table(state: State) -> int:
    view = state.view(0)
    assert isinstance(view, ChasersView)
    return len(view.cards)


def clairvoyant_completes(state: State, budget: int) -> bool:
    """Whether the solver completes ``state`` (a draw next) with the deal's own order."""
    assert isinstance(state, NativeState)
    return chasers_solve_order(state, deck_order(state), budget).completed is True


def lost_deal(task: tuple[str, int, int, int]) -> LostDeal:
    """The bot's game of one deal played again, and its fatal placement."""
    spec, seed, deal, budget = task
    after_placements: list[State] = []
    completed, _, _ = play_deal(spec, seed, deal, after_move=after_placements.append)
    if completed:
        raise ValueError(f"{spec} completed deal {deal} of seed {seed}: the file says it lost")
    going_on = [state for state in after_placements if not state.is_terminal()]
    cards_at_end = cards_on_table(after_placements[-1]) if after_placements else 1
    if not going_on or not clairvoyant_completes(going_on[0], budget):
        return LostDeal(deal, cards_at_end, None)
    completes, fails = 0, len(going_on)  # going_on[fails] stands for the game's end
    while fails - completes > 1:
        middle = (completes + fails) // 2
        if clairvoyant_completes(going_on[middle], budget):
            completes = middle
        else:
            fails = middle
    return LostDeal(deal, cards_at_end, cards_on_table(going_on[completes]) + 1)


def lost_deals(
    spec: str, seed: int, deals: Sequence[int], budget: int, workers: int
) -> Iterator[LostDeal]:
    """Each lost deal searched, in deal order, in this process or over ``workers``."""
    yield from map_deals(lost_deal, [(spec, seed, deal, budget) for deal in deals], workers)


def report(spec: str, lost: Sequence[LostDeal], budget: int) -> str:
    """The fatal placements' cards and how long before the end they came."""
    fatal, before_end = [], []
    for deal in lost:
        if deal.fatal_card is not None:
            fatal.append(deal.fatal_card)
            before_end.append(deal.cards_at_end - deal.fatal_card)
    line = (
        f"{spec} lost {len(lost)} deals; after its first placement the clairvoyant (at most "
        f"{budget:,} placements a solve) completed {len(fatal)}"
    )
    if not fatal:
        return line
    quartiles = statistics.quantiles(fatal, n=4) if len(fatal) > 1 else [fatal[0]] * 3
    return (
        f"{line}; in those the fatal placement was card {statistics.median(fatal):g} at the "
        f"median (quartiles {quartiles[0]:g} and {quartiles[2]:g}; "
        f"{sum(1 for card in fatal if card <= 20)} in the first 20 cards), "
        f"{statistics.median(before_end):g} cards before the game ended"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("spec", help="the bot spec that played the --against file's deals")
    parser.add_argument(
        "--against", type=Path, required=True, help="its chasers_completion.py --out file"
    )
    parser.add_argument("--seed", type=int, default=11, help="the seed the file was played on")
    parser.add_argument(
        "--budget", type=int, default=1_000_000, help="placements searched a solve at most"
    )
    parser.add_argument(
        "--out", type=Path, help="write per lost deal: deal, fatal card (-1: none), cards at end"
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="processes searching deals side by side"
    )
    args = parser.parse_args(argv)
    if args.budget < 1 or args.workers < 1:
        parser.error("--budget and --workers are at least 1")
    checked_specs(parser, [args.spec])
    results = against_results(parser, args.against)
    assert results is not None
    lost: list[LostDeal] = []

    def searched() -> Iterator[str]:
        deals = sorted(deal for deal, done in results.items() if not done)
        for deal in lost_deals(args.spec, args.seed, deals, args.budget, args.workers):
            lost.append(deal)
            fatal = -1 if deal.fatal_card is None else deal.fatal_card
            yield f"{deal.deal} {fatal} {deal.cards_at_end}"

    try:
        if not record_deals(searched(), args.out):
            return
    except ValueError as error:  # the file's deals were not this spec's on this seed
        parser.error(
            f"--against {args.against}: {error}; give the spec and --seed it was played with"
        )
    print(report(args.spec, lost, args.budget) + f" (seed {args.seed})")


if __name__ == "__main__":
    main()
