"""What the project knows of one game, in one object per game: its one registration.

Each game package exports its ``GAME`` (a ``GameDescription``) and the registry is the
list of those objects (``cheese.engine.games``). Everything per game is found through
it: the engine's own facts and backends directly, and what the layers above define for
the game (its evaluation, terminal renderer, level ladder, tensor encoding) by an
``Extension`` naming where it lives, imported only when asked for. Adding a game means
writing its package and its C file, then listing its description once.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from typing import Generic, Protocol, TypeVar

from cheese.engine.api import Action, Game, GameInfo, OptionValue, ScoreSheet, Seat
from cheese.engine.extension import Extension
from cheese.engine.facts import GameFacts
from cheese.engine.views import ViewType

ViewT = TypeVar("ViewT")
RevealedT = TypeVar("RevealedT")


class Information(Enum):
    """What a seat sees of the state (OpenSpiel's ``GameType.Information``)."""

    PERFECT = "perfect"
    """Every seat sees the whole state; only the future draws are unknown."""
    IMPERFECT = "imperfect"
    """Some of the state (cards in hand, covered lanes) is hidden from some seats."""


class NativeCodec(Protocol):
    """The Python half of a game's C engine, as the game-blind bridge calls it."""

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

    def actions_to_strings(self, view: object, actions: Sequence[Action]) -> list[str]:
        """Each of ``actions`` in the game's notation, ``view`` checked once."""
        ...

    def parse_action(self, view: object, text: str) -> Action: ...


class ViewCodec(ABC, Generic[ViewT, RevealedT]):
    """A game's codec written for the game's own view type.

    The game writes the typed methods; the bridge, which holds any game's views, calls
    the ``NativeCodec`` ones, which check a view once (``view_type``) and hand it on.
    """

    __slots__ = ()

    @property
    @abstractmethod
    def view_type(self) -> ViewType[ViewT]: ...

    @abstractmethod
    def parse_options(
        self, num_players: int, options: Mapping[str, OptionValue]
    ) -> tuple[Mapping[str, OptionValue], list[int]]:
        """The normalised options and the ints the C ``init`` takes."""

    @abstractmethod
    def decode_view(
        self, seat: Seat, ints: Sequence[int], options: Mapping[str, OptionValue]
    ) -> ViewT:
        """The game's view value from the ints the C ``view`` wrote."""

    @abstractmethod
    def reveal(self, views: tuple[ViewT, ...], state: bytes) -> RevealedT:
        """``State.revealed_view`` from every seat's view and the packed C state."""

    @abstractmethod
    def name_action(self, view: ViewT, action: Action) -> str:
        """``action`` in the game's notation, for the seat whose view is ``view``."""

    @abstractmethod
    def read_action(self, view: ViewT, text: str) -> Action:
        """The action ``text`` names for the seat whose view is ``view``."""

    def revealed_view(self, views: tuple[object, ...], state: bytes) -> RevealedT:
        return self.reveal(tuple(map(self.view_type.of, views)), state)

    def action_to_string(self, view: object, action: Action) -> str:
        return self.name_action(self.view_type.of(view), action)

    def actions_to_strings(self, view: object, actions: Sequence[Action]) -> list[str]:
        typed = self.view_type.of(view)
        return [self.name_action(typed, action) for action in actions]

    def parse_action(self, view: object, text: str) -> Action:
        return self.read_action(self.view_type.of(view), text)


def _never_ended_early(view: object) -> bool:
    return False


VIEW_SCHEMA_FILE = "view.schema.json"
"""The JSON Schema of a game's view, in the game's package."""


@dataclass(frozen=True, slots=True)
class GameDescription:
    """One game: its facts, its two backends, its score sheet, and where each layer above
    keeps what it wrote for the game."""

    info: GameInfo
    """Slug, title, player counts (with the default) and a one-line description."""
    information: Information
    reference_game: Callable[[], Game]
    """Makes the pure-Python game."""
    score_sheet: Callable[[str, str], ScoreSheet]
    """Scores a physical game written as text (``cheese score``): (text, source name)."""
    native_codec: NativeCodec
    c_prefix: str
    """The prefix of the game's C functions (``<prefix>_apply`` …) and file (``<prefix>.c``)."""
    view_type: ViewType[object]
    """The class of a seat's view (``State.view``), which game code takes as its own."""
    view_json: Callable[[object], object]
    """A seat's view as JSON-able data (lists, numbers, strings), for bots in other
    languages; ``view.schema.json`` in the game's package describes it."""
    facts: Callable[[int, Mapping[str, OptionValue]], GameFacts]
    """The fixed sizes and bounds for a player count and the normalised options (what
    OpenSpiel and PettingZoo must be told up front)."""
    renderer: Extension
    """The terminal renderer (``cheese.cli.play.renderer.Renderer``)."""
    tensor_encoding: Extension
    """A seat's view as a float tensor (``cheese.adapters.tensors.Encoding``)."""
    evaluation: Extension | None = None
    """A factory of the bots' evaluation (``cheese.bots.search.evaluator.Evaluator``) for
    greedy's one ply and the searches' leaves; None: the generic evaluation."""
    ladder: Extension | None = None
    """The candidate play levels at each table size (``cheese.levels.ladders.GameLadders``);
    None: no levels."""
    tie_breakers: tuple[str, ...] = ()
    """What the entries after the points in ``State.rank_keys`` count, in order, for the
    standings ("king mice"); none: equal points share the place."""
    ended_early: Callable[[object], bool] = _never_ended_early
    """Whether a seat's view of a finished game says it ended before its natural end
    (``State.ended_early`` of the native backend); games that cannot end early keep this."""

    @property
    def slug(self) -> str:
        return self.info.slug

    @property
    def package(self) -> str:
        """The game's package (``cheese.engine.<package>``), where its files ship."""
        return type(self.native_codec).__module__.rpartition(".")[0]

    def view_schema_text(self) -> str:
        """The JSON Schema of a seat's view (``view_json``), as the package ships it."""
        shipped = resources.files(self.package).joinpath(VIEW_SCHEMA_FILE)
        return shipped.read_text(encoding="utf-8")
