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
from cheese.levels.ladders import GameLadders, Ladder
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
    shipped = json.loads(table_path("cheese-drop", 2).read_text(encoding="utf-8"))
    shown = json.loads(out)
    assert shown.pop("sizes") == [2, 3, 4, 5]
    assert shown.pop("names") == list(level_table("cheese-drop").names)
    assert shown == shipped
    code, out, _ = run(capsys, "levels", "--json")
    assert [table["game"] for table in json.loads(out)] == list(GAME_SLUGS)


@pytest.mark.parametrize(
    ("game", "players"), [("get-the-cheese", 3), ("get-the-cheese", 5), ("cheese-drop", 5)]
)
def test_levels_of_one_size_show_that_table_with_names_scale_and_sizes(
    capsys: pytest.CaptureFixture[str], game: str, players: int
) -> None:
    code, out, _ = run(capsys, "levels", game, "--players", str(players))
    assert code == 0 and all(len(line) <= 80 for line in out.splitlines())
    table = level_table(game, players)
    words = " ".join(out.split())
    assert f"({game}), {players} players" in words
    assert (
        f"Elo on the {players}-player levels' scale: candidates' mean at 1500, not a tournament's."
        in words
    )
    assert f"(this: {players}): cheese levels {game} --players N" in words
    lines = out.splitlines()
    for level in table.levels:
        name = table.name(level.level)
        row = next(line.split() for line in lines if line.split()[:2] == [str(level.level), name])
        # A spec too long for its column is cut short there and given whole below.
        assert row[2] == level.spec or (
            row[2].endswith("…")
            and level.spec.startswith(row[2][:-1])
            and f"level {level.level} in full: {level.spec}" in lines
        )
    assert table.names[0] == "beginner" and table.names[-1] == "master"
    shown = json.loads(run(capsys, "levels", game, "--players", str(players), "--json")[1])
    assert shown["players"] == players


