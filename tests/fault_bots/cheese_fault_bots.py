"""Bots that misbehave on purpose, installed for the tests through the ``cheese.bots``
entry points of the ``cheese_fault_bots`` distribution beside this file (put this folder
on ``sys.path`` or ``PYTHONPATH`` to install it).

Each plays the first legal action until its fault: ``fault-raise`` raises, ``fault-illegal``
answers an action that is never legal, ``fault-none`` answers ``None``, ``fault-sleep``
never answers, ``fault-exit`` ends its process with ``os._exit(3)``, ``fault-sysexit`` raises
``SystemExit``, ``fault-interrupt`` raises ``KeyboardInterrupt``, ``fault-segv`` crashes its
process with a segmentation fault, ``fault-kill`` is killed by SIGKILL (as by the kernel's
out-of-memory killer), ``fault-print`` prints to standard output at every decision, and
``fault-late-build`` is built in the parent but fails to build in a worker process. Each
fault comes on the bot's first decision, except ``fault-print``, which plays on.

For game clocks and the referee's side of external bots: ``fault-slow`` spends its whole
clock and 0.3 s more on its first decision (0.3 s without a clock); ``fault-failure``
raises ``BotFailure(Fault.PROTOCOL, ...)`` as an external bot does; ``fault-reply`` answers
at once but reports a reply of 5 s (``Decision.reply_seconds``); ``fault-game-over`` plays
on, and its ``game_over`` hook raises after every game.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import random
import signal
import sys
import time
from collections.abc import Mapping

from cheese.bots.base import BotFailure, Decision, Turn
from cheese.bots.faults import Fault
from cheese.engine import State

SLOW_PAST_CLOCK_SECONDS = 0.3
REPORTED_REPLY_SECONDS = 5.0


class FaultBot:
    """The first legal action, until the fault named by ``kind``."""

    def __init__(self, kind: str) -> None:
        self.kind = kind

    @property
    def spec(self) -> str:
        return f"fault-{self.kind}"

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        first = turn.legal_actions()[0]
        if self.kind == "raise":
            raise RuntimeError("out of cheese")
        if self.kind == "illegal":
            return Decision(-7)
        if self.kind == "none":
            return None  # type: ignore[return-value]
        if self.kind == "sleep":
            time.sleep(3600)
        if self.kind == "exit":
            os._exit(3)
        if self.kind == "sysexit":
            sys.exit(3)
        if self.kind == "interrupt":
            raise KeyboardInterrupt
        if self.kind == "segv":
            ctypes.string_at(0)
        if self.kind == "kill":
            os.kill(os.getpid(), signal.SIGKILL)
        if self.kind == "print":
            print(f"thinking about {first}")
        if self.kind == "slow":
            left = 0.0 if turn.clock is None else turn.clock.remaining
            time.sleep(left + SLOW_PAST_CLOCK_SECONDS)
        if self.kind == "failure":
            raise BotFailure(Fault.PROTOCOL, "sent 'hello?' instead of an action")
        if self.kind == "reply":
            return Decision(first, reply_seconds=REPORTED_REPLY_SECONDS)
        return Decision(first)

    def game_over(self, final: State | None) -> None:
        if self.kind == "game-over":
            ended = "abandoned" if final is None else "played"
            raise RuntimeError(f"no cheese after the game ({ended})")


def _factory(kind: str):  # type: ignore[no-untyped-def]
    def build(params: Mapping[str, str]) -> FaultBot:
        if params:
            raise ValueError(f"fault-{kind} takes no parameters")
        return FaultBot(kind)

    build.__doc__ = f"A test bot whose fault is: {kind}."
    return build


raise_bot = _factory("raise")
illegal_bot = _factory("illegal")
none_bot = _factory("none")
sleep_bot = _factory("sleep")
exit_bot = _factory("exit")
sysexit_bot = _factory("sysexit")
interrupt_bot = _factory("interrupt")
segv_bot = _factory("segv")
kill_bot = _factory("kill")
print_bot = _factory("print")
slow_bot = _factory("slow")
failure_bot = _factory("failure")
reply_bot = _factory("reply")
game_over_bot = _factory("game-over")


def late_build_bot(params: Mapping[str, str]) -> FaultBot:
    """A test bot that cannot be built in a worker process."""
    if multiprocessing.parent_process() is not None:
        raise RuntimeError("no cheese in this process")
    return FaultBot("late-build")
