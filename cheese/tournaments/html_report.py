"""A tournament's report as one self-contained HTML page (figures embedded as PNG).

The page holds the settings, the ratings table, the ratings with their 95% intervals as
error bars, the head-to-head score matrix as a heatmap, each bot's points per game, the
forfeits and each bot's reply times. The figures are drawn by matplotlib, a dependency.
"""

from __future__ import annotations

import base64
import html
import io
import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING

from cheese.bots.faults import fault_counts
from cheese.ratings.bradley_terry import Ratings
from cheese.ratings.scales import relative_scale
from cheese.ratings.variance_shares import COMPONENTS, VarianceShares
from cheese.referee.latency import Latency, seconds_text
from cheese.store import StoredTournament, games
from cheese.tournaments.standings import (
    Forfeits,
    bot_latencies,
    forfeits,
    luck_and_skill,
    tournament_ratings,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure

STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 1000px; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { padding: 0.25em 0.8em; text-align: right; border-bottom: 1px solid #ddd; }
th:nth-child(2), td:nth-child(2) { text-align: left; }
img { max-width: 100%; }
.note { color: #666; font-size: 0.9em; }
"""


class ReportUnavailable(Exception):
    """matplotlib is not installed."""


def report_page(connection: sqlite3.Connection, tournament: StoredTournament) -> str:
    """The report of ``tournament`` as one HTML document."""
    try:
        import matplotlib

        matplotlib.use("Agg")
    except ImportError:
        raise ReportUnavailable(
            "the report needs matplotlib, which installing cheese installs: pip install -e . "
            "again in the checkout (or pip install matplotlib)"
        ) from None
    ratings = tournament_ratings(connection, tournament)
    faults = forfeits(connection, tournament)
    points: dict[str, list[float]] = {}
    for game in games(connection, tournament.id):
        if game.scores is not None:
            for bot, value in zip(game.seats, game.scores):
                points.setdefault(bot, []).append(float(value))
    title = f"Tournament {tournament.name}"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head><body>",
        f"<h1>{html.escape(title)}</h1>",
        _settings(tournament),
        "<h2>Ratings</h2>",
        _table(ratings),
        _figure(_ratings_figure(ratings), "Elo with 95% intervals"),
        "<h2>Head to head</h2>",
        '<p class="note">Row bot\'s share of the pair points against the column bot.</p>',
        _figure(_matrix_figure(ratings), "head-to-head score matrix"),
        "<h2>Luck and skill</h2>",
        _luck_and_skill(luck_and_skill(connection, tournament)),
        "<h2>Points per game</h2>",
        _figure(_points_figure(points, [rating.bot for rating in ratings.ratings]),
                "points per game by bot"),
        "<h2>Forfeits</h2>",
        _forfeits(faults),
        "<h2>Reply times</h2>",
        _latencies(bot_latencies(connection, tournament)),
        "</body></html>",
    ]
    return "\n".join(parts)


def _settings(tournament: StoredTournament) -> str:
    rows = "".join(
        f"<tr><th>{html.escape(str(key))}</th><td>{html.escape(_shown(value))}</td></tr>"
        for key, value in tournament.settings.items()
    )
    progress = f"{tournament.games_done} of {tournament.total_games} games played"
    return f"<p>{progress}; cheese {html.escape(tournament.version)}.</p><table>{rows}</table>"


def _shown(value: object) -> str:
    """A setting as the page shows it.

    >>> [_shown(value) for value in (True, None, ["mcts", "greedy"], {}, 3)]
    ['yes', 'none', 'mcts, greedy', 'none', '3']
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(str(item) for item in value)
    if isinstance(value, dict):
        return ", ".join(f"{key}={item}" for key, item in value.items()) or "none"
    return "none" if value is None else str(value)


def _table(ratings: Ratings) -> str:
    head = "<tr><th>#</th><th>bot</th><th>Elo</th><th>95% interval</th><th>games</th>" \
        "<th>score</th><th>draws</th><th>mean points</th></tr>"
    rows = []
    for rank, rating in enumerate(ratings.ratings, start=1):
        mark = {"lower": "&gt; ", "upper": "&lt; ", None: ""}[rating.bound]
        interval = (
            "" if rating.ci95 is None else f"[{rating.ci95[0]:+.0f}, {rating.ci95[1]:+.0f}]"
        )
        mean = "" if rating.mean_points is None else f"{rating.mean_points:.2f}"
        rows.append(
            f"<tr><td>{rank}</td><td>{html.escape(rating.bot)}</td>"
            f"<td>{mark}{rating.elo:+.0f}</td><td>{interval}</td><td>{rating.games}</td>"
            f"<td>{rating.score:.1%}</td><td>{rating.draws:.1%}</td><td>{mean}</td></tr>"
        )
    note = (
        f'<p class="note">{ratings.games} games in {ratings.deals} deals. Joint '
        "Bradley–Terry fit of all pairwise results, centred on the mean; intervals by "
        "bootstrap over deals. &gt; and &lt; mark bounds (a bot that never lost or never "
        f"won a point). {html.escape(relative_scale())}</p>"
    )
    return f"<table>{head}{''.join(rows)}</table>{note}"


def _figure(figure: Figure, description: str) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
    encoded = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="{html.escape(description)}" src="data:image/png;base64,{encoded}">'


def _new_figure(width: float, height: float) -> Figure:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height))


def _ratings_figure(ratings: Ratings) -> Figure:
    rows = list(reversed(ratings.ratings))
    figure = _new_figure(8, 0.4 * len(rows) + 1.2)
    axes = figure.subplots()
    positions = range(len(rows))
    elos = [rating.elo for rating in rows]
    low = [rating.elo - rating.ci95[0] if rating.ci95 else 0.0 for rating in rows]
    high = [rating.ci95[1] - rating.elo if rating.ci95 else 0.0 for rating in rows]
    axes.errorbar(elos, list(positions), xerr=[low, high], fmt="o", capsize=4)
    axes.set_yticks(list(positions), [rating.bot for rating in rows])
    axes.axvline(0.0, color="#bbb", linewidth=1)
    axes.set_xlabel("Elo (95% interval)")
    return figure


HEATMAP = "RdBu"
DARK_CELL = 0.5
"""Relative luminance below which a cell's label is written in white (the middle grey
of the sRGB scale: black on a darker cell, white on a lighter one, would be hard to read)."""


def label_colour(rgba: Sequence[float]) -> str:
    """The colour of a label on a cell of colour ``rgba``: white on dark, black on light.

    >>> label_colour((0.02, 0.19, 0.38, 1.0)), label_colour((0.97, 0.97, 0.97, 1.0))
    ('white', 'black')
    """
    red, green, blue = (
        channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4
        for channel in rgba[:3]
    )
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    return "white" if luminance < DARK_CELL ** 2.2 else "black"


def _matrix_figure(ratings: Ratings) -> Figure:
    from matplotlib import colormaps

    names = [rating.bot for rating in ratings.ratings]
    size = len(names)
    figure = _new_figure(1.0 + 0.7 * size, 0.8 + 0.6 * size)
    axes = figure.subplots()
    values = [
        [float("nan") if cell is None else cell for cell in row] for row in ratings.head_to_head
    ]
    image = axes.imshow(values, cmap=HEATMAP, vmin=0.0, vmax=1.0)
    for row in range(size):
        for column in range(size):
            cell = ratings.head_to_head[row][column]
            if cell is not None:
                axes.text(
                    column, row, f"{cell:.0%}", ha="center", va="center", fontsize=8,
                    color=label_colour(tuple(colormaps[HEATMAP](cell))),
                )
    axes.set_xticks(range(size), names, rotation=45, ha="right")
    axes.set_yticks(range(size), names)
    figure.colorbar(image, ax=axes, label="score")
    return figure


def _points_figure(points: dict[str, list[float]], order: Sequence[str]) -> Figure:
    names = [name for name in order if name in points]
    figure = _new_figure(8, 0.4 * max(1, len(names)) + 1.2)
    axes = figure.subplots()
    if names:
        axes.boxplot([points[name] for name in names], orientation="horizontal")
        axes.set_yticks(range(1, len(names) + 1), names)
        axes.invert_yaxis()
    axes.set_xlabel("points per game")
    return figure


SHARE_WORDS = {
    "deals": "the deal's luck for each seat (the same in every rotation)",
    "seats": "the seat itself (playing first or last)",
    "bots": "the bot in the seat",
    "rest": "the rest: bots doing better on some deals, their own random choices",
}


def _luck_and_skill(shares: VarianceShares | None) -> str:
    if shares is None:
        return "<p>Too few games to tell luck from skill.</p>"
    rows = "".join(
        f"<tr><td></td><td>{html.escape(SHARE_WORDS[name])}</td>"
        f"<td>{shares.component(name).share:.0%}</td>"
        f"<td>{_share_interval(shares.component(name).ci95)}</td></tr>"
        for name in COMPONENTS
    )
    head = "<tr><th></th><th>explained by</th><th>share</th><th>95% interval</th></tr>"
    note = (
        f'<p class="note">Shares of the variance of each seat\'s {shares.measure} '
        f"({shares.observations} seats in {shares.deal_count} deals), by an analysis of "
        "variance with the deal × seat luck, the seats and the bots as factors (omega "
        "squared); intervals by bootstrap over deals.</p>"
    )
    return f"<table>{head}{rows}</table>{note}"


def _share_interval(interval: tuple[float, float] | None) -> str:
    return "" if interval is None else f"[{interval[0]:.0%}, {interval[1]:.0%}]"


def _latencies(found: dict[str, Latency]) -> str:
    if not found:
        return "<p>None kept (games stored before reply times were).</p>"
    rows = "".join(
        f"<tr><td></td><td>{html.escape(bot)}</td><td>{measured.decisions}</td>"
        f"<td>{seconds_text(measured.median)}</td><td>{seconds_text(measured.longest)}</td></tr>"
        for bot, measured in found.items()
    )
    head = "<tr><th></th><th>bot</th><th>decisions</th><th>median</th><th>max</th></tr>"
    note = (
        '<p class="note">Each decision the referee timed (an external bot\'s own measure '
        "of its reply when it gives one).</p>"
    )
    return f"<table>{head}{rows}</table>{note}"


def _forfeits(faults: Forfeits) -> str:
    if not faults.by_bot:
        return "<p>None.</p>"
    rows = "".join(
        f"<tr><td></td><td>{html.escape(bot)}</td><td>{sum(kinds.values())}</td>"
        f"<td>{html.escape(fault_counts(kinds.items()))}<br>"
        f"<small>the first: {html.escape(faults.first_errors[bot])}</small></td></tr>"
        for bot, kinds in sorted(faults.by_bot.items())
    )
    return f"<table><tr><th></th><th>bot</th><th>forfeits</th><th>why</th></tr>{rows}</table>"
