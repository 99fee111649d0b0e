"""The candidate levels of each game: the bot specs a calibration plays, weakest first.

A calibration plays them all and keeps the strongest, then, going down, each candidate
whose 95% interval lies wholly below the last one kept (``cheese.levels.calibration``), so the
shipped levels are apart by measurement, not by hope. The candidates were chosen by hand
from short pilot tournaments: greedy with a softmax temperature spans random play to
greedy's (a person who sees roughly, not exactly, how good each move is), then searches
of growing budgets up to the game's strongest bot at a speed a person waits for (a
second a move at most here; the top levels' move times: ``docs/levels.md``).

Each table size a game allows has its own ladder and its own table: the same bots are
not the same apart at three seats as at five (a seat's share of the luck changes with the
table), so each size is measured on its own. Each game's description names its ladders
here (``GameDescription.ladder``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cheese.engine.games import GAMES
from cheese.levels.table import LevelError

MIN_LEVELS = 6
"""Fewest levels a calibration ships unless its ladder says otherwise: fewer means the
candidates were too close for the games played (play more, or space them further apart)."""


@dataclass(frozen=True, slots=True)
class Ladder:
    """A game's candidates at one table size, the seats per calibration game, the games a
    calibration plays unless told otherwise, and the fewest levels it may ship."""

    game: str
    candidates: tuple[str, ...]
    players: int
    default_games: int
    min_levels: int = MIN_LEVELS


@dataclass(frozen=True, slots=True)
class GameLadders:
    """A game's ladders, one per table size it allows, and the size played when none is
    named (the game's default)."""

    game: str
    default_players: int
    sizes: tuple[Ladder, ...]

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(ladder.players for ladder in self.sizes)

    def at(self, players: int | None) -> Ladder:
        """The ladder of ``players`` seats (the default size when ``None``); ``LevelError``
        for a size the game has no levels at."""
        wanted = self.default_players if players is None else players
        for ladder in self.sizes:
            if ladder.players == wanted:
                return ladder
        sizes = ", ".join(str(size) for size in self.players)
        raise LevelError(
            f"{self.game} has levels at {sizes} players, not {wanted}; give --players "
            f"{self.players[0]}" + (f" to {self.players[-1]}" if len(self.players) > 1 else "")
        )


READING = "mcts:iterations=15000,infer=policy,reader=1000,worlds=48"
"""Get The Cheese!'s reading of the others' plays, the top of the table at every size:
48 worlds of a 1,000-iteration model, which read the hidden cards better than the
default 24 of 2,000 for less time a move (docs/bots/get-the-cheese.md)."""
GET_THE_CHEESE_CANDIDATES = (
    "greedy:temperature=0.15",
    "greedy:temperature=0.06",
    "greedy:temperature=0.02",
    "greedy",
    "mcts:iterations=500",
    "mcts",
    "mcts:iterations=15000",
    READING,
)
"""The eight of four seats, the game's default size. The reading took the place of
``mcts:iterations=1500``, which had been no level (within the interval of ``mcts``)."""
GET_THE_CHEESE_SHORT = tuple(
    spec for spec in GET_THE_CHEESE_CANDIDATES if spec != "greedy:temperature=0.06"
)
"""Seven of the eight, for three and five seats: a round robin of seven at five seats is
105 games a deal, of eight 280, so seven play eight deals in the time eight would play
three. The one left out is the middle one of the three softest greedies, so the span
from the softest to the reading stays whole."""
GET_THE_CHEESE_3 = Ladder(
    "get-the-cheese",
    GET_THE_CHEESE_SHORT,
    players=3,
    default_games=1920,
    # 1,920 games, rounded up to 19 deals of the 105 tables (1,995; 19 minutes with 2
    # workers, most of them the reading's), leave ±16 to ±19 Elo a candidate: six levels,
    # mcts within the interval of 15,000 iterations, and the reading 55 Elo above 15,000
    # iterations (39 with 24 worlds of 2,000; docs/bots/get-the-cheese.md).
    min_levels=4,
)
GET_THE_CHEESE_4 = Ladder(
    "get-the-cheese",
    GET_THE_CHEESE_CANDIDATES,
    players=4,
    default_games=1960,
    # 1,960 games (7 deals of the 280 tables; 35 minutes with 2 workers, the reading of
    # the others' plays taking most of it) leave ±12 to ±15 Elo a candidate: seven
    # levels, mcts within 15,000 iterations' interval, and the reading 52 Elo above
    # 15,000 iterations (docs/bots/get-the-cheese.md). The reading by 24 worlds of 2,000
    # iterations had measured the same on the same games (53 above, six levels, greedy
    # within mcts:iterations=500's interval), and so had the reading at 45,000
    # iterations (50 above; 47 minutes): 48 worlds of 1,000 read better and cost less.
)
GET_THE_CHEESE_5 = Ladder(
    "get-the-cheese",
    GET_THE_CHEESE_SHORT,
    players=5,
    default_games=1500,
    # 1,500 five-seat games, rounded up to 15 deals of the 105 tables (1,575; 69 minutes
    # with 2 workers, the reading of the others' plays taking most of it), leave ±12 to
    # ±14 Elo a candidate: five levels, greedy within mcts:iterations=500's interval and
    # mcts within 15,000 iterations', and the reading 60 Elo above 15,000 iterations (47
    # with 24 worlds of 2,000; docs/bots/get-the-cheese.md).
    min_levels=4,
)
CHEESE_CHASERS_1 = Ladder(
    "cheese-chasers",
    (
        "greedy:temperature=0.03",
        "greedy:temperature=0.015",
        "greedy:temperature=0.007",
        "greedy",
        "mcts:iterations=300",
        "mcts:iterations=1200",
        "expectimax",
        "mcts:iterations=20000",
        "mcts:iterations=150000",
    ),
    players=1,
    default_games=4050,
    # Completion rates 5 to 10 points apart need several hundred deals to be told
    # apart by their Wilson intervals: 450 deals of the 9 candidates leave room for four
    # to seven. With the fitted playouts 500 iterations came within 1200's interval, so
    # 300 (a 300-deal pilot: 30%) stands between greedy and 1200. 150,000 iterations
    # (about a second a move) completed 62.0% of 1,000 fresh deals where 20,000 completed
    # 57.9% of the same deals (docs/bots/cheese-chasers.md).
    min_levels=4,
)
CHEESE_DROP_CANDIDATES = (
    "greedy:temperature=0.1",
    "greedy:temperature=0.045",
    "greedy:temperature=0.022",
    "greedy:temperature=0.011",
    "greedy:temperature=0.005",
    "mcts",
    "expectimax",
)
# mcts and expectimax, the game's two searches, come out within each other's intervals
# at every size, 25 to 85 Elo above greedy at 0.005; whichever the measurement puts
# higher is the top level (docs/bots/cheese-drop.md).
CHEESE_DROP_2 = Ladder(
    "cheese-drop",
    CHEESE_DROP_CANDIDATES,
    players=2,
    default_games=1470,
    # Two-seat Cheese Drop is mostly luck: greedy at 0.1 to the searches spans some 500
    # Elo, room for five or six levels apart at 1,470 games (35 deals of the 21 pairs).
    min_levels=4,
)


# Three to five seats: ten deals of every table of the candidates (1,050 games at three
# and five seats, 1,400 at four; 4 to 11 minutes with 2 workers on the 2-core machine)
# put the candidates' intervals at ±15 to ±40 Elo: five or six levels apart.
CHEESE_DROP_3 = Ladder(
    "cheese-drop", CHEESE_DROP_CANDIDATES, players=3, default_games=1050, min_levels=4
)
CHEESE_DROP_4 = Ladder(
    "cheese-drop", CHEESE_DROP_CANDIDATES, players=4, default_games=1400, min_levels=4
)
CHEESE_DROP_5 = Ladder(
    "cheese-drop", CHEESE_DROP_CANDIDATES, players=5, default_games=1050, min_levels=4
)


GET_THE_CHEESE = GameLadders(
    "get-the-cheese", 4, (GET_THE_CHEESE_3, GET_THE_CHEESE_4, GET_THE_CHEESE_5)
)
CHEESE_CHASERS = GameLadders("cheese-chasers", 1, (CHEESE_CHASERS_1,))
CHEESE_DROP = GameLadders(
    "cheese-drop", 2, (CHEESE_DROP_2, CHEESE_DROP_3, CHEESE_DROP_4, CHEESE_DROP_5)
)


def ladders_of(game: str) -> GameLadders:
    """Every ladder of ``game`` (its description's ``ladder``); ``LevelError`` for a game
    without any."""
    for description in GAMES:
        if description.slug == game and description.ladder is not None:
            return description.ladder.load(GameLadders)
    with_levels = [description.slug for description in GAMES if description.ladder is not None]
    raise LevelError(f"no levels for {game!r}; the games are: {', '.join(with_levels)}")


def ladder_of(game: str, players: int | None = None) -> Ladder:
    """The candidates of ``game`` at ``players`` seats (the game's default size when
    ``None``); ``LevelError`` for a game or a size without any."""
    return ladders_of(game).at(players)
