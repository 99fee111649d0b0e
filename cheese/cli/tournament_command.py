"""``cheese tournament``: run a resumable tournament into SQLite; its table, report, games."""

from __future__ import annotations

import json
import logging
import shlex
import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn, TypeVar

import typer
from rich.console import Console

from cheese.bots.base import BotSpecError
from cheese.cli.errors import EXIT_FAILURE, EXIT_INTERRUPTED, UserInputError
from cheese.cli.ratings_view import (
    AnchorOption,
    CsvOption,
    JsonOption,
    LosOption,
    check_format,
    parse_anchor,
    print_ratings,
    show_ratings,
)
from cheese.cli.workers import worker_count
from cheese.engine import BACKEND, GAME_SLUGS
from cheese.parallel import PoolError
from cheese.tournaments.config import ConfigError, read_config
from cheese.tournaments.progress import TournamentProgress
from cheese.tournaments.standings import forfeits, tournament_ratings
from cheese.tournaments.store import (
    DEFAULT_DB,
    ResultsStore,
    StoredTournament,
    StoreError,
    StoreFull,
    find_tournament,
    games,
    open_readonly,
    tournaments,
)
from cheese.tournaments.tournament import (
    DEFAULT_DEALS,
    DEFAULT_GAME,
    Player,
    RunSummary,
    StopRequest,
    TournamentSettings,
    default_name,
    local_player,
    plan_tournament,
    run_tournament,
    stop_on_interrupt,
)

EXIT_STOPPED = EXIT_INTERRUPTED
LOG_FORMAT = "%(asctime)s %(processName)s %(levelname)s %(name)s: %(message)s"

tournament_app = typer.Typer(
    help="Run tournaments into a results database and read their tables and reports.",
    no_args_is_help=True,
    # As the main app: Markdown joins a paragraph's lines, so hard-wrapped docstrings
    # reflow to the terminal instead of breaking mid-sentence.
    rich_markup_mode="markdown",
    context_settings={"help_option_names": ["-h", "--help"]},
)

DbArgument = Annotated[Path, typer.Argument(metavar="DB", help="The results database.")]
NameOption = Annotated[
    str | None,
    typer.Option(help="The tournament (needed when the database holds several)."),
]


def run(
    specs: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="SPEC...", help="Bot specs, e.g. mcts greedy mcts:time=0.5,c=0.7."
        ),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option("--game", "-g", help="The game: " + ", ".join(GAME_SLUGS) + "."),
    ] = None,
    players: Annotated[
        int | None, typer.Option(help="Seats per table (default: the game's).")
    ] = None,
    deals: Annotated[
        int | None,
        typer.Option(help=f"Deals per table, each in every rotation (default {DEFAULT_DEALS})."),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="Seed of the deals and the bots.")] = None,
    workers: Annotated[
        int | None, typer.Option(help="Worker processes (default: one per core).")
    ] = None,
    db: Annotated[
        Path | None, typer.Option(help=f"The results database (default {DEFAULT_DB}).")
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(help="The tournament's name (default: the game and a digest of it)."),
    ] = None,
    gauntlet: Annotated[
        bool, typer.Option("--gauntlet", help="The first bot sits at every table.")
    ] = False,
    move_time: Annotated[
        float | None,
        typer.Option(
            "--move-time", metavar="SECONDS", help="A decision taking longer forfeits the game."
        ),
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(metavar="ADDRESS", help="Play on a Dask cluster, tcp://HOST:PORT."),
    ] = None,
    config: Annotated[
        Path | None,
        typer.Option(metavar="FILE.toml", help="Settings from a TOML file; flags override."),
    ] = None,
    log: Annotated[
        Path | None, typer.Option(metavar="FILE", help="Write the run's and workers' logs here.")
    ] = None,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Log every finished game on stderr.")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress bar and no standings.")
    ] = False,
) -> None:
    """Play a round robin of the bots, storing every game; re-run the same command to resume.

    Every table plays each deal in every seat rotation with the same luck. Progress goes
    to stderr; Ctrl-C stops after the games in flight and prints the command that resumes.
    At the end the table is printed.

    Example: cheese tournament run mcts greedy expectimax random --deals 10
    """
    settings_file = _config(config)
    bots = tuple(specs or _strings(settings_file.get("bots")))
    if len(bots) < 2:
        raise UserInputError(
            "give at least 2 bot specs, e.g. cheese tournament run mcts greedy "
            "(or bots = [...] in --config)"
        )
    chosen_game = game or _text(settings_file.get("game")) or DEFAULT_GAME
    if chosen_game not in GAME_SLUGS:
        raise UserInputError(
            f"unknown game {chosen_game!r}; choose one of: {', '.join(GAME_SLUGS)}"
        )
    chosen_workers = worker_count(_whole(workers, settings_file, "workers"))
    settings = TournamentSettings(
        specs=bots,
        game=chosen_game,
        players=_whole(players, settings_file, "players"),
        deals=_or(_whole(deals, settings_file, "deals"), DEFAULT_DEALS),
        seed=_or(_whole(seed, settings_file, "seed"), 0),
        gauntlet=gauntlet or settings_file.get("gauntlet") is True,
        move_time=_seconds(move_time, settings_file.get("move_time")),
        backend=BACKEND,
    )
    try:
        plan = plan_tournament(settings)
    except (BotSpecError, ValueError) as error:
        raise UserInputError(str(error)) from None
    database = db or Path(_text(settings_file.get("db")) or DEFAULT_DB)
    chosen_name = (
        name or _text(settings_file.get("name")) or default_name(settings, plan.num_players)
    )
    address = cluster or _text(settings_file.get("cluster"))
    log_text = _text(settings_file.get("log"))
    player = _player(address, chosen_workers)
    stop = StopRequest()
    progress = TournamentProgress(quiet=quiet)
    resume = resume_command(settings, plan.num_players, database, chosen_name)
    try:
        with (
            _logging_to(log or (None if log_text is None else Path(log_text)), verbose),
            ResultsStore(database) as store,
            stop_on_interrupt(stop),
        ):
            summary = run_tournament(
                plan, settings, store, chosen_name, player, observer=progress, stop=stop
            )
    except StoreFull as error:
        progress.close()
        _fail(f"{error}; free some space, then resume with: {resume}")
    except StoreError as error:
        raise UserInputError(str(error)) from None
    except PoolError as error:
        progress.close()
        _fail(f"{error}; resume with: {resume}")
    finally:
        progress.close()
    _finish(summary, database, chosen_name, resume)


