"""Get The Cheese! in the terminal: the cheese circle, the hand, and the end resolved.

Cards read ``<owner>:<kind>``: ``b:m`` a blue mouse, ``g:?`` a green card face down,
``r:?*`` a red face-down card with the symbol (a mouse* or a cat*), ``b:(m)`` one of
your own cards lying face down. Players are ``P1 b`` … ``P5 y`` in seat order, cheeses
``#1`` … clockwise: the engine's notation counts cheeses from 0, so what the person types
is translated (``3:mouse,cat,dog`` on the screen is cheese 2 to the engine).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from cheese.cli.play.renderer import CheckedRenderer, Flow, Legend, Step, Table, add_player_column
from cheese.engine import TERMINAL, Action, ActionSyntaxError, Seat
from cheese.engine.get_the_cheese.cards import COLOUR_LETTERS, KIND_NAMES, KIND_WORDS, KINDS
from cheese.engine.get_the_cheese.moves import DRAW, decode_play
from cheese.engine.get_the_cheese.points import SOURCES, PointsBySource, points_of_view
from cheese.engine.get_the_cheese.resolve import Animal, Gain, resolve_steps
from cheese.engine.get_the_cheese.view import (
    UNKNOWN,
    UNKNOWN_SYMBOL,
    VIEW_TYPE,
    CardView,
    GtcView,
    revealed_lines,
)

DEFAULT_OPPONENT = "mcts"
"""The strongest default bot here, well within a second a move (docs/playing.md)."""

KIND_CODES: tuple[str, ...] = ("m", "m*", "B", "K", "c", "c*", "D")
"""Short names of the kinds on the board, in kind order (the legend spells them out)."""
LEGEND: tuple[str, ...] = (
    "m mouse",
    "B big mouse",
    "K king mouse",
    "c cat",
    "D dog",
    "? face down",
    "* goes face down",
    "(m) face-down m",
)
"""The board's key, one entry per symbol."""
POINTS_TITLE = "Where the points came from"
POINTS_KEY: tuple[str, ...] = (
    "cats chased: other players' cats beside your dogs, 3 points each (step 1)",
    "mice caught: other players' mice, king mice too, that your cats caught (step 2)",
    "king mice fed, mice fed: your own mice that ate (steps 3 and 4)",
    "a big mouse is worth 2 points, any other mouse 1",
)
"""What each column of the points table counts, under it."""
FIRST_QUESTION = "Draw 3 cards or play 3?"
START_QUESTION = "Starting cheese (gets the 1st card):"
_PLAY = re.compile(r"([0-9]+)\s*:\s*([a-z*]+)\s*,\s*([a-z*]+)\s*,\s*([a-z*]+)")


def _card_code(card: CardView) -> str:
    if card.kind == UNKNOWN:
        return "?"
    if card.kind == UNKNOWN_SYMBOL:
        return "?*"
    return KIND_CODES[card.kind]


def _card(card: CardView, table: Table) -> Text:
    """``b:m``; hidden cards dim; face-down cards the viewer knows (its own) in brackets."""
    code = _card_code(card)
    hidden = card.kind in (UNKNOWN, UNKNOWN_SYMBOL)
    if card.face_down and not hidden:
        code = f"({code})"
    return Text.assemble(
        (COLOUR_LETTERS[card.owner], table.style(card.owner)),
        (":" + code, "dim" if hidden else ""),
    )


def _animal(animal: Animal, table: Table) -> Text:
    return Text.assemble(
        (COLOUR_LETTERS[animal.owner], table.style(animal.owner)), ":" + KIND_CODES[animal.kind]
    )


def _who(seat: Seat, table: Table) -> Text:
    """The player in a sentence: ``you`` for the person, else ``P2``, in its colour."""
    return Text("you" if table.names[seat] == "you" else f"P{seat + 1}", table.style(seat))


