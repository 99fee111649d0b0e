"""Bot spec strings: ``name`` or ``name:key=value,key=value``, and their parameters.

A bot declares its parameters (name, type, default, range, help); ``parse_spec`` splits
the text and ``read_settings`` checks every key and value against the declarations at
once, so a bad spec fails before any game starts, with a message that lists what is
allowed.

>>> parse_spec("mcts:iterations=2000, c=0.7")
('mcts', {'iterations': '2000', 'c': '0.7'})
>>> settings = read_settings("demo", (IntParameter("depth", 2, 1, 9, "plies"),), {"depth": "3"})
>>> settings.integer("depth"), settings.is_given("depth")
(3, True)
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from cheese.bots.base import BotSpecError

NAME_PATTERN = re.compile(r"[a-z][a-z0-9_-]*\Z")


@dataclass(frozen=True, slots=True)
class IntParameter:
    """An integer setting within ``minimum .. maximum``."""

    name: str
    default: int
    minimum: int
    maximum: int
    help: str
    per_game: tuple[tuple[str, int], ...] = ()
    """The defaults used instead in some games (slug, value), e.g. by a search in C."""

    @property
    def allowed(self) -> str:
        return f"an integer from {self.minimum} to {self.maximum}"

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "type": "int", "default": self.default,
                "min": self.minimum, "max": self.maximum, "help": self.help}

    def parse(self, text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise ValueError(self.allowed) from None
        if not self.minimum <= value <= self.maximum:
            raise ValueError(self.allowed)
        return value


@dataclass(frozen=True, slots=True)
class FloatParameter:
    """A real-valued setting within ``minimum .. maximum``."""

    name: str
    default: float
    minimum: float
    maximum: float
    help: str
    per_game: tuple[tuple[str, float], ...] = ()
    """The defaults used instead in some games (slug, value), e.g. by a search in C."""

    @property
    def allowed(self) -> str:
        return f"a number from {self.minimum:g} to {self.maximum:g}"

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "type": "float", "default": self.default,
                "min": self.minimum, "max": self.maximum, "help": self.help}

    def parse(self, text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError(self.allowed) from None
        if not math.isfinite(value) or not self.minimum <= value <= self.maximum:
            raise ValueError(self.allowed)
        return value


@dataclass(frozen=True, slots=True)
class ChoiceParameter:
    """A setting that takes one of a few words."""

    name: str
    default: str
    choices: tuple[str, ...]
    help: str
    per_game: tuple[tuple[str, str], ...] = ()
    """The defaults used instead in some games (slug, value), e.g. by a search in C."""

    @property
    def allowed(self) -> str:
        return "one of " + "|".join(self.choices)

    def as_json(self) -> dict[str, object]:
        return {"name": self.name, "type": "choice", "default": self.default,
                "choices": list(self.choices), "help": self.help}

    def parse(self, text: str) -> str:
        value = text.lower()
        if value not in self.choices:
            raise ValueError(self.allowed)
        return value


Parameter: TypeAlias = IntParameter | FloatParameter | ChoiceParameter
SettingValue: TypeAlias = int | float | str


NumericParameter: TypeAlias = IntParameter | FloatParameter


@dataclass(frozen=True, slots=True)
class ParameterRange:
    """``NAME=LOW:HIGH`` over a declared numeric parameter, both ends within its range."""

    parameter: NumericParameter
    low: float
    high: float

    @classmethod
    def parse(
        cls,
        text: str,
        *,
        bot: str,
        declared: Sequence[Parameter],
        option: str,
        example: str,
        integer_only: bool = False,
    ) -> ParameterRange:
        """Read ``text`` as given to ``option`` for the bot named ``bot``; ``ValueError``
        says what is wrong, naming the parameters that would do.

        >>> ParameterRange.parse("c=0.1:4", bot="demo", option="--param", example="c=0.1:4",
        ...     declared=(FloatParameter("c", 1.0, 0.0, 10.0, "exploration"),)).high
        4.0
        """
        name, equals, bounds = text.partition("=")
        low_text, colon, high_text = bounds.partition(":")
        name = name.strip().lower()
        if not equals or not colon:
            raise ValueError(
                f"{option} {text!r} is not NAME=LOW:HIGH; write e.g. {option} {example}"
            )
        kinds: tuple[type, ...] = (
            (IntParameter,) if integer_only else (IntParameter, FloatParameter)
        )
        kind = "integer" if integer_only else "numeric"
        fitting = [found for found in declared if isinstance(found, kinds)]
        parameter = next((found for found in fitting if found.name == name), None)
        if not isinstance(parameter, IntParameter | FloatParameter):
            names = ", ".join(found.name for found in fitting) or "none"
            raise ValueError(
                f"{option} {text!r}: {bot} has no {kind} parameter {name!r}; its {kind} "
                f"parameters are {names}"
            )
        try:
            low, high = parameter.parse(low_text.strip()), parameter.parse(high_text.strip())
        except ValueError as error:
            raise ValueError(f"{option} {text!r}: {name} must be {error} at both ends") from None
        if not low < high:
            raise ValueError(f"{option} {text!r}: LOW must be below HIGH")
        return cls(parameter, float(low), float(high))


def describe_default(parameter: Parameter, where: str = "on the native backend") -> str:
    """The default, and the defaults some games use instead (``where`` says when).

    >>> describe_default(IntParameter("n", 300, 1, 9999, "", (("a", 5000), ("b", 3000))))
    '300; on the native backend: a 5000, b 3000'
    >>> describe_default(IntParameter("n", 0, 0, 9, "", (("a", 8), ("b", 8))))
    '0; on the native backend: 8'
    """
    if not parameter.per_game:
        return str(parameter.default)
    values = [value for _, value in parameter.per_game]
    if all(value == values[0] for value in values):
        instead = str(values[0])
    else:
        instead = ", ".join(f"{slug} {value}" for slug, value in parameter.per_game)
    return f"{parameter.default}; {where}: {instead}"


def describe_parameters(parameters: Sequence[Parameter]) -> str:
    """Every key with its range and default, for error messages."""
    if not parameters:
        return "this bot takes no parameters"
    return "; ".join(
        f"{parameter.name}: {parameter.allowed} (default {describe_default(parameter)})"
        for parameter in parameters
    )


def parse_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``name:key=value,...`` into the bot name and its raw settings.

    Whitespace around names, keys and values is ignored; names and keys are lower-cased.
    Raises ``BotSpecError`` for an empty name, a setting without ``=``, an empty key or
    value, or a key given twice.
    """
    name, _, rest = spec.partition(":")
    name = name.strip().lower()
    if not NAME_PATTERN.match(name):
        raise BotSpecError(
            f"bad bot spec {spec!r}: {name!r} is not a bot name; write a name such as "
            "'mcts', optionally followed by ':key=value,key=value'"
        )
    raw: dict[str, str] = {}
    if not rest.strip():
        if spec.strip().endswith(":"):
            raise BotSpecError(
                f"bad bot spec {spec!r}: nothing after ':'; write '{name}' or "
                f"'{name}:key=value'"
            )
        return name, raw
    for item in rest.split(","):
        key, equals, value = item.partition("=")
        key, value = key.strip().lower(), value.strip()
        if not equals or not key or not value:
            raise BotSpecError(
                f"bad bot spec {spec!r}: setting {item.strip()!r} is not key=value; "
                f"write e.g. '{name}:key=value,key=value'"
            )
        if key in raw:
            raise BotSpecError(f"bad bot spec {spec!r}: {key!r} is given twice; give it once")
        raw[key] = value
    return name, raw


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot's spec parsed once, where it is given: the text as given (what tables show
    and the results store keeps), the bot's name and its raw settings, in order. A small
    frozen value, it travels to the workers in place of the text.

    >>> spec = BotSpec.parse("mcts:iterations=300")
    >>> spec.name, spec.params, spec.text
    ('mcts', {'iterations': '300'}, 'mcts:iterations=300')
    """

    text: str
    name: str
    settings: tuple[tuple[str, str], ...] = ()

    @classmethod
    def parse(cls, text: str) -> BotSpec:
        """The spec ``text`` names; ``BotSpecError`` as ``parse_spec``."""
        name, raw = parse_spec(text)
        return cls(text, name, tuple(raw.items()))

    @property
    def params(self) -> dict[str, str]:
        """The raw settings by key, as a bot's factory takes them."""
        return dict(self.settings)


