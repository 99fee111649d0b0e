"""``cheese bot``: external bots — check one against the protocol, serve a cheese bot,
print a game's view schema, or the flags that build a C bot against the rules' library."""

from __future__ import annotations

import dataclasses
import shlex
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from cheese.bots.base import BotSpecError
from cheese.bots.registry import bot_catalogue
from cheese.cli.duel_command import time_control_of
from cheese.cli.errors import EXIT_FAILURE, UserInputError
from cheese.cli.logs import LOG_HELP, logging_to
from cheese.cli.parameters import GameArgument, seed_value
from cheese.cli.play.record_file import load_record
from cheese.engine import GAME_SLUGS, OptionError, RecordError, State
from cheese.engine.games import describe, game_slug
from cheese.engine.native.bot_library import bot_cflags, bot_libs, library_path
from cheese.engine.records import replay_states
from cheese.referee.external.bots_file import (
    DEFAULT_MOVE_SECONDS,
    DEFAULT_STARTUP_SECONDS,
    ExternalCommand,
    read_bots_file,
)
from cheese.referee.external.check import (
    DEFAULT_GAMES_EACH,
    CheckPlan,
    ask_position,
    check_bot,
)
from cheese.referee.external.serve import ServeError, serve
from cheese.referee.external.spec import (
    INLINE_PREFIX,
    ExternalSpec,
    check_startable,
    external_spec,
    file_bot_spec,
)
from cheese.tournaments.config import BOTS_HELP, TC_HELP
from cheese.tournaments.tournament import MOST_MOVE_SECONDS as MOST_SECONDS
from cheese.words import counted

