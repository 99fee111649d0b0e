"""Readable names for tournaments and duels: the game, the seats and the bots, shortened,
with a digest of the settings only where a name is already taken by other settings.

>>> readable_name("get-the-cheese", 4, ["mcts", "greedy", "random"])
'get-the-cheese-4p-mcts-greedy-random'
>>> duel_name("mcts:iterations=200,c=0.5", "greedy", 7)
'duel-mcts-iterations200-c0.5-greedy-7'
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable, Mapping, Sequence

from cheese.referee.external.bots_file import split_file_spec

MOST_NAME_CHARACTERS = 64
"""Names longer than this are cut and end in a digest of the whole: a name still fits a
terminal line beside its counts."""
DIGEST_CHARACTERS = 8
_NOT_IN_NAMES = re.compile(r"[^a-z0-9.]+")


def settings_digest(settings: Mapping[str, object]) -> str:
    """A short digest of ``settings`` (the same settings, the same digest)."""
    text = json.dumps(settings, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:DIGEST_CHARACTERS]


def spec_words(spec: str) -> str:
    """A bot spec as name words: lower case, each run of other characters one dash.

    A bots file's ``NAME@FILE`` is named by its NAME alone.

    >>> spec_words("expectimax:depth=2, samples=8"), spec_words("cmd:python3 my_bot.py")
    ('expectimax-depth2-samples8', 'cmd-python3-my-bot.py')
    >>> spec_words("c-random@bots.toml")
    'c-random'
    """
    named = split_file_spec(spec)
    words = (spec if named is None else named[0]).lower().replace("=", "")
    return _NOT_IN_NAMES.sub("-", words).strip("-.") or "bot"


def shortened(name: str) -> str:
    """``name`` if short enough, else its start and a digest of all of it.

    >>> shortened("x" * 70)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx-c71bd109'
    """
    if len(name) <= MOST_NAME_CHARACTERS:
        return name
    digest = hashlib.sha256(name.encode()).hexdigest()[:DIGEST_CHARACTERS]
    start = name[: MOST_NAME_CHARACTERS - DIGEST_CHARACTERS - 1].rstrip("-.")
    return f"{start}-{digest}"


def readable_name(game: str, num_players: int, specs: Sequence[str]) -> str:
    """A tournament's name from its game, seats per table and bots."""
    return shortened("-".join([game, f"{num_players}p", *map(spec_words, specs)]))


def duel_name(spec_a: str, spec_b: str, seed: int) -> str:
    """A duel's name in a results database from its two bots and seed."""
    return shortened(f"duel-{spec_words(spec_a)}-{spec_words(spec_b)}-{seed}")


def free_name(
    name: str,
    settings: Mapping[str, object],
    stored_settings: Callable[[str], Mapping[str, object] | None],
) -> str:
    """``name``, unless a tournament of other settings holds it (``stored_settings``
    gives a name's settings, ``None`` for a free name): then ``name`` and the digest of
    ``settings``, so that other settings never resume someone else's games.

    >>> held = {"t": {"deals": 1}}
    >>> free_name("t", {"deals": 1}, held.get), free_name("t", {"deals": 2}, held.get)
    ('t', 't-7b0026b0')
    """
    found = stored_settings(name)
    if found is None or _as_stored(found) == _as_stored(settings):
        return name
    return f"{name}-{settings_digest(settings)}"


def _as_stored(settings: Mapping[str, object]) -> object:
    """``settings`` as they read back from the store (tuples as lists)."""
    return json.loads(json.dumps(settings, sort_keys=True))
