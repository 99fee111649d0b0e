"""The bots of a game's seats: a spec parsed once where it is given, and the bot built
from the parsed spec in the worker.

A seat's spec is either a bot of cheese or of an installed package (``BotSpec``, built by
``cheese.bots.registry``) or an external bot (``ExternalSpec``, a process the referee
starts). The choice is made here, on the referee's side, so the bots never import the
referee.

>>> parse_seat("mcts:iterations=300")
BotSpec(text='mcts:iterations=300', name='mcts', settings=(('iterations', '300'),))
>>> seat_bot(parse_seat("greedy")).spec
'greedy'
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TypeAlias

from cheese.bots.base import Bot
from cheese.bots.registry import build_bot
from cheese.bots.spec import BotSpec
from cheese.referee.external.bot import ExternalBot
from cheese.referee.external.bots_file import read_bots_file, split_file_spec
from cheese.referee.external.spec import (
    INLINE_PREFIX,
    ExternalSpec,
    external_spec,
    file_bot_spec,
)

SeatSpec: TypeAlias = BotSpec | ExternalSpec
"""A seat's bot spec, parsed: small, frozen and picklable, so it travels to the workers."""


def parse_seat(text: str) -> SeatSpec:
    """The spec ``text`` names: an external bot (its bots file read now) or a bot of
    cheese; ``BotSpecError`` for bad syntax, a bots file that cannot be read or a command
    that cannot start."""
    external = external_spec(text)
    return BotSpec.parse(text) if external is None else external


def parse_seats(texts: Sequence[str], bots_file: Path | None = None) -> tuple[SeatSpec, ...]:
    """``texts`` parsed, the names of ``bots_file`` (``--bots``) among them turned into its
    bots (``NAME@FILE``), the file read once; ``BotSpecError`` for a bad file or spec.

    A name the file holds wins over a built-in bot of the same name: the person named the
    file to use its bots.
    """
    if bots_file is None:
        return tuple(parse_seat(text) for text in texts)
    found = read_bots_file(bots_file)
    names = set(found.names)
    return tuple(
        file_bot_spec(found, text) if text in names else parse_seat(text) for text in texts
    )


def seat_bot(spec: SeatSpec) -> Bot:
    """The bot of a parsed spec, built fresh for one game."""
    if isinstance(spec, ExternalSpec):
        return ExternalBot(spec.command)
    return build_bot(spec)


def make_seat_bot(text: str) -> Bot:
    """The bot any spec's text names, an external one too (for one-off uses: a game
    against a person, a check); runs parse their specs once with ``parse_seats``."""
    return seat_bot(parse_seat(text))


def starts_a_program(text: str) -> bool:
    """Whether the spec ``text`` names an external bot, a program this machine would
    start (``cmd:COMMAND``, ``NAME@FILE``), told from its form alone: nothing is read.

    A spec read from a record, a saved game or a results database is not run on that
    ground alone: the person names it on their own command line, or allows it.

    >>> starts_a_program("cmd:python3 bot.py"), starts_a_program("fast@bots.toml")
    (True, True)
    >>> starts_a_program("mcts:iterations=10")
    False
    """
    return text.startswith(INLINE_PREFIX) or split_file_spec(text) is not None
