"""``cheese analyze``: each move of one seat of a recorded game against the best move.

The computation and the file are ``cheese.analysis``; this command finds the record as
``cheese replay`` does, picks the seat and the bot, shows the progress and the result,
and saves the analysis beside a record file.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, TextIO

import typer

# tqdm ships no type information.
from tqdm import tqdm  # type: ignore[import-untyped]

from cheese.analysis import (
    DEFAULT_SAMPLES,
    THRESHOLDS,
    AnalysisFile,
    Settings,
    analyse_record,
    encode_analysis,
    save_analysis,
)
from cheese.bots.base import Bot, BotSpecError
from cheese.bots.registry import make_bot
from cheese.cli.errors import UserInputError
from cheese.cli.play.command import RecordDatabaseOption, RecordSourceArgument, replay_source
from cheese.cli.play.record_file import load_saved
from cheese.cli.play.replay import DATABASE_PREFIX, load_replay
from cheese.cli.play.where_saved import record_name
from cheese.engine import RecordError, Seat, game_info
from cheese.engine.records import GameRecord
from cheese.levels import top_level_spec
from cheese.store import DEFAULT_DB
from cheese.tournaments.progress import BAR_FORMAT

MIN_BUDGET = 8
MAX_BUDGET = 4096
MOVE_WIDTH = 22
"""The played and best moves' column: Get The Cheese!'s longest play
(``9:mouse*,mouse*,mouse*``) is 22 characters."""


def analyze(
    source: RecordSourceArgument = None,
    last: Annotated[bool, typer.Option("--last", help="The latest finished saved game.")] = False,
    seat: Annotated[
        int | None,
        typer.Option(
            help="The seat to analyse, P1 being 1 (default: the person's seat of a saved "
            "game; a game of bots alone needs it).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the analysis as one JSON document.")
    ] = False,
    bot: Annotated[
        str | None,
        typer.Option(
            metavar="SPEC",
            help="The bot whose choice is among the moves compared (default: the game's "
            "top level, the strongest measured).",
            show_default=False,
        ),
    ] = None,
    budget: Annotated[
        int,
        typer.Option(
            metavar="WORLDS",
            help=f"Worlds each move is played out in ({MIN_BUDGET} to {MAX_BUDGET}); more "
            "is slower and less noisy.",
        ),
    ] = DEFAULT_SAMPLES,
    db: RecordDatabaseOption = Path(DEFAULT_DB),
) -> int:
    """Mark one seat's moves of a finished game: inaccuracy, mistake, blunder.

    At each of the seat's decisions, worlds are drawn from what that seat saw then
    (never the true hidden cards), and the move played, the bot's choice and the
    evaluation's best few are played out to the end in the same worlds. A move's
    drop is the standing it loses against the best: the share of the other seats
    finished ahead of, a tie counting one half (alone at the table: the chance to
    score). Marks as on lichess: inaccuracy from 0.05, mistake from 0.10, blunder
    from 0.15, and only where the drop exceeds twice its standard error. Accuracy is
    lichess's move accuracy from each drop, averaged over the moves that were not
    forced. With one seat of a person at the table that seat is analysed; a game of
    bots alone needs --seat, since each seat takes the analysis's whole time.

    The analysis of a record file X.json is saved beside it as X.analysis.json
    (the key a in cheese replay shows it). Fields: docs/analysis.md.

    Example: cheese analyze --last

    Example: cheese analyze DB:17 --db night.db --seat 2 --json
    """
    if not MIN_BUDGET <= budget <= MAX_BUDGET:
        raise UserInputError(
            f"--budget {budget} is out of range: give {MIN_BUDGET} to {MAX_BUDGET} worlds a move"
        )
    source = replay_source(source, last, "analyse", finished=True)
    in_database = source.startswith(DATABASE_PREFIX)
    # A saved game goes by its short id (as cheese saved lists it), a file elsewhere by its path.
    where = f"{source} in {db}" if in_database else record_name(Path(source)) or source
    try:
        record = load_replay(source, db)
        humans = () if in_database else _humans(Path(source), record)
    except RecordError as error:
        raise RecordError(f"{where}: {error}") from None
    analysed = _seat(seat, humans, len(record.players))
    settings = Settings(bot=_bot(bot, record.game, len(record.players)), samples=budget)
    try:
        analysis = _run(record, analysed, settings)
    except RecordError as error:
        raise RecordError(f"{where}: {error}") from None
    saved = None if in_database else save_analysis(analysis, Path(source))
    if as_json:
        sys.stdout.write(encode_analysis(analysis).decode() + "\n")
        return 0
    for line in report_lines(analysis):
        print(line)
    if saved is not None:
        print(f"Saved as {saved}.")
    return 0


def _humans(path: Path, record: GameRecord) -> tuple[Seat, ...]:
    facts = load_saved(path).facts
    if facts is not None:
        return facts.humans
    return tuple(index for index, name in enumerate(record.players) if name == "human")


def _seat(seat: int | None, humans: tuple[Seat, ...], count: int) -> Seat:
    """The engine's seat to analyse: ``--seat`` (from 1), else the one person's."""
    if seat is not None:
        if not 1 <= seat <= count:
            raise UserInputError(
                f"--seat {seat} is not a seat of this {count}-player game; seats count "
                f"from 1: give 1 to {count}"
            )
        return seat - 1
    if len(humans) == 1:
        return humans[0]
    who = "bots alone" if not humans else f"{len(humans)} people"
    raise UserInputError(
        f"this game was played by {who}: say whose moves to analyse with --seat (1 to {count})"
    )


def _bot(spec: str | None, game: str, players: int) -> Bot:
    """The analysing bot: ``spec``, or the top level of the game's table of ``players``."""
    chosen = spec if spec is not None else top_level_spec(game, players)
    try:
        return make_bot(chosen)
    except BotSpecError as error:
        raise UserInputError(f"--bot {chosen}: {error}") from None


