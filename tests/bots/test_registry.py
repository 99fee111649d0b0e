"""make_bot, bot_catalogue and bots registered by other packages through entry points."""

from __future__ import annotations

import random
import sys
import types
from collections.abc import Mapping
from importlib import metadata

import pytest

from cheese.bots import BotSpecError, Decision, Turn, bot_catalogue, make_bot, registry
from cheese.bots.expectimax import ExpectimaxBot
from cheese.bots.greedy import GreedyBot
from cheese.bots.mcts import MctsBot
from cheese.bots.random_bot import RandomBot
from cheese.bots.spec import IntParameter

from .conftest import random_position


@pytest.mark.parametrize(
    ("spec", "kind", "canonical"),
    [
        ("random", RandomBot, "random"),
        ("greedy", GreedyBot, "greedy"),
        ("greedy:samples=9", GreedyBot, "greedy:samples=9"),
        ("mcts", MctsBot, "mcts"),
        ("mcts:iterations=2000", MctsBot, "mcts:iterations=2000"),
        ("mcts:time=0.5,c=0.7", MctsBot, "mcts:time=0.5,c=0.7"),
        ("mcts:c=0.9,time=0.5", MctsBot, "mcts:time=0.5,c=0.9"),
        ("mcts:time=0.5,iterations=300", MctsBot, "mcts:iterations=300,time=0.5"),
        ("mcts:playout=random", MctsBot, "mcts:playout=random"),
        ("mcts:depth=4", MctsBot, "mcts:depth=4"),
        ("mcts:widen=0,workers=2", MctsBot, "mcts:widen=0.0,workers=2"),
        ("mcts:prior=5,leaf=4", MctsBot, "mcts:prior=5,leaf=4"),
        ("expectimax:depth=0", ExpectimaxBot, "expectimax"),
        ("expectimax:depth=2", ExpectimaxBot, "expectimax:depth=2"),
        ("expectimax:depth=3", ExpectimaxBot, "expectimax:depth=3"),
        ("expectimax:time=0.5", ExpectimaxBot, "expectimax:time=0.5"),
        ("expectimax:time=0.5,depth=4", ExpectimaxBot, "expectimax:depth=4,time=0.5"),
        ("expectimax:samples=8,root=12,width=3,chance=16", ExpectimaxBot,
         "expectimax:samples=8,root=12,width=3,chance=16"),
        ("expectimax:root=0", ExpectimaxBot, "expectimax"),
        ("expectimax:leaf=playout,playouts=4", ExpectimaxBot, "expectimax:leaf=playout,playouts=4"),
    ],
)
def test_make_bot_builds_the_bot_and_its_canonical_spec(
    spec: str, kind: type, canonical: str
) -> None:
    bot = make_bot(spec)
    assert isinstance(bot, kind)
    assert bot.spec == canonical
    assert make_bot(bot.spec).spec == canonical


def test_spec_settings_reach_the_configs() -> None:
    mcts = make_bot("mcts:time=0.25,c=1.5,playout=heuristic,widen=3")
    assert isinstance(mcts, MctsBot)
    assert mcts.config.iterations is None and mcts.config.seconds == 0.25
    assert mcts.config.exploration == 1.5 and mcts.config.playout == "heuristic"
    assert mcts.config.depth == 0 and mcts.config.widen == 3.0
    assert MctsBot.from_params({}).config.depth is None, "auto playout takes the game's depth"
    expectimax = make_bot("expectimax:time=1")
    assert isinstance(expectimax, ExpectimaxBot)
    assert expectimax.config.seconds == 1.0 and expectimax.config.depth == 50


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("alphazero", "unknown bot 'alphazero'; choose one of: random, greedy, mcts, expectimax"),
        ("mcts:iterationz=5", "unknown key 'iterationz' for bot 'mcts'; allowed: iterations"),
        ("mcts:iterations=0", "bad value iterations='0' for bot 'mcts'"),
        ("mcts:c=-1", "bad value c='-1'"),
        ("mcts:playout=smart", "one of auto\\|random\\|heuristic\\|none"),
        ("expectimax:depth=51", "bad value depth='51' for bot 'expectimax'"),
        ("expectimax:samples=0", "bad value samples='0'"),
        ("greedy:depth=2", "unknown key 'depth' for bot 'greedy'; allowed: samples"),
        ("random:x=1", "this bot takes no parameters"),
    ],
)
def test_bad_specs_raise_one_clear_error(spec: str, message: str) -> None:
    with pytest.raises(BotSpecError, match=message):
        make_bot(spec)


def test_the_catalogue_lists_the_built_ins_with_parameters() -> None:
    catalogue = {entry.name: entry for entry in bot_catalogue()}
    assert list(catalogue)[:4] == ["random", "greedy", "mcts", "expectimax"]
    assert [parameter.name for parameter in catalogue["mcts"].parameters] == [
        "iterations",
        "time",
        "c",
        "playout",
        "depth",
        "widen",
        "prior",
        "root",
        "leaf",
        "workers",
        "finish",
        "value",
        "others",
        "infer",
        "reader",
        "worlds",
        "recall",
    ]
    assert [parameter.name for parameter in catalogue["expectimax"].parameters] == [
        "depth",
        "time",
        "samples",
        "root",
        "width",
        "chance",
        "leaf",
        "playouts",
        "aim",
        "value",
    ]
    assert all(catalogue[name].origin == "built-in" for name in list(catalogue)[:4])


