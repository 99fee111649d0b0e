"""``cheese play`` and ``cheese replay``: parse, set the game up, hand over to the session."""

from __future__ import annotations

import random
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from cheese.bots.base import Bot, BotSpecError
from cheese.bots.registry import make_bot
from cheese.cli.errors import UserInputError
from cheese.cli.parameters import GameArgument, seed_value
from cheese.cli.play.options_text import parse_game_options
from cheese.cli.play.record_file import default_record_path
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.replay import DATABASE_PREFIX, Replay, load_replay, renderer_of
from cheese.cli.play.session import Players, PlaySession, Terminal
from cheese.cli.play.terminal import line_reader, make_console
from cheese.engine import RecordError, game_info, load_game
from cheese.tournaments.store import DEFAULT_DB

BOT_PAUSE_SECONDS = 0.7
"""How long each bot move and each step of a resolution stays before the next one."""
SEED_RANGE = 1_000_000
"""A new game's seed is drawn below this, short enough to read out and type again."""


def _bot(spec: str) -> Bot:
    try:
        return make_bot(spec)
    except BotSpecError as error:
        raise UserInputError(str(error)) from None


def seat_specs(vs: list[str], bot_seats: list[int], default: str) -> dict[int, str]:
    """The spec of each bot seat: one ``--vs`` fills them all, several fill them in seat
    order with the last repeated.

    >>> seat_specs(["mcts", "greedy"], [0, 2, 3], "mcts")
    {0: 'mcts', 2: 'greedy', 3: 'greedy'}
    """
    specs = vs or [default]
    if len(specs) > max(1, len(bot_seats)):
        raise UserInputError(
            f"--vs is given {len(specs)} times but there are only {len(bot_seats)} bot "
            "seats; give at most one --vs per bot seat"
        )
    return {seat: specs[min(index, len(specs) - 1)] for index, seat in enumerate(bot_seats)}


def play(
    game: GameArgument,
    vs: Annotated[
        list[str] | None,
        typer.Option(
            "--vs",
            help="Bot spec of the other seats; repeat it to fill them in seat order (the "
            "last repeats). Cheese Chasers is solitaire: there it names the hint bot. "
            "Default: the game's strongest quick bot.",
        ),
    ] = None,
    seat: Annotated[int, typer.Option(help="Your seat (0 acts first).")] = 0,
    players: Annotated[
        int | None, typer.Option(help="Seats at the table (default: the game's default).")
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(help="Deal seed (default: a new one, shown on screen).", parser=seed_value),
    ] = None,
    options: Annotated[
        str, typer.Option(metavar="K=V,…", help="Game options, e.g. simple=true.")
    ] = "",
    fast: Annotated[bool, typer.Option(help="Show bot moves without pausing.")] = False,
    record: Annotated[
        Path | None,
        typer.Option(help="Where to save the game record (default: your data directory)."),
    ] = None,
) -> int:
    """Play GAME against bots in the terminal.

    Every prompt numbers its choices; a move may also be typed in the game's
    notation. Type help, hint, undo or quit at any prompt. The record is saved
    after every move (Ctrl-D and Ctrl-C save it too): see cheese replay.

    Example: cheese play get-the-cheese --vs mcts --vs greedy --seat 1
    """
    renderer = RENDERERS[game]
    num_players = game_info(game).check_players(players)
    if not 0 <= seat < num_players:
        raise UserInputError(
            f"--seat {seat} is not a seat of a {num_players}-player game; give 0 to "
            f"{num_players - 1}"
        )
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    state = load_game(game).new_initial_state(
        num_players=num_players, seed=seed, **parse_game_options(options)
    )
    if record is not None and (not record.name or record.is_dir()):
        raise UserInputError(
            f"--record {str(record)!r} is a directory; give the path of a file, e.g. "
            "--record game.json"
        )
    if record is not None and record.exists():
        # The record is written before the first move: an old game there would be lost.
        raise UserInputError(
            f"--record {str(record)!r} already exists; give the path of a new file (a "
            "game never overwrites a file)"
        )
    bot_seats = [other for other in range(num_players) if other != seat]
    specs = seat_specs(vs or [], bot_seats, renderer.default_opponent)
    bots = {other: _bot(spec) for other, spec in specs.items()}
    # Solitaire: --vs names the hint bot; otherwise hints come from the strongest bot.
    hint_spec = renderer.default_opponent if bot_seats or not vs else vs[0]
    console = make_console()
    session = PlaySession(
        renderer=renderer,
        players=Players(seat, bots, _bot(hint_spec)),
        terminal=Terminal(console, line_reader(console), 0.0 if fast else BOT_PAUSE_SECONDS),
        record_path=record or default_record_path(game, seed, datetime.now()),
        state=state,
    )
    try:
        session.save()
    except OSError as error:
        raise UserInputError(
            f"cannot write the game record to {session.record_path} ({error.strerror}); "
            "give a writable path with --record"
        ) from None
    who = (
        Text(f"you play seat {seat}, shown as ") + renderer.player_label(session.table(), seat)
        if bot_seats
        else Text("solitaire")
    )
    console.print(
        Text(f"{renderer.title}, seed {seed}: ")
        + who
        + ". Type help at any prompt for the commands and how to write moves."
    )
    return session.run()


def replay(
    source: Annotated[
        str,
        typer.Argument(
            metavar="RECORD.json | DB:GAME_ID",
            help="A game record file (from cheese play), or a game of a results database.",
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(help="Show the game as this seat saw it (default: everything revealed)."),
    ] = None,
    db: Annotated[
        Path,
        typer.Option(help="The results database of a DB:GAME_ID (cheese tournament run --db)."),
    ] = Path(DEFAULT_DB),
) -> int:
    """Step forward and back through a recorded game.

    Enter or n shows the next move, b the one before, a number jumps to that
    move, e to the end, q quits.

    Example: cheese replay get-the-cheese-20260101-120000-seed7.json --seat 0

    Example: cheese replay DB:17 --db night.db
    """
    console = make_console()
    try:
        record = load_replay(source, db)
        # Replaying verifies the record, so a bad one is refused before --seat is judged.
        shown = Replay(renderer_of(record), record, seat, console, line_reader(console))
    except RecordError as error:
        where = f"{source} in {db}" if source.startswith(DATABASE_PREFIX) else source
        raise RecordError(f"{where}: {error}") from None
    if seat is not None and not 0 <= seat < len(record.players):
        raise UserInputError(
            f"--seat {seat} is not a seat of this {len(record.players)}-player game; give 0 "
            f"to {len(record.players) - 1}, or leave it out to see everything"
        )
    return shown.run()

