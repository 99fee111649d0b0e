"""Cheese Drop in the terminal: the gate, the marbles' paths, the betting areas, scores.

Marbles read ``Y`` cheese, ``R`` apple, ``M`` mouse, ``C`` cat; ``Y 2→3`` is a cheese
dropped from gate slot 2 that went under the cover in lane 3. Players are ``P1``, ``P2``…
With everything revealed (a replay), ``Y 2→3→(4)`` adds the lane the marble is really in,
under the cover, which the players do not see before the round is scored.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.console import Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from cheese.cli.play.renderer import (
    CheckedRenderer,
    Flow,
    Legend,
    Step,
    Table,
    add_player_column,
    seat_text,
)
from cheese.engine import Action, Seat
from cheese.engine.cheese_drop.betting import column_event, column_lane, is_lane_column
from cheese.engine.cheese_drop.core import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COLOURS,
    EVENT_COUNT,
    LANE_COUNT,
    SLOT_COUNT,
    ColourCounts,
    Column,
    Phase,
    RoundResult,
)
from cheese.engine.cheese_drop.gate import gate_contents
from cheese.engine.cheese_drop.marbles import dropper, drops_per_round, round_start_player
from cheese.engine.cheese_drop.odds import bet_outlook
from cheese.engine.cheese_drop.options import DropOptions, parse_options
from cheese.engine.cheese_drop.points import points_by_source
from cheese.engine.cheese_drop.scoring import base_points, event_points
from cheese.engine.cheese_drop.view import (
    REVEALED_VIEW_TYPE,
    VIEW_TYPE,
    DropView,
    MarbleView,
    RevealedDropView,
    betting_order_of,
)

DEFAULT_OPPONENT = "mcts"
"""The strongest default bot here by today's strength table (docs/bots.md, Strength); one place to
change it."""

MARBLE_STYLES: tuple[str, ...] = ("bold yellow", "bold red", "bold bright_black", "bold white")
EVENT_NAMES: tuple[str, ...] = (
    "cat and mouse: 5",
    "1 per red",
    "1 per yellow",
    "2 per mouse",
    "with a cat: 1 per red and yellow",
    "more yellow than red: 2",
    "more red than yellow: 3",
)
"""Each event's bonus for a lane, in event order (rules, "Events"), for help."""
EVENT_SHORT: tuple[str, ...] = (
    "C and M: 5",
    "1 per R",
    "1 per Y",
    "2 per M",
    "C: 1 per R, Y",
    "more Y than R: 2",
    "more R than Y: 3",
)
"""The same with the marble letters, for the board's key and the bets' choices."""
EVENT_LEGEND = Legend(tuple(f"{index + 1} {name}" for index, name in enumerate(EVENT_SHORT)))
MARBLE_LEGEND: tuple[str, ...] = ("Y cheese", "R apple", "M mouse", "C cat", "3→5 slot→lane")
"""The board's key: the marbles, and a marble's path from its gate slot to its lane."""
BET_QUESTION = "Bet on a lane (base points) or an event (bonus for your lanes)?"
ROUNDS = 3
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")
"""Marbles of one colour take slots from the left: the 1st is the leftmost."""


def _marble(colour: int) -> Text:
    return Text(COLOUR_LETTERS[colour], style=MARBLE_STYLES[colour])


def _lane_marbles(counts: ColourCounts) -> Text:
    letters = Text()
    for colour in COLOURS:
        for _ in range(counts[colour]):
            letters.append_text(_marble(colour))
    return letters if letters.plain else Text("·", style="dim")


LABEL_WIDTH = 15
"""The width of the row labels of the lanes' and the events' tables."""


def _marble_rows(
    marbles: Sequence[MarbleView], rows: Sequence[tuple[str, Sequence[int]]]
) -> list[tuple[str, list[Text]]]:
    """Per row its label and the marbles in each lane, given the lane of each of
    ``marbles``."""
    counted: list[tuple[str, list[Text]]] = []
    for label, lanes in rows:
        counts = [[0, 0, 0, 0] for _ in range(LANE_COUNT)]
        for marble, lane in zip(marbles, lanes):
            counts[lane][marble.colour] += 1
        counted.append((label, [_lane_marbles((c[0], c[1], c[2], c[3])) for c in counts]))
    return counted


