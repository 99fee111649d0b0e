"""``cheese tournament``: its commands, and those that read a results database — the
table, the report, the list of tournaments and of games (``run`` is ``tournament_run``)."""

from __future__ import annotations

import json
import re
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TypeVar

import typer

from cheese.bots.faults import fault_counts
from cheese.cli.errors import UserInputError
from cheese.cli.ratings_view import (
    AnchorOption,
    CsvOption,
    JsonOption,
    LosOption,
    check_format,
    parse_anchor,
    ratings_json,
    show_ratings,
)
from cheese.cli.tournament_run import run
from cheese.referee.latency import Latency, latencies_text
from cheese.store import (
    DEFAULT_DB,
    StoredTournament,
    StoreError,
    find_tournament,
    games,
    open_readonly,
    tournaments,
)
from cheese.tournaments.standings import bot_latencies, luck_and_skill, tournament_ratings
from cheese.words import counted

tournament_app = typer.Typer(
    help="Run tournaments into a results database and read their tables and reports.",
    no_args_is_help=True,
    # As the main app: Markdown joins a paragraph's lines, so hard-wrapped docstrings
    # reflow to the terminal instead of breaking mid-sentence.
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)

DbArgument = Annotated[
    Path | None,
    typer.Argument(
        metavar="DB",
        help=f"The results database (default {DEFAULT_DB}, where cheese tournament run "
        "writes by default).",
        show_default=False,
    ),
]
NO_DEFAULT_DB = (
    f"there is no results database {DEFAULT_DB} in this folder; cheese tournament run BOT "
    "BOT … writes one (e.g. cheese tournament run mcts greedy), or give a database's path"
)
REPORT_SUFFIX = "-report.html"
"""The report's default file name, in the current folder: the database's name and this."""
NameOption = Annotated[
    str | None,
    typer.Option(help="The tournament (needed when the database holds several)."),
]


def table(
    db: DbArgument = None,
    name: NameOption = None,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
    anchor: AnchorOption = None,
    los: LosOption = False,
) -> None:
    """Print the Elo table of a tournament (it may still be running).

    One joint Bradley-Terry fit of every game's pairwise results, with 95% intervals by a
    seeded bootstrap over deals; then how much of the results' variance the deals (luck),
    the seats and the bots explain.

    Example: cheese tournament table night.db --anchor random=0 --los
    """
    check_format(as_json, as_csv)
    pinned = parse_anchor(anchor)
    ratings, shares = _read_played(
        db,
        name,
        lambda connection, stored: (
            tournament_ratings(connection, stored, pinned),
            None if as_csv else luck_and_skill(connection, stored),
        ),
    )
    show_ratings(ratings, as_json, as_csv, los, pinned, shares)


def report(
    db: DbArgument = None,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE.html",
            help="Where to write the page (default: the database's name with "
            f"{REPORT_SUFFIX} in the current folder, e.g. night{REPORT_SUFFIX}).",
            show_default=False,
        ),
    ] = None,
    name: NameOption = None,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json", help="Print the report's numbers as JSON instead of writing the page."
        ),
    ] = False,
) -> None:
    """Write a self-contained HTML report: table, ratings, head-to-head, points, forfeits,
    luck and skill.

    Example: cheese tournament report night.db --out report.html
    """
    from cheese.tournaments.html_report import ReportUnavailable, report_page

    if as_json:
        if out is not None:
            raise UserInputError("--json prints the report's numbers: drop --out, or --json")
        print(json.dumps(_read_played(db, name, _report_json), allow_nan=False))
        return
    if out is None:
        out = default_report_path(_database(db), name)
    try:
        page = _read_played(db, name, report_page)
    except ReportUnavailable as error:
        raise UserInputError(str(error)) from None
    try:
        out.write_text(page, encoding="utf-8")
    except OSError as error:
        raise UserInputError(f"--out {out}: cannot be written ({error.strerror})") from None
    print(f"wrote {out}", file=sys.stderr)


Read = TypeVar("Read")


def _report_json(connection: sqlite3.Connection, stored: StoredTournament) -> dict[str, object]:
    """The report's numbers: the ratings with LOS, and the luck and skill shares."""
    shares = luck_and_skill(connection, stored)
    return {
        "tournament": stored.name,
        "games": stored.games_done,
        **ratings_json(tournament_ratings(connection, stored), with_los=True),
        "variance": None if shares is None else shares.as_json(),
    }


def default_report_path(db: Path, name: str | None) -> Path:
    """The report's file when ``--out`` is not given: in the current folder, named for the
    database (and the tournament, when ``--name`` picks one of several).

    >>> default_report_path(Path("runs/night.db"), None), default_report_path(Path("a.db"), "cup 2")
    (PosixPath('night-report.html'), PosixPath('a-cup-2-report.html'))
    """
    stem = db.stem if name is None else f"{db.stem}-{name}"
    return Path(re.sub(r"[^A-Za-z0-9._-]+", "-", stem).strip("-.") + REPORT_SUFFIX)


