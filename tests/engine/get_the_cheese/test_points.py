"""Points by source: one test per scoring source of the rules, then random games of
both backends whose rows add up to the scores."""

from __future__ import annotations

import random

import pytest

from cheese.engine import State, load_game
from cheese.engine.get_the_cheese.cards import (
    BIG_MOUSE,
    CAT,
    EMPTY_PILE,
    KING_MOUSE,
    MOUSE,
    add_card,
    pile_points,
)
from cheese.engine.get_the_cheese.points import (
    SOURCES,
    PointsBySource,
    Source,
    points_by_source,
    points_of_state,
    points_of_view,
)
from cheese.engine.get_the_cheese.resolve import Animal, Gain, score_piles
from cheese.engine.get_the_cheese.view import VIEW_TYPE, revealed_lines

from .conftest import animals

B, G, P, R, Y = range(5)
GAMES_PER_COUNT = 100


def one_cheese(value: int, text: str) -> PointsBySource:
    return points_by_source(5, [(value, animals(text))])


def test_step_1_dogs_chase_cats_of_another_colour_for_3_points() -> None:
    points = one_cheese(2, "r:cat b:dog b:cat*")
    assert points.row(B) == (3, 0, 0, 0)
    [scored] = points.scored
    assert (scored.source, scored.gain, scored.points) == (Source.CATS_CHASED, Gain(B, CAT, R), 3)


def test_step_2_cats_catch_mice_king_mice_included_at_their_values() -> None:
    points = one_cheese(2, "b:king b:big r:cat")
    assert points.row(R) == (0, 1 + 2, 0, 0)
    assert [item.gain for item in points.scored] == [
        Gain(R, BIG_MOUSE, B),
        Gain(R, KING_MOUSE, B),
    ]
    assert points.row(B) == (0, 0, 0, 0)


def test_steps_3_and_4_king_mice_go_first_and_eat_in_their_own_column() -> None:
    points = one_cheese(1, "g:mouse b:king")
    assert points.row(B) == (0, 0, 1, 0)
    assert points.row(G) == (0, 0, 0, 0), "the king took the only place"


def test_step_4_the_other_mice_that_eat_score_their_values() -> None:
    points = one_cheese(2, "b:big g:dog g:mouse r:mouse")
    assert points.row(B) == (0, 0, 0, 2)
    assert points.row(G) == (0, 0, 0, 1)
    assert points.row(R) == (0, 0, 0, 0), "beyond the cheese's 2 mice"


def test_the_worked_line_by_source() -> None:
    points = one_cheese(3, "r:mouse b:mouse g:cat r:big b:dog r:cat g:mouse g:king")
    by_seat = {seat: dict(zip(SOURCES, points.row(seat), strict=True)) for seat in (B, G, R)}
    assert by_seat[B][Source.CATS_CHASED] == 3
    assert by_seat[G] == {
        Source.CATS_CHASED: 0,
        Source.MICE_CAUGHT: 2,
        Source.KING_MICE_FED: 1,
        Source.MICE_FED: 1,
    }
    assert by_seat[R][Source.MICE_FED] == 2
    assert points.totals() == (3, 4, 0, 2, 0)


def test_each_cheese_keeps_its_own_cards() -> None:
    points = points_by_source(3, [(2, animals("g:cat b:dog")), (2, animals("r:mouse"))])
    assert [item.gain for item in points.at(0).scored] == [Gain(B, CAT, G)]
    assert points.at(0).totals() == (3, 0, 0)
    assert [item.gain for item in points.at(1).scored] == [Gain(R, MOUSE, R)]
    assert points.at(2).scored == ()


def played(state: State, rng: random.Random, steps: int | None = None) -> State:
    """``state`` after ``steps`` random actions (chance by its weights), or to the end."""
    while not state.is_terminal() and (steps is None or steps > 0):
        if state.is_chance_node():
            actions, weights = zip(*state.chance_weights(), strict=True)
            state = state.apply(rng.choices(actions, weights)[0])
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
        steps = None if steps is None else steps - 1
    return state


def new_game(backend: str, players: int, seed: int) -> State:
    return load_game("get-the-cheese", backend=backend).new_initial_state(players, seed=seed)


@pytest.mark.parametrize("backend", ["reference", "native"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_rows_add_up_to_the_scores_in_random_games(backend: str, players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        final = played(new_game(backend, players, seed), random.Random(seed))
        points = points_of_state(final)
        assert [sum(points.row(seat)) for seat in range(players)] == list(final.scores())
        assert points.totals() == final.scores()
        final_view = VIEW_TYPE.of(final.view(seed % players))
        assert points_of_view(final_view) == points
        # Card by card, the sources are the score piles, caught king mice included.
        piles = [EMPTY_PILE] * players
        for item in points.scored:
            piles[item.gain.seat] = add_card(piles[item.gain.seat], item.gain.kind)
        assert tuple(piles) == final_view.score_piles
        by_cheese = [points.at(cheese).totals() for cheese in range(len(final_view.lines))]
        assert tuple(map(sum, zip(*by_cheese, strict=True))) == final.scores()


def test_a_state_before_the_end_gives_what_its_lines_would_score() -> None:
    middle = played(new_game("reference", 3, 7), random.Random(7), steps=60)
    assert not middle.is_terminal()
    views = VIEW_TYPE.each_of(middle.revealed_view())
    lines = [[Animal(card.owner, card.kind) for card in line] for line in revealed_lines(views)]
    piles = score_piles(3, zip(views[0].cheeses, lines, strict=True))
    assert points_of_state(middle).totals() == tuple(pile_points(pile) for pile in piles)
    assert any(card.kind < 0 for line in views[0].lines for card in line)
    with pytest.raises(ValueError, match="face down and unknown"):
        points_of_view(views[0])
