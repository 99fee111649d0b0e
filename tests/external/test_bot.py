"""The referee's side of an external bot: what it sends, what it measures and logs, and
how its process is kept or restarted between games."""

from __future__ import annotations

import json
import logging
import random
import sys
from pathlib import Path

import pytest

from cheese.bots.base import Turn
from cheese.engine import GAME_SLUGS, State, load_game
from cheese.engine.games import describe
from cheese.engine.luck import resolve_chance
from cheese.referee.external.bot import ExternalBot
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.process import logger_name
from cheese.referee.external.sessions import SessionKeeper

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
