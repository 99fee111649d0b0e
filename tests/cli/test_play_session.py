"""The play session in-process: undo (a step, a decision), board, hint, and the record."""

from __future__ import annotations

import io
import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from cheese.bots.base import Decision, TopMeasure
from cheese.bots.registry import make_bot
from cheese.cli.errors import UserInputError
from cheese.cli.play.record_file import PlayFacts, load_saved
from cheese.cli.play.renderer import Table
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.replay import Replay
from cheese.cli.play.saved_games import find_saved, listing_lines, saved_games, short_id
from cheese.cli.play.session import Players, PlaySession, Terminal, standings
from cheese.cli.play.terminal import make_console
from cheese.cli.play.where_saved import saved_lines
from cheese.engine import load_game
from cheese.engine.cheese_chasers.view import ChasersView
from cheese.engine.get_the_cheese.moves import DRAW
from cheese.engine.luck import resolve_chance
from cheese.engine.records import GameRecord, replay_states

FIRST = "first"
"""In a script: the first choice listed on the screen, whatever its number."""


def first_choice(screen: str) -> str:
    """The number of the first choice of the last list of choices on ``screen``."""
    listed = [line for line in screen.splitlines() if re.match(r"[0-9]+ \S", line)]
    return listed[-1].split()[0] if listed else ""


def run_session(
    slug: str, players: int, script: list[str], path: Path, seed: int = 3
) -> tuple[int, str, GameRecord]:
    """Play ``script`` at seat 0 against greedy bots; end of input after it."""
    typed: Iterator[str] = iter(script)
    buffer = io.StringIO()

    def read_line(prompt: str) -> str:
        try:
            answer = next(typed)
        except StopIteration:
            raise EOFError from None
        return first_choice(buffer.getvalue()) if answer == FIRST else answer

    state = load_game(slug).new_initial_state(num_players=players, seed=seed)
    bots = {seat: make_bot("greedy") for seat in range(1, players)}
    session = PlaySession(
        RENDERERS[slug],
        Players((0,), bots, make_bot("greedy")),
        Terminal(make_console(plain=True, width=80, file=buffer), read_line, 0.0),
        path,
        state,
    )
    code = session.run()
    return code, buffer.getvalue(), GameRecord.from_json(path.read_text())


def test_undo_goes_back_to_the_previous_decision(tmp_path: Path) -> None:
    _, out, record = run_session("cheese-chasers", 1, ["1", "1", "undo"], tmp_path / "r.json")
    assert "Back to your previous decision." in out
    view = replay_states(record)[-1].view(0)
    assert isinstance(view, ChasersView) and len(view.cards) == 2


def test_undo_inside_a_move_goes_back_one_step(tmp_path: Path) -> None:
    _, out, record = run_session("get-the-cheese", 3, ["2", "undo", "1"], tmp_path / "r.json")
    assert "1st card (face down on the starting cheese):" in out
    states = replay_states(record)
    mine = [action for state, action in zip(states, record.actions) if state.current_player == 0]
    assert mine[:1] == [DRAW]


def test_nothing_to_undo_at_the_first_decision(tmp_path: Path) -> None:
    code, out, record = run_session("cheese-chasers", 1, ["undo"], tmp_path / "r.json")
    assert code == 0 and "Nothing to undo" in out
    assert "Game saved to" in out and record.players == ("human",)


def test_board_shows_the_table_again_and_hint_lists_top_moves(tmp_path: Path) -> None:
    _, out, _ = run_session("cheese-drop", 2, ["board", "hint"], tmp_path / "r.json")
    assert out.count("betting order") == 2
    assert "greedy's top choices, best first (value" in out
    assert re.search(r"  type [0-9 ›]+: gate ", out)


def test_replay_shows_one_seats_view_or_everything(tmp_path: Path) -> None:
    _, _, record = run_session("get-the-cheese", 3, ["2"] + ["1"] * 40, tmp_path / "r.json")
    screens = {seat: replay_screen(record, seat, 12) for seat in (1, None)}
    assert "P2's view" in screens[1] and "everything revealed" in screens[None]
    assert "b:?" in screens[1] and "b:(" not in screens[1]
    assert "?" not in screens[None].split("hands:")[0]


