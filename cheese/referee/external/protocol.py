"""The messages of the line protocol (``docs/protocol.md``): one JSON object per line.

The referee writes ``hello``, ``new_game``, ``act``, ``ping`` (version 2), ``game_over``
and ``quit`` on the bot's standard input; the bot answers ``hello`` with ``ready`` (or
``unsupported``), each ``act`` with an ``action`` and each ``ping`` with a ``pong``, on its
standard output. This module builds the first and reads the second; a reply that breaks
the protocol raises ``ProtocolError``.

>>> encode({"type": "quit"})
b'{"type":"quit"}\\n'
>>> read_action(b'{"type": "action", "seq": 3, "action": 7}', 3)
7
>>> read_action(b'{"type": "action", "seq": 2, "action": 7}', 3)
Traceback (most recent call last):
...
cheese.referee.external.protocol.ProtocolError: action for seq 2, but the act was seq 3
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Annotated, Literal, NotRequired, TypedDict

import msgspec

from cheese.bots.base import Clock
from cheese.engine.json_text import check_depth
from cheese.engine.schemas import Problem, allowed_at, conform

PROTOCOL_VERSION = 2
"""The newest version of the protocol, the one ``docs/protocol.md`` describes."""
PROTOCOL_VERSIONS = (1, 2)
"""Every version the referee speaks, listed in ``hello``'s ``protocols``."""
FIRST_VERSION = 1
"""The version ``hello``'s own ``protocol`` names, and the one spoken with a bot whose
``ready`` names none: a version-1 bot that checks ``protocol`` keeps working."""
MAX_LINE_BYTES = 2**20
"""The longest line either side may send (1 MiB, newline included): a view is a few
kilobytes, so a longer line is a runaway bot, refused before it fills memory."""
CHEESE_STATE = "cheese-state"
"""The extension a cheese bot served by ``cheese bot serve`` asks for in ``ready``: each
``act`` then carries a state consistent with the seat's view (drawn by the referee, so it
holds nothing the seat cannot see) and ``new_game`` the generator's full state, so the
served bot plays exactly as it would in the referee's process."""


class ProtocolError(Exception):
    """A line from the bot that is not the message the protocol expects there."""


# --- what the referee writes: plain dictionaries, typed ---------------------------------


class ClockJson(TypedDict):
    remaining: float
    increment: float


class LegalAction(TypedDict):
    action: int
    notation: str


class Hello(TypedDict):
    type: Literal["hello"]
    protocol: int
    protocols: list[int]
    game: str
    players: int
    options: dict[str, object]
    settings: dict[str, object]


class NewGame(TypedDict):
    type: Literal["new_game"]
    game_id: int
    seat: int
    seed: int
    seed_text: str
    """The seed in decimal: a JSON parser that reads numbers as doubles rounds ``seed``."""
    clock: ClockJson | None
    cheese_rng: NotRequired[list[int]]
    """The seat's generator's state, to a bot that asked for ``cheese-state``."""


class Act(TypedDict):
    type: Literal["act"]
    seq: int
    game_id: NotRequired[int]
    """Version 2: the game the act belongs to (its ``seq`` counts the process's acts)."""
    view: object
    legal: list[LegalAction] | msgspec.Raw
    """The legal actions, or their list already written as JSON (``legal_json``)."""
    clock: ClockJson | None
    cheese_state: NotRequired[str]
    """A pickled state consistent with the view, to a bot that asked for ``cheese-state``."""


class GameOver(TypedDict):
    type: Literal["game_over"]
    game_id: int
    finished: bool
    places: list[int] | None
    scores: list[int] | None
    final: list[object] | None


class Ping(TypedDict):
    """Version 2, between games: the bot answers ``pong`` with the same ``seq``."""

    type: Literal["ping"]
    seq: int


class Quit(TypedDict):
    type: Literal["quit"]


# --- what the bot writes: decoded into frozen values ------------------------------------


OptionValueJson = bool | int | float | str
OptionType = Literal["bool", "int", "float", "string"]
OPTION_TYPES: Mapping[str, tuple[type, ...]] = MappingProxyType(
    {"bool": (bool,), "int": (int,), "float": (int, float), "string": (str,)}
)
"""The JSON values each declared option type accepts (``True`` is no ``int`` here)."""


