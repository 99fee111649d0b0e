"""The spread of a Get The Cheese! bot's face-down choices: reruns of its plays, and the
chances that a search, or a model's draw, holds the card another search hid."""

from __future__ import annotations

import pytest

from cheese.bots.evaluation.get_the_cheese.face_down import UNIFORM
from tools.gtc_choice_spread import (
    DRAWN,
    PlayRerun,
    collect,
    main,
    model_agreement,
    self_agreement,
)

HAND = (2, 0, 0, 0, 1, 0, 1)  # two mice, a cat, a dog
NO_BINS = (0,) * 7


def test_two_searches_agree_when_they_hide_the_same_kind_and_not_when_they_draw() -> None:
    same = PlayRerun(HAND, NO_BINS, (4, 4, 4))
    split = PlayRerun(HAND, NO_BINS, (4, 0, 6))
    drawn = PlayRerun(HAND, NO_BINS, (DRAWN, DRAWN))
    assert self_agreement([same]) == 1.0
    assert self_agreement([split]) == 0.0
    assert self_agreement([drawn]) == 0.0
    assert self_agreement([same, split]) == 0.5


def test_a_uniform_draw_holds_a_kind_as_often_as_it_is_held() -> None:
    assert model_agreement([PlayRerun(HAND, NO_BINS, (0,))], UNIFORM) == pytest.approx(0.5)
    assert model_agreement([PlayRerun(HAND, NO_BINS, (4, DRAWN))], UNIFORM) == pytest.approx(0.125)


def test_the_reruns_are_the_same_for_any_number_of_workers() -> None:
    alone = collect(2, 2000, 3, "mcts:iterations=40", reruns=2)
    assert collect(2, 2000, 3, "mcts:iterations=40", reruns=2, workers=2) == alone
    assert alone and all(len(play.firsts) == 2 and sum(play.hand) in (3, 6) for play in alone)


def test_bad_input_gets_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["1", "--reruns", "1"], ["1", "--spec", "mcts:iterations=abc"]):
        with pytest.raises(SystemExit) as stopped:
            main(argv)
        assert stopped.value.code == 2
        error = capsys.readouterr().err
        assert error.startswith("gtc_choice_spread: ") and error.count("\n") == 1
