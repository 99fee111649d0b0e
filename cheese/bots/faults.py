"""The kinds of fault that forfeit a game: one enum, raised by bots and stored by the
referee.

A ``BotFailure`` carries one of them, the referee turns its own findings (an illegal
answer, a move overrun, a killed worker) into others, and the results store keeps their
values in its ``fault`` column. The values are the stored words: new kinds may be added,
none is ever renamed, so every database stays readable.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import StrEnum


class Fault(StrEnum):
    """Why a seat forfeited a game, as stored in the results' ``fault`` column."""

    ILLEGAL = "illegal"
    """It chose an action that is not legal there, or answered no decision at all."""
    RAISED = "raised"
    """Its ``choose`` raised (``KeyboardInterrupt`` and ``SystemExit`` included)."""
    OVERRAN = "overran"
    """It returned, but later than the move time allows."""
    HUNG = "hung"
    """It did not return within the hard limit; its worker was killed. A bot in Python:
    an external bot's own limits end its wait first (``timeout``), so its worker lives."""
    CRASHED = "crashed"
    """The worker process running it died while it was deciding, on the game's every
    attempt (a bot in Python: its own process is the worker's)."""
    NOT_BUILT = "not_built"
    """Its spec was accepted but building its bot for the game failed."""
    TIMEOUT = "timeout"
    """Its game clock (``--tc``) ran out while it was deciding, or an external bot did
    not answer within its time (its clock and ``--tc-margin``, its ``move_seconds``, or
    ``--move-time`` and its grace)."""
    STALL = "stall"
    """An external bot did not answer ``hello`` with ``ready`` within the start-up limit
    (or did not in two starts in a row, and is not started again in the run)."""
    PROTOCOL = "protocol"
    """An external bot sent a line that breaks the protocol (unparseable, oversized, of
    the wrong type, sequence number or game, sent before it was asked, naming a protocol
    version the referee does not speak), refused its settings, or declined the game."""
    CRASH = "crash"
    """An external bot's own process exited (told at once, whatever still holds its
    pipes) or closed its pipe (the worker running the game lives on; the bot is started
    again for its next game)."""

    @property
    def words(self) -> str:
        """The kind as the tables and summaries show it.

        >>> Fault.HUNG.words
        'hung (worker killed)'
        """
        return _FAULT_WORDS[self]

    def why(self, error: str | None) -> str:
        """Why a game was forfeited for this kind, as the summaries give it: the referee's
        stored ``error``, or the kind's words when it stored none.

        >>> Fault.HUNG.why(None), Fault.HUNG.why("bot 'x' hung at act 2")
        ('hung (worker killed)', "bot 'x' hung at act 2")
        """
        return error or self.words


def fault_counts(counts: Iterable[tuple[Fault, int]]) -> str:
    """How many forfeits of each kind, as the summaries show them beside their total: the
    count after the kind's words and a colon, so that it never reads as part of them (an
    exit code); one kind alone by its words, as the total is its count.

    >>> fault_counts([(Fault.CRASH, 4), (Fault.TIMEOUT, 1)])
    'bot process exited: 4, lost on time: 1'
    >>> fault_counts([(Fault.CRASH, 4)])
    'bot process exited'
    """
    kinds = list(counts)
    if len(kinds) == 1:
        return kinds[0][0].words
    return ", ".join(f"{kind.words}: {count}" for kind, count in kinds)


_FAULT_WORDS = {
    Fault.ILLEGAL: "illegal action",
    Fault.RAISED: "raised an error",
    Fault.OVERRAN: "overran the move time",
    Fault.HUNG: "hung (worker killed)",
    Fault.CRASHED: "crashed (worker died)",
    Fault.NOT_BUILT: "could not be built",
    Fault.TIMEOUT: "lost on time",
    Fault.STALL: "stalled at start-up",
    Fault.PROTOCOL: "broke the protocol",
    Fault.CRASH: "bot process exited",
}
