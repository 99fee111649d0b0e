"""``cheese tune``: tune a bot's numeric parameters on paired deals, then duel the tuned
bot against the start (``cheese.tournaments.tune``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer

from cheese.bots.base import BotSpecError
from cheese.cli.duel_command import report_as_json, report_as_text
from cheese.cli.errors import UserInputError
from cheese.cli.parameters import GAME_HELP, game_slug, seed_value
from cheese.cli.players import player_of
from cheese.cli.stored_run import run_stored
from cheese.cli.workers import (
    ClusterOption,
    PinCoresOption,
    ResumedDbOption,
    WorkersOption,
    worker_count,
)
from cheese.ratings.sprt import SprtSettings
from cheese.store import DEFAULT_DB
from cheese.tournaments.tune import DEFAULT_SPRT, Candidate, TuneResult, plan_tune, run_tune


def tune(
    start: Annotated[
        str, typer.Argument(metavar="SPEC", help="The bot to start from, e.g. mcts:c=5.")
    ],
    param: Annotated[
        list[str],
        typer.Option(
            "--param",
            metavar="NAME=LOW:HIGH[:log]",
            help="A numeric parameter of the bot and the range to search, :log for a log "
            "scale (repeat for more).",
        ),
    ],
    against: Annotated[
        list[str],
        typer.Option(
            "--against",
            metavar="SPEC",
            help="A bot the candidates are measured against (repeat for more).",
        ),
    ],
    game: Annotated[
        str, typer.Option("--game", "-g", help=GAME_HELP, parser=game_slug)
    ] = "cheese-drop",
    players: Annotated[
        int | None, typer.Option(help="Seats, alternately the candidate and its opponent.")
    ] = None,
    games: Annotated[
        int,
        typer.Option(help="Games of each candidate against each opponent in a step."),
    ] = 40,
    candidates: Annotated[int, typer.Option(help="Candidates a step (all on its deals).")] = 4,
    steps: Annotated[int, typer.Option(help="Steps of the optimizer.")] = 10,
    final_games: Annotated[
        int,
        typer.Option(help="Most games of the final duel of the tuned bot against the start."),
    ] = 2000,
    sprt: Annotated[
        str,
        typer.Option(
            metavar="ELO0,ELO1[,ALPHA,BETA]",
            help="The final duel's sequential test of the tuned bot against the start.",
        ),
    ] = f"{DEFAULT_SPRT.elo0:g},{DEFAULT_SPRT.elo1:g}",
    workers: WorkersOption = None,
    pin_cores: PinCoresOption = False,
    cluster: ClusterOption = None,
    db: ResumedDbOption = Path(DEFAULT_DB),
    seed: Annotated[
        int, typer.Option(help="Seed of the optimizer, the deals and the bots.", parser=seed_value)
    ] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Tune a bot's numeric parameters: every candidate of a step plays the same deals.

    Each step asks the optimizer (optuna's TPE) for a few candidates; each plays a duel
    against every --against bot on the step's deals; the best so far is shown with its
    Elo interval. At the end the tuned bot plays the start in a duel with an SPRT, and the
    spec to use is printed. Every game is stored in --db: the same command run again
    (after Ctrl-C or a kill) plays only what is missing.

    Example: cheese tune mcts:iterations=250,c=5 --param c=0.1:4 --against greedy
    --game cheese-drop --games 40 --steps 8
    """
    chosen_workers = worker_count(workers)
    try:
        setup = plan_tune(
            start,
            param,
            against,
            game=game,
            players=players,
            games=games,
            candidates=candidates,
            steps=steps,
            seed=seed,
            final_games=final_games,
            sprt=SprtSettings.parse(sprt),
        )
    except (BotSpecError, ValueError) as error:
        raise UserInputError(" ".join(str(error).split())) from None
    player = player_of(cluster, chosen_workers, pin_cores)
    result = run_stored(
        db,
        "the tune",
        lambda store: run_tune(setup, player=player, store=store, observer=_Progress()),
    )
    if as_json:
        print(json.dumps(_result_json(result), allow_nan=False))
    else:
        print(_result_text(result))


class _Progress:
    """One line a step on stderr: its candidates and the best so far with its interval."""

    def step_done(self, step: int, of: int, found: Sequence[Candidate], best: Candidate) -> None:
        tried = ", ".join(f"{_values(candidate)} {candidate.score:.1%}" for candidate in found)
        print(f"step {step}/{of}: {tried}; best {best.spec} {_elo(best)}", file=sys.stderr)


def _values(candidate: Candidate) -> str:
    return candidate.spec.partition(":")[2]


def _elo(candidate: Candidate) -> str:
    interval = (
        "" if candidate.ci95 is None else (f" [{candidate.ci95[0]:+.0f}, {candidate.ci95[1]:+.0f}]")
    )
    return f"Elo {candidate.elo:+.0f}{interval} (score {candidate.score:.1%})"


def _candidate_json(candidate: Candidate) -> dict[str, object]:
    return {
        "step": candidate.step,
        "spec": candidate.spec,
        "values": list(candidate.values),
        "score": candidate.score,
        "elo": candidate.elo,
        "elo_ci95": None if candidate.ci95 is None else list(candidate.ci95),
    }


def _result_json(result: TuneResult) -> dict[str, object]:
    return {
        "best": _candidate_json(result.best),
        "candidates": [_candidate_json(candidate) for candidate in result.candidates],
        "final": report_as_json(result.final),
        "use": _verdict(result)[0],
    }


def _verdict(result: TuneResult) -> tuple[str, str]:
    """The spec to use and why."""
    sprt = result.final.sprt
    if sprt is not None and sprt.decision == "H1":
        return result.best.spec, "the tuned bot passed its SPRT against the start"
    if sprt is not None and sprt.decision == "H0":
        return result.final.b.spec, "the tuned bot did not beat the start (SPRT: H0)"
    return result.final.b.spec, "the final duel did not decide; keep the start or play more"


def _result_text(result: TuneResult) -> str:
    use, why = _verdict(result)
    return "\n".join(
        [
            f"best candidate: {result.best.spec}, {_elo(result.best)} against the opponents",
            "final duel, the tuned bot (A) against the start (B):",
            report_as_text(result.final),
            f"use: {use} ({why})",
        ]
    )
