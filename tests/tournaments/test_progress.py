"""The progress display: a bar and a live result line on a terminal, nothing elsewhere."""

from __future__ import annotations

import io

from cheese.tournaments.pairwise import PairTally
from cheese.tournaments.progress import DuelProgress, live_line
from cheese.tournaments.sprt import SprtSettings, SprtStatus

from .conftest import fake_result


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_live_line_shows_pairs_score_elo_and_llr() -> None:
    status = SprtStatus(SprtSettings(0, 50), llr=1.234, deals=4)
    line = live_line("mcts", "greedy", 4, PairTally(1, 2, 1), status)
    assert line == (
        "mcts vs greedy: +1 =2 -1, score 50.0%, Elo +0 after 4 deals, LLR 1.23 (-2.94, 2.94)"
    )
    # A clean sweep of 4 pairs is taken as 3.5 of 4: Elo 400 log10(7).
    assert "Elo +338 after 1 deal" in live_line("a", "b", 1, PairTally(wins=4), None)


def test_a_terminal_gets_the_bar_and_the_result_line() -> None:
    screen = Terminal()
    with DuelProgress(4, "mcts", "greedy", stream=screen) as progress:
        progress.game_finished(fake_result((0, 1), (2, 1), (1, 2)))
        progress.game_finished(fake_result((1, 0), (2, 1), (1, 2), rotation=1))
        progress.deal_counted(1, PairTally(wins=1, losses=1), None)
    shown = screen.getvalue()
    assert "2/4" in shown and "games/s" in shown
    assert "mcts vs greedy: +1 =0 -1, score 50.0%" in shown


def test_piped_output_gets_nothing() -> None:
    pipe = io.StringIO()
    with DuelProgress(4, "mcts", "greedy", stream=pipe) as progress:
        progress.game_finished(fake_result((0, 1), (2, 1), (1, 2)))
        progress.deal_counted(1, PairTally(wins=1, losses=1), None)
    assert pipe.getvalue() == ""
