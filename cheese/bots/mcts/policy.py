"""Policy-based inference (``mcts:infer=policy``): the odds of the others' hidden cards,
read from the moves they made, for the C search to deal those cards by.

Each move another seat made is read by the game (``Evaluator.play_reading``): a cheaper
search (``MODEL_SPEC``) stands in for the player, in ``MODEL_WORLDS`` worlds dealt from
what this seat knew before the move; the hidden cards of the model's moves that look like
the real one are the odds. A move is read once per game: the readings are kept between
decisions (``PlayReadings``), and each is seeded from what the seat saw of the move, so a
reading does not depend on when it was made, nor a game continued from its record on
what came before the break.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence

from cheese.bots.base import Bot, Sighting, Turn
from cheese.bots.search.evaluator import PlayReading

MODEL_SPEC = "mcts:iterations=2000"
"""The model of each other player: the default search at 2,000 iterations, whose
readings were worth about as much as those of the players' own 15,000 in the
instrument's duels (docs/bots/get-the-cheese.md), at about an eighth of the work."""
MODEL_WORLDS = 24
"""Worlds in which the model plays each move read, as in those duels."""

Reading = Mapping[tuple[int, int], Sequence[int]]
"""The odds read from one move: per hidden card's place, a weight per kind for each
unseen card of that kind."""


def sighting_key(sighting: Sighting) -> str:
    """A stable name of what the seat saw of a move: its place in the game, the mover,
    and the seat's views before and after it."""
    text = f"{sighting.index}:{sighting.actor}:{sighting.view_before!r}:{sighting.view_after!r}"
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


class PlayReadings:
    """The odds read from each move of a game so far, by its ``sighting_key``: a move
    costs ``MODEL_WORLDS`` searches to read, and is read once."""

    __slots__ = ("_read",)

    def __init__(self) -> None:
        self._read: dict[str, Reading] = {}

    def card_odds(self, turn: Turn, reading: PlayReading, model: Bot) -> list[int] | None:
        """The odds of the hidden cards of every move the seat of ``turn`` saw, as the C
        search takes them; ``None`` when no move gave any (the search deals blind)."""
        read: dict[str, Reading] = {}
        for sighting in turn.sightings():
            key = sighting_key(sighting)
            found = self._read.get(key)
            if found is None:
                rng = random.Random(key)
                found = reading.odds(sighting, model, MODEL_WORLDS, rng)
            read[key] = found
        # Only this game's moves are kept: a bot that plays on in another game starts
        # afresh instead of growing.
        self._read = read
        odds = {place: row for found in read.values() for place, row in found.items()}
        return reading.card_odds(odds, turn.game) if odds else None
