"""``cheese me``: a person's own rating on the levels' scale, from their games at the table,
one per game and table size, provisional until its interval is one level wide."""

from __future__ import annotations

import json
import math
import textwrap
from pathlib import Path
from typing import Annotated

import typer

from cheese.cli.errors import UserInputError
from cheese.cli.parameters import game_slug
from cheese.engine import DEFAULT_GAME, GAME_SLUGS, EngineError, game_info
from cheese.levels import LevelError, level_table
from cheese.levels.people import (
    PersonGame,
    check_person,
    default_person_name,
    people_db_path,
    person_games,
    played_sizes,
)
from cheese.levels.person_rating import (
    PersonRating,
    closest_level,
    middle_level,
    rate_person,
    solo_of,
)
from cheese.levels.settled import is_provisional, level_gap, shown_interval
from cheese.levels.solitaire import SoloRecord
from cheese.levels.table import LevelTable
from cheese.ratings.scales import levels_scale
from cheese.store import StoreError
from cheese.words import counted, cut, in_full

SPEC_WIDTH = 30
WIDTH = 80
MEASURED_MARK = "m"
"""The level column of a bot the table measured but did not make a level."""


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
    players: Annotated[
        int | None,
        typer.Option(
            help="Only this table size (default: every size played; with --game and no "
            "game played, the game's default).",
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
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the rating as JSON: one object for one game and size, else a list.",
        ),
    ] = False,
) -> None:
    """Show your rating from the games you finished with `cheese play`, one per game and
    table size.

    Against bots: your Elo on the levels' scale of that table size (`cheese levels GAME
    --players N`) with its 95% interval, fitted with every level's Elo held at its
    table's value, and your games and score against each level. Cheese Chasers: your
    completion rate and best score. A rating is provisional until its 95% interval is
    within one level's gap either way. Also the level `--level auto` seats you at.

    Example: cheese me --game cheese-drop --players 3
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
            sizes = played_sizes(person, slug, path)
            if players is not None:
                sizes = (players,)
            elif not sizes and game is not None:
                sizes = (game_info(slug).default_players,)
            for size in sizes:
                found = person_games(person, slug, path, size)
                if found or game is not None or players is not None:
                    reports.append(_report(level_table(slug, size), person, found))
    except (StoreError, EngineError) as error:
        raise UserInputError(f"{path}: cannot be read ({error})") from None
    except LevelError as error:
        raise UserInputError(f"--players {players}: {error}" if players else str(error)) from None
    if as_json:
        one = game is not None and len(reports) == 1
        print(json.dumps(reports[0] if one else reports, indent=2))
        return
    if not reports or all(report["games"] == 0 for report in reports):
        where = game or DEFAULT_GAME
        of = "" if game is None else f" of {game}"
        at = "" if players is None else f" at {players} players"
        flag = "" if players is None else f" --players {players}"
        print(
            "\n".join(
                textwrap.wrap(
                    f"{person} has finished no game{of}{at} yet; play one: cheese play "
                    f"{where}{flag} --level auto",
                    WIDTH,
                    break_on_hyphens=False,
                )
            )
        )
        return
    print("\n\n".join(_report_text(report) for report in reports))


def _report(table: LevelTable, person: str, found: list[PersonGame]) -> dict[str, object]:
    """What ``cheese me`` shows of one game, as JSON values."""
    report: dict[str, object] = {
        "person": person,
        "game": table.game,
        "players": table.players,
        "games": len(found),
        "auto_level": middle_level(table),
        "level_gap": round(level_gap(table), 4),
    }
    if table.measure == "completion":
        solo = solo_of(found)
        report.update(_solo_fields(solo))
        report["provisional"] = is_provisional(table, None if solo is None else solo.ci95)
        if solo is not None:
            report["auto_level"] = closest_level(table, solo.completion)
        report["auto_name"] = table.name(int(str(report["auto_level"])))
        return report
    rating = rate_person(table, person, found)
    report.update(_rating_fields(rating))
    interval = shown_interval(table, rating)
    report["interval"] = None if interval is None else [_finite(end) for end in interval]
    report["provisional"] = is_provisional(table, interval)
    report["scale"] = levels_scale(table.players)
    if rating.elo is not None:
        report["auto_level"] = closest_level(table, rating.elo)
    report["auto_name"] = table.name(int(str(report["auto_level"])))
    return report


def _finite(end: float) -> float | None:
    """An interval's end as JSON: ``None`` for an end without limit."""
    return round(end, 1) if math.isfinite(end) else None


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
                "rated": opponent.rated,
                "games": opponent.games,
                "pairs": opponent.pairs,
                "score": round(opponent.score, 4),
            }
            for opponent in rating.opponents
        ],
    }


