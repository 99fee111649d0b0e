"""The fit of the Cheese Chasers leaf value: positions from seeded games, a logistic
regression that finds known weights, the header the C value reads, and the shipped
header as its command writes it."""

from __future__ import annotations

import math
import re
from pathlib import Path

import numpy as np
import pytest

from tests.native import check_native

check_native()  # before the extension's import below, which needs it built

from cheese.engine.native.bridge import chasers_value, chasers_value_features  # noqa: E402
from tools.chasers_value_fit import (  # noqa: E402
    FEATURES,
    HEADER_PATH,
    ValueFit,
    command_line,
    fit_logistic,
    fit_value,
    header_text,
    load_or_play,
    shipped_weights,
)

SMALL_TEACHER = "mcts:iterations=40"


@pytest.fixture(scope="module")
def small_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, np.ndarray]:
    positions = tmp_path_factory.mktemp("value") / "positions.npz"
    return load_or_play(positions, SMALL_TEACHER, seed=5, games=6, workers=1)


def test_the_c_value_is_the_logistic_of_the_shipped_weights(
    small_games: dict[str, np.ndarray],
) -> None:
    weights = np.array(shipped_weights())
    assert len(weights) == len(FEATURES)
    for row in small_games["states"][::7]:
        features = np.array(chasers_value_features(row.tobytes()))
        no_room = features[FEATURES.index("no room")]
        expected = 0.0 if no_room else 1 / (1 + math.exp(-features @ weights))
        assert chasers_value(row.tobytes()) == pytest.approx(expected, abs=1e-12)


def test_positions_are_seeded_and_read_back_from_their_file(tmp_path: Path) -> None:
    positions = tmp_path / "positions.npz"
    first = load_or_play(positions, SMALL_TEACHER, seed=7, games=2, workers=1)
    again = load_or_play(positions, SMALL_TEACHER, seed=7, games=2, workers=1)
    assert np.array_equal(first["states"], again["states"])
    replayed = load_or_play(tmp_path / "other.npz", SMALL_TEACHER, seed=7, games=2, workers=1)
    assert np.array_equal(first["states"], replayed["states"])
    assert list(first["deals"]) == sorted(first["deals"])
    assert len(first["completed"]) == 2


def test_the_logistic_fit_finds_the_weights_the_outcomes_were_drawn_with() -> None:
    rng = np.random.default_rng(3)
    features = np.column_stack([np.ones(20_000), rng.normal(size=20_000), rng.normal(size=20_000)])
    truth = np.array([-0.5, 1.5, -2.0])
    outcomes = (rng.random(20_000) < 1 / (1 + np.exp(-features @ truth))).astype(float)
    assert fit_logistic(features, outcomes) == pytest.approx(truth, abs=0.1)


def test_a_fit_writes_a_header_that_holds_its_weights(small_games: dict[str, np.ndarray]) -> None:
    fitted = fit_value(small_games)
    assert len(fitted.weights) == len(FEATURES)
    assert "log-loss" in fitted.measured
    text = header_text(fitted, command_line(SMALL_TEACHER, 5, 6))
    assert shipped_weights(text) == pytest.approx(fitted.weights, rel=1e-15)
    assert re.findall(r"^    \S+, /\* (.*) \*/$", text, re.M) == list(FEATURES)
    assert "--games 6 --seed 5 --teacher mcts:iterations=40" in text


def test_the_header_names_its_command() -> None:
    fitted = ValueFit(tuple(0.0 for _ in FEATURES), 40.0, "Measured.")
    text = header_text(fitted, command_line("mcts:iterations=3000", 3001, 4000))
    assert "python tools/chasers_value_fit.py --games 4000 --seed 3001" in text
    assert "#define CHS_VALUE_POINTS 40" in text


@pytest.mark.slow
def test_the_shipped_weights_are_reproduced_by_their_command(tmp_path: Path) -> None:
    """Plays the header's games again (about half an hour on two processes)."""
    command = re.search(
        r"--games (\d+) --seed (\d+) --teacher (\S+) --workers (\d+)", HEADER_PATH.read_text()
    )
    assert command is not None
    games, seed, teacher, workers = command.groups()
    data = load_or_play(tmp_path / "positions.npz", teacher, int(seed), int(games), int(workers))
    assert fit_value(data).weights == pytest.approx(shipped_weights(), rel=1e-9)
