"""``cheese play``, ``cheese saved`` and ``cheese replay``: parse, set the game up (or
find the saved one), hand over to the session or the replay."""

from __future__ import annotations

import json
import os
import random
import shlex
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Annotated

import typer
from rich.text import Text

from cheese.analysis import AnalysisFile, load_analysis
from cheese.bots.base import Bot, BotSpecError
from cheese.cli.commands_named import ALLOW_COMMANDS, ALLOW_COMMANDS_HELP, refuse_unnamed_commands
from cheese.cli.errors import UserInputError
from cheese.cli.parameters import game_slug, seed_value
from cheese.cli.play.options_text import parse_game_options
from cheese.cli.play.record_file import (
    claim_default_record_path,
    claim_file,
    load_saved,
    records_directory,
)
from cheese.cli.play.renderer import Renderer
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.replay import DATABASE_PREFIX, Replay, load_replay, renderer_of
from cheese.cli.play.replay_page import check_page_path, page_inputs, write_page
from cheese.cli.play.saved_games import find_saved, latest, listing_lines, saved_games
from cheese.cli.play.screens import level_words
from cheese.cli.play.seats import (
    LevelChoice,
    check_bots_seated,
    level_bot_name,
    level_choice,
    people_count,
    people_seats,
    seat_specs,
    table_size,
)
from cheese.cli.play.session import HUMAN, Players, PlaySession, Terminal, seat_label
from cheese.cli.play.terminal import line_reader, make_console
from cheese.cli.play.where_saved import record_name
from cheese.engine import OptionError, RecordError, game_info, load_game
from cheese.engine.json_text import quoted
from cheese.engine.records import GameRecord
from cheese.levels import LevelError, auto_level, level_spec, resolve_level
from cheese.levels.names import WORDS
from cheese.levels.people import check_person, default_person_name, store_person_game
from cheese.referee.seats import make_seat_bot
from cheese.store import DEFAULT_DB
from cheese.text_files import UnwritablePath, check_writable
from cheese.words import counted

__all__ = ["play", "replay", "saved", "seat_specs"]

BOT_PAUSE_SECONDS = 0.7
"""How long each bot move and each step of a resolution stays before the next one."""
SEED_RANGE = 1_000_000
"""A new game's seed is drawn below this, short enough to read out and type again."""


def _bot(spec: str) -> Bot:
    try:
        return make_seat_bot(spec)
    except BotSpecError as error:
        raise UserInputError(str(error)) from None


def _level_spec(game: str, level: int, players: int) -> str:
    try:
        return level_spec(game, level, players)
    except LevelError as error:
        raise UserInputError(f"--level {level}: {error}") from None


def _level_number(game: str, choice: LevelChoice, person: str | None, players: int) -> int:
    """The level chosen, in the table of the game's actual size."""
    try:
        if choice.name is not None:
            return resolve_level(game, choice.name, players)
        if choice.number is not None:
            return choice.number
        return auto_level(game, person or default_person_name(), players=players)
    except LevelError as error:
        given = choice.name or choice.number or "auto"
        raise UserInputError(f"--level {given}: {error}") from None


def _person(name: str | None) -> str:
    try:
        return check_person(default_person_name() if name is None else name)
    except ValueError as error:
        raise UserInputError(f"--name: {error}") from None


def _rating_hook(person: str, seats: tuple[int, ...]) -> Callable[[GameRecord], str | None]:
    """What the session calls with a finished game's record: add it to the rating."""

    def store(record: GameRecord) -> str | None:
        try:
            store_person_game(record, person, seats)
        except Exception as error:  # a rating's failure must never cost the finished game
            return f"cheese: warning: the game was not added to {person}'s rating ({error})"
        return None

    return store


