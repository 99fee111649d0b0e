"""What the readers give back: a stored tournament with its progress, and a stored game."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from cheese.referee.jobs import Fault


@dataclass(frozen=True, slots=True)
class StoredTournament:
    """A tournament's row and how far it has got; ``faults`` counts its forfeits by kind."""

    id: int
    name: str
    settings: Mapping[str, object]
    total_games: int
    created: str
    version: str
    games_done: int = 0
    faults: Mapping[Fault, int] = field(default_factory=dict)
    first_game_id: int | None = None
    last_game_id: int | None = None

    @property
    def forfeits(self) -> int:
        return sum(self.faults.values())


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One stored game: played to the end, or forfeited by seat ``forfeit`` for ``fault``
    (then ``scores`` is ``None`` and ``error`` says why). ``replies`` holds each seat's
    reply times in seconds, ``None`` for a game stored before they were kept."""

    id: int
    job: int
    deal: int
    rotation: int
    table: int
    seats: tuple[str, ...]
    entrants: tuple[int, ...]
    scores: tuple[int, ...] | None
    ranking: tuple[int, ...]
    seconds: float
    forfeit: int | None
    fault: Fault | None
    error: str | None
    replies: tuple[tuple[float, ...], ...] | None = None
    finished: bool = True
    """Whether it reached its natural end (false: ended early, or forfeited)."""
