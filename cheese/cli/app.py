"""The ``cheese`` command line: parse, call one library function, render."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cheese import __version__
from cheese.cli.analyze_command import analyze
from cheese.cli.bench_command import bench
from cheese.cli.bot_command import bot_app
from cheese.cli.bots_command import bots
from cheese.cli.duel_command import duel
from cheese.cli.errors import (
    EXIT_BAD_INPUT,
    UserInputError,
    click_exceptions,
    read_text_file,
    report_bad_input,
)
from cheese.cli.help_format import readable_help
from cheese.cli.ladder_command import ladder
from cheese.cli.levels_command import levels_app
from cheese.cli.me_command import me
from cheese.cli.parameters import GameArgument
from cheese.cli.play.command import play, replay, saved
from cheese.cli.ratings_command import ratings
from cheese.cli.rules_command import rules
from cheese.cli.tournament_command import tournament_app
from cheese.cli.tune_command import tune
from cheese.engine import GAME_SLUGS, EngineError, game_info, score_sheet
from cheese.store import StoreError

app = typer.Typer(
    name="cheese",
    help=(
        "Play Get The Cheese!, Cheese Chasers and Cheese Drop; duel bots; rate them.\n\n"
        "Example: cheese play cheese-drop, or cheese rules get-the-cheese --summary"
    ),
    no_args_is_help=True,
    add_completion=False,
    # Markdown joins the lines of a paragraph, so hard-wrapped docstrings reflow to the
    # terminal's width instead of breaking mid-sentence; blank lines separate paragraphs.
    rich_markup_mode="markdown",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        print(f"cheese {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Play Get The Cheese!, Cheese Chasers and Cheese Drop; duel bots; rate them."""


@app.command()
def games(
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List the games with their player counts.

    Example: cheese games --json
    """
    infos = [game_info(slug) for slug in GAME_SLUGS]
    if as_json:
        print(
            json.dumps(
                [
                    {
                        "slug": info.slug,
                        "title": info.title,
                        "min_players": info.min_players,
                        "max_players": info.max_players,
                        "default_players": info.default_players,
                        "description": info.description,
                    }
                    for info in infos
                ],
                indent=2,
            )
        )
        return
    table = Table(box=None, pad_edge=False)
    table.add_column("game")
    table.add_column("players")
    table.add_column("")
    for info in infos:
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        table.add_row(info.slug, players, info.description)
    Console().print(table)


app.command()(rules)


@app.command()
def score(
    game: GameArgument,
    file: Annotated[Path, typer.Argument(help="The table to score (see `cheese rules`).")],
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Score a physical game from a text FILE.

    One format per game:

    - cheese-chasers: a layout (M C H T and . , rows top to bottom).
    - get-the-cheese: one cheese a line, "3: r:mouse b:cat ..." from the cheese outward.
    - cheese-drop: JSON {"lanes": [...6 strings of Y/R/M/C], "bets": [{"lanes": [...],
      "events": [...]}, ...], "simple": false}.

    Example: cheese score cheese-chasers layout.txt --json
    """
    slug = game
    text = read_text_file(file, "the table to score (a text file)")
    sheet = score_sheet(slug, text, str(file))
    if as_json:
        print(json.dumps(sheet.as_json()))
    else:
        print(sheet.as_text())


app.command()(bench)
app.command()(bots)
app.add_typer(
    bot_app,
    name="bot",
    help=(
        "External bots: check one against the protocol, or serve a cheese bot over it.\n\n"
        "Example: cheese bot check --games 5 python3 examples/bots/random_bot.py"
    ),
)
app.command()(duel)
app.command()(tune)
app.command()(ladder)
app.command()(ratings)
app.add_typer(
    tournament_app,
    name="tournament",
    help=(
        "Run tournaments into a results database and read their tables and reports.\n\n"
        "Example: cheese tournament run mcts greedy random --deals 10, then "
        "cheese tournament table cheese-results.db"
    ),
)
app.command()(play)
app.command()(replay)
app.command()(analyze)
app.command()(saved)
app.add_typer(levels_app, name="levels")
app.command()(me)


def main(argv: list[str] | None = None) -> int:
    """Run the command line and return its exit code (the console script exits with it).

    User errors become one line on stderr and exit code 2, never a traceback.
    """
    arguments = sys.argv[1:] if argv is None else list(argv)
    if not arguments:
        arguments = ["--help"]
    try:
        tree = readable_help(typer.main.get_command(app))
        result = tree.main(args=arguments, prog_name="cheese", standalone_mode=False)
    except click_exceptions.ClickException as error:
        context = getattr(error, "ctx", None)
        command = context.command_path if context is not None else "cheese"
        return report_bad_input(f"{error.format_message()} (see: {command} --help)")
    except (UserInputError, EngineError, StoreError) as error:
        # A results database met anywhere (a table, a report, a replay) that cannot be
        # read is the input's fault: StoreFull, the one that is not, is handled by the run.
        return report_bad_input(str(error))
    except (typer.Abort, KeyboardInterrupt):
        print("cheese: interrupted", file=sys.stderr)
        return 130
    return result if isinstance(result, int) else 0


__all__ = ["EXIT_BAD_INPUT", "app", "main"]
