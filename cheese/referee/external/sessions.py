"""The bot processes one Python process keeps: started on demand, reused between games,
and all ended when that process ends.

A session is a bot process that has answered ``hello`` for one game, player count and
option set; an idle one plays the next game of the same kind. The keeper is the one
piece of module state of the package, on purpose: processes belong to the operating
system's process that started them, so their table is that process's, emptied in a
forked child (which must leave its parent's bots alone) and closed at exit — at
interpreter exit and at a ``multiprocessing`` worker's exit, which skips ``atexit``.

The keeper also remembers, for the life of its process (and its forked workers), a bot
that never became ready: after ``GIVE_UP_AFTER_STALLS`` failed starts in a row it is not
started again, and its games forfeit at once as ``stall``.
"""

from __future__ import annotations

import atexit
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing import util

from cheese.bots.base import BotFailure
from cheese.bots.faults import Fault
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.legal_json import LegalJson
from cheese.referee.external.process import BotExited, BotProcess, ReplyTimeout
from cheese.referee.external.protocol import (
    QUIT,
    ProtocolError,
    Ready,
    Unsupported,
    hello,
    ping,
    read_pong,
    read_ready,
)

LOGGER = logging.getLogger("cheese.referee.external")
GIVE_UP_AFTER_STALLS = 2
"""Failed starts in a row (no ``ready`` within the start-up limit) after which a bot is
not started again in this run: each costs the whole start-up limit."""
PING_SECONDS = 5.0
"""How long a version-2 bot kept between games may take to answer ``ping``: it has
nothing to think about, so a bot silent that long is stuck and is replaced."""


@dataclass(frozen=True, slots=True)
class SessionKind:
    """What a session said ``hello`` to: the command, the game, the player count and the
    options, as JSON text so that kinds compare (a session plays games of its kind only)."""

    command: ExternalCommand
    game: str
    players: int
    options_json: str

    @classmethod
    def of(
        cls, command: ExternalCommand, game: str, players: int, options: dict[str, object]
    ) -> SessionKind:
        return cls(command, game, players, options_text(options))

    @property
    def options(self) -> dict[str, object]:
        """The game's options, as ``hello`` sends them."""
        options: dict[str, object] = json.loads(self.options_json)
        return options


@dataclass(slots=True, eq=False)
class Session:
    """A bot process that is ready for games of one kind."""

    key: SessionKind
    process: BotProcess
    ready: Ready
    games: int = 0
    """Games begun in this process, so that each has its own id."""
    extensions: frozenset[str] = field(default_factory=frozenset)
    sent: int = 0
    """Acts and pings sent to this process: in version 2 each one's ``seq``, unique for
    the process's life, so a reply is tied to exactly one of them."""

    @property
    def protocol(self) -> int:
        """The version spoken with this process: the one its ``ready`` named."""
        return self.ready.protocol

    def next_seq(self) -> int:
        self.sent += 1
        return self.sent


class Declined(BotFailure):
    """The bot answered ``hello`` with ``unsupported``: it does not play that game."""

    def __init__(self, reason: str) -> None:
        super().__init__(Fault.PROTOCOL, f"declined the game: {reason}")
        self.reason = reason


class BadSettings(BotFailure):
    """The bot's ``ready`` declares its options and the bots file's ``options`` do not
    fit them: a mistake of the file, told in one line."""

    def __init__(self, reason: str) -> None:
        super().__init__(Fault.PROTOCOL, f"refused its settings: {reason}")
        self.reason = reason


class GivenUp(BotFailure):
    """The bot never became ready in ``GIVE_UP_AFTER_STALLS`` starts: not started again."""

    def __init__(self, command: ExternalCommand) -> None:
        super().__init__(
            Fault.STALL,
            f"never became ready: no answer to hello within {command.startup_seconds:g} s "
            f"in {GIVE_UP_AFTER_STALLS} starts; not started again in this run",
        )


@dataclass(slots=True, eq=False)
class Launch:
    """A process of ``command`` started for a kind of game and sent ``hello``, its
    answer not read yet (``finish_session``)."""

    key: SessionKind
    process: BotProcess
    started: float
    """When it was started (monotonic seconds): its start-up limit counts from then."""


def launch_session(kind: SessionKind) -> Launch:
    """A new process of the kind's command, sent ``hello`` for its game; ``BotFailure``
    (``crash``) when it cannot be started, as ``finish_session`` for a failure on the way."""
    command = kind.command
    try:
        process = BotProcess(command.label, command.argv, command.workdir, dict(command.env))
    except BotExited as error:
        raise BotFailure(Fault.CRASH, str(error)) from None
    started = time.monotonic()
    try:
        process.send(hello(kind.game, kind.players, kind.options, command.options))
    except BaseException as error:
        process.close()
        raise _hello_failure(command, error) from None
    return Launch(kind, process, started)


