"""The one run loop of duels, tournaments and calibrations: hand out a plan's games, play
them on a player, settle them, store them, and let a policy count them.

What is the same for every run is written here once: the schedule's jobs in job order,
those stored before skipped, each handed-out job's number remembered, the outcomes settled
(``cheese.referee.pool.settle``), every game stored in its own transaction when the run
has a store, no new job once a stop is requested, and the player's outcomes closed (its
workers stopped) however the loop ends. Where the games are played is the ``Player``'s
business (``local_player`` or ``cluster_player``). What differs is the ``RunPolicy``'s:
a duel counts its games deal by deal and may stop early on its SPRT, and a game that
could not be played ends it; a tournament counts what it stored and notes the games it
could not play, for a resumed run to play them again.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import Protocol

from cheese.referee.jobs import GameJob, GameResult, Plan
from cheese.referee.pool import Player, Unplayed, settle
from cheese.store import ResultsStore, StoredTournament
from cheese.tournaments.schedule import Schedule


class StopRequest:
    """Set when the person asks the run to stop (Ctrl-C, or a SIGTERM or SIGHUP from
    ``kill``, a logout or a job scheduler): no new game is handed out."""

    __slots__ = ("requested", "signal")

    def __init__(self) -> None:
        self.requested = False
        self.signal: int | None = None
        """The signal that asked first (None: the run's own code asked, or none has)."""

    def request(self, signal_number: int) -> None:
        """Stop because of ``signal_number``; the first signal is the one remembered."""
        if self.signal is None:
            self.signal = signal_number
        self.requested = True


@dataclass(frozen=True, slots=True)
class StoredRun:
    """Where a run stores its games: the store and the tournament's row there."""

    store: ResultsStore
    tournament: StoredTournament


class RunPolicy(Protocol):
    """What a kind of run decides for itself while the loop plays its games."""

    def skips(self, number: int) -> bool:
        """Whether job ``number``, about to be handed out, is left out after all (a
        tournament leaves out a game another run stored meanwhile)."""

    def unplayed(self, game: Unplayed) -> None:
        """A game could not be played through no bot's fault (raise to end the run)."""

    def finished(self, result: GameResult, kept: bool) -> bool:
        """A game was played; ``kept`` is false when another run had stored it first.
        True ends the run (the games in flight are dropped)."""


def play_plan(
    plan: Plan,
    player: Player,
    policy: RunPolicy,
    *,
    done: Collection[int] = (),
    stored: StoredRun | None = None,
    stop: StopRequest | None = None,
) -> None:
    """Play the jobs of ``plan`` not in ``done`` on ``player``, storing each in
    ``stored`` (when given) and telling ``policy``, until they are all played, the policy
    ends the run or ``stop`` is requested.

    Exceptions (a ``KeyboardInterrupt`` too) pass through, after the player's outcomes
    are closed.
    """
    schedule = Schedule(plan)
    in_flight: dict[GameJob, int] = {}

    def handed_out() -> Iterator[GameJob]:
        for number, job in schedule.jobs(skip=done):
            if stop is not None and stop.requested:
                return
            if policy.skips(number):
                continue
            in_flight[job] = number
            yield job

    outcomes = player(handed_out())
    try:
        for outcome in outcomes:
            result = settle(outcome)
            number = in_flight.pop(result.job)
            if isinstance(result, Unplayed):
                policy.unplayed(result)
                continue
            kept = True
            if stored is not None:
                kept = stored.store.add(stored.tournament.id, number, result)
            if policy.finished(result, kept):
                return
    finally:
        close = getattr(outcomes, "close", None)
        if close is not None:
            close()
