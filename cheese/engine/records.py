"""Game records: what was played, as JSON, and a replay that verifies it.

A record holds the game, its options, the players (bot specs or names), the deal seed,
every action in order — chance outcomes included — and the final scores. Replaying
checks that every action was legal, that every chance outcome is the one the deal seed
gives (paired luck), that the game ended, and that the scores match.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

import msgspec

from cheese.engine.api import Action, EngineError, OptionValue, RecordError, State
from cheese.engine.json_text import load_json, quoted
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import load_game
from cheese.engine.schemas import Problem, ProblemKind, conform

RECORD_FORMAT: Final = 1
SEED_LIMIT = 2**64
"""Deal seeds are 64-bit: from 0 to ``SEED_LIMIT - 1``."""
RESERVED_OPTIONS = ("num_players", "seed")
"""Names a record gives as fields of their own (players, seed), never as options."""

OptionJson = bool | int | str | tuple[int, ...]
"""An option's value as a record holds it (a tuple is written as a list of numbers)."""
OPTION_WORDS = "an option is a number, true or false, a word or a list of numbers"


class RecordFile(msgspec.Struct, frozen=True):
    """A game record's JSON, as ``GameRecord.to_json`` writes it. Other keys are left
    alone: a saved game adds ``play``."""

    game: str
    seed: int
    players: tuple[str, ...]
    actions: tuple[int, ...]
    scores: tuple[int, ...]
    options: dict[str, OptionJson]
    format: Literal[1] = RECORD_FORMAT


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One finished game, enough to replay it exactly."""

    game: str
    seed: int
    players: tuple[str, ...]
    options: tuple[tuple[str, OptionValue], ...]
    actions: tuple[Action, ...]
    scores: tuple[int, ...]

    @classmethod
    def of_game(
        cls, final: State, players: Sequence[str], actions: Sequence[Action]
    ) -> GameRecord:
        """The record of a game that ended in ``final`` after ``actions``."""
        return cls(
            game=final.game.info.slug,
            seed=final.seed,
            players=tuple(players),
            options=tuple(sorted(final.options.items())),
            actions=tuple(actions),
            scores=tuple(final.scores()),
        )

    def options_dict(self) -> dict[str, OptionValue]:
        return dict(self.options)

    def to_json(self) -> str:
        """The record as one JSON object (options' tuples become lists)."""
        return json.dumps(
            {
                "format": RECORD_FORMAT,
                "game": self.game,
                "options": {key: _to_json_value(value) for key, value in self.options},
                "players": list(self.players),
                "seed": self.seed,
                "actions": list(self.actions),
                "scores": list(self.scores),
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> GameRecord:
        """Read a record written by ``to_json``; raises ``RecordError`` if malformed."""
        try:
            data = load_json(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"the record is not valid JSON: {error}") from None
        read = conform(data, RecordFile, _record_problem)
        options = tuple(sorted(read.options.items()))
        return cls(read.game, read.seed, read.players, options, read.actions, read.scores)


def _record_problem(problem: Problem) -> RecordError:
    """The one-line message of JSON that is not a game record."""
    field = problem.top
    if not field:
        return RecordError("a record must be a JSON object")
    if field == "format":
        return RecordError(
            f"record format {problem.shown} is not {RECORD_FORMAT}; "
            "this record was written by another version of cheese"
        )
    if problem.kind is ProblemKind.MISSING:
        return RecordError(f"the record has no {field!r} field")
    if field == "options" and len(problem.path) > 1:
        return _unsupported_option(problem.path[1], problem.trail[1])
    if problem.in_item:
        return RecordError(f"every entry of the record's {field!r} must be {problem.allowed}")
    return RecordError(f"the record's {field!r} must be {problem.allowed}")


def _unsupported_option(key: object, value: object) -> RecordError:
    return RecordError(
        f"option {quoted(key)} has a value of unsupported type: {quoted(value)}; {OPTION_WORDS}"
    )


def replay(record: GameRecord, backend: str | None = None) -> State:
    """Replay ``record`` to its final state, verifying every step; ``RecordError`` if not."""
    state = replay_states(record, backend)[-1]
    if not state.is_terminal():
        raise RecordError(f"the record stops after {len(record.actions)} actions, before the end")
    if tuple(state.scores()) != record.scores:
        raise _scores_differ(state, record)
    return state


def _scores_differ(state: State, record: GameRecord) -> RecordError:
    return RecordError(
        f"the replay scores {list(state.scores())}, the record says {list(record.scores)}; "
        "the record was changed after the game was played"
    )


def replay_states(record: GameRecord, backend: str | None = None) -> list[State]:
    """Every state of ``record``, the initial one first, verifying each step.

    Unlike ``replay`` it accepts a record that stops before the end (a game left
    unfinished) or gives no scores; ``RecordError`` names a field of the wrong type or
    range (``check_fields``), the first action that is illegal, comes after the end, or
    is a chance outcome the deal seed does not give, and scores the end does not give.
    """
    check_fields(record)
    try:
        state = load_game(record.game, backend).new_initial_state(
            num_players=len(record.players), seed=record.seed, **record.options_dict()
        )
    except EngineError as error:
        raise RecordError(f"the record's game cannot be set up: {error}") from None
    states = [state]
    for index, action in enumerate(record.actions):
        if state.is_terminal():
            raise RecordError(f"action {index} ({action}) comes after the game ended")
        if state.is_chance_node():
            expected = resolve_chance(state)
            if action != expected:
                raise RecordError(
                    f"action {index}: chance outcome {action} is not the one seed "
                    f"{record.seed} gives ({expected})"
                )
        elif action not in state.legal_actions():
            raise RecordError(f"action {index} ({action}) is not legal there")
        state = state.apply(action)
        states.append(state)
    if state.is_terminal() and record.scores and tuple(state.scores()) != record.scores:
        raise _scores_differ(state, record)
    return states


def check_fields(record: GameRecord) -> None:
    """``RecordError`` unless every field of ``record`` has the type and range a record
    allows: it may come from a file or a database row that anyone can edit."""
    if not isinstance(record.game, str):
        raise RecordError(f"the record's game must be a game's name, not {quoted(record.game)}")
    if not _is_int(record.seed) or not 0 <= record.seed < SEED_LIMIT:
        raise RecordError(
            f"the record's seed must be from 0 to 2**64 - 1, not {quoted(record.seed)}"
        )
    if not all(isinstance(player, str) for player in record.players):
        raise RecordError("every entry of the record's 'players' must be a string")
    for key, value in record.options:
        if not isinstance(key, str):
            raise RecordError(f"the record's option name {quoted(key)} is not a string")
        if key in RESERVED_OPTIONS:
            raise RecordError(
                f"the record's options may not hold {key!r}: the record gives the "
                f"{'players' if key == 'num_players' else 'seed'} as a field of its own"
            )
        try:
            msgspec.convert(value, OptionJson)
        except msgspec.ValidationError:
            raise _unsupported_option(key, value) from None
    for name, numbers in (("actions", record.actions), ("scores", record.scores)):
        if not all(_is_int(number) for number in numbers):
            raise RecordError(f"every entry of the record's {name!r} must be a whole number")


def _to_json_value(value: OptionValue) -> object:
    return list(value) if isinstance(value, tuple) else value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
