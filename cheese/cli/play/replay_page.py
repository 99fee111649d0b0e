"""``cheese replay --html``: one self-contained page that steps through a recorded game.

Each position is drawn by the terminal replay's own renderers, once with everything
revealed and once per seat, and kept as styled preformatted text; the page holds them,
the move list, the bots' top choices the saved game kept and the analysis beside it as
JSON in the page itself, with the template's CSS and script inline: it opens from a file
with no network and no server.
"""

from __future__ import annotations

import html
import io
import json
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from rich.console import Console, RenderableType
from rich.terminal_theme import TerminalTheme
from rich.text import Text

from cheese.analysis import AnalysisFile, DecisionAnalysis, analysis_path
from cheese.bots.base import TopMeasure
from cheese.cli.errors import UserInputError
from cheese.cli.play.analysis_file import check_analysis, mark_symbol, read_analysis
from cheese.cli.play.record_file import BotChoices, Choices, read_choices
from cheese.cli.play.renderer import Renderer
from cheese.cli.play.replay import Replay
from cheese.engine import EngineError, Seat, State
from cheese.engine.json_text import load_json
from cheese.engine.records import GameRecord
from cheese.text_files import UnwritablePath, check_writable

TEMPLATE = "replay_page.html"
DATA_MARK = "__REPLAY_DATA__"
TITLE_MARK = "__PAGE_TITLE__"
STYLES_MARK = "/*__DRAWING_STYLES__*/"
INLINE_STYLE = re.compile(r'<span style="([^"]*)">')
COLUMNS = 80
"""The width the positions are drawn at: the terminal screens' own."""
THEME = TerminalTheme(
    (22, 24, 29),
    (228, 228, 228),
    [
        (59, 63, 74),
        (255, 107, 107),
        (95, 208, 104),
        (244, 211, 94),
        (90, 169, 255),
        (199, 125, 255),
        (77, 212, 224),
        (220, 220, 220),
    ],
    [
        (110, 115, 128),
        (255, 150, 150),
        (140, 230, 145),
        (250, 228, 140),
        (140, 195, 255),
        (220, 170, 255),
        (130, 230, 240),
        (255, 255, 255),
    ],
)
"""The terminal's colours on the page's dark panel: each player's colour reads as its name
(blue is blue, purple is purple)."""


@dataclass(frozen=True, slots=True)
class PageInputs:
    """What the page shows beside the record: the bots' top choices and an analysis."""

    choices: Choices
    analysis: AnalysisFile | None
    analysis_path: Path | None