class OptionDeclaration(msgspec.Struct, frozen=True, forbid_unknown_fields=False):
    """One setting a version-2 bot declares in ``ready``: its name, type, default and,
    for numbers, range."""

    name: Annotated[str, msgspec.Meta(description="a string")]
    type: Annotated[OptionType, msgspec.Meta(description="'bool', 'int', 'float' or 'string'")]
    default: OptionValueJson | None = None
    min: float | None = None
    max: float | None = None

    def problem(self, value: object) -> str | None:
        """What is wrong with ``value`` for this option, or ``None`` if it fits.

        >>> OptionDeclaration("depth", "int", 3, 1, 9).problem(12)
        'depth = 12 is above its most, 9'
        """
        allowed = OPTION_TYPES[self.type]
        if isinstance(value, bool) is not (self.type == "bool") or not isinstance(value, allowed):
            return f"{self.name} = {json.dumps(value)} is not of its type, {self.type}"
        if isinstance(value, int | float) and not isinstance(value, bool):
            if self.min is not None and value < self.min:
                return f"{self.name} = {value} is below its least, {self.min:g}"
            if self.max is not None and value > self.max:
                return f"{self.name} = {value} is above its most, {self.max:g}"
        return None


class Ready(msgspec.Struct, frozen=True, tag="ready", tag_field="type"):
    """The bot's answer to ``hello``."""

    name: str
    version: str
    author: str | None = None
    extensions: Annotated[tuple[str, ...], msgspec.Meta(description="a list of strings")] = ()
    protocol: Annotated[int, msgspec.Meta(description="an integer")] = FIRST_VERSION
    """The version the bot speaks (one of ``hello``'s ``protocols``); 1 when left out."""
    options: Annotated[
        tuple[OptionDeclaration, ...] | None,
        msgspec.Meta(description="a list of {name, type, default, min, max} objects"),
    ] = None
    """Version 2: the settings the bot takes; ``None`` when it declares none."""

    def settings_problem(self, settings: Mapping[str, object]) -> str | None:
        """What is wrong with ``settings`` (a bots file's ``options``) for the options
        this bot declares, in one phrase; ``None`` if they fit or it declares none.

        >>> ready = Ready("b", "1", options=(OptionDeclaration("depth", "int", 3, 1, 9),))
        >>> ready.settings_problem({"width": 2})
        "unknown option 'width'; it declares: depth"
        """
        if self.options is None:
            return None
        declared = {option.name: option for option in self.options}
        for name, value in settings.items():
            option = declared.get(name)
            if option is None:
                names = ", ".join(declared) or "none"
                return f"unknown option {name!r}; it declares: {names}"
            problem = option.problem(value)
            if problem is not None:
                return problem
        return None


@dataclass(frozen=True, slots=True)
class Unsupported:
    """The bot declines the game of ``hello`` (it does not play it, or not so)."""

    reason: str


class UnsupportedLine(msgspec.Struct, frozen=True, tag="unsupported", tag_field="type"):
    """``unsupported`` as the bot writes it: the reason may be left out or null."""

    reason: str | None = None


class ActionReply(msgspec.Struct, frozen=True, tag="action", tag_field="type"):
    """The bot's answer to ``act``: the ``seq`` it answers (and in version 2 its
    ``game_id``) and a legal action, by number or by notation."""

    seq: Annotated[int, msgspec.Meta(description="an integer")]
    action: Annotated[int | str, msgspec.Meta(description="an integer or notation")]
    game_id: Annotated[int | None, msgspec.Meta(description="an integer")] = None


class Pong(msgspec.Struct, frozen=True, tag="pong", tag_field="type"):
    """The bot's answer to ``ping`` (version 2)."""

    seq: Annotated[int, msgspec.Meta(description="an integer")]


BotMessage = Ready | UnsupportedLine | ActionReply | Pong
"""Every message a bot writes; its ``type`` says which."""
_ENCODER = msgspec.json.Encoder()
_DECODER = msgspec.json.Decoder(BotMessage)


def encode(message: Mapping[str, object]) -> bytes:
    """``message`` as one protocol line (compact JSON, UTF-8, a final newline)."""
    return _ENCODER.encode(message) + b"\n"


def encode_value(value: object) -> bytes:
    """A value of a message (a view) as the protocol's encoder writes it inside a line."""
    return _ENCODER.encode(value)


