"""``cheese play`` and ``cheese replay`` driven in a pseudo-terminal, as a person would.

Each game is played to the end from the real program with scripted input that includes
nonsense, help, hint, undo and a declined quit; other runs leave by quit, Ctrl-D and
Ctrl-C, and every run must leave a game record that replays.
"""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from cheese.engine.records import GameRecord, replay, replay_states

from .terminal import spawn_cheese

PROMPT = r"\n> "
CONFIRM = r"\[y/N\] "
END = "Game saved (as|to)"
STEP = r"\(Enter[^)]*\) "
SCRIPT = ("xyzzy", "99", "help", "?", "hint", "2", "undo", "1")
"""Typed at the first prompts: nonsense, a number out of range, help, hint, a choice,
undo (one step back), then a choice; every game then continues with the first choice
listed."""


def spawn(*arguments: str, colour: bool = False) -> pexpect.spawn:
    return spawn_cheese(*arguments, env={} if colour else {"NO_COLOR": "1"})


def first_choice(screen: str) -> str:
    """The number of the first choice of the last list of choices on ``screen``."""
    listed = [line for line in screen.splitlines() if re.match(r"[0-9]+ \S", line)]
    return listed[-1].split()[0] if listed else "1"


def play_to_the_end(child: pexpect.spawn) -> str:
    """Answer every prompt (the script, then the first choice listed) until the game is
    over; the transcript."""
    transcript = []
    typed = iter(SCRIPT)
    while True:
        index = child.expect([PROMPT, END, STEP])
        transcript.append(child.before)
        if index == 1:
            child.expect(pexpect.EOF)
            transcript.append(str(child.after) + child.before)
            return "".join(transcript)
        child.sendline(next(typed, first_choice(child.before)) if index == 0 else "")


GAMES = [
    ("get-the-cheese", 0, ["--fast", "--vs", "random"]),
    ("cheese-chasers", 0, ["--vs", "greedy"]),  # no bot to wait for; Enter between steps
    ("cheese-drop", 1, ["--fast", "--vs", "random", "--players", "3", "--seat", "2"]),
]


@pytest.mark.parametrize(("game", "seat", "extra"), GAMES)
def test_a_whole_game_with_nonsense_help_hint_and_undo(
    game: str, seat: int, extra: list[str], tmp_path: Path
) -> None:
    record_path = tmp_path / "game.json"
    child = spawn("play", game, "--seed", "5", "--record", str(record_path), *extra)
    transcript = play_to_the_end(child)
    child.close()
    assert child.exitstatus == 0
    assert "'xyzzy' is not a choice or a move here" in transcript
    assert "There is no choice 99" in transcript
    assert "hint (a bot's top choices)" in transcript
    assert "top choices" in transcript or "would play" in transcript
    assert "Traceback" not in transcript
    assert "Game over" in transcript and str(record_path) in transcript
    assert "\x1b[" not in transcript
    if game == "cheese-chasers":  # "2" placed a card, so undo went back a decision
        assert "Back to your previous decision." in transcript
        assert "Where the points came from" in transcript
    record = GameRecord.from_json(record_path.read_text())
    assert record.players[seat] == "human"
    assert replay(record).scores() == record.scores


def test_quit_asks_first_and_saves_an_unfinished_game(tmp_path: Path) -> None:
    record_path = tmp_path / "quit.json"
    child = spawn("play", "cheese-drop", "--seed", "2", "--fast", "--record", str(record_path))
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(CONFIRM)
    child.sendline("n")
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(CONFIRM)
    child.sendline("y")
    child.expect("Game saved to")
    child.expect(pexpect.EOF)
    assert f"  {record_path}\r\n" in child.before and "cheese play --continue" in child.before
    child.close()
    assert child.exitstatus == 0
    states = replay_states(GameRecord.from_json(record_path.read_text()))
    assert not states[-1].is_terminal() and len(states) > 1


@pytest.mark.parametrize(("key", "status"), [("d", 0), ("c", 130)])
def test_ctrl_d_and_ctrl_c_save_the_record_and_leave_cleanly(
    key: str, status: int, tmp_path: Path
) -> None:
    record_path = tmp_path / "left.json"
    child = spawn(
        # greedy answers at once: a loaded machine must not make the wait time out.
        "play",
        "get-the-cheese",
        "--seed",
        "3",
        "--fast",
        "--vs",
        "greedy",
        "--record",
        str(record_path),
        colour=True,
    )
    child.expect(PROMPT)
    assert "\x1b[" in child.before, "a terminal without NO_COLOR gets colour"
    child.sendline("1")
    child.expect(PROMPT)
    child.sendcontrol(key)
    child.expect("saved to")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == status
    assert "Traceback" not in (child.before or "")
    record = GameRecord.from_json(record_path.read_text())
    assert replay_states(record)[-1].current_player == 0


MORE = r"Enter for more[^\n]*\) "
"""The replay's wait between two pages of a long move."""


def through_pages(child: pexpect.spawn, pattern: str) -> None:
    """Expect ``pattern``, pressing Enter at each page break on the way."""
    while child.expect([pattern, MORE]) == 1:
        child.sendline("")


def test_replay_steps_forward_and_back(tmp_path: Path) -> None:
    record_path = tmp_path / "game.json"
    child = spawn("play", "cheese-chasers", "--seed", "9", "--fast", "--record", str(record_path))
    play_to_the_end(child)
    child.close()
    replayed = spawn("replay", str(record_path))
    through_pages(replayed, r"move 0/(\d+) > ")
    last = int(replayed.match.group(1))
    replayed.sendline("")
    through_pages(replayed, "move 1/")
    replayed.sendline("b")
    through_pages(replayed, "move 0/")
    replayed.sendline("nonsense")
    through_pages(replayed, "nonsense")
    replayed.sendline("e")
    through_pages(replayed, "Where the points came from")
    through_pages(replayed, f"move {last}/{last} > ")
    replayed.sendline("q")
    replayed.expect(pexpect.EOF)
    replayed.close()
    assert replayed.exitstatus == 0


def test_replay_reads_a_game_of_a_results_database(tmp_path: Path) -> None:
    database = tmp_path / "results.db"
    run = spawn(
        "tournament",
        "run",
        "random",
        "greedy",
        "--game",
        "cheese-drop",
        "--deals",
        "1",
        "--db",
        str(database),
        "--workers",
        "1",
        "-q",
    )
    run.expect(pexpect.EOF)
    run.close()
    assert run.exitstatus == 0
    replayed = spawn("replay", "DB:2", "--db", str(database), "--seat", "2")
    through_pages(replayed, r"P2's view")
    through_pages(replayed, r"move 0/\d+ > ")
    replayed.sendline("e")
    through_pages(replayed, "Final scores")
    replayed.sendline("q")
    replayed.expect(pexpect.EOF)
    replayed.close()
    assert replayed.exitstatus == 0
