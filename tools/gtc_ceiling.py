"""How much of Get The Cheese! is hidden: ``mcts`` seeing every card, against ``mcts``.

The clairvoyant bot is the ``mcts`` spec given whose C search runs on the true state
behind its turn, as it is, every iteration: it sees the other seats' hands and face-down
cards (``keep_world`` in ``cheese/bots/mcts/native/search.c``). With ``--sees table`` it
sees only what lies face down on the table, and draws the other seats' hands anew every
iteration: the most that inferring the face-down cards could give.

A table known in part comes two ways. ``--sees table --redraw R`` deals the face-down
cards as a blind search does in a share ``R`` of the iterations, and the rest keep them
all: whole in a share of the worlds. ``--sees cards --redraw R`` deals each face-down card
so with the chance ``R``, card by card, and keeps the others: each world then holds a
face-down card right with the chance ``1 - R + R * u`` (``u``, the blind deal's), but
holds them all right only as often as chance has it, as the draws of an inference that
good would.

No one can see a draw coming: the state keeps a deck as counts of kinds, never an order,
so every draw stays chance, in the game and in the search. Everything else is the spec's
own: iterations, exploration, widening, playouts, rewards. The other seats in its tree
still choose by the same search, so they play as if they saw everything too: the
instrument measures what the hidden cards are worth to this search, not to a perfect
player. No bot spec builds it.

It plays a duel against ``--against`` (by default the spec itself, blind): the same
deals, seat rotations, score and 95% bootstrap interval as ``cheese duel`` with the same
``--seed``, played in this process (``tools/clairvoyant_duel.py``). Ctrl-C (SIGINT)
reports the whole deals played so far. ``--blind`` plays the spec as it is instead, on
the same deals:

    python tools/gtc_ceiling.py --spec mcts:iterations=15000 --players 4 --games 200 --seed 31001
    python tools/gtc_ceiling.py --sees table --players 4 --games 200 --seed 31003
    python tools/gtc_ceiling.py --sees table --redraw 0.686 --players 4 --games 300 --seed 32004
    python tools/gtc_ceiling.py --sees cards --redraw 0.686 --players 4 --games 300 --seed 32006

The same seed plays the same games; move times depend on the machine's load.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.bots import make_bot
from cheese.bots.base import BotSpecError, Decision, Turn
from cheese.bots.mcts import MctsBot
from cheese.bots.mcts.config import KeptWorld, MctsConfig
from cheese.bots.mcts.search import TrueRoot
from cheese.referee.play import BotFactory
from tools.clairvoyant_duel import add_duel_arguments, run_ceiling, summary
from tools.clairvoyant_duel import seat_factory as clairvoyant_seats
from tools.instrument_search import instrument_decision

GAME = "get-the-cheese"


SEES = {"all": KeptWorld.WORLD, "table": KeptWorld.TABLE, "cards": KeptWorld.CARDS}
"""``--sees``: what of the true state the clairvoyant's search keeps."""
SEES_SHOWN = {
    "all": "every hidden card (the others' hands and face-down cards)",
    "table": "the face-down cards (the others' hands drawn anew each iteration)",
    "cards": "each face-down card in part (the others' hands drawn anew each iteration)",
}
"""What the report says the clairvoyant saw."""


class ClairvoyantMcts(MctsBot):
    """The ``mcts`` bot of a spec whose every tree search is of the true state, keeping
    what ``kept`` names of it; ``redraw`` is the share dealt as a blind search deals
    instead (``TrueRoot.redraw``: of the iterations with ``KeptWorld.TABLE``, of the
    face-down cards with ``KeptWorld.CARDS``)."""

    __slots__ = ("kept", "redraw")

    def __init__(
        self, config: MctsConfig, kept: KeptWorld = KeptWorld.WORLD, redraw: float = 0.0
    ) -> None:
        super().__init__(config)
        self.kept = kept
        self.redraw = redraw

    def tree_decision(
        self, turn: Turn, legal: int, rng: random.Random, config: MctsConfig | None = None
    ) -> Decision:
        # Only this instrument reads the state behind the turn: no bot may.
        truth = TrueRoot(turn._state, self.kept, self.redraw)
        return instrument_decision(
            turn, legal, rng, self.config if config is None else config, "clairvoyant",
            truth=truth,
        )


def clairvoyant_bot(spec: str, sees: str = "all", redraw: float = 0.0) -> ClairvoyantMcts:
    """The clairvoyant ``mcts`` bot of ``spec`` that sees what ``sees`` names (``SEES``),
    the table only in each iteration but a share ``redraw``; ``BotSpecError`` for a spec
    that is not an ``mcts`` one."""
    blind = make_bot(spec)
    if not isinstance(blind, MctsBot):
        raise BotSpecError(f"the clairvoyant bot is an mcts spec, not {spec!r}")
    if blind.config.workers != 1:
        raise BotSpecError("the clairvoyant search is one process: drop workers=")
    return ClairvoyantMcts(blind.config, SEES[sees], redraw)


def seat_factory(spec: str, sees: str = "all", redraw: float = 0.0) -> BotFactory:
    """Builds the clairvoyant ``spec`` for its seats' text, any other spec as usual."""
    return clairvoyant_seats(spec, lambda text: clairvoyant_bot(text, sees, redraw))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--spec", default="mcts:iterations=15000", help="the mcts spec made clairvoyant"
    )
    parser.add_argument(
        "--against", default=None, help="the other seats' bot spec (default: --spec, blind)"
    )
    parser.add_argument(
        "--sees",
        choices=tuple(SEES),
        default="all",
        help="what the clairvoyant sees: all = every hidden card; table = the face-down ones; "
        "cards = each face-down one but a share --redraw, card by card",
    )
    parser.add_argument(
        "--redraw",
        type=float,
        default=0.0,
        help="with --sees table: the share of iterations that deal the face-down cards "
        "as a blind search does; with --sees cards: the share of the face-down cards each "
        "iteration deals so (a table known in part)",
    )
    add_duel_arguments(parser, "3 to 5", seed=31001)
    args = parser.parse_args(argv)
    if not 0.0 <= args.redraw <= 1.0 or (args.redraw and args.sees == "all"):
        parser.exit(2, "gtc_ceiling: --redraw is a share from 0 to 1, with --sees table or cards\n")
    against = args.spec if args.against is None else args.against
    factory = seat_factory(args.spec, args.sees, args.redraw)
    report = run_ceiling(parser, args, GAME, against, factory, "gtc_ceiling")
    if report is not None:
        if not args.blind:
            print(f"the clairvoyant sees: {SEES_SHOWN[args.sees]}")
            if args.redraw:
                share = "iterations" if args.sees == "table" else "face-down cards"
                print(f"  but {args.redraw:g} of its {share} dealt as a blind search deals them")
        print(summary(report))


if __name__ == "__main__":
    main()