def finish_session(launch: Launch) -> Session:
    """The launched process once it said ``ready``; ``BotFailure`` with the kind ``crash``
    (it exited), ``stall`` (no answer within the start-up limit), ``protocol`` (a wrong
    answer, ``unsupported`` as ``Declined``, settings that do not fit the options it
    declares as ``BadSettings``)."""
    command, process = launch.key.command, launch.process
    try:
        line = process.receive(launch.started + command.startup_seconds)
        answer = read_ready(line.data)
    except BaseException as error:
        process.close()
        raise _hello_failure(command, error) from None
    if isinstance(answer, Unsupported):
        process.close(QUIT)
        raise Declined(answer.reason)
    problem = answer.settings_problem(command.options)
    if problem is not None:
        process.close(QUIT)
        raise BadSettings(problem)
    return Session(launch.key, process, answer, extensions=frozenset(answer.extensions))


def _hello_failure(command: ExternalCommand, error: BaseException) -> BaseException:
    """What a failure while the bot starts means (anything else is raised as it is)."""
    if isinstance(error, ReplyTimeout):
        return BotFailure(Fault.STALL, f"did not answer hello within {command.startup_seconds:g} s")
    if isinstance(error, BotExited):
        return BotFailure(Fault.CRASH, f"{error} before answering hello")
    if isinstance(error, ProtocolError):
        return BotFailure(Fault.PROTOCOL, str(error))
    return error


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
        self._idle: dict[SessionKind, list[Session]] = {}
        self._live: list[Session] = []
        self._launching: list[Launch] = []
        """Processes claimed for a game, not ready yet (``claim``)."""
        self._finalized_in: int | None = None
        self._stalls: dict[ExternalCommand, int] = {}
        """Failed starts in a row, per command: kept across a fork (a fact about the
        bot, not about processes), so workers forked after a probe know it too."""
        self.legal_json = LegalJson()
        """The legal actions' entries of ``act`` named so far: facts about the games,
        kept across games and processes (and a fork) like the stalls."""

    def acquire(
        self, command: ExternalCommand, game: str, players: int, options: dict[str, object]
    ) -> Session:
        """An idle session of that kind that is still alive, or a new one (see
        ``finish_session``); ``GivenUp`` without a start for a bot that never became
        ready, ``BotFailure`` (``protocol``) for an idle one that sent lines unasked."""
        return self.ready(self.claim(command, game, players, options))

    def claim(
        self, command: ExternalCommand, game: str, players: int, options: dict[str, object]
    ) -> Session | Launch:
        """For a game about to begin: an idle session of that kind, or a process launched
        for it whose ``ready`` is read by ``ready``, so that the bots of a table start
        side by side rather than one after the other. Raises as ``acquire``."""
        key = SessionKind.of(command, game, players, options)
        while True:
            with self._lock:
                idle = self._idle.get(key, [])
                session = idle.pop() if idle else None
            if session is None:
                break
            if self._answers_ping(session):
                return session
        return self._launch(key)

    def ready(self, claim: Session | Launch) -> Session:
        """The session of a ``claim``, once a launched process said ``ready``
        (``finish_session``, counted towards giving up on a bot that never does)."""
        if isinstance(claim, Session):
            return claim
        with self._lock:
            self._launching.remove(claim)
        command = claim.key.command
        try:
            session = finish_session(claim)
        except BotFailure as failure:
            if failure.kind is Fault.STALL:
                self._count_stall(command)
            raise
        self._keep(session)
        return session

    def abandon(self, claim: Session | Launch) -> None:
        """Give back a claim whose game never began: an idle session stays for the next
        game, a launched process is ended (it may not even be ready)."""
        if isinstance(claim, Session):
            self.release(claim, reusable=True)
            return
        with self._lock:
            self._launching.remove(claim)
        claim.process.close()

    def start(self, kind: SessionKind) -> Session:
        """A new session (``launch_session``, then ``ready``)."""
        return self.ready(self._launch(kind))

    def _launch(self, kind: SessionKind) -> Launch:
        """A new process sent ``hello`` (``launch_session``); ``GivenUp`` without a start
        for a bot that never became ready."""
        command = kind.command
        with self._lock:
            if self._stalls.get(command, 0) >= GIVE_UP_AFTER_STALLS:
                raise GivenUp(command)
        launch = launch_session(kind)
        with self._lock:
            self._launching.append(launch)
            self._end_at_exit()
        return launch

    def _keep(self, session: Session) -> None:
        """Keep a session that became ready, to end it at this process's exit."""
        with self._lock:
            self._stalls.pop(session.key.command, None)
            self._live.append(session)
            self._end_at_exit()

    def _end_at_exit(self) -> None:
        """Have this process's bots ended at its exit (called under the lock)."""
        if self._finalized_in != os.getpid():
            # A multiprocessing worker clears the finalizers it inherits and leaves
            # through os._exit, never atexit: register in the process that starts bots.
            util.Finalize(None, self.close_all, exitpriority=100)
            self._finalized_in = os.getpid()

    def _count_stall(self, command: ExternalCommand) -> None:
        with self._lock:
            stalls = self._stalls[command] = self._stalls.get(command, 0) + 1
        if stalls == GIVE_UP_AFTER_STALLS:
            # Said once, where the run's output shows it: every later game of this bot
            # forfeits at once, and the log says why.
            LOGGER.warning(
                "bot %s never became ready (no answer to hello within %g s in %d starts); "
                "its remaining games forfeit as stall",
                command.label, command.startup_seconds, stalls,
            )

    def _answers_ping(self, session: Session) -> bool:
        """Whether an idle session is fit for another game: alive and, in version 2,
        answering ``ping`` at once. One that is not is ended and replaced (no fault: the
        new process answers ``hello`` for it); one that sent lines nobody asked for is a
        ``protocol`` fault, raised as ``BotFailure``."""
        process = session.process
        if not process.alive():
            self.end(session, ask=False)
            return False
        if session.protocol < 2:
            return True
        seq = session.next_seq()
        try:
            process.send(ping(seq))
            line = process.receive(time.monotonic() + PING_SECONDS)
            read_pong(line.data, seq)
        except (ReplyTimeout, BotExited) as error:
            reason = str(error) or f"no answer within {PING_SECONDS:g} s"
            LOGGER.info(
                "bot %s did not answer ping between games (%s); starting it again",
                process.label, reason,
            )
            self.end(session, ask=False)
            return False
        except ProtocolError as error:
            self.end(session, ask=False)
            raise BotFailure(Fault.PROTOCOL, f"{error} (between games)") from None
        return True

    def release(self, session: Session, reusable: bool) -> None:
        """Give ``session`` back after a game: kept for the next if ``reusable`` and its
        command does not restart per game, else ended."""
        command = session.key.command
        if reusable and not command.restart_per_game and session.process.alive():
            with self._lock:
                self._idle.setdefault(session.key, []).append(session)
            return
        self.end(session)

    def end(self, session: Session, ask: bool = True) -> None:
        """End ``session``'s process now: with ``quit`` and its grace if ``ask``, else
        at once (after a fault: it may be mid-thought, and would not read ``quit``)."""
        with self._lock:
            self._drop(session)
        session.process.close(QUIT if ask else None)

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
            launching, self._launching = self._launching, []
        for launch in launching:
            _ending(launch.process, BotProcess.close)
        # All are asked at once, so that they leave side by side.
        for session in live:
            _ending(session.process, lambda process: process.ask_to_quit(QUIT))
        for session in live:
            _ending(session.process, lambda process: process.close(QUIT))

    def forget_all(self) -> None:
        """In a forked child: drop the parent's sessions without ending them (the count
        of failed starts is kept)."""
        self._lock = threading.Lock()
        live, self._live, self._idle = self._live, [], {}
        launching, self._launching = self._launching, []
        for launch in launching:
            launch.process.forget()
        for session in live:
            session.process.forget()

    def live_pids(self) -> list[int]:
        with self._lock:
            return [session.process.pid for session in self._live] + [
                launch.process.pid for launch in self._launching
            ]


def _ending(process: BotProcess, step: Callable[[BotProcess], None]) -> None:
    """One step of ending ``process`` at exit; a failure is logged, as the others must
    still be ended."""
    try:
        step(process)
    except Exception as error:
        LOGGER.warning("could not end bot %s: %s", process.label, error)


SESSIONS = SessionKeeper()
os.register_at_fork(after_in_child=SESSIONS.forget_all)
atexit.register(SESSIONS.close_all)


def end_bot_processes() -> int:
    """End every bot process this process keeps and return how many there were: for a
    long-lived worker (a Dask cluster's) at the end of a run, so none outlives it."""
    count = len(SESSIONS.live_pids())
    SESSIONS.close_all()
    return count
