"""Which bots exist: the built-in ones and those other packages register.

A package adds a bot through the entry-point group ``cheese.bots``: the entry point's
name is the bot's name and it loads either a factory ``(params: Mapping[str, str]) ->
Bot`` or a class with a ``from_params`` class method. An optional ``PARAMETERS`` tuple of
``cheese.bots.spec`` parameters on the loaded object documents its settings in
``cheese bots``. Built-in names take precedence over entry points of the same name.

External bots, processes that speak the line protocol, are named ``cmd:COMMAND`` or
``NAME@FILE`` (a bot of a bots file); the referee builds those (``cheese.referee.seats``),
as the bots know nothing of processes.

The registry is rebuilt on every call, so installing a package takes effect without a
restart and tests can substitute entry points.

>>> make_bot("mcts:iterations=2000").spec
'mcts:iterations=2000'
>>> [entry.name for entry in bot_catalogue()][:4]
['random', 'greedy', 'mcts', 'expectimax']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import metadata

from cheese.bots import expectimax, greedy, mcts, random_bot
from cheese.bots.base import Bot, BotSpecError
from cheese.bots.spec import BotSpec, Parameter

ENTRY_POINT_GROUP = "cheese.bots"
BUILT_IN = "built-in"

BotFactory = Callable[[Mapping[str, str]], Bot]


@dataclass(frozen=True, slots=True)
class BotEntry:
    """One bot of the catalogue: its name, what it does, its settings, where it is from."""

    name: str
    description: str
    parameters: tuple[Parameter, ...]
    origin: str
    factory: BotFactory = field(compare=False, repr=False)


def built_in_bots() -> tuple[BotEntry, ...]:
    """The bots that ship with cheese, weakest first."""
    return (
        BotEntry(
            random_bot.NAME, random_bot.DESCRIPTION, random_bot.PARAMETERS, BUILT_IN,
            random_bot.RandomBot.from_params,
        ),
        BotEntry(
            greedy.NAME, greedy.DESCRIPTION, greedy.PARAMETERS, BUILT_IN,
            greedy.GreedyBot.from_params,
        ),
        BotEntry(
            mcts.NAME, mcts.DESCRIPTION, mcts.PARAMETERS, BUILT_IN, mcts.MctsBot.from_params
        ),
        BotEntry(
            expectimax.NAME, expectimax.DESCRIPTION, expectimax.PARAMETERS, BUILT_IN,
            expectimax.ExpectimaxBot.from_params,
        ),
    )


def _origin(entry_point: metadata.EntryPoint) -> str:
    distribution = entry_point.dist
    if distribution is None:
        return f"entry point {entry_point.value}"
    return f"{distribution.name} {distribution.version}"


def _failing_factory(message: str) -> BotFactory:
    def fail(params: Mapping[str, str]) -> Bot:
        raise BotSpecError(message)

    return fail


def _declared_parameters(loaded: object) -> tuple[Parameter, ...]:
    declared = getattr(loaded, "PARAMETERS", ())
    if isinstance(declared, tuple) and all(
        isinstance(parameter, Parameter) for parameter in declared
    ):
        return declared
    return ()


def _plugin_entry(entry_point: metadata.EntryPoint) -> BotEntry:
    """The catalogue entry of an entry point; a load failure becomes a failing factory."""
    origin = _origin(entry_point)
    try:
        loaded: object = entry_point.load()
    except Exception as error:  # a broken plugin must not break the other bots
        message = (
            f"bot {entry_point.name!r} ({origin}) could not be loaded: {error}; "
            "reinstall or uninstall that package"
        )
        return BotEntry(entry_point.name, f"unavailable: {error}", (), origin,
                        _failing_factory(message))
    from_params = getattr(loaded, "from_params", None)
    factory = from_params if callable(from_params) else loaded
    if not callable(factory):
        message = (
            f"bot {entry_point.name!r} ({origin}) is neither a factory nor a class with "
            "from_params; its package must register one of those"
        )
        return BotEntry(entry_point.name, "unavailable: not a bot factory", (), origin,
                        _failing_factory(message))
    doc = getattr(loaded, "__doc__", None)
    doc = doc.strip() if isinstance(doc, str) else ""
    description = doc.splitlines()[0] if doc else f"bot from {origin}"
    return BotEntry(entry_point.name, description, _declared_parameters(loaded), origin, factory)


def plugin_entry_points() -> list[metadata.EntryPoint]:
    """The ``cheese.bots`` entry points of the installed packages, by name."""
    return sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda point: point.name)


def _plugin_names_taken(built_ins: tuple[BotEntry, ...]) -> set[str]:
    return {entry.name for entry in built_ins}


def bot_catalogue() -> tuple[BotEntry, ...]:
    """Every bot that ``make_bot`` accepts: the built-ins, then plugins by name."""
    entries = list(built_in_bots())
    taken = _plugin_names_taken(built_in_bots())
    for entry_point in plugin_entry_points():
        if entry_point.name in taken:
            continue
        taken.add(entry_point.name)
        entries.append(_plugin_entry(entry_point))
    return tuple(entries)


def _find_factory(name: str) -> tuple[BotFactory, str]:
    built_ins = built_in_bots()
    for entry in built_ins:
        if entry.name == name:
            return entry.factory, entry.origin
    for entry_point in plugin_entry_points():
        if entry_point.name == name:
            plugin = _plugin_entry(entry_point)
            return plugin.factory, plugin.origin
    names = [entry.name for entry in built_ins] + [
        point.name
        for point in plugin_entry_points()
        if point.name not in _plugin_names_taken(built_ins)
    ]
    raise BotSpecError(
        f"unknown bot {name!r}; choose one of: {', '.join(dict.fromkeys(names))} (see: cheese bots)"
    )


def make_bot(spec: str) -> Bot:
    """The bot that ``spec`` describes, e.g. ``"mcts:time=0.5,c=0.7"``.

    Raises ``BotSpecError`` for an unknown bot, an unknown key or a bad value; the
    message lists the allowed keys with their ranges and defaults.
    """
    return build_bot(BotSpec.parse(spec))


def build_bot(parsed: BotSpec) -> Bot:
    """The bot of a parsed spec (``make_bot`` for a spec's text); ``BotSpecError`` as
    ``make_bot``."""
    spec, name, params = parsed.text, parsed.name, parsed.params
    factory, origin = _find_factory(name)
    try:
        bot = factory(params)
        answers = callable(getattr(bot, "choose", None))
        named = isinstance(getattr(bot, "spec", None), str)
    except BotSpecError:
        raise
    except (ValueError, TypeError) as error:
        raise BotSpecError(f"bad bot spec {spec!r} for {name!r} ({origin}): {error}") from None
    except Exception as error:
        if origin == BUILT_IN:
            raise  # a bug of cheese's own, to be seen whole
        # Another package's bug is not the person's fault, but it is theirs to route.
        raise BotSpecError(
            f"bot {name!r} ({origin}) failed to start for spec {spec!r}: "
            f"{type(error).__name__}: {error}; fix or uninstall that package"
        ) from None
    if not answers or not named:
        raise BotSpecError(
            f"bot {name!r} ({origin}) returned {type(bot).__name__}, which has no "
            f"{'choose()' if not answers else 'spec string'}; its package must return a bot"
        )
    return bot
