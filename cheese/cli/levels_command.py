"""``cheese levels``: the play levels' tables, and ``cheese levels calibrate`` measuring one."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from cheese.cli.errors import UserInputError, stopped_by, stopped_exit_code
from cheese.cli.parameters import GameArgument, seed_value
from cheese.cli.workers import WorkersOption, worker_count
from cheese.engine import GAME_SLUGS
from cheese.levels import LevelError, level_table, table_sizes
from cheese.levels.calibration import (
    DEFAULT_DB,
    CalibrationRequest,
    calibration_settings,
    measure,
    run_calibration,
)
from cheese.levels.table import table_path
from cheese.levels.text import table_text
from cheese.referee.pool import local_player
from cheese.store import StoreError
from cheese.text_files import UnwritablePath, check_writable
from cheese.tournaments.progress import TournamentProgress
from cheese.tournaments.tournament import StopRequest, stop_on_interrupt

EXIT_STOPPED = 1

levels_app = typer.Typer(
    invoke_without_command=True,
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)

JsonOption = Annotated[bool, typer.Option("--json", help="Print the table(s) as JSON.")]
PlayersOption = Annotated[
    int | None,
    typer.Option(
        help="The table size whose levels to show (default: the game's; the output lists "
        "the sizes with levels).",
        show_default=False,
    ),
]


@levels_app.callback()
def levels(ctx: typer.Context, as_json: JsonOption = False) -> None:
    """The play levels of each game at its default table size, weakest first, with their
    measured strength; one game's at a table size: `cheese levels GAME --players N`.

    Each level is a bot spec with a name by its place in the table (the weakest
    beginner, the strongest master); against bots its Elo and 95% interval lie on the
    levels' scale of that table size (its candidates' mean at 1500), in Cheese Chasers
    its completion rate (the hints' bot playing alone). The command that measured each
    table is printed under it.

    Example: cheese levels get-the-cheese --players 3 --json
    """
    if ctx.invoked_subcommand is None:
        _show(GAME_SLUGS, None, as_json)


def _show(games: tuple[str, ...] | list[str], players: int | None, as_json: bool) -> None:
    try:
        tables = [level_table(game, players) for game in games]
    except LevelError as error:
        raise UserInputError(f"--players {players}: {error}" if players else str(error)) from None
    if as_json:
        found = [
            {**table.as_json(), "sizes": list(table_sizes(table.game)), "names": table.names}
            for table in tables
        ]
        print(json.dumps(found[0] if len(found) == 1 else found, indent=2))
        return
    print("\n\n".join(table_text(table) for table in tables))


def _game_command(slug: str) -> None:
    def show_game(players: PlayersOption = None, as_json: JsonOption = False) -> None:
        _show([slug], players, as_json)

    show_game.__doc__ = (
        f"Show the levels of {slug} at one table size.\n\n"
        f"Example: cheese levels {slug} --players {max(table_sizes(slug))} --json"
    )
    levels_app.command(slug)(show_game)


for _slug in GAME_SLUGS:
    _game_command(_slug)


@levels_app.command()
def calibrate(
    game: GameArgument,
    players: Annotated[
        int | None,
        typer.Option(help="Seats per table (default: the game's).", show_default=False),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(
            help="Games to play, rounded up to whole deals (default: the game's).",
            show_default=False,
        ),
    ] = None,
    workers: WorkersOption = None,
    db: Annotated[
        Path | None,
        typer.Option(help=f"The results database (default {DEFAULT_DB}).", show_default=False),
    ] = None,
    seed: Annotated[
        int, typer.Option(help="Seed of the deals and the bots.", parser=seed_value)
    ] = 0,
    table: Annotated[
        Path | None,
        typer.Option(
            help="Write the table here instead of the package's own file.", show_default=False
        ),
    ] = None,
) -> None:
    """Measure GAME's levels: every candidate in one tournament, rated on one scale.

    Plays the candidates of that table size (--players, default the game's) in a round
    robin (Cheese Chasers: every candidate alone on the same seeded deals) into the
    results database, keeps from the strongest down each candidate whose 95% interval is
    wholly below the last kept one's, and writes the table (`cheese/levels/GAME-N.json`,
    N the seats). Ctrl-C (or SIGTERM, SIGHUP) stops after the games in flight, exit 130
    (143, 129); the same command resumes.

    Example: cheese levels calibrate cheese-drop --players 3 --games 240 --workers 2
    """
    request = CalibrationRequest(game, games, seed, db, workers, players)
    chosen = worker_count(workers)
    try:
        calibration_settings(request)
    except (LevelError, ValueError) as error:
        raise UserInputError(str(error)) from None
    target = table_path(game, request.ladder.players) if table is None else table
    try:
        # Before the games: hours of play must not end in a table that cannot be written.
        check_writable(target, "--table" if table else "the table", make_folder=False)
    except UnwritablePath as error:
        raise UserInputError(
            f"{error} (no game played; give --table PATH to write the table elsewhere)"
        ) from None
    stop = StopRequest()
    progress = TournamentProgress()
    try:
        with stop_on_interrupt(stop):
            summary = run_calibration(request, local_player(chosen), observer=progress, stop=stop)
    except StoreError as error:
        raise UserInputError(str(error)) from None
    finally:
        progress.close()
    if not summary.complete:
        why = f"{stopped_by(stop.signal)}: " if stop.requested else ""
        print(
            f"cheese: {why}{summary.stored} of {summary.total} games stored in "
            f"{request.database}; resume with: {request.command()}",
            file=sys.stderr,
        )
        raise typer.Exit(stopped_exit_code(stop.signal) if stop.requested else EXIT_STOPPED)
    try:
        found = measure(request)
    except LevelError as error:
        raise UserInputError(str(error)) from None
    try:
        target.write_text(found.to_json(), encoding="utf-8")
    except OSError as error:
        raise UserInputError(
            f"{target}: cannot be written ({error.strerror or error}); the games are stored "
            f"in {request.database}: give --table PATH to write the table elsewhere"
        ) from None
    print(table_text(found))
    print(f"written to {target}", file=sys.stderr)
