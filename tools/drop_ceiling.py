"""How much of Cheese Drop is luck: ``expectimax`` seeing the hidden rows, against greedy.

The clairvoyant bot is ``expectimax`` (or the expectimax spec given) whose bets value a
finished round over one draw of the hidden rows, the truth (where the marbles under the
cover really ended), instead of 256 draws of the lanes' law. Everything else is the bot's
own: its gates (greedy's one-ply values), its prediction of the other seats' bets (their
one-ply values, blind as they are), its width and its rewards. No bot spec builds it.

It plays a duel against ``--against`` (``greedy``): the same deals, seat rotations,
score (A's share of the seat pairs, a tie one half) and 95% bootstrap interval as
``cheese duel`` with the same ``--seed``, played in this process. A run stopped with
Ctrl-C (SIGINT) reports the whole deals played so far. ``--blind`` plays the spec as
it is instead, on the same deals, so that runs cut short compare on the deals both played:

    python tools/drop_ceiling.py --players 4 --games 200 --seed 9401
    python tools/drop_ceiling.py --players 5 --games 200 --seed 9402
    python tools/drop_ceiling.py --players 4 --games 200 --seed 9401 --blind

The same seed plays the same games; move times depend on the machine's load.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.bots import make_bot
from cheese.bots.base import BotSpecError, Turn
from cheese.bots.evaluation.cheese_drop.evaluator import CheeseDropEvaluator
from cheese.bots.evaluation.cheese_drop.round_lines import LaneDraws, true_lanes
from cheese.bots.expectimax import ExpectimaxBot
from cheese.engine.cheese_drop.view import REVEALED_VIEW_TYPE
from cheese.referee.play import BotFactory
from tools.clairvoyant_duel import add_duel_arguments, run_ceiling, summary
from tools.clairvoyant_duel import seat_factory as clairvoyant_seats

GAME = "cheese-drop"


def hidden_truth(turn: Turn) -> LaneDraws:
    """Where this round's marbles really ended: the one draw the clairvoyant values over.

    It reads the state behind the turn, which no bot may: the package offers no way to,
    and only this diagnostic reaches past the ``Turn``."""
    return true_lanes(REVEALED_VIEW_TYPE.of(turn._state.revealed_view()))


def clairvoyant_bot(spec: str) -> ExpectimaxBot:
    """The expectimax bot of ``spec`` whose bets see the hidden rows; ``BotSpecError``
    for a spec that is not an expectimax one."""
    blind = make_bot(spec)
    if not isinstance(blind, ExpectimaxBot):
        raise BotSpecError(f"the clairvoyant bot is an expectimax spec, not {spec!r}")
    return ExpectimaxBot(blind.config, CheeseDropEvaluator(hidden_lanes=hidden_truth))


def seat_factory(spec: str) -> BotFactory:
    """Builds the clairvoyant ``spec`` for its seats' text, any other spec as usual."""
    return clairvoyant_seats(spec, clairvoyant_bot)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="expectimax", help="the expectimax spec made clairvoyant")
    parser.add_argument("--against", default="greedy", help="the other seats' bot spec")
    add_duel_arguments(parser, "2 to 5", seed=9401)
    args = parser.parse_args(argv)
    report = run_ceiling(parser, args, GAME, args.against, seat_factory(args.spec), "drop_ceiling")
    if report is not None:
        print(summary(report))


if __name__ == "__main__":
    main()
