"""The engine's one module that touches cffi's ``ffi`` and ``lib``.

Every game's C engine exports the same functions under its prefix (``gtc_apply``,
``chs_apply``, ``cdp_apply`` …). A ``NativeState`` is the packed C struct held as
immutable ``bytes`` plus a shared ``Setup`` (game, players, seed, options); ``apply``
copies the bytes, lets C mutate the copy, and wraps the result. Everything game-specific
on the Python side (options, view decoding, notation) comes from the game's codec.
"""

from __future__ import annotations

import random
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any

from cheese.engine.api import (
    Action,
    Game,
    IllegalActionError,
    NotAChanceNodeError,
    OptionError,
    OptionValue,
    Seat,
    State,
)
from cheese.engine.description import GameDescription
from cheese.engine.games import GAMES, describe
from cheese.engine.luck import determinization_draw

try:
    from cheese.engine.native._cheese_native import ffi, lib
except ImportError as error:  # pragma: no cover - exercised when the build is missing
    raise ImportError(f"the compiled extension is missing ({error})") from None


def _check_extension() -> None:
    """Refuse an extension compiled from older C files (some game's table is missing)."""
    stale = [game.slug for game in GAMES if not hasattr(lib, f"{game.c_prefix}_game")]
    if stale:
        raise ImportError(
            f"the compiled extension is out of date (no C table of {', '.join(stale)}); "
            "rebuild it: python cheese/native_build.py"
        )


_check_extension()

VIEW_JSON_BYTES = 65536
"""Room for a view's JSON written in C: a view is a few kilobytes; a larger one is
written again into a buffer twice the size, until it fits."""


class _Functions:
    """A game's C entry points looked up once, plus scratch buffers for their outputs.

    The scratch buffers are only written and read inside one call of a bridge method, and
    the results are copied out before returning, so sharing them between states is safe
    within a process (the engine is not used from several threads at once).
    """

    __slots__ = (
        "state_size", "max_actions", "view_size", "init", "current_player", "legal_actions",
        "chance_weights", "chance_key", "apply", "scores", "rank_keys", "view", "determinize",
        "table", "actions_out", "weights_out", "ints_out", "apply_pointer",
        "determinize_pointer", "scratch", "facts", "view_json", "notation_key", "text_out",
    )

    def __init__(self, prefix: str) -> None:
        # C entry points return plain ints; cffi offers no static types for them.
        def entry(name: str) -> Callable[..., Any]:
            function: Callable[..., Any] = getattr(lib, f"{prefix}_{name}")
            return function

        self.state_size = int(getattr(lib, f"{prefix}_state_size")())
        self.max_actions = int(getattr(lib, f"{prefix}_max_actions")())
        self.view_size = int(getattr(lib, f"{prefix}_view_size")())
        self.init = entry("init")
        self.current_player = entry("current_player")
        self.legal_actions = entry("legal_actions")
        self.chance_weights = entry("chance_weights")
        self.chance_key = entry("chance_key")
        self.apply = entry("apply")
        self.scores = entry("scores")
        self.rank_keys = entry("rank_keys")
        self.view = entry("view")
        self.determinize = entry("determinize")
        self.view_json = entry("view_json")
        self.notation_key = entry("notation_key")
        self.table = entry("game")()  # the game's primitives, for loops written once in C
        self.actions_out = ffi.new("int32_t[]", self.max_actions)
        self.weights_out = ffi.new("int64_t[]", self.max_actions)
        self.ints_out = ffi.new("int32_t[]", max(self.view_size, 64))
        self.apply_pointer = ffi.addressof(lib, f"{prefix}_apply")
        self.determinize_pointer = ffi.addressof(lib, f"{prefix}_determinize")
        self.scratch = ffi.new("char[]", self.state_size)
        self.text_out = ffi.new("char[]", VIEW_JSON_BYTES)
        self.facts = _facts(entry("fact_name"), entry("fact_value"))


