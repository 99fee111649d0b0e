"""The referee's side of an external bot: what it sends, what it measures and logs, and
how its process is kept or restarted between games."""

from __future__ import annotations

import dataclasses
import json
import logging
import random
import sys
import time
from pathlib import Path

import pytest

from cheese.bots.base import BotFailure, Clock, Turn
from cheese.bots.faults import Fault
from cheese.engine import GAME_SLUGS, State, load_game
from cheese.engine.games import describe
from cheese.engine.luck import resolve_chance
from cheese.referee.external import sessions
from cheese.referee.external.bot import ExternalBot, reply_limit
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.sessions import BadSettings, GivenUp, SessionKeeper
from cheese.referee.external.stderr_log import logger_name
from cheese.referee.jobs import GameJob
from cheese.referee.play import play_or_forfeit
from cheese.referee.turn import soft_limit

BOTS = Path(__file__).resolve().parents[1] / "external_bots"


def _command(mode: str, restart: str = "never", **settings: object) -> ExternalCommand:
    return ExternalCommand(
        label=f"test-{mode}",
        argv=(sys.executable, str(BOTS / "misbehaving.py"), mode),
        restart=restart,
        options_json=json.dumps(settings),
    )


def _play(bot: ExternalBot, slug: str, seed: int) -> State:
    state = load_game(slug).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            continue
        decision = bot.choose(Turn(state, state.current_player), rng)
        assert decision.reply_seconds is not None and 0 <= decision.reply_seconds < 5
        state = state.apply(decision.action)
    bot.game_over(state)
    return state


def _logged(caplog: pytest.LogCaptureFixture, label: str, start: str) -> list[str]:
    """The bot's stderr lines that begin with ``start`` (a record may hold several)."""
    return [
        line
        for record in caplog.records
        if record.name == logger_name(label)
        for line in record.getMessage().splitlines()
        if line.startswith(start)
    ]


def test_one_process_plays_game_after_game_and_logs_its_stderr(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="cheese.bot")
    keeper = SessionKeeper()
    command = _command("good", depth=3)
    try:
        finals = [_play(ExternalBot(command, keeper), "cheese-drop", seed) for seed in (1, 2)]
    finally:
        keeper.close_all()
    assert _logged(caplog, command.label, "hello") == ['hello settings={"depth": 3}']
    pids = {line.split()[1] for line in _logged(caplog, command.label, "new_game")}
    assert len(pids) == 1
    assert _logged(caplog, command.label, "game_over") == [
        f"game_over places={list(final.ranking())}" for final in finals
    ]


def test_restart_per_game_starts_a_process_per_game(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="cheese.bot")
    keeper = SessionKeeper()
    command = _command("good", restart="per-game")
    try:
        for seed in (1, 2):
            _play(ExternalBot(command, keeper), "cheese-chasers", seed)
        assert keeper.live_pids() == []
    finally:
        keeper.close_all()
    pids = {line.split()[1] for line in _logged(caplog, command.label, "new_game")}
    assert len(pids) == 2


def test_the_new_game_seed_comes_from_the_bot_s_generator(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="cheese.bot")
    keeper = SessionKeeper()
    command = _command("good")
    try:
        for _ in range(2):
            _play(ExternalBot(command, keeper), "cheese-chasers", 5)
    finally:
        keeper.close_all()
    seeds = [line.split()[2] for line in _logged(caplog, command.label, "new_game")]
    assert seeds == [f"seed={random.Random(5).getrandbits(64)}"] * 2


@pytest.mark.parametrize("backend", ["native", "reference"])
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_actions_are_named_as_the_state_names_them(slug: str, backend: str) -> None:
    # The referee names legal actions from the view through the codec: the same words.
    codec = describe(slug).native_codec
    rng = random.Random(0)
    state = load_game(slug, backend).new_initial_state(seed=4)
    while not state.is_terminal():
        if state.is_chance_node():
            state = state.apply(resolve_chance(state))
            continue
        view = state.view(state.current_player)
        legal = state.legal_actions()
        assert [codec.action_to_string(view, a) for a in legal] == [
            state.action_to_string(a) for a in legal
        ]
        state = state.apply(legal[rng.randrange(len(legal))])


def _fault_of_game(bot: ExternalBot, slug: str, seed: int) -> BotFailure | None:
    """The fault that ended one game of ``bot`` (first seat of cheese-chasers), if any;
    the game is begun as the referee begins it, and ``game_over`` always told."""
    state = load_game(slug).new_initial_state(seed=seed)
    rng = random.Random(seed)
    try:
        bot.begin_game(state, 0, rng)
        while not state.is_terminal():
            if state.is_chance_node():
                state = state.apply(resolve_chance(state))
                continue
            state = state.apply(bot.choose(Turn(state, state.current_player), rng).action)
    except BotFailure as failure:
        bot.game_over(None)
        return failure
    bot.game_over(state)
    return None


