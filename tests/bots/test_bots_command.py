"""``cheese bots``: the catalogue as text and as JSON."""

from __future__ import annotations

import json
from importlib import metadata

import pytest

from cheese.bots import Bot, BotEntry, BotSpecError
from cheese.bots.registry import built_in_bots
from cheese.cli import bots_command
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
        "name": "iterations",
        "type": "int",
        "default": 300,
        "min": 1,
        "max": 10_000_000,
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
            defaults.iterations,
            defaults.exploration,
            defaults.prior_visits,
        )
    assert main(["bots"]) == 0
    assert "300; in C:" in capsys.readouterr().out


def test_allowed_values_wrap_between_choices_at_80_columns(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    assert "…" not in out
    assert max(len(line) for line in out.splitlines()) <= 80
    words = set(out.split())
    for entry in built_in_bots():
        for parameter in entry.parameters:
            text = f"{bots_command.allowed_text(parameter)} {parameter.help}"
            assert set(text.split()) <= words, (entry.name, parameter.name)


def _unloadable(name: str, description: str, origin: str) -> BotEntry:
    def refuse(params: object) -> Bot:
        raise BotSpecError(f"bot {name!r} could not be loaded")

    return BotEntry(name, description, (), origin, refuse)


def _needs_openspiel(params: object) -> Bot:
    raise BotSpecError(
        "bot 'openspiel-mcts' needs OpenSpiel: OpenSpiel is not installed; "
        "pip install 'cheese[openspiel]'"
    )


def test_bots_that_cannot_be_made_are_listed_apart_with_their_install_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    catalogue = (
        *built_in_bots(),
        BotEntry("openspiel-mcts", "OpenSpiel's C++ MCTS", (), "cheese 0.1.0", _needs_openspiel),
        _unloadable("openspiel-ismcts", "unavailable: No module named 'pyspiel'", "cheese 0.1.0"),
        _unloadable("deepcheese", "unavailable: No module named 'torch'", "deepcheese 2.0"),
    )
    monkeypatch.setattr(bots_command, "bot_catalogue", lambda: catalogue)
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    listed, _, apart = out.partition("Not installed here")
    assert "mcts —" in listed and "openspiel" not in listed and "deepcheese" not in listed
    lines = {line.split()[0]: line for line in apart.splitlines()[1:] if line.strip()}
    assert "pip install 'cheese[openspiel]'" in lines["openspiel-mcts"]
    assert "pip install 'cheese[openspiel]'" in lines["openspiel-ismcts"]
    assert "reinstall or uninstall deepcheese" in lines["deepcheese"]
    assert main(["bots", "--json"]) == 0
    by_name = {entry["name"]: entry for entry in json.loads(capsys.readouterr().out)}
    assert by_name["mcts"]["available"] is True
    assert by_name["openspiel-ismcts"]["available"] is False
    assert by_name["openspiel-ismcts"]["install"] == "pip install 'cheese[openspiel]'"


def test_the_extras_named_for_missing_modules_exist() -> None:
    extras = set(metadata.metadata("cheese").get_all("Provides-Extra") or ())
    assert set(bots_command.EXTRA_OF_MODULE.values()) <= extras
