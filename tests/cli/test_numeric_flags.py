"""Every numeric flag is checked where it is given: a huge, negative, zero or non-finite
value is refused in one line naming the flag the person typed, exit code 2, before any
game is played."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from .conftest import refused

HUGE = "99999999999999999999"
BAD = [HUGE, "-1", "nan", "inf"]
"""Values no numeric flag takes (zero is refused by the flags that count something)."""

COMMANDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    # flag: (the command before it, what follows it)
    "bench --seconds": (("bench",), ()),
    "bench --rounds": (("bench",), ()),
    "duel --players": (("duel", "random", "greedy"), ()),
    "duel --games": (("duel", "random", "greedy"), ()),
    "duel --seed": (("duel", "random", "greedy"), ()),
    "duel --workers": (("duel", "random", "greedy"), ()),
    "duel --move-time": (("duel", "random", "greedy"), ()),
    "duel --tc": (("duel", "random", "greedy"), ()),
    "ratings --seed": (("ratings", "results.jsonl"), ()),
    "play --players": (("play", "cheese-drop"), ()),
    "play --seed": (("play", "cheese-drop"), ()),
    "play --seat": (("play", "cheese-drop"), ()),
    "play --humans": (("play", "cheese-drop"), ()),
    "play --level": (("play", "cheese-drop"), ()),
    "bot check --games": (("bot", "check"), ("true",)),
    "bot check --move-time": (("bot", "check"), ("true",)),
    "bot check --startup-time": (("bot", "check"), ("true",)),
    "tournament run --players": (("tournament", "run", "random", "greedy"), ("-q",)),
    "tournament run --deals": (("tournament", "run", "random", "greedy"), ("-q",)),
    "tournament run --seed": (("tournament", "run", "random", "greedy"), ("-q",)),
    "tournament run --workers": (("tournament", "run", "random", "greedy"), ("-q",)),
    "tournament run --move-time": (("tournament", "run", "random", "greedy"), ("-q",)),
    "levels calibrate --games": (("levels", "calibrate", "cheese-drop"), ()),
    "levels calibrate --workers": (("levels", "calibrate", "cheese-drop"), ()),
    "levels calibrate --seed": (("levels", "calibrate", "cheese-drop"), ()),
}
COUNTS = {
    "--games", "--deals", "--workers", "--players", "--rounds", "--humans", "--seat", "--level"
}
"""Flags that count something, for which zero is refused too."""
TIMES = {"--seconds", "--move-time", "--startup-time", "--tc"}


def cases() -> list[tuple[str, str]]:
    found = []
    for name in COMMANDS:
        flag = name.split()[-1]
        values = [*BAD, "0"] if flag in COUNTS | TIMES else BAD
        found += [(name, value) for value in values]
    return found


@pytest.mark.parametrize(("name", "value"), cases())
def test_a_bad_number_is_refused_under_its_own_flag(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    value: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "results.jsonl").write_text('{"seats": ["a", "b"], "scores": [3, 7]}\n')
    before, after = COMMANDS[name]
    flag = name.split()[-1]
    stored = ("--db", str(tmp_path / "x.db")) if before[0] in {"duel", "tournament"} else ()
    if before[0] == "levels":
        stored = ("--db", str(tmp_path / "x.db"), "--table", str(tmp_path / "t.json"))
    if flag == "--tc":
        value = f"{value}+0"
    err = refused(capsys, *before, flag, value, *stored, *after)
    assert flag in err, err
    assert sorted(os.listdir(tmp_path)) == ["results.jsonl"]  # nothing played or written
