"""The fit of the Cheese Chasers playout heuristic: the weights steer the C playouts,
the fit replays from its seed, and the shipped header is what its command writes."""

from __future__ import annotations

import re

import pytest

from tests.native import check_native

check_native()  # before the extension's import below, which needs it built

from cheese.engine.native import playout_points  # noqa: E402
from cheese.engine.native.bridge import chasers_playout_finishes  # noqa: E402
from tools.chasers_playout_fit import (  # noqa: E402
    HEADER_PATH,
    TERMS,
    Fit,
    FitSettings,
    first_cards,
    fit,
    hand_set_weights,
    header_text,
    shipped_weights,
)


def test_the_shipped_weights_are_those_of_the_heuristic_playouts() -> None:
    start = first_cards(5)[0]
    points = playout_points(start, 400, seed=77, policy=1)
    finished = sum(1 for (score,) in points if score > 0)
    assert chasers_playout_finishes(start, shipped_weights(), 400, seed=77) == finished


def test_the_weights_steer_the_playouts() -> None:
    start = first_cards(5)[1]
    # with every term at 0 only the refusals to lose at once are left
    blind = chasers_playout_finishes(start, [0.0] * len(TERMS), 2000, seed=3)
    assert chasers_playout_finishes(start, shipped_weights(), 2000, seed=3) > blind + 100


def test_every_term_steers_the_playouts() -> None:
    """Each term is read by the heuristic: moving its shipped weight far one way or the
    other changes which playouts finish. 300 playouts from each of four deals' first card."""
    starts = first_cards(5)[:4]

    def finished(weights: list[float]) -> list[int]:
        return [chasers_playout_finishes(start, weights, 300, seed=9) for start in starts]

    shipped = shipped_weights()
    for index, term in enumerate(TERMS):
        pulled, pushed = list(shipped), list(shipped)
        # far enough that even the largest weight changes sign one way
        reach = 100.0 + abs(shipped[index])
        pulled[index] += reach
        pushed[index] -= reach
        assert finished(pulled) != finished(pushed), term.name


def test_the_playouts_are_seeded() -> None:
    start = first_cards(2)[0]
    weights = hand_set_weights()
    assert chasers_playout_finishes(start, weights, 300, seed=4) == chasers_playout_finishes(
        start, weights, 300, seed=4
    )


def test_wrong_weights_or_game_are_refused() -> None:
    start = first_cards(1)[0]
    with pytest.raises(ValueError, match=f"{len(TERMS)} weights, not 3"):
        chasers_playout_finishes(start, [1.0, 2.0, 3.0], 10, seed=1)
    from cheese.engine import load_game

    drop = load_game("cheese-drop", "native").new_initial_state(num_players=2, seed=1)
    with pytest.raises(ValueError, match="Cheese Chasers'"):
        chasers_playout_finishes(drop, hand_set_weights(), 10, seed=1)  # type: ignore[arg-type]


SMALL = FitSettings(seed=3, generations=2, population=4, elite=2, playouts=40, final_playouts=60)


def test_a_fit_replays_from_its_seed_and_its_header_holds_it() -> None:
    first = fit(SMALL)
    assert fit(SMALL) == first
    assert len(first.weights) == len(TERMS)
    assert first.weights != hand_set_weights()
    text = header_text(first, SMALL)
    assert shipped_weights(text) == first.weights
    assert "--seed 3 --generations 2 --population 4 --elite 2 --playouts 40" in text
    assert re.findall(r"CHS_W_(\w+),", text) == [term.name for term in TERMS]


def test_the_header_names_its_command_and_what_the_fit_measured() -> None:
    text = header_text(Fit(hand_set_weights(), 0.1, 0.2, 1000), FitSettings())
    assert "python tools/chasers_playout_fit.py --seed 1 --write" in text
    assert "finish 20.00%" in text and "from 10.00%" in text


@pytest.mark.slow
def test_the_shipped_weights_are_reproduced_by_their_command() -> None:
    command = re.search(
        r"python tools/chasers_playout_fit.py (.*) --write", HEADER_PATH.read_text()
    )
    assert command is not None
    words = command.group(1).split()
    options = {
        words[i].lstrip("-").replace("-", "_"): int(words[i + 1]) for i in range(0, len(words), 2)
    }
    assert fit(FitSettings(**options)).weights == shipped_weights()
