"""A seat's view as a fixed-size float tensor, in named pieces (OpenSpiel's observer
layout, PettingZoo's observations).

Each game lays its view out in pieces whose shapes depend only on the player count and
the options: one-hot codes for seats, kinds, colours and phases, counts as numbers, and
fixed-length slot tables (a ``present`` flag first) for what grows during play (cards
on the table, marbles on the slope). The tensor is a function of the view alone, so two
states a seat cannot tell apart give that seat the same tensor. Each game's description
names its encoding here (``GameDescription.tensor_encoding``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Generic, TypeVar

import numpy as np
import numpy.typing as npt

from cheese.engine import CHANCE, TERMINAL, Seat
from cheese.engine.api import OptionValue
from cheese.engine.cheese_chasers.view import ENDINGS, ChasersView
from cheese.engine.cheese_chasers.view import VIEW_TYPE as CHASERS_VIEW
from cheese.engine.cheese_drop.core import COLOURS, EVENT_COUNT, LANE_COUNT, ROUNDS, SLOT_COUNT
from cheese.engine.cheese_drop.core import Phase as DropPhase
from cheese.engine.cheese_drop.marbles import BAGS
from cheese.engine.cheese_drop.view import VIEW_TYPE as DROP_VIEW
from cheese.engine.cheese_drop.view import DropView
from cheese.engine.games import describe
from cheese.engine.get_the_cheese.cards import KIND_COUNT
from cheese.engine.get_the_cheese.options import CHEESES_PER_PLAYER
from cheese.engine.get_the_cheese.view import UNKNOWN, UNKNOWN_SYMBOL, GtcView
from cheese.engine.get_the_cheese.view import VIEW_TYPE as GTC_VIEW
from cheese.engine.views import ViewType

Array = npt.NDArray[np.float32]
Shape = tuple[int, ...]
ViewT = TypeVar("ViewT")

DROP_COLUMNS = LANE_COUNT + EVENT_COUNT
GTC_CARD_FEATURES = KIND_COUNT + 2 + 1 + 3
"""A card in a line: kind one-hot (plus the two unknown kinds), face down, position 1-3."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The named pieces of a game's tensor, in order, with their shapes."""

    pieces: tuple[tuple[str, Shape], ...]

    @property
    def size(self) -> int:
        return sum(int(np.prod(shape)) for _, shape in self.pieces)

    def views(self, tensor: Array) -> dict[str, Array]:
        """Reshaped views of ``tensor`` (of ``size`` floats), one per piece."""
        parts: dict[str, Array] = {}
        start = 0
        for name, shape in self.pieces:
            end = start + int(np.prod(shape))
            parts[name] = tensor[start:end].reshape(shape)
            start = end
        return parts


def _player_code(parts: Mapping[str, Array], name: str, player: Seat) -> None:
    """One-hot of a seat, then CHANCE, then TERMINAL."""
    seats = parts[name].shape[0] - 2
    parts[name][seats if player == CHANCE else seats + 1 if player == TERMINAL else player] = 1


# --- Get The Cheese! -------------------------------------------------------------------
def _gtc_layout(num_players: int, options: Mapping[str, OptionValue]) -> Layout:
    composition = options["composition"]
    assert isinstance(composition, tuple)
    cheeses = CHEESES_PER_PLAYER * num_players
    # Every card of every seat could end up in one line.
    line_length = num_players * sum(composition)
    return Layout((
        ("seat", (num_players,)),
        ("current_player", (num_players + 2,)),
        ("to_move", (num_players,)),
        ("cheeses", (cheeses, 2)),
        ("line_owners", (cheeses, line_length, num_players)),
        ("line_cards", (cheeses, line_length, GTC_CARD_FEATURES)),
        ("hand", (KIND_COUNT,)),
        ("hand_sizes", (num_players,)),
        ("deck_sizes", (num_players,)),
        ("owed", (num_players,)),
        ("score_piles", (num_players, KIND_COUNT)),
    ))


def _gtc_write(view: GtcView, parts: Mapping[str, Array]) -> None:
    parts["seat"][view.seat] = 1
    _player_code(parts, "current_player", view.current_player)
    parts["to_move"][view.to_move] = 1
    for index, value in enumerate(view.cheeses):
        parts["cheeses"][index] = (1, value)
    for line_index, line in enumerate(view.lines):
        for card_index, card in enumerate(line):
            parts["line_owners"][line_index, card_index, card.owner] = 1
            features = parts["line_cards"][line_index, card_index]
            kind = (
                KIND_COUNT if card.kind == UNKNOWN
                else KIND_COUNT + 1 if card.kind == UNKNOWN_SYMBOL
                else card.kind
            )
            features[kind] = 1
            features[KIND_COUNT + 2] = card.face_down
            features[KIND_COUNT + 2 + card.position] = 1
    parts["hand"][:] = view.hand
    parts["hand_sizes"][:] = view.hand_sizes
    parts["deck_sizes"][:] = view.deck_sizes
    parts["owed"][:] = view.owed
    if view.score_piles is not None:
        parts["score_piles"][:] = view.score_piles


# --- Cheese Chasers --------------------------------------------------------------------
CHASERS_KINDS = 4


