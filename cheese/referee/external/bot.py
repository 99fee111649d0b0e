"""The referee's side of an external bot: a ``Bot`` whose decisions come from a process.

Each game takes a session (a process that said ``ready``) from the keeper, sends
``new_game`` before the first decision, one ``act`` per decision and ``game_over`` at the
end; the session then plays the bot's next game, unless its command restarts per game.
Every failure raises ``BotFailure`` with the kind the referee stores: ``stall``,
``crash``, ``protocol``, ``timeout`` or ``illegal``; a process that failed is ended, and
the next game starts a new one.
"""

from __future__ import annotations

import base64
import functools
import logging
import pickle
import random
from collections.abc import Mapping, Sequence

from cheese.bots.base import BotFailure, Clock, Decision, Turn
from cheese.bots.faults import Fault
from cheese.engine import State
from cheese.engine.api import OptionValue
from cheese.engine.games import describe
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.process import BotExited, ReplyTimeout
from cheese.referee.external.protocol import CHEESE_STATE, ProtocolError, act, game_over, new_game
from cheese.referee.external.protocol import read_action as read_action_line
from cheese.referee.external.sessions import SESSIONS, Session, SessionKeeper

LOGGER = logging.getLogger("cheese.referee.external")
CLOCK_MARGIN_SECONDS = 0.25
"""How long past its clock the referee still reads a reply: the pipe's and the
scheduler's delay, which the referee's own clock check forgives the same way."""


def options_of(options: Mapping[str, OptionValue]) -> dict[str, object]:
    """The game's options as JSON values (tuples become lists)."""
    return {
        name: list(value) if isinstance(value, tuple) else value for name, value in options.items()
    }


@functools.lru_cache(maxsize=4)
def final_views(state: State) -> tuple[object, ...]:
    """Every seat's view of the final position, as JSON: everything is revealed then.

    Kept for the last few final states (states are values): every external bot of a
    table is sent the same ones.
    """
    view_json = describe(state.game.info.slug).view_json
    return tuple(view_json(state.view(seat)) for seat in range(state.num_players))


class ExternalBot:
    """A bot played by the process that ``command`` starts (``cmd:`` or a bots file)."""

    __slots__ = ("command", "_keeper", "_session", "_game_id", "_seq")

    def __init__(self, command: ExternalCommand, keeper: SessionKeeper = SESSIONS) -> None:
        self.command = command
        self._keeper = keeper
        self._session: Session | None = None
        self._game_id = 0
        self._seq = 0

    @property
    def spec(self) -> str:
        return self.command.label

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        session = self._session
        if session is None:
            session = self._begin(turn, rng)
        self._seq += 1
        description = describe(turn.game.info.slug)
        seen = turn.view
        # The codec names actions from the view both backends produce: the view is
        # decoded once, not once per legal action.
        name = description.native_codec.action_to_string
        notations = [(action, name(seen, action)) for action in turn.legal_actions()]
        message = act(self._seq, description.view_json(seen), notations, turn.clock)
        if CHEESE_STATE in session.extensions:
            message["cheese_state"] = _consistent_state(turn, self._game_id, self._seq)
        deadline_seconds = _reply_limit(turn.clock, self.command.move_seconds)
        try:
            session.process.send(message)
            line = session.process.receive(session.process.flushed + deadline_seconds)
            answer = read_action_line(line.data, self._seq)
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
        action = _legal_action(answer, notations)
        return Decision(action, reply_seconds=line.arrived - session.process.flushed)

    def game_over(self, final: State | None) -> None:
        """Tell the process how the game ended and give it back for the next game."""
        session, self._session = self._session, None
        if session is None:
            return
        if final is None:
            message = game_over(self._game_id, None, None, None)
        else:
            message = game_over(self._game_id, final.ranking(), final.scores(), final_views(final))
        try:
            session.process.send(message)
        except (BotExited, ProtocolError) as error:
            LOGGER.info("bot %s %s after its game", self.spec, error)
            self._keeper.end(session)
            return
        self._keeper.release(session, reusable=True)

    def _begin(self, turn: Turn, rng: random.Random) -> Session:
        session = self._keeper.acquire(
            self.command, turn.game.info.slug, turn.num_players, options_of(turn.options)
        )
        session.games += 1
        self._game_id = session.games
        self._seq = 0
        # The generator's state before anything is drawn: what a bot in this process
        # would start the game with. The seed is drawn from it, so games replay.
        words = list(rng.getstate()[1])
        message = new_game(self._game_id, turn.seat, rng.getrandbits(64), turn.clock)
        if CHEESE_STATE in session.extensions:
            message["cheese_rng"] = words
        try:
            session.process.send(message)
        except BotExited as error:
            self._keeper.end(session)
            raise BotFailure(Fault.CRASH, f"{error} before its game began") from None
        except ProtocolError as error:
            self._keeper.end(session)
            raise BotFailure(Fault.PROTOCOL, f"{error} before its game began") from None
        self._session = session
        return session

    def _fail(self) -> None:
        session, self._session = self._session, None
        if session is not None:
            self._keeper.end(session)


def _consistent_state(turn: Turn, game_id: int, seq: int) -> str:
    """A state drawn from the seat's view alone (``determinize`` depends on nothing
    else), pickled: a served cheese bot rebuilds its ``Turn`` from it. Its own generator,
    so the bot's is left as it is."""
    drawn = turn.determinize(random.Random(f"cheese-state:{game_id}:{seq}"))
    return base64.b64encode(pickle.dumps(drawn)).decode("ascii")


def _reply_limit(clock: Clock | None, move_seconds: float) -> float:
    """How long a reply may take: the seat's clock and a margin, or the command's cap.

    >>> _reply_limit(Clock(2.0, 0.1), 60.0), _reply_limit(None, 5.0)
    (2.25, 5.0)
    """
    if clock is None:
        return move_seconds
    return max(0.0, clock.remaining) + CLOCK_MARGIN_SECONDS


def _legal_action(answer: int | str, notations: Sequence[tuple[int, str]]) -> int:
    """The action the reply names, if legal; ``BotFailure("illegal")`` if not.

    >>> _legal_action("b", [(0, "a"), (4, "b")]), _legal_action(0, [(0, "a")])
    (4, 0)
    """
    if isinstance(answer, int):
        if any(answer == action for action, _ in notations):
            return answer
        raise BotFailure(
            Fault.ILLEGAL,
            f"chose action {answer}, which is not one of the {len(notations)} legal actions",
        )
    for action, text in notations:
        if text == answer:
            return action
    raise BotFailure(
        Fault.ILLEGAL,
        f"chose {answer!r}, which names none of the {len(notations)} legal actions",
    )
