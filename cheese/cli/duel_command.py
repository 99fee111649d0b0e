"""``cheese duel``: two bots over many paired deals, with Elo, interval, LOS and SPRT."""

from __future__ import annotations

import json
import shlex
import sys
from contextlib import ExitStack, closing
from pathlib import Path
from typing import Annotated

import typer

from cheese.bots.base import BotSpecError
from cheese.bots.faults import fault_counts
from cheese.cli.errors import UserInputError, stopped_by, stopped_exit_code
from cheese.cli.logs import LOG_HELP, logging_to, point_to_the_log
from cheese.cli.parameters import DEFAULT_PLAYERS, GAME_HELP, game_slug, seed_value
from cheese.cli.players import player_of
from cheese.cli.stored_run import run_failures_answered
from cheese.cli.workers import ClusterOption, PinCoresOption, WorkersOption, worker_count
from cheese.ratings.scales import duel_scale
from cheese.ratings.sprt import SprtSettings
from cheese.referee.clocks import DEFAULT_MARGIN, TimeControl
from cheese.referee.latency import Latency
from cheese.referee.seats import parse_seats
from cheese.store import ResultsStore
from cheese.tournaments.config import BOTS_HELP, DEFAULT_GAME, TC_HELP, TC_MARGIN_HELP
from cheese.tournaments.duel import (
    DEFAULT_GAMES,
    DuelStopped,
    plan_duel,
    run_duel,
    stored_duel,
)
from cheese.tournaments.progress import DuelProgress
from cheese.tournaments.report import DuelReport
from cheese.tournaments.schedule import games_per_deal
from cheese.tournaments.tournament import StopRequest, stop_on_interrupt
from cheese.words import counted


def duel(
    bot_a: Annotated[str, typer.Argument(metavar="A", help="Bot spec of A, e.g. mcts.")],
    bot_b: Annotated[
        str, typer.Argument(metavar="B", help="Bot spec of B, e.g. greedy or mcts:time=0.1.")
    ],
    game: Annotated[
        str, typer.Option("--game", "-g", help=GAME_HELP, parser=game_slug)
    ] = DEFAULT_GAME,
    players: Annotated[
        int | None,
        typer.Option(
            help=f"Seats, alternately A and B (default: {DEFAULT_PLAYERS})."
        ),
    ] = None,
    games: Annotated[
        int, typer.Option(help="Games to play, rounded up to whole deals (all rotations).")
    ] = DEFAULT_GAMES,
    seed: Annotated[
        int, typer.Option(help="Seed of the deals and the bots.", parser=seed_value)
    ] = 0,
    workers: WorkersOption = None,
    pin_cores: PinCoresOption = False,
    move_time: Annotated[
        float | None,
        typer.Option(
            "--move-time", metavar="SECONDS", help="A decision taking longer forfeits the game."
        ),
    ] = None,
    tc: Annotated[
        str | None, typer.Option("--tc", metavar="BASE+INC", help=TC_HELP)
    ] = None,
    tc_margin: Annotated[
        float | None, typer.Option("--tc-margin", metavar="SECONDS", help=TC_MARGIN_HELP)
    ] = None,
    bots: Annotated[
        Path | None, typer.Option("--bots", metavar="FILE", help=BOTS_HELP)
    ] = None,
    db: Annotated[
        Path | None,
        typer.Option(
            metavar="PATH",
            help="Store every game in this results database (cheese replay DB:ID --db "
            "PATH); the same duel run again plays only the games not stored yet.",
        ),
    ] = None,
    sprt: Annotated[
        str | None,
        typer.Option(
            metavar="ELO0,ELO1[,ALPHA,BETA]",
            help="Stop early when the sequential test decides between A being ELO0 and "
            "ELO1 logistic Elo stronger (alpha and beta default to 0.05).",
        ),
    ] = None,
    cluster: ClusterOption = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    log: Annotated[
        Path | None, typer.Option("--log", metavar="FILE", help=LOG_HELP)
    ] = None,
) -> None:
    """Play A against B on paired deals (every seat rotation, same luck) and rate them.

    Wins, draws and losses count A's seats against B's seats in every game; Elo, its 95%
    interval (a bootstrap over deals) and LOS come from the deals' scores.

    Example: cheese duel mcts greedy --games 200 --sprt 0,50

    On game clocks, stored: cheese duel mcts:time=auto greedy --tc 10+0.1 --db duels.db

    Ctrl-C (or SIGTERM, SIGHUP) stops after the games in flight, a second one at once:
    the duel reports nothing, says how many games --db keeps and the command that goes
    on, exit 130 (143, 129).
    """
    if games < 1:
        raise UserInputError(f"--games must be at least 1, not {games}")
    chosen_workers = worker_count(workers)
    try:
        sprt_settings = None if sprt is None else SprtSettings.parse(sprt)
        time_control = time_control_of(tc, tc_margin)
        seat_a, seat_b = parse_seats([bot_a, bot_b], bots)
        setup = plan_duel(
            seat_a, seat_b, game=game, players=players, games=games, seed=seed,
            move_time=move_time, time_control=time_control,
        )
    except (BotSpecError, ValueError) as error:
        raise UserInputError(str(error)) from None
    player = player_of(cluster, chosen_workers, pin_cores)
    total_games = setup.deals * games_per_deal(setup.num_players)
    stop = StopRequest()
    again = shlex.join([
        "cheese", "duel", bot_a, bot_b, "--game", game,
        "--players", str(setup.num_players), "--games", str(games), "--seed", str(seed),
        *_given(workers=workers, move_time=move_time, tc=tc, tc_margin=tc_margin, bots=bots,
                db=db, sprt=sprt, cluster=cluster, log=log),
        *(["--pin-cores"] if pin_cores else []),
        *(["--json"] if as_json else []),
    ])
    try:
        with run_failures_answered(), ExitStack() as stack:
            stack.enter_context(logging_to(log))
            stored = None
            if db is not None:
                stored = stored_duel(setup, stack.enter_context(ResultsStore(db)))
            progress = stack.enter_context(
                closing(DuelProgress(total_games, setup.spec_a, setup.spec_b))
            )
            stack.enter_context(stop_on_interrupt(stop))
            report = run_duel(
                setup, sprt=sprt_settings, observer=progress, stored=stored, player=player,
                stop=stop,
            )
    except DuelStopped as stopped:
        how = "at once; the games in flight were dropped" if stopped.at_once else (
            "after the games in flight"
        )
        kept = (
            f"no game is kept without --db; play it again with: {again}"
            if db is None
            else f"{counted(stopped.games, 'game')} of {total_games} stored in {db}; go on "
            f"with: {again}"
        )
        print(
            f"cheese: {stopped_by(stop.signal)}: the duel stopped {how} and reports nothing; "
            f"{kept}",
            file=sys.stderr,
        )
        raise typer.Exit(stopped_exit_code(stop.signal)) from None
    if db is not None and report.stored_as is not None:
        earlier = (
            f" ({counted(report.resumed, 'game')} stored by an earlier run, not played again)"
            if report.resumed
            else ""
        )
        where = shlex.quote(str(db))
        print(
            f"stored in {db} as {report.stored_as!r}{earlier}; `cheese tournament games "
            f"{where} --name {report.stored_as}` lists them, `cheese replay DB:ID --db "
            f"{where}` replays one",
            file=sys.stderr,
        )
    if as_json:
        print(json.dumps(report_as_json(report), allow_nan=False))
    else:
        print(report_as_text(report))
    point_to_the_log(
        (side.spec for side in (report.a, report.b) if side.forfeits), logged=log is not None
    )


