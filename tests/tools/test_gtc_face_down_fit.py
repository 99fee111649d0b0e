"""Fitting which cards Get The Cheese! players put face down: the choices read from a
play, the logit fit, the shipped model and its command."""

from __future__ import annotations

import math

import pytest

from cheese.bots.evaluation.get_the_cheese import face_down
from cheese.bots.evaluation.get_the_cheese.face_down import FaceDownChoice, fit, load_model
from cheese.engine import load_game
from cheese.engine.get_the_cheese.cards import BIG_MOUSE, CAT, DOG, MOUSE, SYMBOL_CAT
from cheese.engine.get_the_cheese.determinize import (
    CATCHES,
    FIRST_PLACE_WEIGHTS,
    LINE_BINS,
    TAKES,
    WEIGHT_COUNT,
    line_bins,
)
from cheese.engine.get_the_cheese.moves import DRAW, play_action
from cheese.engine.luck import advance_chance
from tools.gtc_face_down_fit import collect, command_line, fitted_model, play_choices


def test_a_play_gives_its_first_card_and_its_symbol_cards() -> None:
    state = advance_chance(load_game("get-the-cheese").new_initial_state(3, seed=2))
    seat = state.current_player
    hand = state.view(seat).hand
    kinds = [kind for kind, count in enumerate(hand) for _ in range(count)]
    action = play_action(0, (kinds[0], kinds[1], kinds[2]))
    choices = play_choices(state, seat, action)
    observer = state.view((seat + 1) % state.num_players)
    assert choices[0] == FaceDownChoice(1, hand, kinds[0], line_bins(observer, seat, (0, 0)))
    assert [choice.place for choice in choices[1:]] == [
        place for place, kind in ((2, kinds[1]), (3, kinds[2])) if kind in (1, 5)
    ]
    assert play_choices(state, seat, DRAW) == []


def test_the_fit_recovers_the_weight_the_choices_were_drawn_with() -> None:
    # a hand of one mouse, one cat, one dog: cat chosen 4 times in 7, mouse 2, dog 1
    hand = (1, 0, 0, 0, 1, 0, 1)
    choices = (
        [FaceDownChoice(1, hand, CAT)] * 400
        + [FaceDownChoice(1, hand, MOUSE)] * 200
        + [FaceDownChoice(1, hand, DOG)] * 100
    )
    weights = fit(choices).weights[0]
    assert weights[MOUSE] == 0.0
    assert weights[CAT] == pytest.approx(math.log(2), abs=0.01)
    assert weights[DOG] == pytest.approx(math.log(0.5), abs=0.01)
    assert weights[BIG_MOUSE] == 0.0


def test_the_count_held_of_a_kind_is_not_a_preference() -> None:
    # three mice and one big mouse, each card as likely: no weight either way
    hand = (3, 0, 1, 0, 0, 0, 0)
    choices = [FaceDownChoice(1, hand, MOUSE)] * 300 + [FaceDownChoice(1, hand, BIG_MOUSE)] * 100
    assert fit(choices).weights[0][BIG_MOUSE] == pytest.approx(0.0, abs=0.01)


def test_places_two_and_three_weigh_the_symbol_cat_against_the_symbol_mouse() -> None:
    hand = (2, 1, 0, 0, 1, 1, 0)
    choices = [FaceDownChoice(3, hand, SYMBOL_CAT)] * 30 + [FaceDownChoice(3, hand, 1)] * 10
    weights = fit(choices).weights
    assert weights[2][SYMBOL_CAT] == pytest.approx(math.log(3), abs=0.02)
    assert weights[1] == (0.0,) * 7


def test_draw_weights_are_scaled_integers_never_zero() -> None:
    model = face_down.FaceDownModel(weights=((0.0, math.log(2), -50.0, 0, 0, 0, 0),) * 3)
    weights = model.draw_weights()
    assert len(weights) == WEIGHT_COUNT
    # place 1: four bins a kind, all alike without line weights
    assert weights[: 3 * LINE_BINS] == (1000,) * LINE_BINS + (2000,) * LINE_BINS + (1,) * 4
    # places 2 and 3: one a kind
    assert weights[FIRST_PLACE_WEIGHTS : FIRST_PLACE_WEIGHTS + 3] == (1000, 2000, 1)


def test_the_line_weights_scale_each_kinds_bins() -> None:
    model = face_down.FaceDownModel(weights=((0.0,) * 7,) * 3, line=(1.0, 2.0, -1.0))
    weights = model.draw_weights()
    cat = weights[CAT * LINE_BINS : (CAT + 1) * LINE_BINS]
    assert cat == tuple(round(1000 * math.exp(catches)) for catches in range(LINE_BINS))
    assert weights[DOG * LINE_BINS + 1] == round(1000 * math.exp(2.0))
    assert weights[MOUSE * LINE_BINS + 1] == round(1000 * math.exp(-1.0))


def test_the_fit_recovers_the_line_weight_the_choices_were_drawn_with() -> None:
    # a mouse and a dog in hand; the dog goes first twice as often behind another's cat
    hand = (1, 0, 0, 0, 0, 0, 1)
    behind_a_cat = (0, 0, 0, 0, 0, 0, 1)
    choices = (
        [FaceDownChoice(1, hand, DOG, behind_a_cat)] * 200
        + [FaceDownChoice(1, hand, MOUSE, behind_a_cat)] * 100
        + [FaceDownChoice(1, hand, DOG)] * 100
        + [FaceDownChoice(1, hand, MOUSE)] * 100
    )
    model = fit(choices)
    assert model.weights[0][DOG] == pytest.approx(0.0, abs=0.01)
    assert model.line[TAKES] == pytest.approx(math.log(2), abs=0.01)


def test_the_shipped_model_names_the_command_that_made_it() -> None:
    model = load_model()
    assert model.command == command_line(400, 1000, 4, "mcts:iterations=2000")
    assert model.choices > 1000
    assert len(model.draw_weights()) == WEIGHT_COUNT
    assert model.line[CATCHES] > 0 and model.line[TAKES] > 0


def test_the_fit_is_reproduced_from_its_seed() -> None:
    first = fitted_model(1, 1000, 3, "mcts:iterations=30")
    again = fitted_model(1, 1000, 3, "mcts:iterations=30")
    assert first == again
    assert first.choices > 10
    assert face_down.encode_model(first) == face_down.encode_model(again)
    assert first.command == command_line(1, 1000, 3, "mcts:iterations=30")


def test_the_choices_do_not_depend_on_the_number_of_workers() -> None:
    alone = collect(3, 1000, 3, "mcts:iterations=30")
    assert collect(3, 1000, 3, "mcts:iterations=30", workers=2) == alone
    assert len({choice.available for choice in alone}) > 3


@pytest.mark.slow
def test_the_shipped_model_is_reproduced_by_its_command() -> None:
    assert fitted_model(400, 1000, 4, "mcts:iterations=2000") == load_model()