def _facts(
    name_of: Callable[[int], Any], value_of: Callable[[int], int]
) -> Mapping[str, int]:
    """A game's facts (``CH_GAME_FACTS``): the C's limits, layouts and option places by
    name, listed until the C names no more."""
    facts: dict[str, int] = {}
    index = 0
    while (name := name_of(index)) != ffi.NULL:
        facts[ffi.string(name).decode()] = int(value_of(index))
        index += 1
    return MappingProxyType(facts)


@dataclass(frozen=True, slots=True, eq=False)
class Setup:
    """What every state of one game shares: the game, seats, deal seed and options."""

    game: NativeGame
    num_players: int
    seed: int
    options: Mapping[str, OptionValue]
    option_key: tuple[tuple[str, OptionValue], ...]

    def same_as(self, other: Setup) -> bool:
        return self is other or (
            self.game.info.slug == other.game.info.slug
            and self.num_players == other.num_players
            and self.seed == other.seed
            and self.option_key == other.option_key
        )


class NativeGame(Game):
    """A game whose states are C structs."""

    backend = "native"

    def __init__(self, description: GameDescription) -> None:
        self.info = description.info
        self.codec = description.native_codec
        self.view_ended_early = description.ended_early
        self.c_prefix = description.c_prefix
        self.functions = _Functions(description.c_prefix)

    def default_options(self) -> dict[str, OptionValue]:
        normalised, _ = self.codec.parse_options(self.info.default_players, {})
        return dict(normalised)

    def new_initial_state(
        self, num_players: int | None = None, seed: int = 0, **options: OptionValue
    ) -> NativeState:
        players = self.info.check_players(num_players)
        normalised, option_ints = self.codec.parse_options(players, options)
        data = bytearray(self.functions.state_size)
        error = self.functions.init(
            ffi.from_buffer("uint8_t[]", data),
            players,
            seed & 0xFFFFFFFFFFFFFFFF,
            option_ints,
            len(option_ints),
        )
        if error:
            raise OptionError(
                f"the native {self.info.slug} engine refused the options (code {error})"
            )
        frozen = MappingProxyType(dict(normalised))
        setup = Setup(
            self, players, seed & 0xFFFFFFFFFFFFFFFF, frozen, tuple(sorted(frozen.items()))
        )
        return NativeState(setup, bytes(data))


def int64_array(values: Sequence[int]) -> Any:
    """``values`` as C's ``int64_t[]``: an ``array("q")`` lent without a copy (a reading
    deals many worlds by the same thousands of odds), any other sequence copied."""
    if isinstance(values, array) and values.typecode == "q":
        return ffi.from_buffer("int64_t[]", values)
    return ffi.new("int64_t[]", list(values))


