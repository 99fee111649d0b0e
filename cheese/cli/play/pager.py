"""Output longer than the terminal, one screen at a time.

A block (a cheese resolved, a round scored, a move of a replay) is kept on one screen
when it fits on one: the pager waits before a block that would not fit in the rows left,
and splits only a block taller than a whole screen. One row of each screen is kept for
the prompt, so nothing printed scrolls off the top before the person has read it.

>>> import io
>>> from rich.console import Console
>>> from rich.text import Text
>>> console = Console(file=io.StringIO(), width=20, height=4, color_system=None)
>>> asked = []
>>> page(console, [Text("a\\nb"), Text("c\\nd"), Text("e")], asked.append)
>>> console.file.getvalue().split(), asked
(['a', 'b', 'c', 'd', 'e'], ['Enter for more'])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console, RenderableType
from rich.segment import Segment, Segments

MORE = "Enter for more"
"""The prompt between two screens of output."""


def screen_rows(console: Console) -> int:
    """How many rows of output fit on one screen above the prompt's row (at least 1)."""
    return max(1, console.height - 1)


def page(
    console: Console,
    blocks: Sequence[RenderableType],
    wait: Callable[[str], str],
    *,
    shown: int = 0,
) -> None:
    """Print ``blocks``, calling ``wait(MORE)`` before the output would scroll past one
    screen (``console.height`` rows, one kept for the prompt).

    ``shown`` counts the rows already on the screen above the first block. What ``wait``
    raises (end of input, Ctrl-C) stops the paging and reaches the caller.
    """
    room = screen_rows(console)
    used = shown
    for block in blocks:
        lines = console.render_lines(block, console.options, pad=False, new_lines=False)
        if used and used + len(lines) > room and len(lines) <= room:
            wait(MORE)
            used = 0
        for line in lines:
            if used >= room:
                wait(MORE)
                used = 0
            console.print(Segments([*line, Segment.line()]), end="")
            used += 1
