"""Bad input that once gave a traceback or was silently accepted: each is now one line on
stderr, exit code 2, and nothing written."""

from __future__ import annotations

import io
import json
import random
import sys
import types
from collections.abc import Mapping
from importlib import metadata
from pathlib import Path

import pytest

from cheese.bots import BotSpecError, make_bot, registry
from cheese.cli.play import replay as replay_module
from cheese.cli.play.menu import choice_number
from cheese.engine import load_game
from cheese.engine.records import GameRecord
from cheese.tournaments.config import ConfigError, read_config

from ..random_games import random_game
from .conftest import refused, run

PLAYERS = {"get-the-cheese": 3, "cheese-chasers": 1, "cheese-drop": 2}


def record_of(slug: str, seed: int = 3) -> GameRecord:
    start = load_game(slug).new_initial_state(num_players=PLAYERS[slug], seed=seed)
    final, actions = random_game(start, random.Random(seed))
    return GameRecord.of_game(final, ["random"] * PLAYERS[slug], actions)


def write_record(path: Path, record: GameRecord, **changes: object) -> Path:
    data = json.loads(record.to_json())
    data.update(changes)
    path.write_text(json.dumps(data))
    return path


# --- cheese replay ---------------------------------------------------------------------


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_a_record_without_a_single_move_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, slug: str
) -> None:
    record = record_of(slug)
    empty = write_record(tmp_path / "empty.json", record, actions=[], scores=[])
    assert "nothing to replay" in refused(capsys, "replay", str(empty))
    chance_only = write_record(tmp_path / "chance.json", record, actions=[record.actions[0]])
    assert "only 1 chance outcome," in refused(capsys, "replay", str(chance_only))


def test_a_failed_game_of_the_database_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    failed = GameRecord("cheese-drop", 5, ("random", "greedy"), (), (), ())
    monkeypatch.setattr(replay_module, "read_game", lambda database, game_id: failed)
    err = refused(capsys, "replay", "DB:1", "--db", str(tmp_path / "cup.db"))
    assert "DB:1 in" in err and "nothing to replay" in err


@pytest.mark.parametrize(
    "source", ["DB:99999999999999999999999", "DB:" + "9" * 5000, "DB:", "DB:abc", "DB:-1", "DB:²"]
)
def test_a_game_id_that_cannot_be_one_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, source: str
) -> None:
    err = refused(capsys, "replay", source, "--db", str(tmp_path / "cup.db"))
    assert "DB:" in err and len(err) < 300
    assert not (tmp_path / "cup.db").exists()


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"game": "chess"}, "the record's game 'chess' is not a game of cheese"),
        ({"game": 7}, "'game' must be a string"),
        ({"options": {"seed": 3}}, "may not hold 'seed'"),
        ({"options": {"num_players": 3}}, "may not hold 'num_players'"),
        ({"seed": 2**64}, "seed must be from 0 to 2**64 - 1"),
        ({"seed": -1}, "seed must be from 0 to 2**64 - 1"),
        ({"options": {"simple": {"deep": [1]}}}, "unsupported type"),
        ({"players": []}, "cannot be set up"),
        ({"format": 99}, "record format 99 is not 1"),
    ],
)
def test_a_record_with_a_bad_field_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, changes: dict[str, object], message: str
) -> None:
    path = write_record(tmp_path / "r.json", record_of("cheese-drop"), **changes)
    before = path.read_bytes()
    err = refused(capsys, "replay", str(path))
    assert f"{path}: " in err and message in err
    assert path.read_bytes() == before


@pytest.mark.parametrize("slug", sorted(PLAYERS))
def test_scores_the_moves_do_not_give_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, slug: str
) -> None:
    record = record_of(slug)
    forged = [score + 1 for score in record.scores]
    path = write_record(tmp_path / "r.json", record, scores=forged)
    err = refused(capsys, "replay", str(path))
    assert f"the record says {forged}" in err


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"game": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"seed": 1, "seed": 2}',
        '{"seed": NaN}',
        '{"seed": 1e400}',
        '{"seed": ' + "9" * 5000 + "}",
    ],
)
def test_json_that_json_loads_mishandles_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str
) -> None:
    path = tmp_path / "r.json"
    path.write_text(text)
    assert "not valid JSON" in refused(capsys, "replay", str(path))


