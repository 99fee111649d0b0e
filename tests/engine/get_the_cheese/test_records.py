"""Game records: a played game round-trips through JSON and replays to the same end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cheese.engine import RecordError
from cheese.engine.get_the_cheese import ReferenceGame
from cheese.engine.records import GameRecord, replay

from ...random_games import random_game


def test_a_record_round_trips_and_replays(game: ReferenceGame) -> None:
    start = game.new_initial_state(num_players=5, seed=2024, start_player=3)
    final, actions = random_game(start, random.Random(1))
    record = GameRecord.of_game(final, ["a", "b", "c", "d", "e"], actions)
    text = record.to_json()
    assert GameRecord.from_json(text) == record
    assert replay(GameRecord.from_json(text), backend="reference") == final
    assert dict(record.options)["start_player"] == 3


def test_options_survive_the_record(game: ReferenceGame) -> None:
    start = game.new_initial_state(
        num_players=3, seed=5, composition=(4, 1, 1, 1, 1, 1, 0), cheese_values=(1, 2, 3, 4, 5, 6)
    )
    final, actions = random_game(start, random.Random(2))
    record = GameRecord.from_json(GameRecord.of_game(final, ["x", "y", "z"], actions).to_json())
    assert replay(record, backend="reference").options == final.options


def test_a_tampered_record_is_refused(game: ReferenceGame) -> None:
    start = game.new_initial_state(num_players=3, seed=8)
    final, actions = random_game(start, random.Random(3))
    record = GameRecord.of_game(final, ["x", "y", "z"], actions)
    wrong_card = list(actions)
    wrong_card[6] = (wrong_card[6] + 1) % 7
    with pytest.raises(RecordError, match="chance outcome"):
        replay(replace(record, actions=tuple(wrong_card)), backend="reference")
    with pytest.raises(RecordError, match="the replay scores"):
        replay(replace(record, scores=(99, 0, 0)), backend="reference")
    with pytest.raises(RecordError, match="before the end"):
        replay(replace(record, actions=actions[:-1]), backend="reference")
