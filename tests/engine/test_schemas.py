"""The schema problems: msgspec's errors become a field's path, the value found there and
what the field takes, which every format phrases in its one-line message."""

from __future__ import annotations

from typing import Annotated

import msgspec
import pytest

from cheese.engine.schemas import Problem, ProblemKind, allowed_at, conform, described


class Entry(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    args: Annotated[list[str], msgspec.Meta(description="a list of words")] = []
    env: dict[str, str] = {}
    ci95: tuple[float, float] = (0.0, 0.0)


class Document(msgspec.Struct):
    entries: list[Entry]
    seed: Annotated[int, msgspec.Meta(ge=0, description="a seed from 0")] = 0


def problem(data: object) -> Problem:
    with pytest.raises(ValueError) as caught:
        conform(data, Document, lambda found: ValueError(found))
    found = caught.value.args[0]
    assert isinstance(found, Problem)
    return found


def test_a_value_that_fits_is_converted() -> None:
    read = conform({"entries": [{"name": "a", "args": ["x"]}], "seed": 3}, Document, ValueError)
    assert read == Document([Entry("a", ["x"])], 3)


@pytest.mark.parametrize(
    ("data", "kind", "path", "value", "allowed"),
    [
        ([], ProblemKind.WRONG, (), [], "an object"),
        ({}, ProblemKind.MISSING, ("entries",), msgspec.UNSET, "a list"),
        ({"entries": [], "seed": -1}, ProblemKind.WRONG, ("seed",), -1, "a seed from 0"),
        ({"entries": [{}]}, ProblemKind.MISSING, ("entries", 0, "name"), msgspec.UNSET, "a string"),
        ({"entries": [{"name": "a", "x": 1}]}, ProblemKind.UNKNOWN, ("entries", 0, "x"), 1, ""),
        ({"entries": [{"name": "a", "args": ["b", 2]}]}, ProblemKind.WRONG,
         ("entries", 0, "args", 1), 2, "a string"),
        ({"entries": [{"name": "a", "env": {"A": "1", "B": 2}}]}, ProblemKind.WRONG,
         ("entries", 0, "env", "B"), 2, "a string"),
        ({"entries": [{"name": "a", "ci95": [1, 2, 3]}]}, ProblemKind.WRONG,
         ("entries", 0, "ci95"), [1, 2, 3], "a list of 2"),
    ],
)
def test_a_problem_names_the_field_the_value_and_what_is_allowed(
    data: object, kind: ProblemKind, path: tuple[object, ...], value: object, allowed: str
) -> None:
    found = problem(data)
    assert (found.kind, found.path, found.value, found.allowed) == (kind, path, value, allowed)


def test_a_problem_keeps_the_data_along_its_path() -> None:
    found = problem({"entries": [{"name": "a", "args": ["b", 2]}]})
    assert found.top == "entries" and found.field == "args" and found.in_item
    assert found.trail[2] == ["b", 2] and found.location == "entries[0].args[1]"
    assert found.sentence() == "entries[0].args[1] must be a string, not 2"


def test_what_a_field_takes_comes_from_its_description_or_its_type() -> None:
    assert allowed_at(Entry, "args") == "a list of words"
    assert allowed_at(Document, "entries", 0, "env") == "an object"
    assert described(bool | None) == "true or false"
    assert described(int | str) == "a whole number or a string"
