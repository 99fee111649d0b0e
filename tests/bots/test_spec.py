"""Spec strings: splitting, checking against the declared parameters, every error."""

from __future__ import annotations

import pytest

from cheese.bots import BotSpecError
from cheese.bots.spec import (
    ChoiceParameter,
    FloatParameter,
    IntParameter,
    compose_spec,
    describe_parameters,
    parse_spec,
    read_settings,
)

PARAMETERS = (
    IntParameter("depth", 2, 1, 9, "plies"),
    FloatParameter("time", 0.0, 0.0, 60.0, "seconds"),
    ChoiceParameter("playout", "auto", ("auto", "random"), "policy"),
)


@pytest.mark.parametrize(
    ("text", "name", "raw"),
    [
        ("mcts", "mcts", {}),
        ("  MCTS  ", "mcts", {}),
        ("mcts:iterations=2000", "mcts", {"iterations": "2000"}),
        ("mcts:time=0.5,c=0.7", "mcts", {"time": "0.5", "c": "0.7"}),
        ("mcts: Time = 0.5 , c=0.7 ", "mcts", {"time": "0.5", "c": "0.7"}),
        ("my-bot_2:x=y", "my-bot_2", {"x": "y"}),
    ],
)
def test_parse_spec_splits_name_and_settings(text: str, name: str, raw: dict[str, str]) -> None:
    assert parse_spec(text) == (name, raw)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "is not a bot name"),
        (":depth=2", "is not a bot name"),
        ("2mcts", "is not a bot name"),
        ("mc ts", "is not a bot name"),
        ("mcts:", "nothing after ':'"),
        ("mcts:depth", "is not key=value"),
        ("mcts:depth=", "is not key=value"),
        ("mcts:=2", "is not key=value"),
        ("mcts:depth=2,", "is not key=value"),
        ("mcts:depth=2,depth=3", "'depth' is given twice"),
    ],
)
def test_parse_spec_rejects_malformed_text(text: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        parse_spec(text)


def test_read_settings_fills_defaults_and_records_what_was_given() -> None:
    settings = read_settings("demo", PARAMETERS, {"time": "1.5", "playout": "RANDOM"})
    assert settings.integer("depth") == 2
    assert settings.number("time") == 1.5
    assert settings.choice("playout") == "random"
    assert settings.is_given("time") and not settings.is_given("depth")


def test_an_unknown_key_lists_every_allowed_key_with_range_and_default() -> None:
    with pytest.raises(BotSpecError) as caught:
        read_settings("demo", PARAMETERS, {"deep": "3"})
    message = str(caught.value)
    assert "unknown key 'deep' for bot 'demo'" in message
    assert "depth: an integer from 1 to 9 (default 2)" in message
    assert "time: a number from 0 to 60 (default 0.0)" in message
    assert "playout: one of auto|random (default auto)" in message


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"depth": "0"}, "bad value depth='0' for bot 'demo': use an integer from 1 to 9"),
        ({"depth": "10"}, "use an integer from 1 to 9 \\(default 2\\)"),
        ({"depth": "2.5"}, "use an integer from 1 to 9"),
        ({"depth": "two"}, "use an integer from 1 to 9"),
        ({"time": "-1"}, "use a number from 0 to 60"),
        ({"time": "nan"}, "use a number from 0 to 60"),
        ({"time": "inf"}, "use a number from 0 to 60"),
        ({"time": "soon"}, "use a number from 0 to 60"),
        ({"playout": "smart"}, "use one of auto\\|random"),
    ],
)
def test_a_bad_value_names_the_key_the_value_and_the_range(
    raw: dict[str, str], message: str
) -> None:
    with pytest.raises(BotSpecError, match=message):
        read_settings("demo", PARAMETERS, raw)


def test_a_bad_value_names_its_own_key_only() -> None:
    with pytest.raises(BotSpecError) as caught:
        read_settings("demo", PARAMETERS, {"depth": "0"})
    assert str(caught.value) == (
        "bad value depth='0' for bot 'demo': use an integer from 1 to 9 (default 2)"
    )


def test_a_bot_without_parameters_says_so() -> None:
    assert describe_parameters(()) == "this bot takes no parameters"
    with pytest.raises(BotSpecError, match="this bot takes no parameters"):
        read_settings("plain", (), {"x": "1"})


def test_compose_spec_writes_floats_exactly() -> None:
    assert compose_spec("mcts", [("time", 0.1 + 0.2), ("iterations", 5)]) == (
        "mcts:time=0.30000000000000004,iterations=5"
    )
    assert parse_spec(compose_spec("x", [("c", 0.7), ("playout", "none")])) == (
        "x",
        {"c": "0.7", "playout": "none"},
    )


def test_parameters_describe_themselves_as_json() -> None:
    assert PARAMETERS[0].as_json() == {
        "name": "depth",
        "type": "int",
        "default": 2,
        "min": 1,
        "max": 9,
        "help": "plies",
    }
    assert PARAMETERS[2].as_json()["choices"] == ["auto", "random"]
    assert PARAMETERS[1].as_json()["type"] == "float"


def test_errors_show_the_defaults_each_game_uses_in_c() -> None:
    from cheese.bots import make_bot
    from cheese.bots.evaluation import game_evaluators

    c_search_advice = {slug: evaluator.advice.c_search for slug, evaluator in game_evaluators()}

    with pytest.raises(BotSpecError) as caught:
        make_bot("mcts:iterations=0")
    message = str(caught.value)
    budgets = ", ".join(f"{slug} {value.iterations}" for slug, value in c_search_advice.items())
    assert f"(default 300; on the native backend: {budgets})" in message
    with pytest.raises(BotSpecError) as caught:
        make_bot("mcts:prior=-1")
    priors = ", ".join(f"{slug} {value.prior_visits}" for slug, value in c_search_advice.items())
    assert f"(default 0; on the native backend: {priors})" in str(caught.value)
