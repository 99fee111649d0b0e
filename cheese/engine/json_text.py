"""JSON typed by a person (records, score sheets, results lines), read without surprises.

``json.loads`` alone lets odd text through as a ``RecursionError`` (deep nesting), a bare
``ValueError`` (an integer of thousands of digits), ``inf`` (``1e400``), ``NaN`` and a
key given twice (the last one silently wins). ``load_json`` refuses each of them as a
``json.JSONDecodeError``, so a reader has one error to report, with a position.

>>> load_json('{"seats": ["a", "b"], "scores": [3, 7]}')
{'seats': ['a', 'b'], 'scores': [3, 7]}
>>> load_json('[1e400]')
Traceback (most recent call last):
...
json.decoder.JSONDecodeError: 1e400 is too large a number: line 1 column 2 (char 1)
>>> quoted("x" * 80, limit=12)
"'xxxxxxxxxxx…"
"""

from __future__ import annotations

import json
import math
import re

MAX_DEPTH = 64
"""Deepest nesting accepted; every format here needs three or four levels."""
QUOTE_LIMIT = 60
"""Longest quotation of a value in an error message, so the message stays one line."""

_LONG_NUMBER = re.compile(r"[0-9]{1000,}")


class _Refused(Exception):
    """A value ``load_json`` does not accept, and the text that shows where it is."""

    def __init__(self, message: str, found: str, occurrence: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.found = found
        self.occurrence = occurrence

    def position(self, text: str) -> int:
        """Where in ``text`` the refused value is (0 when it cannot be found)."""
        at = -1
        for _ in range(self.occurrence):
            at = text.find(self.found, at + 1)
        return max(0, at)


def load_json(text: str, max_depth: int = MAX_DEPTH) -> object:
    """The JSON value of ``text``; ``json.JSONDecodeError`` for anything ``json.loads``
    refuses, and for nesting deeper than ``max_depth``, non-finite numbers, integers too
    long to convert and a key given twice in one object."""
    check_depth(text, max_depth)
    try:
        return json.loads(
            text,
            parse_float=_finite_float,
            parse_constant=_no_constant,
            object_pairs_hook=_unique_keys,
        )
    except json.JSONDecodeError:
        raise
    except _Refused as refused:
        raise json.JSONDecodeError(refused.message, text, refused.position(text)) from None
    except RecursionError:  # the depth scan above is meant to make this unreachable
        raise json.JSONDecodeError("nested too deeply", text, 0) from None
    except ValueError:  # only an integer longer than Python converts reaches here
        long = _LONG_NUMBER.search(text)
        raise json.JSONDecodeError(
            "a number with too many digits", text, 0 if long is None else long.start()
        ) from None


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to ``limit`` characters (then ``…``) for an error message."""
    try:
        text = repr(value)
    except RecursionError:
        text = f"a deeply nested {type(value).__name__}"
    return text if len(text) <= limit else text[:limit] + "…"


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    """``json.JSONDecodeError`` if the JSON ``text`` nests deeper than ``max_depth``.

    The one bound every JSON reader applies before parsing: ``json`` and ``msgspec`` both
    recurse per level and fail with a ``RecursionError`` (a traceback, not a message) at
    Python's recursion limit, while every format here nests a few levels.

    >>> check_depth("[" * 65 + "]" * 65)
    Traceback (most recent call last):
    ...
    json.decoder.JSONDecodeError: nested deeper than 64 levels: line 1 column 65 (char 64)
    """
    deep = _too_deep_at(text, max_depth)
    if deep is not None:
        raise json.JSONDecodeError(f"nested deeper than {max_depth} levels", text, deep)


def _too_deep_at(text: str, max_depth: int) -> int | None:
    """Where the nesting of ``text`` first goes deeper than ``max_depth``, or None."""
    if text.count("[") + text.count("{") <= max_depth:
        return None  # the common case, decided without a scan
    depth = 0
    in_string = escaped = False
    for index, char in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > max_depth:
                return index
        elif char in "]}":
            depth -= 1
    return None


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"{text} is too large a number", text)
    return value


def _no_constant(text: str) -> float:
    raise _Refused(f"{text} is not a number JSON allows", text)


def _unique_keys(pairs: list[tuple[str, object]]) -> dict[str, object]:
    data: dict[str, object] = {}
    for key, value in pairs:
        if key in data:
            raise _Refused(f"key {quoted(key)} is given twice in one object", f'"{key}"', 2)
        data[key] = value
    return data
