"""``--cluster`` pointed at something that is not a Dask scheduler: a listener that never
answers, one that answers junk, an address that is none. Each ends within the connect
timeout with one line naming the address and what to check, exit 2, and no process left
running. The listeners are on the loopback interface only and live as long as the test."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cheese.referee.cluster import CONNECT_GRACE_SECONDS, CONNECT_SECONDS

pytest.importorskip("distributed")

BOUND_SECONDS = 90.0
"""The command's start (seconds on a loaded machine) and the connect timeout, with room."""
JUNK = b"HTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nhello\n" * 64


@contextmanager
def listener(junk: bool) -> Iterator[str]:
    """A tcp:// address on 127.0.0.1 whose listener accepts and says nothing, or junk."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(8)
    server.settimeout(0.1)
    stopping = threading.Event()
    accepted: list[socket.socket] = []

    def serve() -> None:
        while not stopping.is_set():
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            accepted.append(connection)
            if junk:
                try:
                    connection.sendall(JUNK)
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"tcp://127.0.0.1:{server.getsockname()[1]}"
    finally:
        stopping.set()
        thread.join(5)
        server.close()
        for connection in accepted:
            connection.close()


def cheese(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cheese", *arguments], cwd=cwd, capture_output=True,
        text=True, timeout=BOUND_SECONDS, check=False,
    )


def assert_refused(result: subprocess.CompletedProcess[str], words: str) -> None:
    assert result.returncode == 2, result.stderr
    assert result.stdout == "" and "Traceback" not in result.stderr
    assert result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith(f"cheese: error: {words}")
    assert "check that it is the tcp://HOST:PORT a running `dask scheduler` printed" in (
        result.stderr
    )


def test_a_tournament_on_a_peer_that_never_answers_ends_after_the_connect_timeout(
    tmp_path: Path,
) -> None:
    with listener(junk=False) as address:
        result = cheese(
            "tournament", "run", "random", "greedy", "--deals", "1", "--db", "t.db", "-q",
            "--cluster", address, cwd=tmp_path,
        )
    assert_refused(
        result,
        f"the Dask scheduler at {address} did not answer within {CONNECT_SECONDS:g} s "
        "(something there accepted the connection and said nothing)",
    )
    assert CONNECT_SECONDS + CONNECT_GRACE_SECONDS < BOUND_SECONDS


def test_a_duel_on_a_peer_that_answers_junk_is_refused_in_one_line(tmp_path: Path) -> None:
    with listener(junk=True) as address:
        result = cheese(
            "duel", "random", "greedy", "--game", "cheese-drop", "--games", "2",
            "--cluster", address, cwd=tmp_path,
        )
    assert_refused(result, f"what answers at {address} is not a Dask scheduler")


def test_an_address_that_is_none_is_refused_before_connecting(tmp_path: Path) -> None:
    result = cheese(
        "duel", "random", "greedy", "--game", "cheese-drop", "--cluster", "tcp://here:port",
        cwd=tmp_path,
    )
    assert result.returncode == 2 and result.stderr.count("\n") == 1, result.stderr
    assert result.stderr.startswith("cheese: error: --cluster tcp://here:port is not a")
