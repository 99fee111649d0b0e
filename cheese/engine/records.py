"""Game records: what was played, as JSON, and a replay that verifies it.

A record holds the game, its options, the players (bot specs or names), the deal seed,
every action in order — chance outcomes included — and the final scores. Replaying
checks that every action was legal, that every chance outcome is the one the deal seed
gives (paired luck), that the game ended, and that the scores match.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from cheese.engine.api import Action, EngineError, OptionValue, RecordError, State
from cheese.engine.json_text import load_json, quoted
from cheese.engine.luck import resolve_chance
from cheese.engine.registry import load_game

RECORD_FORMAT = 1
SEED_LIMIT = 2**64
"""Deal seeds are 64-bit: from 0 to ``SEED_LIMIT - 1``."""
RESERVED_OPTIONS = ("num_players", "seed")
"""Names a record gives as fields of their own (players, seed), never as options."""

Value = TypeVar("Value")
_KIND_WORDS: dict[type, str] = {
    int: "a whole number", str: "a string", list: "a list", dict: "an object"
}
"""How a message names the JSON kind a field must have."""


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
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format", RECORD_FORMAT) != RECORD_FORMAT:
            raise RecordError(
                f"record format {quoted(data.get('format'))} is not {RECORD_FORMAT}; "
                "this record was written by another version of cheese"
            )
        game = _typed_field(data, "game", str)
        seed = _typed_field(data, "seed", int)
        players = _list_field(data, "players", str)
        actions = _list_field(data, "actions", int)
        scores = _list_field(data, "scores", int)
        raw_options = _typed_field(data, "options", dict)
        options = tuple(
            sorted((str(key), _from_json_value(key, value)) for key, value in raw_options.items())
        )
        return cls(game, seed, tuple(players), options, tuple(actions), tuple(scores))


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
        _from_json_value(key, list(value) if isinstance(value, tuple) else value)
    for name, numbers in (("actions", record.actions), ("scores", record.scores)):
        if not all(_is_int(number) for number in numbers):
            raise RecordError(f"every entry of the record's {name!r} must be a whole number")


def _to_json_value(value: OptionValue) -> object:
    return list(value) if isinstance(value, tuple) else value


def _from_json_value(key: str, value: object) -> OptionValue:
    if isinstance(value, bool | int | str):
        return value
    if isinstance(value, list) and all(isinstance(item, int) for item in value):
        return tuple(value)
    raise RecordError(
        f"option {quoted(key)} has a value of unsupported type: {quoted(value)}; an option "
        "is a number, true or false, a word or a list of numbers"
    )


def _typed_field(data: Mapping[str, object], name: str, kind: type[Value]) -> Value:
    if name not in data:
        raise RecordError(f"the record has no {name!r} field")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"the record's {name!r} must be {_KIND_WORDS[kind]}")
    return value


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list_field(data: Mapping[str, object], name: str, kind: type[Value]) -> list[Value]:
    items = _typed_field(data, name, list)
    for item in items:
        if not isinstance(item, kind) or (kind is int and isinstance(item, bool)):
            raise RecordError(f"every entry of the record's {name!r} must be {_KIND_WORDS[kind]}")
    return items
