"""``cheese tournament run``: play a resumable tournament into a results database.

Every setting is declared once (``cheese.tournaments.config.SETTINGS``): the flags' help
and metavars, the TOML keys, the defaults and the command that resumes a run come from
that declaration; flags given win over the ``--config`` file.
"""

from __future__ import annotations

import shlex
import sqlite3
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console

from cheese.bots.base import BotSpecError
from cheese.bots.faults import fault_counts
from cheese.cli.duel_command import time_control_of
from cheese.cli.errors import EXIT_FAILURE, UserInputError, stopped_by, stopped_exit_code
from cheese.cli.logs import logging_to, point_to_the_log
from cheese.cli.parameters import game_slug, seed_value
from cheese.cli.players import player_of
from cheese.cli.ratings_view import print_ratings
from cheese.cli.workers import worker_count
from cheese.engine import BACKEND
from cheese.parallel import PoolError
from cheese.referee.seats import parse_seats
from cheese.store import (
    ResultsStore,
    StoredTournament,
    StoreError,
    StoreFull,
    find_tournament,
    open_readonly,
)
from cheese.tournaments.config import BY_NAME, ConfigError, chosen, read_config, resume_words
from cheese.tournaments.progress import TournamentProgress
from cheese.tournaments.standings import forfeits, tournament_ratings
from cheese.tournaments.tournament import (
    RunSummary,
    StopRequest,
    TournamentSettings,
    plan_tournament,
    run_tournament,
    stop_on_interrupt,
    tournament_name,
)
from cheese.words import counted


def _option(name: str, *short: str, **typed: Any) -> Any:
    """The typer option of setting ``name``, its flag, help and metavar from the
    declaration; ``typed`` adds a parser where the value has one."""
    setting = BY_NAME[name]
    return typer.Option(
        setting.flag, *short, help=setting.help, metavar=setting.metavar, **typed
    )


def run(
    specs: Annotated[
        list[str] | None,
        typer.Argument(
            metavar="SPEC...", help="Bot specs, e.g. mcts greedy mcts:time=0.5,c=0.7."
        ),
    ] = None,
    game: Annotated[str | None, _option("game", "-g", parser=game_slug)] = None,
    players: Annotated[int | None, _option("players")] = None,
    deals: Annotated[int | None, _option("deals")] = None,
    seed: Annotated[int | None, _option("seed", parser=seed_value)] = None,
    workers: Annotated[int | None, _option("workers")] = None,
    pin_cores: Annotated[bool, _option("pin_cores")] = False,
    db: Annotated[Path | None, _option("db")] = None,
    name: Annotated[str | None, _option("name")] = None,
    gauntlet: Annotated[bool, _option("gauntlet")] = False,
    move_time: Annotated[float | None, _option("move_time")] = None,
    tc: Annotated[str | None, _option("tc")] = None,
    tc_margin: Annotated[float | None, _option("tc_margin")] = None,
    bots_file: Annotated[Path | None, _option("bots_file")] = None,
    cluster: Annotated[str | None, _option("cluster")] = None,
    config: Annotated[
        Path | None,
        typer.Option(metavar="FILE.toml", help="Settings from a TOML file; flags override."),
    ] = None,
    log: Annotated[Path | None, _option("log")] = None,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Log every finished game on stderr.")
    ] = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress bar and no standings.")
    ] = False,
) -> None:
    """Play a round robin of the bots, storing every game; re-run the same command to resume.

    Every table plays each deal in every seat rotation with the same luck. Progress goes
    to stderr; Ctrl-C (or SIGTERM, SIGHUP) stops after the games in flight and prints the
    command that resumes, exit 130 (143, 129); a second one stops at once. At the end the
    table is printed.

    Example: cheese tournament run mcts greedy expectimax random --deals 10
    """
    flags: dict[str, object] = {
        "bots": specs, "game": game, "players": players, "deals": deals, "seed": seed,
        "workers": workers, "pin_cores": pin_cores, "db": None if db is None else str(db),
        "name": name, "gauntlet": gauntlet, "move_time": move_time, "tc": tc,
        "tc_margin": tc_margin, "bots_file": None if bots_file is None else str(bots_file),
        "cluster": cluster, "log": None if log is None else str(log),
    }
    values = chosen(flags, _config(config))
    bots = tuple(str(spec) for spec in _list(values["bots"]))
    if len(bots) < 2:
        raise UserInputError(
            "give at least 2 bot specs, e.g. cheese tournament run mcts greedy "
            "(or bots = [...] in --config)"
        )
    chosen_workers = worker_count(_whole(values["workers"]))
    file_of_bots = _text(values["bots_file"])
    try:
        time_control = time_control_of(_clock_text(values["tc"]), _seconds(values["tc_margin"]))
        seats = parse_seats(bots, None if file_of_bots is None else Path(file_of_bots))
    except (BotSpecError, ValueError) as error:
        raise UserInputError(str(error)) from None
    settings = TournamentSettings(
        specs=tuple(seat.text for seat in seats),
        game=game_slug(str(values["game"])),
        players=_whole(values["players"]),
        deals=_whole(values["deals"]) or 0,
        seed=_whole(values["seed"]) or 0,
        gauntlet=values["gauntlet"] is True,
        move_time=_seconds(values["move_time"]),
        backend=BACKEND,
        time_control=time_control,
    )
    try:
        plan = plan_tournament(settings, seats=seats)
    except (BotSpecError, ValueError) as error:
        raise UserInputError(str(error)) from None
    values["bots"] = list(bots)
    values["players"] = plan.num_players
    database = Path(str(values["db"]))
    player = player_of(_text(values["cluster"]), chosen_workers, values["pin_cores"] is True)
    stop = StopRequest()
    progress = TournamentProgress(quiet=quiet)
    log_path = _text(values["log"])
    resume = resume_command(values)
    try:
        with (
            logging_to(None if log_path is None else Path(log_path), verbose),
            ResultsStore(database) as store,
            stop_on_interrupt(stop),
        ):
            values["name"] = values["name"] or tournament_name(store, settings, plan.num_players)
            chosen_name = str(values["name"])
            resume = resume_command(values)
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
    _finish(summary, database, chosen_name, resume, stop, logged=log_path is not None)


