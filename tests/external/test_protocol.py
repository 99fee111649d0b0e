"""The protocol's messages: what the referee writes and how the bot's replies are read."""

from __future__ import annotations

import json
from collections.abc import Callable

import msgspec
import pytest

from cheese.bots.base import Clock
from cheese.referee.external.protocol import (
    PROTOCOL_VERSION,
    QUIT,
    Act,
    GameOver,
    Hello,
    NewGame,
    ProtocolError,
    Quit,
    Ready,
    Unsupported,
    act,
    encode,
    game_over,
    hello,
    new_game,
    read_action,
    read_ready,
)


def test_each_message_is_one_line_of_json() -> None:
    messages = [
        hello("cheese-drop", 2, {"rounds": 3}, {"depth": 2}),
        new_game(1, 0, 2**63, Clock(10.0, 0.1)),
        act(1, {"seat": 0}, [(3, "B1"), (7, "é")], None),
        game_over(1, (1, 2), (9, 4), [{}, {}]),
    ]
    for message in messages:
        line = encode(message)
        assert line.endswith(b"\n") and line.count(b"\n") == 1
        assert json.loads(line) == message
    assert messages[0]["protocol"] == PROTOCOL_VERSION
    assert messages[1]["clock"] == {"remaining": 10.0, "increment": 0.1}
    assert messages[2]["legal"] == [
        {"action": 3, "notation": "B1"},
        {"action": 7, "notation": "é"},
    ]


def test_an_abandoned_game_has_no_places() -> None:
    assert game_over(2, None, None, None) == {
        "type": "game_over",
        "game_id": 2,
        "finished": False,
        "places": None,
        "scores": None,
        "final": None,
    }


def test_ready_and_unsupported_are_read() -> None:
    ready = read_ready(b'{"type":"ready","name":"b","version":"2","author":"me"}')
    assert ready == Ready("b", "2", "me", ())
    assert read_ready(b'{"type":"unsupported","reason":"2 players only"}') == Unsupported(
        "2 players only"
    )


def test_an_action_may_be_a_number_or_notation() -> None:
    assert read_action(b'{"type":"action","seq":4,"action":12}', 4) == 12
    assert read_action(b'{"type":"action","seq":4,"action":"B1"}', 4) == "B1"


def _act_4_answer(line: bytes) -> object:
    return read_action(line, 4)


BAD_MESSAGES: list[tuple[Callable[[bytes], object], bytes, str]] = [
    (read_ready, b"not json", "not JSON"),
    (read_ready, b"[1, 2]", "not a JSON object"),
    (read_ready, b'{"type": "action"}', "expected 'ready'"),
    (read_ready, b'{"type": "ready", "name": 3, "version": "1"}', "'name' must be a string"),
    (read_ready, b"\xff\xfe", "not UTF-8"),
    (_act_4_answer, b'{"type":"action","seq":3,"action":1}', "seq 3, but the act was seq 4"),
    (_act_4_answer, b'{"type":"action","seq":"4","action":1}', "'seq' must be an integer"),
    (_act_4_answer, b'{"type":"action","seq":4,"action":true}', "integer or notation"),
    (_act_4_answer, b'{"type":"action","seq":4}', "integer or notation"),
    (_act_4_answer, b'{"type":"ready","seq":4}', "expected 'action'"),
]
"""A bad ready (read at the start) and a bad action (the answer to the act of seq 4)."""


@pytest.mark.parametrize(("read", "line", "words"), BAD_MESSAGES)
def test_a_bad_ready_or_action_is_a_protocol_error(
    read: Callable[[bytes], object], line: bytes, words: str
) -> None:
    with pytest.raises(ProtocolError, match=words):
        read(line)


def test_the_referees_messages_fit_their_declared_schemas() -> None:
    """What a bot decodes with the declared types is what the referee built."""
    messages = [
        (hello("cheese-drop", 2, {"rounds": 3}, {"depth": 2}), Hello),
        (new_game(1, 0, 2**64 - 1, Clock(10.0, 0.1)), NewGame),
        (act(1, {"seat": 0}, [(3, "B1")], None), Act),
        (game_over(1, None, None, None), GameOver),
        (QUIT, Quit),
    ]
    for message, schema in messages:
        assert msgspec.json.decode(encode(message), type=schema) == message
    with pytest.raises(msgspec.ValidationError, match="seq"):
        msgspec.json.decode(b'{"type":"act","seq":"1","view":{},"legal":[],"clock":null}', type=Act)


@pytest.mark.parametrize("depth", [65, 1_000, 100_000])
def test_a_reply_nested_too_deeply_is_a_protocol_error(depth: int) -> None:
    with pytest.raises(ProtocolError, match="nested deeper than 64 levels"):
        read_action(b"[" * depth + b"]" * depth, 4)


def test_a_field_nested_past_the_recursion_limit_is_a_protocol_error() -> None:
    info = b"[" * 100_000 + b"]" * 100_000
    with pytest.raises(ProtocolError, match="nested deeper than 64 levels"):
        read_action(b'{"type":"action","seq":4,"action":1,"info":' + info + b"}", 4)
