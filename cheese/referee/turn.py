"""The referee of one bot's turn: ask for a decision under the limits, time the reply,
check the answer, and turn any failure into a typed fault.

Every game with bots in it asks its bots through here: tournaments, duels and
calibrations (``cheese.referee.play``) and a person's game at the terminal
(``cheese.cli.play``). The rules are one: whatever a bot raises is its fault (a
``BotFailure`` with the kind it names, anything else ``raised``); an answer that is no
``Decision``, or whose action is not legal there, is ``illegal``; a reply over the move
time is ``overran``, one past the seat's clock ``timeout``. Only the callers differ in the
limits they set and in whose a ``KeyboardInterrupt`` is (``Interrupts``).
"""

from __future__ import annotations

import math
import operator
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum

from cheese.bots.base import Bot, BotFailure, Clock, Decided, Decision, TopMeasure, Turn
from cheese.bots.faults import Fault
from cheese.engine import Action, State
from cheese.parallel import NoWatch, Watch
from cheese.referee.clocks import SeatClocks

MOVE_TIME_GRACE_SECONDS = 0.1
MOVE_TIME_GRACE_SHARE = 0.1
NO_WATCH = NoWatch()


def soft_limit(move_time: float) -> float:
    """Seconds a decision may take before the bot forfeits: the limit plus a small grace
    for the machine's noise (0.1 s and 10%).

    >>> round(soft_limit(0.5), 3)
    0.65
    """
    return move_time * (1.0 + MOVE_TIME_GRACE_SHARE) + MOVE_TIME_GRACE_SECONDS


def hard_limit(move_time: float) -> float:
    """Seconds after which a decision that has not returned (a hung bot) gets its worker
    killed by the pool: twice the limit and a second."""
    return 2.0 * move_time + 1.0


class Interrupts(Enum):
    """Whose fault a ``KeyboardInterrupt`` raised during a bot's decision is."""

    BOT = "bot"
    """The bot's: a worker process ignores SIGINT, so only the bot can have raised it."""
    PERSON = "person"
    """The person's at the terminal: Ctrl-C pressed while a bot thinks leaves the game."""


class TurnFault(Exception):
    """A bot's turn failed: ``kind`` to store and ``reason`` in words, after the bot's
    name ("raised RuntimeError: …").

    ``error`` is what the bot raised, if it raised (its ``BotFailure`` included);
    ``seconds`` the reply time when it did answer, late or wrongly.
    """

    def __init__(
        self,
        kind: Fault,
        reason: str,
        error: BaseException | None = None,
        seconds: float | None = None,
    ) -> None:
        super().__init__(reason)
        self.kind = kind
        self.reason = reason
        self.error = error
        self.seconds = seconds


@dataclass(frozen=True, slots=True)
class Reply:
    """A bot's legal answer: the action, how long the bot took to give it, and the best
    few actions it considered with what their numbers are (``Decision.top``), if it said."""

    action: Action
    seconds: float
    top: tuple[tuple[Action, float], ...] = ()
    top_measure: TopMeasure | None = None


@dataclass(frozen=True, slots=True)
class TurnReferee:
    """Referees the bots' turns of one game under its limits.

    ``move_time`` (seconds) limits each decision, ``clocks`` are the seats' game clocks
    (kept by this game alone), ``watch`` is armed with the hard limit of each decision so
    that a worker dying or hanging is laid at the deciding seat's door.
    """

    move_time: float | None = None
    clocks: SeatClocks | None = None
    watch: Watch = NO_WATCH
    interrupts: Interrupts = Interrupts.BOT

    def decide(
        self, bot: Bot, state: State, rng: random.Random, past: Sequence[Decided] = ()
    ) -> Reply:
        """The legal action ``bot`` chooses for the seat to act in ``state``, the game's
        decisions so far being ``past``, with its reply time; ``TurnFault`` when the bot
        fails."""
        seat = state.current_player
        clocks = self.clocks
        limits = [] if self.move_time is None else [hard_limit(self.move_time)]
        if clocks is not None:
            limits.append(clocks.hard_limit(seat))
        clock = None
        if clocks is not None:
            control = clocks.control
            clock = Clock(clocks.remaining[seat], control.increment, control.margin)
        # Armed for every decision, so that a worker dying now is laid at this seat's door.
        self.watch.arm(min(limits) if limits else None, seat)
        turn = Turn(state, seat, clock, self.move_time, past)
        begun = time.monotonic()
        try:
            decision = bot.choose(turn, rng)
        except BotFailure as failure:
            raise TurnFault(failure.kind, str(failure), failure) from None
        except KeyboardInterrupt as error:
            if self.interrupts is Interrupts.PERSON:
                raise
            raise TurnFault(Fault.RAISED, raised_reason(error), error) from None
        # SystemExit raised by a bot is its fault too, as is anything a plugin may raise.
        except BaseException as error:
            raise TurnFault(Fault.RAISED, raised_reason(error), error) from None
        finally:
            self.watch.disarm()
        took = reply_seconds(decision, time.monotonic() - begun)
        self._check_time(seat, took)
        action = legal_action(decision, turn, took)
        if isinstance(decision, Decision) and decision.top_measure is not None:
            return Reply(action, took, decision.top, decision.top_measure)
        return Reply(action, took)

    def _check_time(self, seat: int, took: float) -> None:
        if self.move_time is not None and took > soft_limit(self.move_time):
            raise TurnFault(
                Fault.OVERRAN,
                f"overran --move-time: {took:.2f} s for {self.move_time:g} s",
                seconds=took,
            )
        clocks = self.clocks
        if clocks is not None:
            left = clocks.remaining[seat]
            if not clocks.spend(seat, took):
                raise TurnFault(
                    Fault.TIMEOUT,
                    f"lost on time: {took:.3f} s with {left:.3f} s left on its clock "
                    f"(--tc {clocks.control.text}, margin {clocks.control.margin:g} s)",
                    seconds=took,
                )


def raised_reason(error: BaseException) -> str:
    """The reason a bot that raised ``error`` forfeits, as the results store it."""
    return f"raised {type(error).__name__}: {error}"


def reply_seconds(decision: object, measured: float) -> float:
    """How long a decision took: the bot's own measure (``Decision.reply_seconds``, an
    external bot's round trip) when it is a number of seconds, else ``measured``.

    >>> reply_seconds(Decision(0, reply_seconds=0.25), 0.3), reply_seconds(None, 0.3)
    (0.25, 0.3)
    """
    given = decision.reply_seconds if isinstance(decision, Decision) else None
    if isinstance(given, int | float) and not isinstance(given, bool):
        if math.isfinite(given) and given >= 0:
            return float(given)
    return measured


def legal_action(decision: object, turn: Turn, took: float | None = None) -> Action:
    """The action of a bot's answer if it is a decision of a legal action of ``turn``;
    ``TurnFault`` (``illegal``) if not.

    Numpy integers pass as the numbers they are; ``None``, strings and ``True`` do not.
    """
    action = getattr(decision, "action", None)
    if action is None:
        raise TurnFault(
            Fault.ILLEGAL,
            f"answered {decision!r}, which is not a decision (a Decision with an action)",
            seconds=took,
        )
    legal = turn.legal_actions()
    number = _action_number(action)
    if number is None or number not in legal:
        raise TurnFault(
            Fault.ILLEGAL,
            f"chose {action!r}, which is not legal there; legal actions: {legal}",
            seconds=took,
        )
    return number


def _action_number(value: object) -> Action | None:
    """A bot's answer as an action number, or ``None`` if it is none at all."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
