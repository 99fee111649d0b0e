"""The line protocol's hot path under three codecs: the standard library's ``json`` with
hand-written checks (the protocol module before it had a schema), msgspec and pydantic v2,
each given the same messages declared as its own typed classes.

    python -m pytest tests/benchmarks/test_protocol_codecs.py --benchmark-only -q \\
        -p no:cacheprovider --benchmark-columns=median --benchmark-sort=name

Two costs are paid per decision of an external bot: decoding its reply line (an action by
number or by notation; ``ready`` with every optional field once per process) and encoding
the referee's ``act`` with the seat's view and the legal actions with their notation. The
views are mid-game positions of each game at the player count its benchmarks use. The
``cheese`` rows time the protocol module itself (``read_action``, ``encode(act(…))``).
docs/performance.md quotes the medians that chose msgspec.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from typing import Any, Literal

import msgspec
import pytest

from cheese.engine import GAME_SLUGS, load_game
from cheese.engine.benchmark import bench_players
from cheese.engine.games import describe
from cheese.engine.play import random_decision
from cheese.referee.external import protocol

CODECS = ("stdlib", "msgspec", "pydantic", "cheese")
REPLIES = {
    "action by number": b'{"type":"action","seq":12,"action":1037}\n',
    "action by notation": b'{"type": "action", "seq": 12, "action": "0:mouse,mouse*,big"}\n',
    "ready, every field": (
        b'{"type":"ready","name":"my-bot","version":"1.2","author":"Ann",'
        b'"extensions":["cheese-state"]}\n'
    ),
}
MOVES = 20
"""Random decisions from the deal to the benchmarked one: a view well into the game."""

Legal = list[tuple[int, str]]


def act_of(slug: str) -> tuple[object, Legal]:
    """A mid-game view of ``slug`` as JSON data and its legal actions with notation."""
    start = load_game(slug).new_initial_state(num_players=bench_players(slug), seed=5)
    state = random_decision(start, random.Random(5), MOVES)
    description = describe(slug)
    view = state.view(state.current_player)
    name = description.native_codec.action_to_string
    return description.view_json(view), [(a, name(view, a)) for a in state.legal_actions()]


# --- the standard library, checked by hand -------------------------------------------


def stdlib_decoder() -> Callable[[bytes], object]:
    def decode(line: bytes) -> object:
        message = json.loads(line.decode("utf-8"))
        if not isinstance(message, dict):
            raise ValueError("not an object")
        kind = message.get("type")
        if kind == "action":
            seq, action = message.get("seq"), message.get("action")
            if isinstance(seq, bool) or not isinstance(seq, int):
                raise ValueError("seq")
            if isinstance(action, bool) or not isinstance(action, int | str):
                raise ValueError("action")
            return seq, action
        for key in ("name", "version"):
            if not isinstance(message.get(key), str):
                raise ValueError(key)
        author, extensions = message.get("author"), message.get("extensions", [])
        if author is not None and not isinstance(author, str):
            raise ValueError("author")
        if not isinstance(extensions, list) or not all(isinstance(x, str) for x in extensions):
            raise ValueError("extensions")
        return message

    return decode


def stdlib_encoder() -> Callable[[Mapping[str, object]], bytes]:
    def encode(message: Mapping[str, object]) -> bytes:
        return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"

    return encode


# --- msgspec ----------------------------------------------------------------------------


class MsgspecAction(msgspec.Struct, frozen=True, tag="action", tag_field="type"):
    seq: int
    action: int | str


class MsgspecReady(msgspec.Struct, frozen=True, tag="ready", tag_field="type"):
    name: str
    version: str
    author: str | None = None
    extensions: tuple[str, ...] = ()


def msgspec_decoder() -> Callable[[bytes], object]:
    return msgspec.json.Decoder(MsgspecAction | MsgspecReady).decode


def msgspec_encoder() -> Callable[[Mapping[str, object]], bytes]:
    encoder = msgspec.json.Encoder()

    def encode(message: Mapping[str, object]) -> bytes:
        return encoder.encode(message) + b"\n"

    return encode


# --- pydantic ---------------------------------------------------------------------------


Encode = Callable[[Mapping[str, object]], bytes]


def pydantic_codecs() -> tuple[Callable[[bytes], object], Encode]:
    pydantic = pytest.importorskip("pydantic")
    typing_extensions = pytest.importorskip("typing_extensions")
    strict = pydantic.ConfigDict(strict=True, frozen=True)

    class PydanticAction(pydantic.BaseModel):  # type: ignore[misc,name-defined]
        model_config = strict
        type: Literal["action"]
        seq: int
        action: int | str

    class PydanticReady(pydantic.BaseModel):  # type: ignore[misc,name-defined]
        model_config = strict
        type: Literal["ready"]
        name: str
        version: str
        author: str | None = None
        extensions: tuple[str, ...] = ()

    # pydantic reads TypedDicts only from typing_extensions before Python 3.12.
    class PydanticLegal(typing_extensions.TypedDict):  # type: ignore[misc,name-defined]
        action: int
        notation: str

    class PydanticAct(typing_extensions.TypedDict):  # type: ignore[misc,name-defined]
        type: Literal["act"]
        seq: int
        view: Any
        legal: list[PydanticLegal]
        clock: Any

    replies = pydantic.TypeAdapter(
        typing_extensions.Annotated[
            PydanticAction | PydanticReady, pydantic.Field(discriminator="type")
        ]
    )
    acts = pydantic.TypeAdapter(PydanticAct)

    def encode(message: Mapping[str, object]) -> bytes:
        encoded: bytes = acts.dump_json(message)
        return encoded + b"\n"

    return replies.validate_json, encode


Decode = Callable[[bytes], object]


def _cheese_reads(line: bytes) -> object:
    if b'"ready"' in line:
        return protocol.read_ready(line)
    return protocol.read_action(line, 12)


def codec_pair(codec: str) -> tuple[Decode, Encode]:
    """The decoder of replies and the encoder of acts that ``codec`` names."""
    if codec == "stdlib":
        return stdlib_decoder(), stdlib_encoder()
    if codec == "msgspec":
        return msgspec_decoder(), msgspec_encoder()
    if codec == "pydantic":
        return pydantic_codecs()
    return _cheese_reads, protocol.encode


@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("reply", sorted(REPLIES))
def test_decode_a_bot_reply(benchmark: object, reply: str, codec: str) -> None:
    decode, _ = codec_pair(codec)
    line = REPLIES[reply]
    decoded = benchmark(decode, line)  # type: ignore[operator]
    assert decoded is not None


@pytest.mark.parametrize("codec", CODECS)
@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_encode_an_act(benchmark: object, slug: str, codec: str) -> None:
    _, encode = codec_pair(codec)
    view, legal = act_of(slug)

    def build_and_encode() -> bytes:
        return encode(protocol.act(7, view, legal, None))

    line = benchmark(build_and_encode)  # type: ignore[operator]
    assert json.loads(line) == json.loads(stdlib_encoder()(protocol.act(7, view, legal, None)))
