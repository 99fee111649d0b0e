"""What is said of a saved game after play: the listing's words for the table, the names
a replay gives the people, and the refusal to continue a finished game."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest

from cheese.bots.registry import make_bot
from cheese.cli.play.record_file import records_directory
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.replay import Replay
from cheese.cli.play.saved_games import listing_lines, saved_games, short_id
from cheese.cli.play.session import Players, PlaySession, Terminal
from cheese.cli.play.terminal import make_console
from cheese.engine import load_game
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord

from .conftest import refused


def saved(path: Path, slug: str, players: int, humans: tuple[int, ...], bot: str) -> None:
    """A new game of ``slug`` saved in ``path`` before its first move."""
    state = load_game(slug).new_initial_state(num_players=players, seed=3)
    bots = {seat: make_bot(bot) for seat in range(players) if seat not in humans}
    terminal = Terminal(make_console(plain=True, width=80, file=io.StringIO()), input, 0.0)
    PlaySession(RENDERERS[slug], Players(humans, bots, make_bot(bot)), terminal, path, state).save()


def test_a_table_of_people_is_hot_seat_and_only_one_seat_is_solitaire(tmp_path: Path) -> None:
    saved(tmp_path / "drop.json", "cheese-drop", 2, (0, 1), "greedy")
    saved(tmp_path / "chasers.json", "cheese-chasers", 1, (0,), "greedy")
    saved(tmp_path / "mixed.json", "cheese-drop", 3, (0, 1), "greedy")
    listed = {game.path.name: game for game in saved_games(tmp_path)}
    lines = {name: listing_lines([game])[1].strip() for name, game in listed.items()}
    assert lines == {
        "drop.json": "you: P1, P2 · hot-seat, 2 people",
        "chasers.json": "you: P1 · solitaire",
        "mixed.json": "you: P1, P2 · vs greedy",
    }


def test_a_levels_game_is_listed_by_its_level_and_never_with_a_spec_cut_short(
    tmp_path: Path,
) -> None:
    long_spec = "mcts:iterations=15000,infer=policy,reader=1000,worlds=48"
    for name, spec in (("short.json", "greedy"), ("long.json", long_spec)):
        state = load_game("get-the-cheese").new_initial_state(num_players=4, seed=3)
        bots = {seat: make_bot(spec) for seat in (1, 2, 3)}
        terminal = Terminal(make_console(plain=True, width=80, file=io.StringIO()), input, 0.0)
        players = Players((0,), bots, make_bot("greedy"), level=7)
        PlaySession(RENDERERS["get-the-cheese"], players, terminal, tmp_path / name, state).save()
    listed = {game.path.name: listing_lines([game])[1] for game in saved_games(tmp_path)}
    assert listed["short.json"].strip() == "you: P1 · vs level 7 (3×greedy)"
    assert listed["long.json"].strip() == "you: P1 · vs level 7 (3 bots)"
    assert all(len(line) <= 80 and "…" not in line for line in listed.values())


def finished_record(players: tuple[str, ...]) -> GameRecord:
    """A whole game of Get The Cheese! between random moves, seated as ``players``."""
    state = load_game("get-the-cheese").new_initial_state(num_players=len(players), seed=8)
    rng = random.Random(8)
    actions = []
    while not state.is_terminal():
        chance = state.is_chance_node()
        action = resolve_chance(state) if chance else rng.choice(state.legal_actions())
        actions.append(action)
        state = state.apply(action)
    return GameRecord.of_game(state, players, actions)


def replay_names(record: GameRecord, seat: int | None) -> str:
    """The line of player names at the first move of ``record``'s replay from ``seat``."""
    buffer = io.StringIO()
    lines = iter(["q"])
    Replay(
        RENDERERS[record.game],
        record,
        seat,
        make_console(plain=True, width=80, file=buffer),
        lambda prompt: next(lines),
    ).run()
    return next(line for line in buffer.getvalue().splitlines() if "to play" in line)


def test_a_replay_names_the_person_as_the_game_did() -> None:
    # The game showed its one person as "you": so does the replay, from any view.
    record = finished_record(("human", "random", "random"))
    for seat in (None, 0):
        names = replay_names(record, seat)
        assert "P1 b you" in names and "human" not in names
    # At a shared table each person was "you" on their own screen only.
    shared = finished_record(("human", "human", "random"))
    names = replay_names(shared, 1)
    assert "P1 b human" in names and "P2 g you" in names
    assert "you" not in replay_names(shared, None)


def test_continuing_a_finished_game_names_its_id_and_the_replay(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    folder = records_directory()
    folder.mkdir(parents=True)
    path = folder / "get-the-cheese-20260102-030405-seed8.json"
    path.write_text(finished_record(("human", "random", "random")).to_json())
    game_id = short_id(path)
    err = refused(capsys, "play", "--continue", game_id)
    assert f"game {game_id} is finished" in err and f"cheese replay {game_id}" in err
    assert str(folder) not in err
