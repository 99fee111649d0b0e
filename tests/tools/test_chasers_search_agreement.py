"""How often the playout heuristic places a card where a search does: the teacher's game is
the one ``chasers_completion.py`` plays, the conditional logit recovers the weights that
made the choices, and the report's usage errors are one line."""

from __future__ import annotations

import numpy as np
import pytest

from cheese.engine.cheese_chasers.cards import CAT, CHEESE, MOUSE, TRAP
from cheese.engine.cheese_chasers.view import ChasersView
from tools.chasers_completion import play_deal
from tools.chasers_search_agreement import (
    KINDS,
    Extras,
    best_share,
    fit_logit,
    geometry_terms,
    local_patterns,
    main,
    play_choices,
    probabilities,
)

from ..native import needs_native

TEACHER = "mcts:iterations=300"


def test_the_logit_recovers_the_weights_that_made_the_choices() -> None:
    rng = np.random.default_rng(7)
    truth = np.array([1.5, -1.0, 0.5])
    rows = [rng.normal(size=(int(rng.integers(2, 8)), 3)) for _ in range(3000)]
    targets = [probabilities(terms, truth) for terms in rows]
    assert fit_logit(rows, targets) == pytest.approx(truth, abs=0.02)


def test_a_tie_for_the_best_placement_shares_it() -> None:
    assert best_share(np.array([1.0, 3.0, 3.0]), 1) == 0.5
    assert best_share(np.array([1.0, 3.0, 2.0]), 1) == 1.0
    assert best_share(np.array([1.0, 3.0, 2.0]), 2) == 0.0


def test_the_geometry_of_a_step_goes_to_the_slot_of_the_cards_kind() -> None:
    view = ChasersView(((0, 0, MOUSE), (1, 0, MOUSE)), (1, 0), CHEESE, (4, 1, 1, 1), None)
    values = geometry_terms(view, (0, 0), 4)  # east, onto (2, 0)
    assert [values[index * KINDS + CHEESE] for index in range(6)] == [
        0.0,  # not diagonal
        7 / 8,  # one neighbour taken, (1, 0)
        22 / 24,  # (0, 0) and (1, 0) taken within two steps
        1 / 4,  # one side taken
        1.0,  # 1.5 from the centre (0.5, 0), the previous card 0.5
        1.0,  # the same step east again
    ]
    assert all(
        value == 0.0 for index, value in enumerate(values) if index % KINDS != CHEESE
    )


def test_the_patterns_of_a_mouse_that_shuts_a_trap() -> None:
    # .M.      the mouse goes on (2, 1), east of the trap, which it shuts; a cat
    # MT.      sits on its diagonal (3, 2), which silences nothing on its sides
    # .M.C
    cards = ((1, 0, MOUSE), (0, 1, MOUSE), (1, 1, TRAP), (1, 2, MOUSE), (3, 2, CAT))
    view = ChasersView(cards, (1, 0), MOUSE, (3, 1, 1, 1), None)
    sides, diagonals, holes = local_patterns(view, 7)  # south-east
    assert sides == ("sides", MOUSE, (0, 0, 0, 6))  # three empty sides, the shut trap
    assert diagonals == ("diagonals", MOUSE, (0, 1, 1, 3))  # two mice and the cat
    # the empty sides (2, 0), (3, 1), (2, 2): (2, 0) borders (1, 0) and (2, 1), (2, 2)
    # borders (1, 2) and (2, 1), (3, 1) only (2, 1)
    assert holes == ("holes", MOUSE, (1, 2, 2))


@needs_native
def test_the_teachers_game_is_the_one_the_completion_tool_plays() -> None:
    completed = play_deal(TEACHER, 5, 0)[0]
    alone = play_choices((TEACHER, 5, 0, Extras(geometry=True, patterns=True)))
    with_again = play_choices((TEACHER, 5, 0, Extras(again=True)))
    assert alone.completed == with_again.completed == completed
    assert [choice.chosen for choice in alone.choices] == [
        choice.chosen for choice in with_again.choices
    ]
    assert alone.choices, "the deal has decisions between placements"
    for choice in alone.choices:
        # the teacher plays its most visited placement
        assert choice.shares[choice.chosen] == max(choice.shares)
        assert len(choice.terms) == len(choice.geometry) == len(choice.shares) >= 2
        assert len(choice.patterns) == len(choice.terms)
    assert all(choice.again is not None for choice in with_again.choices)


@needs_native
def test_the_report_names_each_way_of_choosing(capsys: pytest.CaptureFixture[str]) -> None:
    main([
        "--teacher", TEACHER, "--games", "4", "--seed", "5", "--again", "--geometry",
        "--patterns",
    ])
    out = capsys.readouterr().out
    assert f"{TEACHER} played 4 deals of seed 5" in out
    for row in (
        "the heuristic's best placement",
        "its terms refitted to the teacher",
        "its terms and the geometry refitted",
        "its terms and the patterns refitted",
        "the same search again",
        "refitted weights:",
    ):
        assert row in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "1"], "--games is at least 2"),
        (["--teacher", "nosuchbot"], "nosuchbot"),
        (["--teacher", "greedy"], "the teacher must be an mcts spec"),
    ],
)
def test_bad_options_are_one_usage_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err
