"""An ``act``'s ``legal`` list as JSON, each action's entry written once.

A decision's legal actions are named from the seat's view, and building that view costs
far more than the rest of a decision in the referee. The notation of an action depends
only on its number and the game's notation key (``State.notation_key``: Cheese Drop's
phase, nothing in the other games), so each entry is named once, from the view of the
first decision that offers it, and kept as JSON text. Where the engine gives no key (the
reference backend) every decision is named from its view.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import msgspec

from cheese.bots.base import Turn
from cheese.engine.api import Action
from cheese.engine.games import describe

_ENCODE = msgspec.json.Encoder().encode
EntryKey = tuple[str, int, Action]
"""The game's slug, the notation key and an action's number."""
MOST_LISTS = 4096
"""Lists kept at most (a few hundred per game and table size are seen in practice); past
it they are forgotten at once and written again as they come."""


@dataclass(frozen=True, slots=True)
class LegalActions:
    """A decision's legal actions with their notation, and as ``act``'s ``legal`` list."""

    notations: tuple[tuple[Action, str], ...]
    json: msgspec.Raw
    numbers: frozenset[Action]


def entry(action: Action, notation: str) -> bytes:
    """One action of ``act``'s ``legal`` list, as the protocol's encoder writes it.

    >>> entry(2, "0:mouse,mouse,mouse*")
    b'{"action":2,"notation":"0:mouse,mouse,mouse*"}'
    """
    return b'{"action":%d,"notation":%s}' % (action, _ENCODE(notation))


class LegalJson:
    """The entries named so far, by game, notation key and number, and the lists written
    so far: a game offers the same few hundred lists again and again (the same hand, the
    same free cells), so most decisions find theirs whole."""

    __slots__ = ("_named", "_lists")

    def __init__(self) -> None:
        self._named: dict[EntryKey, str] = {}
        self._lists: dict[tuple[str, int, tuple[Action, ...]], LegalActions] = {}

    def of(self, turn: Turn, actions: Sequence[Action]) -> LegalActions:
        """``actions`` (the legal actions of ``turn``, ascending) named and written."""
        slug = turn.game.info.slug
        key = turn.notation_key()
        if key is None:
            names = describe(slug).native_codec.actions_to_strings(turn.view, actions)
            return _written(list(zip(actions, names)))
        list_key = (slug, key, tuple(actions))
        found = self._lists.get(list_key)
        if found is None:
            found = _written(self._notations(turn, slug, key, actions))
            if len(self._lists) >= MOST_LISTS:
                self._lists.clear()
            self._lists[list_key] = found
        return found

    def _notations(
        self, turn: Turn, slug: str, key: int, actions: Sequence[Action]
    ) -> list[tuple[Action, str]]:
        known = self._named
        missing = [action for action in actions if (slug, key, action) not in known]
        if missing:
            names = describe(slug).native_codec.actions_to_strings(turn.view, missing)
            for action, name in zip(missing, names):
                known[slug, key, action] = name
        return [(action, known[slug, key, action]) for action in actions]


def _written(notations: list[tuple[Action, str]]) -> LegalActions:
    text = b"[" + b",".join(entry(action, name) for action, name in notations) + b"]"
    return LegalActions(
        tuple(notations), msgspec.Raw(text), frozenset(action for action, _ in notations)
    )
