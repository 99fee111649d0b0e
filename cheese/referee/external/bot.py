"""The referee's side of an external bot: a ``Bot`` whose decisions come from a process.

Each game takes a session (a process that said ``ready``) from the keeper, sends
``new_game`` when the game begins (``begin_game``, or at the first decision), one ``act``
per decision and ``game_over`` at the end; the session then plays the bot's next game,
unless its command restarts per game. Every failure raises ``BotFailure`` with the kind
the referee stores: ``stall``, ``crash``, ``protocol``, ``timeout`` or ``illegal``; a
process that failed (but for ``illegal``) is ended, and the next game starts a new one.
"""

from __future__ import annotations

import base64
import functools
import logging
import pickle
import random
import time
from collections.abc import Mapping

import msgspec

from cheese.bots.base import BotFailure, Clock, Decision, Turn
from cheese.bots.faults import Fault
from cheese.engine import State
from cheese.engine.api import OptionValue
from cheese.engine.games import describe
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.legal_json import LegalActions
from cheese.referee.external.process import (
    WRITE_LIMIT_SECONDS,
    BotExited,
    BotProcess,
    ReplyTimeout,
)
from cheese.referee.external.protocol import (
    CHEESE_STATE,
    ProtocolError,
    act_line,
    encode_value,
    game_over_ending,
    game_over_line,
    new_game,
    shown,
)
from cheese.referee.external.protocol import read_action as read_action_line
from cheese.referee.external.sessions import SESSIONS, Launch, Session, SessionKeeper
from cheese.referee.turn import soft_limit

LOGGER = logging.getLogger("cheese.referee.external")
UNASKED_READ_SECONDS = 0.1
"""How long to wait for the rest of a line found waiting before an ``act`` was sent."""


def options_of(options: Mapping[str, OptionValue]) -> dict[str, object]:
    """The game's options as JSON values (tuples become lists)."""
    return {
        name: list(value) if isinstance(value, tuple) else value for name, value in options.items()
    }


@functools.lru_cache(maxsize=4)
def final_ending(state: State) -> bytes:
    """The end of ``game_over``'s line for a finished game: the places, the scores and every
    seat's view of the final position as JSON (everything is revealed then).

    Kept for the last few final states (states are values): every external bot of a
    table is sent the same.
    """
    views = [_seat_view_json(state, seat) for seat in range(state.num_players)]
    return game_over_ending(state.ranking(), state.scores(), views)


UNFINISHED_ENDING = game_over_ending(None, None, None)


def _seat_view_json(state: State, seat: int) -> object:
    """``seat``'s view as JSON: the engine's own text when it writes one (the C engine
    does, without building the view), else the game's ``view_json`` of the view."""
    written = state.view_json_text(seat)
    if written is not None:
        return msgspec.Raw(written)
    return describe(state.game.info.slug).view_json(state.view(seat))


def _view_text(turn: Turn) -> bytes:
    """The acting seat's view as JSON text: the engine's own when it writes one, else
    the game's ``view_json`` of the view, encoded."""
    written = turn.view_json_text()
    if written is not None:
        return written
    return encode_value(describe(turn.game.info.slug).view_json(turn.view))