class NativeState(State):
    """An immutable position of a native game: the C struct's bytes plus the setup."""

    __slots__ = ("_setup", "_data")

    def __init__(self, setup: Setup, data: bytes) -> None:
        self._setup = setup
        self._data = data

    # --- identity -------------------------------------------------------------------
    @property
    def game(self) -> Game:
        return self._setup.game

    @property
    def num_players(self) -> int:
        return self._setup.num_players

    @property
    def seed(self) -> int:
        return self._setup.seed

    @property
    def options(self) -> Mapping[str, OptionValue]:
        return self._setup.options

    @property
    def data(self) -> bytes:
        """The packed C struct (for C code that takes a state, such as a search)."""
        return self._data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, NativeState):
            return NotImplemented
        return self._data == other._data and self._setup.same_as(other._setup)

    def __hash__(self) -> int:
        return hash((self._setup.game.info.slug, self._setup.seed, self._data))

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # The setup holds the compiled library, which cannot be pickled: rebuild it from
        # plain values in the receiving process.
        setup = self._setup
        return (
            _restore_state,
            (setup.game.info.slug, setup.num_players, setup.seed, setup.option_key, self._data),
        )

    def __repr__(self) -> str:
        return (
            f"<NativeState {self._setup.game.info.slug} players={self.num_players} "
            f"seed={self.seed} player={self.current_player}>"
        )

    # --- play -----------------------------------------------------------------------
    @property
    def current_player(self) -> Seat:
        player: int = self._setup.game.functions.current_player(self._data)
        return player

    def legal_actions(self) -> list[Action]:
        functions = self._setup.game.functions
        count: int = functions.legal_actions(self._data, functions.actions_out)
        actions: list[int] = ffi.unpack(functions.actions_out, count)
        return actions

    def chance_weights(self) -> list[tuple[Action, int]]:
        functions = self._setup.game.functions
        count: int = functions.chance_weights(
            self._data, functions.actions_out, functions.weights_out
        )
        return list(
            zip(ffi.unpack(functions.actions_out, count), ffi.unpack(functions.weights_out, count))
        )

    def chance_key(self) -> int:
        if not self.is_chance_node():
            raise NotAChanceNodeError(
                f"chance_key() needs a chance node; this state's player is {self.current_player}"
            )
        key: int = self._setup.game.functions.chance_key(self._data)
        return key

    def apply(self, action: Action) -> NativeState:
        functions = self._setup.game.functions
        scratch = functions.scratch
        if lib.ch_apply_copy(
            functions.apply_pointer, self._data, scratch, functions.state_size, action
        ):
            raise IllegalActionError(
                f"action {action} is not legal here; legal: {self.legal_actions()[:20]}"
            )
        return NativeState(self._setup, ffi.unpack(scratch, functions.state_size))

    # --- outcome --------------------------------------------------------------------
    def scores(self) -> tuple[int, ...]:
        functions = self._setup.game.functions
        functions.scores(self._data, functions.actions_out)
        return tuple(ffi.unpack(functions.actions_out, self.num_players))

    def ended_early(self) -> bool:
        return self._setup.game.view_ended_early(self.view(0))

    def rank_keys(self) -> tuple[tuple[int, ...], ...]:
        functions = self._setup.game.functions
        width: int = functions.rank_keys(self._data, functions.ints_out)
        flat = ffi.unpack(functions.ints_out, width * self.num_players)
        return tuple(
            tuple(flat[seat * width : (seat + 1) * width]) for seat in range(self.num_players)
        )

    # --- information ----------------------------------------------------------------
    def view(self, seat: Seat) -> object:
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not in 0..{self.num_players - 1}")
        functions = self._setup.game.functions
        length: int = functions.view(self._data, seat, functions.ints_out)
        return self._setup.game.codec.decode_view(
            seat, ffi.unpack(functions.ints_out, length), self._setup.options
        )

    def view_json_text(self, seat: Seat) -> bytes:
        """``seat``'s view as JSON, written by the C engine (the bytes the referee's
        encoder writes from the game's ``view_json``), without building the view."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not in 0..{self.num_players - 1}")
        functions = self._setup.game.functions
        length: int = functions.view_json(
            self._data, seat, functions.text_out, len(functions.text_out)
        )
        while length < 0:
            functions.text_out = ffi.new("char[]", 2 * len(functions.text_out))
            length = functions.view_json(
                self._data, seat, functions.text_out, len(functions.text_out)
            )
        return ffi.unpack(functions.text_out, length)  # type: ignore[no-any-return]

    def notation_key(self) -> int:
        functions = self._setup.game.functions
        return int(functions.notation_key(self._data))

    def revealed_view(self) -> object:
        views = tuple(self.view(seat) for seat in range(self.num_players))
        return self._setup.game.codec.revealed_view(views, self._data)

    def determinize(
        self, seat: Seat, rng: random.Random, weights: Sequence[int] | None = None
    ) -> NativeState:
        """The hidden cards dealt anew for ``seat``; ``weights`` draws them with the
        game's weighted determinization (a ``ValueError`` in a game without one)."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not in 0..{self.num_players - 1}")
        if weights is not None:
            return self._dealt_by(
                lib.ch_determinize_weighted_copy, seat, rng, int64_array(weights),
                f"{self._setup.game.info.slug} has no weighted determinization",
            )
        functions = self._setup.game.functions
        generator, deal_seed = determinization_draw(rng)
        lib.ch_determinize_copy(
            functions.determinize_pointer,
            self._data,
            functions.scratch,
            functions.state_size,
            seat,
            generator.state,
        )
        return self._dealt(deal_seed)

    def determinize_by_odds(
        self, seat: Seat, rng: random.Random, card_odds: Sequence[int]
    ) -> NativeState:
        """The hidden cards dealt anew for ``seat``, each card on the table it cannot
        see drawn by ``card_odds``, the game's odds per card and kind (its native fact
        ``card_odds_count`` integers; a card without odds is dealt uniformly), as the
        search deals its worlds by them (a ``ValueError`` in a game without them). An
        ``array("q")`` is lent to C as it is; other sequences are copied each call."""
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not in 0..{self.num_players - 1}")
        missing = f"{self._setup.game.info.slug} deals no cards by their odds"
        count = self._setup.game.functions.facts.get("card_odds_count")
        if count is None:
            raise ValueError(missing)
        if len(card_odds) != count:
            # C reads all of them: a shorter buffer would be read past its end.
            raise ValueError(f"the card odds are {count} numbers, not {len(card_odds)}")
        return self._dealt_by(
            lib.ch_determinize_odds_copy, seat, rng, int64_array(card_odds), missing
        )

    def _dealt_by(
        self, deal: Callable[..., int], seat: Seat, rng: random.Random, numbers: Any, missing: str
    ) -> NativeState:
        """A copy dealt for ``seat`` by the C ``deal`` (``ch_determinize_weighted_copy``
        or ``ch_determinize_odds_copy``) with the game's ``numbers``; ``ValueError``
        ``missing`` when the game has no such deal."""
        functions = self._setup.game.functions
        generator, deal_seed = determinization_draw(rng)
        if deal(
            getattr(lib, f"{self._setup.game.c_prefix}_game")(),
            self._data,
            functions.scratch,
            functions.state_size,
            seat,
            generator.state,
            numbers,
        ):
            raise ValueError(missing)
        return self._dealt(deal_seed)

    def _dealt(self, deal_seed: int) -> NativeState:
        """The state the last deal left in the game's scratch buffer, under ``deal_seed``."""
        functions = self._setup.game.functions
        return NativeState(
            replace(self._setup, seed=deal_seed),
            ffi.unpack(functions.scratch, functions.state_size),
        )

    # --- notation -------------------------------------------------------------------
    def _actor_view(self) -> object:
        player = self.current_player
        return self.view(player if player >= 0 else 0)

    def action_to_string(self, action: Action) -> str:
        return self._setup.game.codec.action_to_string(self._actor_view(), action)

    def parse_action(self, text: str) -> Action:
        return self._setup.game.codec.parse_action(self._actor_view(), text)


