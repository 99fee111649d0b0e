"""The two launchers, the built ``bot_launcher`` and the script ``launcher.py``, do the
same: the bot runs as their child, ends with its whole tree (even a grandchild in a session
of its own), its exit is theirs (even when they inherit an ignored SIGCHLD), a command that
cannot start exits 127, and a ``kill -9`` of the process that started them ends the bot's
tree. The built one is what runs wherever it was built; CI requires it
(``CHEESE_REQUIRE_NATIVE=1``)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from cheese.referee.external import process
from cheese.referee.external.process import (
    LAUNCHER,
    NATIVE_LAUNCHER,
    BotExited,
    BotProcess,
    launcher_command,
)

from ..native import REQUIRED
from .test_no_orphans import _wait_until, _with_marker

WAIT_SECONDS = 20.0
BUILT = NATIVE_LAUNCHER.exists()

pytestmark = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc")

LAUNCHERS = {
    "built": [str(NATIVE_LAUNCHER)],
    "script": [sys.executable, "-I", "-S", str(LAUNCHER)],
}


@pytest.fixture(params=sorted(LAUNCHERS))
def launcher(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Each launcher in turn as the one bots start under."""
    name: str = request.param
    if name == "built" and not BUILT and not REQUIRED:
        pytest.skip(f"the launcher was not built ({NATIVE_LAUNCHER} is missing)")
    monkeypatch.setattr(process, "launcher_command", lambda: list(LAUNCHERS[name]))
    yield name


def test_the_built_launcher_is_the_one_used_when_there_is_one() -> None:
    if not BUILT and not REQUIRED:
        assert launcher_command()[-1] == str(LAUNCHER)
        pytest.skip("the launcher was not built: the script is used")
    assert BUILT, f"{NATIVE_LAUNCHER} was not built, but CHEESE_REQUIRE_NATIVE=1 requires it"
    assert launcher_command() == [str(NATIVE_LAUNCHER)]


STUBBORN = """
import os, signal, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        time.sleep(600)
    os._exit(0)
print("ready", flush=True)
time.sleep(600)
"""


def test_a_bot_that_ignores_quit_and_sigterm_is_ended_with_its_whole_tree(launcher: str) -> None:
    marker = f"marker-{uuid.uuid4().hex}"
    bot = BotProcess("stubborn", [sys.executable, "-c", STUBBORN, marker])
    try:
        assert bot.receive(time.monotonic() + WAIT_SECONDS).data == b"ready\n"
        # The bot, its launcher and the grandchild in a session of its own.
        assert _wait_until(lambda: len(_with_marker(marker)) == 3), _with_marker(marker)
    finally:
        bot.close({"type": "quit"})
    assert bot.exit_description() == "was killed by SIGKILL"
    assert not _with_marker(marker)


@pytest.mark.parametrize(
    "code, words",
    [
        ("import sys; sys.exit(3)", "exited with code 3"),
        ("import os; os.kill(os.getpid(), 11)", "was killed by SIGSEGV"),
        ("import os, signal; os.kill(os.getpid(), signal.SIGTERM)", "was killed by SIGTERM"),
    ],
)
def test_the_launcher_exits_as_the_bot_did(launcher: str, code: str, words: str) -> None:
    bot = BotProcess("short", [sys.executable, "-c", code])
    try:
        with pytest.raises(BotExited, match=words):
            bot.receive(time.monotonic() + WAIT_SECONDS)
    finally:
        bot.close()


def test_a_command_that_cannot_start_exits_127(launcher: str) -> None:
    bot = BotProcess("missing", [f"/nonexistent/{uuid.uuid4().hex}"])
    try:
        with pytest.raises(BotExited, match="exited with code 127"):
            bot.receive(time.monotonic() + WAIT_SECONDS)
    finally:
        bot.close()


GRACEFUL = """
import signal, sys, time
signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(7))
print("ready", flush=True)
time.sleep(600)
"""


def test_sigterm_reaches_the_bot(launcher: str) -> None:
    bot = BotProcess("graceful", [sys.executable, "-c", GRACEFUL])
    try:
        assert bot.receive(time.monotonic() + WAIT_SECONDS).data == b"ready\n"
        os.kill(bot.pid, signal.SIGTERM)  # to the launcher, which passes it on
        with pytest.raises(BotExited, match="exited with code 7"):
            bot.receive(time.monotonic() + WAIT_SECONDS)
    finally:
        bot.close()


REFEREE = """
import sys, time
from cheese.referee.external import process
process.launcher_command = lambda: {command!r}
bot = process.BotProcess("stubborn", [sys.executable, "-c", {stubborn!r}, {marker!r}])
print(bot.receive(time.monotonic() + 20).data.decode().strip(), flush=True)
time.sleep(600)
"""


def test_a_kill_9_of_the_referee_ends_the_bots_tree(launcher: str) -> None:
    marker = f"marker-{uuid.uuid4().hex}"
    code = REFEREE.format(command=LAUNCHERS[launcher], stubborn=STUBBORN, marker=marker)
    referee = subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, start_new_session=True
    )
    try:
        assert referee.stdout is not None
        assert referee.stdout.readline() == b"ready\n"
        # The referee (whose command line holds the marker too), the launcher, the bot and
        # its grandchild.
        assert _wait_until(lambda: len(_with_marker(marker)) == 4), _with_marker(marker)
        referee.kill()
        referee.wait(WAIT_SECONDS)
        assert _wait_until(lambda: not _with_marker(marker)), _with_marker(marker)
    finally:
        if referee.poll() is None:
            referee.kill()
            referee.wait()


def test_an_ignored_sigchld_it_inherits_does_not_hide_the_bots_exit(launcher: str) -> None:
    # A process that ignores SIGCHLD becomes the launcher, which inherits that; its parent
    # is then this process, the referee it is told of.
    argv = [*LAUNCHERS[launcher], str(os.getpid()), sys.executable, "-c", "raise SystemExit(3)"]
    becomes = (
        "import os, signal, sys; signal.signal(signal.SIGCHLD, signal.SIG_IGN); "
        "os.execv(sys.argv[1], sys.argv[1:])"
    )
    ran = subprocess.run([sys.executable, "-c", becomes, *argv], timeout=WAIT_SECONDS)
    assert ran.returncode == 3