def _columns(header: str, count: int, rows: Sequence[tuple[str, Sequence[Text]]]) -> list[Text]:
    """A table of numbered columns (lanes or events): the numbers, then each row's label
    and cells, every cell as wide as the widest."""
    width = max(6, *(len(cell.plain) + 2 for _, cells in rows for cell in cells))
    lines = [
        Text(header.ljust(LABEL_WIDTH), style="bold")
        + Text("".join(f"{number:<{width}}" for number in range(1, count + 1)).rstrip(), "bold")
    ]
    for label, cells in rows:
        row = Text(label.ljust(LABEL_WIDTH))
        for cell in cells:
            row.append_text(cell + " " * (width - len(cell.plain)))
        row.rstrip()
        lines.append(row)
    return lines


def _points_cell(points: int) -> Text:
    """Points in a table, a dim ``·`` for none so that the points stand out."""
    return Text(str(points)) if points else Text("·", style="dim")


def _refusals(view: DropView, name: str, columns: Sequence[Column]) -> tuple[tuple[int, str], ...]:
    """Why each of ``columns`` (numbered on the screen from 1) would not be a choice of
    the bettor: its own piece is there, or else the column is full, the only two reasons
    of the rules ("a cell holds one piece; a player may not have two pieces in the same
    column"); the menu keeps those of the columns that are not choices."""
    own = view.bets[view.current_player]
    return tuple(
        (
            number,
            f"You already have a piece on {name.lower()} {number}"
            if column in own
            else f"{name} {number} is full",
        )
        for number, column in enumerate(columns, start=1)
    )


def _column_name(column: Column) -> str:
    """``lane 3``, or ``event 5`` with what it pays (``event 5 (C: 1 per R, Y)``)."""
    if is_lane_column(column):
        return f"lane {column_lane(column) + 1}"
    event = column_event(column)
    return f"event {event + 1} ({EVENT_SHORT[event]})"


def _options(table: Table) -> DropOptions:
    return parse_options(table.num_players, dict(table.options))


