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
from collections.abc import Sequence

from cheese.bots import Bot, make_bot
from cheese.bots.base import BotSpecError, Turn
from cheese.bots.evaluation.cheese_drop.evaluator import CheeseDropEvaluator
from cheese.bots.evaluation.cheese_drop.round_lines import LaneDraws, true_lanes
from cheese.bots.expectimax import ExpectimaxBot
from cheese.engine.cheese_drop.view import REVEALED_VIEW_TYPE
from cheese.ratings.deals import Deal, DealCollector
from cheese.ratings.pairwise import PairTally
from cheese.ratings.sprt import SprtStatus
from cheese.ratings.stats import expected_score
from cheese.referee.jobs import DuelSetup, GameResult
from cheese.referee.play import BotFactory
from cheese.tournaments.duel import DuelStopped, plan_duel, run_duel
from cheese.tournaments.report import DuelReport, summarize
from cheese.tournaments.schedule import games_per_deal

GAME = "cheese-drop"
CLAIRVOYANT = "clairvoyant "
"""What the clairvoyant seat's spec is shown with in the report."""


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
    shown = CLAIRVOYANT + spec

    def build(text: str) -> Bot:
        return clairvoyant_bot(spec) if text == shown else make_bot(text)

    return build


class DealsPlayed:
    """The duel's finished games, put back into whole deals (for a report of a stopped
    run: the duel itself reports nothing then)."""

    def __init__(self, num_players: int) -> None:
        self.collector = DealCollector(games_per_deal(num_players))
        self.deals: list[Deal] = []

    def game_finished(self, result: GameResult) -> None:
        self.deals.extend(self.collector.add(result))

    def deal_counted(self, deals: int, pairs: PairTally, sprt: SprtStatus | None) -> None:
        """Counted by the duel too; the deals are kept as the games finish."""


def summary(report: DuelReport) -> str:
    """The score with its interval, the pairs and the median move of each side."""
    setup, pairs = report.setup, report.pairs
    lines = [
        f"{setup.spec_a} vs {setup.spec_b}, {setup.num_players} players, "
        f"{report.deals} deals ({report.games} games), seed {setup.seed}",
        f"score {report.score:.3f}: {pairs.wins} wins, {pairs.draws} draws, "
        f"{pairs.losses} losses of {pairs.pairs} pairs",
    ]
    if report.elo.ci95 is not None:
        low, high = report.elo.ci95
        lines.append(
            f"Elo {report.elo.elo:+.1f} [{low:+.1f}, {high:+.1f}] "
            f"(score {expected_score(low):.3f} to {expected_score(high):.3f})"
        )
    for name, side in (("A", report.a), ("B", report.b)):
        if side.latency is not None:
            lines.append(f"replies: {name} {side.spec}: {side.latency.text}")
    return "\n".join(lines)


def play(setup: DuelSetup, factory: BotFactory) -> DuelReport | None:
    """The duel's report, or, stopped by Ctrl-C, that of its whole deals played (None
    before the first)."""
    played = DealsPlayed(setup.num_players)
    try:
        return run_duel(setup, workers=1, bot_factory=factory, observer=played)
    except DuelStopped as stopped:
        print(f"stopped after {stopped.games} games")
    return summarize(setup, played.deals, None) if played.deals else None


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spec", default="expectimax", help="the expectimax spec made clairvoyant")
    parser.add_argument("--against", default="greedy", help="the other seats' bot spec")
    parser.add_argument("--players", type=int, default=4, help="seats, 2 to 5")
    parser.add_argument("--games", type=int, default=200, help="games, rounded up to whole deals")
    parser.add_argument("--seed", type=int, default=9401, help="the duel's seed")
    parser.add_argument(
        "--blind",
        action="store_true",
        help="play the spec as it is, blind to the hidden rows (the same deals, for comparison)",
    )
    args = parser.parse_args(argv)
    shown = args.spec if args.blind else CLAIRVOYANT + args.spec
    try:
        clairvoyant_bot(args.spec)
        setup = plan_duel(
            shown,
            args.against,
            game=GAME,
            players=args.players,
            games=args.games,
            seed=args.seed,
            bot_factory=seat_factory(args.spec),
        )
    except ValueError as error:
        parser.exit(2, f"drop_ceiling: {error}\n")
    report = play(setup, seat_factory(args.spec))
    if report is not None:
        print(summary(report))


if __name__ == "__main__":
    main()
