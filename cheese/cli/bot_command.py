"""``cheese bot``: external bots — check one against the protocol, or serve a cheese bot."""

from __future__ import annotations

import statistics
import sys
from typing import Annotated

import typer

from cheese.bots.base import BotSpecError
from cheese.cli.errors import EXIT_FAILURE, UserInputError
from cheese.engine import GAME_SLUGS, OptionError
from cheese.engine.games import game_slug
from cheese.referee.external.bots_file import ExternalCommand
from cheese.referee.external.check import check_bot
from cheese.referee.external.serve import ServeError, serve
from cheese.referee.external.spec import check_startable
from cheese.tournaments.tournament import MOST_MOVE_SECONDS as MOST_SECONDS

bot_app = typer.Typer(
    name="bot",
    help="External bots: check one against the protocol, or serve a cheese bot over it.",
    no_args_is_help=True,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _game(text: str) -> str:
    try:
        return game_slug(text)
    except OptionError as error:
        raise UserInputError(f"--game: {error}") from None


@bot_app.command(context_settings={"allow_interspersed_args": False})
def check(
    command: Annotated[
        list[str], typer.Argument(help="The bot's command and its arguments.", show_default=False)
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
    games: Annotated[
        int, typer.Option("--games", min=1, max=100, help="Games per game played against random.")
    ] = 3,
    move_time: Annotated[
        float,
        typer.Option(
            "--move-time", min=0.001, max=MOST_SECONDS, help="Seconds a reply may take."
        ),
    ] = 5.0,
    startup_time: Annotated[
        float,
        typer.Option(
            "--startup-time", min=0.001, max=MOST_SECONDS, help="Seconds to answer hello."
        ),
    ] = 10.0,
) -> int:
    """Play a bot against random in each game it accepts and list every protocol problem.

    Options go before the command; the command's own options after it (or after --).
    Exit code 0 when the bot is compliant, 1 when it is not.

    Example: cheese bot check --games 5 python3 examples/bots/random_bot.py
    """
    try:
        check_startable(ExternalCommand(label=" ".join(command), argv=tuple(command)))
    except BotSpecError as error:
        raise UserInputError(str(error)) from None
    report = check_bot(command, game or None, games, move_time, startup_time)
    for slug, reason in report.declined.items():
        print(f"{slug}: declined ({reason})")
    for slug, count in report.played.items():
        print(f"{slug}: {count} of {games} games played to the end")
    if report.replies:
        median_ms = 1000 * statistics.median(report.replies)
        most_ms = 1000 * max(report.replies)
        print(f"replies: {len(report.replies)}, median {median_ms:.3f} ms, max {most_ms:.3f} ms")
    for problem in report.problems:
        print(problem.line)
    if not report.played and not report.problems:
        print("no game was played: the bot declined every game it was offered")
    print("compliant" if report.compliant else "not compliant")
    return 0 if report.compliant else EXIT_FAILURE


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
