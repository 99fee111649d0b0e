"""``cheese tournament`` and ``cheese ratings`` end to end: run, resume, read, refuse."""

from __future__ import annotations

import csv
import io
import json
import tomllib
from pathlib import Path

import pytest

from cheese.cli.tournament_run import resume_command
from cheese.tournaments.config import SETTINGS, Setting, check_config

from .conftest import refused, run

DATA = Path(__file__).parent.parent / "data" / "ratings"
FIELD = ("random", "greedy", "mcts:iterations=20")


def tournament(capsys: pytest.CaptureFixture[str], db: Path, *extra: str) -> tuple[int, str, str]:
    return run(
        capsys, "tournament", "run", *FIELD, "--game", "cheese-drop", "--players", "2",
        "--deals", "1", "--workers", "1", "--db", str(db), "--name", "cup", "-q", *extra,
    )


def test_a_run_prints_the_table_and_the_database_answers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "cup.db"
    code, out, err = tournament(capsys, db)
    assert code == 0 and "6 of 6 stored" in err
    assert out.splitlines()[0].split() == ["#", "bot", "Elo", "±", "games", "score", "draws"]
    assert "Elo is relative: this table's mean at 0, not the levels' scale." in out
    code, out, _ = run(capsys, "tournament", "table", str(db), "--json", "--los")
    data = json.loads(out)
    assert data["scale"] == "Elo is relative: this table's mean at 0, not the levels' scale."
    assert [set(entry) for entry in data["ratings"]] == [
        {"bot", "elo", "ci95", "games", "score", "draws", "mean_points", "bound"}
    ] * 3
    assert {entry["bot"] for entry in data["ratings"]} == set(FIELD)
    assert set(data["los"]) == set(FIELD)
    assert set(data["variance"]) >= {"deals", "seats", "bots", "rest"}
    reported = json.loads(run(capsys, "tournament", "report", str(db), "--json")[1])
    assert reported["variance"] == data["variance"] and reported["games"] == 6
    assert {entry["bot"] for entry in reported["ratings"]} == set(FIELD)
    assert "variance: deals" in run(capsys, "tournament", "table", str(db))[1]
    rows = list(csv.reader(io.StringIO(run(capsys, "tournament", "table", str(db), "--csv")[1])))
    assert rows[0][:3] == ["rank", "bot", "elo"] and len(rows) == 4
    code, out, _ = run(capsys, "tournament", "list", str(db))
    assert "cup: cheese-drop, 2 players, round robin" in out and "6 of 6 games" in out
    code, out, _ = run(capsys, "tournament", "games", str(db), "--bot", "greedy", "--json")
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 4 and all("greedy" in line["seats"] for line in lines)
    anchored = json.loads(
        run(capsys, "tournament", "table", str(db), "--json", "--anchor", "random=1000")[1]
    )
    assert next(e for e in anchored["ratings"] if e["bot"] == "random")["elo"] == 1000.0
    assert anchored["scale"].startswith("Elo is relative: random held at 1000,")
    table = run(capsys, "tournament", "table", str(db), "--anchor", "random=1000")[1]
    assert "Elo is relative: random held at 1000, not the levels' scale." in table


def test_the_same_command_resumes_and_another_one_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "cup.db"
    tournament(capsys, db)
    code, _, err = tournament(capsys, db)
    assert code == 0 and "0 games played and stored now; 6 of 6 stored" in err
    code, out, err = tournament(capsys, db, "--seed", "4")
    assert (code, out) == (2, "")
    assert "seed 0 there, 4 now" in err and err.count("\n") == 1


