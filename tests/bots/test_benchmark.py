"""The search's figures of ``cheese bench``: paired rounds and the order they are heard."""

from __future__ import annotations

from cheese.bots.benchmark import measure_speed

from ..native import needs_native

pytestmark = needs_native


def test_the_share_is_measured_with_the_playouts_and_reported_as_it_comes() -> None:
    heard: list[tuple[str, str, float]] = []
    speed = measure_speed(
        "cheese-chasers", seconds=0.01, rounds=3,
        on_figure=lambda slug, name, value: heard.append((slug, name, value)),
    )
    assert [name for _, name, _ in heard] == [
        "native_playouts_per_s", "mcts_iterations_per_s", "mcts_share",
        "reference_playouts_per_s", "apply_per_s",
    ]
    values = {name: value for _, name, value in heard}
    assert values["native_playouts_per_s"] == speed.engine.native_playouts_per_s > 0
    assert values["mcts_iterations_per_s"] == speed.mcts_iterations_per_s > 0
    # the median of the rounds' ratios, a share of the playout rate like the ratio of medians
    assert values["mcts_share"] == speed.mcts_share
    assert 0.0 < speed.mcts_share < 10.0
    assert speed.as_json()["mcts_share"] == round(speed.mcts_share, 3)
