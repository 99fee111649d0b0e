"""Game options typed on the command line: ``K=V,K=V`` with ints, booleans, words and
lists of ints.

A comma starts a new option only when a ``name=`` follows it, so a list needs no quotes.

>>> parse_game_options("simple=true,cells_per_column=2")
{'simple': True, 'cells_per_column': 2}
>>> parse_game_options("composition=7,2,2,1,1,1,1, start_player=1")
{'composition': (7, 2, 2, 1, 1, 1, 1), 'start_player': 1}
"""

from __future__ import annotations

import re

from cheese.cli.errors import UserInputError
from cheese.engine.api import OptionValue

_NEXT_OPTION = re.compile(r",\s*(?=[A-Za-z_][A-Za-z0-9_]*\s*=)")
_INTEGER = re.compile(r"-?[0-9]+")
FLAG_OF = {"seed": "--seed", "num_players": "--players"}
"""Settings of a game that are not options: ``cheese play`` takes them as flags."""


def parse_game_options(text: str) -> dict[str, OptionValue]:
    """The options written in ``text``; ``UserInputError`` names a malformed one."""
    options: dict[str, OptionValue] = {}
    if not text.strip():
        return options
    for item in _NEXT_OPTION.split(text.strip()):
        name, equals, value = item.partition("=")
        name = name.strip()
        if not equals or not name:
            raise UserInputError(
                f"--options: {item.strip()!r} is not NAME=VALUE; write e.g. "
                "--options simple=true,start_player=1"
            )
        if name in FLAG_OF:
            raise UserInputError(
                f"--options: {name} is not a game option; give it as {FLAG_OF[name]} instead"
            )
        if name in options:
            raise UserInputError(f"--options: {name} is given twice; give it once")
        options[name] = _value(value.strip())
    return options


def _value(text: str) -> OptionValue:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if _INTEGER.fullmatch(text):
        return int(text)
    items = [item.strip() for item in text.split(",")]
    if len(items) > 1 and all(_INTEGER.fullmatch(item) for item in items):
        return tuple(int(item) for item in items)
    return text
