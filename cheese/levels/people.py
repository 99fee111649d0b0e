"""A person's games at the table, kept in a local results database.

Every game a person finishes with ``cheese play`` is stored in ``people.db`` in the data
directory (``platformdirs.user_data_dir("cheese")``), the tournament store's own format,
so ``cheese tournament games`` and ``cheese replay DB:ID`` read it too. Each person has one
tournament per game, named ``person:NAME:GAME``; the person's seats are the player
``person:NAME`` and the others keep their bot specs. Job numbers count the person's games
of that game from 0, so two sessions finishing at once both keep their game (the second
takes the next number).

A rating is kept per game and table size: a 3-player game says nothing of the 2-player
scale. The size is the stored game's own seat count, which every row holds from the day
it was written, so a database written before ratings were split needs no rewrite: its
games are sorted by size as they are read (``person_games``).
"""

from __future__ import annotations

import getpass
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from cheese.engine import BACKEND, EngineError
from cheese.engine.records import GameRecord, replay
from cheese.referee.jobs import GameJob, GameResult
from cheese.store import (
    ResultsStore,
    StoredGame,
    StoreError,
    games,
    open_readonly,
    read_game,
    tournaments,
)

APP_NAME = "cheese"
PEOPLE_DB = "people.db"
PERSON_PREFIX = "person:"
HUMAN = "human"
"""How a person's seats are named in the records ``cheese play`` writes."""
FALLBACK_NAME = "player"
MAX_ATTEMPTS = 20
"""Job numbers tried when other sessions keep taking the next one first."""
LOGGER = logging.getLogger("cheese.levels")


def default_person_name() -> str:
    """The login name, or ``"player"`` when there is none to be had."""
    try:
        name = getpass.getuser().strip()
    except (OSError, KeyError, ImportError):  # no login name, no passwd entry, no pwd
        return FALLBACK_NAME
    return name or FALLBACK_NAME


def people_db_path() -> Path:
    """The people's results database in the data directory, e.g.
    ``~/.local/share/cheese/people.db`` (the folder is created when a game is stored)."""
    return Path(platformdirs.user_data_dir(APP_NAME)) / PEOPLE_DB


def player_name(person: str) -> str:
    """The person as a player of the store.

    >>> player_name("ada")
    'person:ada'
    """
    return PERSON_PREFIX + person


def tournament_name(person: str, game: str) -> str:
    """The tournament holding ``person``'s games of ``game``.

    >>> tournament_name("ada", "cheese-drop")
    'person:ada:cheese-drop'
    """
    return f"{PERSON_PREFIX}{person}:{game}"


def check_person(person: str) -> str:
    """``person`` stripped; ``ValueError`` for an empty name or one with a colon or
    control characters (the store's names are built from it)."""
    name = person.strip()
    if not name or ":" in name or not name.isprintable():
        raise ValueError(
            f"{person!r} is not a person's name: give a non-empty name without ':' "
            "or control characters, e.g. --name ada"
        )
    return name


def store_person_game(
    record: GameRecord,
    person: str,
    person_seats: Sequence[int],
    db: Path | None = None,
) -> None:
    """Store a finished game of ``person`` (who held ``person_seats``) in the people's
    database; never raises for a store or record problem, it logs one warning line
    (``cheese.levels``) and the game stays in its record file."""
    path = people_db_path() if db is None else db
    try:
        stored = _store(record, check_person(person), tuple(person_seats), path)
    except (StoreError, EngineError, OSError, ValueError) as error:
        LOGGER.warning("cheese: the game was not added to your rating (%s: %s)", path, error)
        return
    if not stored:
        LOGGER.warning(
            "cheese: the game was not added to your rating (%s: other sessions kept taking "
            "its number; play again later)",
            path,
        )


def _store(record: GameRecord, person: str, seats: tuple[int, ...], path: Path) -> bool:
    final = replay(record)  # stores only what the rules allow, with the places they give
    players = len(record.players)
    if not seats or any(not 0 <= seat < players for seat in seats):
        raise ValueError(f"the person's seats {list(seats)} are not seats of {players}")
    specs = tuple(
        player_name(person) if seat in seats else spec for seat, spec in enumerate(record.players)
    )
    field: list[str] = []
    for spec in specs:
        if spec not in field:
            field.append(spec)
    path.parent.mkdir(parents=True, exist_ok=True)
    with ResultsStore(path) as store:
        name = tournament_name(person, record.game)
        tournament = store.tournament(name, _settings(person, record.game), 0)
        done = store.done_jobs(tournament.id)
        number = max(done, default=-1) + 1
        for attempt in range(MAX_ATTEMPTS):
            job = GameJob(
                game=record.game,
                options=record.options,
                num_players=players,
                seat_specs=specs,
                sides=tuple(field.index(spec) for spec in specs),
                deal_seed=record.seed,
                deal=number + attempt,
                rotation=0,
                seed=record.seed,
                backend=BACKEND,
            )
            result = GameResult(
                job=job,
                record=GameRecord(
                    record.game,
                    record.seed,
                    specs,
                    record.options,
                    record.actions,
                    record.scores,
                ),
                points=tuple(final.scores()),
                ranking=tuple(final.ranking()),
                finished=not final.ended_early(),
            )
            if store.add(tournament.id, number + attempt, result):
                return True
    return False


def _settings(person: str, game: str) -> dict[str, object]:
    return {"kind": "person", "person": person, "game": game}


@dataclass(frozen=True, slots=True)
class PersonGame:
    """One of a person's stored games: the seats' players (the person as
    ``person:NAME``), the places, the scores, and whether it ran to its natural end."""

    seats: tuple[str, ...]
    places: tuple[int, ...]
    scores: tuple[int, ...]
    finished: bool


def person_games(
    person: str, game: str, db: Path | None = None, players: int | None = None
) -> list[PersonGame]:
    """``person``'s stored games of ``game`` at ``players`` seats (every size when
    ``None``), oldest first; none when the database or the person's tournament is not
    there yet. ``StoreError`` if the file is not a results database."""
    path = people_db_path() if db is None else db
    if not path.exists():
        return []
    connection = open_readonly(path)
    try:
        name = tournament_name(check_person(person), game)
        found = [stored for stored in tournaments(connection) if stored.name == name]
        if not found:
            return []
        rows: list[StoredGame] = list(games(connection, found[0].id))
    finally:
        connection.close()
    person_games_found = []
    for row in rows:
        if row.scores is None or (players is not None and len(row.seats) != players):
            continue
        final_finished = _finished(path, row.id)
        person_games_found.append(PersonGame(row.seats, row.ranking, row.scores, final_finished))
    return person_games_found


def _finished(path: Path, game_id: int) -> bool:
    """Whether the stored game ran to its natural end (not trapped or enclosed)."""
    return not replay(read_game(path, game_id)).ended_early()


def played_sizes(person: str, game: str, db: Path | None = None) -> tuple[int, ...]:
    """The table sizes of ``person``'s stored games of ``game``, smallest first."""
    return tuple(sorted({len(found.seats) for found in person_games(person, game, db)}))
