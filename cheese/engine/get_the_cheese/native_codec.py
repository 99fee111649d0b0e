"""The Python half of the C engine (``cheese/engine/native/gtc.c``): options, views, text.

Options are validated by the reference's own parser and passed to ``gtc_init`` as ints:
``start_player, 7 composition counts, number of cheese cards, their values``. A view comes
back as flat ints (layout documented above ``gtc_view``) and is decoded into the same
``GtcView`` the reference builds. Notation is the reference's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cheese.engine.api import Action, OptionValue, Seat
from cheese.engine.description import ViewCodec
from cheese.engine.get_the_cheese import notation
from cheese.engine.get_the_cheese.cards import KIND_COUNT
from cheese.engine.get_the_cheese.options import parse_options
from cheese.engine.get_the_cheese.view import VIEW_TYPE, CardView, GtcView
from cheese.engine.views import ViewType


@dataclass(frozen=True, slots=True)
class GtcCodec(ViewCodec[GtcView, tuple[GtcView, ...]]):
    """What the generic native bridge needs to know about Get The Cheese!."""

    @property
    def view_type(self) -> ViewType[GtcView]:
        return VIEW_TYPE

    def parse_options(
        self, num_players: int, options: Mapping[str, OptionValue]
    ) -> tuple[Mapping[str, OptionValue], list[int]]:
        parsed = parse_options(num_players, options)
        ints = [
            parsed.start_player,
            *parsed.composition,
            len(parsed.cheese_values),
            *parsed.cheese_values,
        ]
        return parsed.as_dict(), ints

    def decode_view(
        self, seat: Seat, ints: Sequence[int], options: Mapping[str, OptionValue]
    ) -> GtcView:
        data = list(ints)
        viewer, current_player, to_move, players, cheese_count, dealt = data[:6]
        if viewer != seat:
            raise ValueError(f"the native view is of seat {viewer}, not {seat}")
        at = 6 + dealt
        cheeses = tuple(data[6:at])
        lines = []
        for _ in range(cheese_count):
            end = at + 1 + 4 * data[at]
            lines.append(
                tuple(
                    CardView(data[i], data[i + 1], data[i + 2] == 1, data[i + 3])
                    for i in range(at + 1, end, 4)
                )
            )
            at = end
        hand = tuple(data[at : at + KIND_COUNT])
        at += KIND_COUNT
        hand_sizes, deck_sizes, owed = (
            tuple(data[at + k * players : at + (k + 1) * players]) for k in range(3)
        )
        at += 3 * players
        piles = None
        if data[at]:
            at += 1
            piles = tuple(
                tuple(data[at + KIND_COUNT * other : at + KIND_COUNT * (other + 1)])
                for other in range(players)
            )
        return GtcView(
            seat=viewer,
            current_player=current_player,
            to_move=to_move,
            cheeses=cheeses,
            lines=tuple(lines),
            hand=hand,
            hand_sizes=hand_sizes,
            deck_sizes=deck_sizes,
            owed=owed,
            score_piles=piles,
        )

    def reveal(self, views: tuple[GtcView, ...], state: bytes) -> tuple[GtcView, ...]:
        """Every seat's view: together they show the whole position."""
        return views

    def name_action(self, view: GtcView, action: Action) -> str:
        return notation.action_to_string(view, action)

    def read_action(self, view: GtcView, text: str) -> Action:
        return notation.parse_action(view, text)


CODEC = GtcCodec()
