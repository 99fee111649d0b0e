"""Signals, as a run meets them: SIGTERM from ``kill`` or a job scheduler and SIGHUP from a
logout stop a tournament or a duel as Ctrl-C does (the stored count and the command that
goes on, exit 128 + the signal), and a Ctrl-C while the command is still starting ends it
quietly. Each run is a real ``cheese`` process; the tests wait for a sign that the run has
reached the state they test (a log line, a stored game, a signal handler in place), never
for a fixed time."""

from __future__ import annotations

import os
import select
import signal
import sys
import time
from pathlib import Path

import pytest

from ..default_signals import restore_in_child
from .conftest import Running, stored_games
from .conftest import run as run_here

STARTED = "games stored,"
"""The log line (``-v``) a tournament writes once its signal handlers are in place."""


def catches(pid: int, number: int) -> bool:
    """Whether process ``pid`` has a handler of its own for signal ``number``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (number - 1) & 1)
    return False


needs_proc = pytest.mark.skipif(
    not Path("/proc/self/status").exists(), reason="reads /proc/PID/status"
)


@pytest.mark.parametrize(
    ("sent", "code", "words"),
    [(signal.SIGTERM, 143, "SIGTERM"), (signal.SIGHUP, 129, "SIGHUP")],
)
def test_a_tournament_stopped_by_a_signal_says_what_is_stored_and_how_to_resume(
    tmp_path: Path, sent: signal.Signals, code: int, words: str
) -> None:
    run = Running(
        ["tournament", "run", "random", "greedy", "--game", "cheese-drop", "--deals", "5000",
         "--workers", "2", "--db", "t.db", "-q", "-v"],
        tmp_path,
    )
    try:
        run.wait_for(lambda: run.said(STARTED))
        run.process.send_signal(sent)
        returncode, err = run.finish()
    finally:
        run.kill()
    assert returncode == code, err
    assert "Traceback" not in err
    stored = stored_games(tmp_path / "t.db")
    assert f"{stored} of 10000 stored in t.db" in err
    assert f"{words}: stopped after the games in flight; resume with:" in err
    assert "cheese tournament run random greedy --game cheese-drop" in err


def test_a_hang_up_of_the_whole_group_stores_the_games_in_flight(tmp_path: Path) -> None:
    run = Running(
        ["tournament", "run", "random", "greedy", "--game", "cheese-drop", "--deals", "5000",
         "--workers", "2", "--db", "t.db", "-q", "-v"],
        tmp_path, own_group=True,
    )
    try:
        run.wait_for(lambda: run.said(STARTED))
        os.killpg(run.process.pid, signal.SIGHUP)  # what a closed terminal sends its job
        returncode, err = run.finish()
    finally:
        run.kill()
    assert returncode == 129, err
    # The workers ignore the hang-up: their games in flight are stored, none is unplayed.
    assert "was not played" not in err and "Traceback" not in err
    assert "SIGHUP: stopped after the games in flight; resume with:" in err


@pytest.mark.parametrize(
    ("sent", "code", "words"),
    [(signal.SIGTERM, 143, "SIGTERM"), (signal.SIGINT, 130, "Ctrl-C")],
)
def test_a_stored_duel_stopped_by_a_signal_says_what_is_stored_and_how_to_go_on(
    tmp_path: Path, sent: signal.Signals, code: int, words: str
) -> None:
    db = tmp_path / "d.db"
    run = Running(
        ["duel", "random", "greedy", "--game", "cheese-drop", "--games", "20000",
         "--workers", "2", "--db", "d.db"],
        tmp_path,
    )
    try:
        run.wait_for(lambda: stored_games(db) > 0)
        run.process.send_signal(sent)
        returncode, err = run.finish()
    finally:
        run.kill()
    assert returncode == code, err
    assert "Traceback" not in err and run.out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(
        f"cheese: {words}: the duel stopped after the games in flight and reports nothing; "
        f"{stored_games(db)} games of 20000 stored in d.db; go on with: cheese duel random "
        "greedy --game cheese-drop --players 2 --games 20000 --seed 0 --workers 2 --db d.db"
    ), err


@needs_proc
@pytest.mark.parametrize(
    ("sent", "codes"), [(signal.SIGINT, {130}), (signal.SIGTERM, {143, -signal.SIGTERM})]
)
def test_a_signal_while_the_command_starts_ends_it_quietly(
    tmp_path: Path, sent: signal.Signals, codes: set[int]
) -> None:
    run = Running(
        ["tournament", "run", "random", "greedy", "--deals", "5000", "--db", "t.db", "-q"],
        tmp_path,
    )
    try:
        # Python catches SIGINT from its start; SIGTERM only once cheese has its handlers.
        run.wait_for(lambda: catches(run.process.pid, signal.SIGTERM))
        run.process.send_signal(sent)
        returncode, err = run.finish()
    finally:
        run.kill()
    # Whenever it lands (an import, the command's checks, the run): no traceback.
    assert returncode in codes, err
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


@pytest.mark.parametrize(
    ("command", "words"),
    [
        (["tournament", "run"], "Ctrl-C (or SIGTERM, SIGHUP) stops after the games in flight"),
        (["duel"], "Ctrl-C (or SIGTERM, SIGHUP) stops after the games in flight"),
        (["levels", "calibrate"], "Ctrl-C (or SIGTERM, SIGHUP) stops after the games in"),
    ],
)
def test_the_help_gives_the_signals_and_their_exit_codes(
    capsys: pytest.CaptureFixture[str], command: list[str], words: str
) -> None:
    code, out, _ = run_here(capsys, *command, "--help")
    text = " ".join(out.split())
    assert code == 0 and words in text and "exit 130 (143, 129)" in text


def test_a_closed_terminal_stops_the_run_and_keeps_its_games(tmp_path: Path) -> None:
    pty = pytest.importorskip("pty")
    db = tmp_path / "t.db"
    pid, terminal = pty.fork()
    if pid == 0:  # the run, its output on the terminal that is about to close
        restore_in_child()
        os.chdir(tmp_path)
        os.execv(sys.executable, [
            sys.executable, "-m", "cheese", "tournament", "run", "random", "greedy", "--game",
            "cheese-drop", "--deals", "5000", "--workers", "2", "--db", "t.db",
        ])
    try:
        ends = time.monotonic() + 90
        while stored_games(db) == 0:
            assert time.monotonic() < ends, "no game was stored"
            if select.select([terminal], [], [], 0.05)[0]:
                try:
                    os.read(terminal, 65536)  # keep the terminal drained
                except OSError:
                    break
    finally:
        os.close(terminal)  # the terminal hangs up: SIGHUP, then every write fails
    ends = time.monotonic() + 90
    while (ended := os.waitpid(pid, os.WNOHANG))[0] == 0:
        if time.monotonic() > ends:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            pytest.fail("the run did not end after its terminal closed")
        time.sleep(0.05)
    status = ended[1]
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 129
    assert stored_games(db) > 0
