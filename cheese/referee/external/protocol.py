"""The messages of the line protocol (``docs/protocol.md``): one JSON object per line.

The referee writes ``hello``, ``new_game``, ``act``, ``game_over`` and ``quit`` on the
bot's standard input; the bot answers ``hello`` with ``ready`` (or ``unsupported``) and
each ``act`` with an ``action``, on its standard output. This module builds the first
and reads the second; a reply that breaks the protocol raises ``ProtocolError``.

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

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cheese.bots.base import Clock

PROTOCOL_VERSION = 1
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


@dataclass(frozen=True, slots=True)
class Ready:
    """The bot's answer to ``hello``."""

    name: str
    version: str
    author: str | None = None
    extensions: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Unsupported:
    """The bot declines the game of ``hello`` (it does not play it, or not so)."""

    reason: str


def encode(message: Mapping[str, object]) -> bytes:
    """``message`` as one protocol line (compact JSON, UTF-8, a final newline)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def clock_json(clock: Clock | None) -> dict[str, float] | None:
    return None if clock is None else {"remaining": clock.remaining, "increment": clock.increment}


def hello(
    game: str, players: int, options: Mapping[str, object], settings: Mapping[str, object]
) -> dict[str, object]:
    return {
        "type": "hello",
        "protocol": PROTOCOL_VERSION,
        "game": game,
        "players": players,
        "options": dict(options),
        "settings": dict(settings),
    }


def new_game(game_id: int, seat: int, seed: int, clock: Clock | None) -> dict[str, object]:
    return {
        "type": "new_game",
        "game_id": game_id,
        "seat": seat,
        "seed": seed,
        "clock": clock_json(clock),
    }


def act(
    seq: int, view: object, legal: Sequence[tuple[int, str]], clock: Clock | None
) -> dict[str, object]:
    return {
        "type": "act",
        "seq": seq,
        "view": view,
        "legal": [{"action": action, "notation": text} for action, text in legal],
        "clock": clock_json(clock),
    }


def game_over(
    game_id: int,
    places: Sequence[int] | None,
    scores: Sequence[int] | None,
    final: Sequence[object] | None,
) -> dict[str, object]:
    return {
        "type": "game_over",
        "game_id": game_id,
        "finished": places is not None,
        "places": None if places is None else list(places),
        "scores": None if scores is None else list(scores),
        "final": None if final is None else list(final),
    }


QUIT: dict[str, object] = {"type": "quit"}


def _message(line: bytes) -> dict[str, object]:
    try:
        message = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise ProtocolError("sent a line that is not UTF-8") from None
    except json.JSONDecodeError as error:
        raise ProtocolError(f"sent a line that is not JSON ({error.msg}): {_shown(line)}") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"sent {_shown(line)}, which is not a JSON object")
    return message


def _shown(line: bytes) -> str:
    text = line.decode("utf-8", errors="replace").strip()
    return repr(text if len(text) <= 80 else text[:77] + "...")


def _text(message: Mapping[str, object], key: str, required: bool = True) -> str | None:
    value = message.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str):
        raise ProtocolError(f"{message.get('type')}: {key!r} must be a string, got {value!r}")
    return value


def read_ready(line: bytes) -> Ready | Unsupported:
    """The bot's answer to ``hello``: ``ready`` or ``unsupported``."""
    message = _message(line)
    kind = message.get("type")
    if kind == "unsupported":
        return Unsupported(_text(message, "reason", required=False) or "no reason given")
    if kind != "ready":
        raise ProtocolError(f"answered hello with {kind!r}; expected 'ready' or 'unsupported'")
    extensions = message.get("extensions", [])
    if not isinstance(extensions, list) or not all(isinstance(x, str) for x in extensions):
        raise ProtocolError("ready: 'extensions' must be a list of strings")
    return Ready(
        name=_text(message, "name") or "",
        version=_text(message, "version") or "",
        author=_text(message, "author", required=False),
        extensions=tuple(extensions),
    )


def read_action(line: bytes, seq: int) -> int | str:
    """The action of the bot's reply to ``act`` number ``seq``: an integer or notation."""
    message = _message(line)
    kind = message.get("type")
    if kind != "action":
        raise ProtocolError(f"answered act with {kind!r}; expected 'action'")
    got = message.get("seq")
    if isinstance(got, bool) or not isinstance(got, int):
        raise ProtocolError(f"action: 'seq' must be an integer, got {got!r}")
    if got != seq:
        raise ProtocolError(f"action for seq {got}, but the act was seq {seq}")
    action = message.get("action")
    if isinstance(action, bool) or not isinstance(action, int | str):
        raise ProtocolError(f"action: 'action' must be an integer or notation, got {action!r}")
    return action
