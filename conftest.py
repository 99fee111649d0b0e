"""Doctest collection: the adapter modules need their optional frameworks, so without
those installed (``cheese[openspiel]``, ``cheese[rl]``) their doctests are not collected."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "cheese/adapters/openspiel.py": "pyspiel",
    "cheese/adapters/pettingzoo.py": "pettingzoo",
}

collect_ignore = [
    path for path, module in _NEEDS.items() if importlib.util.find_spec(module) is None
]
