"""A level table as text at 80 columns (what `cheese levels` prints)."""

from __future__ import annotations

import textwrap

from cheese.engine import game_info
from cheese.levels.table import Level, LevelTable

WIDTH = 80
SPEC_WIDTH = 30


def table_text(table: LevelTable) -> str:
    """The table: a heading, one line a level, and the command that measured it."""
    info = game_info(table.game)
    seats = "solitaire" if table.players == 1 else f"{table.players} players"
    lines = textwrap.wrap(
        f"{info.title} ({table.game}), {seats}: {table.scale}", WIDTH, break_on_hyphens=False
    )
    if table.measure == "elo":
        lines.append(
            f"{'level':<6} {'spec':<{SPEC_WIDTH}} {'Elo':>5} {'±':>4}  {'95% interval':<14} "
            f"{'games':>6}"
        )
        lines += [_elo_line(level) for level in table.levels]
    else:
        lines.append(
            f"{'level':<6} {'spec':<{SPEC_WIDTH}} {'done':>6}  {'95% interval':<14} "
            f"{'score':>5} {'games':>6}"
        )
        lines += [_completion_line(level) for level in table.levels]
    left_out = [
        spec for spec in table.candidates if spec not in {level.spec for level in table.levels}
    ]
    if left_out:
        lines += textwrap.wrap(
            "also measured, too close to a level to be one: " + ", ".join(left_out), WIDTH
        )
    lines += textwrap.wrap(
        f"measured {table.date} with cheese {table.version}, {table.games:,} games:",
        WIDTH,
        break_on_hyphens=False,
    )
    lines += textwrap.wrap(
        table.command,
        WIDTH,
        initial_indent="  ",
        subsequent_indent="    ",
        break_on_hyphens=False,
    )
    return "\n".join(lines)


def _spec(level: Level) -> str:
    spec = level.spec
    return spec if len(spec) <= SPEC_WIDTH else spec[: SPEC_WIDTH - 1] + "…"


def _elo_line(level: Level) -> str:
    interval = f"[{level.ci95[0]:.0f}, {level.ci95[1]:.0f}]"
    half = (level.ci95[1] - level.ci95[0]) / 2
    return (
        f"{level.level:<6} {_spec(level):<{SPEC_WIDTH}} {level.value:>5.0f} {half:>4.0f}  "
        f"{interval:<14} "
        f"{level.games:>6}"
    )


def _completion_line(level: Level) -> str:
    interval = f"[{level.ci95[0]:.1%}, {level.ci95[1]:.1%}]"
    return (
        f"{level.level:<6} {_spec(level):<{SPEC_WIDTH}} {level.value:>6.1%}  {interval:<14} "
        f"{level.score:>5.1f} {level.games:>6}"
    )
