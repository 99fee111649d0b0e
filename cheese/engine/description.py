"""What the engine knows of one game, in one object per game.

Each game package exports its ``GAME`` (a ``GameDescription``) and the registry is the
list of those objects: adding a game means writing its package and its C file, then
listing its description once in ``cheese.engine.games``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from cheese.engine.api import Action, Game, GameInfo, OptionValue, ScoreSheet, Seat


class Information(Enum):
    """What a seat sees of the state (OpenSpiel's ``GameType.Information``)."""

    PERFECT = "perfect"
    """Every seat sees the whole state; only the future draws are unknown."""
    IMPERFECT = "imperfect"
    """Some of the state (cards in hand, covered lanes) is hidden from some seats."""


class NativeCodec(Protocol):
    """The Python half of a game's C engine: everything that is not on the hot path."""

    def parse_options(
        self, num_players: int, options: Mapping[str, OptionValue]
    ) -> tuple[Mapping[str, OptionValue], list[int]]:
        """The normalised options and the ints the C ``init`` takes."""
        ...

    def decode_view(
        self, seat: Seat, ints: Sequence[int], options: Mapping[str, OptionValue]
    ) -> object:
        """The game's view value from the ints the C ``view`` wrote."""
        ...

    def revealed_view(self, views: tuple[object, ...], state: bytes) -> object:
        """``State.revealed_view`` from every seat's view and the packed C state."""
        ...

    def action_to_string(self, view: object, action: Action) -> str: ...

    def parse_action(self, view: object, text: str) -> Action: ...


@dataclass(frozen=True, slots=True)
class GameDescription:
    """One game as the engine sees it: its facts, its two backends and its score sheet."""

    info: GameInfo
    """Slug, title, player counts and a one-line description."""
    information: Information
    reference_game: Callable[[], Game]
    """Makes the pure-Python game."""
    score_sheet: Callable[[str, str], ScoreSheet]
    """Scores a physical game written as text (``cheese score``): (text, source name)."""
    native_codec: NativeCodec
    c_prefix: str
    """The prefix of the game's C functions (``<prefix>_apply`` …) and file (``<prefix>.c``)."""
    view_json: Callable[[object], object]
    """A seat's view as JSON-able data (lists, numbers, strings), for bots in other
    languages; ``view.schema.json`` in the game's package describes it."""
    ended_early: Callable[[object], bool] = lambda view: False
    """Whether a seat's view of a finished game says it ended before its natural end
    (``State.ended_early`` of the native backend); games that cannot end early keep this."""

    @property
    def slug(self) -> str:
        return self.info.slug
