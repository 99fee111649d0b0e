"""``cheese ladder``: the Elo a bot gains per doubling of a budget, as a table, JSON and a
plot (``cheese.tournaments.ladder``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from cheese.bots.base import BotSpecError
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
from cheese.store import DEFAULT_DB
from cheese.tournaments.ladder import Ladder, plan_ladder, run_ladder


def ladder(
    start: Annotated[str, typer.Argument(metavar="SPEC", help="The bot, e.g. mcts.")],
    budget: Annotated[
        str,
        typer.Option(
            metavar="NAME=LOW:HIGH",
            help="The integer parameter to double from LOW up to HIGH, e.g. iterations=250:16000.",
        ),
    ],
    game: Annotated[
        str, typer.Option("--game", "-g", help=GAME_HELP, parser=game_slug)
    ] = "cheese-drop",
    players: Annotated[int | None, typer.Option(help="Seats, alternately the two budgets.")] = None,
    games: Annotated[int, typer.Option(help="Games of each doubling's duel.")] = 200,
    workers: WorkersOption = None,
    pin_cores: PinCoresOption = False,
    cluster: ClusterOption = None,
    db: ResumedDbOption = Path(DEFAULT_DB),
    seed: Annotated[
        int, typer.Option(help="Seed of the deals and the bots.", parser=seed_value)
    ] = 0,
    plot: Annotated[
        Path | None,
        typer.Option(metavar="FILE.png", help="Draw the ladder (Elo against the budget)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the ladder as JSON.")] = False,
) -> None:
    """The Elo a bot gains each time a budget is doubled, and where that flattens.

    Each budget plays the one below it in a duel on paired deals.

    Example: cheese ladder mcts --budget iterations=250:16000 --game cheese-drop --plot
    ladder.png
    """
    chosen_workers = worker_count(workers)
    try:
        setup = plan_ladder(start, budget, game=game, players=players, games=games, seed=seed)
    except (BotSpecError, ValueError) as error:
        raise UserInputError(" ".join(str(error).split())) from None
    player = player_of(cluster, chosen_workers, pin_cores)
    found = run_stored(
        db, "the ladder", lambda store: run_ladder(setup, player=player, store=store)
    )
    if plot is not None:
        try:
            _draw(found, plot)
        except OSError as error:
            raise UserInputError(f"--plot {plot}: cannot be written ({error.strerror})") from None
    print(json.dumps(_ladder_json(found), allow_nan=False) if as_json else _ladder_text(found))


def _ladder_json(found: Ladder) -> dict[str, object]:
    return {
        "spec": found.setup.start,
        "parameter": found.setup.parameter,
        "game": found.setup.game,
        "rungs": [
            {
                "value": rung.value,
                "below": rung.below,
                "elo": rung.duel.elo.elo,
                "elo_ci95": None if rung.duel.elo.ci95 is None else list(rung.duel.elo.ci95),
                "score": rung.duel.score,
                "games": rung.duel.games,
                "cumulative": total,
            }
            for rung, total in zip(found.rungs, found.cumulative()[1:])
        ],
        "flattens_at": found.flattens_at,
    }


def _ladder_text(found: Ladder) -> str:
    name = found.setup.parameter
    lines = [
        f"{found.setup.start} on {found.setup.game}: Elo per doubling of {name}",
        f"{name:>10}  {'Elo gained':>10}  {'95% interval':>16}  {'total':>7}",
    ]
    for rung, total in zip(found.rungs, found.cumulative()[1:]):
        interval = (
            ""
            if rung.duel.elo.ci95 is None
            else (f"[{rung.duel.elo.ci95[0]:+.0f}, {rung.duel.elo.ci95[1]:+.0f}]")
        )
        lines.append(
            f"{rung.value:>10}  {rung.duel.elo.elo:>+10.0f}  {interval:>16}  {total:>+7.0f}"
        )
    flat = found.flattens_at
    lines.append(
        f"flattens at {name}={flat}: from there on every doubling's interval reaches 0"
        if flat is not None
        else "not flat yet: the last doubling still gained Elo (its interval is above 0)"
    )
    return "\n".join(lines)


def _draw(found: Ladder, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    figure = Figure(figsize=(7, 4))
    axes = figure.subplots()
    values = list(found.setup.rungs[: len(found.rungs) + 1])
    totals = found.cumulative()
    low = [0.0] + [
        rung.duel.elo.elo - rung.duel.elo.ci95[0] if rung.duel.elo.ci95 else 0.0
        for rung in found.rungs
    ]
    high = [0.0] + [
        rung.duel.elo.ci95[1] - rung.duel.elo.elo if rung.duel.elo.ci95 else 0.0
        for rung in found.rungs
    ]
    axes.errorbar(values, totals, yerr=[low, high], fmt="o-", capsize=4)
    axes.set_xscale("log", base=2)
    axes.set_xticks(values, [str(value) for value in values])
    axes.set_xlabel(found.setup.parameter)
    axes.set_ylabel(f"Elo over {found.setup.parameter}={values[0]}")
    axes.set_title(
        f"{found.setup.start}, {found.setup.game}: each bar is that doubling's 95% interval"
    )
    figure.savefig(path, format="png", dpi=100, bbox_inches="tight")
