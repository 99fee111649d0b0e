"""The C engine against the reference: same seeds and decisions, same everything.

Both backends play the same games (decisions from one seeded ``random.Random``, chance by
paired luck). At every decision the legal-action lists must be equal. In the first games
every step is compared in full: chance weights and keys, the view, the action texts, and
determinizations. Every game's end is compared: scores, rank keys, places, final views.
Random placements lose most games to the traps within about 25 cards, so variants with
fewer traps reach the scoring of full tables, a crowded deck brings more cats and traps
together, and a deck of mice only gets enclosed.
"""

from __future__ import annotations

import os
import random

import pytest

from cheese.engine import OptionError, State
from cheese.engine.api import OptionValue
from cheese.engine.luck import resolve_chance

from ..differential import both_backends, play_pair

REFERENCE_GAME, NATIVE_GAME = both_backends("cheese-chasers")
CI_GAMES = int(os.environ.get("CHEESE_CHS_DIFFERENTIAL_GAMES", "2000"))
FULLY_CHECKED_GAMES = 200
SLOW_GAMES = 100_000

VARIANTS: dict[str, dict[str, OptionValue]] = {
    "default": {},
    "two-traps": {"traps": 2},
    "crowded": {"mice": 30, "cats": 12, "cheese": 12, "traps": 6},
    "mice-only": {"mice": 40, "cats": 0, "cheese": 0, "traps": 0},
}


def assert_same_step(reference: State, native: State, rng: random.Random) -> None:
    """Everything observable at one state, including determinizations."""
    assert native.chance_weights() == reference.chance_weights()
    if reference.is_chance_node():
        assert native.chance_key() == reference.chance_key()
    assert native.view(0) == reference.view(0)
    assert native.scores() == reference.scores()
    actions = reference.legal_actions()
    assert native.legal_actions() == actions
    if actions:
        texts = [reference.action_to_string(action) for action in actions]
        assert [native.action_to_string(action) for action in actions] == texts
        assert [native.parse_action(text) for text in texts] == actions
    rng_seed = rng.getrandbits(32)
    ours = reference.determinize(0, random.Random(rng_seed))
    theirs = native.determinize(0, random.Random(rng_seed))
    assert theirs.view(0) == ours.view(0)
    assert theirs.legal_actions() == ours.legal_actions()


def play_both(seed: int, options: dict[str, OptionValue], full: bool) -> str:
    """Play one game on both backends; returns how it ended."""
    reference, native = play_pair(
        REFERENCE_GAME.new_initial_state(1, seed, **options),
        NATIVE_GAME.new_initial_state(1, seed, **options),
        seed,
        assert_same_step if full else None,
    )
    final = reference.view(0)
    assert native.view(0) == final
    return str(final.ending)  # type: ignore[attr-defined]


def play_many(variant: str, games: int) -> dict[str, int]:
    """Play ``games`` seeds of ``variant`` on both backends; counts of each ending."""
    endings: dict[str, int] = {}
    for seed in range(games):
        ending = play_both(seed, VARIANTS[variant], full=seed < FULLY_CHECKED_GAMES)
        endings[ending] = endings.get(ending, 0) + 1
    return endings


def test_default_games_agree() -> None:
    endings = play_many("default", CI_GAMES)
    assert endings.get("trapped", 0) > CI_GAMES // 2


def test_two_trap_games_agree_and_score_full_tables() -> None:
    endings = play_many("two-traps", CI_GAMES)
    assert endings.get("complete", 0) > CI_GAMES // 2


def test_crowded_games_agree() -> None:
    play_many("crowded", CI_GAMES)


def test_mice_only_games_agree_and_get_enclosed() -> None:
    endings = play_many("mice-only", CI_GAMES)
    assert endings.get("enclosed", 0) > 0


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["default", "two-traps"])
def test_a_hundred_thousand_games_agree(variant: str) -> None:
    play_many(variant, SLOW_GAMES)


RING = "trap, trap E, mouse SE, mouse NE, mouse SE, mouse SW, trap N"
SPIRAL = "mouse, mouse E, mouse E, mouse S, mouse S, mouse W, mouse W, mouse N, mouse E"


def _deck(mice: int, cats: int, cheese: int, traps: int) -> dict[str, OptionValue]:
    return {"mice": mice, "cats": cats, "cheese": cheese, "traps": traps}


