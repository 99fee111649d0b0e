"""The Python half of the C engine (``cheese/engine/native/chs.c``): options, views, text.

Options are validated by the reference's own parser and passed to ``chs_init`` as the
four card counts in kind order. A view comes back as flat ints,
``[n, (x, y, kind) * n, last_x, last_y, pending, left * 4, ending]`` (``pending`` -1 for
none, ``ending`` 0 while playing, then 1 complete, 2 trapped, 3 enclosed), and is decoded
into the same ``ChasersView`` the reference builds. Notation is the reference's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cheese.engine.api import Action, OptionValue, Seat
from cheese.engine.cheese_chasers import notation
from cheese.engine.cheese_chasers.options import parse_options
from cheese.engine.cheese_chasers.view import ENDINGS, VIEW_TYPE, ChasersView
from cheese.engine.description import ViewCodec
from cheese.engine.views import ViewType

NO_CARD = -1
PLAYING = 0



@dataclass(frozen=True, slots=True)
class ChasersCodec(ViewCodec[ChasersView, tuple[ChasersView, ...]]):
    """What the generic native bridge needs to know about Cheese Chasers."""

    @property
    def view_type(self) -> ViewType[ChasersView]:
        return VIEW_TYPE

    def parse_options(
        self, num_players: int, options: Mapping[str, OptionValue]
    ) -> tuple[Mapping[str, OptionValue], list[int]]:
        composition = parse_options(num_players, options)
        return composition.as_options(), list(composition.counts)

    def decode_view(
        self, seat: Seat, ints: Sequence[int], options: Mapping[str, OptionValue]
    ) -> ChasersView:
        count = ints[0]
        cards = tuple(
            (ints[1 + 3 * i], ints[2 + 3 * i], ints[3 + 3 * i]) for i in range(count)
        )
        last_x, last_y, pending, mice, cats, cheese, traps, ending = ints[1 + 3 * count :]
        return ChasersView(
            cards=cards,
            last=(last_x, last_y) if count else None,
            pending=None if pending == NO_CARD else pending,
            left=(mice, cats, cheese, traps),
            ending=None if ending == PLAYING else ENDINGS[ending - 1],
        )

    def reveal(self, views: tuple[ChasersView, ...], state: bytes) -> tuple[ChasersView, ...]:
        """Every seat's view: together they show the whole position."""
        return views

    def name_action(self, view: ChasersView, action: Action) -> str:
        return notation.action_to_string(view, action)

    def read_action(self, view: ChasersView, text: str) -> Action:
        return notation.parse_action(view, text)


CODEC = ChasersCodec()