def test_typed_numbers_in_other_scripts_are_no_choice() -> None:
    assert [choice_number(text) for text in ("12", "²", "٣", "-1", "", "9" * 5000)] == [
        12, None, None, None, None, 0
    ]


# --- cheese play -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ("seed=3", "give it as --seed instead"),
        ("num_players=3", "give it as --players instead"),
        ("simple=true,simple=false", "simple is given twice"),
    ],
)
def test_play_options_that_are_flags_or_twice_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, options: str, message: str
) -> None:
    record = tmp_path / "r.json"
    err = refused(capsys, "play", "cheese-drop", "--options", options, "--record", str(record))
    assert message in err and not record.exists()


@pytest.mark.parametrize("where", ["/", "", "."])
def test_a_record_path_that_is_a_directory_is_refused(
    capsys: pytest.CaptureFixture[str], where: str
) -> None:
    assert "is a directory" in refused(capsys, "play", "cheese-drop", "--record", where)


def test_a_record_path_that_exists_is_not_overwritten(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    earlier = write_record(tmp_path / "earlier.json", record_of("cheese-drop"))
    before = earlier.read_bytes()
    err = refused(capsys, "play", "cheese-drop", "--record", str(earlier))
    assert "already exists" in err and earlier.read_bytes() == before


def test_a_huge_cell_count_is_drawn_one_cell_per_player(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    record = tmp_path / "r.json"
    code, out, err = run(
        capsys, "play", "cheese-drop", "--options", f"cells_per_column={10**30}", "--fast",
        "--record", str(record),
    )
    assert (code, err) == (0, "") and record.exists()
    assert max(len(line) for line in out.splitlines()) < 200


# --- bots ------------------------------------------------------------------------------


def exploding_factory(params: Mapping[str, str]) -> object:
    """A bot whose package has a bug."""
    raise RuntimeError("the cheese is a lie")


@pytest.fixture
def exploding_plugin(monkeypatch: pytest.MonkeyPatch) -> None:
    module = types.ModuleType("exploding_cheese_plugin")
    module.factory = exploding_factory  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "exploding_cheese_plugin", module)
    point = metadata.EntryPoint(
        "boom", "exploding_cheese_plugin:factory", registry.ENTRY_POINT_GROUP
    )

    def entry_points(*, group: str) -> list[metadata.EntryPoint]:
        return [point] if group == registry.ENTRY_POINT_GROUP else []

    monkeypatch.setattr(metadata, "entry_points", entry_points)


def test_a_plugin_factory_that_raises_is_a_spec_error_naming_it(exploding_plugin: None) -> None:
    with pytest.raises(BotSpecError, match="'boom'.*failed to start.*RuntimeError.*uninstall"):
        make_bot("boom")


def test_a_plugin_factory_that_raises_is_one_line_at_the_terminal(
    capsys: pytest.CaptureFixture[str], exploding_plugin: None, tmp_path: Path
) -> None:
    record = tmp_path / "r.json"
    err = refused(capsys, "play", "cheese-drop", "--vs", "boom", "--record", str(record))
    assert "the cheese is a lie" in err and not record.exists()


@pytest.mark.parametrize(
    "spec", ["mcts:time=inf", "mcts:c=nan", "mcts:c=-inf", "mcts:widen=1e999",
             "expectimax:time=nan", "mcts:iterations=" + "9" * 5000]
)
def test_non_finite_or_huge_bot_settings_name_the_range(spec: str) -> None:
    with pytest.raises(BotSpecError, match="from .* to "):
        make_bot(spec)


# --- ratings ---------------------------------------------------------------------------


GOOD_LINES = '{"seats": ["a", "b"], "scores": [1, 2]}\n{"seats": ["a", "b"], "scores": [2, 1]}\n'


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"seats": ["a", "b"], "scores": [1e308, 1]}', '"scores" must hold only numbers'),
        ('{"seats": ["a", "b"], "scores": [1, 1e400]}', "too large a number"),
        ('{"seats": ["a", "b"], "scores": [1, Infinity]}', "not JSON"),
        ('{"seats": ["a", "b"], "scores": [NaN, 1]}', "not JSON"),
        ('{"seats": ["a", "b"], "scores": [1, ' + "9" * 400 + "]}", '"scores" must hold'),
        ('{"seats": ["a", "b"], "ranking": [1, ' + "9" * 400 + "]}", '"ranking" must hold'),
        ('{"seats": ["a", "b"], "ranking": [-1, 1]}', "places from 1 to 2"),
        ('{"seats": ["a", "b"], "ranking": [1, 3]}', "places from 1 to 2"),
        ('{"seats": ["a", "b"], "ranking": [true, 2]}', "places from 1 to 2"),
        ('{"seats": ["a", "b"], "scores": [1, 2], "deal": ' + "9" * 5000 + "}", "not JSON"),
        ("[" * 100_000 + "]" * 100_000, "nested deeper"),
        ('{"seats": ["a", "b"], "seats": ["c", "d"], "scores": [1, 2]}', "given twice"),
    ],
)
def test_absurd_numbers_in_a_results_line_are_refused_with_the_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, line: str, message: str
) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(GOOD_LINES + line + "\n")
    err = refused(capsys, "ratings", str(path))
    assert f"{path}:3: " in err and message in err


