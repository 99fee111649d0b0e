"""The formats cheese reads, declared as msgspec structs, and their errors in one line.

Each format (bots files, tournament configs, level tables, game records, saved games, the
line protocol) is a ``msgspec.Struct`` whose fields say their type and, where the type
alone does not say what is allowed, a ``Meta(description=...)`` in words. ``conform``
turns decoded data into the struct; when the data does not fit, msgspec's error becomes
a ``Problem`` (which field, the value found there, what the field takes) and the format
phrases that as its one-line, fix-it message. It sits in the engine, which reads game
records, and imports only ``json_text`` beside it, so every layer above may use it.

>>> from typing import Annotated
>>> class Seat(msgspec.Struct):
...     name: str
...     level: Annotated[int, msgspec.Meta(ge=1, description="a level from 1")] = 1
>>> conform({"name": "ann", "level": 0}, Seat, lambda p: ValueError(p.sentence()))
Traceback (most recent call last):
...
ValueError: level must be a level from 1, not 0
>>> problem = problem_of(msgspec.ValidationError("Object missing required field `name`"), Seat, {})
>>> problem.kind, problem.path, problem.allowed
(<ProblemKind.MISSING: 'missing'>, ('name',), 'a string')
"""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Literal, TypeVar, Union, get_args, get_origin

import msgspec

from cheese.engine.json_text import quoted

Schema = TypeVar("Schema")
Step = str | int
"""One step of a path into decoded data: a field's (or key's) name, or a list position."""

_AT = re.compile(r"(?P<what>.*?)(?: - at `(?P<key>key` in `)?(?P<path>\$[^`]*)`)?", re.S)
_STEP = re.compile(r"\.(?P<name>[^.\[]+)|\[(?P<index>\d+)\]|(?P<any>\[\.\.\.\])")
_NAMED = re.compile(r"Object (?P<kind>missing required|contains unknown) field `(?P<name>[^`]*)`")
_KIND_WORDS: dict[type, str] = {
    bool: "true or false",
    int: "a whole number",
    float: "a number",
    str: "a string",
    list: "a list",
    tuple: "a list",
    dict: "an object",
}
"""What a field of each type takes, in words, when its schema gives no description."""


class ProblemKind(Enum):
    """How data breaks its schema."""

    MISSING = "missing"
    """A field the format requires is absent."""
    UNKNOWN = "unknown"
    """A field the format does not have (formats that forbid unknown fields)."""
    WRONG = "wrong"
    """A value of the wrong type, or out of the range the field allows."""


@dataclass(frozen=True, slots=True)
class Problem:
    """The first place where data breaks its schema, said so that a message can name it."""

    kind: ProblemKind
    path: tuple[Step, ...]
    """From the top of the data: field names (dictionary keys) and list positions; for
    a missing or unknown field it ends with that field's name. Empty: the whole value."""
    value: object
    """What the data holds there (``msgspec.UNSET`` when the field is missing)."""
    allowed: str
    """What the field takes, in words: its ``Meta`` description, else its type's."""
    trail: tuple[object, ...] = ()
    """The data at each step of ``path``: ``trail[0]`` is the top-level field's value."""

    @property
    def field(self) -> str:
        """The name of the field at fault: the last name in the path ("" at the top)."""
        names = [step for step in self.path if isinstance(step, str)]
        return names[-1] if names else ""

    @property
    def top(self) -> str:
        """The top-level field the problem is in ("" for the whole value)."""
        return str(self.path[0]) if self.path else ""

    @property
    def in_item(self) -> bool:
        """Whether the problem is inside a list's entry rather than the field itself."""
        return any(isinstance(step, int) for step in self.path)

    @property
    def location(self) -> str:
        """The path as a reader writes it: ``levels[0].spec`` ("the value" at the top)."""
        text = "".join(f"[{step}]" if isinstance(step, int) else f".{step}" for step in self.path)
        return text.removeprefix(".") or "the value"

    @property
    def shown(self) -> str:
        """The value as a message quotes it: ``repr``, cut to one line."""
        return quoted(None if self.value is msgspec.UNSET else self.value)

    def sentence(self) -> str:
        """The problem in plain words: a default for formats with no phrasing of their own."""
        where = self.location
        if self.kind is ProblemKind.MISSING:
            return f"{where} is missing; it must be {self.allowed}"
        if self.kind is ProblemKind.UNKNOWN:
            return f"{where} is not a field of this format"
        return f"{where} must be {self.allowed}, not {self.shown}"


def conform(data: object, schema: type[Schema], refuse: Callable[[Problem], Exception]) -> Schema:
    """``data`` (decoded JSON or TOML) as ``schema``; ``refuse(problem)`` raised if it does
    not fit, so that each format says the problem in its own words."""
    try:
        return msgspec.convert(data, schema)
    except msgspec.ValidationError as error:
        raise refuse(problem_of(error, schema, data)) from None