class ExternalBot:
    """A bot played by the process that ``command`` starts (``cmd:`` or a bots file)."""

    __slots__ = ("command", "_keeper", "_session", "_claim", "_broken", "_game_id", "_seq")

    def __init__(self, command: ExternalCommand, keeper: SessionKeeper = SESSIONS) -> None:
        self.command = command
        self._keeper = keeper
        self._session: Session | None = None
        self._claim: Session | Launch | BotFailure | None = None
        """The process claimed by ``prepare_game`` for the game about to begin, or why
        none could be, until ``begin_game`` takes it up."""
        self._broken: Session | None = None
        """A session that failed during a decision, ended at ``game_over``: ending it
        takes up to seconds, which must not count against the decision's hard limit."""
        self._game_id = 0
        self._seq = 0

    @property
    def spec(self) -> str:
        return self.command.label

    def prepare_game(self, state: State) -> None:
        """Claim the bot's process for the game about to begin: an idle one, or one
        started now and sent ``hello``, whose ``ready`` ``begin_game`` waits for. Called
        by the referee for every seat before any ``begin_game``, so that the table's bots
        start side by side; a failure is told by ``begin_game``."""
        if self._session is not None or self._claim is not None:
            return
        options = options_of(state.options)
        try:
            self._claim = self._keeper.claim(
                self.command, state.game.info.slug, state.num_players, options
            )
        except BotFailure as failure:
            self._claim = failure

    def begin_game(
        self, state: State, seat: int, rng: random.Random, clock: Clock | None = None
    ) -> None:
        """Start (or take up) the bot's process and send ``new_game``: called by the
        referee before the game's first decision, outside any decision's time limit, so
        that a slow start-up is a ``stall`` of its own and never a hung decision.
        ``BotFailure`` if the bot cannot play the game."""
        if self._session is None:
            self._session = self._begin(
                state.game.info.slug, state.num_players, state.options, seat, rng, clock
            )

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        session = self._session
        if session is None:
            session = self._session = self._begin(
                turn.game.info.slug, turn.num_players, turn.options, turn.seat, rng, turn.clock
            )
        version2 = session.protocol >= 2
        # Version 2 numbers acts over the process's life, so a reply names its act alone.
        seq = self._seq = session.next_seq() if version2 else self._seq + 1
        legal = self._keeper.legal_json.of(turn, turn.legal_actions())
        game_id = self._game_id if version2 else None
        drawn = None
        if CHEESE_STATE in session.extensions:
            drawn = _consistent_state(turn, self._game_id, seq)
        line = act_line(seq, _view_text(turn), legal.json, turn.clock, game_id, drawn)
        deadline_seconds = reply_limit(turn.clock, turn.move_time, self.command.move_seconds)
        process = session.process
        try:
            if process.waiting():
                # A line nobody asked for (a second answer, a stale reply of an earlier
                # game) is the fault of this act, whenever it arrived.
                raise ProtocolError(f"sent a line before it was asked: {_unasked(process)}")
            # A bot that reads nothing must not hold the decision past its limit either.
            process.write(line, min(WRITE_LIMIT_SECONDS, deadline_seconds))
            reply = process.receive(process.flushed + deadline_seconds)
            answer = read_action_line(reply.data, seq, game_id)
        except ReplyTimeout:
            self._fail()
            raise BotFailure(
                Fault.TIMEOUT, f"did not answer act {self._seq} within {deadline_seconds:.3g} s"
            ) from None
        except BotExited as error:
            self._fail()
            raise BotFailure(Fault.CRASH, f"{error} while deciding (act {self._seq})") from None
        except ProtocolError as error:
            self._fail()
            raise BotFailure(Fault.PROTOCOL, f"{error} (act {self._seq})") from None
        action = _legal_action(answer, legal)
        return Decision(action, reply_seconds=reply.arrived - process.flushed)

    def settle_stderr(self) -> None:
        """Wait until all the process wrote on its stderr so far is in the log: for a
        report of its fault that quotes its last words."""
        for session in (self._session, self._broken):
            if session is not None:
                session.process.settle_stderr()

    def game_over(self, final: State | None) -> None:
        """Tell the process how the game ended and give it back for the next game; end
        the one that failed during it."""
        self._end_broken()
        self._abandon_claim()
        session, self._session = self._session, None
        if session is None:
            return
        ending = UNFINISHED_ENDING if final is None else final_ending(final)
        try:
            session.process.write(game_over_line(self._game_id, ending))
        except (BotExited, ProtocolError) as error:
            LOGGER.info("bot %s %s after its game", self.spec, error)
            self._keeper.end(session, ask=False)
            return
        self._keeper.release(session, reusable=True)

    def _begin(
        self,
        slug: str,
        players: int,
        options: Mapping[str, OptionValue],
        seat: int,
        rng: random.Random,
        clock: Clock | None,
    ) -> Session:
        self._end_broken()
        claim, self._claim = self._claim, None
        if isinstance(claim, BotFailure):
            raise claim
        if claim is None:
            session = self._keeper.acquire(self.command, slug, players, options_of(options))
        else:
            session = self._keeper.ready(claim)
        session.games += 1
        self._game_id = session.games
        self._seq = 0
        # The generator's state before anything is drawn: what a bot in this process
        # would start the game with. The seed is drawn from it, so games replay.
        words = list(rng.getstate()[1]) if CHEESE_STATE in session.extensions else None
        message = new_game(self._game_id, seat, rng.getrandbits(64), clock)
        if words is not None:
            message["cheese_rng"] = words
        try:
            session.process.send(message)
        except BotExited as error:
            self._keeper.end(session, ask=False)
            raise BotFailure(Fault.CRASH, f"{error} before its game began") from None
        except ProtocolError as error:
            self._keeper.end(session, ask=False)
            raise BotFailure(Fault.PROTOCOL, f"{error} before its game began") from None
        return session

    def _abandon_claim(self) -> None:
        """Give back a process claimed for a game that never began for this bot."""
        claim, self._claim = self._claim, None
        if claim is not None and not isinstance(claim, BotFailure):
            self._keeper.abandon(claim)

    def _fail(self) -> None:
        """Set the failed session aside, to be ended once the decision is over."""
        self._end_broken()
        self._broken, self._session = self._session, None

    def _end_broken(self) -> None:
        broken, self._broken = self._broken, None
        if broken is not None:
            self._keeper.end(broken, ask=False)


