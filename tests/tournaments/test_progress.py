"""The progress display: a bar and a live result line on a terminal, nothing elsewhere."""

from __future__ import annotations

import io
import time
from contextlib import closing

import pytest

from cheese.ratings.pairwise import PairTally
from cheese.ratings.sprt import SprtSettings, SprtStatus
from cheese.tournaments import progress as progress_module
from cheese.tournaments.progress import DuelProgress, TournamentProgress, live_line

from ..scripted import fake_result


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
    with closing(DuelProgress(4, "mcts", "greedy", stream=screen)) as progress:
        progress.game_finished(fake_result((0, 1), (2, 1), (1, 2)))
        progress.game_finished(fake_result((1, 0), (2, 1), (1, 2), rotation=1))
        progress.deal_counted(1, PairTally(wins=1, losses=1), None)
    shown = screen.getvalue()
    assert "2/4" in shown and "games/s" in shown
    assert "mcts vs greedy: +1 =0 -1, score 50.0%" in shown


def test_a_slow_run_still_reads_games_per_second() -> None:
    screen = Terminal()
    with closing(DuelProgress(4, "mcts", "greedy", stream=screen)) as progress:
        time.sleep(1.2)
        progress.game_finished(fake_result((0, 1), (2, 1), (1, 2)))
    shown = screen.getvalue()
    assert " games/s" in shown and "s/ games" not in shown


def test_piped_output_gets_nothing() -> None:
    pipe = io.StringIO()
    with closing(DuelProgress(4, "mcts", "greedy", stream=pipe)) as progress:
        progress.game_finished(fake_result((0, 1), (2, 1), (1, 2)))
        progress.deal_counted(1, PairTally(wins=1, losses=1), None)
    assert pipe.getvalue() == ""


def test_a_long_result_line_keeps_to_one_row(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    screen = Terminal()
    with closing(DuelProgress(4, "mcts:iterations=10,c=0.7", "greedy", stream=screen)) as progress:
        status = SprtStatus(SprtSettings(0, 5), 0.1, 1)
        progress.deal_counted(1, PairTally(wins=1, losses=1), status)
    rows = screen.getvalue().replace("\x1b[A", "\n").replace("\r", "\n").split("\n")
    assert any(row.startswith("A vs B: +1 =0 -1, score 50.0%") for row in rows)
    assert max(len(row) for row in rows) < 60


def test_a_tournament_shows_its_bar_and_standings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "STANDINGS_SECONDS", 0.0)
    screen = Terminal()
    progress = TournamentProgress(stream=screen)
    progress.started(total=10, done=4)
    progress.game_stored(fake_result((0, 1), (2, 1), (1, 2)))
    progress.close()
    shown = screen.getvalue()
    assert "5/10" in shown
    assert "standings (pair points, this run): a 100.0%, b 0.0%" in shown
    quiet = Terminal()
    silent = TournamentProgress(stream=quiet, quiet=True)
    silent.started(total=10, done=0)
    silent.game_stored(fake_result((0, 1), (2, 1), (1, 2)))
    silent.close()
    assert quiet.getvalue() == ""


def test_a_solitaires_standings_are_the_share_of_deals_completed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(progress_module, "STANDINGS_SECONDS", 0.0)
    screen = Terminal()
    with closing(TournamentProgress(stream=screen)) as progress:
        progress.started(total=4, done=0)
        progress.game_stored(fake_result((0,), (30,), (0,)))
        progress.game_stored(fake_result((0,), (12,), (0,), deal=1, finished=False))
        progress.game_stored(fake_result((1,), (40,), (0,)))
    assert "standings (completed, this run): b 100.0%, a 50.0%" in screen.getvalue()


def test_piped_tournament_output_gets_no_standings(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress_module, "STANDINGS_SECONDS", 0.0)
    pipe = io.StringIO()
    with closing(TournamentProgress(stream=pipe)) as progress:
        progress.started(total=10, done=0)
        progress.game_stored(fake_result((0, 1), (2, 1), (1, 2)))
    assert pipe.getvalue() == ""
