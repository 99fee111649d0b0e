"""The terminal's view of a running duel: a tqdm bar of games and a live result line.

Both go to stderr and only when it is a terminal (tqdm's own rule), so output that is
piped or captured stays clean.
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import TextIO

# tqdm ships no type information.
from tqdm import tqdm  # type: ignore[import-untyped]

from cheese.tournaments.jobs import GameResult
from cheese.tournaments.pairwise import PairTally
from cheese.tournaments.sprt import SprtStatus
from cheese.tournaments.stats import clamp_score, logistic_elo


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
        f"score {pairs.score:.1%}, Elo {elo:+.0f} after {deals} deal{'' if deals == 1 else 's'}"
    )
    if sprt is not None:
        line += f", LLR {sprt.llr:.2f} ({sprt.settings.lower:.2f}, {sprt.settings.upper:.2f})"
    return line


class DuelProgress:
    """Shows games done, games per second and the time left, and the running result.

    Use as a context manager so the bar is closed however the duel ends.
    """

    def __init__(
        self, total_games: int, spec_a: str, spec_b: str, stream: TextIO | None = None
    ) -> None:
        output = sys.stderr if stream is None else stream
        self._spec_a = spec_a
        self._spec_b = spec_b
        self._bar = tqdm(
            total=total_games, unit=" games", file=output, disable=None, dynamic_ncols=True
        )
        self._line = tqdm(total=0, bar_format="{desc}", file=output, disable=None, position=1)

    def game_finished(self, result: GameResult) -> None:
        self._bar.update(1)

    def deal_counted(self, deals: int, pairs: PairTally, sprt: SprtStatus | None) -> None:
        self._line.set_description_str(live_line(self._spec_a, self._spec_b, deals, pairs, sprt))

    def close(self) -> None:
        self._line.close()
        self._bar.close()

    def __enter__(self) -> DuelProgress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
