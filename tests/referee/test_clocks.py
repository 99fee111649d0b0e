"""The referee's game clocks and its side of external bots: each seat's clock as bots see
it, a time loss, the hung-bot limit that follows the clock, a ``BotFailure`` stored as its
kind, and the ``game_over`` hook. Bots report their own reply times here, so every clock
is exact and no test waits."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cheese.bots.base import Bot, BotFailure, Clock, Decision, Turn
from cheese.engine import State
from cheese.parallel import Overran
from cheese.referee.clocks import SeatClocks, TimeControl
from cheese.referee.jobs import Fault, GameJob, GameResult
from cheese.referee.play import play_or_forfeit
from cheese.referee.pool import settle
from cheese.tournaments.schedule import Schedule

from ..scripted import duel_setup

REPLY = 0.3


class Timed:
    """Plays the first legal action, reports each reply as ``REPLY`` seconds, and keeps the
    clocks it was shown and what ``game_over`` told it."""

    def __init__(self, spec: str, failure: BotFailure | None = None) -> None:
        self._spec = spec
        self.failure = failure
        self.clocks: list[Clock | None] = []
        self.endings: list[State | None] = []

    @property
    def spec(self) -> str:
        return self._spec

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        self.clocks.append(turn.clock)
        if self.failure is not None and self._spec == "failing":
            raise self.failure
        return Decision(turn.legal_actions()[0], reply_seconds=REPLY)

    def game_over(self, final: State | None) -> None:
        self.endings.append(final)
        raise RuntimeError("a hook's failure is only logged")


class Bots:
    """A bot factory that keeps the bots it built."""

    def __init__(self, failure: BotFailure | None = None) -> None:
        self.failure = failure
        self.built: list[Timed] = []

    def __call__(self, spec: str) -> Bot:
        if spec == "unstartable" and self.failure is not None:
            raise self.failure
        bot = Timed(spec, self.failure)
        self.built.append(bot)
        return bot


class Arms:
    """A watch that records the limit of every decision."""

    def __init__(self) -> None:
        self.limits: list[float | None] = []

    def arm(self, seconds: float | None, tag: int) -> None:
        self.limits.append(seconds)

    def disarm(self) -> None:
        pass


def a_job(spec_a: str, spec_b: str, control: TimeControl | None, **changes: object) -> GameJob:
    job = Schedule(duel_setup("cheese-drop", 2, spec_a, spec_b, deals=1).plan).job_at(0)
    return replace(job, time_control=control, **changes)  # type: ignore[arg-type]


def test_each_seat_sees_its_own_clock_fall_by_its_replies_and_rise_by_the_increment() -> None:
    bots = Bots()
    result = play_or_forfeit(a_job("a", "b", TimeControl(60.0, 0.1)), bot_factory=bots)
    assert result.forfeit is None
    for bot in bots.built:
        remaining = [clock.remaining for clock in bot.clocks if clock is not None]
        assert len(remaining) == len(bot.clocks) == 15
        assert remaining == pytest.approx([60.0 - 0.2 * move for move in range(15)])
        assert {clock.increment for clock in bot.clocks if clock is not None} == {0.1}
    assert result.replies == ((REPLY,) * 15, (REPLY,) * 15)


def test_no_clock_is_shown_without_a_time_control() -> None:
    bots = Bots()
    play_or_forfeit(a_job("a", "b", None), bot_factory=bots)
    assert all(clock is None for bot in bots.built for clock in bot.clocks)


def test_a_clock_below_the_margin_loses_the_game_on_time() -> None:
    # 1.0 s and 0.1 s a move, 0.3 s a reply: 0.8, 0.6, 0.4, 0.2 left, then -0.1.
    result = play_or_forfeit(a_job("a", "b", TimeControl(1.0, 0.1, 0.05)), bot_factory=Bots())
    assert (result.forfeit, result.fault) == (0, Fault.TIMEOUT)
    assert result.error is not None and "lost on time: 0.300 s with 0.200 s left" in result.error
    assert result.replies == ((REPLY,) * 5, (REPLY,) * 4)
    assert result.ranking == (2, 1) and result.points == ()


def test_the_margin_absorbs_a_clock_just_below_zero() -> None:
    bots = Bots()
    within = play_or_forfeit(a_job("a", "b", TimeControl(0.29, 0.3, 0.05)), bot_factory=bots)
    assert within.forfeit is None
    beyond = play_or_forfeit(a_job("a", "b", TimeControl(0.24, 0.3, 0.05)), bot_factory=bots)
    assert (beyond.forfeit, beyond.fault) == (0, Fault.TIMEOUT)


def test_the_hung_bot_limit_follows_the_clock_under_the_move_time() -> None:
    arms = Arms()
    play_or_forfeit(a_job("a", "b", TimeControl(2.0, 0.0, 0.05)), arms, bot_factory=Bots())
    assert arms.limits[:3] == pytest.approx([3.05, 3.05, 2.75])
    arms = Arms()
    job = a_job("a", "b", TimeControl(2.0, 0.0, 0.05), move_time=0.2)
    play_or_forfeit(job, arms, bot_factory=Bots())
    # Twice the move time and a second, until the clock's own limit comes first.
    assert arms.limits[:12] == pytest.approx([1.4] * 12)
    assert arms.limits[12:] == pytest.approx([0.2 + 0.05 + 1.0])
    assert SeatClocks(TimeControl(1.0, 0.0, 0.05), 1).hard_limit(0) == pytest.approx(2.05)


def test_a_worker_killed_past_the_clock_is_a_time_loss() -> None:
    on_clock = a_job("a", "b", TimeControl(1.0, 0.0))
    lost = settle(Overran(on_clock, 1, 0.1))
    assert isinstance(lost, GameResult) and (lost.forfeit, lost.fault) == (1, Fault.TIMEOUT)
    hung = settle(Overran(replace(on_clock, move_time=0.5), 1, 0.1))
    assert isinstance(hung, GameResult) and hung.fault == Fault.HUNG


@pytest.mark.parametrize(
    ("kind", "stored"),
    [(Fault.TIMEOUT, Fault.TIMEOUT), (Fault.PROTOCOL, Fault.PROTOCOL), ("crash", Fault.CRASH)],
)
def test_a_bot_failure_is_stored_as_its_kind(kind: Fault, stored: Fault) -> None:
    bots = Bots(BotFailure(kind, "the bot said so"))
    result = play_or_forfeit(a_job("failing", "b", None), bot_factory=bots)
    assert (result.forfeit, result.fault) == (0, stored)
    assert result.error == "bot 'failing' in seat 0 the bot said so"


def test_a_misspelt_fault_kind_is_refused_where_it_is_raised() -> None:
    # A typo no longer passes silently as "raised": it fails at once, and a bot that makes
    # it inside its decision forfeits for raising.
    with pytest.raises(ValueError, match="'sulk' is not a valid Fault"):
        BotFailure("sulk", "the bot said so")  # type: ignore[arg-type]


class Sulking(Timed):
    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        raise BotFailure("sulk", "the bot said so")  # type: ignore[arg-type]


def test_a_bot_raising_a_misspelt_fault_kind_forfeits_for_raising() -> None:
    result = play_or_forfeit(a_job("sulking", "b", None), bot_factory=lambda spec: Sulking(spec))
    assert (result.forfeit, result.fault) == (0, Fault.RAISED)
    assert result.error is not None and "ValueError: 'sulk' is not a valid Fault" in result.error


def test_a_bot_that_fails_to_start_forfeits_with_its_kind() -> None:
    bots = Bots(BotFailure(Fault.STALL, "no ready within 10 s"))
    result = play_or_forfeit(a_job("b", "unstartable", None), bot_factory=bots)
    assert (result.forfeit, result.fault) == (1, Fault.STALL)
    assert result.error == "bot 'unstartable' in seat 1 failed to start: no ready within 10 s"
    assert [bot.endings for bot in bots.built] == [[None]]


def test_game_over_gets_the_final_state_or_none_and_its_errors_are_only_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    bots = Bots()
    played = play_or_forfeit(a_job("a", "b", None), bot_factory=bots)
    assert played.forfeit is None
    for bot in bots.built:
        (final,) = bot.endings
        assert final is not None and final.is_terminal()
        assert list(final.scores()) == list(played.points)
    assert caplog.text.count("game_over failed: RuntimeError: a hook's failure is only logged") == 2
    bots = Bots(BotFailure(Fault.CRASH, "its process exited"))
    abandoned = play_or_forfeit(a_job("b", "failing", None), bot_factory=bots)
    assert abandoned.fault == Fault.CRASH
    assert [bot.endings for bot in bots.built] == [[None], [None]]
