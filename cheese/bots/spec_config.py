"""A bot's config declared once: each field carries the spec parameter it is read from.

A bot's settings are a frozen dataclass deriving from ``SpecConfig`` whose fields are
declared with ``setting``: the parameter (its spec key, type, range, default and meaning,
``cheese.bots.spec``) rides on the field, so the parameter list (``cheese bots`` and the
error messages), reading a spec (``from_params``) and writing it back (``spec``) all come
from that one declaration. A field's name may differ from its spec key.

A field not given in the spec takes its parameter's default, or what ``absent`` says
instead (``None``: "not given", left to whoever runs the bot), or what ``absent_from``
works out from the other settings. The spec written back names every setting whose value
is not what it would be if not given, in the order of the fields.

A choice setting declared with ``words=`` (a ``StrEnum`` of the choices) holds the
enum's members, however the config was made: the spec's words are converted once, here,
and code compares members instead of strings.

>>> @dataclass(frozen=True, slots=True)
... class DemoConfig(SpecConfig):
...     bot_name: ClassVar[str] = "demo"
...     depth: int = setting(IntParameter("depth", 2, 1, 9, "plies"))
...     exploration: float | None = setting(FloatParameter("c", 0.7, 0, 9, "UCB"), absent=None)
>>> DemoConfig.from_params({"c": "0.7"})
DemoConfig(depth=2, exploration=0.7)
>>> DemoConfig(depth=3).spec
'demo:depth=3'
>>> [parameter.name for parameter in DemoConfig.parameters()]
['depth', 'c']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any, ClassVar, Final, Self, TypeVar, overload

from cheese.bots.spec import (
    ChoiceParameter,
    FloatParameter,
    IntParameter,
    Parameter,
    SettingValue,
    compose_spec,
    read_settings,
)

SettingValues = Mapping[str, SettingValue | None]
"""A config's settings by field name."""

Words = TypeVar("Words", bound=StrEnum)

SETTING: Final = "spec setting"
"""The key of a field's ``Setting`` in the field's metadata."""


class _ParameterDefault:
    """The ``absent`` of a setting that takes its parameter's default."""

    def __repr__(self) -> str:
        return "the parameter's default"


PARAMETER_DEFAULT: Final = _ParameterDefault()


@dataclass(frozen=True, slots=True)
class Setting:
    """What a config field is read from: its parameter, and its value when not given."""

    parameter: Parameter
    absent: SettingValue | None
    absent_from: Callable[[SettingValues], SettingValue | None] | None = None
    """Works the value out from the config's other settings instead of ``absent``."""
    words: type[StrEnum] | None = None
    """The enum whose members a choice setting holds (the spec's words are its values)."""

    def value_if_absent(self, values: SettingValues) -> SettingValue | None:
        """The field's value when the spec does not give it, the others being ``values``."""
        return self.absent if self.absent_from is None else self.absent_from(values)


@overload
def setting(parameter: IntParameter) -> int: ...
@overload
def setting(parameter: FloatParameter) -> float: ...
@overload
def setting(parameter: ChoiceParameter) -> str: ...
@overload
def setting(parameter: ChoiceParameter, *, words: type[Words]) -> Words: ...
@overload
def setting(
    parameter: IntParameter, *, absent_from: Callable[[SettingValues], int]
) -> int: ...
@overload
def setting(
    parameter: Parameter,
    *,
    absent: None,
    absent_from: Callable[[SettingValues], SettingValue | None] | None = None,
) -> None: ...


def setting(
    parameter: Parameter,
    *,
    absent: SettingValue | _ParameterDefault | None = PARAMETER_DEFAULT,
    absent_from: Callable[[SettingValues], Any] | None = None,
    words: type[StrEnum] | None = None,
) -> Any:  # a dataclass field, typed by the overloads as the value it holds
    """A config field read from ``parameter``; see the module docstring."""
    value = parameter.default if isinstance(absent, _ParameterDefault) else absent
    if words is not None and isinstance(value, str):
        value = words(value)
    declared = Setting(parameter, value, absent_from, words)
    return field(default=value, metadata={SETTING: declared})


class SpecConfig:
    """A bot's checked settings, read from a spec's parameters and written back as a spec;
    subclasses are frozen dataclasses of ``setting`` fields and name their bot."""

    __slots__ = ()

    bot_name: ClassVar[str]

    def __post_init__(self) -> None:
        # A choice declared with its words holds members even when the config is made
        # from plain strings (from_params, or a caller's keywords).
        for name, declared in self.settings():
            value = getattr(self, name)
            if declared.words is not None and value is not None:
                object.__setattr__(self, name, declared.words(value))

    @classmethod
    def settings(cls) -> tuple[tuple[str, Setting], ...]:
        """Every field with its ``Setting``, in declaration order."""
        return tuple(
            (declared.name, declared.metadata[SETTING])
            for declared in fields(cls)  # type: ignore[arg-type]
            if SETTING in declared.metadata
        )

    @classmethod
    def parameters(cls) -> tuple[Parameter, ...]:
        """The bot's spec parameters, in declaration order."""
        return tuple(declared.parameter for _, declared in cls.settings())

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> Self:
        """The config of a spec's raw parameters; ``BotSpecError`` names a bad one."""
        checked = read_settings(cls.bot_name, cls.parameters(), params)
        values: dict[str, SettingValue | None] = {}
        worked_out = []
        for name, declared in cls.settings():
            key = declared.parameter.name
            if checked.is_given(key):
                values[name] = checked.values[key]
            elif declared.absent_from is None:
                values[name] = declared.absent
            else:
                worked_out.append((name, declared))
        for name, declared in worked_out:
            values[name] = declared.value_if_absent(values)
        return cls(**values)

    @property
    def spec(self) -> str:
        """The spec that recreates this config, e.g. ``mcts:iterations=2000``."""
        values: dict[str, SettingValue | None] = {
            name: getattr(self, name) for name, _ in self.settings()
        }
        changed: list[tuple[str, SettingValue]] = []
        for name, declared in self.settings():
            value = values[name]
            if value is not None and value != declared.value_if_absent(values):
                changed.append((declared.parameter.name, value))
        return compose_spec(self.bot_name, changed)
