"""determinize: consistent with the view, symbol inference, one rng draw, uniform."""

from __future__ import annotations

import random

from cheese.engine.get_the_cheese import GtcState, ReferenceGame
from cheese.engine.get_the_cheese.cards import (
    DOG,
    MOUSE,
    SYMBOL_CAT,
    SYMBOL_KINDS,
    SYMBOL_MOUSE,
    pile_of,
)
from cheese.engine.get_the_cheese.view import UNKNOWN_SYMBOL
from cheese.engine.luck import advance_chance, determinization_draw
from cheese.engine.play import random_policy

from .conftest import opening, run


def midgame(game: ReferenceGame, players: int, seed: int, decisions: int) -> GtcState:
    state = advance_chance(game.new_initial_state(num_players=players, seed=seed))
    policy = random_policy(random.Random(seed))
    for _ in range(decisions):
        if state.is_terminal():
            break
        state = advance_chance(state.apply(policy(state)))
    return state


def cards_of(state: GtcState, seat: int) -> tuple[int, ...]:
    """Everything ``seat`` owns, counted per kind: hand, deck and cards on the table."""
    placed = pile_of([card.kind for card in state.table.placed(seat)])
    return tuple(
        sum(counts)
        for counts in zip(state.table.hands[seat], state.table.decks[seat], placed, strict=True)
    )


def test_the_determinized_state_keeps_the_view_and_every_seats_cards(game: ReferenceGame) -> None:
    for seed in range(30):
        state = midgame(game, 3 + seed % 3, seed, decisions=seed % 40)
        for seat in range(state.num_players):
            sample = state.determinize(seat, random.Random(seed))
            assert sample.view(seat) == state.view(seat)
            assert sample.num_players == state.num_players and sample.options == state.options
            for owner in range(state.num_players):
                assert cards_of(sample, owner) == state.setup.options.composition


def test_it_depends_only_on_the_view_and_the_rng(game: ReferenceGame) -> None:
    first = opening(game, 3, ["mouse mouse mouse", "dog mouse cat*", "big big king"])
    second = opening(game, 3, ["mouse mouse mouse", "cat cat* mouse", "mouse big king"])
    first = run(first, "0:mouse,mouse,mouse; 3:dog,mouse,cat*; 5:big,big,king")
    second = run(second, "0:mouse,mouse,mouse; 3:cat,mouse,cat*; 5:mouse,big,king")
    assert first.view(0) == second.view(0)
    assert first.determinize(0, random.Random(5)) == second.determinize(0, random.Random(5))


def test_it_draws_exactly_one_64_bit_number_from_the_rng(game: ReferenceGame) -> None:
    state = midgame(game, 4, 3, decisions=10)
    used, fresh = random.Random(8), random.Random(8)
    state.determinize(1, used)
    fresh.getrandbits(64)
    assert used.getstate() == fresh.getstate()


def test_it_differs_across_rng_seeds_while_cards_are_hidden(game: ReferenceGame) -> None:
    state = midgame(game, 4, 4, decisions=6)
    tables = {state.determinize(0, random.Random(seed)).table for seed in range(20)}
    assert len(tables) > 10


def test_nothing_changes_once_everything_is_revealed(game: ReferenceGame) -> None:
    final = midgame(game, 3, 5, decisions=1000)
    assert final.is_terminal()
    assert final.determinize(2, random.Random(1)).table == final.table


def test_the_sample_gets_a_fresh_deal_seed(game: ReferenceGame) -> None:
    # Under paired luck the deal seed decides the future draws, which nobody knows.
    state = midgame(game, 4, 6, decisions=3)
    bits = random.Random(2).getrandbits(64)
    generator, deal_seed = determinization_draw(random.Random(2))
    sample = state.determinize(1, random.Random(2))
    assert generator.state == bits
    assert sample.seed == deal_seed != state.seed
    assert state.determinize(1, random.Random(2)) == sample


def test_face_down_cards_played_second_or_third_carry_the_symbol(game: ReferenceGame) -> None:
    for seed in range(40):
        state = midgame(game, 3, seed, decisions=12)
        view = state.view(0)
        sample = state.determinize(0, random.Random(seed))
        for line, sampled in zip(view.lines, sample.table.lines, strict=True):
            for seen, card in zip(line, sampled, strict=True):
                if seen.kind == UNKNOWN_SYMBOL:
                    assert card.kind in SYMBOL_KINDS


def test_the_documented_steps_on_a_three_card_deck(game: ReferenceGame) -> None:
    # Seat 1's deck is mouse, mouse*, cat*; it plays all three: one free slot (cheese 0)
    # and two constrained ones (cheeses 1 and 2), so the mouse must be the first card.
    composition = (1, 1, 0, 0, 0, 1, 0)
    hands = ["mouse mouse* cat*"] * 3
    state = run(opening(game, 3, hands, composition=composition), "3:mouse,mouse*,cat*")
    state = run(state, "0:mouse,mouse*,cat*")
    for seed in range(8):
        generator, _ = determinization_draw(random.Random(seed))
        symbols = [SYMBOL_MOUSE, SYMBOL_CAT]
        first = symbols.pop(generator.below(2))
        sample = state.determinize(0, random.Random(seed))
        kinds = [card.kind for card in sample.table.placed(1)]
        assert kinds == [MOUSE, first, symbols[0]]


def test_it_is_uniform_over_the_hidden_cards(game: ReferenceGame) -> None:
    # Seat 1 holds 3 of its 15 cards: each is the dog with chance 1/5.
    state = opening(game, 3, ["mouse mouse mouse", "big big dog", "mouse mouse mouse"])
    rng = random.Random(0)
    samples = 3000
    with_dog = sum(state.determinize(0, rng).table.hands[1][DOG] for _ in range(samples))
    assert abs(with_dog / samples - 3 / 15) < 0.03


def test_constrained_slots_are_uniform_over_the_symbol_cards(game: ReferenceGame) -> None:
    # Seat 1's face-down third card is one of its 2 mouse* or 1 cat*: a cat* 1 time in 3.
    state = opening(game, 3, ["mouse mouse mouse", "mouse mouse cat*", "mouse mouse mouse"])
    state = run(state, "0:mouse,mouse,mouse; 0:mouse,mouse,cat*")
    rng = random.Random(1)
    samples = 3000
    cats = sum(
        state.determinize(0, rng).table.lines[2][-1].kind == SYMBOL_CAT for _ in range(samples)
    )
    assert abs(cats / samples - 1 / 3) < 0.03
