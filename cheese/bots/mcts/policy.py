"""Policy-based inference (``mcts:infer=policy`` and ``infer=fit``): the odds of the
others' hidden cards, read from the moves they made, for the C search to deal them by.

Each move another seat made is read by the game (``Evaluator.play_reading``): a cheaper
search (``model_specs``, ``MODEL_ITERATIONS`` unless the spec's ``reader=`` says) stands
in for the player, in ``MODEL_WORLDS`` worlds (``worlds=``) dealt from what this seat
knew before the move; the hidden cards of the model's moves that look like
the real one, each weighed by the model's share of it where the model tells one, are the
odds. With ``infer=fit`` every move is read by the search and by each of
``FIT_OTHER_MODELS``, and each player's moves by the model that has explained them best so
far. With ``recall=1`` each model reads a move in worlds that deal the hidden cards of
the moves before it by the odds it read of them, not uniformly. A move is read once per
game: the readings are kept between decisions (``PlayReadings``), and each is seeded
from what the seat saw of the move (and, with ``recall=1``, reads what the readings of
the moves before it read, which the same sightings decide), so a reading does not
depend on when it was made, nor a game continued from its record on what came before
the break.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Sequence

from cheese.bots.base import Bot, Sighting, Turn
from cheese.bots.search.evaluator import MoveRead, PlayReading
from cheese.engine import Seat

MODEL_ITERATIONS = 2000
"""The iterations of the model of each other player, the default search, when the spec
gives no ``reader=``: at 2,000 its readings were worth about as much as those of the
players' own 15,000 in the instrument's duels (docs/bots/get-the-cheese.md), at about an
eighth of the work."""


FIT_OTHER_MODELS = ("greedy",)
"""The models ``infer=fit`` reads every move by beside the search (each player by the one
that explains it best; ties: the search): greedy, whose plays a search explains poorly
(docs/bots/get-the-cheese.md, "Which model explains which player")."""


def model_specs(iterations: int, fit: bool) -> tuple[str, ...]:
    """The models the others' moves are read by: the default search at ``iterations``,
    and with ``fit`` (``infer=fit``) ``FIT_OTHER_MODELS`` after it."""
    search = (f"mcts:iterations={iterations}",)
    return (*search, *FIT_OTHER_MODELS) if fit else search


MODEL_WORLDS = 24
"""Worlds in which the model plays each move read, as in those duels, when the spec
gives no ``worlds=``."""


def sighting_key(sighting: Sighting) -> str:
    """A stable name of what the seat saw of a move: its place in the game, the mover,
    and the seat's views before and after it."""
    text = f"{sighting.index}:{sighting.actor}:{sighting.view_before!r}:{sighting.view_after!r}"
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def reading_seed(key: str, model: int) -> str:
    """The seed of the reading of the move ``key`` by the ``model``-th model: the key
    itself for the first, so that one model reads as ``infer=policy`` always has."""
    return key if model == 0 else f"{key}:{model}"


def best_models(reads: Iterable[tuple[Seat, Sequence[MoveRead]]]) -> dict[Seat, int]:
    """For each seat, the model (its index) whose plays looked like the seat's in the
    most worlds over the seat's ``reads``, each read by every model; ties: the first."""
    alike: dict[Seat, list[int]] = {}
    for actor, by_model in reads:
        totals = alike.setdefault(actor, [0] * len(by_model))
        for model, read in enumerate(by_model):
            totals[model] += read.alike
    return {
        actor: max(range(len(totals)), key=lambda m: (totals[m], -m))
        for actor, totals in alike.items()
    }


class PlayReadings:
    """What each model made of each move of a game so far, by its ``sighting_key``: a
    move costs ``worlds`` searches a model to read, and is read once. With ``recall``
    (``recall=1``) each model reads a move in worlds that deal the hidden cards of the
    moves before it by the odds it read of them, which the game's record decides as
    well: a reading still does not depend on when it was made."""

    __slots__ = ("_read", "_worlds", "_recall")

    def __init__(self, worlds: int = MODEL_WORLDS, recall: bool = False) -> None:
        self._read: dict[str, tuple[Seat, tuple[MoveRead, ...]]] = {}
        self._worlds = worlds
        self._recall = recall

    def card_odds(
        self, turn: Turn, reading: PlayReading, models: Sequence[Bot]
    ) -> list[int] | None:
        """The odds of the hidden cards of every move the seat of ``turn`` saw, each
        player's read by the one of ``models`` that explains its moves best
        (``best_models``), as the C search takes them; ``None`` when no move gave any
        (the search deals blind)."""
        read: dict[str, tuple[Seat, tuple[MoveRead, ...]]] = {}
        # Per model, the odds it read of the hidden cards so far (with recall).
        earlier: list[dict[tuple[int, int], Sequence[int]]] = [{} for _ in models]
        recalled = earlier if self._recall else [None] * len(models)
        for sighting in turn.sightings():
            key = sighting_key(sighting)
            found = self._read.get(key)
            if found is None:
                seeds = [random.Random(reading_seed(key, m)) for m in range(len(models))]
                found = sighting.actor, tuple(
                    reading.read(sighting, model, self._worlds, rng, known)
                    for model, rng, known in zip(models, seeds, recalled, strict=True)
                )
            read[key] = found
            if self._recall:
                for known, move_read in zip(earlier, found[1], strict=True):
                    known.update(move_read.odds)
        # Only this game's moves are kept: a bot that plays on in another game starts
        # afresh instead of growing.
        self._read = read
        chosen = best_models(read.values())
        odds = {
            place: row
            for actor, by_model in read.values()
            for place, row in by_model[chosen[actor]].odds.items()
        }
        return reading.card_odds(odds, turn.game) if odds else None