def clock_json(clock: Clock | None) -> ClockJson | None:
    return None if clock is None else {"remaining": clock.remaining, "increment": clock.increment}


def hello(
    game: str, players: int, options: Mapping[str, object], settings: Mapping[str, object]
) -> Hello:
    return {
        "type": "hello",
        "protocol": FIRST_VERSION,
        "protocols": list(PROTOCOL_VERSIONS),
        "game": game,
        "players": players,
        "options": dict(options),
        "settings": dict(settings),
    }


def new_game(game_id: int, seat: int, seed: int, clock: Clock | None) -> NewGame:
    return {
        "type": "new_game",
        "game_id": game_id,
        "seat": seat,
        "seed": seed,
        "seed_text": str(seed),
        "clock": clock_json(clock),
    }


def act(
    seq: int,
    view: object,
    legal: Sequence[tuple[int, str]] | msgspec.Raw,
    clock: Clock | None,
    game_id: int | None = None,
) -> Act:
    """An ``act``; with ``game_id`` (version 2) it names its game too. The view and the
    legal actions may come already written as JSON (``msgspec.Raw``), as the referee
    sends them."""
    message: Act = {
        "type": "act",
        "seq": seq,
        "view": view,
        "legal": legal
        if isinstance(legal, msgspec.Raw)
        else [{"action": action, "notation": text} for action, text in legal],
        "clock": clock_json(clock),
    }
    if game_id is not None:
        message["game_id"] = game_id
    return message


def act_line(
    seq: int,
    view: bytes,
    legal: bytes | msgspec.Raw,
    clock: Clock | None,
    game_id: int | None = None,
    cheese_state: str | None = None,
) -> bytes:
    """``act`` as its line, from the view and the legal list already written as JSON:
    the bytes ``encode`` writes of the ``act`` message (with ``cheese_state`` when the bot
    asked for it), without building the message.

    >>> act_line(3, b'{"seat":0}', b'[]', None, 2)
    b'{"type":"act","seq":3,"view":{"seat":0},"legal":[],"clock":null,"game_id":2}\\n'
    """
    clock_text = b"null" if clock is None else _ENCODER.encode(clock_json(clock))
    line = b'{"type":"act","seq":%d,"view":%b,"legal":%b,"clock":%b' % (
        seq,
        view,
        legal,
        clock_text,
    )
    if game_id is not None:
        line += b',"game_id":%d' % game_id
    if cheese_state is not None:
        line += b',"cheese_state":' + _ENCODER.encode(cheese_state)
    return line + b"}\n"


def ping(seq: int) -> Ping:
    return {"type": "ping", "seq": seq}


def game_over(
    game_id: int,
    places: Sequence[int] | None,
    scores: Sequence[int] | None,
    final: Sequence[object] | None,
) -> GameOver:
    return {
        "type": "game_over",
        "game_id": game_id,
        "finished": places is not None,
        "places": None if places is None else list(places),
        "scores": None if scores is None else list(scores),
        "final": None if final is None else list(final),
    }


def game_over_ending(
    places: Sequence[int] | None, scores: Sequence[int] | None, final: Sequence[object] | None
) -> bytes:
    """The end of ``game_over``'s line after its ``game_id``: the same for every bot of a
    table, so it is written once per game (``game_over_line``).

    >>> game_over_line(4, game_over_ending(None, None, None))[:50]
    b'{"type":"game_over","game_id":4,"finished":false,"'
    """
    finished = places is not None
    return b',"finished":%b,"places":%b,"scores":%b,"final":%b}\n' % (
        b"true" if finished else b"false",
        _ENCODER.encode(None if places is None else list(places)),
        _ENCODER.encode(None if scores is None else list(scores)),
        _ENCODER.encode(None if final is None else list(final)),
    )


def game_over_line(game_id: int, ending: bytes) -> bytes:
    """``game_over`` as its line: the bytes ``encode`` writes of the message, from the
    ``ending`` that ``game_over_ending`` wrote."""
    return b'{"type":"game_over","game_id":%d%b' % (game_id, ending)


QUIT: Quit = {"type": "quit"}


