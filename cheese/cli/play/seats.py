"""Who sits where at ``cheese play``: the people's seats (counted from 1 on the command
line, from 0 inside), the bots' specs, and the opponents' level."""

from __future__ import annotations

from dataclasses import dataclass

from cheese.cli.errors import UserInputError
from cheese.engine import Seat
from cheese.engine.json_text import quoted
from cheese.levels import LevelError, level_table
from cheese.levels.names import WORDS

AUTO = "auto"


@dataclass(frozen=True, slots=True)
class LevelChoice:
    """``--level``: a level's number, or its name (``name``; the table of the game's size
    says which number), or neither for ``auto`` (the person's own level)."""

    number: int | None
    name: str | None = None

    @property
    def typed(self) -> str:
        """The choice as ``--level`` takes it."""
        return AUTO if self.number is None else str(self.number)


def level_choice(text: str | None, vs: list[str]) -> LevelChoice | None:
    """``--level`` as typed, refused with ``--vs`` (both would choose the bots).

    >>> level_choice("3", []), level_choice("auto", []), level_choice(None, ["mcts"])
    (LevelChoice(number=3, name=None), LevelChoice(number=None, name=None), None)
    >>> level_choice(" Expert", [])
    LevelChoice(number=None, name='expert')
    """
    if text is None:
        return None
    if vs:
        raise UserInputError(
            "--level and --vs both choose the opponents; give one of them (--level N for a "
            "level's bots, --vs SPEC for any bot)"
        )
    word = text.strip().lower()
    if word == AUTO:
        return LevelChoice(None)
    if word in WORDS:
        return LevelChoice(None, word)
    if not (word.isascii() and word.isdigit()) or int(word) < 1:
        raise UserInputError(
            f"--level {quoted(text)} is not a level; give a whole number from 1 (the "
            f"weakest), a name ({', '.join(WORDS)}) or auto"
        )
    return LevelChoice(int(word))


def table_size(
    given: int | None, default: int, most: int, people: int, named_bots: int
) -> int | None:
    """The seats to ask the game for (None: its default): ``--players`` as given, else
    the default grown, up to the game's ``most``, to seat the ``people`` and one bot per
    ``--vs`` (``named_bots``), so ``cheese play cheese-drop --humans 2 --vs greedy`` seats
    two people and a greedy bot. Alone at the table, ``--vs`` names the hint bot.

    >>> table_size(None, 2, 5, 2, 1), table_size(None, 4, 5, 2, 1), table_size(None, 2, 5, 1, 0)
    (3, None, None)
    >>> table_size(2, 2, 5, 2, 1), table_size(None, 1, 1, 1, 1), table_size(None, 2, 5, 2, 9)
    (2, None, 5)
    """
    if given is not None or most == 1 or not named_bots or people + named_bots <= default:
        return given
    return min(people + named_bots, most)


def people_count(seats: list[int], humans: int | None) -> int:
    """How many people ``--seat`` and ``--humans`` seat (one when neither is given).

    >>> people_count([], None), people_count([2, 3], None), people_count([], 2)
    (1, 2, 2)
    """
    return humans if humans is not None else len(seats) or 1


def check_bots_seated(naming: str | None, people: tuple[Seat, ...], num_players: int) -> None:
    """Refuse the option ``naming`` the bots (``--vs SPEC`` or ``--level N``) at a table
    of several seats that are all people's: its bots would have no seat.

    >>> try:
    ...     check_bots_seated("--vs greedy", (0, 1, 2), 3)
    ... except UserInputError as error:
    ...     print(str(error)[:60])
    --vs greedy names the bots, but all 3 seats are people's; gi
    """
    if naming is not None and num_players > 1 and len(people) == num_players:
        raise UserInputError(
            f"{naming} names the bots, but all {num_players} seats are people's; give "
            f"--players {num_players + 1} to seat one too, or leave {naming} out"
        )


def people_seats(seats: list[int], humans: int | None, num_players: int) -> tuple[Seat, ...]:
    """The seats people play (from 0), from ``--seat`` (from 1, repeatable) and
    ``--humans N`` (seats 1 to N unless ``--seat`` names them).

    >>> people_seats([], None, 4), people_seats([2, 4], None, 4), people_seats([], 2, 3)
    ((0,), (1, 3), (0, 1))
    """
    for seat in seats:
        if not 1 <= seat <= num_players:
            first = "seats count from 1, so " if seat == 0 else ""
            raise UserInputError(
                f"--seat {seat} is not a seat of a {num_players}-player game: {first}give 1 "
                f"to {num_players}"
            )
    if len(set(seats)) != len(seats):
        raise UserInputError("--seat names a seat twice; give each person's seat once")
    if humans is not None:
        if num_players == 1 and humans != 1:
            raise UserInputError(f"--humans {humans}: this game is solitaire, for one person")
        if not 1 <= humans <= num_players:
            raise UserInputError(
                f"--humans {humans}: a {num_players}-player game seats 1 to {num_players} people"
            )
        if seats and len(seats) != humans:
            raise UserInputError(
                f"--humans {humans} but --seat is given {len(seats)} times; give one --seat "
                "per person, or leave --seat out to seat them from 1"
            )
        if not seats:
            seats = list(range(1, humans + 1))
    return tuple(sorted(seat - 1 for seat in seats or [1]))


def seat_specs(vs: list[str], bot_seats: list[int], default: str) -> dict[int, str]:
    """The spec of each bot seat: one ``--vs`` fills them all, several fill them in seat
    order with the last repeated.

    >>> seat_specs(["mcts", "greedy"], [0, 2, 3], "mcts")
    {0: 'mcts', 2: 'greedy', 3: 'greedy'}
    """
    specs = vs or [default]
    if len(specs) > max(1, len(bot_seats)):
        raise UserInputError(
            f"--vs is given {len(specs)} times but there are only {len(bot_seats)} bot "
            "seats; give at most one --vs per bot seat"
        )
    return {seat: specs[min(index, len(specs) - 1)] for index, seat in enumerate(bot_seats)}


def level_bot_name(game: str, level: int | None, players: int, specs: list[str]) -> str | None:
    """The level's name for the screens to call its bots, when ``specs`` (the bots at the
    table) are all the level's bot; None when the table has changed since the game was
    saved, so that its name would speak of another bot, or when there are no bots.

    >>> from cheese.levels import level_spec
    >>> level_bot_name("cheese-drop", 1, 3, [level_spec("cheese-drop", 1, 3)] * 2)
    'beginner'
    >>> level_bot_name("cheese-drop", 1, 3, ["random"]), level_bot_name("cheese-drop", 9, 3, [])
    (None, None)
    """
    if level is None or not specs:
        return None
    try:
        table = level_table(game, players)
        spec = table.level(level).spec
    except LevelError:
        return None
    if any(each != spec for each in specs):
        return None
    return table.name(level)
