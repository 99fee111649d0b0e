"""What a bot is given, what it answers, and the protocol every bot follows.

A bot never holds the true state. It is handed a ``Turn``: the acting seat, that seat's
view, the legal actions, and a way to draw full states consistent with the view
(``determinize``); and the other seats' decisions so far as the seat saw them
(``Sighting``: its views before and after each, and worlds drawn from what it knew
then). Whatever the bot does with those, it cannot see another seat's cards.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, Protocol, Self, TypeVar

from cheese.bots.faults import Fault
from cheese.engine import Action, Game, Seat, State
from cheese.engine.api import OptionValue


class BotSpecError(ValueError):
    """A bot spec string that names no bot, an unknown key or a bad value."""


class BotFailure(Exception):
    """A bot could not decide, for a reason the referee stores as a forfeit kind.

    ``kind`` is the ``Fault`` to store (an external bot raises ``timeout``, ``stall``,
    ``protocol``, ``crash`` or ``illegal``); the message says what happened, for the log.
    A kind given as a word is read as a ``Fault`` at once, so a misspelt one raises
    ``ValueError`` where it is written.
    """

    def __init__(self, kind: Fault, message: str) -> None:
        super().__init__(message)
        self.kind = Fault(kind)


class TopMeasure(StrEnum):
    """What the numbers of a decision's ``top`` are (hints show shares as percentages)."""

    VISIT_SHARE = "visit share"
    VALUE = "value"


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's answer: the action, plus a small record for hints and logs."""

    action: Action
    info: Mapping[str, float | int | str] = field(default_factory=dict)
    top: tuple[tuple[Action, float], ...] = ()
    """The best few actions considered, best first, each with ``top_measure`` (for hints)."""
    top_measure: TopMeasure | None = None
    """What the numbers of ``top`` are (None without ``top``)."""
    reply_seconds: float | None = None
    """How long the bot took to answer by its own measure (an external bot: the round
    trip of its reply line), or ``None`` to leave the timing to the referee's clock."""
    shares: Mapping[Action, float] | None = None
    """How the choice leaned, when the bot can tell: each action's share of it (a
    search's root visits), summing to 1; ``None`` when it cannot. A reading of the
    player the bot stands in for weighs each world's plays by it
    (``cheese.bots.evaluation.get_the_cheese.play_odds``)."""


TOP_CHOICES = 5
"""How many of its best actions a bot lists in ``Decision.top``: a few, for a hint."""


def top_choices(scores: Mapping[Action, float]) -> tuple[tuple[Action, float], ...]:
    """The ``TOP_CHOICES`` best actions by score, best first; ties by lower action.

    >>> top_choices({4: 0.5, 2: 0.5, 7: 0.9})
    ((7, 0.9), (2, 0.5), (4, 0.5))
    """
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))
    return tuple(ranked[:TOP_CHOICES])


def best_valued(
    actions: Sequence[Action], values: Sequence[float], rng: random.Random
) -> tuple[Action, float]:
    """The action of the highest value, and that value; exact ties are broken by ``rng``,
    which is drawn from only on a tie.

    >>> best_valued([4, 2, 7], [0.5, 0.9, 0.1], random.Random(0))
    (2, 0.9)
    """
    best_value = max(values)
    best = [action for action, value in zip(actions, values) if value == best_value]
    return (best[rng.randrange(len(best))] if len(best) > 1 else best[0]), best_value


@dataclass(frozen=True, slots=True)
class Clock:
    """The acting seat's game clock at the start of its decision (``--tc BASE+INC``).

    ``remaining`` is what is left of the seat's time for the game, before the increment
    this move earns; running out of it forfeits the game.
    """

    remaining: float
    """Seconds left on the seat's clock."""
    increment: float
    """Seconds added to the clock after each move."""
    margin: float = 0.0
    """Seconds the clock may fall below zero before the seat loses (``--tc-margin``)."""


class Sighting:
    """Another seat's decision as a watching seat knew it: the watcher's information set
    before the decision, and what it saw of the move (its view after it).

    Like a ``Turn``, it never hands out the true state: only the watcher's views, and
    full states drawn consistently with what the watcher knew before the move.
    """

    __slots__ = ("_before", "_action", "seat", "index")

    def __init__(self, before: State, action: Action, seat: Seat, index: int) -> None:
        self._before = before
        self._action = action
        self.seat = seat
        """The watching seat."""
        self.index = index
        """The decision's place among the game's decisions (0 for the first)."""

    @property
    def actor(self) -> Seat:
        """The seat that decided."""
        return self._before.current_player

    @property
    def game(self) -> Game:
        return self._before.game

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The game's options (its composition, its rules), which every seat knows."""
        return self._before.options

    @property
    def view_before(self) -> object:
        """What the watcher knew before the move."""
        return self._before.view(self.seat)

    @property
    def view_after(self) -> object:
        """What the watcher knew once the move was made: what it saw of it."""
        return self._before.apply(self._action).view(self.seat)

    def determinize(self, rng: random.Random) -> State:
        """A full state before the move, drawn uniformly among those consistent with
        what the watcher knew then."""
        return self._before.determinize(self.seat, rng)

    def determinize_by_odds(self, rng: random.Random, card_odds: Sequence[int]) -> State:
        """A full state before the move, drawn among those consistent with what the
        watcher knew then, the cards on the table it could not see by ``card_odds``
        (``State.determinize_by_odds``)."""
        return self._before.determinize_by_odds(self.seat, rng, card_odds)


