"""The replay page in a real headless browser, opened from a file: it steps through the
game by its buttons, keys and move list, shows a seat's view with the others' cards
hidden and everything again, and logs no error.

Skipped when no ``chromium`` is installed or Playwright is missing (the CI installs
Debian's chromium first).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from cheese.cli.play.record_file import load_record
from cheese.cli.play.renderers import RENDERERS
from cheese.cli.play.replay_page import page_inputs, replay_page

if TYPE_CHECKING:
    from playwright.sync_api import Browser

RECORD = Path(__file__).parents[1] / "data" / "replay" / "get-the-cheese.json"
CHROMIUM = shutil.which("chromium")
# Nothing but the page: no sandbox (CI runs as root), no GPU, no calls home.
CHROMIUM_FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

if CHROMIUM is None:
    pytest.skip("no chromium is installed", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def page_url(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("page") / "replay.html"
    page = replay_page(
        RENDERERS["get-the-cheese"], load_record(RECORD), page_inputs(RECORD, None), None
    )
    path.write_text(page.text, encoding="utf-8")
    return path.as_uri()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield launched
        launched.close()


def test_the_page_steps_through_the_game_and_switches_views(
    browser: Browser, page_url: str
) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 900})
    errors: list[str] = []
    page.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(page_url)
    counter, screen = page.locator("#counter"), page.locator("#screen")

    assert counter.inner_text() == "move 0/27"
    start = screen.inner_text()
    assert "hands:" in start and page.locator("#prev").is_disabled()
    page.click("#next")
    assert counter.inner_text() == "move 1/27"
    assert screen.inner_text() != start and "P1 b you drew 3 cards" in screen.inner_text()
    page.keyboard.press("ArrowRight")
    assert counter.inner_text() == "move 2/27"
    assert "3:mouse,big,king" in page.locator("#choices").inner_text()  # P2's top choices
    page.keyboard.press("End")
    assert counter.inner_text() == "move 27/27" and page.locator("#next").is_disabled()
    page.keyboard.press("Home")
    assert counter.inner_text() == "move 0/27"

    page.click('#moves li[data-position="3"]')
    assert counter.inner_text() == "move 3/27"
    current = page.locator('#moves li[aria-current="step"]')
    assert current.get_attribute("data-position") == "3"
    revealed = screen.inner_text()
    assert "?" not in current.locator(".what").inner_text()

    page.click('#views button[data-view="1"]')  # P1's view
    seen = screen.inner_text()
    assert seen != revealed and "your hand:" in seen and "hands:" not in seen
    assert "?" in current.locator(".what").inner_text()  # P3's cards went face down
    assert page.locator('#views button[data-view="1"]').get_attribute("aria-pressed") == "true"
    page.keyboard.press("ArrowLeft")  # P2's move: its choices are P2's own, hidden here
    assert counter.inner_text() == "move 2/27" and page.locator("#choices").inner_text() == ""

    page.click('#views button[data-view="0"]')
    assert "hands:" in screen.inner_text() and page.locator("#choices").inner_text() != ""

    page.click('#moves li[data-position="25"]')
    assert "?? blunder" in page.locator("#judged").inner_text()
    mark = page.locator('#moves li[data-position="25"] .mark')
    assert mark.inner_text() == "??" and "blunder" in (mark.get_attribute("class") or "")
    assert errors == []
    page.close()
