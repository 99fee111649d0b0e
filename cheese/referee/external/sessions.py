"""The bot processes one Python process keeps: started on demand, reused between games,
and all ended when that process ends.

A session is a bot process that has answered ``hello`` for one game, player count and
option set; an idle one plays the next game of the same kind. The keeper is the one
piece of module state of the package, on purpose: processes belong to the operating
system's process that started them, so their table is that process's, emptied in a
forked child (which must leave its parent's bots alone) and closed at exit — at
interpreter exit and at a ``multiprocessing`` worker's exit, which skips ``atexit``.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import threading
import time
from dataclasses import dataclass, field
from multiprocessing import util

from cheese.bots.base import BotFailure
from cheese.bots.faults import Fault
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.process import BotExited, BotProcess, ReplyTimeout
from cheese.referee.external.protocol import (
    QUIT,
    ProtocolError,
    Ready,
    Unsupported,
    hello,
    read_ready,
)

LOGGER = logging.getLogger("cheese.referee.external")

SessionKey = tuple[ExternalCommand, str, int, str]
"""The command, the game, the player count and the options (JSON) a session said hello to."""


@dataclass(slots=True, eq=False)
class Session:
    """A bot process that is ready for games of one kind."""

    key: SessionKey
    process: BotProcess
    ready: Ready
    games: int = 0
    """Games begun in this process, so that each has its own id."""
    extensions: frozenset[str] = field(default_factory=frozenset)


class Declined(BotFailure):
    """The bot answered ``hello`` with ``unsupported``: it does not play that game."""

    def __init__(self, reason: str) -> None:
        super().__init__(Fault.PROTOCOL, f"declined the game: {reason}")
        self.reason = reason


def start_session(
    command: ExternalCommand, game: str, players: int, options_json: str, options: dict[str, object]
) -> Session:
    """A new process of ``command`` that said ``ready`` to the game; ``BotFailure`` with
    the kind ``crash`` (it did not start, or exited), ``stall`` (no answer in time),
    ``protocol`` (a wrong answer, or ``unsupported`` as ``Declined``)."""
    try:
        process = BotProcess(command.label, command.argv, command.workdir, dict(command.env))
    except BotExited as error:
        raise BotFailure(Fault.CRASH, str(error)) from None
    try:
        process.send(hello(game, players, options, command.options))
        line = process.receive(time.monotonic() + command.startup_seconds)
        answer = read_ready(line.data)
    except BaseException as error:
        process.close()
        if isinstance(error, ReplyTimeout):
            raise BotFailure(
                Fault.STALL, f"did not answer hello within {command.startup_seconds:g} s"
            ) from None
        if isinstance(error, BotExited):
            raise BotFailure(Fault.CRASH, f"{error} before answering hello") from None
        if isinstance(error, ProtocolError):
            raise BotFailure(Fault.PROTOCOL, str(error)) from None
        raise
    if isinstance(answer, Unsupported):
        process.close(QUIT)
        raise Declined(answer.reason)
    return Session(
        (command, game, players, options_json),
        process,
        answer,
        extensions=frozenset(answer.extensions),
    )


def options_text(options: dict[str, object]) -> str:
    """The options as the JSON text a session's kind holds.

    >>> options_text({"b": 1, "a": [2]})
    '{"a": [2], "b": 1}'
    """
    return json.dumps(options, sort_keys=True)


class SessionKeeper:
    """The sessions of this process: idle ones by kind, and every live one."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._idle: dict[SessionKey, list[Session]] = {}
        self._live: list[Session] = []
        self._finalized_in: int | None = None

    def acquire(
        self, command: ExternalCommand, game: str, players: int, options: dict[str, object]
    ) -> Session:
        """An idle session of that kind, or a new one (see ``start_session``)."""
        options_json = options_text(options)
        key = (command, game, players, options_json)
        with self._lock:
            idle = self._idle.get(key, [])
            while idle:
                session = idle.pop()
                if session.process.alive():
                    return session
                self._drop(session)
        session = start_session(command, game, players, options_json, options)
        with self._lock:
            self._live.append(session)
            if self._finalized_in != os.getpid():
                # A multiprocessing worker clears the finalizers it inherits and leaves
                # through os._exit, never atexit: register in the process that starts bots.
                util.Finalize(None, self.close_all, exitpriority=100)
                self._finalized_in = os.getpid()
        return session

    def release(self, session: Session, reusable: bool) -> None:
        """Give ``session`` back after a game: kept for the next if ``reusable`` and its
        command does not restart per game, else ended."""
        command = session.key[0]
        if reusable and not command.restart_per_game and session.process.alive():
            with self._lock:
                self._idle.setdefault(session.key, []).append(session)
            return
        self.end(session)

    def end(self, session: Session) -> None:
        """End ``session``'s process now (after a fault: it may be mid-thought)."""
        with self._lock:
            self._drop(session)
        session.process.close(QUIT)

    def _drop(self, session: Session) -> None:
        if session in self._live:
            self._live.remove(session)
        idle = self._idle.get(session.key, [])
        if session in idle:
            idle.remove(session)

    def close_all(self) -> None:
        """End every bot process of this process (at exit)."""
        with self._lock:
            live, self._live, self._idle = self._live, [], {}
        for session in live:
            try:
                session.process.close(QUIT)
            except Exception as error:  # at exit, the others must still be ended
                LOGGER.warning("could not end bot %s: %s", session.process.label, error)

    def forget_all(self) -> None:
        """In a forked child: drop the parent's sessions without ending them."""
        self._lock = threading.Lock()
        live, self._live, self._idle = self._live, [], {}
        for session in live:
            session.process.forget()

    def live_pids(self) -> list[int]:
        with self._lock:
            return [session.process.pid for session in self._live]


SESSIONS = SessionKeeper()
os.register_at_fork(after_in_child=SESSIONS.forget_all)
atexit.register(SESSIONS.close_all)


def end_bot_processes() -> int:
    """End every bot process this process keeps and return how many there were: for a
    long-lived worker (a Dask cluster's) at the end of a run, so none outlives it."""
    count = len(SESSIONS.live_pids())
    SESSIONS.close_all()
    return count
