"""``cheese bots``: the bots a spec string may name, with their parameters."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cheese.bots import BotEntry, bot_catalogue
from cheese.bots.spec import describe_default


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
    }


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
    for entry in catalogue:
        origin = "" if entry.origin == "built-in" else f"  [dim]({entry.origin})[/dim]"
        console.print(f"[bold]{entry.name}[/bold] — {entry.description}{origin}", highlight=False)
        if not entry.parameters:
            console.print("  no parameters\n")
            continue
        table = Table(box=None, pad_edge=False, padding=(0, 2, 0, 2))
        for column in ("key", "default", "allowed", "meaning"):
            table.add_column(column, style="dim" if column == "allowed" else None)
        for parameter in entry.parameters:
            default = describe_default(parameter, where="in C")
            table.add_row(parameter.name, default, parameter.allowed, parameter.help)
        console.print(table)
        console.print()
