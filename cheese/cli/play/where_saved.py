"""The lines that tell a person how to continue or replay a saved game.

Whatever a person is asked to type stands on a line of its own that fits 80 columns: a
game in the records directory is named by its short id, any other by its path, alone
on its line.
"""

from __future__ import annotations

from pathlib import Path

from cheese.cli.play.record_file import records_directory
from cheese.cli.play.saved_games import short_id

WIDTH = 80


def record_name(path: Path) -> str | None:
    """The short id of a record in the records directory, None for one elsewhere."""
    try:
        inside = path.resolve().parent == records_directory().resolve()
    except OSError:
        return None
    return short_id(path) if inside else None


def saved_lines(path: Path, finished: bool) -> list[str]:
    """How to replay the game saved in ``path`` and, unless ``finished``, continue it.

    >>> for line in saved_lines(Path("/tmp/game.json"), finished=False):
    ...     print(line)
    Game saved to
      /tmp/game.json
    Continue it:  cheese play --continue /tmp/game.json
    Replay it:    cheese replay /tmp/game.json
    """
    name = record_name(path)
    commands = [("Replay it:    ", "cheese replay")]
    if not finished:
        commands.insert(0, ("Continue it:  ", "cheese play --continue"))
    if name is not None:
        lines = [f"Game saved as {name} (cheese saved lists your games)."]
        return lines + [f"{lead}{command} {name}" for lead, command in commands]
    lines = ["Game saved to", f"  {path}"]
    for lead, command in commands:
        line = f"{lead}{command} {path}"
        lines.append(line if len(line) <= WIDTH else f"{lead}{command} followed by that path")
    return lines
