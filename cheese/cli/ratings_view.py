"""A ratings table for the terminal (like Ordo's), as JSON, or as CSV; and the options
that choose among them, shared by ``cheese tournament table`` and ``cheese ratings``."""

from __future__ import annotations

import csv
import io
import json
import sys
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from cheese.cli.errors import UserInputError
from cheese.ratings.bradley_terry import Rating, Ratings
from cheese.ratings.scales import relative_scale
from cheese.ratings.variance_shares import VarianceShares
from cheese.words import counted

JsonOption = Annotated[bool, typer.Option("--json", help="Print the table as JSON.")]
CsvOption = Annotated[bool, typer.Option("--csv", help="Print the table as CSV.")]
AnchorOption = Annotated[
    str | None,
    typer.Option(metavar="BOT=ELO", help="Give BOT this Elo (default: centred on the mean)."),
]
LosOption = Annotated[bool, typer.Option("--los", help="Add the LOS matrix.")]

BOUND_MARKS = {"lower": ">", "upper": "<", None: ""}
MAX_ANCHOR = 100_000
"""Largest anchor Elo accepted; real ratings stay within a few thousand of each other."""


def rating_json(rating: Rating) -> dict[str, object]:
    return {
        "bot": rating.bot,
        "elo": rating.elo,
        "ci95": None if rating.ci95 is None else list(rating.ci95),
        "games": rating.games,
        "score": rating.score,
        "draws": rating.draws,
        "mean_points": rating.mean_points,
        "bound": rating.bound,
    }


def ratings_json(
    ratings: Ratings, with_los: bool = False, anchor: tuple[str, float] | None = None
) -> dict[str, object]:
    """``{"ratings": [...], "scale": ...}`` best first; ``bound`` is ``"lower"`` or
    ``"upper"`` when the Elo is a bound; ``scale`` the sentence saying where the Elo's zero
    is; with ``with_los`` also ``"los": {bot: {other: p}}``."""
    data: dict[str, object] = {
        "ratings": [rating_json(rating) for rating in ratings.ratings],
        "scale": relative_scale(anchor),
    }
    if with_los:
        data["los"] = _los_by_name(ratings)
    return data


def _los_by_name(ratings: Ratings) -> dict[str, dict[str, float]] | None:
    if ratings.los is None:
        return None
    names = [rating.bot for rating in ratings.ratings]
    return {
        one: {other: ratings.los[i][j] for j, other in enumerate(names) if j != i}
        for i, one in enumerate(names)
    }


def ratings_csv(ratings: Ratings) -> str:
    """One row per bot, best first, with a header row."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["rank", "bot", "elo", "ci95_low", "ci95_high", "games", "score", "draws",
         "mean_points", "bound"]
    )
    for rank, rating in enumerate(ratings.ratings, start=1):
        low, high = rating.ci95 if rating.ci95 is not None else ("", "")
        writer.writerow(
            [rank, rating.bot, _number(rating.elo), _number(low), _number(high), rating.games,
             _number(rating.score), _number(rating.draws), _number(rating.mean_points),
             rating.bound or ""]
        )
    return out.getvalue()


def _number(value: float | str | None) -> str:
    if value is None or isinstance(value, str):
        return value or ""
    return f"{value:.6g}" if abs(value) < 1 else f"{value:.2f}"


def print_ratings(
    ratings: Ratings,
    console: Console,
    with_los: bool = False,
    anchor: tuple[str, float] | None = None,
) -> None:
    """Rank, bot, Elo, ±, games, score %, draws % (and the LOS matrix), and which scale
    the Elo is on (``anchor``: the bot held at an Elo, if any)."""
    table = Table(box=None, pad_edge=False)
    for heading, justify in (
        ("#", "right"), ("bot", "left"), ("Elo", "right"), ("±", "right"),
        ("games", "right"), ("score", "right"), ("draws", "right"),
    ):
        # A spec too long for its column is folded, never cut: two specs that differ
        # only at the end (worlds=24, worlds=48) would be cut to the same text.
        overflow = "fold" if heading == "bot" else "ellipsis"
        table.add_column(heading, justify=justify, overflow=overflow)  # type: ignore[arg-type]
    for rank, rating in enumerate(ratings.ratings, start=1):
        margin = "" if rating.ci95 is None else f"{(rating.ci95[1] - rating.ci95[0]) / 2:.0f}"
        table.add_row(
            str(rank),
            rating.bot,
            f"{BOUND_MARKS[rating.bound]}{rating.elo:+.0f}",
            margin,
            str(rating.games),
            f"{rating.score:.1%}",
            f"{rating.draws:.1%}",
        )
    console.print(table)
    notes = [f"{counted(ratings.games, 'game')}, {counted(ratings.deals, 'deal')}; ± is half "
             "the 95% interval (a bootstrap over deals)", relative_scale(anchor)]
    if any(rating.bound is not None for rating in ratings.ratings):
        notes.append(
            "> and < mark bounds: a bot that never lost (never won) a point has no finite "
            "Elo; it is rated as if half of one pair had gone the other way"
        )
    if ratings.deals < 2:
        notes.append("one deal gives no interval; play more deals")
    for note in notes:
        console.print(note, style="dim", highlight=False)
    if with_los and ratings.los is not None:
        names = [rating.bot for rating in ratings.ratings]
        los = Table(title="LOS (row stronger than column)", box=None, pad_edge=False)
        los.add_column("", overflow="fold")
        for index in range(len(names)):
            los.add_column(str(index + 1), justify="right")
        for index, name in enumerate(names):
            cells = [
                "" if other == index else f"{ratings.los[index][other]:.2f}"
                for other in range(len(names))
            ]
            los.add_row(f"{index + 1} {name}", *cells)
        console.print(los)


def parse_anchor(text: str | None) -> tuple[str, float] | None:
    """``BOT=ELO`` read; ``UserInputError`` shows how to write it.

    >>> parse_anchor("random=-200")
    ('random', -200.0)
    """
    if text is None:
        return None
    bot, equals, value = text.rpartition("=")
    try:
        if not equals or not bot:
            raise ValueError
        elo = float(value)
    except ValueError:
        raise UserInputError(
            f"--anchor {text!r} is not BOT=ELO; write e.g. --anchor random=0"
        ) from None
    # NaN would sort anywhere in the table and inf has no JSON form.
    if not abs(elo) <= MAX_ANCHOR:
        raise UserInputError(
            f"--anchor {text!r}: the Elo must be a number from -{MAX_ANCHOR} to {MAX_ANCHOR}; "
            "write e.g. --anchor random=0"
        )
    return bot, elo


def check_format(as_json: bool, as_csv: bool) -> None:
    if as_json and as_csv:
        raise UserInputError("choose one of --json and --csv")


def show_ratings(
    ratings: Ratings,
    as_json: bool,
    as_csv: bool,
    with_los: bool,
    anchor: tuple[str, float] | None = None,
    shares: VarianceShares | None = None,
) -> None:
    """Print the table in the chosen form on stdout, with the luck and skill ``shares``
    when given (a ``"variance"`` key in JSON, a line under the terminal's table)."""
    if as_json:
        data = ratings_json(ratings, with_los, anchor)
        if shares is not None:
            data["variance"] = shares.as_json()
        print(json.dumps(data, allow_nan=False))
    elif as_csv:
        sys.stdout.write(ratings_csv(ratings))
    else:
        console = Console()
        print_ratings(ratings, console, with_los=with_los, anchor=anchor)
        if shares is not None:
            console.print(shares.text(), highlight=False)
