"""``cheese levels``, ``cheese levels calibrate`` and ``cheese me`` end to end."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from cheese.bots import Turn, make_bot
from cheese.engine import CHANCE, GAME_SLUGS, load_game
from cheese.engine.games import describe
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord
from cheese.levels import ladders, level_table
from cheese.levels.ladders import Ladder
from cheese.levels.people import store_person_game
from cheese.levels.table import parse_table, table_path

from .conftest import refused, run


def recorded(game: str, specs: list[str], seed: int) -> GameRecord:
    """A game of ``specs`` whose seat 0 is recorded as the person's (``"human"``)."""
    state = load_game(game).new_initial_state(num_players=len(specs), seed=seed)
    bots = [make_bot(spec) for spec in specs]
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        seat = state.current_player
        action = (
            resolve_chance(state)
            if seat == CHANCE
            else bots[seat].choose(Turn(state, seat), rng).action
        )
        actions.append(action)
        state = state.apply(action)
    return GameRecord.of_game(state, ["human", *specs[1:]], actions)


def test_levels_shows_every_table_at_80_columns_with_its_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "levels")
    assert code == 0
    assert all(len(line) <= 80 for line in out.splitlines())
    for game in GAME_SLUGS:
        table = level_table(game)
        assert f"({game})" in out
        for level in table.levels:
            assert level.spec in out
        assert table.command.split(" --")[0] in out


def test_levels_of_one_game_as_json_is_the_shipped_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "levels", "cheese-drop", "--json")
    assert code == 0
    shipped = json.loads(table_path("cheese-drop").read_text(encoding="utf-8"))
    assert json.loads(out) == shipped
    code, out, _ = run(capsys, "levels", "--json")
    assert [table["game"] for table in json.loads(out)] == list(GAME_SLUGS)


def test_calibrate_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert "chess" in refused(capsys, "levels", "calibrate", "chess")
    assert "--games must be at least 1" in refused(
        capsys, "levels", "calibrate", "cheese-drop", "--games", "0"
    )
    assert "--workers must be at least 1" in refused(
        capsys, "levels", "calibrate", "cheese-drop", "--workers", "0"
    )


def test_calibrate_writes_the_table_it_prints_and_a_rerun_writes_it_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    small = Ladder("get-the-cheese", ("greedy", "random"), 3, 12, min_levels=2)
    extension = describe(small.game).ladder
    assert extension is not None
    monkeypatch.setattr(ladders, extension.name, small)
    db, out_file = tmp_path / "c.db", tmp_path / "t.json"
    argv = (
        "levels",
        "calibrate",
        "get-the-cheese",
        "--games",
        "12",
        "--workers",
        "1",
        "--db",
        str(db),
        "--table",
        str(out_file),
    )
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    table = parse_table(out_file.read_text(encoding="utf-8"), "t")
    assert [level.spec for level in table.levels] == ["random", "greedy"]
    assert table.command == (
        f"cheese levels calibrate get-the-cheese --games 12 --seed 0 --workers 1 --db {db}"
    )
    assert "random" in out and "greedy" in out
    first = out_file.read_text(encoding="utf-8")
    code, _, _ = run(capsys, *argv)
    assert code == 0 and out_file.read_text(encoding="utf-8") == first
    elsewhere = (*argv[:-1], str(tmp_path))  # a folder: the table cannot be written there
    assert "give --table PATH" in refused(capsys, *elsewhere)


def test_me_before_any_game_says_so_and_suggests_a_command(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "me", "--name", "ada", "--db", str(tmp_path / "p.db"))
    assert code == 0
    assert (
        out == "ada has finished no game yet; play one: cheese play get-the-cheese --level auto\n"
    )
    code, out, _ = run(
        capsys, "me", "--name", "ada", "--game", "cheese-drop", "--db", str(tmp_path / "p.db")
    )
    assert out.count("\n") == 1 and "cheese play cheese-drop --level auto" in out


def test_me_rates_the_person_against_the_levels(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "p.db"
    table = level_table("get-the-cheese")
    weak, strong = table.levels[0].spec, table.levels[2].spec
    for seed in range(4):
        record = recorded("get-the-cheese", ["greedy", weak, strong, "random"], seed)
        store_person_game(record, "ada", [0], db)
    code, out, _ = run(capsys, "me", "--name", "ada", "--game", "get-the-cheese", "--db", str(db))
    assert code == 0
    assert all(len(line) <= 80 for line in out.splitlines())
    words = " ".join(out.split())  # the heading wraps at 80 columns
    assert "ada at Get The Cheese! (get-the-cheese): Elo" in words and "after 4 games" in words
    assert "not a level" in out  # random
    code, out, _ = run(
        capsys, "me", "--name", "ada", "--game", "get-the-cheese", "--db", str(db), "--json"
    )
    report = json.loads(out)
    assert report["games"] == report["rated_games"] == 4
    low, high = report["ci95"]
    assert low <= report["elo"] <= high
    assert 1 <= report["auto_level"] <= len(table.levels)
    assert [opponent["level"] for opponent in report["opponents"]] == [1, 3, None]


def test_me_in_cheese_chasers_is_the_completion_rate_and_best_score(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "p.db"
    scores = []
    for seed in range(3):
        record = recorded("cheese-chasers", ["greedy"], seed)
        store_person_game(record, "ada", [0], db)
        scores.append(record.scores[0])
    code, out, _ = run(
        capsys, "me", "--name", "ada", "--game", "cheese-chasers", "--db", str(db), "--json"
    )
    report = json.loads(out)
    assert report["games"] == 3 and report["best_score"] == max(scores)
    code, out, _ = run(capsys, "me", "--name", "ada", "--db", str(db))
    assert "completed" in out and f"best score {max(scores)}" in out


def test_me_refuses_a_bad_name_or_database_in_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert "is not a person's name" in refused(capsys, "me", "--name", "a:b")
    bad = tmp_path / "people.db"
    bad.write_text("nope", encoding="utf-8")
    assert str(bad) in refused(capsys, "me", "--name", "ada", "--db", str(bad))


def test_a_bound_is_shown_without_an_interval() -> None:
    from cheese.cli.me_command import _elo_words

    report: dict[str, object] = {"elo": 959.4, "bound": "upper", "ci95": [886.0, 1071.0]}
    assert (
        _elo_words(report) == "Elo below 959 (every pair lost so far, so a bound, not an estimate)"
    )
    report = {"elo": 1500.0, "bound": None, "ci95": [1400.0, 1600.0]}
    assert _elo_words(report) == "Elo 1500, 95% [1400, 1600]"