def replay_screen(record: GameRecord, seat: int | None, move: int) -> str:
    """What ``cheese replay`` shows of ``record`` to ``seat`` (None: everything) from the
    screen of ``move`` on, reached by typing its number (then q)."""
    buffer = io.StringIO()
    Replay(
        RENDERERS[record.game],
        record,
        seat,
        make_console(plain=True, width=80, file=buffer),
        _lines([str(move), "q"]),
    ).run()
    return buffer.getvalue().split(f"move {move}/")[1]


def _lines(script: list[str]) -> Callable[[str], str]:
    typed = iter(script)
    return lambda prompt: next(typed)


class _BrokenBot:
    spec = "broken"

    def choose(self, turn: object, rng: object) -> Decision:
        raise RuntimeError("out of cheese")


def test_a_failing_bot_ends_the_game_saved_with_exit_code_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    buffer = io.StringIO()
    path = tmp_path / "r.json"
    state = load_game("cheese-drop").new_initial_state(num_players=2, seed=1, start_player=1)
    session = PlaySession(
        RENDERERS["cheese-drop"],
        Players((0,), {1: _BrokenBot()}, make_bot("greedy")),
        Terminal(make_console(plain=True, width=80, file=buffer), _lines([]), 0.0),
        path,
        state,
    )
    assert session.run() == 1
    assert "bot broken (P2) failed: out of cheese" in capsys.readouterr().err
    assert (
        f"  {path}\n" in buffer.getvalue()
        and "Continue it:  cheese play --continue" in buffer.getvalue()
    )
    assert GameRecord.from_json(path.read_text()).players == ("human", "broken")


class _SilentBot:
    spec = "silent"

    def choose(self, turn: object, rng: object) -> Decision:
        return None  # type: ignore[return-value]