def _whose(seat: Seat, table: Table) -> Text:
    """``your`` for the person's cards, else ``P2's``, in the seat's colour."""
    return Text("your" if table.names[seat] == "you" else f"P{seat + 1}'s", table.style(seat))


def _taken(gain: Gain, taker: str, verb: str, table: Table) -> Text:
    """A card taken by another's animal, both owners named: ``P4's cat catches your big
    mouse (B)``."""
    return Text.assemble(
        _whose(gain.seat, table),
        f" {taker} {verb} ",
        _whose(gain.owner, table),
        f" {KIND_WORDS[gain.kind]} ({KIND_CODES[gain.kind]})",
    )


def _joined(parts: Sequence[Text], separator: str = " ") -> Text:
    return Text(separator).join(parts) if parts else Text("·", style="dim")


def cheese_name(index: int) -> str:
    """The screen's name of the cheese the engine numbers ``index``: ``#1`` is index 0.

    >>> cheese_name(0), cheese_name(9)
    ('#1', '#10')
    """
    return f"#{index + 1}"


def _kinds_help() -> str:
    return ", ".join(KIND_NAMES)


class GetTheCheeseRenderer:
    """The renderer of ``get-the-cheese``."""

    title = "Get The Cheese!"
    default_opponent = DEFAULT_OPPONENT
    notation_help = (
        "Moves: 'draw', or a play '3:mouse,cat*,dog' - the starting cheese (#3 on the "
        "board), then your 3 cards in play order: the 1st goes face down on that cheese, "
        "the 2nd and 3rd face up on the next cheeses clockwise (#4, #5; cards with * always "
        "face down). Kinds: " + _kinds_help() + "."
    )

    def player_label(self, table: Table, seat: Seat) -> Text:
        marker = f"P{seat + 1} {COLOUR_LETTERS[seat]}"
        return Text.assemble((marker, table.style(seat)), " ", table.names[seat])

    def typed_move(self, view: GtcView, text: str) -> str:
        """``text`` with the starting cheese counted from 0, as the engine reads it.

        >>> from cheese.engine.get_the_cheese.view import GtcView
        >>> view = GtcView(0, 0, 0, (2,) * 6, ((),) * 6, (3, 0, 0, 0, 0, 0, 0),
        ...                (3, 3, 3), (12, 12, 12), (0, 0, 0), None)
        >>> RENDERER.typed_move(view, " 6:Mouse, cat*,dog"), RENDERER.typed_move(view, "draw")
        ('5:mouse,cat*,dog', 'draw')
        >>> RENDERER.typed_move(view, "0:mouse,mouse,mouse")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        cheese.engine.api.ActionSyntaxError: '0:mouse,mouse,mouse' is not a move; ... #1 to #6, ...
        """
        cleaned = text.strip().lower()
        if cleaned == "draw":
            return cleaned
        match = _PLAY.fullmatch(cleaned)
        count = len(view.cheeses)
        if (
            match is None
            or not 1 <= int(match.group(1)) <= count
            or any(kind not in KIND_NAMES for kind in match.group(2, 3, 4))
        ):
            raise ActionSyntaxError(
                f"{text.strip()!r} is not a move; write 'draw' or a play like "
                f"'3:mouse,cat*,dog' (a starting cheese from #1 to #{count}, then three cards "
                f"in play order from: {_kinds_help()})"
            )
        return f"{int(match.group(1)) - 1}:" + ",".join(match.group(2, 3, 4))

    def shown_move(self, view: GtcView, text: str) -> str:
        """The engine's ``text`` with the starting cheese as the board numbers it.

        >>> renderer = GetTheCheeseRenderer()
        >>> renderer.shown_move(None, "0:mouse,big,dog"), renderer.shown_move(None, "draw")
        ('1:mouse,big,dog', 'draw')
        """
        start, colon, cards = text.partition(":")
        return f"{int(start) + 1}:{cards}" if colon and start.isdigit() else text

    def board(self, view: GtcView, table: Table) -> RenderableType:
        hand = [KIND_NAMES[kind] for kind in KINDS for _ in range(view.hand[kind])]
        whose = "your hand" if table.names[view.seat] == "you" else f"P{view.seat + 1}'s hand"
        return self._table(
            view, table, Text.assemble((f"{whose}: ", "bold"), " ".join(hand) or "empty")
        )

    def revealed_board(self, revealed: tuple[GtcView, ...], table: Table) -> RenderableType:
        seen = revealed
        everything = replace(seen[0], lines=revealed_lines(seen))
        hands = Flow(
            (
                Text("hands:", style="bold"),
                *(
                    Text.assemble(
                        (f"P{view.seat + 1} {COLOUR_LETTERS[view.seat]}", table.style(view.seat)),
                        " ",
                        " ".join(KIND_CODES[kind] for kind in KINDS for _ in range(view.hand[kind]))
                        or "-",
                    )
                    for view in seen
                ),
            ),
            gap="  ",
        )
        return self._table(everything, table, hands)

    def _table(self, view: GtcView, table: Table, hands: RenderableType) -> RenderableType:
        circle = RichTable.grid(padding=(0, 1))
        circle.add_column(no_wrap=True)
        circle.add_column(no_wrap=True)
        circle.add_column()
        for index, line in enumerate(view.lines):
            value = str(view.cheeses[index]) if index < len(view.cheeses) else "?"
            circle.add_row(
                Text(cheese_name(index), style="bold"),
                Text(f"feeds {value}"),
                _joined([_card(card, table) for card in line]),
            )
        sizes = Flow(
            (
                Text("cards in hand/deck:"),
                *(
                    Text.assemble(
                        (f"P{seat + 1}", table.style(seat)),
                        f" {view.hand_sizes[seat]}/{view.deck_sizes[seat]}",
                    )
                    for seat in range(view.num_players)
                ),
            ),
            gap="  ",
        )
        return Group(self._header(view, table), circle, hands, sizes, Legend(LEGEND))

    def _header(self, view: GtcView, table: Table) -> Flow:
        players = [self.player_label(table, seat) for seat in range(table.num_players)]
        if view.current_player == TERMINAL:
            turn = Text("game over", style="bold")
        else:
            turn = Text("to play: ", style="bold") + Text(
                f"P{view.to_move + 1}", style=table.style(view.to_move)
            )
        return Flow((*players, turn))

    def choice_path(self, view: GtcView, action: Action, text: str) -> tuple[Step, ...]:
        if action == DRAW:
            return (Step(FIRST_QUESTION, "draw 3 cards"),)
        start, kinds = decode_play(action)
        return (
            Step(FIRST_QUESTION, "play 3 cards"),
            Step("1st card (face down on the starting cheese):", KIND_NAMES[kinds[0]], kinds[0]),
            Step("2nd card (next cheese clockwise):", KIND_NAMES[kinds[1]], kinds[1]),
            Step("3rd card (the cheese after):", KIND_NAMES[kinds[2]], kinds[2]),
            Step(
                START_QUESTION,
                f"{cheese_name(start)} feeds {view.cheeses[start]}",
                start,
                number=start + 1,
            ),
        )

    def describe(self, before: GtcView, after: GtcView, mover: Seat, table: Table) -> Text | None:
        placed = sorted(
            (card.position, cheese, card)
            for cheese, (old, new) in enumerate(zip(before.lines, after.lines, strict=True))
            for card in new[len(old) :]
            if card.owner == mover
        )
        if not placed:
            return self.player_label(table, mover) + " drew 3 cards"
        plays = [Text(f"{_card_code(card)} to {cheese_name(cheese)}") for _, cheese, card in placed]
        return self.player_label(table, mover) + " played " + _joined(plays, ", ")

    def scored(self, before: GtcView, after: GtcView, table: Table) -> Sequence[RenderableType]:
        return ()

    def resolution(self, final: GtcView, table: Table) -> Sequence[RenderableType]:
        """Each cheese resolved step by step with who scored what there, then each
        player's points by source (the standings that follow show the score piles'
        points, king mice and mice, which break ties)."""
        points = points_of_view(final)
        steps: list[RenderableType] = []
        for index, line in enumerate(final.lines):
            cheese = final.cheeses[index]
            animals = [Animal(card.owner, card.kind) for card in line]
            steps.append(self._resolve_line(index, cheese, animals, points, table))
        steps.append(self._points_table(points, table))
        return steps

    def _resolve_line(
        self,
        index: int,
        cheese: int,
        animals: list[Animal],
        points: PointsBySource,
        table: Table,
    ) -> RenderableType:
        """One cheese resolved as the rules do it: dogs, cats, king mice, cheese; then
        the points each player won there."""
        resolved = resolve_steps(cheese, animals)

        def line(cards: Sequence[Animal]) -> Text:
            return _joined([_animal(card, table) for card in cards]) if cards else Text("empty")

        steps = RichTable.grid(padding=(0, 1))
        steps.add_column(no_wrap=True)
        steps.add_column()
        steps.add_row(" 1 dogs chase cats", self._gains(resolved.chased, "dog", "chases", table))
        steps.add_row(" 2 cats catch mice", self._gains(resolved.caught, "cat", "catches", table))
        steps.add_row(" 3 king mice to front", line(resolved.kings_first))
        steps.add_row(
            f" 4 cheese feeds {cheese}",
            line([Animal(gain.seat, gain.kind) for gain in resolved.fed])
            if resolved.fed
            else Text("no mouse", style="dim"),
        )
        steps.add_row(" points here", self._cheese_points(index, points, table))
        title = RichTable.grid(padding=(0, 1))
        title.add_column(no_wrap=True)
        title.add_column()
        title.add_row(
            Text(f"{cheese_name(index)} feeds {cheese}, from the cheese out:", style="bold"),
            line(animals),
        )
        return Group(title, steps)

    def _gains(self, gains: Sequence[Gain], taker: str, verb: str, table: Table) -> RenderableType:
        """Each card taken, naming whose animal takes whose card (``P4's cat catches
        P2's mouse (m)``), in the order the rules take them."""
        if not gains:
            return Text("nothing", style="dim")
        return Flow(tuple(_taken(gain, taker, verb, table) for gain in gains), gap=", ")

    def _cheese_points(self, index: int, points: PointsBySource, table: Table) -> RenderableType:
        """Who won what at one cheese, by the points table's columns: ``P2 +4: mice
        caught 2, king mice fed 1, mice fed 1``."""
        here = points.at(index)
        items: list[Text] = []
        for seat in range(here.num_players):
            row = here.row(seat)
            if any(row):
                parts = ", ".join(
                    f"{source.value} {value}" for source, value in zip(SOURCES, row) if value
                )
                items.append(Text.assemble(_who(seat, table), f" +{sum(row)}: {parts}"))
        if not items:
            return Text("nobody scores", style="dim")
        return Flow(tuple(items), gap=" · ")

    def _points_table(self, points: PointsBySource, table: Table) -> RenderableType:
        """Each player's points by source in seat order; each row adds up to the points
        of the final scores."""
        result = RichTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
        add_player_column(result)
        for source in SOURCES:
            result.add_column(source.value, justify="right")
        result.add_column("points", justify="right")
        for seat in range(points.num_players):
            row = points.row(seat)
            result.add_row(
                self.player_label(table, seat), *(str(value) for value in row), str(sum(row))
            )
        key = Flow(tuple(Text(part) for part in POINTS_KEY), gap=" · ", style="dim")
        return Group(Text(POINTS_TITLE, style="bold"), result, key)


RENDERER = CheckedRenderer(GetTheCheeseRenderer(), VIEW_TYPE, VIEW_TYPE.each_of)