@pytest.mark.parametrize("anchor", ["a=nan", "a=inf", "a=-inf", "a=1e309", "a=1e300"])
@pytest.mark.parametrize("form", [(), ("--json",), ("--csv",)])
def test_a_non_finite_or_absurd_anchor_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, anchor: str, form: tuple[str, ...]
) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(GOOD_LINES)
    err = refused(capsys, "ratings", str(path), "--anchor", anchor, *form)
    assert "the Elo must be a number from" in err


def test_the_tournament_table_refuses_a_nan_anchor(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = tmp_path / "cup.db"
    err = refused(capsys, "tournament", "table", str(database), "--anchor", "a=nan")
    assert "--anchor" in err and not database.exists()


def test_a_negative_bootstrap_seed_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "results.jsonl"
    path.write_text(GOOD_LINES)
    assert "--seed must be 0 or more" in refused(capsys, "ratings", str(path), "--seed", "-1")


# --- cheese score ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "text", "message"),
    [
        ("cheese-drop", "[" * 100_000 + "]" * 100_000, "nested deeper"),
        ("cheese-drop", '{"lanes": [], "lanes": [], "bets": []}', "given twice"),
        ("cheese-drop", '{"lanes": ["' + "Q" * 10_000 + '"], "bets": []}', "must list the 6"),
        ("get-the-cheese", "²: r:mouse\n", "bad cheese value"),
    ],
)
def test_score_sheets_that_once_raised_are_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str, text: str, message: str
) -> None:
    path = tmp_path / "sheet.txt"
    path.write_text(text)
    err = refused(capsys, "score", game, str(path))
    assert message in err and len(err) < 400


