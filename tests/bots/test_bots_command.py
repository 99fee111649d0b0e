"""``cheese bots``: the catalogue as text and as JSON."""

from __future__ import annotations

import json

import pytest

from cheese.cli.app import main


def test_the_text_lists_every_bot_with_its_parameters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    for name in ("random", "greedy", "mcts", "expectimax"):
        assert f"{name} —" in out
    for key in ("iterations", "time", "playout", "widen", "workers", "samples", "chance"):
        assert key in out


def test_the_json_has_names_defaults_and_ranges(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "--json"]) == 0
    catalogue = json.loads(capsys.readouterr().out)
    by_name = {entry["name"]: entry for entry in catalogue}
    assert list(by_name)[:4] == ["random", "greedy", "mcts", "expectimax"]
    iterations = by_name["mcts"]["parameters"][0]
    assert iterations == {
        "name": "iterations", "type": "int", "default": 300, "min": 1, "max": 10_000_000,
        "help": iterations["help"],
    }
    playout = next(p for p in by_name["mcts"]["parameters"] if p["name"] == "playout")
    assert playout["choices"] == ["auto", "random", "heuristic", "none"]
    assert by_name["random"]["parameters"] == []
    assert all(entry["origin"] == "built-in" for entry in catalogue[:4])


def test_help_shows_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots", "--help"]) == 0
    assert "cheese bots --json" in capsys.readouterr().out


def test_the_catalogue_shows_the_defaults_each_game_uses_in_c(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from cheese.bots.evaluation import game_evaluators

    c_search_advice = {slug: evaluator.advice.c_search for slug, evaluator in game_evaluators()}

    assert main(["bots", "--json"]) == 0
    mcts = next(entry for entry in json.loads(capsys.readouterr().out) if entry["name"] == "mcts")
    for slug, defaults in c_search_advice.items():
        used = mcts["native_defaults"][slug]
        assert (used["iterations"], used["c"], used["prior"]) == (
            defaults.iterations, defaults.exploration, defaults.prior_visits
        )
    assert main(["bots"]) == 0
    assert "300; in C:" in capsys.readouterr().out