def test_levels_at_a_size_the_game_does_not_have_is_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "get-the-cheese is played by 3 to 5 players, not at 2 seats" in refused(
        capsys, "levels", "get-the-cheese", "--players", "2"
    )


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
    monkeypatch.setattr(ladders, extension.name, GameLadders(small.game, 4, (small,)))
    db, out_file = tmp_path / "c.db", tmp_path / "t.json"
    argv = (
        "levels",
        "calibrate",
        "get-the-cheese",
        "--players",
        "3",
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
        f"cheese levels calibrate get-the-cheese --players 3 --games 12 --seed 0 --workers 1 "
        f"--db {db}"
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
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "cheese play cheese-drop --level auto" in " ".join(out.split())
    code, out, _ = run(
        capsys,
        "me",
        "--name",
        "ada",
        "--game",
        "cheese-drop",
        "--players",
        "3",
        "--db",
        str(tmp_path / "p.db"),
    )
    assert " ".join(out.split()) == (
        "ada has finished no game of cheese-drop at 3 players yet; play one: "
        "cheese play cheese-drop --players 3 --level auto"
    )


def test_me_gives_a_spec_cut_short_in_its_row_whole_under_the_table(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "p.db"
    table = level_table("get-the-cheese")
    top = table.levels[-1].spec
    other = "mcts:iterations=1234,c=0.25,leaf=2"
    assert len(top) > 30 and len(other) > 30  # wider than the opponent column
    for seed in range(2):
        record = recorded("get-the-cheese", ["greedy", top, other, "random"], seed)
        store_person_game(record, "ada", [0], db)
    code, out, _ = run(capsys, "me", "--name", "ada", "--game", "get-the-cheese", "--db", str(db))
    assert code == 0 and all(len(line) <= 80 for line in out.splitlines())
    assert f"level {len(table.levels)} in full: {top}" in out
    assert f"{other[:29]}… in full: {other}" in out


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
    assert "ada at Get The Cheese! (get-the-cheese), 4 players: provisional" in words
    assert "after 4 games" in words
    assert (
        "Elo on the 4-player levels' scale: candidates' mean at 1500, not a tournament's." in words
    )
    assert "- : not measured with the levels, so not rated against" in out  # random
    code, out, _ = run(
        capsys, "me", "--name", "ada", "--game", "get-the-cheese", "--db", str(db), "--json"
    )
    report = json.loads(out)
    assert report["games"] == report["rated_games"] == 4 and report["players"] == 4
    low, high = report["ci95"]
    assert low <= report["elo"] <= high
    assert report["provisional"] is True and report["interval"][0] <= low
    assert 1 <= report["auto_level"] <= len(table.levels)
    assert [opponent["level"] for opponent in report["opponents"]] == [1, 3, None]
    assert [opponent["rated"] for opponent in report["opponents"]] == [True, True, False]


def test_me_rates_a_bot_the_table_measured_that_is_no_level(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "p.db"
    table = level_table("cheese-drop", 2)
    assert table.also_measured, "the shipped 2-player table keeps a candidate that is no level"
    measured = table.also_measured[0].spec
    for seed in range(2):
        store_person_game(recorded("cheese-drop", ["greedy", measured], seed), "ada", [0], db)
    code, out, _ = run(capsys, "me", "--name", "ada", "--game", "cheese-drop", "--db", str(db))
    assert code == 0 and all(len(line) <= 80 for line in out.splitlines())
    assert "after 2 games, 2 rated" in " ".join(out.split())
    assert f"m      {measured}" in out
    assert "m : measured with the levels, too close to one to be a level; rated against" in out
    assert "not rated against" not in out


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


def test_one_won_game_is_provisional_with_its_interval_and_no_bound_as_a_figure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "p.db"
    weakest = level_table("get-the-cheese").levels[0].spec
    games = (
        recorded("get-the-cheese", ["greedy", weakest, weakest, weakest], s) for s in range(20)
    )
    record = next(game for game in games if game.scores[0] > max(game.scores[1:]))
    store_person_game(record, "ada", [0], db)
    code, out, _ = run(capsys, "me", "--name", "ada", "--db", str(db))
    words = " ".join(out.split())
    assert code == 0 and "provisional: " in words
    assert "(provisional until its 95% interval is within ±" in words
    assert "Elo above " in words and "(95%; every pair won so far) after 1 game" in words
    report = json.loads(
        run(capsys, "me", "--name", "ada", "--game", "get-the-cheese", "--db", str(db), "--json")[1]
    )
    low, high = report["interval"]
    assert high is None and low < report["elo"]  # the bound itself is no rating
    assert f"Elo above {low:.0f} " in words


def test_me_keeps_a_rating_per_table_size(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "p.db"
    two, three = level_table("cheese-drop", 2), level_table("cheese-drop", 3)
    store_person_game(recorded("cheese-drop", ["random", two.levels[0].spec], 1), "ada", [0], db)
    three_specs = ["random", three.levels[0].spec, three.levels[1].spec]
    store_person_game(recorded("cheese-drop", three_specs, 2), "ada", [0], db)
    code, out, _ = run(capsys, "me", "--name", "ada", "--db", str(db), "--json")
    reports = json.loads(out)
    assert [(report["players"], report["games"]) for report in reports] == [(2, 1), (3, 1)]
    assert [level["level"] for level in reports[1]["opponents"]] == [1, 2]
    words = " ".join(run(capsys, "me", "--name", "ada", "--db", str(db))[1].split())
    assert "(cheese-drop), 2 players:" in words and "(cheese-drop), 3 players:" in words
    only = json.loads(
        run(
            capsys,
            "me",
            "--name",
            "ada",
            "--game",
            "cheese-drop",
            "--players",
            "3",
            "--db",
            str(db),
            "--json",
        )[1]
    )
    assert only["players"] == 3 and only["games"] == 1


def test_an_interval_is_shown_as_its_evidence_allows() -> None:
    from cheese.cli.me_command import _elo_words

    report: dict[str, object] = {
        "elo": 959.4,
        "bound": "upper",
        "ci95": None,
        "interval": [None, 1180.0],
    }
    assert _elo_words(report) == "Elo below 1180 (95%; every pair lost so far)"
    report = {"elo": 1500.0, "bound": None, "ci95": None, "interval": [1300.0, 1700.0]}
    assert _elo_words(report) == "Elo between 1300 and 1700 (95%)"
    report = {"elo": 1500.0, "bound": None, "ci95": [1400.0, 1600.0], "interval": [1400.0, 1600.0]}
    assert _elo_words(report) == "Elo 1500, 95% [1400, 1600]"
