"""What the games' option records share: unknown names refused, every value listed.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Counts:
...     mice: int = 2
...     cats: int = 1
>>> option_values(Counts())
{'mice': 2, 'cats': 1}
>>> refuse_unknown("a-game", {"dogs": 1}, ("mice", "cats"))
Traceback (most recent call last):
...
cheese.engine.api.OptionError: unknown option(s) 'dogs' for a-game; the options are: mice, cats
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import fields
from typing import TYPE_CHECKING

from cheese.engine.api import OptionError, OptionValue

if TYPE_CHECKING:
    from _typeshed import DataclassInstance


def refuse_unknown(slug: str, options: Mapping[str, object], names: Sequence[str]) -> None:
    """``OptionError`` listing the options of ``slug`` unless every name in ``options`` is
    one of ``names``."""
    unknown = sorted(set(options) - set(names))
    if unknown:
        raise OptionError(
            f"unknown option(s) {', '.join(map(repr, unknown))} for {slug}; "
            f"the options are: {', '.join(names)}"
        )


def option_values(options: DataclassInstance) -> dict[str, OptionValue]:
    """A validated option record as ``{name: value}``, in the order of its fields."""
    return {field.name: getattr(options, field.name) for field in fields(options)}