def play(
    game: Annotated[
        str | None,
        typer.Argument(
            metavar="GAME | RECORD",
            help="The game to play; with --continue, the saved game (its id from cheese "
            "saved, or its file; default: the latest unfinished one).",
            show_default=False,
        ),
    ] = None,
    continue_game: Annotated[
        bool,
        typer.Option(
            "--continue", help="Go on with a saved game where it stopped (see cheese saved)."
        ),
    ] = False,
    vs: Annotated[
        list[str] | None,
        typer.Option(
            "--vs",
            metavar="SPEC",
            help="Bot spec of the other seats; repeat it to fill them in seat order (the "
            "last repeats). Cheese Chasers is solitaire: there it names the hint bot. "
            "Default: the game's strongest quick bot.",
        ),
    ] = None,
    level: Annotated[
        str | None,
        typer.Option(
            metavar="N|NAME|auto",
            help="Opponents of this level of the table's size: a number (1 is the weakest) "
            f"or a name ({', '.join(WORDS)}, as the table has them: cheese levels GAME "
            "--players N lists them), or auto: the level nearest your rating; in Cheese "
            "Chasers, played alone, the level's bot gives the hints. Not with --vs.",
        ),
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(help="Your name for your rating (default: your login name)."),
    ] = None,
    seat: Annotated[
        list[int] | None,
        typer.Option(
            help="Your seat, P1 acting first (default 1); repeat it for several people "
            "at one table."
        ),
    ] = None,
    humans: Annotated[
        int | None,
        typer.Option(
            metavar="N",
            help="People at this table, taking seats 1 to N unless --seat names them; they "
            "pass the keyboard between turns.",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option(
            help="Seats at the table (default: the game's default, grown when it leaves no "
            "seat for the bots --vs or --level names)."
        ),
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
    allow_commands: Annotated[
        bool, typer.Option(ALLOW_COMMANDS, help=ALLOW_COMMANDS_HELP)
    ] = False,
) -> int:
    """Play GAME against bots in the terminal, or go on with a saved game.

    Every prompt numbers its choices; a move may also be typed in the game's
    notation. Type help, rules, hint, undo or quit at any prompt. The record is
    saved after every move (Ctrl-D and Ctrl-C save it too): cheese saved lists
    the games, cheese play --continue goes on with one, cheese replay shows it.

    Example: cheese play get-the-cheese --level club --seat 2

    Example: cheese play cheese-drop --humans 2 --vs greedy

    Example: cheese play --continue
    """
    console = make_console()
    terminal = Terminal(console, line_reader(console), 0.0 if fast else BOT_PAUSE_SECONDS)
    if continue_game:
        given = {
            "--vs": bool(vs),
            "--level": level is not None,
            "--seat": bool(seat),
            "--humans": humans is not None,
            "--players": players is not None,
            "--seed": seed is not None,
            "--options": bool(options),
            "--record": record is not None,
            "--name": name is not None,
        }
        refused = [flag for flag, is_given in given.items() if is_given]
        if refused:
            raise UserInputError(
                f"--continue sits the table down as it was saved, so {refused[0]} cannot be "
                f"given with it; leave {refused[0]} out"
            )
        session = _continued(game, terminal, allow_commands)
    else:
        if game is None:
            raise UserInputError(
                "give the game to play, e.g. cheese play get-the-cheese, or --continue to "
                "go on with a saved game"
            )
        session = _new_game(
            game_slug(game),
            vs or [],
            level_choice(level, vs or []),
            name,
            seat or [],
            humans,
            players,
            seed,
            options,
            record,
            terminal,
        )
    try:
        session.save()
    except OSError as error:
        raise UserInputError(
            f"cannot write the game record to {session.record_path} ({error.strerror}); "
            "give a writable path with --record"
        ) from None
    console.print(_greeting(session, continued=continue_game))
    return session.run()


def _new_game(
    slug: str,
    vs: list[str],
    level: LevelChoice | None,
    name: str | None,
    seats: list[int],
    humans: int | None,
    players: int | None,
    seed: int | None,
    options: str,
    record: Path | None,
    terminal: Terminal,
) -> PlaySession:
    renderer = RENDERERS[slug]
    info = game_info(slug)
    # The option that names the bots, and how many it names (a level names one kind).
    naming = f"--vs {vs[0]}" if vs else None if level is None else f"--level {level.typed}"
    named_bots = len(vs) if vs else int(level is not None)
    wanted = table_size(
        players, info.default_players, info.max_players, people_count(seats, humans), named_bots
    )
    try:
        num_players = info.check_players(wanted)
    except OptionError as error:
        raise UserInputError(f"--players {players}: {error}") from None
    people = people_seats(seats, humans, num_players)
    check_bots_seated(naming, people, num_players)
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    state = load_game(slug).new_initial_state(
        num_players=num_players, seed=seed, **parse_game_options(options)
    )
    if record is not None and (not record.name or record.is_dir()):
        raise UserInputError(
            f"--record {str(record)!r} is a directory; give the path of a file, e.g. "
            "--record game.json"
        )
    if record is not None and os.path.lexists(record):
        # The record is written before the first move: an old game there would be lost.
        raise UserInputError(
            f"--record {str(record)!r} already exists; give the path of a new file (a "
            "game never overwrites a file)"
        )
    if record is not None:
        try:
            check_writable(record, "--record", make_folder=True)
        except UnwritablePath as error:
            raise UserInputError(f"cannot write the game record: {error}") from None
    bot_seats = [other for other in range(num_players) if other not in people]
    rated = len(people) == 1
    person = _person(name) if rated else None
    chosen_level: int | None = None
    level_bot: str | None = None
    if level is not None:
        chosen_level = _level_number(slug, level, person, num_players)
        level_bot = _level_spec(slug, chosen_level, num_players)
        specs = dict.fromkeys(bot_seats, level_bot)
    else:
        specs = seat_specs(vs, bot_seats, renderer.default_opponent)
    bots = {other: _bot(spec) for other, spec in specs.items()}
    hint_spec = _hint_spec(bool(bot_seats), level_bot, vs, renderer.default_opponent)
    bot_name = level_bot_name(slug, chosen_level, num_players, list(specs.values()))
    table = Players(
        people, bots, _bot(hint_spec), chosen_level, person, bot_name,
        _level_text(slug, num_players, chosen_level),
    )
    return PlaySession(
        renderer=renderer,
        players=table,
        terminal=terminal,
        record_path=_claimed(record, slug, seed),
        state=state,
        after_game=_after_game(table),
    )


def _hint_spec(opponents: bool, level_bot: str | None, vs: list[str], default: str) -> str:
    """The bot that gives hints: alone at the table (Cheese Chasers) the level's bot or
    the one ``--vs`` names, as docs/playing.md promises; else the game's strongest quick bot.

    >>> _hint_spec(False, "greedy:temperature=0.03", [], "expectimax")
    'greedy:temperature=0.03'
    >>> _hint_spec(False, None, ["mcts"], "expectimax"), _hint_spec(True, "greedy", [], "mcts")
    ('mcts', 'mcts')
    """
    if opponents:
        return default
    if level_bot is not None:
        return level_bot
    return vs[0] if vs else default


def _claimed(record: Path | None, slug: str, seed: int) -> Path:
    """The new game's record file, created empty now so that no other game, started at
    the same moment, can take the same name."""
    try:
        if record is None:
            return claim_default_record_path(slug, seed, datetime.now())
        claimed = claim_file(record)
    except OSError as error:
        where = records_directory() if record is None else record
        raise UserInputError(
            f"cannot write the game record in {where} ({error.strerror}); give a writable "
            "path with --record"
        ) from None
    if not claimed:
        raise UserInputError(
            f"--record {str(record)!r} already exists; give the path of a new file (a "
            "game never overwrites a file)"
        )
    return record


def _after_game(table: Players) -> Callable[[GameRecord], str | None] | None:
    if table.person is None:
        return None
    return _rating_hook(table.person, table.humans)


def _continued(source: str | None, terminal: Terminal, allow_commands: bool) -> PlaySession:
    path = latest(unfinished=True).path if source is None else find_saved(source)
    saved = load_saved(path)
    record = saved.record
    try:
        renderer = renderer_of(record)
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None
    facts = saved.facts
    people = (
        facts.humans
        if facts is not None
        else tuple(seat for seat, player in enumerate(record.players) if player == HUMAN)
    )
    if not people:
        raise UserInputError(f"{path}: nobody plays at this table, so there is nothing to continue")
    hint_spec = facts.hint if facts is not None and facts.hint else renderer.default_opponent
    bot_specs = {seat: spec for seat, spec in enumerate(record.players) if seat not in people}
    # The record may be a file someone sent: its external bots run only when allowed.
    refuse_unnamed_commands([*bot_specs.values(), hint_spec], str(path), allowed=allow_commands)
    bots = {seat: _bot(spec) for seat, spec in bot_specs.items()}
    level = facts.level if facts is not None else None
    person = facts.person if facts is not None else None
    bot_name = level_bot_name(record.game, level, len(record.players), list(bot_specs.values()))
    table = Players(
        people, bots, _bot(hint_spec), level, person, bot_name,
        _level_text(record.game, len(record.players), level),
    )
    try:
        session = PlaySession.resumed(
            renderer, table, terminal, path, record, _after_game(table), saved.choices
        )
    except RecordError as error:
        raise RecordError(f"{path}: {error}") from None
    if session.state.is_terminal():
        # A saved game goes by its short id; only a --record file elsewhere by its path.
        name = record_name(path) or str(path)
        raise UserInputError(
            f"game {name} is finished, so it cannot be continued; cheese replay {name} "
            f"shows it, cheese play {record.game} starts a new one"
        )
    return session


def _level_text(game: str, players: int, level: int | None) -> str | None:
    """How the screens name the ``level`` played (``level_words``), None without one."""
    return None if level is None else level_words(game, players, level)


def _greeting(session: PlaySession, continued: bool) -> Text:
    renderer: Renderer = session.renderer
    table = session.players
    state = session.state
    start = (
        f"Continuing {renderer.title}, seed {state.seed}, "
        f"after {counted(session.facts().moves, 'move')}: "
        if continued
        else f"{renderer.title}, seed {state.seed}: "
    )
    if not table.bots and not table.hot_seat:
        who = Text("solitaire")
        if table.level_text is not None:
            who += Text(f", hints of {table.level_text}")
    elif table.hot_seat:
        bots = ", ".join(f"{seat_label(seat)} {bot.spec}" for seat, bot in table.bots.items())
        who = Text(
            f"{len(table.humans)} people at one table, in seats "
            + ", ".join(seat_label(seat) for seat in table.humans)
            + (f"; bots: {bots}" if bots else "")
        )
    else:
        seat = table.humans[0]
        who = Text(f"you play {seat_label(seat)}, shown as ") + renderer.player_label(
            session.table(seat), seat
        )
        if table.level_text is not None:
            # The screens call the bots by the level's name (all are its bot): named once, here.
            spec = next(iter(table.bots.values())).spec
            shown = f", played by {spec}" if table.bot_name is not None else ""
            who += Text(f", against {table.level_text}{shown}")
    return Text(start) + who + ". Type help at any prompt for the commands and how to write moves."


def saved(
    as_json: Annotated[bool, typer.Option("--json", help="Print the list as JSON.")] = False,
) -> int:
    """List the saved games, newest first: the id, when, the game, finished with its
    scores or where it stopped, and who played.

    The id goes wherever a record is asked for: cheese play --continue ID, cheese
    replay ID.

    Example: cheese saved --json
    """
    games = saved_games()
    if as_json:
        print(json.dumps([game.to_json() for game in games], indent=2))
        return 0
    console = make_console()
    if not games:
        console.print("No saved games yet: cheese play GAME starts one.")
        return 0
    for line in listing_lines(games, min(console.width, 80)):
        console.print(line, overflow="ignore", crop=False, soft_wrap=True)
    return 0


def _saved_analysis(source: str) -> AnalysisFile | None:
    """The analysis saved beside a record file, if any: a damaged one is as none (the
    replay does not need it, and ``cheese analyze`` writes it again)."""
    if source.startswith(DATABASE_PREFIX):
        return None
    try:
        return load_analysis(Path(source))
    except RecordError:
        return None


def replay_source(source: str | None, last: bool, verb: str, finished: bool = False) -> str:
    """The record a ``cheese replay``-like command names: a record file's path (a saved
    game's id or ``--last`` found, the latest finished one if ``finished``), or
    ``DB:GAME_ID`` as given."""
    if last and source is not None:
        raise UserInputError("give a record or --last, not both")
    if last:
        return str(latest(unfinished=False, finished=finished).path)
    if source is None:
        raise UserInputError(
            f"give the game to {verb}: a record file, an id from cheese saved, DB:GAME_ID, "
            "or --last"
        )
    if source.startswith(DATABASE_PREFIX):
        return source
    _refuse_a_database_path_as_prefix(source, verb)
    return str(find_saved(source))


def _refuse_a_database_path_as_prefix(source: str, verb: str) -> None:
    """``night.db:17`` for ``DB:17 --db night.db``: said how to write it, since the file
    before the colon is there and a record of that name is not."""
    path, _, game_id = source.rpartition(":")
    if game_id.isdecimal() and path and Path(path).is_file() and not Path(source).exists():
        command = "replay" if verb == "replay" else "analyze"
        raise UserInputError(
            f"{quoted(source)}: a game of a results database is named DB: and its id, with "
            f"the database as --db: cheese {command} DB:{game_id} --db {shlex.quote(path)}"
        )


RecordSourceArgument = Annotated[
    str | None,
    typer.Argument(
        metavar="RECORD | ID | DB:GAME_ID",
        help="A game record file (from cheese play), a saved game's id (cheese saved), "
        "or a game of a results database.",
        show_default=False,
    ),
]
"""The game a ``cheese replay``-like command reads (``replay_source`` finds it)."""
RecordDatabaseOption = Annotated[
    Path,
    typer.Option(help="The results database of a DB:GAME_ID (cheese tournament run --db)."),
]
"""Where a ``DB:GAME_ID`` is read."""


def replay(
    source: RecordSourceArgument = None,
    last: Annotated[
        bool, typer.Option("--last", help="The latest saved game (finished or not).")
    ] = False,
    seat: Annotated[
        int | None,
        typer.Option(
            help="Show the game as this seat saw it, P1 being 1 (default: everything revealed)."
        ),
    ] = None,
    db: RecordDatabaseOption = Path(DEFAULT_DB),
    html: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Write the replay as one web page to open in a browser, offline, instead "
            "(--seat: the view it opens on).",
        ),
    ] = None,
    analysis: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="The analysis the page marks the moves with (default: RECORD's "
            ".analysis.json beside it, from cheese analyze, if there is one).",
        ),
    ] = None,
) -> int:
    """Step forward and back through a recorded game.

    Enter or n shows the next move, b the one before, a number jumps to that
    move, e to the end, q quits.

    Example: cheese replay --last --seat 1

    Example: cheese replay DB:17 --db night.db

    Example: cheese replay --last --html game.html
    """
    if analysis is not None and html is None:
        raise UserInputError("--analysis marks the moves of a page: give --html FILE with it")
    if html is not None:
        check_page_path(html)
    source = replay_source(source, last, "replay")
    console = make_console()
    try:
        record = load_replay(source, db)
        count = len(record.players)
        valid = seat is None or 1 <= seat <= count
        # Replaying verifies the record, so a bad one is refused before --seat is judged.
        shown = Replay(
            renderer_of(record),
            record,
            seat - 1 if seat is not None and valid else None,
            console,
            line_reader(console),
            _saved_analysis(source),
        )
    except RecordError as error:
        where = f"{source} in {db}" if source.startswith(DATABASE_PREFIX) else source
        raise RecordError(f"{where}: {error}") from None
    if not valid:
        raise UserInputError(
            f"--seat {seat} is not a seat of this {count}-player game; seats count from 1: "
            f"give 1 to {count}, or leave it out to see everything"
        )
    if html is not None:
        from_file = None if source.startswith(DATABASE_PREFIX) else Path(source)
        inputs = page_inputs(from_file, analysis)
        moves = write_page(shown.renderer, record, inputs, html, shown.seat)
        print(f"Wrote the replay page {html} ({counted(moves, 'move')}): open it in a web browser.")
        return 0
    return shown.run()