SCRIPTS: list[tuple[str, dict[str, OptionValue]]] = [
    *((f"{RING}, cat {d}", _deck(4, 1, 0, 3)) for d in ("NW", "NE", "SW", "SE")),
    (f"{RING}, cheese NE, cat E", _deck(4, 1, 1, 3)),
    ("cheese, mouse E, mouse SE, mouse SW, mouse NW, trap E", _deck(4, 0, 1, 1)),
    ("cheese, mouse N, mouse SE, mouse SW, mouse NW", _deck(4, 0, 1, 0)),
    (f"{SPIRAL}, mouse", _deck(10, 0, 0, 0)),
    ("trap, trap E, trap E", {}),
]


@pytest.mark.parametrize(("script", "options"), SCRIPTS)
def test_scripted_rule_cases_agree(script: str, options: dict[str, OptionValue]) -> None:
    """The rule cases of the reference's tests (reopened traps, a trap into a ready hole,
    a surrounded cheese, an enclosure, three traps), step by step on both backends."""
    reference = REFERENCE_GAME.new_initial_state(1, 0, **options)
    native = NATIVE_GAME.new_initial_state(1, 0, **options)
    for word in script.replace(",", " ").split():
        action = reference.parse_action(word)
        assert native.parse_action(word) == action
        reference, native = reference.apply(action), native.apply(action)
        assert native.view(0) == reference.view(0)
        assert native.legal_actions() == reference.legal_actions()
    assert native.is_terminal() and reference.is_terminal()
    assert native.scores() == reference.scores()


def test_a_straight_line_to_the_edge_of_the_largest_table() -> None:
    options: dict[str, OptionValue] = {"mice": 70, "cats": 10, "cheese": 15, "traps": 5}
    reference = REFERENCE_GAME.new_initial_state(1, 4, **options)
    native = NATIVE_GAME.new_initial_state(1, 4, **options)
    east = reference.apply(resolve_chance(reference))
    native = native.apply(resolve_chance(reference))
    reference = east
    while not reference.is_terminal():
        action = resolve_chance(reference) if reference.is_chance_node() else 4
        reference, native = reference.apply(action), native.apply(action)
        assert native.view(0) == reference.view(0)
    assert native.scores() == reference.scores()


def test_the_same_position_has_the_same_bytes() -> None:
    # Four mice in a square laid in two orders end on the same cell with the same table.
    def reach(directions: list[str]) -> State:
        state = NATIVE_GAME.new_initial_state(1, seed=2, mice=5, cats=0, cheese=0, traps=0)
        state = state.apply(0)
        for direction in directions:
            state = state.apply(0)
            state = state.apply(state.parse_action(direction))
        return state

    first = reach(["E", "SW", "E"])
    second = reach(["S", "NE", "S"])
    assert first == second and hash(first) == hash(second)
    assert first.data == second.data  # type: ignore[attr-defined]
    assert reach(["E", "SW"]) != reach(["S", "NE"])


def test_bad_options_are_refused_like_the_reference() -> None:
    for options in [{"mice": -1}, {"dogs": 1}, {"mice": 200}, {"cats": True}]:
        with pytest.raises(OptionError) as reference_error:
            REFERENCE_GAME.new_initial_state(**options)  # type: ignore[arg-type]
        with pytest.raises(OptionError) as native_error:
            NATIVE_GAME.new_initial_state(**options)  # type: ignore[arg-type]
        assert str(native_error.value) == str(reference_error.value)
    with pytest.raises(OptionError, match="num_players=1"):
        NATIVE_GAME.new_initial_state(num_players=2)


def test_illegal_actions_leave_the_state_unchanged() -> None:
    state = NATIVE_GAME.new_initial_state(seed=1, cats=0)
    for bad in (-1, 1, 4, 99):
        with pytest.raises(Exception, match="not legal"):
            state.apply(bad)
    placed = state.apply(0).apply(2)
    for bad in (-5, 8, 1000):
        with pytest.raises(Exception, match="not legal"):
            placed.apply(bad)
    taken = placed.apply(3)
    west = taken.apply(0)
    assert 4 not in west.legal_actions()
    with pytest.raises(Exception, match="not legal"):
        west.apply(4)
