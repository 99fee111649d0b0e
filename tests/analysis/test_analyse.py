"""The analysis of a seat's moves: every decision listed, marks only above the noise, and a
thrown-away point marked."""

from __future__ import annotations

import random

import pytest

from cheese.analysis import THRESHOLDS, AnalysisFile, Settings, analyse_record, decisions_of
from cheese.bots import Decision, Turn, make_bot
from cheese.engine import RecordError
from cheese.engine.records import GameRecord

from .games import THROWER, bots_game, thrown_points_game

SAMPLES = 24


def analysed(record: GameRecord, seat: int, samples: int = SAMPLES) -> AnalysisFile:
    return analyse_record(record, seat, Settings(bot=make_bot("greedy"), samples=samples))


@pytest.mark.parametrize(
    ("slug", "players", "seat"),
    [("get-the-cheese", 4, 2), ("cheese-drop", 2, 1), ("cheese-chasers", 1, 0)],
)
def test_every_decision_of_the_seat_is_listed_with_both_estimates(
    slug: str, players: int, seat: int
) -> None:
    record = bots_game(slug, players, seed=3, spec="random")
    analysis = analysed(record, seat)
    expected = [decision.action_index for decision in decisions_of(record, seat)[0]]
    assert [decision.action_index for decision in analysis.decisions] == expected
    assert analysis.summary.decisions == len(expected) > 0
    for decision in analysis.decisions:
        assert decision.seat == seat
        assert record.actions[decision.action_index] is not None
        assert decision.played and decision.best
        assert 0.0 <= decision.played_win <= 1.0 and 0.0 <= decision.best_win <= 1.0
        assert sum(decision.played_places) == pytest.approx(1.0, abs=1e-3)
        assert len(decision.best_places) == players
        if decision.forced:
            assert decision.legal == 1 and decision.best == decision.played


def test_moves_are_numbered_as_the_replay_numbers_them() -> None:
    record = bots_game("get-the-cheese", 4, seed=3)
    analysis = analysed(record, 1)
    # Seat 1 plays second in every round of four decisions.
    assert [decision.move for decision in analysis.decisions][:3] == [2, 6, 10]


def test_a_seat_that_gives_away_sure_points_gets_a_mistake_or_worse() -> None:
    record, index = thrown_points_game()
    analysis = analysed(record, THROWER, samples=32)
    (decision,) = [decision for decision in analysis.decisions if decision.action_index == index]
    assert decision.mark in ("mistake", "blunder")
    assert decision.reason is not None and "sure point" in decision.reason
    assert decision.move in analysis.summary.biggest
    assert analysis.summary.points_lost >= 1.0


def test_no_mark_where_the_drop_is_within_its_noise() -> None:
    record, _ = thrown_points_game()
    analyses = [analysed(record, seat, samples=12) for seat in range(4)]
    decisions = [decision for analysis in analyses for decision in analysis.decisions]
    # Drops past a threshold that the few worlds cannot tell from noise stay unmarked.
    assert any(
        decision.mark is None and decision.drop >= THRESHOLDS.inaccuracy for decision in decisions
    )
    for decision in decisions:
        if decision.drop <= 2 * decision.noise:
            assert decision.mark is None


def test_the_same_seed_gives_the_same_analysis() -> None:
    record = bots_game("get-the-cheese", 4, seed=4)
    assert analysed(record, 0, samples=8) == analysed(record, 0, samples=8)


def test_an_unfinished_game_is_refused() -> None:
    record = bots_game("cheese-chasers", 1, seed=4)
    cut = GameRecord(
        record.game, record.seed, record.players, record.options, record.actions[:-3], ()
    )
    with pytest.raises(RecordError, match="unfinished"):
        analysed(cut, 0)


def test_progress_is_told_before_the_first_decision_and_after_each() -> None:
    record = bots_game("cheese-chasers", 1, seed=3, spec="random")
    calls: list[tuple[int, int]] = []
    settings = Settings(bot=make_bot("greedy"), samples=8)
    analysis = analyse_record(record, 0, settings, lambda done, total: calls.append((done, total)))
    count = len(analysis.decisions)
    assert calls == [(done, count) for done in range(count + 1)]


class SightingsKept:
    """Greedy's choice, keeping how many of the others' decisions each turn showed."""

    def __init__(self) -> None:
        self.greedy = make_bot("greedy")
        self.seen: list[int] = []

    @property
    def spec(self) -> str:
        return "greedy"

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        self.seen.append(len(turn.sightings()))
        return self.greedy.choose(turn, rng)


def test_the_analysing_bot_sees_every_decision_before_the_one_analysed() -> None:
    """A bot that reads the others' moves (``infer=policy``) reads them in analysis too."""
    record = bots_game("get-the-cheese", 4, seed=3)
    bot = SightingsKept()
    analysis = analyse_record(record, 1, Settings(bot=bot, samples=8))
    chosen = [decision for decision in analysis.decisions if not decision.forced]
    # Seat 1 acts second of every four decisions: the others made three of each four
    # before its n-th decision (move 2, 6, 10, ...), less its own.
    others_before = [decision.move - 1 - (decision.move - 2) // 4 for decision in chosen]
    assert bot.seen == others_before and len(chosen) > 2
