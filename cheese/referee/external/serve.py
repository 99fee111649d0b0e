"""``cheese bot serve SPEC``: any cheese bot speaking the line protocol on stdin/stdout.

It speaks version 2 of the protocol when its referee offers it (``hello``'s
``protocols``), else version 1. It asks its referee for the ``cheese-state`` extension:
each ``act`` then carries a state drawn from the seat's view alone, from which the served
bot gets the same ``Turn`` it would get in the referee's process, and ``new_game`` the
generator's state, so the bot draws exactly the numbers it would draw there: the same
games, move for move.
"""

from __future__ import annotations

import base64
import json
import logging
import pickle
import random
from typing import BinaryIO

from cheese import __version__
from cheese.bots.base import Bot, Clock, Turn
from cheese.bots.registry import make_bot
from cheese.engine import State
from cheese.referee.external.protocol import (
    CHEESE_STATE,
    FIRST_VERSION,
    MAX_LINE_BYTES,
    PROTOCOL_VERSIONS,
    encode,
)

LOGGER = logging.getLogger("cheese.referee.external.serve")
MERSENNE_TWISTER_VERSION = 3
"""The version ``random.Random.getstate`` writes first (CPython's Mersenne Twister)."""


class ServeError(Exception):
    """A message the served bot cannot act on; the referee sees its output end."""


def _clock(data: object) -> Clock | None:
    if not isinstance(data, dict):
        return None
    return Clock(float(data["remaining"]), float(data["increment"]))


def _generator(message: dict[str, object]) -> random.Random:
    """The bot's generator for a game: the referee's own when it sent it, else seeded."""
    words = message.get("cheese_rng")
    rng = random.Random()
    if isinstance(words, list):
        rng.setstate((MERSENNE_TWISTER_VERSION, tuple(int(word) for word in words), None))
    else:
        rng.seed(int(str(message["seed"])))
    return rng


def _version(hello: dict[str, object]) -> int:
    """The newest version both this bot and the referee of ``hello`` speak.

    >>> _version({"protocol": 1, "protocols": [1, 2, 3]}), _version({"protocol": 1})
    (2, 1)
    """
    offered = hello.get("protocols", [hello.get("protocol", FIRST_VERSION)])
    if not isinstance(offered, list):
        return FIRST_VERSION
    shared = set(offered) & set(PROTOCOL_VERSIONS)
    return max(shared, default=FIRST_VERSION)


def _state(message: dict[str, object]) -> State:
    packed = message.get("cheese_state")
    if not isinstance(packed, str):
        raise ServeError(
            f"act without 'cheese_state': a served cheese bot needs its referee to grant the "
            f"{CHEESE_STATE} extension"
        )
    # Only the referee that started this process writes on its standard input.
    state = pickle.loads(base64.b64decode(packed))
    if not isinstance(state, State):
        raise ServeError("cheese_state holds no game state")
    return state


def serve(spec: str, source: BinaryIO, sink: BinaryIO) -> int:
    """Play ``spec`` over the protocol until ``quit`` or the end of ``source``; 0 then.

    ``spec`` is checked at once (``BotSpecError``); a message it cannot act on raises
    ``ServeError``.
    """
    make_bot(spec)
    bot: Bot | None = None
    rng = random.Random(0)
    seat = 0
    version = FIRST_VERSION

    def reply(message: dict[str, object]) -> None:
        sink.write(encode(message))
        sink.flush()

    while True:
        line = source.readline(MAX_LINE_BYTES + 1)
        if not line:
            return 0
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            version = _version(message)
            reply(
                {
                    "type": "ready",
                    "name": spec,
                    "version": __version__,
                    "author": "cheese",
                    "extensions": [CHEESE_STATE],
                    "protocol": version,
                }
            )
        elif kind == "new_game":
            bot = make_bot(spec)
            rng = _generator(message)
            seat = int(message["seat"])
        elif kind == "act":
            if bot is None:
                raise ServeError("act before new_game")
            turn = Turn(_state(message), seat, _clock(message.get("clock")))
            decision = bot.choose(turn, rng)
            answer = {"type": "action", "seq": message["seq"], "action": int(decision.action)}
            if version >= 2:
                answer["game_id"] = message["game_id"]
            reply(answer)
        elif kind == "ping":
            reply({"type": "pong", "seq": message["seq"]})
        elif kind == "game_over":
            hook = getattr(bot, "game_over", None)
            if hook is not None:
                hook(None)
            bot = None
        elif kind == "quit":
            return 0
        else:
            LOGGER.warning("ignored a message of type %r", kind)
