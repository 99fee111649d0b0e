"""Get The Cheese! in the terminal: the cheese circle, the hand, and the end resolved.

Cards read ``<owner>:<kind>``: ``b:m`` a blue mouse, ``g:?`` a green card face down,
``r:?*`` a red face-down card with the symbol (a mouse* or a cat*), ``b:(m)`` one of
your own cards lying face down.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rich.console import Group, RenderableType
from rich.text import Text

from cheese.cli.play.renderer import Step, Table, seat_text
from cheese.engine import TERMINAL, Action, Seat
from cheese.engine.get_the_cheese.cards import COLOUR_LETTERS, KIND_NAMES, KINDS
from cheese.engine.get_the_cheese.moves import DRAW, decode_play
from cheese.engine.get_the_cheese.resolve import (
    Animal,
    Gain,
    catch_mice_with_cats,
    chase_cats_with_dogs,
    feed_mice,
    move_king_mice_to_front,
    rank_key,
)
from cheese.engine.get_the_cheese.view import (
    UNKNOWN,
    UNKNOWN_SYMBOL,
    CardView,
    GtcView,
    revealed_lines,
)

DEFAULT_OPPONENT = "mcts"
"""The strongest default bot here, well within a second a move (README, Playing)."""

KIND_CODES: tuple[str, ...] = ("m", "m*", "B", "K", "c", "c*", "D")
"""Short names of the kinds on the board, in kind order (the legend spells them out)."""
LEGEND = "m mouse m* mouse* B big K king c cat c* cat* D dog ?: face down (x): known"
FIRST_QUESTION = "Draw 3 cards or play 3?"


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


def _joined(parts: Sequence[Text], separator: str = " ") -> Text:
    return Text(separator).join(parts) if parts else Text("·", style="dim")


class GetTheCheeseRenderer:
    """The renderer of ``get-the-cheese``."""

    title = "Get The Cheese!"
    default_opponent = DEFAULT_OPPONENT
    notation_help = (
        "Moves: 'draw', or a play '3:mouse,cat*,dog' - the starting cheese (#3), then your "
        "3 cards in play order: the 1st goes face down on that cheese, the 2nd and 3rd face "
        "up on the next cheeses clockwise (cards with * always face down). Kinds: "
        + ", ".join(KIND_NAMES)
        + "."
    )

    def player_label(self, table: Table, seat: Seat) -> Text:
        return seat_text(table, seat, COLOUR_LETTERS[seat])

    def board(self, view: object, table: Table) -> RenderableType:
        assert isinstance(view, GtcView)
        hand = [KIND_NAMES[kind] for kind in KINDS for _ in range(view.hand[kind])]
        return self._table(
            view, table, Text.assemble(("your hand: ", "bold"), " ".join(hand) or "empty")
        )

    def revealed_board(self, revealed: object, table: Table) -> RenderableType:
        assert isinstance(revealed, tuple), "every seat's view (State.revealed_view)"
        seen = [view for view in revealed if isinstance(view, GtcView)]
        everything = replace(seen[0], lines=revealed_lines(seen))
        hands = Text("  ").join(
            Text.assemble(
                (COLOUR_LETTERS[view.seat], table.style(view.seat)),
                " " + (" ".join(KIND_CODES[kind] for kind in KINDS for _ in range(view.hand[kind]))
                       or "-"),
            )
            for view in seen
        )
        return self._table(everything, table, Text.assemble(("hands: ", "bold"), hands))

    def _table(self, view: GtcView, table: Table, hands: Text) -> RenderableType:
        rows: list[RenderableType] = [self._header(view, table)]
        for index, line in enumerate(view.lines):
            value = str(view.cheeses[index]) if index < len(view.cheeses) else "?"
            label = Text.assemble((f"#{index} ({value}) ".ljust(8), "bold"))
            rows.append(label + _joined([_card(card, table) for card in line]))
        rows.append(hands)
        sizes = [
            Text.assemble(
                (COLOUR_LETTERS[seat], table.style(seat)),
                f" {view.hand_sizes[seat]}/{view.deck_sizes[seat]}",
            )
            for seat in range(view.num_players)
        ]
        rows.append(Text("hand/deck  ") + Text("  ").join(sizes))
        rows.append(Text(LEGEND, style="dim"))
        return Group(*rows)

    def _header(self, view: GtcView, table: Table) -> Text:
        players = Text(" · ").join(
            self.player_label(table, seat) for seat in range(table.num_players)
        )
        if view.current_player == TERMINAL:
            turn = Text("game over")
        else:
            turn = Text("turn: ") + self.player_label(table, view.to_move)
        return Text.assemble(players, "   ", turn)

    def choice_path(self, view: object, action: Action, text: str) -> tuple[Step, ...]:
        assert isinstance(view, GtcView)
        if action == DRAW:
            return (Step(FIRST_QUESTION, "draw 3 cards"),)
        start, kinds = decode_play(action)
        return (
            Step(FIRST_QUESTION, "play 3 cards"),
            Step("1st card (face down on the starting cheese):", KIND_NAMES[kinds[0]], kinds[0]),
            Step("2nd card (next cheese clockwise):", KIND_NAMES[kinds[1]], kinds[1]),
            Step("3rd card (the cheese after):", KIND_NAMES[kinds[2]], kinds[2]),
            Step("Starting cheese:", f"#{start} ({view.cheeses[start]})", start),
        )

    def describe(self, before: object, after: object, mover: Seat, table: Table) -> Text | None:
        assert isinstance(before, GtcView) and isinstance(after, GtcView)
        placed = sorted(
            (card.position, cheese, card)
            for cheese, (old, new) in enumerate(zip(before.lines, after.lines, strict=True))
            for card in new[len(old) :]
            if card.owner == mover
        )
        if not placed:
            return self.player_label(table, mover) + " drew 3 cards"
        plays = [Text(f"{_card_code(card)} to #{cheese}") for _, cheese, card in placed]
        return self.player_label(table, mover) + " played " + _joined(plays, ", ")

    def scored(self, before: object, after: object, table: Table) -> Sequence[RenderableType]:
        return ()

    def resolution(self, final: object, table: Table) -> Sequence[RenderableType]:
        assert isinstance(final, GtcView)
        steps: list[RenderableType] = []
        for index, line in enumerate(final.lines):
            cheese = final.cheeses[index]
            animals = [Animal(card.owner, card.kind) for card in line]
            steps.append(self._resolve_line(index, cheese, animals, table))
        if final.score_piles is not None:
            piles = [
                Text.assemble(
                    self.player_label(table, seat),
                    "  {} points · king mice {} · mice {}".format(*rank_key(pile)),
                )
                for seat, pile in enumerate(final.score_piles)
            ]
            steps.append(Group(Text("Score piles", style="bold"), *piles))
        return steps

    def _resolve_line(
        self, index: int, cheese: int, animals: list[Animal], table: Table
    ) -> RenderableType:
        """One cheese resolved as the rules do it: dogs, cats, king mice, cheese."""
        after_dogs, chased = chase_cats_with_dogs(animals)
        after_cats, caught = catch_mice_with_cats(after_dogs)
        kings_first = move_king_mice_to_front(after_cats)
        fed = feed_mice(kings_first, cheese)

        def line(cards: Sequence[Animal]) -> Text:
            return _joined([_animal(card, table) for card in cards]) if cards else Text("empty")

        return Group(
            Text.assemble((f"#{index} ({cheese}): ", "bold"), line(animals)),
            Text("  1 dogs:       ") + self._gains(chased, "takes", table),
            Text("  2 cats:       ") + self._gains(caught, "catches", table),
            Text("  3 king mice:  ") + line(kings_first),
            Text(f"  4 cheese {cheese}:   ")
            + (Text("feeds ") + line([Animal(gain.seat, gain.kind) for gain in fed])
               if fed else Text("feeds no mouse", style="dim")),
        )

    def _gains(self, gains: Sequence[Gain], verb: str, table: Table) -> Text:
        if not gains:
            return Text("nothing", style="dim")
        return Text(", ").join(
            Text.assemble(
                (COLOUR_LETTERS[gain.seat], table.style(gain.seat)),
                f" {verb} {KIND_CODES[gain.kind]}",
            )
            for gain in gains
        )


RENDERER = GetTheCheeseRenderer()
