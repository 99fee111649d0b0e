"""``cheese me``: a person's own rating on the levels' scale, from their games at the table."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path
from typing import Annotated

import typer

from cheese.cli.errors import UserInputError
from cheese.cli.parameters import game_slug
from cheese.cli.words import counted
from cheese.engine import DEFAULT_GAME, GAME_SLUGS, EngineError, game_info
from cheese.levels import LevelError, level_table
from cheese.levels.people import (
    PersonGame,
    check_person,
    default_person_name,
    people_db_path,
    person_games,
)
from cheese.levels.person_rating import (
    PersonRating,
    closest_level,
    middle_level,
    rate_person,
    solo_of,
)
from cheese.levels.solitaire import SoloRecord
from cheese.levels.table import LevelTable
from cheese.store import StoreError

SPEC_WIDTH = 30
WIDTH = 80


def me(
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            "-g",
            help="Only this game (default: every game played).",
            parser=game_slug,
            show_default=False,
        ),
    ] = None,
    name: Annotated[
        str | None,
        typer.Option(help="Whose rating (default: your login name).", show_default=False),
    ] = None,
    db: Annotated[
        Path | None,
        typer.Option(
            help="The people's results database (default: in the data directory).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the rating as JSON.")] = False,
) -> None:
    """Show your rating from the games you finished with `cheese play`.

    Against bots: your Elo on the levels' scale (`cheese levels`) with its 95% interval,
    fitted with every level's Elo held at its table's value, and your games and score
    against each level. Cheese Chasers: your completion rate and best score. Also the
    level `--level auto` seats you at.

    Example: cheese me --game get-the-cheese
    """
    try:
        person = check_person(default_person_name() if name is None else name)
    except ValueError as error:
        raise UserInputError(str(error)) from None
    path = people_db_path() if db is None else db
    games = [game] if game is not None else list(GAME_SLUGS)
    reports = []
    try:
        for slug in games:
            found = person_games(person, slug, path)
            if found or game is not None:
                reports.append(_report(level_table(slug), person, found))
    except (StoreError, EngineError) as error:
        raise UserInputError(f"{path}: cannot be read ({error})") from None
    except LevelError as error:
        raise UserInputError(str(error)) from None
    if as_json:
        print(json.dumps(reports[0] if game is not None else reports, indent=2))
        return
    if not reports or all(report["games"] == 0 for report in reports):
        where = game or DEFAULT_GAME
        print(
            f"{person} has finished no game{'' if game is None else ' of ' + game} yet; "
            f"play one: cheese play {where} --level auto"
        )
        return
    print("\n\n".join(_report_text(report) for report in reports))


def _report(table: LevelTable, person: str, found: list[PersonGame]) -> dict[str, object]:
    """What ``cheese me`` shows of one game, as JSON values."""
    report: dict[str, object] = {
        "person": person,
        "game": table.game,
        "games": len(found),
        "auto_level": middle_level(table),
    }
    if table.measure == "completion":
        solo = solo_of(found)
        report.update(_solo_fields(solo))
        if solo is not None:
            report["auto_level"] = closest_level(table, solo.completion)
        return report
    rating = rate_person(table, person, found)
    report.update(_rating_fields(rating))
    if rating.elo is not None:
        report["auto_level"] = closest_level(table, rating.elo)
    return report


def _solo_fields(solo: SoloRecord | None) -> dict[str, object]:
    if solo is None:
        return {
            "completed": 0,
            "completion": None,
            "ci95": None,
            "best_score": None,
            "mean_score": None,
        }
    return {
        "completed": solo.completed,
        "completion": round(solo.completion, 4),
        "ci95": [round(end, 4) for end in solo.ci95],
        "best_score": solo.best_score,
        "mean_score": round(solo.mean_score, 2),
    }


def _rating_fields(rating: PersonRating) -> dict[str, object]:
    return {
        "rated_games": rating.rated_games,
        "elo": None if rating.elo is None else round(rating.elo, 1),
        "ci95": None if rating.ci95 is None else [round(end, 1) for end in rating.ci95],
        "bound": rating.bound,
        "opponents": [
            {
                "spec": opponent.spec,
                "level": opponent.level,
                "games": opponent.games,
                "pairs": opponent.pairs,
                "score": round(opponent.score, 4),
            }
            for opponent in rating.opponents
        ],
    }


def _report_text(report: dict[str, object]) -> str:
    game = str(report["game"])
    title = f"{report['person']} at {game_info(game).title} ({game})"
    games = int(str(report["games"]))
    if not games:
        return f"{title}: no game yet; play one: cheese play {game} --level auto"
    auto = f"--level auto: level {report['auto_level']}"
    if "completion" in report:
        low, high = _pair(report["ci95"])
        return "\n".join(
            textwrap.wrap(
                f"{title}: completed {report['completed']} of {counted(games, 'game')} "
                f"({float(str(report['completion'])):.1%}, 95% [{low:.1%}, {high:.1%}]), "
                f"best score {report['best_score']}, mean {report['mean_score']}; {auto} "
                f"(the level whose hints complete about as often: cheese levels {game})",
                WIDTH,
                break_on_hyphens=False,
            )
        )
    lines = textwrap.wrap(
        f"{title}: {_elo_words(report)} after {counted(games, 'game')}, "
        f"{report['rated_games']} against levels; {auto} "
        f"(the scale: cheese levels {game})",
        WIDTH,
        break_on_hyphens=False,
    )
    lines.append(f"{'level':<6} {'opponent':<{SPEC_WIDTH}} {'games':>6} {'pairs':>6} {'score':>7}")
    opponents = report["opponents"]
    assert isinstance(opponents, list)
    for opponent in opponents:
        level = "-" if opponent["level"] is None else str(opponent["level"])
        spec = str(opponent["spec"])
        if len(spec) > SPEC_WIDTH:
            spec = spec[: SPEC_WIDTH - 1] + "…"
        lines.append(
            f"{level:<6} {spec:<{SPEC_WIDTH}} {opponent['games']:>6} "
            f"{opponent['pairs']:>6} {float(opponent['score']):>7.1%}"
        )
    if any(opponent["level"] is None for opponent in opponents):
        lines.append("- : not a level, so not rated against")
    return "\n".join(lines)


def _elo_words(report: dict[str, object]) -> str:
    elo = report["elo"]
    if elo is None:
        return "no Elo yet (no game against a level)"
    bound = {"lower": "above ", "upper": "below "}.get(str(report["bound"]), "")
    words = f"Elo {bound}{float(str(elo)):.0f}"
    if bound:
        # Every pair went one way: the figure is a bound, and an interval around a
        # bound would read as if it were an estimate.
        won = "won" if bound == "above " else "lost"
        return words + f" (every pair {won} so far, so a bound, not an estimate)"
    if report["ci95"] is None:
        return words + " (one game: no interval yet)"
    low, high = _pair(report["ci95"])
    return words + f", 95% [{low:.0f}, {high:.0f}]"


def _pair(value: object) -> tuple[float, float]:
    assert isinstance(value, list) and len(value) == 2
    return float(value[0]), float(value[1])
