"""The duel: planned with checks, the same report with any worker count, SPRT stops."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from cheese.bots.base import BotSpecError
from cheese.engine import OptionError
from cheese.ratings.pairwise import PairTally
from cheese.ratings.sprt import SprtSettings, SprtStatus
from cheese.referee.jobs import GameResult
from cheese.referee.seats import parse_seats
from cheese.tournaments.duel import DuelStopped, plan_duel, run_duel
from cheese.tournaments.run import StopRequest

from ..scripted import duel_setup, scripted_bot

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bots" / "random_bot.py"


@pytest.mark.parametrize(("game", "num_players"), [("get-the-cheese", 4), ("get-the-cheese", 3)])
def test_the_report_does_not_depend_on_the_worker_count(game: str, num_players: int) -> None:
    setup = duel_setup(game, num_players, "random", "first", deals=3)
    alone = run_duel(setup, workers=1, bot_factory=scripted_bot)
    pooled = run_duel(setup, workers=2, bot_factory=scripted_bot)
    assert alone == pooled
    assert alone.games == 3 * (2 if num_players == 4 else 6)
    assert alone.pairs.pairs == 3 * (8 if num_players == 4 else 12)


def test_a_different_seed_gives_different_deals() -> None:
    one = run_duel(duel_setup(seed=1), bot_factory=scripted_bot)
    other = run_duel(duel_setup(seed=2), bot_factory=scripted_bot)
    assert (one.a.mean_points, one.b.mean_points) != (other.a.mean_points, other.b.mean_points)


class Recorder:
    def __init__(self) -> None:
        self.games = 0
        self.counted: list[int] = []

    def game_finished(self, result: object) -> None:
        self.games += 1

    def deal_counted(self, deals: int, pairs: PairTally, sprt: object) -> None:
        self.counted.append(deals)


@pytest.mark.parametrize(("bounds", "decision"), [("150,300", "H0"), ("-300,-150", "H1")])
def test_the_sprt_stops_on_the_same_deal_with_any_worker_count(bounds: str, decision: str) -> None:
    # Two random players are about equal: far from 150-300 Elo apart, so H0 comes
    # quickly; seen from the other side (-300 against -150), H1 does.
    setup = duel_setup("cheese-drop", 2, "random", "random", deals=60)
    recorder = Recorder()
    settings = SprtSettings.parse(bounds)
    alone = run_duel(setup, workers=1, sprt=settings, bot_factory=scripted_bot, observer=recorder)
    pooled = run_duel(setup, workers=2, sprt=settings, bot_factory=scripted_bot)
    assert alone == pooled
    assert alone.sprt is not None and alone.sprt.decision == decision
    assert alone.stopped_early and alone.deals < 60
    assert alone.sprt.deals == alone.deals
    assert recorder.counted == list(range(1, alone.deals + 1))
    assert recorder.games == 2 * alone.deals  # one worker plays nothing beyond the stop


def test_without_a_decision_every_deal_is_played() -> None:
    setup = duel_setup("cheese-drop", 2, "random", "random", deals=4)
    report = run_duel(setup, sprt=SprtSettings(-5, 5), bot_factory=scripted_bot)
    assert report.deals == 4 and not report.stopped_early
    assert report.sprt is not None and report.sprt.decision == "continue"
    assert math.isfinite(report.sprt.llr)


def test_plan_fills_in_the_game_default_players_and_whole_deals() -> None:
    plans = {
        game: plan_duel("random", "first", game=game, games=7, bot_factory=scripted_bot)
        for game in ("get-the-cheese", "cheese-drop", "cheese-chasers")
    }
    assert {game: plan.num_players for game, plan in plans.items()} == {
        "get-the-cheese": 4, "cheese-drop": 2, "cheese-chasers": 1
    }
    assert {plan.deals for plan in plans.values()} == {4}
    assert plan_duel("random", "first", players=5, games=11, bot_factory=scripted_bot).deals == 2


def test_plan_refuses_bad_settings_before_playing() -> None:
    with pytest.raises(OptionError, match="played by 3 to 5 players, not 2"):
        plan_duel("random", "first", players=2, bot_factory=scripted_bot)
    with pytest.raises(OptionError, match="played by 1 players, not 2"):
        plan_duel("random", "first", game="cheese-chasers", players=2, bot_factory=scripted_bot)
    with pytest.raises(BotSpecError, match="unknown bot 'nobody'"):
        plan_duel("random", "nobody", bot_factory=scripted_bot)
    with pytest.raises(ValueError, match="at least 1 game"):
        plan_duel("random", "first", games=0, bot_factory=scripted_bot)
    with pytest.raises(ValueError, match="seed must be from 0"):
        plan_duel("random", "first", seed=-1, bot_factory=scripted_bot)
    with pytest.raises(OptionError, match="unknown game 'chess'"):
        plan_duel("random", "first", game="chess", bot_factory=scripted_bot)


class _FileEditor:
    """Rewrites the bots file after the first game: its bot's command no longer exists."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.edits = 0

    def game_finished(self, result: GameResult) -> None:
        if self.edits == 0:
            self.path.write_text('[[bot]]\nname = "mine"\ncommand = "no-such-program-here"\n')
        self.edits += 1

    def deal_counted(self, deals: int, pairs: PairTally, sprt: SprtStatus | None) -> None:
        pass


def test_a_bots_file_edited_during_the_duel_does_not_change_its_bot(tmp_path: Path) -> None:
    path = tmp_path / "bots.toml"
    path.write_text(
        f'[[bot]]\nname = "mine"\ncommand = {json.dumps(sys.executable)}\n'
        f"args = [{json.dumps(str(EXAMPLE))}]\n"
    )
    mine, other = parse_seats(["mine", "random"], path)
    setup = plan_duel(mine, other, game="cheese-drop", games=6, seed=2)
    editor = _FileEditor(path)
    report = run_duel(setup, workers=1, observer=editor)
    assert editor.edits == 6 and "no-such-program-here" in path.read_text()
    assert report.games == 6 and report.a.forfeits == () and report.b.forfeits == ()
    assert report.a.spec == f"mine@{path}"  # the text stored and shown, as before


class StopAtFirstGame:
    """Asks the duel to stop (as a signal would) when its first game is in."""

    def __init__(self, stop: StopRequest) -> None:
        self.stop = stop

    def game_finished(self, result: object) -> None:
        self.stop.request(15)

    def deal_counted(self, deals: int, pairs: PairTally, sprt: object) -> None:
        pass


def test_a_stopped_duel_reports_nothing_and_says_how_many_games_are_in() -> None:
    stop = StopRequest()
    with pytest.raises(DuelStopped) as stopped:
        run_duel(duel_setup(deals=3), bot_factory=scripted_bot, observer=StopAtFirstGame(stop),
                 stop=stop)
    assert 1 <= stopped.value.games < 12 and not stopped.value.at_once
    assert (stop.requested, stop.signal) == (True, 15)
