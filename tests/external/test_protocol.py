"""The protocol's messages: what the referee writes and how the bot's replies are read."""

from __future__ import annotations

import json
from collections.abc import Callable

import msgspec
import pytest

from cheese.bots.base import Clock
from cheese.referee.external.protocol import (
    FIRST_VERSION,
    PROTOCOL_VERSION,
    PROTOCOL_VERSIONS,
    QUIT,
    Act,
    GameOver,
    Hello,
    NewGame,
    OptionDeclaration,
    Ping,
    ProtocolError,
    Quit,
    Ready,
    Unsupported,
    act,
    act_line,
    encode,
    game_over,
    game_over_ending,
    game_over_line,
    hello,
    new_game,
    ping,
    read_action,
    read_pong,
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
    # A version-1 bot that checks ``protocol`` still finds 1; a newer bot picks from
    # ``protocols``.
    assert messages[0]["protocol"] == FIRST_VERSION == 1
    assert messages[0]["protocols"] == list(PROTOCOL_VERSIONS) == [1, PROTOCOL_VERSION]
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
        (act(9, {"seat": 0}, [(3, "B1")], None, game_id=2), Act),
        (ping(10), Ping),
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


@pytest.mark.parametrize("seed", [0, 2**53 + 1, 2**64 - 1])
def test_the_seed_is_also_written_in_decimal(seed: int) -> None:
    # A parser that reads numbers as doubles rounds 2**53 + 1; the text is exact.
    message = new_game(1, 0, seed, None)
    assert int(message["seed_text"]) == seed == message["seed"]
    assert json.loads(encode(message), parse_int=float)["seed_text"] == str(seed)


def test_ready_names_the_version_it_speaks() -> None:
    assert read_ready(b'{"type":"ready","name":"b","version":"1"}').protocol == 1
    assert read_ready(b'{"type":"ready","name":"b","version":"1","protocol":2}').protocol == 2


def test_a_ready_claiming_an_unknown_version_is_refused_in_one_line() -> None:
    with pytest.raises(ProtocolError) as caught:
        read_ready(b'{"type":"ready","name":"b","version":"1","protocol":7}')
    message = str(caught.value)
    assert "protocol 7" in message and "(1 or 2)" in message and "\n" not in message
    with pytest.raises(ProtocolError, match="'protocol' must be an integer"):
        read_ready(b'{"type":"ready","name":"b","version":"1","protocol":"2"}')


def test_a_version_2_reply_names_its_game_and_its_act() -> None:
    assert read_action(b'{"type":"action","game_id":3,"seq":17,"action":1}', 17, 3) == 1
    with pytest.raises(ProtocolError, match="game_id 2, but the act was of game 3"):
        read_action(b'{"type":"action","game_id":2,"seq":17,"action":1}', 17, 3)
    with pytest.raises(ProtocolError, match="game_id None"):
        read_action(b'{"type":"action","seq":17,"action":1}', 17, 3)


def test_pong_answers_its_ping() -> None:
    read_pong(b'{"type":"pong","seq":5}', 5)
    with pytest.raises(ProtocolError, match="pong for seq 4"):
        read_pong(b'{"type":"pong","seq":4}', 5)
    with pytest.raises(ProtocolError, match="expected 'pong'"):
        read_pong(b'{"type":"action","seq":5,"action":1}', 5)


def test_declared_options_check_a_bots_file_s_settings() -> None:
    line = (
        b'{"type":"ready","name":"b","version":"1","protocol":2,"options":['
        b'{"name":"depth","type":"int","default":3,"min":1,"max":9},'
        b'{"name":"style","type":"string","default":"quick"},'
        b'{"name":"noise","type":"float","default":0.5,"min":0}]}'
    )
    ready = read_ready(line)
    assert isinstance(ready, Ready) and ready.options is not None
    assert ready.options[0] == OptionDeclaration("depth", "int", 3, 1, 9)
    assert ready.settings_problem({"depth": 4, "style": "slow", "noise": 1}) is None
    assert ready.settings_problem({}) is None
    assert ready.settings_problem({"depth": 12}) == "depth = 12 is above its most, 9"
    assert ready.settings_problem({"depth": 2.5}) == "depth = 2.5 is not of its type, int"
    assert ready.settings_problem({"depth": True}) == "depth = true is not of its type, int"
    assert ready.settings_problem({"noise": -1}) == "noise = -1 is below its least, 0"
    assert ready.settings_problem({"width": 1}) == (
        "unknown option 'width'; it declares: depth, style, noise"
    )
    # A bot that declares nothing takes whatever its bots file says.
    assert Ready("b", "1").settings_problem({"anything": 1}) is None


@pytest.mark.parametrize("clock", [None, Clock(9.5, 0.1)])
@pytest.mark.parametrize("game_id", [None, 3])
@pytest.mark.parametrize("drawn", [None, "gASV"])
def test_an_act_line_is_the_act_message_encoded(
    clock: Clock | None, game_id: int | None, drawn: str | None
) -> None:
    view, legal = b'{"seat":1,"hand":["\\u00e9"]}', b'[{"action":3,"notation":"B1"}]'
    message = act(12, msgspec.Raw(view), msgspec.Raw(legal), clock, game_id)
    if drawn is not None:
        message["cheese_state"] = drawn
    assert act_line(12, view, msgspec.Raw(legal), clock, game_id, drawn) == encode(message)


@pytest.mark.parametrize(
    "places, scores, final",
    [(None, None, None), ((2, 1), (5, 9), ({"seat": 0}, {"seat": 1, "hand": ["\u00e9"]}))],
)
def test_a_game_over_line_is_the_game_over_message_encoded(
    places: tuple[int, ...] | None,
    scores: tuple[int, ...] | None,
    final: tuple[object, ...] | None,
) -> None:
    message = game_over(7, places, scores, final)
    assert game_over_line(7, game_over_ending(places, scores, final)) == encode(message)