# --- plugins ---------------------------------------------------------------------------


class EchoBot:
    """Always plays the last legal action."""

    PARAMETERS = (IntParameter("offset", 0, 0, 5, "how far from the end"),)

    def __init__(self, offset: int) -> None:
        self.offset = offset

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> EchoBot:
        offset = int(params.get("offset", "0"))
        if not 0 <= offset <= 5:
            raise ValueError(f"offset={offset} is outside 0..5")
        return cls(offset)

    @property
    def spec(self) -> str:
        return f"echo:offset={self.offset}"

    def choose(self, turn: Turn, rng: random.Random) -> Decision:
        legal = turn.legal_actions()
        return Decision(legal[max(0, len(legal) - 1 - self.offset)])


def first_bot(params: Mapping[str, str]) -> RandomBot:
    """A factory: always a random bot."""
    return RandomBot()


def not_a_bot(params: Mapping[str, str]) -> object:
    return "no bot here"


@pytest.fixture
def plugins(monkeypatch: pytest.MonkeyPatch) -> list[metadata.EntryPoint]:
    module = types.ModuleType("fake_cheese_plugin")
    module.EchoBot = EchoBot  # type: ignore[attr-defined]
    module.first_bot = first_bot  # type: ignore[attr-defined]
    module.not_a_bot = not_a_bot  # type: ignore[attr-defined]
    module.LIMIT = 3  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "fake_cheese_plugin", module)
    points = [
        metadata.EntryPoint("echo", "fake_cheese_plugin:EchoBot", registry.ENTRY_POINT_GROUP),
        metadata.EntryPoint("first", "fake_cheese_plugin:first_bot", registry.ENTRY_POINT_GROUP),
        metadata.EntryPoint("broken", "missing_cheese_plugin:Bot", registry.ENTRY_POINT_GROUP),
        metadata.EntryPoint("hollow", "fake_cheese_plugin:not_a_bot", registry.ENTRY_POINT_GROUP),
        metadata.EntryPoint("constant", "fake_cheese_plugin:LIMIT", registry.ENTRY_POINT_GROUP),
        metadata.EntryPoint("mcts", "fake_cheese_plugin:first_bot", registry.ENTRY_POINT_GROUP),
    ]

    def entry_points(*, group: str) -> list[metadata.EntryPoint]:
        return points if group == registry.ENTRY_POINT_GROUP else []

    monkeypatch.setattr(registry.metadata, "entry_points", entry_points)
    return points


def test_a_plugin_class_with_from_params_is_built_from_its_spec(plugins: object) -> None:
    bot = make_bot("echo:offset=1")
    assert isinstance(bot, EchoBot) and bot.offset == 1
    state = random_position("cheese-drop", 2, seed=3, moves=0)
    assert (
        bot.choose(Turn(state, state.current_player), random.Random(0)).action
        == (state.legal_actions()[-2])
    )


def test_a_plugin_factory_function_is_called_with_the_raw_settings(plugins: object) -> None:
    assert isinstance(make_bot("first"), RandomBot)


def test_plugin_errors_become_bot_spec_errors(plugins: object) -> None:
    with pytest.raises(BotSpecError, match="bad bot spec 'echo:offset=9' for 'echo'.*offset=9"):
        make_bot("echo:offset=9")
    with pytest.raises(BotSpecError, match="'broken'.*could not be loaded.*reinstall"):
        make_bot("broken")
    with pytest.raises(BotSpecError, match="'hollow'.*returned str, which has no choose"):
        make_bot("hollow")
    with pytest.raises(BotSpecError, match="'constant'.*neither a factory nor a class"):
        make_bot("constant")


def test_the_catalogue_shows_plugins_after_the_built_ins(plugins: object) -> None:
    catalogue = bot_catalogue()
    names = [entry.name for entry in catalogue]
    assert names == [
        "random",
        "greedy",
        "mcts",
        "expectimax",
        "broken",
        "constant",
        "echo",
        "first",
        "hollow",
    ]
    entries = {entry.name: entry for entry in catalogue}
    assert entries["echo"].description == "Always plays the last legal action."
    assert entries["echo"].parameters == EchoBot.PARAMETERS
    assert entries["first"].description == "A factory: always a random bot."
    assert entries["broken"].description.startswith("unavailable:")
    assert entries["mcts"].origin == "built-in", "built-in names win over plugins"


def test_unknown_bots_are_listed_with_the_plugins(plugins: object) -> None:
    with pytest.raises(
        BotSpecError,
        match="choose one of: random, greedy, mcts, expectimax, "
        "broken, constant, echo, first, hollow",
    ):
        make_bot("nobody")


def test_the_real_installation_has_no_stray_bots() -> None:
    names = [entry.name for entry in bot_catalogue()]
    assert names[:4] == ["random", "greedy", "mcts", "expectimax"]