def _given(**flags: object) -> list[str]:
    """The words of the flags that were given (not None), to repeat the command."""
    words: list[str] = []
    for name, value in flags.items():
        if value is not None:
            words += [f"--{name.replace('_', '-')}", str(value)]
    return words


def time_control_of(tc: str | None, margin: float | None) -> TimeControl | None:
    """The game clock of ``--tc`` and ``--tc-margin``; ``ValueError`` says what is wrong."""
    if tc is None:
        if margin is not None:
            raise ValueError("--tc-margin needs a game clock; give --tc BASE+INC as well")
        return None
    return TimeControl.parse(tc, DEFAULT_MARGIN if margin is None else margin)


def latency_json(measured: Latency | None) -> dict[str, object] | None:
    return None if measured is None else measured.as_json()


def report_as_json(report: DuelReport) -> dict[str, object]:
    """The documented ``--json`` object."""
    data: dict[str, object] = {
        "game": report.setup.game,
        "players": report.setup.num_players,
        "seed": report.setup.seed,
        "deals": report.deals,
        "games": report.games,
        "wins": report.pairs.wins,
        "draws": report.pairs.draws,
        "losses": report.pairs.losses,
        "score": report.score,
        "elo": report.elo.elo,
        "elo_ci95": None if report.elo.ci95 is None else list(report.elo.ci95),
        "elo_scale": duel_scale(report.b.spec),
        "los": report.los,
    }
    for key, side in (("a", report.a), ("b", report.b)):
        entry: dict[str, object] = {"spec": side.spec, "mean_points": side.mean_points}
        if side.completion is not None:
            entry["completion"] = side.completion
        entry["forfeits"] = {kind.value: count for kind, count in side.forfeits}
        entry["first_forfeit"] = side.first_forfeit
        entry["latency"] = latency_json(side.latency)
        data[key] = entry
    if report.setup.time_control is not None:
        data["tc"] = report.setup.time_control.text
        data["tc_margin"] = report.setup.time_control.margin
    if report.stored_as is not None:
        data["stored_as"] = report.stored_as
        data["resumed"] = report.resumed
    if report.score_difference is not None:
        interval = report.score_difference.interval
        data["score_difference"] = {
            "mean": report.score_difference.mean,
            "ci95": None if interval is None else list(interval),
        }
    if report.sprt is not None:
        settings = report.sprt.settings
        data["sprt"] = {
            "elo0": settings.elo0,
            "elo1": settings.elo1,
            "alpha": settings.alpha,
            "beta": settings.beta,
            "llr": report.sprt.llr,
            "lower": settings.lower,
            "upper": settings.upper,
            "decision": report.sprt.decision,
        }
    data["variance"] = None if report.variance is None else report.variance.as_json()
    data["notes"] = notes(report)
    return data