def _fail(message: str) -> NoReturn:
    """The run cannot go on through no fault of the input: one line, exit 1."""
    print(f"cheese: error: {' '.join(message.split())}", file=sys.stderr)
    raise typer.Exit(EXIT_FAILURE)


def _finish(summary: RunSummary, db: Path, name: str, resume: str) -> None:
    taken = (
        f" ({_games(summary.taken)} more played, but another run stored them first)"
        if summary.taken
        else ""
    )
    print(
        f"{_games(summary.played)} played and stored now{taken}; {summary.stored} of "
        f"{summary.total} stored in {db} as {name!r}",
        file=sys.stderr,
    )
    connection = _open(db)
    try:
        stored = _find(connection, name)
        try:
            ratings = tournament_ratings(connection, stored)
        except ValueError:  # nothing to rate yet: fewer than two bots have played
            pass
        else:
            print_ratings(ratings, Console())
        _print_forfeits(connection, stored)
    finally:
        connection.close()
    if summary.stopped:
        how = (
            "stopped at once; the games in flight were dropped"
            if summary.interrupted
            else "stopped after the games in flight"
        )
        print(f"{how}; resume with:\n  {resume}", file=sys.stderr)
        raise typer.Exit(EXIT_STOPPED)
    if summary.unplayed:
        print(
            f"{_games(len(summary.unplayed))} could not be played through no bot's fault "
            f"and {'was' if len(summary.unplayed) == 1 else 'were'} not stored (first: "
            f"{summary.unplayed[0]}); see --log, and resume with:\n  {resume}",
            file=sys.stderr,
        )
        raise typer.Exit(EXIT_FAILURE)


def _games(count: int) -> str:
    return f"{count} game{'' if count == 1 else 's'}"



def resume_command(settings: TournamentSettings, players: int, db: Path, name: str) -> str:
    """The command that plays the rest of this tournament."""
    words = ["cheese", "tournament", "run", *settings.specs, "--game", settings.game,
             "--players", str(players), "--deals", str(settings.deals),
             "--seed", str(settings.seed), "--db", str(db), "--name", name]
    if settings.gauntlet:
        words.append("--gauntlet")
    if settings.move_time is not None:
        words += ["--move-time", f"{settings.move_time:g}"]
    return shlex.join(words)


def _print_forfeits(connection: sqlite3.Connection, stored: StoredTournament) -> None:
    found = forfeits(connection, stored)
    for bot, kinds in sorted(found.by_bot.items()):
        why = ", ".join(f"{kind} {count}" for kind, count in kinds.items())
        print(f"forfeits: {bot}: {sum(kinds.values())} ({why})")


