"""The MCTS loop in C (``search.c``) and the reward formula it uses, called from Python.

``search.c`` is compiled into the engine's extension and reaches a game through the table
of primitives its C engine exports (``<prefix>_game``); this module is the bots' one
wrapper of that extension, as ``cheese.engine.native.bridge`` is the engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from cheese.bots.mcts.config import KeptWorld
from cheese.engine import Action, Seat
from cheese.engine.native import NativeGame, NativeState
from cheese.engine.native._cheese_native import ffi, lib


def _game_table(game: NativeGame) -> Any:
    """The C table of ``game``'s primitives (a ``const ch_game *``)."""
    table: Callable[[], Any] = getattr(lib, f"{game.c_prefix}_game")
    return table()


def rewards(
    points: Sequence[int],
    rank_keys: Sequence[Sequence[int]],
    solitaire_scale: float = 1.0,
    solitaire_finish: float = 0.0,
) -> tuple[float, ...]:
    """The rewards of a finished game as the C search computes them (``ch_rewards``)."""
    seats = len(points)
    width = len(rank_keys[0])
    keys = [key for seat_keys in rank_keys for key in seat_keys]
    out = ffi.new("double[]", seats)
    lib.ch_rewards(seats, solitaire_scale, solitaire_finish, list(points), keys, width, out)
    return tuple(out[0:seats])


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What one C search (``search``) learnt about the moves at its root.

    ``children`` holds (action, visits, reward sum of the seat to act), most visited first
    (ties: the lower action); ``nodes`` counts the tree's nodes, the root included.
    """

    iterations: int
    elapsed: float
    nodes: int
    children: tuple[tuple[Action, int, float], ...]


SEARCH_ERRORS = MappingProxyType(
    {
        -1: "the search was given no game",
        -2: "the searching seat is not to act at the root",
        -3: "the search ran out of memory",
        -4: "the search settings are out of range",
        -5: "the game offered no legal action at a decision",
    }
)
"""What each error code of ``ch_search`` (``search.c``) means."""


def search(
    state: NativeState,
    seat: Seat,
    *,
    iterations: int,
    seconds: float | None,
    exploration: float,
    widen: float,
    policy: int,
    seed: int,
    solitaire_scale: float = 1.0,
    solitaire_finish: float = 0.0,
    priors: Mapping[Action, float] | None = None,
    prior_visits: int = 0,
    chance_nodes: bool = False,
    leaf_playouts: int = 1,
    determinize_weights: Sequence[int] | None = None,
    leaf_value: float = 0.0,
    others: int = 0,
    keep_world: KeptWorld = KeptWorld.NONE,
    redraw_table: float = 0.0,
    card_odds: Sequence[int] | None = None,
) -> SearchResult:
    """Information-set MCTS from ``state`` for ``seat``, wholly in C (``search.c``).

    Every iteration draws its own determinization of ``state`` for ``seat``, so only what
    the seat knows of ``state`` matters. ``iterations`` bounds the work (at least one
    iteration runs), ``seconds`` the wall-clock time; ``policy`` is the playout policy
    (0 uniform random, 1 the game's heuristic); ``widen`` 0 turns progressive widening
    off. With one seat the reward is 0 without points, else ``solitaire_finish`` plus the
    rest times points / (points + ``solitaire_scale``). ``priors`` gives root actions a
    value for the seat (e.g. the one-ply evaluation): each starts with ``prior_visits``
    virtual visits at it, which steer the search and are left out of the result.
    ``chance_nodes`` keys the tree by chance outcomes too (only right when the searching
    seat sees every outcome, as in a solitaire game without hidden cards);
    ``leaf_playouts`` playouts are averaged at each leaf. ``determinize_weights``
    deals the hidden cards by the game's weighted determinization with these weights.
    ``leaf_value`` (one seat, a game with a fitted value) weighs that value into each
    leaf's beside the playouts': (1 - w) times theirs plus w times the value's.
    ``others`` (a game whose moves are partly hidden): 0 keys the other seats' moves as
    played; 1 as ``seat`` sees them, playing one of those it cannot tell apart at random;
    2 grows a tree per seat, each keyed by the moves as its seat sees them.
    ``keep_world`` keeps ``state``, the true one, as it is (``KeptWorld.WORLD``: a
    clairvoyant search, which sees what ``state`` hides from the seat) or keeps its table
    and draws the others' hands (``KeptWorld.TABLE``); with ``redraw_table`` the chance
    that an iteration draws everything the seat cannot see instead of keeping the table,
    or with ``KeptWorld.CARDS`` that each hidden card on the table is dealt with the
    hands instead of kept. ``card_odds`` (a measuring instrument's, in a game with
    ``determinize_odds``: Get The Cheese!'s ``card_odds_count`` integers, row
    ``cheese * max_line + index``, a column per kind) deals each hidden card on the table
    by the odds of its own place instead of uniformly.
    """
    game = state.game
    assert isinstance(game, NativeGame), f"not a native game: {game!r}"
    settings = ffi.new("ch_search_settings *")
    settings.iterations = iterations
    settings.seconds = seconds or 0.0
    settings.exploration = exploration
    settings.widen = widen
    settings.policy = policy
    settings.num_players = state.num_players
    settings.seat = seat
    settings.solitaire_scale = solitaire_scale
    settings.solitaire_finish = solitaire_finish
    settings.seed = seed & 0xFFFFFFFFFFFFFFFF
    settings.prior_visits = prior_visits
    settings.chance_nodes = int(chance_nodes)
    settings.leaf_playouts = leaf_playouts
    weights = ffi.new("int64_t[]", list(determinize_weights)) if determinize_weights else None
    settings.determinize_weights = weights if weights is not None else ffi.NULL
    settings.leaf_value = leaf_value
    settings.others_seen = others
    settings.keep_world = int(keep_world)
    settings.redraw_table = redraw_table
    odds = ffi.new("int64_t[]", list(card_odds)) if card_odds else None
    settings.card_odds = odds if odds is not None else ffi.NULL
    prior_items = sorted(priors.items()) if priors else []
    prior_actions = ffi.new("int32_t[]", [action for action, _ in prior_items] or [0])
    prior_values = ffi.new("double[]", [value for _, value in prior_items] or [0.0])
    capacity = game.functions.max_actions
    actions = ffi.new("int32_t[]", capacity)
    visits = ffi.new("int64_t[]", capacity)
    reward_sums = ffi.new("double[]", capacity)
    report = ffi.new("ch_search_report *")
    count: int = lib.ch_search(
        _game_table(game), state.data, settings, prior_actions, prior_values, len(prior_items),
        actions, visits, reward_sums, capacity, report,
    )
    if count < 0:
        problem = SEARCH_ERRORS.get(count, f"search error {count}")
        raise ValueError(f"{problem} ({state!r}, seat {seat})")
    children = tuple(
        (int(actions[index]), int(visits[index]), float(reward_sums[index]))
        for index in range(count)
    )
    return SearchResult(int(report.iterations), float(report.elapsed), int(report.nodes), children)
