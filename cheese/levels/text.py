"""A level table as text at 80 columns (what `cheese levels` prints): each level's number,
name and bot, the sentence saying which scale its Elo is on, and the table sizes the game
has."""

from __future__ import annotations

import textwrap

from cheese.engine import game_info
from cheese.levels.ladders import ladders_of
from cheese.levels.table import Level, LevelTable
from cheese.ratings.scales import levels_scale
from cheese.words import counted, cut, in_full

WIDTH = 80
SPEC_WIDTH = 28
NAME_WIDTH = 8
NO_BREAK = "\xa0"
"""Binds a flag to its value in a wrapped command (``textwrap`` never breaks there)."""


def table_text(table: LevelTable) -> str:
    """The table: a heading, one line a level, and the command that measured it."""
    info = game_info(table.game)
    seats = "solitaire" if table.players == 1 else f"{table.players} players"
    lines = textwrap.wrap(
        f"{info.title} ({table.game}), {seats}: {table.scale}", WIDTH, break_on_hyphens=False
    )
    if table.measure == "elo":
        lines += textwrap.wrap(levels_scale(table.players), WIDTH)
        lines.append(
            f"{'level':<5} {'name':<{NAME_WIDTH}} {'spec':<{SPEC_WIDTH}} {'Elo':>5} {'±':>4}  "
            f"{'95% interval':<14} {'games':>6}"
        )
        lines += [_elo_line(level, table.name(level.level)) for level in table.levels]
    else:
        lines.append(
            f"{'level':<5} {'name':<{NAME_WIDTH}} {'spec':<{SPEC_WIDTH}} {'done':>6}  "
            f"{'95% interval':<14} {'score':>5} {'games':>6}"
        )
        lines += [_completion_line(level, table.name(level.level)) for level in table.levels]
    for level in table.levels:
        if cut(level.spec, SPEC_WIDTH) != level.spec:  # cut short in its row: here whole
            lines += in_full(f"level {level.level}", level.spec, WIDTH)
    measured = {bot.spec: bot for bot in table.also_measured}
    left_out = [
        _also_measured(spec, measured.get(spec), table.measure)
        for spec in table.candidates
        if spec not in {level.spec for level in table.levels}
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
        _flags_kept_whole(table.command),
        WIDTH,
        initial_indent="  ",
        subsequent_indent="    ",
        break_on_hyphens=False,
    )
    lines = [line.replace(NO_BREAK, " ") for line in lines]
    lines += textwrap.wrap(sizes_line(table), WIDTH, break_on_hyphens=False)
    return "\n".join(lines)


def _flags_kept_whole(command: str) -> str:
    """The command with each flag bound to its value, so a wrapped line never ends
    between them.

    >>> _flags_kept_whole("cheese levels calibrate x --games 9").split(" ")[-1]
    '--games\xa09'
    """
    return command.replace(" ", NO_BREAK).replace(NO_BREAK + "--", " --")


def sizes_line(table: LevelTable) -> str:
    """The table sizes the game has levels at, and how to see another.

    >>> from cheese.levels import level_table
    >>> sizes_line(level_table("cheese-chasers"))
    'levels at 1 player only'
    >>> sizes_line(level_table("cheese-drop", 3))
    'levels at 2, 3, 4, 5 players (this: 3): cheese levels cheese-drop --players N'
    """
    sizes = ladders_of(table.game).players
    if sizes == (table.players,):
        return f"levels at {counted(table.players, 'player')} only"
    listed = ", ".join(str(size) for size in sizes)
    return (
        f"levels at {listed} players (this: {table.players}): "
        f"cheese levels {table.game} --players N"
    )


def _elo_line(level: Level, name: str) -> str:
    interval = f"[{level.ci95[0]:.0f}, {level.ci95[1]:.0f}]"
    half = (level.ci95[1] - level.ci95[0]) / 2
    return (
        f"{level.level:<5} {name:<{NAME_WIDTH}} {cut(level.spec, SPEC_WIDTH):<{SPEC_WIDTH}} "
        f"{level.value:>5.0f} {half:>4.0f}  "
        f"{interval:<14} "
        f"{level.games:>6}"
    )


def _completion_line(level: Level, name: str) -> str:
    interval = f"[{level.ci95[0]:.1%}, {level.ci95[1]:.1%}]"
    return (
        f"{level.level:<5} {name:<{NAME_WIDTH}} {cut(level.spec, SPEC_WIDTH):<{SPEC_WIDTH}} "
        f"{level.value:>6.1%}  {interval:<14} "
        f"{level.score:>5.1f} {level.games:>6}"
    )


def _also_measured(spec: str, bot: Level | None, measure: str) -> str:
    """A candidate that is no level, with what it measured when the table kept it (bound
    to its spec, so a wrapped line never parts them).

    >>> _also_measured("mcts", Level(0, "mcts", 1681.4, (1660.0, 1700.0), 9, 0.7), "elo")
    'mcts\\xa0(1681)'
    >>> _also_measured("expectimax", None, "completion")
    'expectimax'
    """
    if bot is None:
        return spec
    value = f"{bot.value:.0f}" if measure == "elo" else f"{bot.value:.1%}"
    return f"{spec}{NO_BREAK}({value})"
