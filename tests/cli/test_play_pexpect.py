"""``cheese play``, ``cheese saved`` and ``cheese replay --last`` in a pseudo-terminal of
80×24 with ``NO_COLOR=1``: continuing a saved game, several people at one table, rules
at the prompt, a single choice played for the person, levels.

Every run keeps its records in its own data directory (``XDG_DATA_HOME``), so the
saved games it lists are its own.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from cheese.engine.records import GameRecord, replay, replay_states
from cheese.levels import LevelError, level_count

from .terminal import spawn_cheese

PROMPT = r"\n> "
CONFIRM = r"\[y/N\] "
END = "Game saved as|Game saved to"
WAIT = r"\(Enter[^)]*\) "
"""A wait for Enter: between the steps of a resolution, or a page of the end."""
PASS = r"press Enter when you are ready\. "
HIDE = r"Press Enter to hide your screen and pass to P\d\. "


def spawn(data: Path, *arguments: str) -> pexpect.spawn:
    return spawn_cheese(*arguments, env={"NO_COLOR": "1", "XDG_DATA_HOME": str(data)})


FIRST = "first"
"""An answer: the first choice listed on the screen, whatever its number."""


def ones() -> Iterator[str]:
    while True:
        yield "1"


def firsts() -> Iterator[str]:
    while True:
        yield FIRST


def first_choice(screen: str) -> str:
    """The number of the first choice of the last list of choices on ``screen``."""
    listed = [line for line in screen.splitlines() if re.match(r"[0-9]+ \S", line)]
    return listed[-1].split()[0] if listed else "1"


def drive(child: pexpect.spawn, typed: Iterator[str], prompts: int | None = None) -> str:
    """Answer prompts from ``typed`` and Enter every wait, until the game ends (or, after
    ``prompts`` prompts, quit it); the transcript."""
    transcript = []
    answered = 0
    while True:
        index = child.expect([PROMPT, END, WAIT, PASS, HIDE])
        transcript.append(child.before + str(child.after))
        if index == 1:
            child.expect(pexpect.EOF)
            transcript.append(child.before)
            child.close()
            return "".join(transcript)
        if index == 0 and prompts is not None and answered == prompts:
            child.sendline("quit")
            child.expect(CONFIRM)
            child.sendline("y")
            prompts = None
            continue
        answered += index == 0
        answer = next(typed) if index == 0 else ""
        child.sendline(first_choice(child.before) if answer == FIRST else answer)


def records_in(data: Path) -> list[Path]:
    return sorted((data / "cheese" / "games").glob("*.json"))


GAME = ("get-the-cheese", "--seed", "11", "--vs", "random", "--fast")


def test_a_continued_game_ends_as_the_same_game_played_straight(tmp_path: Path) -> None:
    straight = tmp_path / "straight"
    drive(spawn(straight, "play", *GAME), ones())
    broken = tmp_path / "broken"
    transcript = drive(spawn(broken, "play", *GAME), ones(), prompts=5)
    assert "Continue it:  cheese play --continue " in transcript
    (left,) = records_in(broken)
    assert not replay_states(GameRecord.from_json(left.read_text()))[-1].is_terminal()
    listed = spawn(broken, "saved")
    listed.expect(pexpect.EOF)
    assert "stopped after" in listed.before and "vs 3×random" in listed.before
    continued = drive(spawn(broken, "play", "--continue", "--fast"), ones())
    assert "Continuing Get The Cheese!, seed 11, after" in continued
    assert "Game over" in continued and "Traceback" not in continued
    (whole,) = records_in(straight)
    first, second = (GameRecord.from_json(path.read_text()) for path in (whole, left))
    assert second == first
    assert replay(second).scores() == second.scores


def test_saved_lists_the_games_and_replay_last_opens_the_latest(tmp_path: Path) -> None:
    drive(
        spawn(tmp_path, "play", "cheese-drop", "--seed", "2", "--vs", "random", "--fast"),
        firsts(),
        prompts=3,
    )
    listed = spawn(tmp_path, "saved", "--json")
    listed.expect(pexpect.EOF)
    (game,) = json.loads(listed.before)
    assert game["game"] == "cheese-drop" and game["finished"] is False
    assert game["humans"] == [1] and game["opponents"] == ["random"]
    table = spawn(tmp_path, "saved")
    table.expect(pexpect.EOF)
    lines = table.before.splitlines()
    assert lines[0].startswith(game["id"] + "  ") and all(len(line) <= 80 for line in lines)
    replayed = spawn(tmp_path, "replay", "--last")
    replayed.expect(r"move 0/\d+ > ")
    replayed.sendline("e")
    replayed.expect(r"move (\d+)/\1 > ")
    replayed.sendline("q")
    replayed.expect(pexpect.EOF)
    by_id = spawn(tmp_path, "replay", game["id"], "--seat", "1")
    by_id.expect(r"move 0/\d+ > ")
    by_id.sendline("q")
    by_id.expect(pexpect.EOF)


def test_people_at_one_table_pass_the_keyboard_before_each_hand(tmp_path: Path) -> None:
    child = spawn(
        tmp_path,
        "play",
        "get-the-cheese",
        "--humans",
        "2",
        "--players",
        "3",
        "--seed",
        "4",
        "--vs",
        "random",
        "--fast",
    )
    child.expect(PASS)
    assert "Pass the keyboard to P1" in child.before and "hand:" not in child.before
    child.sendline("")
    child.expect(PROMPT)
    assert "your hand:" in child.before and "P1 b you" in child.before
    child.sendline("1")  # draw 3 cards
    child.expect(HIDE)
    assert "P1 b you drew 3 cards" in child.before
    child.sendline("")
    child.expect(PASS)
    assert "\x1b[2J" in child.before, "the screen is wiped before the pass screen"
    assert "Pass the keyboard to P2" in child.before and "hand:" not in child.before
    child.sendline("")
    child.expect(PROMPT)
    assert "Since your last move:" in child.before and "P1 b human drew 3 cards" in child.before
    assert "P2 g you" in child.before and "your hand:" in child.before
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Nothing to undo" in child.before
    child.sendcontrol("d")
    child.expect(END)
    child.expect(pexpect.EOF)
    child.close()
    (path,) = records_in(tmp_path)
    assert GameRecord.from_json(path.read_text()).players == ("human", "human", "random")


def test_rules_at_the_prompt_and_a_single_choice_played_for_the_person(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "get-the-cheese", "--seed", "4", "--vs", "random", "--fast")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect(PROMPT)
    assert "rules (the rules on one screen)" in child.before
    child.sendline("rules")
    child.expect(PROMPT)
    assert "Get The Cheese! in one screen" in child.before
    # Play 3 cards, which empties the hand; the next turn has one choice: draw.
    transcript = []
    for typed in ("2", "1", "1", "1"):
        child.sendline(typed)
        child.expect(PROMPT)
        transcript.append(child.before)
    shown = "".join(transcript)
    assert "Only one choice: cat*." in shown
    assert "Only one choice: draw 3 cards — played for you." in shown
    child.sendline("undo")
    child.expect(PROMPT)
    assert "Back to your previous decision." in child.before
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_a_bad_answer_stays_on_screen_just_above_the_prompt(tmp_path: Path) -> None:
    child = spawn(tmp_path, "play", "cheese-drop", "--seed", "3", "--vs", "random", "--fast")
    child.expect(PROMPT)
    child.sendline("9")
    child.expect(PROMPT)
    assert child.before.strip().splitlines()[-1].startswith("There is no choice 9")
    child.sendcontrol("d")
    child.expect(pexpect.EOF)


def test_level_one_plays_the_first_levels_bots_and_says_so(tmp_path: Path) -> None:
    try:
        level_count("cheese-drop")
    except LevelError as error:
        pytest.skip(f"no level table is shipped yet: {error}")
    child = spawn(
        tmp_path, "play", "cheese-drop", "--seed", "3", "--level", "1", "--fast", "--name", "ada"
    )
    transcript = drive(child, firsts())
    assert "against level 1" in transcript and "opponents level 1" in transcript
    assert "Game over" in transcript and "Traceback" not in transcript
    (path,) = records_in(tmp_path)
    facts = json.loads(path.read_text())["play"]
    assert facts["level"] == 1 and facts["person"] == "ada" and facts["finished"] is True
