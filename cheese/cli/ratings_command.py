"""``cheese ratings``: the Elo table of game results from anywhere (JSON lines)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cheese.cli.errors import UserInputError, read_text_file
from cheese.cli.ratings_view import (
    AnchorOption,
    CsvOption,
    JsonOption,
    LosOption,
    check_format,
    parse_anchor,
    show_ratings,
)
from cheese.engine import OptionError
from cheese.engine.luck import check_seed
from cheese.ratings.bradley_terry import rate
from cheese.tournaments.results_file import ResultsFileError, parse_results


def ratings(
    file: Annotated[Path, typer.Argument(metavar="FILE.jsonl", help="One game a line.")],
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
    anchor: AnchorOption = None,
    los: LosOption = False,
    seed: Annotated[int, typer.Option(help="Seed of the bootstrap.")] = 0,
) -> None:
    """Rate bots from game results: one joint Bradley-Terry fit, intervals over deals.

    Each line of FILE is a JSON object with the bots' names in "seats" and either their
    "scores" (higher is better), {"seats": ["mcts", "greedy"], "scores": [12, 7]}, or
    their places in "ranking" (1 is first, equal places are shared), {"seats": ["a", "b",
    "c"], "ranking": [1, 3, 1]}; an optional "deal" id groups games that share luck (they
    are resampled together).

    Example: cheese ratings results.jsonl --json
    """
    check_format(as_json, as_csv)
    pinned = parse_anchor(anchor)
    if seed < 0:
        raise UserInputError(f"--seed must be 0 or more, not {seed}")
    try:
        check_seed(seed)  # the upper bound every seed has
    except OptionError as error:
        raise UserInputError(str(error)) from None
    try:
        games = parse_results(read_text_file(file, "a JSON-lines file of games"), str(file))
        table = rate(games, seed=seed, anchor=pinned)
    except (ResultsFileError, ValueError) as error:
        raise UserInputError(str(error)) from None
    show_ratings(table, as_json, as_csv, los, pinned)
