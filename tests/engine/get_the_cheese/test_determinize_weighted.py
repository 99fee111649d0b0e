"""The weighted determinization: consistent with the view, the reference and C agree,
and the weights move the face-down cards toward the kinds they favour."""

from __future__ import annotations

import random

import pytest

from cheese.engine import State
from cheese.engine.get_the_cheese import GtcState, ReferenceGame
from cheese.engine.get_the_cheese.cards import CAT, DOG, KIND_COUNT, SYMBOL_CAT, SYMBOL_KINDS
from cheese.engine.get_the_cheese.determinize import (
    CARD_ODDS_COUNT,
    FIRST_PLACE_WEIGHTS,
    LINE_BINS,
    MAX_LINE,
    WEIGHT_COUNT,
    line_bins,
)
from cheese.engine.get_the_cheese.view import GtcView
from cheese.engine.luck import advance_chance
from cheese.engine.play import random_policy

from ..differential import both_backends
from .test_determinize import cards_of, midgame

REFERENCE_GAME, NATIVE_GAME = both_backends("get-the-cheese")
PLACE_WEIGHTS = [1000] * KIND_COUNT
SYMBOL_CAT_FIRST = [1000, 1000, 1000, 1000, 1000, 20_000, 1000]


def first_place(per_kind: list[int]) -> list[int]:
    """Weights of a card played first that do not depend on its line."""
    return [weight for weight in per_kind for _ in range(LINE_BINS)]


FAVOUR_CATS = first_place([*PLACE_WEIGHTS[:CAT], 20_000, 20_000, 1000]) + SYMBOL_CAT_FIRST * 2
FAVOUR_DOGS = first_place([*PLACE_WEIGHTS[:DOG], 50_000]) + PLACE_WEIGHTS * 2
CATCHING = [1000] * FIRST_PLACE_WEIGHTS + PLACE_WEIGHTS * 2
"""Cats drawn face down first where they catch, the more the more they catch; dogs where
they take a cat, mice where they eat."""
for kind in range(KIND_COUNT):
    for line_bin in range(1, LINE_BINS):
        CATCHING[kind * LINE_BINS + line_bin] = 1000 + 30_000 * line_bin


def hidden_first_cards(state: GtcState, seat: int) -> list[int]:
    """The kinds of the others' cards ``seat`` sees face down in 1st place."""
    view = state.view(seat)
    return [
        card.kind
        for seen, line in zip(view.lines, state.table.lines, strict=True)
        for shown, card in zip(seen, line, strict=True)
        if shown.owner != seat and shown.face_down and shown.position == 1
    ]


def test_it_keeps_the_view_and_every_seats_cards(game: ReferenceGame) -> None:
    for seed in range(30):
        state = midgame(game, 3 + seed % 3, seed, decisions=seed % 40)
        for seat in range(state.num_players):
            sample = state.determinize(seat, random.Random(seed), FAVOUR_CATS)
            assert sample.view(seat) == state.view(seat)
            for owner in range(state.num_players):
                assert cards_of(sample, owner) == state.setup.options.composition


def test_cards_played_second_or_third_face_down_keep_the_symbol(game: ReferenceGame) -> None:
    for seed in range(20):
        state = midgame(game, 4, seed, decisions=30)
        sample = state.determinize(0, random.Random(seed), FAVOUR_DOGS)
        for line, sampled in zip(state.table.lines, sample.table.lines, strict=True):
            for card, drawn in zip(line, sampled, strict=True):
                if card.position > 1 and card.kind in SYMBOL_KINDS:
                    assert drawn.kind in SYMBOL_KINDS


def test_the_weights_favour_their_kinds_in_the_first_place(game: ReferenceGame) -> None:
    state = midgame(game, 4, 11, decisions=24)
    assert len(hidden_first_cards(state, 0)) >= 6
    uniform_dogs = weighted_dogs = 0
    for seed in range(200):
        uniform = state.determinize(0, random.Random(seed))
        weighted = state.determinize(0, random.Random(seed), FAVOUR_DOGS)
        uniform_dogs += hidden_first_cards(uniform, 0).count(DOG)
        weighted_dogs += hidden_first_cards(weighted, 0).count(DOG)
    assert weighted_dogs > 2 * uniform_dogs


def test_equal_weights_keep_every_deal_possible(game: ReferenceGame) -> None:
    state = midgame(game, 3, 4, decisions=12)
    equal = [1000] * WEIGHT_COUNT
    tables = {state.determinize(0, random.Random(seed), equal).table for seed in range(30)}
    assert len(tables) > 10


def play_to(state: State, rng: random.Random, decisions: int) -> State:
    policy = random_policy(rng)
    for _ in range(decisions):
        if state.is_terminal():
            break
        state = advance_chance(state.apply(policy(state)))
    return state


def same_game_in_both(players: int, seed: int) -> tuple[State, State]:
    """The same seeded game, ``3 * seed`` random decisions in, in the reference engine
    and in C."""
    reference, native = (
        play_to(
            advance_chance(game.new_initial_state(players, seed)),
            random.Random(seed),
            decisions=3 * seed,
        )
        for game in (REFERENCE_GAME, NATIVE_GAME)
    )
    return reference, native


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_c_engine_draws_the_same_worlds_as_the_reference(players: int) -> None:
    for seed in range(12):
        reference, native = same_game_in_both(players, seed)
        for seat in range(players):
            for weights in (FAVOUR_CATS, FAVOUR_DOGS, CATCHING):
                ours = reference.determinize(seat, random.Random(seed + seat), weights)
                theirs = native.determinize(seat, random.Random(seed + seat), weights)
                for viewer in range(players):
                    assert theirs.view(viewer) == ours.view(viewer)