def notes(report: DuelReport) -> list[str]:
    """Caveats the numbers need, in words."""
    found: list[str] = []
    if report.elo.bounded:
        found.append(
            "a score of 0% or 100% has no finite Elo; Elo and interval ends at 0% or 100% "
            f"are computed as if half of one of the {report.pairs.pairs} pairs had gone the "
            "other way, so they are bounds, not estimates"
        )
    if report.deals < 2:
        found.append("one deal gives no interval and no LOS; play more games")
    elif report.elo.ci95 is None:
        deals = "both deals" if report.deals == 2 else f"all {report.deals} deals"
        found.append(
            f"{deals} scored the same ({report.score:.1%} each), so a bootstrap over deals "
            "gives no interval and no LOS; play more games to see their spread"
        )
    if report.stopped_early and report.sprt is not None:
        found.append(
            f"the SPRT decided after {report.deals} of {report.setup.deals} deals; "
            "the duel stopped there"
        )
    return found


def report_as_text(report: DuelReport) -> str:
    """A few lines for the terminal."""
    setup = report.setup
    clock = "" if setup.time_control is None else f", clock {setup.time_control.text} s"
    lines = [
        f"{setup.game}, {counted(setup.num_players, 'player')}, "
        f"{counted(report.deals, 'deal')} ({counted(report.games, 'game')}), seed {setup.seed}"
        f"{clock}",
    ]
    for name, side in (("A", report.a), ("B", report.b)):
        line = f"{name} {side.spec}: " + (
            "no game played to the end"
            if side.mean_points is None
            else f"mean points {side.mean_points:.2f}"
        )
        if side.completion is not None:
            line += f", completed {side.completion:.1%} of games"
        lines.append(line)
    for name, side in (("A", report.a), ("B", report.b)):
        if side.forfeits:
            kinds = fault_counts(side.forfeits)
            total = sum(count for _, count in side.forfeits)
            lines.append(
                f"forfeits: {name} {side.spec}: {counted(total, 'game')} "
                f"({kinds}); each counted as a loss of the forfeiting seat"
            )
            if side.first_forfeit is not None:
                lines.append(f"  the first: {side.first_forfeit}")
    pairs = report.pairs
    lines.append(
        f"A against B: {counted(pairs.wins, 'win')}, {counted(pairs.draws, 'draw')}, "
        f"{counted(pairs.losses, 'loss', 'losses')} "
        f"({pairs.pairs} pairs), score {report.score:.1%}"
    )
    elo = f"Elo {report.elo.elo:+.1f}"
    if report.elo.ci95 is not None:
        low, high = report.elo.ci95
        elo += f", 95% interval [{low:+.1f}, {high:+.1f}]"
    if report.los is not None:
        elo += f", LOS {report.los:.1%}"
    lines.append(elo)
    lines.append(duel_scale(report.b.spec))
    if report.score_difference is not None:
        difference = f"points A - B per deal: {report.score_difference.mean:+.2f}"
        if report.score_difference.interval is not None:
            low, high = report.score_difference.interval
            difference += f", 95% interval [{low:+.2f}, {high:+.2f}]"
        lines.append(difference)
    if report.sprt is not None:
        settings = report.sprt.settings
        verdict = {
            "H1": "H1 accepted",
            "H0": "H0 accepted",
            "continue": "no decision",
        }[report.sprt.decision]
        lines.append(
            f"SPRT elo0={settings.elo0:g} elo1={settings.elo1:g} alpha={settings.alpha:g} "
            f"beta={settings.beta:g}: LLR {report.sprt.llr:.2f} "
            f"({settings.lower:.2f}, {settings.upper:.2f}), {verdict}"
        )
    for name, side in (("A", report.a), ("B", report.b)):
        if side.latency is not None:
            lines.append(f"replies: {name} {side.spec}: {side.latency.text}")
    if report.variance is not None:
        lines.append(report.variance.text())
    lines.extend(f"note: {note}" for note in notes(report))
    return "\n".join(lines)
