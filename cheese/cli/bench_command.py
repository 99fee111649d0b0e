"""``cheese bench``: engine speed of both backends and of the C search, measured in one run.

Each figure is printed as soon as it is measured (a spinner names the one under way on a
terminal; plain lines when piped), then the table of all of them. ``--seconds`` is the
whole run's budget of CPU time, shared equally by every timed round.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, TextIO

import typer
from rich.console import Console
from rich.table import Table

from cheese.bots.benchmark import FIGURE_COUNT, Speed, measure_speed
from cheese.cli.errors import UserInputError
from cheese.cli.parameters import game_slug
from cheese.engine import GAME_SLUGS
from cheese.engine.benchmark import bench_players
from cheese.engine.registry import BACKEND, NATIVE, game_info
from cheese.words import counted

MIN_SECONDS = 1.0
MAX_SECONDS = 600.0
MAX_ROUNDS = 50
DEFAULT_SECONDS = 10.0
"""The default budget: every figure of the three games in about 10 s of CPU time."""

FIGURE_LABELS = {
    "native_playouts_per_s": "native playouts/s",
    "reference_playouts_per_s": "reference playouts/s",
    "apply_per_s": "apply/s",
    "mcts_iterations_per_s": "mcts iterations/s",
    "mcts_share": "mcts / playouts",
}
"""How each figure is named on screen (the JSON keys are the dictionary's keys)."""


def round_seconds(seconds: float, games: int, rounds: int) -> float:
    """The length of each timed round when ``seconds`` are shared by every round.

    >>> round_seconds(12.0, 3, 2)
    0.5
    """
    return seconds / (games * FIGURE_COUNT * rounds)


def method_line(slugs: tuple[str, ...], rounds: int, each: float, seconds: float) -> str:
    """How the figures are measured, in one sentence.

    >>> print(method_line(("cheese-chasers",), 3, 0.25, 3.0).replace("; ", ";\\n"))
    CPU time on one core;
    Cheese Chasers with 1 player;
    each figure the median of 3 rounds of 0.25 s (--seconds 3 in all);
    mcts / playouts the median of the rounds' ratios, playouts and search timed in turn.
    """
    seats = ", ".join(
        f"{game_info(slug).title} with {counted(bench_players(slug), 'player')}"
        for slug in slugs
    )
    return (
        f"CPU time on one core; {seats}; each figure the median of "
        f"{counted(rounds, 'round')} of {each:.2g} s (--seconds {seconds:g} in all); "
        "mcts / playouts the median of the rounds' ratios, playouts and search timed in turn."
    )


def show_figure(name: str, value: float) -> str:
    """A figure's value as printed: whole numbers, except the slow reference playouts."""
    if name == "mcts_share":
        return f"{value:.2f}"
    return f"{value:,.1f}" if name == "reference_playouts_per_s" else f"{value:,.0f}"


def figure_line(slug: str, label: str, shown: str) -> str:
    """One progress line: the game, the figure, its value."""
    return f"{slug:<16} {label:<22} {shown:>12}"




@contextmanager
def progress(stream: TextIO) -> Iterator[Callable[[str, str, float], None]]:
    """A reporter of figures as they are measured: a line each, under a spinner naming
    the game under way when ``stream`` is a terminal."""
    console = Console(file=stream, highlight=False)
    if not console.is_terminal:

        def plain(slug: str, name: str, value: float) -> None:
            print(figure_line(slug, FIGURE_LABELS[name], show_figure(name, value)),
                  file=stream, flush=True)

        yield plain
        return
    with console.status("measuring …") as status:

        def live(slug: str, name: str, value: float) -> None:
            console.print(figure_line(slug, FIGURE_LABELS[name], show_figure(name, value)))
            status.update(f"measuring (last: {slug}, {FIGURE_LABELS[name]}) …")

        yield live


def bench(
    game: Annotated[
        str | None,
        typer.Argument(help="One game to measure (default: all three).", parser=game_slug),
    ] = None,
    seconds: Annotated[
        float,
        typer.Option(
            help="CPU seconds for the whole run, 1 to 600, shared equally by every timed "
            "round of every figure (each round still runs at least one batch or search)."
        ),
    ] = DEFAULT_SECONDS,
    rounds: Annotated[
        int, typer.Option(help="Timed rounds per figure, 1 to 50; the median is shown.")
    ] = 3,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the figures as JSON (progress on stderr).")
    ] = False,
) -> None:
    """Measure random playouts per second (native and reference), apply calls per second,
    and MCTS iterations per second of the C search (random playouts, from the first move)
    with its share of the playout rate, printing each figure as it is measured.

    Get The Cheese and Cheese Drop are measured with 4 players, on one core, in CPU time.

    Example: cheese bench get-the-cheese --seconds 4 --json
    """
    # Checked here rather than by typer, whose range message misleads for nan.
    if not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise UserInputError(
            f"--seconds must be a number from {MIN_SECONDS:g} to {MAX_SECONDS:g}, not {seconds}"
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
    each = round_seconds(seconds, len(slugs), rounds)
    method = method_line(tuple(slugs), rounds, each, seconds)
    stream = sys.stderr if as_json else sys.stdout
    print(method, file=stream, flush=True)
    with progress(stream) as report:
        results = [
            measure_speed(slug, seconds=each, rounds=rounds, on_figure=report) for slug in slugs
        ]
    if as_json:
        print(json.dumps({result.engine.slug: result.as_json() for result in results}, indent=2))
        return
    print_table(results)


def print_table(results: list[Speed]) -> None:
    """All figures, one column a game and one row a figure (three games fit 80 columns)."""
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
