"""``cheese play`` and ``cheese replay`` options: help, bad input as one line with exit 2,
and seats filled by ``--vs``."""

from __future__ import annotations

import itertools
import json
import re
import shlex
from datetime import datetime
from pathlib import Path

import pytest

from cheese.bots.registry import make_bot
from cheese.cli.play import command
from cheese.cli.play.command import seat_specs
from cheese.cli.play.options_text import parse_game_options
from cheese.cli.play.record_file import default_record_path, load_saved, records_directory
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.session import Players, PlaySession
from cheese.engine import GAME_SLUGS
from cheese.engine.records import GameRecord
from cheese.levels import level_spec, level_table

from .conftest import run


@pytest.mark.parametrize("command", ["play", "replay"])
def test_help_has_an_example(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, _ = run(capsys, command, "--help")
    assert code == 0 and "Example" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["play", "get-the-cheese", "--seat", "5"], "--seat 5 is not a seat"),
        (["play", "get-the-cheese", "--seat", "0"], "seats count from 1"),
        (["play", "cheese-drop", "--seat", "1", "--seat", "1"], "names a seat twice"),
        (["play", "cheese-drop", "--humans", "3"], "seats 1 to 2 people"),
        (["play", "cheese-drop", "--humans", "2", "--seat", "1"], "one --seat per person"),
        (["play", "cheese-drop", "--level", "1", "--vs", "greedy"], "give one of them"),
        (["play", "cheese-drop", "--level", "hard"], "is not a level"),
        (["play", "cheese-drop", "--level", "wizard"], "a name (beginner, novice, casual"),
        (["play", "get-the-cheese", "--players", "6", "--level", "club"], "3 to 5 players"),
        (["play", "cheese-drop", "--level", "99"], "--level 99: cheese-drop"),
        (["play", "cheese-drop", "--name", "a:b"], "--name: 'a:b' is not a person's name"),
        (["play"], "give the game to play"),
        (["play", "--continue", "--vs", "greedy"], "--vs cannot be given with it"),
        (["play", "--continue", "zzzz-not-a-game"], "neither a record file nor the id"),
        (["replay"], "give the game to replay"),
        (["replay", "x.json", "--last"], "not both"),
        (["play", "get-the-cheese", "--players", "9"], "3 to 5 players"),
        (["play", "get-the-cheese", "--vs", "nobot"], "unknown bot 'nobot'"),
        (
            ["play", "cheese-drop", "--players", "2", "--vs", "mcts", "--vs", "greedy"],
            "only 1 bot seats",
        ),
        (
            ["play", "cheese-drop", "--humans", "2", "--players", "2", "--vs", "greedy"],
            "--vs greedy names the bots, but all 2 seats are people's; give --players 3",
        ),
        (
            ["play", "get-the-cheese", "--humans", "3", "--players", "3", "--level", "1"],
            "--level 1 names the bots, but all 3 seats are people's",
        ),
        (["play", "cheese-drop", "--options", "colour=red"], "unknown option"),
        (["play", "cheese-drop", "--options", "simple"], "is not NAME=VALUE"),
        (["play", "cheese-drop", "--seed", "-1"], "--seed must be"),
        (["replay", "no-such-record.json"], "no such file"),
        (["replay", "DB:17", "--db", "no-such.db"], "no such results database"),
        (["replay", "DB:seventeen"], "write DB: then the game's id"),
    ],
)
def test_bad_input_is_one_line_with_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str, tmp_path: Path
) -> None:
    code, _, err = run(
        capsys,
        *argv,
        *(
            ["--record", str(tmp_path / "r.json")]
            if argv[:1] == ["play"] and "--continue" not in argv
            else []
        ),
    )
    assert code == 2
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_a_record_that_is_not_json_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    code, _, err = run(capsys, "replay", str(path))
    assert code == 2 and "not valid JSON" in err


def test_an_unwritable_record_path_is_refused_before_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, _, err = run(capsys, "play", "cheese-drop", "--record", str(blocker / "r.json"))
    assert code == 2 and "cannot write the game record" in err


def test_vs_fills_the_bot_seats_in_order_with_the_last_repeated() -> None:
    assert seat_specs([], [1, 2, 3], "mcts") == {1: "mcts", 2: "mcts", 3: "mcts"}
    assert seat_specs(["greedy"], [0, 2], "mcts") == {0: "greedy", 2: "greedy"}
    assert seat_specs(["a", "b"], [0, 1, 3], "mcts") == {0: "a", 1: "b", 3: "b"}
    assert seat_specs(["expectimax"], [], "mcts") == {}