@dataclass(frozen=True, slots=True)
class PlayoutTotals:
    """Sums over a batch of playouts: per-seat points and win shares."""

    playouts: int
    score_sums: tuple[float, ...]
    win_shares: tuple[float, ...]


def playouts(state: NativeState, count: int, seed: int, policy: int = 0) -> PlayoutTotals:
    """Run ``count`` playouts from ``state`` wholly in C (policy 0 random, 1 heuristic);
    a policy the C code does not have runs none (``playouts`` 0)."""
    functions = state._setup.game.functions
    seats = state.num_players
    score_sums = ffi.new("double[]", seats)
    win_shares = ffi.new("double[]", seats)
    done: int = lib.ch_playouts(
        functions.table, state.data, count, seed & 0xFFFFFFFFFFFFFFFF, policy, score_sums,
        win_shares,
    )
    return PlayoutTotals(done, tuple(score_sums[0:seats]), tuple(win_shares[0:seats]))


OUTCOME_SEATS = 8
"""``CH_MAX_PLAYERS`` of ``common.h``: the seats' stride in ``ch_playout_outcomes``."""
OUTCOME_KEY_WIDTH = 8
"""``CH_MAX_RANK_WIDTH`` of ``common.h``: the rank keys' stride there."""


@dataclass(frozen=True, slots=True)
class PlayoutOutcome:
    """How one playout ended: each seat's points and rank key."""

    points: tuple[int, ...]
    rank_keys: tuple[tuple[int, ...], ...]