def _read_played(
    db: Path | None,
    name: str | None,
    read: Callable[[sqlite3.Connection, StoredTournament], Read],
) -> Read:
    """``read`` of the tournament ``name`` of ``db``, which must have a finished game."""
    connection = _open(db)
    try:
        stored = _find(connection, name)
        if not stored.games_done:
            raise UserInputError(f"tournament {stored.name!r} has no finished game yet")
        try:
            return read(connection, stored)
        except ValueError as error:
            raise UserInputError(str(error)) from None
    finally:
        connection.close()


def list_tournaments(
    db: DbArgument = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List the tournaments of a database with their settings, progress and game ids.

    Example: cheese tournament list night.db
    """
    connection = _open(db)
    try:
        found = tournaments(connection)
        replies = {stored.id: bot_latencies(connection, stored) for stored in found}
    except StoreError as error:
        raise UserInputError(str(error)) from None
    finally:
        connection.close()
    if as_json:
        print(json.dumps([
            {
                "name": stored.name,
                "settings": stored.settings,
                "games": stored.games_done,
                "total_games": stored.total_games,
                "forfeits": stored.forfeits,
                "faults": {kind.value: count for kind, count in stored.faults.items()},
                "game_ids": [stored.first_game_id, stored.last_game_id],
                "latency": _latency_json(replies[stored.id]),
                "created": stored.created,
                "version": stored.version,
            }
            for stored in found
        ]))
        return
    if not found:
        print("no tournament yet")
    for stored in found:
        settings = stored.settings
        ids = "none yet" if stored.first_game_id is None else (
            f"{stored.first_game_id} to {stored.last_game_id}"
        )
        kind = (
            "duel"
            if settings.get("duel")
            else "gauntlet"
            if settings.get("gauntlet")
            else "round robin"
        )
        print(
            f"{stored.name}: {settings.get('game')}, {settings.get('players')} players, "
            f"{kind}, {_deals(settings.get('deals'))} per table, seed {settings.get('seed')}"
        )
        bots = settings.get("bots")
        print(f"  bots: {', '.join(map(str, bots)) if isinstance(bots, list) else ''}")
        move_time = settings.get("move_time")
        if move_time is not None:
            print(f"  move time: {move_time} s")
        clock = settings.get("tc")
        if clock is not None:
            print(f"  clock: {clock} s a seat, margin {settings.get('tc_margin')} s")
        if replies[stored.id]:
            print(f"  replies: {latencies_text(replies[stored.id])}")
        kinds = fault_counts(stored.faults.items())
        print(
            f"  {stored.games_done} of {stored.total_games} games played, "
            f"{stored.forfeits} forfeits{f' ({kinds})' if kinds else ''}; game ids {ids}; "
            f"started {stored.created} UTC (cheese {stored.version})"
        )


def _latency_json(found: dict[str, Latency]) -> dict[str, object]:
    return {bot: measured.as_json() for bot, measured in found.items()}


def _deals(value: object) -> str:
    return counted(value, "deal") if isinstance(value, int) else f"{value} deals"


def games_command(
    db: DbArgument = None,
    name: NameOption = None,
    bot: Annotated[str | None, typer.Option(help="Only games this bot played.")] = None,
    errors: Annotated[
        bool, typer.Option("--errors", help="Only forfeited games.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object a line.")] = False,
) -> None:
    """List a tournament's stored games with their ids, places and any error.

    Example: cheese tournament games night.db --bot mcts --errors
    """
    connection = _open(db)
    try:
        stored = _find(connection, name)
        for game in games(connection, stored.id):
            if bot is not None and bot not in game.seats:
                continue
            if errors and game.error is None:
                continue
            if as_json:
                print(json.dumps({
                    "id": game.id, "deal": game.deal, "rotation": game.rotation,
                    "seats": list(game.seats), "scores": game.scores, "ranking": game.ranking,
                    "seconds": game.seconds, "error": game.error,
                    "fault": None if game.fault is None else game.fault.value,
                    "replies": None if game.replies is None else [
                        list(times) for times in game.replies
                    ],
                }))
            else:
                places = " ".join(map(str, game.ranking))
                line = f"{game.id}\tdeal {game.deal} rotation {game.rotation}\t" \
                    f"{', '.join(game.seats)}\tplaces {places}"
                print(line + (f"\t{game.error}" if game.error else ""))
    except StoreError as error:
        raise UserInputError(str(error)) from None
    finally:
        connection.close()


def _database(db: Path | None) -> Path:
    """The database given, or the one ``cheese tournament run`` writes by default."""
    return Path(DEFAULT_DB) if db is None else db


def _open(db: Path | None) -> sqlite3.Connection:
    """A read-only connection to ``db`` (default: the run's default database)."""
    if db is None and not Path(DEFAULT_DB).is_file():
        raise UserInputError(NO_DEFAULT_DB)
    try:
        return open_readonly(_database(db))
    except StoreError as error:
        raise UserInputError(str(error)) from None


def _find(connection: sqlite3.Connection, name: str | None) -> StoredTournament:
    try:
        return find_tournament(connection, name)
    except StoreError as error:
        raise UserInputError(str(error)) from None


tournament_app.command("run")(run)
tournament_app.command("table")(table)
tournament_app.command("report")(report)
tournament_app.command("list")(list_tournaments)
tournament_app.command("games")(games_command)
