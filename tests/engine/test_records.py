"""Game records: JSON round trips, and replays that catch every kind of tampering."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from cheese.engine import RecordError, load_game
from cheese.engine.records import GameRecord, replay, replay_states

from ..random_games import random_game


@pytest.fixture(scope="module")
def drop_record() -> GameRecord:
    game = load_game("cheese-drop", backend="reference")
    final, actions = random_game(
        game.new_initial_state(num_players=3, seed=8), random.Random(8)
    )
    return GameRecord.of_game(final, ["random", "greedy", "mcts"], actions)


def test_the_json_names_every_field(drop_record: GameRecord) -> None:
    data = json.loads(drop_record.to_json())
    assert set(data) == {"format", "game", "options", "players", "seed", "actions", "scores"}
    assert data["game"] == "cheese-drop" and data["players"] == ["random", "greedy", "mcts"]
    assert data["options"]["simple"] is False


def test_a_replay_reaches_the_recorded_scores(drop_record: GameRecord) -> None:
    assert replay(drop_record).scores() == drop_record.scores


def test_a_changed_score_is_caught(drop_record: GameRecord) -> None:
    forged = dataclasses.replace(drop_record, scores=tuple(s + 1 for s in drop_record.scores))
    with pytest.raises(RecordError, match="scores"):
        replay(forged)


def test_a_truncated_record_is_caught(drop_record: GameRecord) -> None:
    with pytest.raises(RecordError, match="before the end"):
        replay(dataclasses.replace(drop_record, actions=drop_record.actions[:-1]))


def test_an_unfinished_record_replays_state_by_state(drop_record: GameRecord) -> None:
    unfinished = dataclasses.replace(drop_record, actions=drop_record.actions[:40])
    states = replay_states(unfinished)
    assert len(states) == 41 and not states[-1].is_terminal()
    assert replay_states(drop_record)[-1] == replay(drop_record)
    illegal = dataclasses.replace(unfinished, actions=(*unfinished.actions, 10**6))
    with pytest.raises(RecordError, match="action 40"):
        replay_states(illegal)


def test_a_chance_outcome_other_than_the_seed_gives_is_caught(drop_record: GameRecord) -> None:
    with pytest.raises(RecordError, match="chance outcome|not legal"):
        replay(dataclasses.replace(drop_record, seed=drop_record.seed + 1))


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"game": "cheese-drop"}', "no 'seed'"),
        (
            '{"game": "cheese-drop", "seed": "x", "players": [], "actions": [], '
            '"scores": [], "options": {}}',
            "'seed' must be",
        ),
        (
            '{"game": "cheese-drop", "seed": 1, "players": ["a"], "actions": [1.5], '
            '"scores": [], "options": {}}',
            "'actions' must be",
        ),
    ],
)
def test_malformed_records_name_the_problem(text: str, problem: str) -> None:
    with pytest.raises(RecordError, match=problem):
        GameRecord.from_json(text)


def test_a_record_of_an_unknown_game_is_refused() -> None:
    record = GameRecord("chess", 1, ("a", "b"), (), (), (0, 0))
    with pytest.raises(RecordError, match="cannot be set up"):
        replay(record)
