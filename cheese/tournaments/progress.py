"""The terminal's view of a running duel or tournament: a tqdm bar of games and a line.

Both go to stderr and only when it is a terminal (tqdm's own rule), so output that is
piped or captured stays clean. The line under the bar is cut to the terminal's width: a
line that wrapped would put the cursor one row off and the bar and the line would
overwrite each other. A tournament writes its standings above the bar every few minutes
instead, as lines that scroll.
"""

from __future__ import annotations

import shutil
import sys
import time
from typing import TextIO

# tqdm ships no type information.
from tqdm import tqdm  # type: ignore[import-untyped]

from cheese.ratings.pairwise import PairTally, seat_pair_points
from cheese.ratings.sprt import SprtStatus
from cheese.ratings.stats import clamp_score, logistic_elo
from cheese.referee.jobs import GameResult
from cheese.tournaments.tournament import TournamentObserver
from cheese.words import counted

BAR_FORMAT = "{l_bar}{bar}| {n_fmt}/{total_fmt} [{elapsed}<{remaining}, {rate_noinv_fmt}{postfix}]"
"""tqdm's own bar, but the rate always as units per second ("0.62 games/s"): its inverse
form would read "1.61s/ games"."""


def live_line(
    spec_a: str, spec_b: str, deals: int, pairs: PairTally, sprt: SprtStatus | None
) -> str:
    """The running result: pairs, score and Elo so far (and the LLR with an SPRT).

    >>> live_line("mcts", "greedy", 3, PairTally(7, 2, 3), None)
    'mcts vs greedy: +7 =2 -3, score 66.7%, Elo +120 after 3 deals'
    """
    elo = logistic_elo(clamp_score(pairs.score, pairs.pairs))
    line = (
        f"{spec_a} vs {spec_b}: +{pairs.wins} ={pairs.draws} -{pairs.losses}, "
        f"score {pairs.score:.1%}, Elo {elo:+.0f} after {counted(deals, 'deal')}"
    )
    if sprt is not None:
        line += f", LLR {sprt.llr:.2f} ({sprt.settings.lower:.2f}, {sprt.settings.upper:.2f})"
    return line


def fit_width(line: str, columns: int | None = None) -> str:
    """``line`` cut to fit one terminal row (the last column stays free).

    >>> fit_width("mcts vs greedy: +7 =2 -3", 16)
    'mcts vs greedy…'
    """
    width = (shutil.get_terminal_size().columns if columns is None else columns) - 1
    return line if len(line) <= width else line[: max(0, width - 1)] + "…"


class DuelProgress:
    """Shows games done, games per second and the time left, and the running result.

    Use it in ``contextlib.closing`` so the bar is closed however the duel ends.
    """

    def __init__(
        self, total_games: int, spec_a: str, spec_b: str, stream: TextIO | None = None
    ) -> None:
        output = sys.stderr if stream is None else stream
        self._spec_a = spec_a
        self._spec_b = spec_b
        self._bar = tqdm(
            total=total_games, unit=" games", file=output, disable=None, dynamic_ncols=True,
            bar_format=BAR_FORMAT,
        )
        self._line = tqdm(
            total=0, bar_format="{desc}", file=output, disable=None, position=1, leave=False
        )

    def game_finished(self, result: GameResult) -> None:
        self._bar.update(1)

    def deal_counted(self, deals: int, pairs: PairTally, sprt: SprtStatus | None) -> None:
        line = live_line(self._spec_a, self._spec_b, deals, pairs, sprt)
        if len(fit_width(line)) < len(line):  # the numbers matter more than the names
            line = "A vs B" + line[len(f"{self._spec_a} vs {self._spec_b}") :]
        self._line.set_description_str(fit_width(line))

    def close(self) -> None:
        self._line.close()
        self._bar.close()



STANDINGS_SECONDS = 180.0
"""How often a running tournament writes its standings above the bar."""


class TournamentProgress(TournamentObserver):
    """A bar of the tournament's games (those stored before this run count as done) and,
    every few minutes, the standings so far: each bot's share of its pair points."""

    def __init__(self, stream: TextIO | None = None, quiet: bool = False) -> None:
        self._stream = sys.stderr if stream is None else stream
        self._quiet = quiet
        self._bar: tqdm | None = None
        # Pair points per bot; in a solitaire, where there are no pairs, the games it
        # completed per game played.
        self._points: dict[str, float] = {}
        self._pairs: dict[str, int] = {}
        self._solitaire = False
        self._last = time.monotonic()

    def started(self, total: int, done: int) -> None:
        self._bar = tqdm(
            total=total,
            initial=done,
            unit=" games",
            bar_format=BAR_FORMAT,
            file=self._stream,
            disable=True if self._quiet else None,
            dynamic_ncols=True,
            smoothing=0.05,
        )

    def game_stored(self, result: GameResult) -> None:
        specs = result.job.seat_specs
        if len(specs) == 1:
            self._solitaire = True
            self._add(specs[0], 1.0 if result.finished else 0.0)
        for one, other, points in seat_pair_points(specs, result.ranking):
            self._add(specs[one], points)
            self._add(specs[other], 1.0 - points)
        if self._bar is not None:
            self._bar.update(1)
            on_terminal = not self._bar.disable
            if on_terminal and time.monotonic() - self._last >= STANDINGS_SECONDS:
                self._last = time.monotonic()
                self._bar.write(self.standings(), file=self._stream)

    def _add(self, spec: str, share: float) -> None:
        self._points[spec] = self._points.get(spec, 0.0) + share
        self._pairs[spec] = self._pairs.get(spec, 0) + 1

    def standings(self) -> str:
        """The bots by their share of pair points in the games of this run (in a
        solitaire: by the share of their games they completed)."""
        shares = sorted(
            ((self._points[bot] / self._pairs[bot], bot) for bot in self._pairs), reverse=True
        )
        text = ", ".join(f"{bot} {share:.1%}" for share, bot in shares)
        measure = "completed" if self._solitaire else "pair points"
        return f"standings ({measure}, this run): {text}"

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
