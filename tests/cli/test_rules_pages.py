"""The rules players read: the shipped pages and their one-screen summaries."""

from __future__ import annotations

import random
import re
import textwrap
from pathlib import Path

import pytest

from cheese.bots import Turn, make_bot
from cheese.cli.app import main
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.rules_command import pager_command
from cheese.cli.rules_text import SUMMARY_COLUMNS, SUMMARY_LINES, full_page, summary
from cheese.engine import GAME_SLUGS, load_game, score_sheet
from cheese.engine.cheese_drop.marbles import draws_per_drop
from cheese.engine.luck import resolve_chance


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_summary_fits_one_screen(slug: str) -> None:
    lines = summary(slug).splitlines()
    assert 5 < len(lines) <= SUMMARY_LINES
    assert max(len(line) for line in lines) <= SUMMARY_COLUMNS


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_summary_names_the_goal_a_turn_the_points_and_the_end(slug: str) -> None:
    text = summary(slug).lower()
    assert "goal" in text and "points" in text
    assert "turn" in text or "round" in text
    assert "end" in text or "lose" in text


def test_an_unknown_game_has_no_rules() -> None:
    with pytest.raises(ValueError, match="cheese-drop"):
        summary("chess")
    with pytest.raises(ValueError, match="cheese-drop"):
        full_page("chess")


AUTHOR_NOTES = (
    "Source:",
    "shared/",
    "seeds/",
    "the project",
    "rulebook",
    "numbered 0",
    "Kinds are",
    "event_key",
    "(x, y)",
    "Seat 0",
    "seat 0",
    "cheese 0",
    "0 mouse",
    "action 0",
    "implementations",
    "this page",
)


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_page_speaks_to_players_not_to_the_code_s_authors(slug: str) -> None:
    page = full_page(slug) + summary(slug)
    for note in AUTHOR_NOTES:
        assert note not in page, note


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_a_page_has_the_sections_a_player_looks_for(slug: str) -> None:
    headings = [line for line in full_page(slug).splitlines() if line.startswith("## ")]
    text = " ".join(headings).lower()
    for section in ("goal", "components", "options", "typing moves"):
        assert section in text, section
    assert "scor" in text and ("end of game" in text or "losing" in text or "round" in text)


@pytest.mark.parametrize("slug", GAME_SLUGS)
def test_every_option_is_on_the_page_with_its_default(slug: str) -> None:
    page = full_page(slug)
    options = page[page.index("## Options") :]
    for name, default in load_game(slug).default_options().items():
        assert f"`{name}`" in options, name
        if isinstance(default, tuple):
            assert ",".join(map(str, default)) in options, name
        elif isinstance(default, bool):
            assert f"`{str(default).lower()}`" in options, name
        elif name == "start_player":
            assert "0 is P1 (the default)" in options
        else:
            assert str(default) in options, name


def _code_blocks(page: str) -> list[str]:
    return re.findall(r"```\n(.*?)```", page, flags=re.DOTALL)


def test_the_chasers_examples_score_as_the_page_says() -> None:
    page = full_page("cheese-chasers")
    claims = re.findall(r"Example \d — total (\d+) \(([^)]*)\)", page)
    layouts = _code_blocks(page)
    assert len(claims) == len(layouts) == 6
    for (total, parts), layout in zip(claims, layouts, strict=True):
        scored = score_sheet("cheese-chasers", layout, "page").as_json()
        assert scored["total"] == int(total), layout
        for name, value in re.findall(r"(nice|surrounded|bonus) (\d+)", parts):
            assert scored[name] == int(value), (layout, name)


def test_the_get_the_cheese_worked_example_and_sheet_agree_with_the_engine() -> None:
    page = full_page("get-the-cheese")
    sheet = page[page.index("    # cheese value") :].split("\n\n")[0]
    scored = score_sheet("get-the-cheese", textwrap.dedent(sheet), "page").as_json()
    assert scored["scores"] == {"blue": 3, "green": 4, "red": 2}
    assert "blue 3; green 1 + 1 (caught) + 1 (king mouse) + 1 (mouse) = 4; red 2" in page


def test_the_cheese_drop_table_and_sheet_agree_with_the_engine() -> None:
    page = full_page("cheese-drop")
    rows = dict(re.findall(r"^\s*\| ([0-9 or]+) \| (\d \| \d \| \d) \|$", page, re.MULTILINE))
    for players in range(2, 6):
        row = next(value for key, value in rows.items() if str(players) in key)
        counts = tuple(int(count) for count in row.split(" | "))
        assert counts == tuple(draws_per_drop(players, index) for index in range(3))
    sheet = page[page.index('    {"lanes"') :].split("\n\n")[0]
    scored = score_sheet("cheese-drop", textwrap.dedent(sheet), "page").as_json()
    assert scored == {"scores": [7, 3]}


def test_rules_piped_prints_the_whole_page_plain(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "cheese-drop"]) == 0
    out = capsys.readouterr().out
    assert out == full_page("cheese-drop")
    assert "\x1b" not in out


def test_rules_summary_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "get-the-cheese", "--summary"]) == 0
    assert capsys.readouterr().out == summary("get-the-cheese")


def test_the_pager_is_the_person_s_choice_else_less_with_colours() -> None:
    assert pager_command({"PAGER": "most"}) == "most"
    assert pager_command({"PAGER": " ", "PATH": ""}) is None


PLAYING_PAGE = Path(__file__).resolve().parents[2] / "docs" / "playing.md"
PLAYING_PAGE_CHASERS_SEED = 107
"""docs/playing.md's Cheese Chasers example: `cheese play cheese-chasers --seed 107`."""


def test_the_playing_page_s_chasers_deal_is_won_by_following_every_hint() -> None:
    page = " ".join(PLAYING_PAGE.read_text(encoding="utf-8").split())
    assert f"cheese play cheese-chasers --seed {PLAYING_PAGE_CHASERS_SEED}" in page
    assert "following every hint scores 65" in page
    # As the play screen does: the deal's luck from its seed, each hint from the default
    # hint bot with the generator the screen gives it; the person types the top choice.
    hint_bot = make_bot(RENDERERS["cheese-chasers"].default_opponent)
    seed = PLAYING_PAGE_CHASERS_SEED
    state = load_game("cheese-chasers", "native").new_initial_state(num_players=1, seed=seed)
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = resolve_chance(state)
        else:
            rng = random.Random(f"play:hint:{seed}:-1:{moves}")
            decision = hint_bot.choose(Turn(state, state.current_player), rng)
            action = decision.top[0][0] if decision.top else decision.action
        state = state.apply(action)
        moves += 1
    assert not state.ended_early()
    assert state.scores() == (65,)
