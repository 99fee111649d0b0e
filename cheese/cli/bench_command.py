"""``cheese bench``: engine speed of both backends, measured in one run."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cheese.bots.benchmark import Speed, measure_speed
from cheese.cli.errors import UserInputError
from cheese.cli.parameters import game_slug
from cheese.engine import GAME_SLUGS
from cheese.engine.registry import BACKEND, NATIVE

MIN_SECONDS = 0.05
MAX_SECONDS = 60.0
MAX_ROUNDS = 50


def bench(
    game: Annotated[
        str | None,
        typer.Argument(help="One game to measure (default: all three).", parser=game_slug),
    ] = None,
    seconds: Annotated[
        float, typer.Option(help="Length of each timed round, 0.05 to 60 seconds.")
    ] = 0.5,
    rounds: Annotated[
        int, typer.Option(help="Timed rounds per figure, 1 to 50; the median is shown.")
    ] = 3,
    as_json: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")] = False,
) -> None:
    """Measure random playouts per second (native and reference), apply calls per second,
    and MCTS iterations per second of the C search (random playouts, from the first move).

    Get The Cheese and Cheese Drop are measured with 4 players, on one core.

    Example: cheese bench get-the-cheese --json
    """
    # Checked here rather than by typer, whose range message misleads for nan.
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise UserInputError(
            f"--seconds must be a number from {MIN_SECONDS} to {MAX_SECONDS:g}, not {seconds}"
        )
    if not 1 <= rounds <= MAX_ROUNDS:
        raise UserInputError(
            f"--rounds must be a whole number from 1 to {MAX_ROUNDS}, not {rounds}"
        )
    if BACKEND != NATIVE:
        raise UserInputError(
            "the native engine is not available, so there is nothing to compare; "
            "reinstall with a C compiler present: pip install -e ."
        )
    slugs = GAME_SLUGS if game is None else (game,)
    results = [measure_speed(slug, seconds=seconds, rounds=rounds) for slug in slugs]
    if as_json:
        print(json.dumps({result.engine.slug: result.as_json() for result in results}, indent=2))
        return
    # One column a game and one row a figure, so all three games fit an 80-column terminal.
    table = Table(title="engine speed (per CPU second on one core; median of rounds)")
    table.add_column("figure")
    for result in results:
        table.add_column(result.engine.slug, justify="right")
    figures: tuple[tuple[str, Callable[[Speed], str]], ...] = (
        ("players", lambda r: str(r.engine.players)),
        ("native playouts/s", lambda r: f"{r.engine.native_playouts_per_s:,.0f}"),
        ("reference playouts/s", lambda r: f"{r.engine.reference_playouts_per_s:,.1f}"),
        ("native / reference", lambda r: f"{r.engine.ratio:,.0f}x"),
        ("apply/s", lambda r: f"{r.engine.apply_per_s:,.0f}"),
        ("mcts iterations/s", lambda r: f"{r.mcts_iterations_per_s:,.0f}"),
        ("mcts / playouts", lambda r: f"{r.mcts_share:.2f}"),
    )
    for name, show in figures:
        table.add_row(name, *(show(result) for result in results))
    Console().print(table)