@dataclass(frozen=True, slots=True)
class Settings:
    """Checked settings of one bot: every declared key with its value or default."""

    bot: str
    values: Mapping[str, SettingValue]
    given: frozenset[str]

    def integer(self, name: str) -> int:
        value = self.values[name]
        assert isinstance(value, int), f"{name} is not an integer parameter"
        return value

    def number(self, name: str) -> float:
        value = self.values[name]
        assert isinstance(value, (int, float)), f"{name} is not a number parameter"
        return float(value)

    def choice(self, name: str) -> str:
        value = self.values[name]
        assert isinstance(value, str), f"{name} is not a choice parameter"
        return value

    def is_given(self, name: str) -> bool:
        """Whether the spec set ``name`` explicitly (rather than leaving the default)."""
        return name in self.given


def read_settings(
    bot: str, parameters: Sequence[Parameter], raw: Mapping[str, str]
) -> Settings:
    """Check ``raw`` against ``parameters``; defaults fill the keys not given.

    Raises ``BotSpecError`` naming the unknown key, with every allowed key, its range and
    its default; or the bad value, with its own key's range and default only (the key is
    right, so the other keys would only bury the fix).
    """
    declared = {parameter.name: parameter for parameter in parameters}
    for key in raw:
        if key not in declared:
            raise BotSpecError(
                f"unknown key {key!r} for bot {bot!r}; allowed: {describe_parameters(parameters)}"
            )
    values: dict[str, SettingValue] = {}
    for parameter in parameters:
        text = raw.get(parameter.name)
        if text is None:
            values[parameter.name] = parameter.default
            continue
        try:
            values[parameter.name] = parameter.parse(text)
        except ValueError as error:
            raise BotSpecError(
                f"bad value {parameter.name}={text!r} for bot {bot!r}: use {error} "
                f"(default {describe_default(parameter)})"
            ) from None
    return Settings(bot, values, frozenset(raw))


def compose_spec(bot: str, settings: Sequence[tuple[str, SettingValue]]) -> str:
    """The spec text of ``bot`` with ``settings`` (key, value) in the given order.

    >>> compose_spec("mcts", [("iterations", 500), ("c", 0.7)])
    'mcts:iterations=500,c=0.7'
    >>> compose_spec("greedy", [])
    'greedy'
    """
    if not settings:
        return bot
    return f"{bot}:" + ",".join(
        f"{key}={value!r}" if isinstance(value, float) else f"{key}={value}"
        for key, value in settings
    )