def test_the_report_is_one_page_with_its_figures(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib")
    db, page = tmp_path / "cup.db", tmp_path / "report.html"
    tournament(capsys, db)
    code, _, _ = run(capsys, "tournament", "report", str(db), "--out", str(page))
    text = page.read_text()
    assert code == 0 and text.count("data:image/png;base64,") == 3
    assert "Head to head" in text and "Forfeits" in text and "mcts:iterations=20" in text
    assert "Elo is relative: this table&#x27;s mean at 0, not the levels&#x27; scale." in text
    assert "Luck and skill" in text and "the bot in the seat" in text


def test_a_config_file_gives_the_settings(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "cup.toml"
    config.write_text(
        'bots = ["random", "greedy"]\ngame = "cheese-drop"\nplayers = 2\ndeals = 1\n'
        f'db = "{tmp_path / "cup.db"}"\nname = "cup"\nworkers = 1\n'
    )
    code, _, err = run(capsys, "tournament", "run", "--config", str(config), "-q")
    assert code == 0 and "2 of 2 stored" in err


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ("colour = 3", "unknown key 'colour'; the keys are: bots, game"),
        ("deals = 'many'", "deals = 'many' is not a whole number of deals"),
        ("gauntlet = 1", "gauntlet = 1 is not true or false"),
        ("bots = 'mcts'", "bots = 'mcts' is not a list of bot spec strings"),
        ("bots = [", "is not valid TOML"),
    ],
)
def test_bad_configs_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, config: str, message: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(config + "\n")
    err = refused(capsys, "tournament", "run", "random", "greedy", "--config", str(path))
    assert message in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("random", "random"), "'random' and 'random' are the same bot"),
        (("random",), "give at least 2 bot specs"),
        (("random", "mcts:speed=9"), "mcts"),
        (("random", "greedy", "--game", "chess"), "unknown game 'chess'"),
        (("random", "greedy", "--deals", "0"), "--deals must be at least 1, not 0"),
        (("random", "greedy", "--move-time", "-1"), "--move-time must be a number of seconds"),
        (("random", "greedy", "--move-time", "inf"), "at most 86400 (a day), not inf"),
        (("random", "greedy", "--move-time", "nan"), "--move-time must be a number"),
        (("random", "greedy", "--workers", "100000"), "is more than this machine can use"),
        (("random", "greedy", "--deals", "1000000000"), "more than the 1,000,000,000"),
        (("random", "greedy", "--workers", "0"), "--workers must be at least 1"),
        (("random", "greedy", "--players", "9"), "played by 3 to 5 players, not 9"),
    ],
)
def test_bad_runs_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], arguments: tuple[str, ...], message: str
) -> None:
    err = refused(capsys, "tournament", "run", *arguments)
    assert message in err and err.count("\n") == 1


def test_reading_what_is_not_there_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "none.db"
    junk = tmp_path / "junk.db"
    junk.write_text("not a database at all, just words " * 100)
    for argv in (
        ("tournament", "table", str(missing)),
        ("tournament", "list", str(junk)),
        ("tournament", "table", str(missing), "--anchor", "random"),
    ):
        refused(capsys, *argv)


def test_ratings_of_a_file_reproduce_the_worked_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ratings", str(DATA / "two-player.jsonl"), "--json")
    assert (code, err) == (0, "")
    alpha, beta = json.loads(out)["ratings"]
    assert (alpha["bot"], round(alpha["elo"], 6), round(beta["elo"], 6)) == (
        "alpha", 95.424251, -95.424251
    )
    assert (alpha["games"], alpha["score"], alpha["mean_points"]) == (6, 0.75, 3.5)
    text = run(capsys, "ratings", str(DATA / "two-player.jsonl"), "--anchor", "beta=0")[1]
    assert "Elo is relative: beta held at 0, not the levels' scale." in text


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"seats": ["a", "b"]}', 'give either "scores"'),
        ('{"seats": ["a", "b"], "scores": [1]}', '"scores" must be a list of 2 numbers'),
        ('{"seats": ["a"], "ranking": [1]}', '"seats" must be a list of at least 2'),
        ('{"seats": ["a", "b"], "ranking": [1, 0]}', '"ranking" must hold places'),
        ('{"seats": ["a", "b"], "ranking": [1, 2], "when": 3}', "unknown key 'when'"),
        ("[1, 2]", "not a JSON object"),
        ("{seats", "not JSON"),
    ],
)
def test_a_bad_results_line_is_named(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, line: str, message: str
) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text('{"seats": ["a", "b"], "ranking": [1, 2]}\n' + line + "\n")
    err = refused(capsys, "ratings", str(path))
    assert f"{path}:2: " in err and message in err and err.count("\n") == 1