def problem_of(error: msgspec.ValidationError, schema: object, data: object) -> Problem:
    """The ``Problem`` that msgspec's ``error`` reports for ``data`` read as ``schema``.

    msgspec says where (``$.bot[0].args``) and in what way; the value found there and
    the words for what is allowed are looked up along that path in the data and the
    schema. A dictionary value (``$.options[...]``) is found by checking each value.
    """
    text = str(error)
    matched = _AT.fullmatch(text)
    what = matched.group("what") if matched else text
    path_text = (matched.group("path") if matched else None) or "$"
    at_key = bool(matched and matched.group("key"))
    path: list[Step] = []
    trail: list[object] = []
    node: object = schema
    value: object = data
    for step in _STEP.finditer(path_text[1:]):
        key: Step
        if step.group("any") is not None:
            key = _first_misfit(value, _value_type(node))
        elif step.group("name") is not None:
            key = step.group("name")
        else:
            key = int(step.group("index"))
        path.append(key)
        node, value = _child(node, key), _get(value, key)
        trail.append(value)
    named = _NAMED.match(what)
    if named is not None and not at_key:
        field = named.group("name")
        path.append(field)
        found = _get(value, field)
        trail.append(found)
        if named.group("kind") == "missing required":
            allowed = _words(_child(node, field))
            return Problem(ProblemKind.MISSING, tuple(path), found, allowed, tuple(trail))
        return Problem(ProblemKind.UNKNOWN, tuple(path), found, "", tuple(trail))
    return Problem(ProblemKind.WRONG, tuple(path), value, _words(node), tuple(trail))


def allowed_at(schema: object, *path: Step) -> str:
    """What the field at ``path`` within ``schema`` takes, in words.

    >>> class Bot(msgspec.Struct):
    ...     args: Annotated[list[str], msgspec.Meta(description="a list of words")]
    >>> allowed_at(Bot, "args"), allowed_at(Bot, "args", 0)
    ('a list of words', 'a string')
    """
    node = schema
    for step in path:
        node = _child(node, step)
    return _words(node)


def described(annotation: object) -> str:
    """What a field of type ``annotation`` takes, in words.

    >>> described(Annotated[int, msgspec.Meta(ge=0, description="a count")])
    'a count'
    >>> described(int | str), described(list[str] | None)
    ('a whole number or a string', 'a list')
    """
    return _words(annotation)


def _words(annotation: object) -> str:
    base, description = _unwrap(annotation)
    if description is not None:
        return description
    members = _members(base)
    if len(members) > 1:
        return " or ".join(dict.fromkeys(_words(member) for member in members))
    base = members[0]
    origin = get_origin(base) or base
    if origin is Literal:
        return "one of: " + ", ".join(str(choice) for choice in get_args(base))
    arguments = get_args(base)
    if origin is tuple and arguments and arguments[-1] is not Ellipsis:
        return f"a list of {len(arguments)}"
    if isinstance(origin, type):
        if _fields_of(origin) is not None:
            return "an object"
        for kind, words in _KIND_WORDS.items():
            if issubclass(origin, kind):
                return words
    return "a value of another kind"


def _unwrap(annotation: object) -> tuple[object, str | None]:
    """``annotation`` without ``Annotated``, and the description its ``Meta`` gives."""
    description = None
    while get_origin(annotation) is Annotated:
        base, *extras = get_args(annotation)
        for extra in extras:
            if isinstance(extra, msgspec.Meta) and extra.description:
                description = extra.description
        annotation = base
    return annotation, description


def _members(annotation: object) -> list[object]:
    """The members of a union other than ``None`` (the annotation itself if no union)."""
    if get_origin(annotation) in (Union, types.UnionType):
        return [member for member in get_args(annotation) if member is not type(None)]
    return [annotation]


def _fields_of(kind: type) -> dict[str, object] | None:
    """The fields of a struct, dataclass or TypedDict by their names in the data (their
    types, ``Annotated`` kept); ``None`` for another type."""
    if issubclass(kind, msgspec.Struct):
        return {field.encode_name: field.type for field in msgspec.structs.fields(kind)}
    if dataclasses.is_dataclass(kind) or typing.is_typeddict(kind):
        return dict(typing.get_type_hints(kind, include_extras=True))
    return None


def _child(annotation: object, step: Step) -> object:
    """The type of ``step`` within a value of type ``annotation`` (``Any`` if unknown)."""
    for member in _members(_unwrap(annotation)[0]):
        origin = get_origin(member) or member
        if isinstance(step, str):
            fields = _fields_of(origin) if isinstance(origin, type) else None
            if fields is not None:
                return fields.get(step, Any)
            if origin is dict:
                return get_args(member)[1]
        elif origin is list:
            return get_args(member)[0] if get_args(member) else Any
        elif origin is tuple:
            arguments = get_args(member)
            if len(arguments) == 2 and arguments[1] is Ellipsis:
                return arguments[0]
            return arguments[step] if step < len(arguments) else Any
    return Any


def _value_type(annotation: object) -> object:
    """The type of a dictionary's values within ``annotation`` (``Any`` if not a dict)."""
    for member in _members(_unwrap(annotation)[0]):
        if get_origin(member) is dict:
            return get_args(member)[1]
    return Any


def _first_misfit(value: object, value_type: object) -> Step:
    """The first key of the mapping ``value`` whose value is not of ``value_type``."""
    if isinstance(value, Mapping):
        for key, item in value.items():
            try:
                msgspec.convert(item, value_type)
            except msgspec.ValidationError:
                return str(key)
    return "..."


def _get(value: object, step: Step) -> object:
    """The part of ``value`` at ``step`` (``msgspec.UNSET`` if there is none)."""
    if isinstance(step, str) and isinstance(value, Mapping):
        return value.get(step, msgspec.UNSET)
    if isinstance(step, int) and isinstance(value, Sequence) and not isinstance(value, str):
        return value[step] if step < len(value) else msgspec.UNSET
    if isinstance(step, str) and isinstance(value, msgspec.Struct):
        return getattr(value, step, msgspec.UNSET)
    return msgspec.UNSET
