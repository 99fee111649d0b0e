"""The games saved in the records directory: listed newest first, each with a short id.

A saved game's id is the first characters of a hash of its file's name, so it stays the
same however many games are saved after it, and ``cheese play --continue ID`` and
``cheese replay ID`` accept it wherever a record's path is asked for.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cheese.cli.errors import UserInputError
from cheese.cli.play.record_file import PlayFacts, load_saved, records_directory
from cheese.engine import EngineError, RecordError, Seat
from cheese.engine.json_text import quoted
from cheese.engine.records import GameRecord, replay_states
from cheese.words import counted, cut

ID_LENGTH = 6
"""Hex digits of a saved game's id: short to type, and 16 million of them."""
HUMAN = "human"
"""How a record names a person's seat (as ``cheese.cli.play.session`` writes it)."""
LISTED_SUFFIX = ".json"


def short_id(path: Path) -> str:
    """The id ``cheese saved`` shows for the record file ``path``.

    >>> short_id(Path("/anywhere/cheese-drop-20260102-030405-seed7.json"))
    'e11876'
    """
    return hashlib.sha1(path.name.encode("utf-8")).hexdigest()[:ID_LENGTH]


@dataclass(frozen=True, slots=True)
class SavedGame:
    """One saved game as ``cheese saved`` lists it."""

    path: Path
    game: str
    saved_at: datetime
    """When the file was last written (after the last move)."""
    players: tuple[str, ...]
    humans: tuple[Seat, ...]
    finished: bool
    scores: tuple[int, ...]
    moves: int
    to_play: Seat | None
    level: int | None

    @property
    def id(self) -> str:
        return short_id(self.path)

    @property
    def opponents(self) -> tuple[str, ...]:
        return tuple(name for seat, name in enumerate(self.players) if seat not in self.humans)

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "path": str(self.path),
            "game": self.game,
            "saved_at": self.saved_at.isoformat(timespec="seconds"),
            "players": list(self.players),
            "humans": [seat + 1 for seat in self.humans],
            "opponents": list(self.opponents),
            "level": self.level,
            "finished": self.finished,
            "scores": list(self.scores),
            "moves": self.moves,
            "to_play": None if self.to_play is None else self.to_play + 1,
        }


def read_saved_game(path: Path) -> SavedGame:
    """The listing of ``path``; ``RecordError``/``UserInputError`` if it is no record."""
    saved = load_saved(path)
    record = saved.record
    facts = saved.facts if saved.facts is not None else _facts_by_replay(saved.record)
    return SavedGame(
        path=path,
        game=record.game,
        saved_at=datetime.fromtimestamp(path.stat().st_mtime),
        players=record.players,
        humans=facts.humans,
        finished=facts.finished,
        scores=record.scores,
        moves=facts.moves,
        to_play=facts.to_play,
        level=facts.level,
    )


def _facts_by_replay(record: GameRecord) -> PlayFacts:
    """The facts of a record written before files carried them: replay it."""
    states = replay_states(record)
    final = states[-1]
    return PlayFacts(
        humans=tuple(seat for seat, name in enumerate(record.players) if name == HUMAN),
        hint="",
        level=None,
        person=None,
        finished=final.is_terminal(),
        moves=sum(1 for state in states[:-1] if not state.is_chance_node()),
        to_play=None if final.is_terminal() else final.current_player,
    )


def saved_games(directory: Path | None = None) -> list[SavedGame]:
    """Every readable record in ``directory`` (default: the records directory), newest
    first; files that are not records are left out."""
    folder = records_directory() if directory is None else directory
    if not folder.is_dir():
        return []
    games = []
    for path in folder.iterdir():
        if path.suffix != LISTED_SUFFIX or not path.is_file():
            continue
        try:
            games.append(read_saved_game(path))
        except (RecordError, EngineError, UserInputError, OSError):
            continue
    return sorted(games, key=lambda game: (game.saved_at, game.path.name), reverse=True)


def latest(
    unfinished: bool, directory: Path | None = None, finished: bool = False
) -> SavedGame:
    """The newest saved game (the newest unfinished one if ``unfinished``, the newest
    finished one if ``finished``)."""
    games = [
        game
        for game in saved_games(directory)
        if not (unfinished and game.finished) and not (finished and not game.finished)
    ]
    if not games:
        folder = records_directory() if directory is None else directory
        what = "unfinished game" if unfinished else "finished game" if finished else "game"
        raise UserInputError(
            f"there is no saved {what} in {folder}; give a record's path, or start one "
            "with cheese play GAME"
        )
    return games[0]


