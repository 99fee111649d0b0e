"""Game results from anywhere, one JSON object a line, for ``cheese ratings``.

Each line is ``{"seats": [names], "scores": [numbers]}`` (higher is better) or
``{"seats": [names], "ranking": [places]}`` (1 is first, equal places are shared), with an
optional ``"deal"`` (a string or number): games with the same deal share luck and are
resampled together. A game without one is a deal of its own. Blank lines are skipped.

>>> game_of({"seats": ["a", "b", "c"], "scores": [3, 7, 3]}, 1)
RatedGame(deal='line 1', seats=('a', 'b', 'c'), places=(2, 1, 2), points=(3.0, 7.0, 3.0))
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from pathlib import Path

from cheese.engine.json_text import load_json
from cheese.ratings.bradley_terry import RatedGame

EXAMPLE = '{"seats": ["mcts", "greedy"], "scores": [12, 7], "deal": 3}'
MAX_POINTS = 10**15
"""Largest size of a score: beyond it a float no longer counts single points."""


class ResultsFileError(ValueError):
    """A results file that cannot be read, or a line that is not a game."""


def read_results(path: Path) -> list[RatedGame]:
    """Every game of the UTF-8 file at ``path`` (``OSError`` if it cannot be read)."""
    return parse_results(path.read_text(encoding="utf-8"), str(path))


def parse_results(text: str, source: str) -> list[RatedGame]:
    """Every game of ``text``, read from ``source``; ``ResultsFileError`` names the line at
    fault."""
    return list(_games(iter(text.splitlines()), source))


def _games(lines: Iterator[str], source: str) -> Iterator[RatedGame]:
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            data = load_json(line)
        except json.JSONDecodeError as error:
            raise ResultsFileError(
                f"{source}:{number}: not JSON ({error.msg}); write one object a line, "
                f"e.g. {EXAMPLE}"
            ) from None
        if not isinstance(data, dict):
            raise ResultsFileError(f"{source}:{number}: not a JSON object; e.g. {EXAMPLE}")
        try:
            yield game_of(data, number)
        except ValueError as error:
            raise ResultsFileError(f"{source}:{number}: {error}") from None


def game_of(data: Mapping[str, object], number: int) -> RatedGame:
    """One line's game; ``ValueError`` says what is wrong with it."""
    unknown = set(data) - {"seats", "scores", "ranking", "deal"}
    if unknown:
        raise ValueError(
            f"unknown key {sorted(unknown)[0]!r}; the keys are seats, scores or ranking, deal"
        )
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) < 2 or not all(
        isinstance(seat, str) and seat for seat in seats
    ):
        raise ValueError('"seats" must be a list of at least 2 bot names')
    if ("scores" in data) == ("ranking" in data):
        raise ValueError('give either "scores" (higher is better) or "ranking" (1 is first)')
    deal = data.get("deal", f"line {number}")
    if not isinstance(deal, str | int) or isinstance(deal, bool):
        raise ValueError('"deal" must be a string or a whole number')
    if "scores" in data:
        scores = _numbers(data["scores"], "scores", len(seats))
        places = tuple(1 + sum(other > score for other in scores) for score in scores)
        return RatedGame(str(deal), tuple(seats), places, tuple(scores))
    count = len(seats)
    allowed = f"places from 1 to {count} (1 is first)"
    ranking = _numbers(data["ranking"], "ranking", count, count, allowed)
    if not all(place == int(place) and place >= 1 for place in ranking):
        raise ValueError(f'"ranking" must hold {allowed}')
    return RatedGame(str(deal), tuple(seats), tuple(int(place) for place in ranking))


def _numbers(
    value: object,
    key: str,
    count: int,
    largest: float = MAX_POINTS,
    allowed: str = "numbers from -10**15 to 10**15",
) -> list[float]:
    """``value`` as ``count`` floats of at most ``largest`` in size; ``ValueError`` says
    what ``key`` must hold (``allowed``)."""
    if not isinstance(value, list) or len(value) != count:
        raise ValueError(f'"{key}" must be a list of {count} numbers, one per seat')
    # Comparing before converting keeps a huge integer from overflowing the float, and
    # NaN fails every comparison.
    if not all(
        isinstance(item, int | float) and not isinstance(item, bool) and abs(item) <= largest
        for item in value
    ):
        raise ValueError(f'"{key}" must hold only {allowed}')
    return [float(item) for item in value]