def resume_command(values: Mapping[str, object]) -> str:
    """The command that plays the rest of the tournament whose settings are ``values``.

    >>> resume_command({"bots": ["mcts", "greedy"], "game": "cheese-drop", "players": 2,
    ...                 "deals": 3, "seed": 0, "db": "a b.db", "gauntlet": False})[22:]
    "mcts greedy --game cheese-drop --players 2 --deals 3 --seed 0 --db 'a b.db'"
    """
    return shlex.join(["cheese", "tournament", "run", *resume_words(values)])


def _fail(message: str) -> NoReturn:
    """The run cannot go on through no fault of the input: one line, exit 1."""
    print(f"cheese: error: {' '.join(message.split())}", file=sys.stderr)
    raise typer.Exit(EXIT_FAILURE)


def _finish(
    summary: RunSummary, db: Path, name: str, resume: str, stop: StopRequest, logged: bool
) -> None:
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
    connection = open_readonly(db)
    try:
        stored = find_tournament(connection, name)
        try:
            ratings = tournament_ratings(connection, stored)
        except ValueError:  # nothing to rate yet: fewer than two bots have played
            pass
        else:
            print_ratings(ratings, Console())
        _print_forfeits(connection, stored, logged)
    finally:
        connection.close()
    if summary.stopped:
        how = (
            "stopped at once; the games in flight were dropped"
            if summary.interrupted
            else "stopped after the games in flight"
        )
        print(f"{stopped_by(stop.signal)}: {how}; resume with:\n  {resume}", file=sys.stderr)
        raise typer.Exit(stopped_exit_code(stop.signal))
    if summary.unplayed:
        print(
            f"{_games(len(summary.unplayed))} could not be played through no bot's fault "
            f"and {'was' if len(summary.unplayed) == 1 else 'were'} not stored (first: "
            f"{summary.unplayed[0]}); see --log, and resume with:\n  {resume}",
            file=sys.stderr,
        )
        raise typer.Exit(EXIT_FAILURE)


def _games(count: int) -> str:
    return counted(count, "game")


def _print_forfeits(
    connection: sqlite3.Connection, stored: StoredTournament, logged: bool
) -> None:
    found = forfeits(connection, stored)
    for bot, kinds in sorted(found.by_bot.items()):
        print(f"forfeits: {bot}: {_games(sum(kinds.values()))} ({fault_counts(kinds.items())})")
        print(f"  the first: {found.first_errors[bot]}")
    point_to_the_log(found.by_bot, logged)




def _config(path: Path | None) -> dict[str, object]:
    if path is None:
        return {}
    try:
        return read_config(path)
    except ConfigError as error:
        raise UserInputError(str(error)) from None


def _list(value: object) -> list[object]:
    return list(value) if isinstance(value, list | tuple) else []


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _clock_text(value: object) -> str | None:
    """``--tc`` as text; a config's bare number of seconds (``tc = 60``) is sudden death."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return f"{value:g}"
    return _text(value)


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _seconds(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    return float(value)