class CheeseDropRenderer:
    """The renderer of ``cheese-drop``."""

    title = "Cheese Drop"
    default_opponent = DEFAULT_OPPONENT
    notation_help = (
        "Moves: a gate 'gate Y.R..C' (slots 1 to 6 left to right, '.' empty; Y cheese, "
        "R apple, M mouse, C cat), a bet 'lane 3' (lanes 1 to 6) or 'event 5' (events 1 "
        "to 7). Events pay for each of your lanes that meets them: "
        + "; ".join(f"{index + 1} {name}" for index, name in enumerate(EVENT_NAMES))
        + "."
    )

    def player_label(self, table: Table, seat: Seat) -> Text:
        return seat_text(table, seat, f"P{seat + 1}")

    def typed_move(self, view: DropView, text: str) -> str:
        """The notation already counts slots, lanes and events from 1, as the board does."""
        return text

    def shown_move(self, view: DropView, text: str) -> str:
        return text

    def _marker(self, table: Table, seat: Seat) -> Text:
        return Text(f"P{seat + 1}", style=table.style(seat))

    def board(
        self, view: DropView, table: Table, revealed: RevealedDropView | None = None
    ) -> RenderableType:
        """The screen of ``view``; with ``revealed``, also every lane under the cover."""
        options = _options(table)
        rows: list[RenderableType] = [self._header(view, table, options)]
        if view.phase == Phase.OVER:
            # Every marble is back in the bag and every piece with its owner: the tables
            # would be empty, and the scores follow.
            return Group(*rows)
        bag = Text(
            "in the bag: "
            + " ".join(f"{COLOUR_LETTERS[colour]}{view.bag[colour]}" for colour in COLOURS)
        )
        if sum(view.hand):
            drawn = Text(" ").join(
                _marble(colour) for colour in COLOURS for _ in range(view.hand[colour])
            )
            bag += Text.assemble(("   drawn for the gate: ", "bold"), drawn)
        betting = view.phase == Phase.BET and revealed is None
        if not betting:
            # At the bets the bag's marbles are out of this round's play.
            rows.append(bag)
        rows.extend(self._drops(view, table, options, revealed))
        if betting:
            rows.extend(self._outlook(view, table, options))
            rows.append(Legend(MARBLE_LEGEND))
            return Group(*rows)
        rows.extend(self._bets(view, table, options, revealed))
        rows.append(Legend(MARBLE_LEGEND))
        if not options.simple:
            rows.append(Text("events pay a bonus for each of your lanes that has:", style="dim"))
            rows.append(EVENT_LEGEND)
        return Group(*rows)

    def _header(self, view: DropView, table: Table, options: DropOptions) -> RenderableType:
        players = [self.player_label(table, seat) for seat in range(table.num_players)]
        if view.phase == Phase.OVER:
            return Flow((*players, Text("game over", style="bold")))
        drops = drops_per_round(view.num_players)
        where = f"round {view.round + 1}/{ROUNDS}, "
        where += "betting" if view.phase == Phase.BET else f"drop {view.drop + 1}/{drops}"
        scores = Text("scores: ") + Text("  ").join(
            self._marker(table, seat) + f" {view.totals[seat]}" for seat in range(view.num_players)
        )
        order = Text("betting order: ") + Text(" ").join(
            self._marker(table, seat) for seat in betting_order_of(view, options.start_player)
        )
        return Group(Flow((Text(where, style="bold"), *players)), Flow((scores, order)))

    def _drops(
        self,
        view: DropView,
        table: Table,
        options: DropOptions,
        revealed: RevealedDropView | None,
    ) -> list[Text]:
        """One line per drop of the round: each marble's gate slot and the lane it took
        under the cover (and, revealed, the lane it is really in)."""
        if not view.marbles:
            return []
        covered = self._covered_lanes(view, options, revealed)
        lines: list[Text] = []
        drops = sorted({marble.drop for marble in view.marbles})
        for drop in drops:
            paths = Text("  ").join(
                self._path(marble, covered.get(index))
                for index, marble in enumerate(view.marbles)
                if marble.drop == drop
            )
            setter = self._dropper(view, drop, options)
            lines.append(Text(f"drop {drop + 1} ") + self._marker(table, setter) + ": " + paths)
        if covered:
            lines.append(
                Text(
                    "(n): the real lane under the cover, unseen by the players until scoring",
                    style="dim",
                )
            )
        return lines

    def _covered_lanes(
        self, view: DropView, options: DropOptions, revealed: RevealedDropView | None
    ) -> dict[int, int]:
        """The real lane of each marble under the cover (by index), if revealed."""
        if revealed is None:
            return {}
        return {
            index: lane
            for index, lane in enumerate(revealed.lanes)
            if revealed.is_covered(index, options.visible_rows)
        }

    def _dropper(self, view: DropView, drop: int, options: DropOptions) -> Seat:
        start = round_start_player(options.start_player, view.round, view.num_players)
        return dropper(start, drop, view.num_players)

    def _path(self, marble: MarbleView, covered_lane: int | None) -> Text:
        """``Y 2→3``: the gate slot, then the lane the marble was last seen in; ``→(4)``
        the lane it is really in under the cover, when that is revealed."""
        path = _marble(marble.colour) + f" {marble.slot + 1}→{marble.seen_lane + 1}"
        if covered_lane is not None:
            path.append(f"→({covered_lane + 1})", style="bold")
        return path

    def _owners(self, view: DropView, table: Table, options: DropOptions) -> list[Text]:
        """Per column, the markers of the pieces on it, then ``··`` per free cell."""
        # A player has at most one piece in a column, so cells beyond one per player
        # never fill; drawing them all would only widen (or, when huge, sink) the board.
        cells = min(options.cells_per_column, view.num_players)
        owners: list[list[Seat]] = [[] for _ in range(options.column_count)]
        for seat, columns in enumerate(view.bets):
            for column in columns:
                owners[column].append(seat)
        shown: list[Text] = []
        for seats in owners:
            text = Text()
            for seat in seats:
                text.append_text(self._marker(table, seat))
            text.append("··" * (cells - len(seats)), style="dim")
            shown.append(text)
        return shown

    def _outlook(self, view: DropView, table: Table, options: DropOptions) -> list[RenderableType]:
        """At the bets, a row per lane: what went under the cover there, how likely a
        marble is to stay, what a lane bet and each event would pay if nothing moved, and
        the pieces on it; then what the columns mean, the events and the event bets."""
        outlook = bet_outlook(view.marbles, options)
        bets = self._owners(view, table, options)
        covered = options.hidden_rows > 0
        lanes = RichTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
        lanes.add_column("lane", justify="right", no_wrap=True)
        lanes.add_column("under cover" if covered else "landed", no_wrap=True)
        if covered:
            lanes.add_column("stays", justify="right", no_wrap=True)
        lanes.add_column("base", justify="right", no_wrap=True)
        if covered:
            lanes.add_column("~base", justify="right", no_wrap=True)
        events = () if options.simple else tuple(range(EVENT_COUNT))
        for event in events:
            lanes.add_column(f"e{event + 1}", justify="right", no_wrap=True)
        lanes.add_column("bets", no_wrap=True)
        for lane, odds in enumerate(outlook):
            cells: list[RenderableType] = [str(lane + 1), _lane_marbles(odds.seen)]
            if covered:
                cells.append(f"{float(odds.stays):.0%}")
            cells.append(str(odds.base_seen))
            if covered:
                cells.append(f"{float(odds.base_expected):.1f}")
            cells.extend(_points_cell(odds.events_seen[event]) for event in events)
            cells.append(bets[lane])
            lanes.add_row(*cells)
        notes: list[Text] = []
        if covered:
            points = "base" if options.simple else "base, e1 to e7"
            notes = [
                Text("stays: chance a marble keeps its lane under the cover"),
                Text("~base: on average"),
                Text(f"{points}: if no marble moves"),
            ]
        if not options.simple:
            notes.append(Text("events pay for each of your lanes with:"))
        lines: list[RenderableType] = [lanes]
        if notes:
            lines.append(Flow(tuple(notes), style="dim"))
        if not options.simple:
            lines.append(EVENT_LEGEND)
            lines.append(
                Text("event bets".ljust(LABEL_WIDTH))
                + Text("  ").join(
                    Text(f"{event + 1}:") + bets[LANE_COUNT + event] for event in events
                )
            )
        return lines

    def _bets(
        self,
        view: DropView,
        table: Table,
        options: DropOptions,
        revealed: RevealedDropView | None = None,
    ) -> list[Text]:
        """The lanes' table (the marbles in each, then the bets on it) and the events'
        (the bets on each)."""
        owners = self._owners(view, table, options)
        marbles: list[tuple[str, Sequence[int]]] = []
        if view.marbles:
            seen = "under cover" if options.hidden_rows else "landed"
            marbles.append((seen, [marble.seen_lane for marble in view.marbles]))
            if revealed is not None and self._covered_lanes(view, options, revealed):
                marbles.append(("really in", list(revealed.lanes)))
        lane_rows: list[tuple[str, Sequence[Text]]] = [*_marble_rows(view.marbles, marbles)]
        lane_rows.append(("bets, ·· free", owners[:LANE_COUNT]))
        lines = _columns("lane", LANE_COUNT, lane_rows)
        if not options.simple:
            lines.append(
                Text("event bets".ljust(LABEL_WIDTH))
                + Text("  ").join(
                    Text(f"{event + 1}:") + owners[LANE_COUNT + event]
                    for event in range(EVENT_COUNT)
                )
            )
        return lines

    def revealed_board(self, revealed: RevealedDropView, table: Table) -> RenderableType:
        return self.board(revealed.views[0], table, revealed)

    def choice_path(self, view: DropView, action: Action, text: str) -> tuple[Step, ...]:
        if view.phase == Phase.BET:
            if is_lane_column(action):
                lane = column_lane(action) + 1
                lanes = _refusals(view, "Lane", range(LANE_COUNT))
                return (
                    Step(BET_QUESTION, "a lane", 0),
                    Step("Lane:", f"lane {lane}", number=lane, refusals=lanes),
                )
            event = column_event(action)
            label = f"event {event + 1} ({EVENT_SHORT[event]})"
            events = _refusals(view, "Event", range(LANE_COUNT, LANE_COUNT + EVENT_COUNT))
            return (
                Step(BET_QUESTION, "an event", 1),
                Step("Event:", label, number=event + 1, refusals=events),
            )
        contents = gate_contents(action)
        steps: list[Step] = []
        for colour in COLOURS:
            slots = [slot for slot in range(SLOT_COUNT) if contents[slot] == colour]
            for index, slot in enumerate(slots):
                which = f" ({ORDINALS[index]} from the left)" if view.hand[colour] > 1 else ""
                question = (
                    f"Gate slot of the {COLOUR_NAMES[colour]} marble "
                    f"{COLOUR_LETTERS[colour]}{which}:"
                )
                steps.append(Step(question, f"slot {slot + 1}", order=slot, number=slot + 1))
        return tuple(steps)

    def describe(self, before: DropView, after: DropView, mover: Seat, table: Table) -> Text | None:
        who = self.player_label(table, mover)
        if before.phase == Phase.GATE:
            released = after.marbles[len(before.marbles) :]
            placed = ", ".join(
                f"{COLOUR_LETTERS[marble.colour]} in slot {marble.slot + 1}"
                for marble in sorted(released, key=lambda marble: marble.slot)
            )
            return who + f" set the gate: {placed}"
        placed_after = (
            after.results[-1].bets if len(after.results) > len(before.results) else after.bets
        )
        new = [column for column in placed_after[mover] if column not in before.bets[mover]]
        if not new:
            return None
        return who + f" bet on {_column_name(new[0])}"

    def scored(self, before: DropView, after: DropView, table: Table) -> Sequence[RenderableType]:
        if len(after.results) == len(before.results):
            return ()
        result = after.results[-1]
        number = len(after.results)
        lanes = _columns(
            "lane",
            LANE_COUNT,
            [
                ("marbles", [_lane_marbles(contents) for contents in result.lanes]),
                ("base points", [Text(str(base_points(contents))) for contents in result.lanes]),
            ],
        )
        points = RichTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
        add_player_column(points)
        points.add_column("round", justify="right")
        points.add_column("total", justify="right")
        points.add_column("from")
        for seat in range(table.num_players):
            points.add_row(
                self.player_label(table, seat),
                str(result.points[seat]),
                str(after.totals[seat]),
                self._points(result, seat),
            )
        return (
            Group(
                Text(f"Round {number} is scored: the cover is lifted", style="bold"),
                *lanes,
                Text(
                    "base points of a lane: 1 per R, and 1 per Y unless M is there without C",
                    style="dim",
                ),
                points,
            ),
        )

    def _points(self, result: RoundResult, seat: Seat) -> RenderableType:
        """Where a player's points come from: each lane bet, then each pair of a lane
        bet and an event bet (``lane 4 + event 2: 3``)."""
        columns = result.bets[seat]
        lanes = [column_lane(column) for column in columns if is_lane_column(column)]
        events = [column_event(column) for column in columns if not is_lane_column(column)]
        items = [Text(f"lane {lane + 1}: {base_points(result.lanes[lane])}") for lane in lanes]
        items.extend(
            Text(f"lane {lane + 1} + event {event + 1}: {event_points(event, result.lanes[lane])}")
            for lane in lanes
            for event in events
        )
        if not lanes:
            items.append(Text("no lane bet", style="dim"))
        return Flow(tuple(items))

    def resolution(self, final: DropView, table: Table) -> Sequence[RenderableType]:
        """Where each player's points came from: each round, and lane bets against
        events, both adding up to the total (the standings that follow give the places;
        equal totals share one)."""
        options = _options(table)
        sources = points_by_source(final.results)
        rounds = RichTable(box=None, pad_edge=False, show_edge=False, header_style="bold")
        add_player_column(rounds)
        for number in range(1, len(final.results) + 1):
            rounds.add_column(f"round {number}", justify="right")
        rounds.add_column("lanes", justify="right")
        if not options.simple:
            rounds.add_column("events", justify="right")
        rounds.add_column("total", justify="right")
        for seat, points in enumerate(sources):
            by_source = [str(points.lanes)]
            if not options.simple:
                by_source.append(str(points.events))
            rounds.add_row(
                self.player_label(table, seat),
                *(str(gained) for gained in points.rounds),
                *by_source,
                str(points.total),
            )
        meaning = "lanes: base points of lane bets"
        if not options.simple:
            meaning += " · events: bonuses of event bets"
        return (
            Group(
                Text("Where the points came from", style="bold"),
                rounds,
                Text(meaning, style="dim"),
            ),
        )


RENDERER = CheckedRenderer(CheeseDropRenderer(), VIEW_TYPE, REVEALED_VIEW_TYPE.of)