# --- tournament config -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("toml", "message"),
    [
        ("move-time = 1\nmove_time = 2\n", "move-time and move_time are the same setting"),
        ("move_time = inf\n", "move_time = inf is not"),
        ("move_time = nan\n", "move_time = nan is not"),
        ("move_time = 1e308\n", "move_time = 1e+308 is not"),
        ("move_time = 0\n", "move_time = 0 is not"),
        ("deals = 99999999999999999999\n", "deals = 99999999999999999999 is not"),
        ("deals = 1000000001\n", "deals = 1000000001 is not"),
        ("deals = 0\n", "deals = 0 is not"),
        ("seed = 18446744073709551616\n", "seed = 18446744073709551616 is not"),
        ("seed = -1\n", "seed = -1 is not"),
        ("players = 9223372036854775807\n", "players = 9223372036854775807 is not"),
        ("workers = 0\n", "workers = 0 is not"),
        ('db = ""\n', "db = '' is not"),
        ("x = " + "[" * 5000 + "]" * 5000 + "\n", "nest too deep"),
        ("seed = " + "9" * 5000 + "\n", "too many digits"),
    ],
)
def test_a_config_with_a_bad_number_or_colliding_keys_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, toml: str, message: str
) -> None:
    config = tmp_path / "cup.toml"
    config.write_text('bots = ["random", "greedy"]\n' + toml)
    with pytest.raises(ConfigError, match=f"^{config}: "):
        read_config(config)
    database = tmp_path / "cup.db"
    err = refused(
        capsys, "tournament", "run", "--config", str(config), "--db", str(database), "-q"
    )
    assert message in err and not database.exists()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_config_is_refused_without_filling_memory(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    database = tmp_path / "cup.db"
    err = refused(capsys, "tournament", "run", "--config", "/dev/zero", "--db", str(database))
    # A device is refused by its kind before a byte is read, as endless ones are.
    assert "/dev/zero: is a device, not a file" in err and not database.exists()


@pytest.mark.parametrize(
    ("option", "value"),
    [("--seconds", "nan"), ("--seconds", "inf"), ("--seconds", "0"), ("--seconds", "-1"),
     ("--rounds", "0"), ("--rounds", "-3"), ("--rounds", "99999999999999999999")],
)
def test_bench_numbers_out_of_range_name_the_range(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    err = refused(capsys, "bench", "cheese-drop", option, value)
    assert f"{option} must be a" in err and " from " in err


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--position", "game.json"], "write RECORD:MOVE"),
        (["--position", "no-such-record.json:0"], "no-such-record.json"),
        (["--players", "0"], "--players"),
        (["--tc", "0+x"], "--tc"),
        (["--move-time", "0"], "--move-time"),
        (["--log", "/no/such/folder/check.log"], "cannot be written"),
    ],
)
def test_bot_check_refuses_bad_input_in_one_line(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = ["cmd:true"]
    if argv[0] == "--log":
        bot = ["--game", "cheese-chasers", "--games", "1", *bot]
    assert words in refused(capsys, "bot", "check", *argv, *bot)


def test_bot_check_refuses_a_cheese_bot_naming_how_to_check_it(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "'cmd:cheese bot serve mcts'" in refused(capsys, "bot", "check", "mcts")


# --- --pin-cores ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ("duel", "random", "greedy"),
        ("tournament", "run", "random", "greedy"),
        ("ladder", "mcts", "--budget", "iterations=50:100"),
        ("tune", "mcts:iterations=50", "--param", "c=0.5:2", "--against", "greedy"),
    ],
)
def test_pinned_cores_and_a_cluster_are_refused_together(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, argv: tuple[str, ...]
) -> None:
    database = tmp_path / "runs.db"
    where = ("--pin-cores", "--cluster", "tcp://127.0.0.1:1", "--db", str(database))
    err = refused(capsys, *argv, *where)
    assert "--pin-cores" in err and "--cluster" in err
    assert not database.exists()


def test_pinned_cores_are_refused_where_the_system_cannot_pin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("cheese.cli.players.can_pin_cores", lambda: False)
    err = refused(capsys, "duel", "random", "greedy", "--pin-cores", "--games", "4")
    assert "--pin-cores needs Linux" in err


def test_a_pin_cores_setting_must_be_true_or_false(tmp_path: Path) -> None:
    config = tmp_path / "t.toml"
    config.write_text('pin_cores = "yes"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="pin_cores"):
        read_config(config)


@pytest.mark.parametrize("command", ["replay", "analyze"])
def test_a_database_path_before_a_game_id_is_answered_with_the_db_form(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    command: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "night.db").write_bytes(b"")
    err = refused(capsys, command, "night.db:17")
    assert f"cheese {command} DB:17 --db night.db" in err
    assert "is neither a record file" in refused(capsys, command, "missing.db:17")
