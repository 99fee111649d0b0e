"""Every file reader of the command line, fed generated garbage: it answers (exit 0) or
refuses in one line (exit 2), never a traceback.

The garbage is random bytes, random text, JSON values of any shape and depth, and valid
files with a few fields or characters changed. The runs are derandomized, so a failure
reproduces; ``max_examples`` keeps each reader to a few seconds.
"""

from __future__ import annotations

import copy
import io
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cheese.cli.app import main
from cheese.engine import load_game
from cheese.engine.records import GameRecord
from cheese.tournaments.config import SETTINGS, ConfigError, read_config

from ..random_games import random_game

EXAMPLES = 80
FUZZ = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
INTERESTING = list("0123456789-+.eE[]{}\",:=#*\n\t \\/") + [
    "²", "٣", "\x00", "\ufeff", "é", "NaN", "Infinity", "1e400", "9" * 30, "true", "null",
]
"""What a character-level mutation inserts: the syntax of the formats and their traps."""

SHEETS = {
    "cheese-chasers": ".H.\nHMH\n.H.\n",
    "get-the-cheese": "3: r:mouse b:mouse g:cat r:big b:dog r:cat g:mouse g:king\n4: b:dog\n",
    "cheese-drop": json.dumps(
        {"lanes": ["YYR", "", "RM", "YC", "Y", "R"],
         "bets": [{"lanes": [1, 4], "events": [3]}, {"lanes": [3, 4], "events": [6]}],
         "simple": False, "cells_per_column": 2}
    ),
}
RESULTS_LINES = [
    {"seats": ["mcts", "greedy"], "scores": [12, 7], "deal": 3},
    {"seats": ["mcts", "greedy", "random"], "ranking": [1, 3, 1], "deal": "d2"},
    {"seats": ["greedy", "random"], "scores": [4.5, 2]},
]


def sample_record(slug: str, players: int) -> dict[str, object]:
    start = load_game(slug).new_initial_state(num_players=players, seed=11)
    final, actions = random_game(start, random.Random(11))
    data: dict[str, object] = json.loads(
        GameRecord.of_game(final, ["random"] * players, actions).to_json()
    )
    return data


RECORDS = [
    sample_record("get-the-cheese", 3),
    sample_record("cheese-chasers", 1),
    sample_record("cheese-drop", 2),
]

# --- strategies ------------------------------------------------------------------------

scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=-(10**400), max_value=10**400)
    | st.floats()
    | st.text(max_size=12)
)
json_values = st.recursive(
    scalars,
    lambda children: st.lists(children, max_size=5)
    | st.dictionaries(st.text(max_size=8), children, max_size=5),
    max_leaves=25,
)


@st.composite
def deep_nesting(draw: st.DrawFn) -> str:
    depth = draw(st.integers(min_value=1, max_value=3000))
    opener, closer = draw(st.sampled_from([("[", "]"), ('{"a":', "}")]))
    closed = draw(st.booleans())
    return opener * depth + "1" + (closer * depth if closed else "")


@st.composite
def edited_text(draw: st.DrawFn, base: str) -> str:
    """``base`` with a few characters inserted, deleted or replaced."""
    text = base
    for _ in range(draw(st.integers(min_value=1, max_value=4))):
        where = draw(st.integers(min_value=0, max_value=len(text)))
        piece = draw(st.sampled_from(INTERESTING) | st.text(min_size=1, max_size=3))
        kind = draw(st.sampled_from(["insert", "delete", "replace"]))
        if kind == "insert":
            text = text[:where] + piece + text[where:]
        elif kind == "delete":
            text = text[:where] + text[where + draw(st.integers(1, 8)) :]
        else:
            text = text[:where] + piece + text[where + len(piece) :]
    return text


def _containers(node: object, found: list[object]) -> list[object]:
    if isinstance(node, dict | list):
        found.append(node)
        for child in node.values() if isinstance(node, dict) else node:
            _containers(child, found)
    return found


