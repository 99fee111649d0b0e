"""The engine contract: what every game and every state offers, whatever the backend.

The shape follows OpenSpiel so that an adapter stays trivial: a state knows whose turn
it is (a seat, ``CHANCE`` or ``TERMINAL``), lists its legal actions in one canonical
order, and ``apply`` returns a *new* state. States are immutable values: equal content
means equal states and equal hashes.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias

Seat: TypeAlias = int
Action: TypeAlias = int

CHANCE: Seat = -1
"""``current_player`` at a chance node (same value as OpenSpiel)."""
TERMINAL: Seat = -4
"""``current_player`` once the game is over (same value as OpenSpiel)."""

OptionValue: TypeAlias = "int | bool | str | tuple[int, ...]"


class EngineError(Exception):
    """Base class of every error the engine raises on purpose."""


class IllegalActionError(EngineError, ValueError):
    """An action that is not legal in the state it was applied to."""


class NotAChanceNodeError(IllegalActionError):
    """A question only a chance node answers (``chance_key``) asked at another state."""


class ActionSyntaxError(EngineError, ValueError):
    """Text that does not name an action of the game."""


class OptionError(EngineError, ValueError):
    """A bad player count or game option; the message lists what is allowed."""


class SheetError(EngineError, ValueError):
    """A malformed score sheet; the message names the source, line and token."""


class RecordError(EngineError, ValueError):
    """A game record that is malformed or does not replay to what it claims."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Facts about a game that do not depend on a particular state."""

    slug: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    description: str

    def check_players(self, num_players: int | None) -> int:
        """The player count: ``None`` means the default; otherwise one the game allows.

        Raises ``OptionError`` naming the allowed counts.
        """
        if num_players is None:
            return self.default_players
        if (
            isinstance(num_players, bool)
            or not isinstance(num_players, int)
            or not self.min_players <= num_players <= self.max_players
        ):
            if self.min_players == self.max_players:
                raise OptionError(
                    f"{self.title} is played by {self.min_players} "
                    f"{'player' if self.min_players == 1 else 'players'}: "
                    f"num_players={num_players!r} is not allowed; use "
                    f"num_players={self.min_players} (or leave it out)"
                )
            *fewer, most = [str(count) for count in range(self.min_players, self.max_players + 1)]
            allowed = f"{', '.join(fewer)} or {most}"
            raise OptionError(
                f"{self.title} is played by {self.min_players} to {self.max_players} players; "
                f"num_players={num_players!r} is not allowed; pass {allowed}"
            )
        return num_players


class ScoreSheet(Protocol):
    """The result of scoring a physical game from a text file (``cheese score``)."""

    def as_json(self) -> dict[str, object]:
        """The result as a JSON-ready mapping (the documented ``--json`` shape)."""
        ...

    def as_text(self) -> str:
        """The result as a few human-readable lines."""
        ...


class Game(ABC):
    """A game looked up by slug; it makes initial states."""

    info: GameInfo
    backend: str

    @abstractmethod
    def new_initial_state(
        self, num_players: int | None = None, seed: int = 0, **options: OptionValue
    ) -> State:
        """The state before any chance event or move.

        ``num_players`` defaults to ``info.default_players``; ``seed`` drives every chance
        event through the paired-luck sampler (``cheese.engine.luck``). Unknown options or
        bad values raise ``OptionError`` naming the allowed ones.
        """

    @abstractmethod
    def default_options(self) -> dict[str, OptionValue]:
        """Every option of the game with its default value."""

    def __repr__(self) -> str:
        return f"load_game({self.info.slug!r}, backend={self.backend!r})"