def _unasked(process: BotProcess) -> str:
    """The line waiting before an ``act`` was sent, as a message quotes it (``BotExited``
    if what was waiting is the process's end)."""
    try:
        return shown(process.receive(time.monotonic() + UNASKED_READ_SECONDS).data)
    except ReplyTimeout:
        return "part of a line, not ended"


def _consistent_state(turn: Turn, game_id: int, seq: int) -> str:
    """A state drawn from the seat's view alone (``determinize`` depends on nothing
    else), pickled: a served cheese bot rebuilds its ``Turn`` from it. Its own generator,
    so the bot's is left as it is."""
    drawn = turn.determinize(random.Random(f"cheese-state:{game_id}:{seq}"))
    return base64.b64encode(pickle.dumps(drawn)).decode("ascii")


def reply_limit(clock: Clock | None, move_time: float | None, move_seconds: float) -> float:
    """How long the referee waits for a reply: until the seat's clock is out past its
    margin (``--tc-margin``), or else the command's own cap; and never past the move
    time and its grace (``--move-time``). A reply later than that would lose anyway, so
    the referee stops waiting then and the bot loses on time (``timeout``), before the
    worker's hard limit would end every bot of the worker.

    >>> reply_limit(Clock(2.0, 0.1, 0.05), None, 60.0)
    2.05
    >>> reply_limit(None, None, 5.0), round(reply_limit(None, 1.0, 5.0), 3)
    (5.0, 1.2)
    """
    limit = move_seconds if clock is None else max(0.0, clock.remaining) + clock.margin
    if move_time is not None:
        limit = min(limit, soft_limit(move_time))
    return limit


def _legal_action(answer: int | str, legal: LegalActions) -> int:
    """The action the reply names, if legal; ``BotFailure("illegal")`` if not.

    >>> legal = LegalActions(((0, "a"), (4, "b")), msgspec.Raw(b"[]"), frozenset({0, 4}))
    >>> _legal_action("b", legal), _legal_action(0, legal)
    (4, 0)
    """
    if isinstance(answer, int):
        if answer in legal.numbers:
            return answer
        raise BotFailure(
            Fault.ILLEGAL,
            f"chose action {answer}, which is not one of the {len(legal.numbers)} legal actions",
        )
    for action, text in legal.notations:
        if text == answer:
            return action
    raise BotFailure(
        Fault.ILLEGAL,
        f"chose {answer!r}, which names none of the {len(legal.notations)} legal actions",
    )