def decisions_bar(stream: TextIO) -> tqdm:
    """The bar of decisions analysed: shown only on a terminal, gone when done, its
    rate always in moves a second (a top level thinking a second a move would read
    "1.34s/ moves" in tqdm's inverse form)."""
    return tqdm(
        total=None,
        unit=" moves",
        file=stream,
        disable=None,
        leave=False,
        desc="analysing",
        bar_format=BAR_FORMAT,
        delay=0.5,
    )


def _run(record: GameRecord, seat: Seat, settings: Settings) -> AnalysisFile:
    """The analysis, with a bar of decisions on stderr when it is a terminal."""
    with decisions_bar(sys.stderr) as bar:

        def advance(done: int, total: int) -> None:
            bar.total = total
            bar.update(done - bar.n)

        return analyse_record(record, seat, settings, advance)


def report_lines(analysis: AnalysisFile) -> list[str]:
    """The analysis as a table of 80 columns, then its summary."""
    title = game_info(analysis.game).title
    lines = [
        f"{title}, seed {analysis.seed}: P{analysis.seat + 1}'s moves",
        f"by {analysis.bot}, {analysis.samples} worlds a move",
        "",
        f"{'move':>4} {'played':<{MOVE_WIDTH}} {'best':<{MOVE_WIDTH}} {'pts':>4} {'best':>4} "
        f"{'drop':>8} mark",
    ]
    for decision in analysis.decisions:
        best = (
            "(forced)"
            if decision.forced
            else ("=" if decision.best == decision.played else decision.best)
        )
        drop = (
            ""
            if decision.best == decision.played
            else f"{decision.drop:.2f}±{_noise(decision.noise)}"
        )
        lines.append(
            f"{decision.move:>4} {decision.played:<{MOVE_WIDTH}} {best:<{MOVE_WIDTH}} "
            f"{_points(decision.played_points)} {_points(decision.best_points)} {drop:>8} "
            f"{decision.mark or ''}".rstrip()
        )
        if decision.reason is not None:
            lines.append(f"{'':5}{decision.reason}")
    summary = analysis.summary
    biggest = ", ".join(f"move {move}" for move in summary.biggest) or "none"
    lines += [
        "",
        f"Accuracy {summary.accuracy:.1f}% (lichess's move accuracy from each drop, averaged)",
        f"{_counted(summary.inaccuracies, 'inaccuracy', 'inaccuracies')} (drop from "
        f"{THRESHOLDS.inaccuracy:.2f}), {_counted(summary.mistakes, 'mistake', 'mistakes')} "
        f"({THRESHOLDS.mistake:.2f}), {_counted(summary.blunders, 'blunder', 'blunders')} "
        f"({THRESHOLDS.blunder:.2f})",
        f"Biggest drops: {biggest}; expected points thrown away: {summary.points_lost:.1f}",
        f"pts: expected points; drop: standing lost ± its standard error; forced "
        f"moves: {summary.forced}",
    ]
    return lines


def _points(points: float) -> str:
    """Expected points in 4 columns: one decimal below 100."""
    return f"{points:4.1f}" if points < 99.95 else f"{points:4.0f}"


def _noise(noise: float) -> str:
    """A standard error below 1 without its leading zero (".07"), as the table is narrow."""
    return f"{noise:.2f}".removeprefix("0")


def _counted(count: int, one: str, many: str) -> str:
    return f"{count} {one if count == 1 else many}"


__all__ = ["analyze", "report_lines"]