class State(ABC):
    """An immutable game position. Subclasses are value types."""

    __slots__ = ()

    # --- identity -------------------------------------------------------------------
    @property
    @abstractmethod
    def game(self) -> Game:
        """The game this state belongs to."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """How many seats the game has."""

    @property
    @abstractmethod
    def seed(self) -> int:
        """The deal seed; paired-luck chance outcomes derive from it."""

    @property
    @abstractmethod
    def options(self) -> Mapping[str, OptionValue]:
        """The full, normalised option set of this game (defaults filled in)."""

    # --- whose turn -----------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> Seat:
        """The seat to act, or ``CHANCE``, or ``TERMINAL``."""

    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    # --- moves ----------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Legal actions of the seat to act, in the game's canonical (ascending) order.

        At a chance node these are the possible outcomes; at a terminal state, empty.
        """

    @abstractmethod
    def chance_weights(self) -> list[tuple[Action, int]]:
        """Chance outcomes with integer weights (exact; probabilities are weight/total)."""

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Chance outcomes with their probabilities, as OpenSpiel gives them."""
        weights = self.chance_weights()
        total = sum(weight for _, weight in weights)
        return [(action, weight / total) for action, weight in weights]

    @abstractmethod
    def chance_key(self) -> int:
        """The name of the pending chance event as a 64-bit integer (paired luck).

        Two states whose pending events have the same key and the same weights get the
        same outcome from the paired-luck sampler, whatever happened elsewhere. Raises
        ``NotAChanceNodeError`` at a decision or terminal state.
        """

    @abstractmethod
    def apply(self, action: Action) -> State:
        """The state after ``action``; raises ``IllegalActionError`` if it is not legal."""

    # --- outcome --------------------------------------------------------------------
    @abstractmethod
    def scores(self) -> tuple[int, ...]:
        """Game points per seat banked so far (the final points once terminal)."""

    @abstractmethod
    def rank_keys(self) -> tuple[tuple[int, ...], ...]:
        """Per seat, the key the ranking compares (higher is better, tuples compare
        lexicographically): the score followed by the game's tie-breakers."""

    def ended_early(self) -> bool:
        """Whether the game is over before its natural end, lost early (Cheese Chasers:
        trapped or enclosed). Games that cannot end early never do."""
        return False

    def ranking(self) -> tuple[int, ...]:
        """Places per seat, 1 = first; tied seats share the better place (1, 1, 3)."""
        keys = self.rank_keys()
        return tuple(1 + sum(1 for other in keys if other > key) for key in keys)

    # --- information ----------------------------------------------------------------
    @abstractmethod
    def view(self, seat: Seat) -> object:
        """Exactly what ``seat`` knows, as an immutable, hashable value."""

    def revealed_view(self) -> object:
        """Everything about the position, for an onlooker who sees it all (a replay with
        everything revealed); never what a seat may use.

        By default the tuple of every seat's view, in seat order. A game whose hidden part
        no seat sees (Cheese Drop's lanes under the cover) adds that part.
        """
        return tuple(self.view(seat) for seat in range(self.num_players))

    def view_json_text(self, seat: Seat) -> bytes | None:
        """``seat``'s view as the compact JSON of the game's ``view_json``, when the
        backend writes it without building the view (the C engine does); ``None`` here,
        where it is encoded from ``view``."""
        return None

    def notation_key(self) -> int | None:
        """At a decision, what its actions' notation depends on besides their numbers,
        when the backend tells it without building a view: under equal keys, equal
        numbers read the same. ``None`` here, where the view names them."""
        return None

    @abstractmethod
    def determinize(self, seat: Seat, rng: random.Random) -> State:
        """A full state drawn uniformly among those consistent with ``view(seat)``.

        The result depends only on ``view(seat)`` and ``rng``, never on what ``seat``
        cannot see; ``view(seat)`` of the result equals ``view(seat)`` of ``self``.
        """

    def determinize_by_odds(
        self, seat: Seat, rng: random.Random, card_odds: Sequence[int]
    ) -> State:
        """A full state drawn like ``determinize``, each card on the table ``seat``
        cannot see drawn by ``card_odds``, odds per card and kind in the layout of the
        game's C search; a ``ValueError`` in a game without such cards (Get The Cheese!
        has them, its face-down cards)."""
        raise ValueError(f"{self.game.info.slug} deals no cards by their odds")

    # --- notation -------------------------------------------------------------------
    @abstractmethod
    def action_to_string(self, action: Action) -> str:
        """Readable text for ``action`` in this state; ``parse_action`` reads it back."""

    @abstractmethod
    def parse_action(self, text: str) -> Action:
        """The action that ``text`` names in this state; raises ``ActionSyntaxError``."""