def _played_out(
    state: NativeState, count: int, seed: int, policy: int
) -> tuple[int, Any, Any]:
    """``count`` playouts in C: the rank keys' width (0 for a policy the C code does not
    have) and the buffers of each playout's points and rank keys."""
    functions = state._setup.game.functions
    points = ffi.new("int32_t[]", count * OUTCOME_SEATS)
    keys = ffi.new("int32_t[]", count * OUTCOME_SEATS * OUTCOME_KEY_WIDTH)
    width: int = lib.ch_playout_outcomes(
        functions.table, state.data, count, seed & 0xFFFFFFFFFFFFFFFF, policy, points, keys
    )
    return width, points, keys


def playout_outcomes(
    state: NativeState, count: int, seed: int, policy: int = 0
) -> list[PlayoutOutcome]:
    """``count`` playouts from ``state`` wholly in C (as ``playouts``), each one's end
    kept; none for a policy the C code does not have."""
    seats = state.num_players
    width, points, keys = _played_out(state, count, seed, policy)
    if width == 0:
        return []
    outcomes = []
    for run in range(count):
        first = run * OUTCOME_SEATS
        outcomes.append(
            PlayoutOutcome(
                tuple(points[first : first + seats]),
                tuple(
                    tuple(
                        keys[(first + seat) * OUTCOME_KEY_WIDTH + index] for index in range(width)
                    )
                    for seat in range(seats)
                ),
            )
        )
    return outcomes


def playout_points(
    state: NativeState, count: int, seed: int, policy: int = 0
) -> list[tuple[int, ...]]:
    """Each seat's final points in each of ``count`` playouts from ``state`` wholly in C
    (``playout_outcomes``' playouts, without the rank keys); none for a policy the C code
    does not have."""
    seats = state.num_players
    width, points, _ = _played_out(state, count, seed, policy)
    if width == 0:
        return []
    unpacked: list[int] = ffi.unpack(points, count * OUTCOME_SEATS)
    return [
        tuple(unpacked[first : first + seats])
        for first in range(0, count * OUTCOME_SEATS, OUTCOME_SEATS)
    ]


def chasers_playout_finishes(
    state: NativeState, weights: Sequence[float], count: int, seed: int
) -> int:
    """How many of ``count`` Cheese Chasers heuristic playouts from ``state`` finish with
    points when the heuristic weighs its terms by ``weights`` (one per term of
    ``chs_playout_weights.h``): ``playout_points(state, count, seed, 1)`` but for the
    weights. What the fit of the playout heuristic maximises."""
    slug = state._setup.game.info.slug
    if slug != "cheese-chasers":
        raise ValueError(f"the playout heuristic's weights are Cheese Chasers', not {slug}'s")
    terms: int = lib.chs_playout_terms()
    if len(weights) != terms:
        raise ValueError(f"the playout heuristic has {terms} weights, not {len(weights)}")
    table = ffi.new("double[]", [float(weight) for weight in weights])
    finished: int = lib.chs_playout_finishes(state.data, table, count, seed & 0xFFFFFFFFFFFFFFFF)
    return finished


@dataclass(frozen=True)
class PlacementTerms:
    """The Cheese Chasers playout heuristic's terms of each placement of a decision
    (``chasers_action_terms``): its value is their dot product with the weights."""

    terms: tuple[tuple[float, ...], ...]
    """One row per placement, one number per weight of ``chs_playout_weights.h``."""
    loses: tuple[bool, ...]
    """The placements that lose at once (a third active trap, or no room for the next
    card), which the heuristic never makes while another is left; their rows are 0."""


def chasers_action_terms(data: bytes, actions: Sequence[int]) -> PlacementTerms:
    """The heuristic's terms of each placement ``actions`` (directions) of the card
    waiting in the Cheese Chasers position of C state bytes ``data``
    (``NativeState.data``): what ``tools/chasers_search_agreement.py`` fits a search's
    choices to."""
    width: int = lib.chs_playout_terms()
    count = len(actions)
    chosen = ffi.new("int32_t[]", [int(action) for action in actions] or [0])
    terms = ffi.new("double[]", max(count * width, 1))
    loses = ffi.new("int32_t[]", max(count, 1))
    if count and lib.chs_action_terms(data, chosen, count, terms, loses) != count:
        raise ValueError("no card is waiting to be placed")
    rows: list[float] = ffi.unpack(terms, count * width)
    return PlacementTerms(
        tuple(tuple(rows[first : first + width]) for first in range(0, count * width, width)),
        tuple(bool(flag) for flag in ffi.unpack(loses, count)),
    )


