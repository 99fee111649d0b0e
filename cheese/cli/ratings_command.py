"""``cheese ratings``: the Elo table of game results from anywhere (JSON lines)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from cheese.cli.errors import UserInputError
from cheese.cli.ratings_view import print_ratings, ratings_csv, ratings_json
from cheese.cli.tournament_command import parse_anchor
from cheese.tournaments.ratings import rate
from cheese.tournaments.results_file import ResultsFileError, read_results


def ratings(
    file: Annotated[Path, typer.Argument(metavar="FILE.jsonl", help="One game a line.")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the table as JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="Print the table as CSV.")] = False,
    anchor: Annotated[
        str | None,
        typer.Option(metavar="BOT=ELO", help="Give BOT this Elo (default: centred on the mean)."),
    ] = None,
    los: Annotated[bool, typer.Option("--los", help="Add the LOS matrix.")] = False,
    seed: Annotated[int, typer.Option(help="Seed of the bootstrap.")] = 0,
) -> None:
    """Rate bots from game results: one joint Bradley-Terry fit, intervals over deals.

    Each line of FILE is a JSON object: {"seats": [names], "scores": [numbers]} (higher
    is better) or {"seats": [names], "ranking": [places]} (1 is first, equal places are
    shared), with an optional "deal" id (games of one deal are resampled together).

    Example: cheese ratings results.jsonl --json
    """
    if as_json and as_csv:
        raise UserInputError("choose one of --json and --csv")
    pinned = parse_anchor(anchor)
    try:
        table = rate(read_results(file), seed=seed, anchor=pinned)
    except (ResultsFileError, ValueError) as error:
        raise UserInputError(str(error)) from None
    if as_json:
        print(json.dumps(ratings_json(table, with_los=los), allow_nan=False))
    elif as_csv:
        print(ratings_csv(table), end="")
    else:
        print_ratings(table, Console(), with_los=los)
