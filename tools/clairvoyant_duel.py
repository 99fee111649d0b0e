"""The duel of a clairvoyant seat, played in this process: what the ceilings share.

A clairvoyant bot reads the state behind its ``Turn``, which no bot may, so it is built
by the measuring tool's own ``BotFactory`` (``seat_factory``) and its duel runs in one
process (``play``): the same deals, seat rotations, score (A's share of the seat pairs, a
tie one half) and 95% bootstrap interval as ``cheese duel`` with the same seed. A run
stopped with Ctrl-C (SIGINT) reports the whole deals played so far. Used by
``tools/drop_ceiling.py`` and ``tools/gtc_ceiling.py``.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from cheese.bots import Bot, make_bot
from cheese.ratings.deals import Deal, DealCollector
from cheese.ratings.pairwise import PairTally
from cheese.ratings.sprt import SprtStatus
from cheese.ratings.stats import expected_score
from cheese.referee.jobs import DuelSetup, GameResult
from cheese.referee.play import BotFactory
from cheese.tournaments.duel import DuelStopped, plan_duel, run_duel
from cheese.tournaments.report import DuelReport, summarize
from cheese.tournaments.schedule import games_per_deal

CLAIRVOYANT = "clairvoyant "
"""What the clairvoyant seat's spec is shown with in the report."""


def seat_factory(spec: str, clairvoyant: Callable[[str], Bot]) -> BotFactory:
    """Builds ``clairvoyant(spec)`` for the clairvoyant seats' text, any other spec as
    usual."""
    shown = CLAIRVOYANT + spec

    def build(text: str) -> Bot:
        return clairvoyant(spec) if text == shown else make_bot(text)

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
    deals = f"{report.deals} deal" + ("" if report.deals == 1 else "s")
    lines = [
        f"{setup.spec_a} vs {setup.spec_b}, {setup.num_players} players, "
        f"{deals} ({report.games} games), seed {setup.seed}",
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


def add_duel_arguments(parser: argparse.ArgumentParser, players: str, seed: int) -> None:
    """The duel's options every ceiling takes: ``--players`` (``players`` says which),
    ``--games``, ``--seed`` (``seed`` by default) and ``--blind``."""
    parser.add_argument("--players", type=int, default=4, help=f"seats, {players}")
    parser.add_argument("--games", type=int, default=200, help="games, rounded up to whole deals")
    parser.add_argument("--seed", type=int, default=seed, help="the duel's seed")
    parser.add_argument(
        "--blind",
        action="store_true",
        help="play the spec as it is, blind to what it hides (the same deals, to compare)",
    )


def run_ceiling(
    parser: argparse.ArgumentParser,
    args: argparse.Namespace,
    game: str,
    against: str,
    factory: BotFactory,
    tool: str,
) -> DuelReport | None:
    """The duel of ``args.spec`` (clairvoyant unless ``--blind``; ``factory`` builds its
    seats) against ``against``; a spec or option the duel refuses exits 2 with one line
    that names ``tool``."""
    shown = args.spec if args.blind else CLAIRVOYANT + args.spec
    try:
        factory(CLAIRVOYANT + args.spec)
        setup = plan_duel(
            shown,
            against,
            game=game,
            players=args.players,
            games=args.games,
            seed=args.seed,
            bot_factory=factory,
        )
    except ValueError as error:
        parser.exit(2, f"{tool}: {error}\n")
    return play(setup, factory)