def page_inputs(record_path: Path | None, analysis: Path | None) -> PageInputs:
    """The choices saved in ``record_path`` (None: the record is no file) and the
    analysis ``analysis``, else the one ``cheese analyze`` saved beside the record."""
    choices: Choices = {}
    if record_path is not None:
        try:
            choices = read_choices(load_json(record_path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            choices = {}  # the record itself was read: only the extras are lost
        if analysis is None and analysis_path(record_path).is_file():
            analysis = analysis_path(record_path)
    read = None if analysis is None else read_analysis(analysis)
    return PageInputs(choices, read, analysis)


def check_page_path(path: Path) -> None:
    """``UserInputError`` unless the page can be written at ``path`` (before any work)."""
    try:
        check_writable(path, "--html", make_folder=False)
    except UnwritablePath as error:
        raise UserInputError(f"cannot write the replay page: {error}") from None


def write_page(
    renderer: Renderer, record: GameRecord, inputs: PageInputs, path: Path, seat: Seat | None
) -> int:
    """Write the page of ``record`` to ``path``, opening on ``seat``'s view (None: all
    revealed); the number of moves it steps through."""
    page = replay_page(renderer, record, inputs, seat)
    try:
        path.write_text(page.text, encoding="utf-8")
    except OSError as error:
        raise UserInputError(
            f"cannot write the replay page {path} ({error.strerror}); give a writable path "
            "with --html"
        ) from None
    return page.moves


@dataclass(frozen=True, slots=True)
class Page:
    """A replay page's HTML and the number of moves it steps through."""

    text: str
    moves: int


def replay_page(
    renderer: Renderer, record: GameRecord, inputs: PageInputs, seat: Seat | None
) -> Page:
    """The page's HTML: the template with the game's data in it."""
    drawing = _Drawing()
    seats: list[Seat | None] = [None, *range(len(record.players))]
    replays = [Replay(renderer, record, viewer, drawing.console, _no_input) for viewer in seats]
    revealed = replays[0]
    if inputs.analysis is not None and inputs.analysis_path is not None:
        decisions = [revealed.positions[move] for move in range(revealed.last)]
        check_analysis(inputs.analysis, record, decisions, inputs.analysis_path)
    positions = [
        [drawing.snippet(replay.position(move)) for replay in replays]
        for move in range(revealed.last + 1)
    ]
    data = {
        "title": renderer.title,
        # A 64-bit seed is beyond what a JavaScript number holds exactly.
        "seed": str(record.seed),
        "views": [_view_name(replay, drawing) for replay in replays],
        "start": 0 if seat is None else seat + 1,
        "players": _players(revealed, renderer, drawing),
        "finished": revealed.states[-1].is_terminal(),
        "positions": positions,
        "moves": [
            _move(replays, move, renderer, drawing, inputs) for move in range(1, revealed.last + 1)
        ],
        "analysis": _summary(inputs.analysis),
        "snippets": drawing.snippets,
    }
    template = resources.files("cheese.cli.play").joinpath(TEMPLATE).read_text(encoding="utf-8")
    # "<" written as \u003c: no text of the data can close the script element.
    embedded = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    title = html.escape(f"{renderer.title} · seed {record.seed} · replay")
    page = (
        template.replace(TITLE_MARK, title)
        .replace(STYLES_MARK, drawing.stylesheet())
        .replace(DATA_MARK, embedded)
    )
    return Page(page, revealed.last)


class _Drawing:
    """Renderables drawn as styled HTML, each distinct drawing kept once and each style
    named once as a class (inline, the styles would make most of the page)."""

    def __init__(self) -> None:
        self.console = Console(
            record=True,
            width=COLUMNS,
            file=io.StringIO(),
            force_terminal=True,
            color_system="truecolor",
        )
        self.snippets: list[str] = []
        self._numbers: dict[str, int] = {}
        self._styles: dict[str, str] = {}

    def html(self, blocks: list[RenderableType]) -> str:
        for block in blocks:
            self.console.print(block)
        drawn = self.console.export_html(
            theme=THEME, inline_styles=True, code_format="{code}", clear=True
        )
        return INLINE_STYLE.sub(self._classed, drawn.rstrip("\n"))

    def _classed(self, span: re.Match[str]) -> str:
        name = self._styles.setdefault(span.group(1), f"d{len(self._styles)}")
        return f'<span class="{name}">'

    def stylesheet(self) -> str:
        """The CSS of the classes the drawings use."""
        return "\n".join(f"  .{name} {{ {style} }}" for style, name in self._styles.items())

    def snippet(self, blocks: list[RenderableType]) -> int:
        """The number of the drawing of ``blocks`` in ``snippets``."""
        drawn = self.html(blocks)
        number = self._numbers.setdefault(drawn, len(self.snippets))
        if number == len(self.snippets):
            self.snippets.append(drawn)
        return number


def _no_input(prompt: str) -> str:
    raise EOFError


def _view_name(replay: Replay, drawing: _Drawing) -> dict[str, object]:
    if replay.seat is None:
        return {"label": "Everything", "title": "Everything revealed"}
    seat = replay.seat
    return {
        "label": f"P{seat + 1}",
        "title": f"As P{seat + 1} ({replay.record.players[seat]}) saw it",
        "html": drawing.html([_seat_tag(replay, seat)]),
    }


def _seat_tag(replay: Replay, seat: Seat) -> Text:
    """``P2`` in the seat's colour: the move list's and the view buttons' short name."""
    return Text(f"P{seat + 1}", style=replay.table.style(seat))


def _players(replay: Replay, renderer: Renderer, drawing: _Drawing) -> list[dict[str, object]]:
    final = replay.states[-1]
    scores = final.scores() if final.is_terminal() else None
    return [
        {
            "html": drawing.html([renderer.player_label(replay.table, seat)]),
            "score": None if scores is None else scores[seat],
        }
        for seat in range(len(replay.record.players))
    ]


def _move(
    replays: list[Replay], move: int, renderer: Renderer, drawing: _Drawing, inputs: PageInputs
) -> dict[str, object]:
    """Move ``move`` (from 1) as the move list and the panel under the board show it."""
    revealed = replays[0]
    index = revealed.positions[move - 1]
    before, after = revealed.states[index], revealed.states[index + 1]
    mover = before.current_player
    played = _shown(renderer, before, before.action_to_string(revealed.record.actions[index]))
    labels = []
    for replay in replays:
        seat = mover if replay.seat is None else replay.seat
        seen = renderer.describe(before.view(seat), after.view(seat), mover, replay.table)
        if seen is not None:
            labels.append(_without_label(seen, renderer.player_label(replay.table, mover)))
        else:
            labels.append(f"played {played}" if seat == mover else "moved")
    choices = inputs.choices.get(index)
    decision = _decision(inputs.analysis, index)
    return {
        "seat": mover,
        "who": drawing.html([_seat_tag(revealed, mover)]),
        "labels": labels,
        "choices": None if choices is None else _choices(choices, renderer, before, played),
        "analysis": None if decision is None else _judged(decision, renderer, before),
    }


def _without_label(line: Text, label: Text) -> str:
    """A described move without the mover's label, which the move list shows beside it.

    >>> _without_label(Text("P2 g greedy drew 3 cards"), Text("P2 g greedy"))
    'drew 3 cards'
    """
    return line.plain.removeprefix(label.plain).strip()


def _shown(renderer: Renderer, state: State, notation: str) -> str:
    """``notation``, the engine's, as the board numbers it; as given when it is no move."""
    try:
        action = state.parse_action(notation)
    except EngineError:
        return notation
    return renderer.shown_move(state.view(state.current_player), state.action_to_string(action))


def _choices(
    choices: BotChoices, renderer: Renderer, state: State, played: str
) -> dict[str, object]:
    share = choices.measure is TopMeasure.VISIT_SHARE
    top = []
    for notation, value in choices.top:
        shown = _shown(renderer, state, notation)
        number = f"{value:.0%}" if share else f"{value:.3f}"
        top.append({"move": shown, "value": number, "played": shown == played})
    return {"measure": str(choices.measure), "top": top}


def _decision(analysis: AnalysisFile | None, index: int) -> DecisionAnalysis | None:
    if analysis is None:
        return None
    return next((item for item in analysis.decisions if item.action_index == index), None)


def _judged(decision: DecisionAnalysis, renderer: Renderer, state: State) -> dict[str, object]:
    return {
        "seat": decision.seat,
        "mark": decision.mark if mark_symbol(decision.mark) is not None else None,
        "symbol": mark_symbol(decision.mark),
        "played": _shown(renderer, state, decision.played),
        "best": _shown(renderer, state, decision.best),
        "played_figures": _figures(decision.played_win, decision.played_points),
        "best_figures": _figures(decision.best_win, decision.best_points),
        "reason": decision.reason,
    }


def _figures(win: float | None, points: float | None) -> str:
    """A move's winning chance and points, as far as the analysis gives them.

    >>> _figures(0.345, 2.06), _figures(None, 3.0), _figures(None, None)
    ('win 34%, 2.1 points', '3.0 points', '')
    """
    parts = [] if win is None else [f"win {win:.0%}"]
    if points is not None:
        parts.append(f"{points:.1f} points")
    return ", ".join(parts)


def _summary(analysis: AnalysisFile | None) -> dict[str, object] | None:
    if analysis is None:
        return None
    summary = analysis.summary
    return {
        "seat": analysis.seat,
        "bot": analysis.bot,
        "accuracy": _percent(summary.accuracy),
        "points_lost": summary.points_lost,
        "biggest": list(summary.biggest),
    }


def _percent(value: float) -> str:
    """An accuracy, given in percent, as the page writes it.

    >>> _percent(87.4)
    '87%'
    """
    return f"{value:.0f}%"