@st.composite
def edited_json(draw: st.DrawFn, base: object) -> str:
    """``base`` with a few of its values replaced, removed or added, as JSON text."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        containers = _containers(data, [])
        if not containers:
            break
        target = draw(st.sampled_from(containers))
        value = draw(json_values)
        if isinstance(target, dict):
            key = draw(st.sampled_from(sorted(target)) | st.text(max_size=8)) if target else ""
            if draw(st.booleans()) and key in target:
                del target[key]
            else:
                target[key] = value
        elif isinstance(target, list):
            action = draw(st.sampled_from(["replace", "cut", "append"])) if target else "append"
            if action == "replace":
                target[draw(st.integers(0, len(target) - 1))] = value
            elif action == "cut":
                del target[draw(st.integers(0, len(target) - 1)) :]
            else:
                target.append(value)
    text = json.dumps(data)
    return draw(st.just(text) | edited_text(text))


def garbage_for(valid: list[str]) -> st.SearchStrategy[str | bytes]:
    """Anything a person might hand a reader whose valid files look like ``valid``."""
    text_like: st.SearchStrategy[str | bytes] = (
        st.binary(max_size=200)
        | st.text(max_size=200)
        | json_values.map(json.dumps)
        | deep_nesting()
        | st.sampled_from(valid).flatmap(edited_text)
    )
    return text_like


def json_garbage_for(valid: list[object]) -> st.SearchStrategy[str | bytes]:
    texts = [json.dumps(value) for value in valid]
    return garbage_for(texts) | st.sampled_from(valid).flatmap(edited_json)


# --- the check -------------------------------------------------------------------------


def answers_or_refuses(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    """``main(argv)`` exits 0, or 2 with exactly one ``cheese: error:`` line."""
    code = main(argv)
    err = capsys.readouterr().err
    assert "Traceback" not in err
    assert code in (0, 2), (code, err)
    if code == 2:
        assert err.count("\n") == 1 and err.startswith("cheese: error: "), err


def write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8", errors="surrogatepass")
    return path


@pytest.fixture
def no_typing(monkeypatch: pytest.MonkeyPatch) -> Callable[[], None]:
    """Standard input at its end, so that a replay that opens shows one position."""

    def reset() -> None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(""))

    reset()
    return reset


# --- the readers -----------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(SHEETS))
def test_score_sheets_answer_or_refuse(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, game: str
) -> None:
    valid = SHEETS[game]
    garbage = (
        json_garbage_for([json.loads(valid)]) if game == "cheese-drop" else garbage_for([valid])
    )

    @FUZZ
    @given(content=garbage)
    def check(content: str | bytes) -> None:
        path = write(tmp_path / "sheet.txt", content)
        answers_or_refuses(capsys, ["score", game, str(path)])
        answers_or_refuses(capsys, ["score", game, str(path), "--json"])

    check()


def test_results_files_answer_or_refuse(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    lines = st.lists(json_garbage_for(list(RESULTS_LINES)), min_size=1, max_size=3)

    @FUZZ
    @given(chosen=lines, keep=st.sampled_from([0, 1, 3]))
    def check(chosen: list[str | bytes], keep: int) -> None:
        good = [json.dumps(line) for line in RESULTS_LINES[:keep]]
        if any(isinstance(line, bytes) for line in chosen):
            content: str | bytes = b"\n".join(
                line if isinstance(line, bytes) else line.encode("utf-8", "surrogatepass")
                for line in chosen
            )
        else:
            content = "\n".join([*good, *(str(line) for line in chosen)])
        path = write(tmp_path / "results.jsonl", content)
        answers_or_refuses(capsys, ["ratings", str(path), "--json"])

    check()


def test_game_records_answer_or_refuse(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_typing: Callable[[], None]
) -> None:
    @FUZZ
    @given(content=json_garbage_for(list(RECORDS)))
    def check(content: str | bytes) -> None:
        no_typing()
        path = write(tmp_path / "game.json", content)
        answers_or_refuses(capsys, ["replay", str(path)])

    check()


def test_game_records_with_one_field_changed_answer_or_refuse(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, no_typing: Callable[[], None]
) -> None:
    fields = ["game", "seed", "players", "options", "actions", "scores", "format"]
    values = json_values | st.integers(min_value=-(2**70), max_value=2**70) | st.sampled_from(
        ["get-the-cheese", "cheese-chasers", "cheese-drop", [], {}, {"seed": 1}, [0] * 50]
    )

    @FUZZ
    @given(base=st.sampled_from(RECORDS), field=st.sampled_from(fields), value=values,
           cut=st.none() | st.integers(min_value=0, max_value=400))
    def check(base: dict[str, object], field: str, value: object, cut: int | None) -> None:
        no_typing()
        data = dict(base)
        data[field] = value
        if cut is not None and isinstance(base["actions"], list):
            data["actions"] = base["actions"][:cut]
        path = write(tmp_path / "game.json", json.dumps(data))
        answers_or_refuses(capsys, ["replay", str(path)])

    check()


def toml_value(value: object) -> str:
    """``value`` written as TOML (floats as TOML spells inf and nan)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return {"inf": "inf", "-inf": "-inf", "nan": "nan"}.get(repr(value), repr(value))
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    return json.dumps(value) if isinstance(value, str) else str(value)


toml_scalars = (
    st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats()
    | st.text(max_size=10)
)
config_lines = st.tuples(
    st.sampled_from(
        [key.name for key in SETTINGS] + [key.name.replace("_", "-") for key in SETTINGS]
    ),
    toml_scalars | st.lists(toml_scalars, max_size=3),
).map(lambda pair: f"{pair[0]} = {toml_value(pair[1])}")


def test_tournament_configs_answer_or_refuse(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    valid = 'bots = ["mcts", "greedy"]\ngame = "cheese-drop"\nplayers = 2\ndeals = 3\n'
    contents = garbage_for([valid]) | st.lists(config_lines, max_size=5).map("\n".join)
    database = tmp_path / "cup.db"

    @FUZZ
    @given(content=contents)
    def check(content: str | bytes) -> None:
        path = write(tmp_path / "cup.toml", content)
        try:
            read_config(path)
        except ConfigError:
            pass
        # An unknown --game stops the run after the config is read, whatever it says.
        answers_or_refuses(
            capsys,
            ["tournament", "run", "--config", str(path), "--game", "no-such-game",
             "--db", str(database), "-q"],
        )
        assert not database.exists()

    check()