def _player(address: str | None, workers: int) -> Player:
    if address is None:
        return local_player(workers)
    from cheese.tournaments.cluster import ClusterUnavailable, cluster_player

    try:
        return cluster_player(address)
    except ClusterUnavailable as error:
        raise UserInputError(str(error)) from None


@contextmanager
def _logging_to(path: Path | None, verbose: bool) -> Iterator[None]:
    """While inside, log records go to ``path`` (INFO, or DEBUG with ``verbose``) and,
    with ``verbose``, INFO records to stderr as well."""
    root = logging.getLogger()
    formatter = logging.Formatter(LOG_FORMAT)
    added: list[logging.Handler] = []
    if path is not None:
        try:
            handler: logging.Handler = logging.FileHandler(path, encoding="utf-8")
        except OSError as error:
            raise UserInputError(f"--log {path}: cannot be written ({error.strerror})") from None
        handler.setLevel(logging.DEBUG if verbose else logging.INFO)
        added.append(handler)
    if verbose:
        stream = logging.StreamHandler(sys.stderr)
        stream.setLevel(logging.INFO)
        added.append(stream)
    level = root.level
    for handler in added:
        handler.setFormatter(formatter)
        root.addHandler(handler)
    if added:
        root.setLevel(logging.DEBUG if verbose else logging.INFO)
    try:
        yield
    finally:
        root.setLevel(level)
        for handler in added:
            root.removeHandler(handler)
            handler.close()


def _config(path: Path | None) -> dict[str, object]:
    if path is None:
        return {}
    try:
        return read_config(path)
    except ConfigError as error:
        raise UserInputError(str(error)) from None


def _strings(value: object) -> list[str]:
    return [str(item) for item in value] if isinstance(value, list) else []


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _whole(given: int | None, settings: dict[str, object], key: str) -> int | None:
    """The flag if given, else the config's value (checked to be an int there)."""
    if given is not None:
        return given
    value = settings.get(key)
    return value if isinstance(value, int) else None


def _or(value: int | None, default: int) -> int:
    return default if value is None else value


def _seconds(given: float | None, configured: object) -> float | None:
    if given is not None:
        return given
    return float(configured) if isinstance(configured, int | float) else None


def table(
    db: DbArgument,
    name: NameOption = None,
    as_json: JsonOption = False,
    as_csv: CsvOption = False,
    anchor: AnchorOption = None,
    los: LosOption = False,
) -> None:
    """Print the Elo table of a tournament (it may still be running).

    One joint Bradley-Terry fit of every game's pairwise results, with 95% intervals by a
    seeded bootstrap over deals.

    Example: cheese tournament table night.db --anchor random=0 --los
    """
    check_format(as_json, as_csv)
    pinned = parse_anchor(anchor)
    ratings = _read_played(
        db, name, lambda connection, stored: tournament_ratings(connection, stored, pinned)
    )
    show_ratings(ratings, as_json, as_csv, los)


def report(
    db: DbArgument,
    out: Annotated[Path, typer.Option(metavar="FILE.html", help="Where to write the page.")],
    name: NameOption = None,
) -> None:
    """Write a self-contained HTML report: table, ratings, head-to-head, points, forfeits.

    Example: cheese tournament report night.db --out report.html
    """
    from cheese.tournaments.html_report import ReportUnavailable, report_page

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


def _read_played(
    db: Path,
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
    db: DbArgument,
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> None:
    """List the tournaments of a database with their settings, progress and game ids.

    Example: cheese tournament list night.db
    """
    connection = _open(db)
    try:
        found = tournaments(connection)
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
        kind = "gauntlet" if settings.get("gauntlet") else "round robin"
        print(
            f"{stored.name}: {settings.get('game')}, {settings.get('players')} players, "
            f"{kind}, {settings.get('deals')} deals per table, seed {settings.get('seed')}"
        )
        print(f"  bots: {', '.join(_strings(settings.get('bots')))}")
        move_time = settings.get("move_time")
        if move_time is not None:
            print(f"  move time: {move_time} s")
        kinds = ", ".join(f"{kind.words} {count}" for kind, count in stored.faults.items())
        print(
            f"  {stored.games_done} of {stored.total_games} games played, "
            f"{stored.forfeits} forfeits{f' ({kinds})' if kinds else ''}; game ids {ids}; "
            f"started {stored.created} UTC (cheese {stored.version})"
        )


def games_command(
    db: DbArgument,
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


def _open(db: Path) -> sqlite3.Connection:
    try:
        return open_readonly(db)
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
