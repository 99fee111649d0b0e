"""What a game's box holds: the one rule by which a score sheet that shows more of a
component than the box has is refused (``cheese score``).

>>> over_the_box([(1, "cat"), (2, "mouse"), (3, "cat")], {"cat": 1, "mouse": 20})
Overflow(where=3, component='cat', count=2, holds=1)
>>> over_the_box([(1, "dog")], {"cat": 1}).holds
0
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

Where = TypeVar("Where")
Component = TypeVar("Component", bound=Hashable)


@dataclass(frozen=True, slots=True)
class Overflow(Generic[Where, Component]):
    """The first place where a sheet shows more of a component than the box holds."""

    where: Where
    """Where the sheet shows one too many (a line number, a field)."""
    component: Component
    count: int
    """How many the sheet shows up to there."""
    holds: int
    """How many the box holds (0 for a component the box does not have)."""


def over_the_box(
    pieces: Iterable[tuple[Where, Component]], box: Mapping[Component, int]
) -> Overflow[Where, Component] | None:
    """The first of ``pieces`` (where, component), in sheet order, past what ``box`` holds
    of its component; ``None`` when the box holds them all."""
    seen: dict[Component, int] = {}
    for where, component in pieces:
        count = seen.get(component, 0) + 1
        seen[component] = count
        holds = box.get(component, 0)
        if count > holds:
            return Overflow(where, component, count, holds)
    return None