@dataclass(frozen=True)
class ClairvoyantSolve:
    """What the clairvoyant solver found for one deck order (``chasers_solve_order``)."""

    completed: bool | None
    """True: a completion was found; False: no placements complete the deal; None: the
    budget ran out before either was shown."""
    line: tuple[int, ...]
    """The completion's placements, a direction per draw (-1 at the origin); empty unless
    completed."""
    nodes: int
    """The placements searched."""


def chasers_solve_order(state: NativeState, order: Sequence[int], budget: int) -> ClairvoyantSolve:
    """Whether the Cheese Chasers deal of ``state`` (a draw next) can be completed by a
    player who knows the deck's ``order`` (the kinds still to draw), searched depth-first
    over at most ``budget`` placements. A measuring instrument (``tools/chasers_ceiling.py``):
    no bot knows the order."""
    slug = state._setup.game.info.slug
    if slug != "cheese-chasers":
        raise ValueError(f"the clairvoyant solver plays Cheese Chasers, not {slug}")
    kinds = ffi.new("int32_t[]", [int(kind) for kind in order] or [0])
    line = ffi.new("int32_t[]", max(len(order), 1))
    nodes = ffi.new("int64_t *")
    result: int = lib.chs_solve_order(state.data, kinds, len(order), budget, line, nodes)
    if result == -2:
        raise ValueError(
            "the order is not the kinds of the cards still in the deck, or a card is pending"
        )
    completed = None if result < 0 else result == 1
    placed = tuple(ffi.unpack(line, len(order))) if completed else ()
    return ClairvoyantSolve(completed, placed, int(nodes[0]))


def _restore_state(
    slug: str,
    num_players: int,
    seed: int,
    option_key: tuple[tuple[str, OptionValue], ...],
    data: bytes,
) -> NativeState:
    """A pickled ``NativeState`` rebuilt (``NativeState.__reduce__``)."""
    game = load_native_game(slug)
    options = MappingProxyType(dict(option_key))
    return NativeState(Setup(game, num_players, seed, options, option_key), data)


def native_facts(slug: str) -> Mapping[str, int]:
    """What the C engine of ``slug`` says of the numbers its Python half mirrors: limits
    (``max_players``), byte offsets in the state, each option's place in the init's ints
    (``option.<name>``). A test holds the Python constants against them."""
    return load_native_game(slug).functions.facts


def load_native_game(slug: str) -> NativeGame:
    """The native game ``slug`` (its codec supplies options, views and notation)."""
    return NativeGame(describe(slug))


def chasers_value_features(data: bytes) -> list[float]:
    """The Cheese Chasers leaf value's features of a position after a placement, from its
    C state's bytes (``NativeState.data``); empty for any other position. What
    ``tools/chasers_value_fit.py`` fits the value's weights to."""
    features = ffi.new("double[]", lib.chs_value_feature_count())
    count: int = lib.chs_value_features(data, features)
    return list(ffi.unpack(features, count))


def chasers_value(data: bytes) -> float | None:
    """The fitted chance that the Cheese Chasers position (a C state's bytes, after a
    placement) is completed; None for any other position."""
    value: float = lib.chs_value(data)
    return None if value < 0 else value


def seen_action(state: NativeState, action: Action, seat: Seat) -> Action | None:
    """The decision ``action`` of the player to move as ``seat`` sees it: the action the
    C search keys it by under ``mcts:others=seen`` (Get The Cheese!: a play with its
    face-down cards hidden); None in a game whose moves every seat sees whole."""
    game = getattr(lib, f"{state._setup.game.c_prefix}_game")()
    seen: int = lib.ch_seen_action(game, state.data, action, seat)
    return None if seen < 0 else seen