def test_help_paragraphs_are_not_broken_mid_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "duel", "--help")
    assert "Elo, its 95% interval (a bootstrap" in " ".join(out.split())
    for command in ("run", "table", "report", "list", "games"):
        code, out, _ = run(capsys, "tournament", command, "--help")
        assert code == 0 and "Example: cheese tournament " + command in " ".join(out.split())


def test_the_log_file_gathers_the_workers_lines(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    log = tmp_path / "run.log"
    code, _, err = run(
        capsys, "tournament", "run", "random", "greedy", "--game", "cheese-drop", "--deals",
        "2", "--workers", "2", "--db", str(tmp_path / "cup.db"), "-q", "--log", str(log), "-v",
    )
    assert code == 0
    lines = log.read_text().splitlines()
    workers = {line.split()[2] for line in lines if "places" in line}
    assert len([line for line in lines if "places" in line]) == 4
    assert workers and "MainProcess" not in workers
    assert any("4 to play" in line for line in lines)


def test_every_setting_is_one_flag_and_one_toml_key(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tournament", "run", "--help")
    assert code == 0
    for setting in SETTINGS:
        if setting.name != "bots":
            assert setting.flag in out, setting.flag
    written = check_config({setting.name: _example(setting) for setting in SETTINGS}, "t.toml")
    assert set(written) == {setting.name for setting in SETTINGS}


def _example(setting: Setting) -> object:
    examples: dict[str, object] = {
        "bots": ["random", "greedy"], "game": "cheese-drop", "gauntlet": True,
        "move_time": 0.5, "cluster": "tcp://127.0.0.1:8786", "pin_cores": True,
    }
    return examples.get(setting.name, "x" if str in setting.kinds else 1)


def test_the_resume_command_is_made_from_the_settings_that_decide_the_games() -> None:
    values = {
        "bots": ["mcts", "greedy"], "game": "cheese-drop", "players": 2, "deals": 3,
        "seed": 9, "db": "night.db", "name": "night", "gauntlet": True, "move_time": 0.5,
        "workers": 2, "pin_cores": True, "cluster": None, "log": "run.log",
    }
    assert resume_command(values) == (
        "cheese tournament run mcts greedy --game cheese-drop --players 2 --deals 3 "
        "--seed 9 --db night.db --name night --gauntlet --move-time 0.5"
    )


def test_a_game_from_the_config_is_checked_as_a_flag_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "t.toml"
    config.write_text('bots = ["random", "greedy"]\ngame = "chess"\n', encoding="utf-8")
    from_file = run(capsys, "tournament", "run", "--config", str(config))
    from_flag = run(capsys, "tournament", "run", "random", "greedy", "--game", "chess")
    expected = (
        "cheese: error: unknown game 'chess'; choose one of: get-the-cheese, "
        "cheese-chasers, cheese-drop\n"
    )
    assert from_file == from_flag == (2, "", expected)
    for command in (("duel", "random", "greedy", "--game"), ("rules",), ("bench",)):
        assert run(capsys, *command, "chess") == (2, "", expected)
    seed = run(capsys, "duel", "random", "greedy", "--seed", "-1")
    assert seed == (2, "", "cheese: error: --seed must be from 0 to 2**64 - 1, not -1\n")


SCHEMA_2_DB = Path(__file__).parent.parent / "data" / "store" / "schema-2.db"


def two_bots(
    capsys: pytest.CaptureFixture[str], db: Path, *extra: str
) -> tuple[int, str, str]:
    return run(
        capsys, "tournament", "run", "random", "greedy", "--game", "cheese-drop",
        "--deals", "1", "--workers", "1", "--db", str(db), "-q", *extra,
    )


def test_a_tournament_on_a_clock_keeps_it_and_each_bot_s_reply_times(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "clock.db"
    code, _, err = tournament(capsys, db, "--tc", "30+0.5")
    assert code == 0 and "6 of 6 stored" in err
    code, out, _ = run(capsys, "tournament", "list", str(db))
    assert "  clock: 30+0.5 s a seat, margin 0.05 s" in out
    (replies,) = [line for line in out.splitlines() if line.startswith("  replies: ")]
    assert all(f"{bot} median " in replies for bot in FIELD)
    listed = json.loads(run(capsys, "tournament", "list", str(db), "--json")[1])[0]
    assert (listed["settings"]["tc"], listed["settings"]["tc_margin"]) == ("30+0.5", 0.05)
    assert set(listed["latency"]) == set(FIELD)
    assert all(entry["decisions"] == 60 for entry in listed["latency"].values())
    played = run(capsys, "tournament", "games", str(db), "--json")[1].splitlines()
    replies = [json.loads(line)["replies"] for line in played]
    assert len(replies) == 6 and all(len(seat) == 15 for game in replies for seat in game)
    code, out, err = tournament(capsys, db, "--tc", "20+0.5")
    assert (code, out) == (2, "")
    assert "tc '30+0.5' there, '20+0.5' now" in err and err.count("\n") == 1
    code, _, err = tournament(capsys, db, "--tc", "30+0.5", "--tc-margin", "0.2")
    assert code == 2 and "tc_margin 0.05 there, 0.2 now" in err


def test_the_default_name_reads_and_other_settings_get_a_digest(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "names.db"
    code, _, err = two_bots(capsys, db)
    assert code == 0 and "stored in" in err and "as 'cheese-drop-2p-random-greedy'" in err
    code, _, err = two_bots(capsys, db)
    assert "0 games played and stored now; 2 of 2" in err
    code, _, err = two_bots(capsys, db, "--seed", "4")
    assert code == 0
    (name,) = [word.strip("'") for word in err.split() if word.startswith("'cheese-drop-2p")]
    assert name.startswith("cheese-drop-2p-random-greedy-") and len(name) == 37
    names = [entry["name"] for entry in json.loads(run(capsys, "tournament", "list", str(db),
                                                        "--json")[1])]
    assert names == ["cheese-drop-2p-random-greedy", name]


def test_a_tournament_of_a_schema_2_database_resumes_under_its_digest_name(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "old.db"
    db.write_bytes(SCHEMA_2_DB.read_bytes())
    code, _, err = run(
        capsys, "tournament", "run", "random", "greedy", "--game", "cheese-drop", "--deals",
        "1", "--workers", "1", "--db", str(db), "-q",
    )
    assert code == 0
    assert "0 games played and stored now; 2 of 2 stored" in err
    assert "as 'cheese-drop-26a19443'" in err


def test_a_database_in_a_missing_folder_is_created(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = tmp_path / "runs" / "today" / "cup.db"
    code, _, err = two_bots(capsys, db)
    assert code == 0 and db.is_file() and "2 of 2 stored" in err
    blocked = tmp_path / "file"
    blocked.write_text("")
    code, out, err = two_bots(capsys, blocked / "cup.db")
    assert (code, out) == (2, "")
    assert "cannot be created" in err and err.count("\n") == 1


def test_the_clock_and_the_bots_file_come_from_the_config(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bots = tmp_path / "bots.toml"
    bots.write_text('[[bot]]\nname = "echo"\ncommand = "cat"\n')
    config = tmp_path / "t.toml"
    config.write_text(
        'bots = ["mcts:time=auto,iterations=30", "greedy"]\ngame = "cheese-drop"\n'
        f'deals = 1\ntc = "5+0.1"\ntc-margin = 0.1\nbots_file = "{bots}"\n'
        f'db = "{tmp_path / "c.db"}"\nworkers = 1\n'
    )
    code, _, err = run(capsys, "tournament", "run", "--config", str(config), "-q")
    assert code == 0 and "2 of 2 stored" in err
    listed = json.loads(run(capsys, "tournament", "list", str(tmp_path / "c.db"), "--json")[1])
    assert (listed[0]["settings"]["tc"], listed[0]["settings"]["tc_margin"]) == ("5+0.1", 0.1)
    config.write_text(config.read_text().replace('tc = "5+0.1"\ntc-margin = 0.1\n', ""))
    err = refused(capsys, "tournament", "run", "--config", str(config), "-q")
    assert "budgets its time on the game clock (time=auto)" in err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (("--tc", "1+"), "--tc '1+' is not BASE+INC in seconds"),
        (("--tc-margin", "1"), "--tc-margin needs a game clock"),
        (("--bots", "missing.toml"), "bots file missing.toml: cannot be read"),
    ],
)
def test_bad_clocks_and_bots_files_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, extra: tuple[str, ...], message: str
) -> None:
    code, out, err = two_bots(capsys, tmp_path / "bad.db", *extra)
    assert (code, out) == (2, "")
    assert message in err and err.count("\n") == 1
    assert not (tmp_path / "bad.db").exists()


def test_the_resume_command_keeps_the_clock_and_the_bots_file() -> None:
    values = {
        "bots": ["mybot", "greedy"], "game": "cheese-drop", "deals": 3, "seed": 0,
        "db": "night.db", "tc": "10+0.1", "tc_margin": 0.1, "bots_file": "bots.toml",
    }
    assert resume_command(values).endswith(
        "--deals 3 --seed 0 --db night.db --tc 10+0.1 --tc-margin 0.1 --bots bots.toml"
    )


def test_a_config_s_bare_number_of_seconds_is_a_sudden_death_clock(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    config = tmp_path / "t.toml"
    db = tmp_path / "c.db"
    config.write_text(
        f'bots = ["random", "greedy"]\ngame = "cheese-drop"\ndeals = 1\ntc = 60\ndb = "{db}"\n'
    )
    code, _, err = run(capsys, "tournament", "run", "--config", str(config), "-q")
    assert code == 0 and "2 of 2 stored" in err
    assert json.loads(run(capsys, "tournament", "list", str(db), "--json")[1])[0]["settings"][
        "tc"
    ] == "60"
    config.write_text('bots = ["random", "greedy"]\ntc = true\n')
    err = refused(capsys, "tournament", "run", "--config", str(config), "-q")
    assert "tc = True is not a game clock BASE+INC" in err


def test_the_readers_find_the_runs_default_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    for command in ("table", "list", "games", "report"):
        err = refused(capsys, "tournament", command)
        assert "no results database cheese-results.db in this folder" in err
        assert "cheese tournament run" in err
    code, _, _ = run(
        capsys, "tournament", "run", "random", "greedy", "--game", "cheese-drop",
        "--players", "2", "--deals", "1", "--workers", "1", "-q",
    )
    assert code == 0 and (tmp_path / "cheese-results.db").is_file()
    assert "greedy" in run(capsys, "tournament", "table")[1]
    assert "2 of 2 games played" in run(capsys, "tournament", "list")[1]
    assert len(run(capsys, "tournament", "games")[1].splitlines()) == 2
    code, _, err = run(capsys, "tournament", "report")
    page = tmp_path / "cheese-results-report.html"
    assert code == 0 and "wrote cheese-results-report.html" in err
    assert "data:image/png;base64," in page.read_text()


def test_a_report_without_out_is_named_for_the_database(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "runs" / "cup.db"
    tournament(capsys, db)
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "tournament", "report", str(db), "--name", "cup")
    assert code == 0 and "wrote cup-cup-report.html" in err
    assert "Head to head" in (tmp_path / "cup-cup-report.html").read_text()


def test_matplotlib_comes_with_the_readmes_first_install() -> None:
    # The README's first command is a plain `pip install -e .`: the report must work after it.
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert readme.split("```bash\n", 1)[1].startswith("pip install -e . &&")
    project = tomllib.loads(
        (Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8")
    )["project"]
    assert any(need.startswith("matplotlib") for need in project["dependencies"])
    extras = project["optional-dependencies"]
    assert not any(need.startswith("matplotlib") for needs in extras.values() for need in needs)