def random_card_odds(rng: random.Random) -> list[int]:
    """Odds for every place and kind, a third of them 0, so that some places have odds
    for none of the cards they may be (those are dealt uniformly)."""
    return [rng.choice((0, rng.randrange(1, 1000))) for _ in range(CARD_ODDS_COUNT)]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_the_c_engine_deals_the_same_worlds_by_card_odds_as_the_reference(players: int) -> None:
    for seed in range(12):
        reference, native = same_game_in_both(players, seed)
        odds = random_card_odds(random.Random(seed))
        for seat in range(players):
            ours = reference.determinize_by_odds(seat, random.Random(seed + seat), odds)
            theirs = native.determinize_by_odds(seat, random.Random(seed + seat), odds)
            assert ours.view(seat) == reference.view(seat)
            for viewer in range(players):
                assert theirs.view(viewer) == ours.view(viewer)


def test_card_odds_deal_each_card_by_its_own_place(game: ReferenceGame) -> None:
    state = midgame(game, 4, 11, decisions=24)
    view = state.view(0)
    assert isinstance(view, GtcView)
    places = [
        (cheese, index)
        for cheese, line in enumerate(view.lines)
        for index, card in enumerate(line)
        if card.owner != 0 and card.face_down and card.position == 1
    ]
    assert len(places) >= 2
    # All the odds of the first place on the kind it holds (its owner has that card
    # unseen, wherever the view stands): every world deals it there.
    cheese, index = places[0]
    held = state.table.lines[cheese][index].kind
    odds = [0] * CARD_ODDS_COUNT
    odds[(cheese * MAX_LINE + index) * KIND_COUNT + held] = 1
    for seed in range(20):
        world = state.determinize_by_odds(0, random.Random(seed), odds)
        assert world.table.lines[cheese][index].kind == held
    # The other places had no odds: dealt uniformly, so not always the same kind.
    others = {
        state.determinize_by_odds(0, random.Random(seed), odds).table.lines[c][i].kind
        for seed in range(20)
        for c, i in places[1:]
    }
    assert len(others) > 1


def test_card_odds_are_one_number_a_place_and_kind(game: ReferenceGame) -> None:
    state = midgame(game, 4, 11, decisions=24)
    native = advance_chance(NATIVE_GAME.new_initial_state(4, 11))
    for short in (state, native):
        with pytest.raises(ValueError, match=f"the card odds are {CARD_ODDS_COUNT} numbers"):
            short.determinize_by_odds(0, random.Random(1), [1] * 10)
    _, drop = both_backends("cheese-drop")
    with pytest.raises(ValueError, match="deals no cards by their odds"):
        advance_chance(drop.new_initial_state(seed=1)).determinize_by_odds(
            0, random.Random(1), [1] * CARD_ODDS_COUNT
        )


def test_a_game_without_a_weighted_determinization_says_so() -> None:
    _, native = both_backends("cheese-drop")
    state = advance_chance(native.new_initial_state(seed=1))
    with pytest.raises(ValueError, match="no weighted determinization"):
        state.determinize(0, random.Random(1), [1000])


def test_symbol_weights_favour_the_symbol_cat_in_second_place(game: ReferenceGame) -> None:
    state = midgame(game, 4, 7, decisions=24)
    view = state.view(0)
    assert isinstance(view, GtcView)
    favour = [1000] * FIRST_PLACE_WEIGHTS + [1000, 1, 1000, 1000, 1000, 50_000, 1000] * 2

    def symbol_cats(weights: list[int] | None) -> int:
        cats = 0
        for seed in range(100):
            sample = state.determinize(0, random.Random(seed), weights)
            for line, seen in zip(sample.table.lines, view.lines, strict=True):
                for card, shown in zip(line, seen, strict=True):
                    hidden_symbol = shown.owner != 0 and shown.kind < 0 and card.position > 1
                    cats += hidden_symbol and card.kind == SYMBOL_CAT
        return cats

    assert symbol_cats(favour) > 1.5 * symbol_cats(None)


def test_line_weights_put_the_cats_where_they_would_catch(game: ReferenceGame) -> None:
    state = midgame(game, 4, 11, decisions=24)
    view = state.view(0)
    assert isinstance(view, GtcView)
    slots = [
        (cheese, index, shown.owner)
        for cheese, line in enumerate(view.lines)
        for index, shown in enumerate(line)
        if shown.owner != 0 and shown.face_down and shown.position == 1
    ]
    catching = {
        (cheese, index) for cheese, index, owner in slots
        if line_bins(view, owner, (cheese, index))[CAT] > 0
    }
    assert 0 < len(catching) < len(slots)

    def cats_catching(weights: list[int] | None) -> int:
        cats = 0
        for seed in range(200):
            table = state.determinize(0, random.Random(seed), weights).table
            cats += sum(table.lines[c][i].kind in (CAT, SYMBOL_CAT) for c, i in catching)
        return cats

    assert cats_catching(CATCHING) > 2 * cats_catching(None)


def test_weights_of_another_length_are_refused(game: ReferenceGame) -> None:
    state = midgame(game, 3, 4, decisions=12)
    with pytest.raises(ValueError, match=f"are {WEIGHT_COUNT} numbers, not 21"):
        state.determinize(0, random.Random(1), [1000] * 21)