def _chasers_layout(num_players: int, options: Mapping[str, OptionValue]) -> Layout:
    total = sum(
        count for name in ("mice", "cats", "cheese", "traps")
        if isinstance(count := options[name], int)
    )
    return Layout((
        ("cards", (total, 3 + CHASERS_KINDS)),
        ("last", (3,)),
        ("pending", (CHASERS_KINDS + 1,)),
        ("left", (CHASERS_KINDS,)),
        ("ending", (len(ENDINGS) + 1,)),
    ))


def _chasers_write(view: ChasersView, parts: Mapping[str, Array]) -> None:
    for index, (x, y, kind) in enumerate(view.cards):
        parts["cards"][index, :3] = (1, x, y)
        parts["cards"][index, 3 + kind] = 1
    if view.last is not None:
        parts["last"][:] = (1, *view.last)
    parts["pending"][CHASERS_KINDS if view.pending is None else view.pending] = 1
    parts["left"][:] = view.left
    parts["ending"][0 if view.ending is None else 1 + ENDINGS.index(view.ending)] = 1


# --- Cheese Drop -----------------------------------------------------------------------
DROP_MARBLE_FEATURES = 1 + len(COLOURS) + 1 + SLOT_COUNT + 1 + LANE_COUNT
"""A marble: present, colour one-hot, drop, gate slot one-hot, rows fallen, seen lane."""
DROP_MAX_MARBLES = max(sum(bag) for bag in BAGS)


def _drop_layout(num_players: int, options: Mapping[str, OptionValue]) -> Layout:
    return Layout((
        ("seat", (num_players,)),
        ("round", (ROUNDS + 1,)),
        ("drop", (1,)),
        ("phase", (len(DropPhase),)),
        ("current_player", (num_players + 2,)),
        ("totals", (num_players,)),
        ("bag", (len(COLOURS),)),
        ("hand", (len(COLOURS),)),
        ("marbles", (DROP_MAX_MARBLES, DROP_MARBLE_FEATURES)),
        ("bets", (num_players, DROP_COLUMNS)),
        ("result_lanes", (ROUNDS, LANE_COUNT, len(COLOURS))),
        ("result_bets", (ROUNDS, num_players, DROP_COLUMNS)),
        ("result_points", (ROUNDS, num_players)),
    ))


def _drop_write(view: DropView, parts: Mapping[str, Array]) -> None:
    parts["seat"][view.seat] = 1
    parts["round"][view.round] = 1
    parts["drop"][0] = view.drop
    parts["phase"][int(view.phase)] = 1
    _player_code(parts, "current_player", view.current_player)
    parts["totals"][:] = view.totals
    parts["bag"][:] = view.bag
    parts["hand"][:] = view.hand
    for index, marble in enumerate(view.marbles):
        row = parts["marbles"][index]
        row[0] = 1
        row[1 + marble.colour] = 1
        row[1 + len(COLOURS)] = marble.drop
        row[2 + len(COLOURS) + marble.slot] = 1
        row[2 + len(COLOURS) + SLOT_COUNT] = marble.rows_fallen
        row[3 + len(COLOURS) + SLOT_COUNT + marble.seen_lane] = 1
    for seat, columns in enumerate(view.bets):
        parts["bets"][seat, list(columns)] = 1
    for index, result in enumerate(view.results):
        parts["result_lanes"][index] = result.lanes
        for seat, columns in enumerate(result.bets):
            parts["result_bets"][index, seat, list(columns)] = 1
        parts["result_points"][index] = result.points


@dataclass(frozen=True, slots=True)
class Encoding(Generic[ViewT]):
    """How one game lays out its tensor and writes a view of its own into it."""

    view_type: ViewType[ViewT]
    layout: Callable[[int, Mapping[str, OptionValue]], Layout]
    """The pieces for a player count and the normalised options."""
    write: Callable[[ViewT, Mapping[str, Array]], None]
    """Fills the pieces (all zero before) from a view."""

    def write_view(self, view: object, parts: Mapping[str, Array]) -> None:
        """``write`` of any view, checked to be of this game."""
        self.write(self.view_type.of(view), parts)


GET_THE_CHEESE = Encoding(GTC_VIEW, _gtc_layout, _gtc_write)
CHEESE_CHASERS = Encoding(CHASERS_VIEW, _chasers_layout, _chasers_write)
CHEESE_DROP = Encoding(DROP_VIEW, _drop_layout, _drop_write)


class ViewTensor:
    """A reusable tensor for one game's views, with a named view per piece.

    >>> from cheese.engine import load_game
    >>> state = load_game("cheese-chasers").new_initial_state(seed=1)
    >>> tensor = ViewTensor("cheese-chasers", 1, state.options)
    >>> tensor.set_from(state.view(0)).shape, tensor.parts["left"].tolist()
    ((296,), [20.0, 7.0, 9.0, 4.0])
    """

    __slots__ = ("_write", "layout", "parts", "tensor")

    def __init__(self, slug: str, num_players: int, options: Mapping[str, OptionValue]) -> None:
        encoding = describe(slug).tensor_encoding.load(Encoding)
        self._write = encoding.write_view
        self.layout = encoding.layout(num_players, options)
        self.tensor: Array = np.zeros(self.layout.size, np.float32)
        self.parts = self.layout.views(self.tensor)

    def set_from(self, view: object) -> Array:
        """Write ``view`` into the tensor (in place) and return it."""
        self.tensor.fill(0)
        self._write(view, self.parts)
        return self.tensor