def _versioned(mode: str, version: int, **fields: object) -> ExternalCommand:
    command = _command(mode)
    argv = (*command.argv, "v2") if version == 2 else command.argv
    return dataclasses.replace(command, label=f"{command.label}-v{version}", argv=argv, **fields)


@pytest.mark.parametrize("version", [1, 2])
def test_a_bot_of_either_version_plays_game_after_game_in_one_process(version: int) -> None:
    keeper = SessionKeeper()
    try:
        bot = ExternalBot(_versioned("good", version), keeper)
        assert [_fault_of_game(bot, "cheese-chasers", seed) for seed in (1, 2, 3)] == [None] * 3
        assert len(keeper.live_pids()) == 1
    finally:
        keeper.close_all()


@pytest.mark.parametrize("version", [1, 2])
def test_a_stale_reply_from_the_previous_game_is_a_protocol_fault_every_time(
    version: int,
) -> None:
    for _ in range(3):
        keeper = SessionKeeper()
        try:
            bot = ExternalBot(_versioned("stale", version), keeper)
            first = _fault_of_game(bot, "cheese-chasers", 1)
            second = _fault_of_game(bot, "cheese-chasers", 2)
        finally:
            keeper.close_all()
        assert first is not None and first.kind is Fault.ILLEGAL
        assert second is not None and second.kind is Fault.PROTOCOL, second
        # Version 1 finds it waiting at the first act; version 2 already at the ping
        # that opens the game.
        where = "before it was asked" if version == 1 else "expected 'pong' (between games)"
        assert where in str(second)


@pytest.mark.parametrize("version", [1, 2])
def test_an_unasked_line_is_a_protocol_fault_at_the_act_it_broke_every_time(
    version: int,
) -> None:
    for _ in range(4):
        keeper = SessionKeeper()
        try:
            bot = ExternalBot(_versioned("early", version), keeper)
            fault = _fault_of_game(bot, "cheese-chasers", 1)
        finally:
            keeper.close_all()
        assert fault is not None and fault.kind is Fault.PROTOCOL
        # The act numbers count the game's acts in version 1, the process's in 2: here
        # the first process's first game, so both say act 2.
        assert str(fault).endswith("(act 2)"), fault


def test_a_ready_naming_an_unknown_version_is_refused() -> None:
    keeper = SessionKeeper()
    try:
        fault = _fault_of_game(ExternalBot(_command("future"), keeper), "cheese-chasers", 1)
    finally:
        keeper.close_all()
    assert fault is not None and fault.kind is Fault.PROTOCOL
    assert "protocol 7, which this referee does not speak" in str(fault)


def test_settings_are_checked_against_the_options_a_bot_declares() -> None:
    keeper = SessionKeeper()
    try:
        fits = ExternalBot(_command("declares", depth=4), keeper)
        assert _fault_of_game(fits, "cheese-chasers", 1) is None
        too_deep = ExternalBot(_command("declares", depth=12), keeper)
        refused = _fault_of_game(too_deep, "cheese-chasers", 1)
    finally:
        keeper.close_all()
    assert isinstance(refused, BadSettings) and refused.kind is Fault.PROTOCOL
    assert str(refused) == "refused its settings: depth = 12 is above its most, 9"


def test_a_crash_is_a_crash_at_once_whatever_holds_its_output() -> None:
    keeper = SessionKeeper()
    command = dataclasses.replace(_command("orphan-exit"), move_seconds=30.0)
    try:
        begun = time.monotonic()
        fault = _fault_of_game(ExternalBot(command, keeper), "cheese-chasers", 1)
        took = time.monotonic() - begun
    finally:
        keeper.close_all()
    assert fault is not None and fault.kind is Fault.CRASH, fault
    assert "exited with code 3" in str(fault)
    assert took < 5.0


def test_a_bot_that_never_becomes_ready_is_given_up_after_two_starts(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="cheese.referee.external")
    keeper = SessionKeeper()
    command = dataclasses.replace(_command("stall"), startup_seconds=0.3)
    faults = []
    try:
        for seed in range(4):
            begun = time.monotonic()
            fault = _fault_of_game(ExternalBot(command, keeper), "cheese-chasers", seed)
            assert fault is not None and fault.kind is Fault.STALL
            faults.append((fault, time.monotonic() - begun))
    finally:
        keeper.close_all()
    assert [isinstance(fault, GivenUp) for fault, _ in faults] == [False, False, True, True]
    assert all(took < 0.2 for _, took in faults[2:])
    warnings = [r.getMessage() for r in caplog.records if "never became ready" in r.getMessage()]
    assert len(warnings) == 1