def read_ready(line: bytes) -> Ready | Unsupported:
    """The bot's answer to ``hello``: ``ready`` or ``unsupported``."""
    answer = _read(line, "hello", ("ready", "unsupported"))
    if isinstance(answer, UnsupportedLine):
        return Unsupported(answer.reason or "no reason given")
    if not isinstance(answer, Ready):
        raise _wrong_type("hello", _tag(answer), ("ready", "unsupported"))
    if answer.protocol not in PROTOCOL_VERSIONS:
        spoken = " or ".join(str(version) for version in PROTOCOL_VERSIONS)
        raise ProtocolError(
            f"ready names protocol {answer.protocol}, which this referee does not speak; "
            f"answer with one of hello's protocols ({spoken})"
        )
    return answer


def read_action(line: bytes, seq: int, game_id: int | None = None) -> int | str:
    """The action of the bot's reply to ``act`` number ``seq`` (of game ``game_id`` in
    version 2, where the reply must name it): an integer or notation."""
    answer = _read(line, "act", ("action",))
    if not isinstance(answer, ActionReply):
        raise _wrong_type("act", _tag(answer), ("action",))
    if answer.seq != seq:
        raise ProtocolError(f"action for seq {answer.seq}, but the act was seq {seq}")
    if game_id is not None and answer.game_id != game_id:
        raise ProtocolError(
            f"action for game_id {answer.game_id}, but the act was of game {game_id}"
        )
    return answer.action


def read_pong(line: bytes, seq: int) -> None:
    """Check that ``line`` answers ``ping`` number ``seq``; ``ProtocolError`` if not."""
    answer = _read(line, "ping", ("pong",))
    if not isinstance(answer, Pong):
        raise _wrong_type("ping", _tag(answer), ("pong",))
    if answer.seq != seq:
        raise ProtocolError(f"pong for seq {answer.seq}, but the ping was seq {seq}")


def _tag(message: BotMessage) -> str:
    """The ``type`` that a decoded message had on the line."""
    return str(type(message).__struct_config__.tag)


def _read(line: bytes, answering: str, expected: tuple[str, ...]) -> BotMessage:
    """The message on ``line``, decoded at once when it is well formed (the hot path);
    otherwise read again with ``json`` to say what is wrong, in the order of old: the
    line, its ``type``, then its fields."""
    try:
        return _DECODER.decode(line)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
        # ``json`` below says where, or accepts what msgspec does not (NaN, 1e400); msgspec
        # bounds nesting only by Python's recursion limit, which ``_message`` turns into a
        # ProtocolError by checking the depth first.
        pass
    message = _message(line)
    kind = message.get("type")
    if kind == "action" and kind in expected:
        return conform(message, ActionReply, functools.partial(_field_error, kind, ActionReply))
    if kind == "ready" and kind in expected:
        return conform(message, Ready, functools.partial(_field_error, kind, Ready))
    if kind == "unsupported" and kind in expected:
        refuse = functools.partial(_field_error, kind, UnsupportedLine)
        return conform(message, UnsupportedLine, refuse)
    if kind == "pong" and kind in expected:
        return conform(message, Pong, functools.partial(_field_error, kind, Pong))
    raise _wrong_type(answering, kind, expected)


def _wrong_type(answering: str, kind: object, expected: tuple[str, ...]) -> ProtocolError:
    wanted = " or ".join(repr(name) for name in expected)
    return ProtocolError(f"answered {answering} with {kind!r}; expected {wanted}")


def _field_error(kind: str, schema: type[BotMessage], problem: Problem) -> ProtocolError:
    """A field of the wrong type, named with what it must be and, unless the problem is
    inside a list, the value it had."""
    field = problem.top
    got = "" if problem.in_item else f", got {problem.shown}"
    return ProtocolError(f"{kind}: {field!r} must be {allowed_at(schema, field)}{got}")


def _message(line: bytes) -> dict[str, object]:
    try:
        text = line.decode("utf-8")
        check_depth(text)
        message = json.loads(text)
    except UnicodeDecodeError:
        raise ProtocolError("sent a line that is not UTF-8") from None
    except json.JSONDecodeError as error:
        raise ProtocolError(f"sent a line that is not JSON ({error.msg}): {shown(line)}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"sent {shown(line)}, which is not a JSON object")
    return message


def shown(line: bytes) -> str:
    """``line`` as a message quotes it: decoded, stripped, at most 80 characters."""
    text = line.decode("utf-8", errors="replace").strip()
    return repr(text if len(text) <= 80 else text[:77] + "...")