def find_saved(text: str, directory: Path | None = None) -> Path:
    """The record ``text`` names: a file's path, or the id (or its start) of a saved game."""
    path = Path(text)
    if path.is_file() or path.suffix == LISTED_SUFFIX or len(path.parts) > 1:
        return path  # a file's name: reading it says what is wrong with it
    word = text.strip().lower()
    if word and all(letter in "0123456789abcdef" for letter in word):
        matches = [game.path for game in saved_games(directory) if game.id.startswith(word)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            raise UserInputError(
                f"{quoted(text)} is the start of {len(matches)} saved games' ids; give more "
                "of it (cheese saved lists them)"
            )
    raise UserInputError(
        f"{quoted(text)} is neither a record file nor the id of a saved game; cheese saved "
        "lists the saved games with their ids"
    )


def counted_names(names: tuple[str, ...]) -> str:
    """Bot specs, repeated ones counted.

    >>> counted_names(("mcts", "mcts", "greedy"))
    '2×mcts, greedy'
    """
    counts = dict.fromkeys(names, 0)
    for name in names:
        counts[name] += 1
    return ", ".join(name if count == 1 else f"{count}×{name}" for name, count in counts.items())


def where_it_stands(game: SavedGame) -> str:
    """Finished, or where it stopped.

    >>> from datetime import datetime
    >>> game = SavedGame(Path("g.json"), "cheese-drop", datetime(2026, 1, 2), ("human", "mcts"),
    ...                  (0,), False, (0, 0), 7, 1, None)
    >>> where_it_stands(game)
    'stopped after 7 moves, P2 to play'
    """
    if game.finished:
        return "finished"
    who = "" if game.to_play is None else f", P{game.to_play + 1} to play"
    return f"stopped after {counted(game.moves, 'move')}{who}"


def final_scores(game: SavedGame) -> str:
    """A finished game's points per seat.

    >>> from datetime import datetime
    >>> final_scores(SavedGame(Path("g.json"), "cheese-drop", datetime(2026, 1, 2),
    ...              ("human", "mcts"), (0,), True, (31, 28), 40, None, None))
    'points P1 31 · P2 28'
    """
    return "points " + " · ".join(
        f"P{seat + 1} {points}" for seat, points in enumerate(game.scores)
    )


def table_words(game: SavedGame) -> str:
    """Who played against whom: the bots, or for a table of people only, solitaire when
    it has one seat and hot-seat with the people's count when it has several.

    >>> from datetime import datetime
    >>> def table(players, humans):
    ...     return table_words(SavedGame(Path("g.json"), "cheese-drop", datetime(2026, 1, 2),
    ...                                  players, humans, False, (), 3, 0, None))
    >>> table(("human", "human"), (0, 1)), table(("human",), (0,))
    ('hot-seat, 2 people', 'solitaire')
    >>> table(("human", "human", "greedy"), (0, 1))
    'vs greedy'
    """
    if game.opponents:
        return f"vs {counted_names(game.opponents)}"
    if len(game.players) == 1:
        return "solitaire"
    return f"hot-seat, {len(game.humans)} people"


def seating_words(game: SavedGame, room: int) -> str:
    """The people's seats and who they played, in at most ``room`` columns where that can
    be done without cutting a spec: a level's bots by the level first, their specs when
    they fit, else their count (a spec cut short reads as another bot).

    >>> from datetime import datetime
    >>> game = SavedGame(Path("g.json"), "get-the-cheese", datetime(2026, 1, 2),
    ...                  ("human", "mcts:iterations=15000", "mcts:iterations=15000"), (0,),
    ...                  False, (), 3, 0, 6)
    >>> seating_words(game, 60), seating_words(game, 40)
    ('you: P1 · vs level 6 (2×mcts:iterations=15000)', 'you: P1 · vs level 6 (2 bots)')
    """
    people = ", ".join(f"P{seat + 1}" for seat in game.humans) or "nobody"
    start = f"you: {people} · "
    if game.level is None:
        return start + table_words(game)
    if not game.opponents:
        # Alone at the table (Cheese Chasers) the level is the hint bot's.
        return f"{start}{table_words(game)}, hints of level {game.level}"
    whole = f"{start}vs level {game.level} ({counted_names(game.opponents)})"
    if len(whole) <= room:
        return whole
    return f"{start}vs level {game.level} ({counted(len(game.opponents), 'bot')})"


def listing_lines(games: list[SavedGame], width: int = 80) -> list[str]:
    """Two lines a game (three when the second would not fit), each at most ``width``
    columns: the id, date, game and where it stands; who played; a finished game's
    points."""
    lines: list[str] = []
    indent = " " * (ID_LENGTH + 2)
    for game in games:
        lines.append(
            cut(
                f"{game.id}  {game.saved_at:%Y-%m-%d %H:%M}  {game.game}  {where_it_stands(game)}",
                width,
            )
        )
        parts = [seating_words(game, width - len(indent))]
        if game.finished:
            parts.append(final_scores(game))
        joined = indent + " · ".join(parts)
        if len(joined) <= width:
            lines.append(joined)
        else:
            lines.extend(cut(indent + part, width) for part in parts)
    return lines
