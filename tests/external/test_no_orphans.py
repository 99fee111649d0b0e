"""No bot process outlives its run, and none is left a zombie: after a normal end, after
Ctrl-C, after the bot's own crash, and after ``kill -9`` of the runner — also a child the
bot started in a session of its own (``setsid``), on one worker and on two, after a duel
and after ``cheese bot check`` (``/proc`` is searched for the bots' command lines, which
carry a marker of the test's own)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from cheese.bots.base import BotFailure, Turn
from cheese.engine import load_game
from cheese.referee.external.bot import ExternalBot
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.sessions import SessionKeeper

from ..default_signals import signals_at_default

BOTS = Path(__file__).resolve().parents[1] / "external_bots"
WAIT_SECONDS = 20.0

pytestmark = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc")


def _with_marker(marker: str) -> list[int]:
    """The processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if marker.encode() in command:
            found.append(int(entry.name))
    return found


def _state_of(pid: int) -> str | None:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("State:"):
                return line.split()[1]
    except OSError:
        return None
    return None


def _wait_until(condition: object, seconds: float = WAIT_SECONDS) -> bool:
    assert callable(condition)
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        if condition():
            return True
        time.sleep(0.05)
    return bool(condition())


def _spec(mode: str, marker: str) -> str:
    return f"cmd:{sys.executable} {BOTS / 'misbehaving.py'} {mode} {marker}"


def _runner(
    tmp_path: Path, marker: str, mode: str, deals: int, workers: int = 2
) -> subprocess.Popen[bytes]:
    with signals_at_default():
        return _start_runner(tmp_path, marker, mode, deals, workers)


def _start_runner(
    tmp_path: Path, marker: str, mode: str, deals: int, workers: int
) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cheese",
            "tournament",
            "run",
            _spec(mode, marker),
            "random",
            "--deals",
            str(deals),
            "--workers",
            str(workers),
            "--db",
            str(tmp_path / "r.db"),
            "-q",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # its own group, as a shell gives a foreground job
    )


@pytest.mark.parametrize(
    "mode, workers", [("good", 2), ("setsid-child", 1), ("setsid-child", 2)]
)
def test_a_normal_end_leaves_no_bot(tmp_path: Path, mode: str, workers: int) -> None:
    marker = f"marker-{uuid.uuid4().hex}"
    runner = _runner(tmp_path, marker, mode, 2, workers)
    assert runner.wait(120) == 0
    assert _wait_until(lambda: not _with_marker(marker)), _with_marker(marker)


@pytest.mark.parametrize(
    "how, mode, workers",
    [
        (signal.SIGINT, "good", 2),
        (signal.SIGKILL, "good", 2),
        (signal.SIGKILL, "setsid-child", 1),
        (signal.SIGKILL, "setsid-child", 2),
    ],
    ids=["ctrl-c", "kill-9", "kill-9-setsid-1-worker", "kill-9-setsid-2-workers"],
)
def test_an_interrupted_run_leaves_no_bot(
    tmp_path: Path, how: signal.Signals, mode: str, workers: int
) -> None:
    marker = f"marker-{uuid.uuid4().hex}"
    runner = _runner(tmp_path, marker, mode, 2000, workers)
    try:
        assert _wait_until(lambda: len(_with_marker(marker)) >= 2), "the bots never started"
        if how == signal.SIGINT:
            os.killpg(runner.pid, signal.SIGINT)  # what Ctrl-C sends the foreground job
        else:
            os.kill(runner.pid, signal.SIGKILL)  # the runner alone, without its cleanup
        runner.wait(60)
        assert _wait_until(lambda: not _with_marker(marker)), _with_marker(marker)
    finally:
        if runner.poll() is None:
            os.killpg(runner.pid, signal.SIGKILL)
            runner.wait()


def _run_cheese_and_find_no_marker(marker: str, *args: str) -> None:
    """``python -m cheese *args`` succeeds, and then no process carries ``marker``."""
    ran = subprocess.run(
        [sys.executable, "-m", "cheese", *args], capture_output=True, timeout=120, check=False
    )
    assert ran.returncode == 0, (ran.stdout, ran.stderr)
    assert _wait_until(lambda: not _with_marker(marker)), _with_marker(marker)


@pytest.mark.parametrize("workers", [1, 2])
def test_a_duel_leaves_no_child_in_a_session_of_its_own(workers: int) -> None:
    marker = f"marker-{uuid.uuid4().hex}"
    _run_cheese_and_find_no_marker(
        marker, "duel", _spec("setsid-child", marker), "random",
        "--game", "cheese-chasers", "--games", "4", "--workers", str(workers),
    )


def test_bot_check_leaves_no_child_in_a_session_of_its_own() -> None:
    marker = f"marker-{uuid.uuid4().hex}"
    _run_cheese_and_find_no_marker(
        marker, "bot", "check", "--game", "cheese-chasers", "--games", "2",
        sys.executable, str(BOTS / "misbehaving.py"), "setsid-child", marker,
    )


def test_a_crashed_bot_is_reaped_and_the_next_game_restarts_it() -> None:
    marker = f"marker-{uuid.uuid4().hex}"
    command = ExternalCommand(
        label="exit", argv=(sys.executable, str(BOTS / "misbehaving.py"), "exit", marker)
    )
    keeper = SessionKeeper()
    try:
        for _ in range(2):
            bot = ExternalBot(command, keeper)
            state = load_game("cheese-chasers").new_initial_state(seed=3)
            with pytest.raises(BotFailure) as caught:
                while True:
                    if state.is_chance_node():
                        state = state.apply(state.legal_actions()[0])
                        continue
                    pid = keeper.live_pids()[0] if keeper.live_pids() else None
                    state = state.apply(bot.choose(Turn(state, 0), random.Random(0)).action)
            assert caught.value.kind == "crash"
            bot.game_over(None)
            # Waited for: neither running nor a zombie.
            assert pid is not None and _state_of(pid) is None
            assert not _with_marker(marker)
    finally:
        keeper.close_all()