Decided = tuple[State, Action]
"""A decision of the game so far: the state it was made in and the action chosen."""


def decisions_of_history(states: Sequence[State], actions: Sequence[Action]) -> tuple[Decided, ...]:
    """The decisions among a game's ``actions``, each with the state it was played in
    (``states[i]`` before ``actions[i]``), chance left out: the ``past`` of a ``Turn``."""
    return tuple(
        (state, action)
        for state, action in zip(states, actions, strict=True)
        if not state.is_chance_node()
    )


class Turn:
    """The acting seat's information set: everything a bot may use to choose."""

    __slots__ = ("_state", "seat", "clock", "move_time", "_legal", "_past")

    def __init__(
        self,
        state: State,
        seat: Seat,
        clock: Clock | None = None,
        move_time: float | None = None,
        past: Sequence[Decided] = (),
    ) -> None:
        if state.current_player != seat:
            raise ValueError(f"seat {seat} is not to act (current player {state.current_player})")
        self._state = state
        self.seat = seat
        self.clock = clock
        """The seat's game clock, or ``None`` when the game is not played on a clock."""
        self.move_time = move_time
        """The limit per decision in seconds (``--move-time``), or ``None``."""
        self._legal: tuple[Action, ...] | None = None
        self._past = past

    @property
    def game(self) -> Game:
        return self._state.game

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def options(self) -> Mapping[str, OptionValue]:
        """The game's options, defaults filled in: every seat knows them."""
        return self._state.options

    @property
    def view(self) -> object:
        """What the acting seat knows (the game's view value)."""
        return self._state.view(self.seat)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions, ascending: asked of the state once per turn (the bot
        and the referee's check of its answer both need them), and a new list each time,
        as a bot may change the one it was given."""
        legal = self._legal
        if legal is None:
            legal = self._legal = tuple(self._state.legal_actions())
        return list(legal)

    def view_json_text(self) -> bytes | None:
        """The acting seat's view as the JSON of the game's ``view_json``, when the
        engine writes it without building the view; ``None`` when it does not."""
        return self._state.view_json_text(self.seat)

    def notation_key(self) -> int | None:
        """What the legal actions' notation depends on besides their numbers, when the
        engine tells it (``State.notation_key``); ``None`` when it does not."""
        return self._state.notation_key()

    def determinize(self, rng: random.Random) -> State:
        """A full state drawn uniformly among those consistent with the seat's view."""
        return self._state.determinize(self.seat, rng)

    def sightings(self) -> tuple[Sighting, ...]:
        """The other seats' decisions so far in the game, each as this seat knew it, in
        the order they were made; none where the caller kept no record of the game (a
        bot must play on without them)."""
        return tuple(
            Sighting(state, action, self.seat, index)
            for index, (state, action) in enumerate(self._past)
            if state.current_player != self.seat
        )

    def action_to_string(self, action: Action) -> str:
        return self._state.action_to_string(action)


class Bot(Protocol):
    """Anything that chooses an action for a ``Turn``; bots never print.

    A bot may also define ``game_over(final: State | None) -> None``: the referee calls
    it once the game has ended, with the final state, or with ``None`` when the game was
    abandoned (a seat forfeited). Bots that keep a process or a connection use it, and
    ``begin_game(initial, seat, rng, clock)``, called before the game's first decision
    outside its time limits (to start a process, say), and ``prepare_game(initial)``,
    called for every seat before any ``begin_game`` (to start that process without
    waiting for it).
    """

    @property
    def spec(self) -> str:
        """The spec string that recreates this bot, e.g. ``mcts:iterations=2000``."""
        ...

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        """Choose one of ``turn.legal_actions()``, drawing randomness only from ``rng``."""
        ...


class BotConfig(Protocol):
    """A bot's checked settings: read from a spec's parameters, written back as a spec."""

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> Self: ...

    @property
    def spec(self) -> str: ...


ConfigT = TypeVar("ConfigT", bound=BotConfig)


class ConfiguredBot(Generic[ConfigT]):
    """A bot whose settings are one config value: made from a spec's parameters, it
    answers with the spec its config writes. Subclasses name the config class."""

    __slots__ = ("config",)

    config_type: type[ConfigT]

    def __init__(self, config: ConfigT | None = None) -> None:
        self.config = self.config_type.from_params({}) if config is None else config

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> Self:
        return cls(cls.config_type.from_params(params))

    @property
    def spec(self) -> str:
        return self.config.spec

    @property
    def wants_clock(self) -> bool:
        """Whether it budgets the game clock (a config with ``time=auto``): it needs one
        to be kept."""
        return getattr(self.config, "wants_clock", False) is True