bot_app = typer.Typer(
    name="bot",
    help=(
        "External bots: check one against the protocol, serve a cheese bot over it, print "
        "a game's view schema, or the flags that build a bot against the rules' C library."
    ),
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _game(text: str) -> str:
    try:
        return game_slug(text)
    except OptionError as error:
        raise UserInputError(f"--game: {error}") from None


def command_of(words: Sequence[str], bots_file: Path | None) -> ExternalCommand:
    """The external bot that ``words`` names as every command names bots (``cmd:COMMAND``,
    ``NAME`` of ``--bots FILE``, ``NAME@FILE``), or a bare command and its arguments;
    ``BotSpecError`` if it cannot be started."""
    if len(words) == 1:
        named = _external_named(words[0], bots_file)
        if named is not None:
            return named.command
    command = ExternalCommand(label=INLINE_PREFIX + shlex.join(words), argv=tuple(words))
    try:
        check_startable(command)
    except BotSpecError:
        name = words[0].partition(":")[0]
        if len(words) == 1 and any(entry.name == name for entry in bot_catalogue()):
            raise BotSpecError(
                f"{words[0]!r} is a bot of cheese, not an external bot; check it over the "
                f"protocol with: cheese bot check 'cmd:cheese bot serve {words[0]}'"
            ) from None
        raise
    return command


def _external_named(text: str, bots_file: Path | None) -> ExternalSpec | None:
    """The external bot ``text`` names as a spec (a name of ``bots_file`` first), or
    ``None`` when it names none (a bare command, say)."""
    if bots_file is not None:
        found = read_bots_file(bots_file)
        if text in found.names:
            return file_bot_spec(found, text)
    return external_spec(text)


def _position(text: str) -> tuple[State, str]:
    """The position ``RECORD:MOVE`` names (the state before the MOVE-th decision of the
    game record file RECORD, counted from 0) and its words for the report."""
    record_path, separator, move_text = text.rpartition(":")
    if not separator or not record_path or not move_text.isdigit():
        raise UserInputError(
            f"--position {text!r}: write RECORD:MOVE, a game record file and a move number "
            "from 0, e.g. game.json:12"
        )
    record = load_record(Path(record_path))
    try:
        states = replay_states(record)
    except RecordError as error:
        raise UserInputError(f"--position {record_path}: {error}") from None
    decisions = [s for s in states if not s.is_chance_node() and not s.is_terminal()]
    move = int(move_text)
    if move >= len(decisions):
        raise UserInputError(
            f"--position {text!r}: the record holds {len(decisions)} decisions; give a move "
            f"from 0 to {len(decisions) - 1}"
            if decisions
            else f"--position {text!r}: the record holds no decision to ask about"
        )
    state = decisions[move]
    players = state.num_players
    words = (
        f"{record_path} move {move}: {state.game.info.slug}, {counted(players, 'player')}, "
        f"seat {state.current_player} to act"
    )
    return state, words


def _print_tail(lines: Sequence[str]) -> None:
    if lines:
        print(f"  the bot's last {counted(len(lines), 'line')} on stderr:")
        for line in lines:
            print(f"  | {line}")


@bot_app.command(context_settings={"allow_interspersed_args": False})
def check(
    bot: Annotated[
        list[str],
        typer.Argument(
            metavar="BOT...",
            help="The bot: cmd:COMMAND, NAME with --bots FILE, NAME@FILE, or a command and "
            "its arguments.",
            show_default=False,
        ),
    ],
    game: Annotated[
        list[str] | None,
        typer.Option(
            "--game",
            "-g",
            parser=_game,
            help=f"A game to check ({', '.join(GAME_SLUGS)}); repeat for more (default: all).",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(help="Seats at each table (default: each game's own count).", min=1),
    ] = None,
    games: Annotated[
        int,
        typer.Option("--games", min=1, max=100, help="Games per game played against random."),
    ] = DEFAULT_GAMES_EACH,
    seed: Annotated[
        int, typer.Option(help="Seed of the first deal (the next ones follow).", parser=seed_value)
    ] = 0,
    move_time: Annotated[
        float | None,
        typer.Option(
            "--move-time",
            min=0.001,
            max=MOST_SECONDS,
            metavar="SECONDS",
            help=f"Seconds a reply may take (default: the bot's move_seconds, "
            f"{DEFAULT_MOVE_SECONDS:g} s).",
        ),
    ] = None,
    startup_time: Annotated[
        float | None,
        typer.Option(
            "--startup-time",
            min=0.001,
            max=MOST_SECONDS,
            metavar="SECONDS",
            help=f"Seconds to answer hello (default: the bot's startup_seconds, "
            f"{DEFAULT_STARTUP_SECONDS:g} s).",
        ),
    ] = None,
    tc: Annotated[str | None, typer.Option("--tc", metavar="BASE+INC", help=TC_HELP)] = None,
    bots: Annotated[Path | None, typer.Option("--bots", metavar="FILE", help=BOTS_HELP)] = None,
    position: Annotated[
        str | None,
        typer.Option(
            metavar="RECORD:MOVE",
            help="Ask the bot about one position instead: the MOVE-th decision (from 0) of "
            "the game record file RECORD; shows its answer and whether it is legal.",
        ),
    ] = None,
    log: Annotated[Path | None, typer.Option("--log", metavar="FILE", help=LOG_HELP)] = None,
) -> int:
    """Play a bot against random in each game it accepts and list every protocol problem.

    Options go before the bot; a bare command's own options after it (or after --).
    Exit code 0 when the bot is compliant, 1 when it is not.

    Example: cheese bot check --games 5 python3 examples/bots/random_bot.py
    """
    try:
        command = command_of(bot, bots)
        clock = time_control_of(tc, None)
    except (BotSpecError, ValueError) as error:
        raise UserInputError(str(error)) from None
    command = dataclasses.replace(
        command,
        move_seconds=command.move_seconds if move_time is None else move_time,
        startup_seconds=command.startup_seconds if startup_time is None else startup_time,
    )
    plan = CheckPlan(
        games=tuple(game or GAME_SLUGS), players=players, games_each=games, seed=seed,
        time_control=clock,
    )
    if position is not None:
        state, words = _position(position)
        if players is not None and players != state.num_players:
            raise UserInputError(
                f"--players {players}: the position's game has {state.num_players}; "
                "leave --players out with --position"
            )
        with logging_to(log):
            return _ask(command, state, words, plan)
    for slug in plan.games:
        try:
            plan.players_of(slug)
        except OptionError as error:
            raise UserInputError(
                f"--players {players}: {error}; choose games with --game"
            ) from None
    limit = (
        f"on a {clock.text} s clock" if clock is not None
        else f"a reply within {command.move_seconds:g} s"
    )
    with logging_to(log):
        print(
            f"checking {command.label} against random: {counted(games, 'game')} of each "
            f"game, seed {plan.seed}, {limit}, hello answered within "
            f"{command.startup_seconds:g} s"
        )
        report = check_bot(command, plan)
    for slug in plan.games:
        table = f"{slug}, {counted(plan.players_of(slug), 'player')}"
        if slug in report.declined:
            print(f"{table}: declined ({report.declined[slug]})")
        else:
            print(f"{table}: {report.played.get(slug, 0)} of {games} games played to the end")
    if report.replies:
        median_ms = 1000 * statistics.median(report.replies)
        most_ms = 1000 * max(report.replies)
        print(f"replies: {len(report.replies)}, median {median_ms:.3f} ms, max {most_ms:.3f} ms")
    for problem in report.problems:
        print(problem.line)
        _print_tail(problem.stderr)
    if not report.played and not report.problems:
        print("no game was played: the bot declined every game it was offered")
    print("compliant" if report.compliant else "not compliant")
    return 0 if report.compliant else EXIT_FAILURE


def _ask(command: ExternalCommand, state: State, words: str, plan: CheckPlan) -> int:
    answer = ask_position(command, state, plan.seed, plan.time_control)
    print(f"asking {command.label} about {words} ({counted(answer.legal_actions, 'legal action')})")
    if answer.problem is not None:
        print(f"answer: {answer.problem}")
        _print_tail(answer.stderr)
        return EXIT_FAILURE
    took = "" if answer.reply_seconds is None else f" in {1000 * answer.reply_seconds:.3f} ms"
    print(f"answer: action {answer.action} ({answer.notation}){took}: legal")
    return 0


@bot_app.command(name="serve")
def serve_command(
    spec: Annotated[str, typer.Argument(help="The cheese bot to serve, e.g. mcts:iterations=300.")],
) -> int:
    """Play a cheese bot over the line protocol on standard input and output.

    Example: cheese duel "cmd:cheese bot serve mcts:iterations=300" greedy
    """
    try:
        return serve(spec, sys.stdin.buffer, sys.stdout.buffer)
    except BotSpecError as error:
        raise UserInputError(str(error)) from None
    except (ServeError, ValueError, KeyError) as error:
        print(f"cheese bot serve: {type(error).__name__}: {error}", file=sys.stderr)
        return EXIT_FAILURE


@bot_app.command(name="schema")
def schema_command(game: GameArgument) -> int:
    """Print the JSON Schema of GAME's view, the "view" of each act message.

    Example: cheese bot schema cheese-drop > cheese-drop.view.schema.json
    """
    sys.stdout.write(describe(game).view_schema_text())
    return 0


@bot_app.command(name="sdk")
def sdk_command(
    cflags: Annotated[
        bool, typer.Option("--cflags", help="Print the compiler flags (the header's folder).")
    ] = False,
    libs: Annotated[
        bool,
        typer.Option("--libs", help="Print the linker flags (libcheese_bot and its run path)."),
    ] = False,
) -> int:
    """Print the flags that build a bot against the rules' C library, as pkg-config does.

    Example: cc my_bot.c $(cheese bot sdk --cflags --libs) -o my_bot
    """
    if not (cflags or libs):
        raise UserInputError("cheese bot sdk: say --cflags, --libs or both")
    if not library_path().is_file():
        raise UserInputError(
            f"{library_path()} is not built: reinstall cheese (pip install .), or run "
            "python cheese/native_build.py in a checkout"
        )
    sys.stdout.write(" ".join(([bot_cflags()] if cflags else []) + ([bot_libs()] if libs else [])))
    sys.stdout.write("\n")
    return 0
