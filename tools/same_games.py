"""One seat's bot changed, everything else the same: two stored runs of one plan compared.

Two runs of the same tournament plan (the same specs but one, the same seed and deals:
a level calibration run again with one candidate swapped, say) play the same games,
job for job, except where the swapped bot sits. This compares that bot, ``--before`` in
the first run and ``--after`` in the second, in the games where it sat: its share of
the pairs against the other seats (a tie one half) in each run, and their difference
game by game, with the 95% bootstrap interval over deals. A paired difference is far
tighter than two ratings' intervals side by side, since the deals' luck is the same on
both sides. The runs are read, never written:

    python tools/same_games.py FIRST.db SECOND.db \\
        --before mcts:iterations=15000,infer=policy --after mcts:iterations=45000,infer=policy

Each database must hold one tournament (else give ``--name`` and ``--second-name``), and
every job of the first where ``--before`` sits must be stored in the second with
``--after`` in that seat and the same deal (the bot sits once a game, as in a
calibration's round robin).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import fmean

if __package__ in (None, ""):  # run as a script: the repository's root holds `cheese`
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cheese.ratings.pairwise import seat_pair_points
from cheese.ratings.stats import bootstrap_interval
from cheese.store import StoredGame, StoreError, find_tournament, games, open_readonly


class RunsDiffer(Exception):
    """The two runs are not the same games with one bot swapped."""


@dataclass(frozen=True, slots=True)
class PairedShares:
    """Per deal, the swapped bot's share of its pairs in each game it sat, in each run."""

    by_deal: dict[tuple[int, int], list[tuple[float, float]]]

    @property
    def games(self) -> int:
        return sum(len(pairs) for pairs in self.by_deal.values())

    def mean(self, run: int) -> float:
        return fmean(pair[run] for pairs in self.by_deal.values() for pair in pairs)

    def deal_differences(self) -> list[float]:
        """Per deal, the mean of second minus first over its games."""
        return [fmean(after - before for before, after in pairs) for pairs in self.by_deal.values()]


def seat_share(ranking: Sequence[int], seat: int) -> float:
    """The share of ``seat``'s pairs against every other seat: 1 for the better place,
    ½ for a shared one (``ranking`` is places, 1 the first)."""
    return fmean(
        points if first == seat else 1.0 - points
        for first, second, points in seat_pair_points(range(len(ranking)), ranking)
        if seat in (first, second)
    )


def paired_shares(
    first: Sequence[StoredGame], second: Sequence[StoredGame], before: str, after: str
) -> PairedShares:
    """The swapped bot's shares, game by game, where ``before`` sat in ``first``;
    ``RunsDiffer`` when ``second`` does not hold the same game with ``after`` there."""
    by_job = {game.job: game for game in second}
    by_deal: dict[tuple[int, int], list[tuple[float, float]]] = {}
    for game in first:
        if before not in game.seats:
            continue
        seat = game.seats.index(before)
        other = by_job.get(game.job)
        if other is None:
            raise RunsDiffer(f"job {game.job} of the first run is not in the second")
        expected = (*game.seats[:seat], after, *game.seats[seat + 1 :])
        if other.seats != expected or other.deal != game.deal or other.table != game.table:
            raise RunsDiffer(
                f"job {game.job} is not the same game: {list(game.seats)} in the first "
                f"run, {list(other.seats)} in the second"
            )
        pair = (seat_share(game.ranking, seat), seat_share(other.ranking, seat))
        by_deal.setdefault((game.table, game.deal), []).append(pair)
    if not by_deal:
        raise RunsDiffer(f"{before} sat in no game of the first run")
    return PairedShares(by_deal)


def stored(path: Path, name: str | None) -> list[StoredGame]:
    """The games of the tournament ``name`` of the database at ``path`` (its only one when
    ``None``), read without writing."""
    connection = open_readonly(path)
    try:
        return list(games(connection, find_tournament(connection, name).id))
    finally:
        connection.close()


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("first", type=Path, help="the first run's database")
    parser.add_argument("second", type=Path, help="the second run's database")
    parser.add_argument("--before", required=True, help="the bot in the first run")
    parser.add_argument("--after", required=True, help="the bot in its place in the second")
    parser.add_argument("--name", help="the first run's tournament (if it holds several)")
    parser.add_argument("--second-name", help="the second run's tournament")
    parser.add_argument("--seed", type=int, default=0, help="seed of the bootstrap")
    args = parser.parse_args(argv)
    try:
        shares = paired_shares(
            stored(args.first, args.name),
            stored(args.second, args.second_name),
            args.before,
            args.after,
        )
    except (StoreError, RunsDiffer) as error:
        print(f"same_games: {error}", file=sys.stderr)
        return 2
    differences = shares.deal_differences()
    low, high = bootstrap_interval(differences, random.Random(args.seed))
    print(f"{shares.games} games, {len(differences)} deals")
    print(f"{args.before}: {shares.mean(0):.4f} of its pairs in the first run")
    print(f"{args.after}: {shares.mean(1):.4f} in the same seats of the second")
    print(f"difference: {fmean(differences):+.4f} [{low:+.4f}, {high:+.4f}] (95%, deals)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