def test_game_options_read_ints_booleans_and_lists() -> None:
    assert parse_game_options("") == {}
    assert parse_game_options("simple=TRUE, rows=4") == {"simple": True, "rows": 4}
    assert parse_game_options("cheese_values=2,3,4,5,2,3,4,5") == {
        "cheese_values": (2, 3, 4, 5, 2, 3, 4, 5)
    }


def test_every_game_has_a_renderer_and_a_default_opponent_that_exists() -> None:
    assert set(RENDERERS) == set(GAME_SLUGS)
    for renderer in RENDERERS.values():
        assert make_bot(renderer.default_opponent).spec == renderer.default_opponent


def test_records_go_to_the_data_directory_by_default() -> None:
    path = default_record_path("cheese-drop", 7, datetime(2026, 1, 2, 3, 4, 5))
    assert path.parent == records_directory()
    assert path.name == "cheese-drop-20260102-030405-seed7.json"


def test_a_level_seats_its_bots_and_a_finished_game_goes_to_the_rating(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored: list[tuple[GameRecord, str, tuple[int, ...]]] = []
    monkeypatch.setattr(command, "level_spec", lambda game, level, players: "random")
    monkeypatch.setattr(
        command,
        "store_person_game",
        lambda record, person, seats: stored.append((record, person, tuple(seats))),
    )
    monkeypatch.setattr(command, "line_reader", lambda console: lambda prompt: "1")
    path = tmp_path / "r.json"
    argv = ["play", "get-the-cheese", "--level", "2", "--name", "ada", "--seat", "2"]
    code, out, _ = run(capsys, *argv, "--seed", "11", "--fast", "--record", str(path))
    assert code == 0
    assert "you play P2" in out and "opponents level 2" in out
    name = level_table("get-the-cheese").name(2)
    assert f"against level 2 ({name})" in " ".join(out.split())
    ((record, person, seats),) = stored
    assert (
        person == "ada"
        and seats == (1,)
        and record.players == ("random", "human", "random", "random")
    )
    facts = load_saved(path).facts
    assert facts is not None and facts.level == 2 and facts.person == "ada" and facts.finished


def test_a_failing_rating_is_one_warning_line_and_the_game_is_kept(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(record: GameRecord, person: str, seats: tuple[int, ...]) -> None:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(command, "store_person_game", broken)
    monkeypatch.setattr(command, "line_reader", lambda console: lambda prompt: "1")
    path = tmp_path / "r.json"
    code, out, _ = run(
        capsys,
        "play",
        "get-the-cheese",
        "--seed",
        "11",
        "--vs",
        "random",
        "--fast",
        "--record",
        str(path),
    )
    assert code == 0
    assert "cheese: warning: the game was not added to" in out and "disk on fire" in out
    facts = load_saved(path).facts
    assert "Traceback" not in out and facts is not None and facts.finished


def typing(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    """The next ``cheese play`` reads ``lines``, then the end of input."""
    typed = iter(lines)

    def read_line(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    monkeypatch.setattr(command, "line_reader", lambda console: read_line)


def test_a_chasers_level_is_the_hint_bot_saved_and_continued(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = level_spec("cheese-chasers", 1)
    path = tmp_path / "r.json"
    typing(monkeypatch, ["hint", "quit", "y"])
    argv = ["play", "cheese-chasers", "--level", "1", "--seed", "107", "--fast"]
    code, out, _ = run(capsys, *argv, "--record", str(path))
    assert code == 0 and "hints of level 1" in out and f"Asking {spec}…" in out
    assert "· hints level 1 (beginner)" in out  # the screen's divider names the level
    facts = load_saved(path).facts
    assert facts is not None and (facts.hint, facts.level) == (spec, 1)
    typing(monkeypatch, ["hint", "quit", "y"])
    code, out, _ = run(capsys, "play", "--continue", str(path), "--fast")
    assert code == 0 and "hints of level 1" in out and f"Asking {spec}…" in out
    facts = load_saved(path).facts
    assert facts is not None and (facts.hint, facts.level) == (spec, 1)


def test_one_move_is_counted_in_words_when_continued_and_replayed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "r.json"
    typing(monkeypatch, ["1", "quit", "y"])
    code, _, _ = run(capsys, "play", "cheese-chasers", "--seed", "41", "--record", str(path))
    assert code == 0
    typing(monkeypatch, ["quit", "y"])
    code, out, _ = run(capsys, "play", "--continue", str(path), "--fast")
    assert code == 0 and "Continuing Cheese Chasers, seed 41, after 1 move: " in out
    page = tmp_path / "page.html"
    code, out, _ = run(capsys, "replay", str(path), "--html", str(page))
    assert code == 0 and f"Wrote the replay page {page} (1 move): " in out


def seated(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str]
) -> Players:
    """Who ``cheese ARGV…`` seats where, the game set up and saved but not played."""
    tables: list[Players] = []

    def sit_down(session: PlaySession) -> int:
        tables.append(session.players)
        return 0

    monkeypatch.setattr(PlaySession, "run", sit_down)
    code, _, err = run(capsys, *argv)
    assert code == 0, err
    (table,) = tables
    return table


def test_the_hot_seat_example_seats_two_people_and_a_greedy_bot(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "cheese-drop", "--humans", "2", "--vs", "greedy"]
    table = seated(capsys, monkeypatch, [*argv, "--record", str(tmp_path / "r.json")])
    assert table.humans == (0, 1)
    assert {seat: bot.spec for seat, bot in table.bots.items()} == {2: "greedy"}
    # A table the default seats already fit keeps its size; one --vs fills its bot seats.
    argv = ["play", "get-the-cheese", "--humans", "2", "--vs", "greedy"]
    table = seated(capsys, monkeypatch, [*argv, "--record", str(tmp_path / "g.json")])
    assert table.humans == (0, 1) and sorted(table.bots) == [2, 3]


def test_every_example_of_play_help_is_parsed_and_seated(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    _, out, _ = run(capsys, "play", "--help")
    examples = re.findall(r"Example: (cheese play [^│\n]*?)\s*(?:│|$)", out, re.MULTILINE)
    assert len(examples) == 3, out
    for example in examples:  # in order: --continue goes on with the game the first saved
        table = seated(capsys, monkeypatch, shlex.split(example)[1:])
        assert table.humans and len(table.humans) + len(table.bots) > 1, example


def test_a_level_by_name_takes_the_bots_of_the_tables_actual_size(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored: list[GameRecord] = []
    monkeypatch.setattr(
        command, "store_person_game", lambda record, person, seats: stored.append(record)
    )
    # Some Cheese Drop prompts have no choice 1: the answers go round 1 to 7.
    answers = itertools.cycle(str(number) for number in range(1, 8))
    monkeypatch.setattr(command, "line_reader", lambda console: lambda prompt: next(answers))
    table = level_table("cheese-drop", 3)
    name = table.name(1)
    argv = ["play", "cheese-drop", "--players", "3", "--level", name.upper(), "--name", "ada"]
    code, out, _ = run(capsys, *argv, "--seed", "4", "--fast", "--record", str(tmp_path / "r"))
    assert code == 0
    assert f"against level 1 ({name})" in " ".join(out.split())
    (record,) = stored
    assert record.players == ("human", table.level(1).spec, table.level(1).spec)


def test_a_levels_bots_go_by_its_name_on_the_screens_and_its_spec_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = level_table("cheese-drop", 3)
    name, spec = table.name(1), table.level(1).spec
    path = tmp_path / "r.json"
    typing(monkeypatch, ["quit", "y"])
    argv = ["play", "cheese-drop", "--players", "3", "--level", "1", "--seed", "4", "--fast"]
    code, out, _ = run(capsys, *argv, "--record", str(path))
    words = " ".join(out.split())
    assert code == 0 and f"P2 {name} · P3 {name}" in words
    assert words.count(spec) == 1 and f"against level 1 ({name}), played by {spec}." in words
    typing(monkeypatch, ["quit", "y"])
    code, out, _ = run(capsys, "play", "--continue", str(path), "--fast")
    assert code == 0 and f"P2 {name} · P3 {name}" in " ".join(out.split())
    # Saved under a table since measured again, the bots are no longer the level's:
    # the screens name them by their spec, not by a name that now means another bot.
    saved = json.loads(path.read_text(encoding="utf-8"))
    saved["players"] = ["human", "greedy", "greedy"]
    path.write_text(json.dumps(saved), encoding="utf-8")
    typing(monkeypatch, ["quit", "y"])
    code, out, _ = run(capsys, "play", "--continue", str(path), "--fast")
    words = " ".join(out.split())
    assert code == 0 and "P2 greedy · P3 greedy" in words and "played by" not in words


def test_a_name_the_table_does_not_have_is_one_line_naming_its_names(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    table = level_table("cheese-drop", 2)
    missing = next(word for word in ("novice", "advanced", "strong") if word not in table.names)
    code, _, err = run(
        capsys, "play", "cheese-drop", "--level", missing, "--record", str(tmp_path / "r")
    )
    assert code == 2 and err.count("\n") == 1
    assert f"is not a level of cheese-drop at 2 players; give 1 to {len(table.levels)}" in err
    assert ", ".join(table.names) in err


def test_the_level_help_names_the_words(capsys: pytest.CaptureFixture[str]) -> None:
    out = " ".join(run(capsys, "play", "--help")[1].split())
    assert "N|NAME|auto" in out and "beginner" in out and "master" in out