def test_a_bot_answering_no_decision_is_refereed_as_in_a_duel(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state = load_game("cheese-drop").new_initial_state(num_players=2, seed=1, start_player=1)
    session = PlaySession(
        RENDERERS["cheese-drop"],
        Players((0,), {1: _SilentBot()}, make_bot("greedy")),
        Terminal(make_console(plain=True, width=80, file=io.StringIO()), _lines([]), 0.0),
        tmp_path / "r.json",
        state,
    )
    assert session.run() == 1
    assert "bot silent (P2) answered None, which is not a decision" in capsys.readouterr().err


def test_a_revealed_cheese_drop_replay_shows_the_lanes_under_the_cover(tmp_path: Path) -> None:
    _, _, record = run_session("cheese-drop", 2, [FIRST] * 400, tmp_path / "r.json", seed=5)
    states = replay_states(record)
    positions = [state for state in states if not state.is_chance_node()]
    move, state = next(
        (move, state)
        for move, state in enumerate(positions)
        if state.current_player == 0
        and any(
            shown.seen_lane != lane
            for shown, lane in zip(state.view(0).marbles, state.revealed_view().lanes)
        )
    )
    screens = {}
    for seat in (0, None):
        screens[seat] = replay_screen(record, seat, move)
        assert max(len(line) for line in screens[seat].splitlines()) <= 80
    paths = [
        f"{'YRMC'[marble.colour]} {marble.slot + 1}→{marble.seen_lane + 1}"
        + (f"→({lane + 1})" if marble.rows_fallen > 3 else "")
        for marble, lane in zip(state.view(0).marbles, state.revealed_view().lanes)
    ]
    assert all(path + " " in screens[None] or path + "\n" in screens[None] for path in paths)
    really_in = next(line for line in screens[None].splitlines() if line.startswith("really in"))
    marbles = state.view(0).marbles
    assert really_in.split()[2:] == [
        "".join(
            sorted(
                (
                    "YRMC"[m.colour]
                    for m, lane in zip(marbles, state.revealed_view().lanes)
                    if lane == number
                ),
                key="YRMC".index,
            )
        )
        or "·"
        for number in range(6)
    ]
    assert "really in" not in screens[0]
    assert "→(" not in screens[0]


def _session(
    slug: str, players: int, seed: int, path: Path, script: list[str],
    spec: str = "mcts:iterations=40",
) -> PlaySession:
    buffer = io.StringIO()
    state = load_game(slug).new_initial_state(num_players=players, seed=seed)
    bots = {seat: make_bot(spec) for seat in range(1, players)}
    typed = iter(script)

    def read_line(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    console = make_console(plain=True, width=80, file=buffer)
    return PlaySession(
        RENDERERS[slug],
        Players((0,), bots, make_bot("greedy")),
        Terminal(console, read_line, 0.0),
        path,
        state,
    )


@pytest.mark.parametrize(
    "spec", ["mcts:iterations=40", "mcts:iterations=40,infer=policy,reader=30"]
)
def test_a_resumed_game_plays_on_as_the_uninterrupted_one(tmp_path: Path, spec: str) -> None:
    """The bots (MCTS, which draws from its generator) choose the same moves after a break:
    their generators come from the seed and the position, not from the session; and
    with ``infer=policy`` they read the moves before the break from the record as they
    had read them as they were made."""
    script = ["1"] * 200
    straight = _session("get-the-cheese", 3, 8, tmp_path / "straight.json", script, spec)
    assert straight.run() == 0
    first = _session("get-the-cheese", 3, 8, tmp_path / "broken.json", script[:7], spec)
    first.run()
    saved = load_saved(tmp_path / "broken.json")
    assert saved.facts is not None and not saved.facts.finished
    assert saved.facts.humans == (0,) and saved.facts.to_play == 0
    resumed = PlaySession.resumed(
        RENDERERS["get-the-cheese"],
        Players(
            (0,), {seat: make_bot(spec) for seat in (1, 2)}, make_bot("greedy")
        ),
        Terminal(make_console(plain=True, width=80, file=io.StringIO()), _lines(script[7:]), 0.0),
        tmp_path / "broken.json",
        saved.record,
    )
    assert resumed.decisions, "undo can go back past the break"
    assert resumed.run() == 0
    assert load_saved(tmp_path / "broken.json").record == straight.record()
    assert load_saved(tmp_path / "broken.json").facts == straight.facts()


def test_the_play_facts_round_trip_and_malformed_ones_are_ignored(tmp_path: Path) -> None:
    facts = PlayFacts((0, 2), "mcts", None, None, False, 3, 2)
    assert PlayFacts.from_json(facts.to_json()) == facts
    assert PlayFacts.from_json({"humans": [0], "hint": "mcts"}) is None
    assert PlayFacts.from_json([1, 2]) is None
    path = tmp_path / "plain.json"
    record = GameRecord("cheese-drop", 1, ("human", "greedy"), (), (), (0, 0))
    path.write_text(record.to_json())
    assert load_saved(path).facts is None and load_saved(path).record == record


def test_saved_games_are_listed_newest_first_in_80_columns(tmp_path: Path) -> None:
    older = tmp_path / "a.json"
    newer = tmp_path / "b.json"
    for path, seed in ((older, 3), (newer, 4)):
        session = _session("get-the-cheese", 5, seed, path, [])
        session.players = Players(
            (0,), {s: make_bot("random") for s in range(1, 5)}, make_bot("greedy")
        )
        session.save()
    os.utime(older, (1_000_000_000, 1_000_000_000))
    (tmp_path / "notes.json").write_text("not a record")
    games = saved_games(tmp_path)
    assert [game.path for game in games] == [newer, older]
    lines = listing_lines(games)
    assert all(len(line) <= 80 for line in lines)
    assert lines[0].startswith(short_id(newer)) and "stopped after 0 moves" in lines[0]
    assert "you: P1 · vs 4×random" in lines[1]
    assert find_saved(short_id(older)[:4], tmp_path) == older
    with pytest.raises(UserInputError, match="cheese saved lists"):
        find_saved("abcdefg-nothing", tmp_path)


def test_the_lines_after_quitting_fit_80_columns_and_name_the_commands(tmp_path: Path) -> None:
    long_path = tmp_path / ("deep" * 20) / "game.json"
    lines = saved_lines(long_path, finished=False)
    assert f"  {long_path}" in lines
    assert "Continue it:  cheese play --continue followed by that path" in lines
    assert saved_lines(long_path, finished=True)[-1].startswith("Replay it:")
    assert not any("--continue" in line for line in saved_lines(long_path, finished=True))


def test_a_single_choice_is_played_for_the_person_and_undo_skips_it(tmp_path: Path) -> None:
    # Seed 4: play three cards (2, 1, 1, then the starting cheese 1) empties the hand.
    _, out, record = run_session(
        "get-the-cheese", 4, ["2", "1", "1", "1", "undo"], tmp_path / "r.json", seed=4
    )
    assert "Only one choice: draw 3 cards — played for you." in out
    assert "Back to your previous decision." in out
    states = replay_states(record)
    assert states[-1].current_player == 0 and len(states[-1].legal_actions()) > 1
    assert not any(state.current_player == 0 for state in states[:-1] if not state.is_chance_node())


def test_standings_align_and_say_how_a_tie_was_broken() -> None:
    state = load_game("get-the-cheese").new_initial_state(num_players=3, seed=2)
    rng = random.Random(5)
    while not state.is_terminal():
        state = state.apply(
            resolve_chance(state) if state.is_chance_node() else rng.choice(state.legal_actions())
        )
    buffer = io.StringIO()
    table = Table(0, ("you", "a", "b"), state.options, 2)
    make_console(plain=True, width=80, file=buffer).print(
        standings(state, RENDERERS["get-the-cheese"], table)
    )
    lines = buffer.getvalue().splitlines()
    assert lines[0] == "Final scores" and lines[1].split() == [
        "place",
        "player",
        "points",
        "king",
        "mice",
        "mice",
    ]
    assert len({len(row.rstrip()) for row in lines[1:5]}) == 1, "right-aligned columns"


def test_a_typed_move_counts_cheeses_as_the_board_does(tmp_path: Path) -> None:
    # The board numbers cheeses from #1; the engine's notation counts them from 0.
    state = load_game("get-the-cheese").new_initial_state(num_players=3, seed=3)
    dealt = 0
    while state.is_chance_node():
        state = state.apply(resolve_chance(state))
        dealt += 1
    expected = state.parse_action("2:mouse*,mouse,mouse")
    code, screen, record = run_session(
        "get-the-cheese", 3, ["3:mouse*,mouse,mouse"], tmp_path / "typed.json"
    )
    assert record.actions[dealt] == expected
    assert "0:mouse" not in screen


def test_the_bots_top_choices_are_saved_by_action_index_and_undo_drops_later_ones(
    tmp_path: Path,
) -> None:
    path = tmp_path / "r.json"
    run_session("get-the-cheese", 3, [FIRST] * 3, path)
    choices = load_saved(path).choices
    states = replay_states(load_saved(path).record)
    bot_moves = [
        index
        for index, state in enumerate(states[:-1])
        if not state.is_chance_node() and state.current_player != 0
    ]
    assert bot_moves and sorted(choices) == bot_moves
    for index in bot_moves:
        entry = choices[index]
        assert entry.measure is TopMeasure.VALUE
        assert [states[index].parse_action(text) for text, _ in entry.top]
    assert json.loads(path.read_text())["choices"][str(bot_moves[0])]["measure"] == "value"
    run_session("get-the-cheese", 3, [FIRST] * 3 + ["undo"], tmp_path / "undone.json")
    undone = load_saved(tmp_path / "undone.json")
    assert all(index < len(undone.record.actions) for index in undone.choices)