def test_a_silent_reply_under_the_move_time_is_a_timeout_of_that_bot_alone() -> None:
    keeper = SessionKeeper()
    try:
        state = load_game("cheese-chasers").new_initial_state(seed=1)
        bot = ExternalBot(_command("slow"), keeper)
        bot.begin_game(state, 0, random.Random(1))
        rng = random.Random(1)
        begun = time.monotonic()
        with pytest.raises(BotFailure) as caught:
            while not state.is_terminal():
                if state.is_chance_node():
                    state = state.apply(resolve_chance(state))
                    continue
                turn = Turn(state, state.current_player, move_time=0.3)
                state = state.apply(bot.choose(turn, rng).action)
        took = time.monotonic() - begun
        # Ended once the decision is over, not during it.
        assert len(keeper.live_pids()) == 1
        bot.game_over(None)
        assert keeper.live_pids() == []
    finally:
        keeper.close_all()
    assert caught.value.kind is Fault.TIMEOUT
    assert "within 0.43 s" in str(caught.value) and took < 2.0


def test_the_wait_on_a_clock_follows_its_margin() -> None:
    assert reply_limit(Clock(1.0, 0.0, 0.5), None, 60.0) == 1.5
    assert reply_limit(Clock(1.0, 0.0, 0.0), None, 60.0) == 1.0
    assert reply_limit(Clock(-0.2, 0.0, 0.05), None, 60.0) == 0.05
    # The move time's grace caps the wait, clock or not; the command's cap counts off
    # the clock only.
    assert reply_limit(Clock(30.0, 0.0, 0.05), 1.0, 5.0) == soft_limit(1.0)
    assert reply_limit(None, 100.0, 5.0) == 5.0


def test_game_over_reaches_every_bot_still_running(caplog: pytest.LogCaptureFixture) -> None:
    # Seat 1 plays an illegal action: it keeps its process, and so does seat 0, which
    # has begun the game too. Both hear that the game was abandoned.
    caplog.set_level(logging.INFO, logger="cheese.referee.external")
    caplog.set_level(logging.INFO, logger="cheese.bot")
    good, bad = _command("good"), _command("illegal")
    specs = {command.label: command for command in (good, bad)}
    keeper = SessionKeeper()
    job = GameJob(
        game="cheese-drop",
        options=(),
        num_players=2,
        seat_specs=(good.label, bad.label),
        sides=(0, 1),
        deal_seed=3,
        deal=0,
        rotation=0,
        seed=1,
        backend="native",
    )
    try:
        result = play_or_forfeit(job, bot_factory=lambda spec: ExternalBot(specs[spec], keeper))
        assert len(keeper.live_pids()) == 2
    finally:
        keeper.close_all()
    assert result.forfeit == 1 and result.fault is Fault.ILLEGAL
    for command in (good, bad):
        assert _logged(caplog, command.label, "game_over") == ["game_over places=None"]


def test_a_kept_bot_that_does_not_answer_ping_is_started_again_without_a_fault(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    caplog.set_level(logging.INFO, logger="cheese.referee.external")
    caplog.set_level(logging.INFO, logger="cheese.bot")
    monkeypatch.setattr(sessions, "PING_SECONDS", 0.3)
    keeper = SessionKeeper()
    command = _versioned("no-pong", 2)
    try:
        bot = ExternalBot(command, keeper)
        assert [_fault_of_game(bot, "cheese-chasers", seed) for seed in (1, 2)] == [None] * 2
    finally:
        keeper.close_all()
    pids = {line.split()[1] for line in _logged(caplog, command.label, "new_game")}
    assert len(pids) == 2
    assert any("did not answer ping between games" in r.getMessage() for r in caplog.records)


def _table_job(labels: tuple[str, ...]) -> GameJob:
    return GameJob(
        game="cheese-drop",
        options=(),
        num_players=len(labels),
        seat_specs=labels,
        sides=tuple(range(len(labels))),
        deal_seed=3,
        deal=0,
        rotation=0,
        seed=1,
        backend="native",
    )


def test_the_bots_of_a_table_start_side_by_side(tmp_path: Path) -> None:
    # Each bot answers hello only once both have been started.
    meet = {"meet": str(tmp_path), "seats": 2}
    commands = [
        dataclasses.replace(_command("meet", **meet), label=f"meet-{seat}") for seat in (0, 1)
    ]
    specs = {command.label: command for command in commands}
    keeper = SessionKeeper()
    try:
        job = _table_job(tuple(specs))
        result = play_or_forfeit(job, bot_factory=lambda spec: ExternalBot(specs[spec], keeper))
    finally:
        keeper.close_all()
    assert result.error is None and result.finished


def test_a_bot_started_for_a_game_that_never_began_is_ended() -> None:
    # Seat 0 fails to start; seat 1's process, started beside it, is ended with the game.
    failing, good = _command("future"), _command("good")
    specs = {command.label: command for command in (failing, good)}
    keeper = SessionKeeper()
    try:
        result = play_or_forfeit(
            _table_job((failing.label, good.label)),
            bot_factory=lambda spec: ExternalBot(specs[spec], keeper),
        )
        assert keeper.live_pids() == []
    finally:
        keeper.close_all()
    assert result.forfeit == 0 and result.fault is Fault.PROTOCOL