def _report_text(report: dict[str, object]) -> str:
    game = str(report["game"])
    size = int(str(report["players"]))
    seats = "solitaire" if size == 1 else f"{size} players"
    title = f"{report['person']} at {game_info(game).title} ({game}), {seats}"
    games = int(str(report["games"]))
    if not games:
        return (
            f"{title}: no game yet; play one: cheese play {game}"
            f"{'' if size == game_info(game).default_players else f' --players {size}'} "
            "--level auto"
        )
    auto = f"--level auto: level {report['auto_level']} ({report['auto_name']})"
    where = f"cheese levels {game} --players {size}"
    gap = float(str(report["level_gap"]))
    if "completion" in report:
        low, high = _pair(report["ci95"])
        return "\n".join(
            textwrap.wrap(
                f"{title}: {_provisional(report)}completed {report['completed']} of "
                f"{counted(games, 'game')} ({float(str(report['completion'])):.1%}, 95% "
                f"[{low:.1%}, {high:.1%}]), best score {report['best_score']}, mean "
                f"{report['mean_score']}{_until(report, f'{gap:.1%}')}; {auto} (the level "
                f"whose hints complete about as often: {where})",
                WIDTH,
                break_on_hyphens=False,
            )
        )
    lines = textwrap.wrap(
        f"{title}: {_provisional(report)}{_elo_words(report)} after "
        f"{counted(games, 'game')}, {report['rated_games']} rated"
        f"{_until(report, f'{gap:.0f} Elo')}; {auto} (the levels: {where})",
        WIDTH,
        break_on_hyphens=False,
    )
    lines += textwrap.wrap(str(report["scale"]), WIDTH, break_on_hyphens=False)
    lines.append(f"{'level':<6} {'opponent':<{SPEC_WIDTH}} {'games':>6} {'pairs':>6} {'score':>7}")
    opponents = report["opponents"]
    assert isinstance(opponents, list)
    whole: list[str] = []
    for opponent in opponents:
        level = (
            str(opponent["level"])
            if opponent["level"] is not None
            else MEASURED_MARK
            if opponent["rated"]
            else "-"
        )
        spec = str(opponent["spec"])
        if len(spec) > SPEC_WIDTH:
            # Cut short in its row, where it could read as another bot: whole under the table.
            shown = cut(spec, SPEC_WIDTH)
            named = f"level {level}" if opponent["level"] is not None else shown
            whole += in_full(named, spec, WIDTH)
            spec = shown
        lines.append(
            f"{level:<6} {spec:<{SPEC_WIDTH}} {opponent['games']:>6} "
            f"{opponent['pairs']:>6} {float(opponent['score']):>7.1%}"
        )
    lines += whole
    if any(opponent["level"] is None and opponent["rated"] for opponent in opponents):
        lines.append(
            f"{MEASURED_MARK} : measured with the levels, too close to one to be a level; "
            "rated against"
        )
    if any(not opponent["rated"] for opponent in opponents):
        lines.append("- : not measured with the levels, so not rated against")
    return "\n".join(lines)


def _provisional(report: dict[str, object]) -> str:
    """``provisional: `` while the interval is wider than one level's gap either way."""
    return "provisional: " if report["provisional"] else ""


def _until(report: dict[str, object], gap: str) -> str:
    """What a provisional rating waits for, after its figures."""
    if not report["provisional"]:
        return ""
    return f" (provisional until its 95% interval is within ±{gap}, one level's gap)"


def _elo_words(report: dict[str, object]) -> str:
    """The Elo as the evidence allows: a figure with its interval once it has a finite
    one; only the interval's end while every pair went one way or after one game."""
    interval = report["interval"]
    if report["elo"] is None or interval is None:
        return "no Elo yet (no game against a level)"
    assert isinstance(interval, list) and len(interval) == 2
    low, high = interval
    if low is None:
        return f"Elo below {float(high):.0f} (95%; every pair lost so far)"
    if high is None:
        return f"Elo above {float(low):.0f} (95%; every pair won so far)"
    if report["ci95"] is None or report["bound"] is not None:
        # One game, or every pair one way: the fit has no interval of its own, so the
        # interval is the pair points' and no single figure is shown.
        return f"Elo between {float(low):.0f} and {float(high):.0f} (95%)"
    return f"Elo {float(str(report['elo'])):.0f}, 95% [{float(low):.0f}, {float(high):.0f}]"


def _pair(value: object) -> tuple[float, float]:
    assert isinstance(value, list) and len(value) == 2
    return float(value[0]), float(value[1])
