"""Many random games through the public API, and game records that replay them."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cheese.engine.api import RecordError, State
from cheese.engine.cheese_chasers import ReferenceGame
from cheese.engine.cheese_chasers.board import table_of
from cheese.engine.cheese_chasers.scoring import score_table
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.records import GameRecord, replay

from ...random_games import random_game

GAME = ReferenceGame()


def _check_final(final: State) -> ChasersView:
    view = final.view(0)
    assert isinstance(view, ChasersView)
    assert final.is_terminal() and final.legal_actions() == []
    if view.ending == "complete":
        assert sum(view.left) == 0 and view.pending is None
        assert final.scores() == (score_table(table_of(view.cards)).total,)
    elif view.ending == "trapped":
        assert score_table(table_of(view.cards)).lost
        assert final.scores() == (0,)
    else:
        assert view.ending == "enclosed" and view.pending is not None
        assert final.scores() == (0,)
    return view


def _run(games: int) -> Counter[str | None]:
    endings: Counter[str | None] = Counter()
    rng = random.Random(2024)
    for seed in range(games):
        final, _ = random_game(GAME.new_initial_state(seed=seed), rng)
        endings[_check_final(final).ending] += 1
    return endings


def test_a_few_hundred_random_games_end_properly() -> None:
    endings = _run(300)
    assert sum(endings.values()) == 300
    assert endings["trapped"] > 0


@pytest.mark.slow
def test_100000_random_games_end_properly() -> None:
    endings = _run(100_000)
    assert sum(endings.values()) == 100_000
    assert set(endings) <= {"complete", "trapped", "enclosed"}


def test_random_play_with_few_traps_often_wins() -> None:
    endings: Counter[str | None] = Counter()
    rng = random.Random(7)
    for seed in range(100):
        state = GAME.new_initial_state(seed=seed, traps=2)
        final, _ = random_game(state, rng)
        endings[_check_final(final).ending] += 1
    # with only two traps nothing can trap the player; most games end complete
    assert endings["trapped"] == 0
    assert endings["complete"] > 50


def test_a_record_round_trips_and_replays() -> None:
    start = GAME.new_initial_state(seed=31, traps=2)
    final, actions = random_game(start, random.Random(1))
    record = GameRecord.of_game(final, ["random"], actions)
    again = GameRecord.from_json(record.to_json())
    assert again == record
    assert replay(again, backend="reference") == final


def test_a_tampered_record_is_refused() -> None:
    final, actions = random_game(GAME.new_initial_state(seed=31), random.Random(1))
    record = GameRecord.of_game(final, ["random"], actions)
    wrong_draw = GameRecord(
        record.game, record.seed, record.players, record.options,
        ((record.actions[0] + 1) % 4,) + record.actions[1:], record.scores,
    )  # fmt: skip
    with pytest.raises(RecordError, match="chance outcome"):
        replay(wrong_draw, backend="reference")
    wrong_score = GameRecord(
        record.game, record.seed, record.players, record.options, record.actions, (999,)
    )
    with pytest.raises(RecordError, match="scores"):
        replay(wrong_score, backend="reference")
