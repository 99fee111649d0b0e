"""``cheese bots``: the bots a spec string may name, with their parameters."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cheese.bots import BotEntry, BotSpecError, bot_catalogue
from cheese.bots.spec import ChoiceParameter, Parameter, describe_default

BUILT_IN = "built-in"
UNAVAILABLE = "unavailable: "
"""How the catalogue describes a plugin whose module could not be loaded."""
EXTRA_OF_MODULE = {
    "pyspiel": "openspiel",
    "open_spiel": "openspiel",
    "pettingzoo": "rl",
    "gymnasium": "rl",
}
"""The extra of cheese (pyproject.toml's optional dependencies) that provides a module."""
_MISSING_MODULE = re.compile(r"No module named '([A-Za-z0-9_]+)")
_INSTALL_COMMAND = re.compile(r"pip install '[^']+'")


@dataclass(frozen=True, slots=True)
class Unavailable:
    """Why a bot of the catalogue cannot be made here, and what would fix it."""

    reason: str
    remedy: str


def install_command(reason: str, origin: str) -> str:
    """What to run so that a bot failing for ``reason`` can be made.

    >>> install_command("No module named 'pyspiel'", "cheese 0.1.0")
    "pip install 'cheese[openspiel]'"
    >>> install_command("OpenSpiel is not installed; pip install 'cheese[openspiel]'", "x")
    "pip install 'cheese[openspiel]'"
    >>> install_command("No module named 'torch'", "chessbots 2.0")
    'reinstall or uninstall chessbots'
    """
    written = _INSTALL_COMMAND.search(reason)
    if written is not None:
        return written.group(0)
    missing = _MISSING_MODULE.search(reason)
    if missing is not None and missing.group(1) in EXTRA_OF_MODULE:
        return f"pip install 'cheese[{EXTRA_OF_MODULE[missing.group(1)]}]'"
    return f"reinstall or uninstall {origin.split()[0]}"


def unavailable(entry: BotEntry) -> Unavailable | None:
    """Why ``entry`` cannot be made here, or None when it can.

    A plugin that failed to load says so in its description; one that loads but needs
    a missing dependency refuses to be made with its defaults (making a bot searches
    nothing, so trying is cheap).
    """
    if entry.origin == BUILT_IN:
        return None
    if entry.description.startswith(UNAVAILABLE):
        reason = entry.description.removeprefix(UNAVAILABLE)
    else:
        try:
            entry.factory({})
        except BotSpecError as error:
            reason = str(error)
        else:
            return None
    return Unavailable(reason, install_command(reason, entry.origin))


def allowed_text(parameter: Parameter) -> str:
    """The allowed values, spaced so that a narrow column wraps them between choices."""
    if isinstance(parameter, ChoiceParameter):
        return "one of " + " | ".join(parameter.choices)
    return parameter.allowed


def entry_json(entry: BotEntry) -> dict[str, object]:
    native_defaults: dict[str, dict[str, object]] = {}
    for parameter in entry.parameters:
        for slug, value in parameter.per_game:
            native_defaults.setdefault(slug, {})[parameter.name] = value
    return {
        "name": entry.name,
        "description": entry.description,
        "origin": entry.origin,
        "parameters": [parameter.as_json() for parameter in entry.parameters],
        "native_defaults": native_defaults,
        **_availability_json(unavailable(entry)),
    }


def _availability_json(problem: Unavailable | None) -> dict[str, object]:
    if problem is None:
        return {"available": True}
    return {"available": False, "unavailable": problem.reason, "install": problem.remedy}


def bots(
    as_json: Annotated[bool, typer.Option("--json", help="Print the catalogue as JSON.")] = False,
) -> None:
    """List the bots with their parameters, defaults and ranges.

    A bot is named by a spec: the name, then optional key=value settings.

    Example: cheese bots --json   (specs: mcts, mcts:time=0.5,c=0.7, expectimax:depth=3)
    """
    catalogue = bot_catalogue()
    if as_json:
        print(json.dumps([entry_json(entry) for entry in catalogue], indent=2))
        return
    console = Console()
    missing: list[tuple[BotEntry, Unavailable]] = []
    for entry in catalogue:
        problem = unavailable(entry)
        if problem is not None:
            missing.append((entry, problem))
            continue
        origin = "" if entry.origin == BUILT_IN else f"  [dim]({entry.origin})[/dim]"
        console.print(f"[bold]{entry.name}[/bold] — {entry.description}{origin}", highlight=False)
        if not entry.parameters:
            console.print("  no parameters\n")
            continue
        table = Table(box=None, pad_edge=False, padding=(0, 2, 0, 2))
        table.add_column("key")
        table.add_column("default")
        # fold: a choice wider than the column breaks across lines instead of ending in …
        table.add_column("allowed", style="dim", overflow="fold")
        table.add_column("meaning")
        for parameter in entry.parameters:
            default = describe_default(parameter, where="in C")
            table.add_row(parameter.name, default, allowed_text(parameter), parameter.help)
        console.print(table)
        console.print()
    if missing:
        console.print("[bold]Not installed here[/bold] (a spec naming one is refused):")
        for entry, problem in missing:
            # Text, not markup: an install command such as cheese[openspiel] has brackets.
            console.print(
                Text.assemble(
                    "  ",
                    (entry.name, "bold"),
                    f" — {problem.remedy}  ",
                    (f"({problem.reason})", "dim"),
                ),
                highlight=False,
            )
