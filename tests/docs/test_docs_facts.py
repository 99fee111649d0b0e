"""The protocol docs state the referee's own numbers, and every file they name exists.

Each number is read from the constant the code uses, so changing a limit in the code
fails here until ``docs/protocol.md`` and ``docs/writing-a-bot.md`` say the new value.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from cheese.cli.bot_command import check
from cheese.engine.games import GAMES
from cheese.referee.clocks import DEFAULT_MARGIN
from cheese.referee.external.bots_file import DEFAULT_MOVE_SECONDS, DEFAULT_STARTUP_SECONDS
from cheese.referee.external.process import (
    QUIT_GRACE_SECONDS,
    TERM_GRACE_SECONDS,
    WRITE_LIMIT_SECONDS,
)
from cheese.referee.external.protocol import (
    FIRST_VERSION,
    MAX_LINE_BYTES,
    PROTOCOL_VERSION,
    PROTOCOL_VERSIONS,
    ProtocolError,
    Ready,
    read_action,
    read_ready,
)
from cheese.referee.external.sessions import GIVE_UP_AFTER_STALLS, PING_SECONDS
from cheese.referee.external.stderr_log import (
    BOT_LOGGERS,
    DROPPED_TAIL_LINES,
    LOG_BURST_BYTES,
    LOG_BYTES_PER_SECOND,
)
from cheese.referee.turn import MOVE_TIME_GRACE_SECONDS, MOVE_TIME_GRACE_SHARE
from cheese.tournaments.config import TC_MARGIN_HELP

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
PAGES = sorted([*DOCS.glob("*.md"), *DOCS.glob("*/*.md"), ROOT / "README.md"])
PATH = re.compile(r"`((?:cheese|examples|tests|tools|docs)/[^`\s]*)`")


def _text(name: str) -> str:
    return (DOCS / name).read_text(encoding="utf-8")


def _flat(text: str) -> str:
    """``text`` with its line breaks as spaces, so a phrase may wrap."""
    return " ".join(text.split())


def _check_default(name: str) -> object:
    return inspect.signature(check).parameters[name].default


def test_the_clock_margin_is_the_referees() -> None:
    protocol = _flat(_text("protocol.md"))
    assert (
        f"`--tc-margin` of `cheese duel` and `cheese tournament run`, default "
        f"{DEFAULT_MARGIN:g} s" in protocol
    )
    assert f"(default {DEFAULT_MARGIN:g})" in TC_MARGIN_HELP
    # The referee waits for a reply on a clock as long as the clock's own margin forgives.
    assert "until `remaining` + `--tc-margin` at most" in protocol
    assert "0.25 s" not in protocol


def test_the_limits_are_the_referees() -> None:
    protocol = _flat(_text("protocol.md"))
    guide = _flat(_text("writing-a-bot.md"))
    assert f"`move_seconds` in its bots file, default {DEFAULT_MOVE_SECONDS:g} s" in protocol
    assert f"`startup_seconds` in its bots file, default {DEFAULT_STARTUP_SECONDS:g} s" in protocol
    # bot check takes the bot's own limits, the protocol's defaults, unless told.
    assert _check_default("move_time") is None and _check_default("startup_time") is None
    assert "`cheese bot check` takes the same limit unless `--move-time` says otherwise" in (
        protocol
    )
    assert (
        "(also for a `cmd:` bot and in `cheese bot check`, unless `--startup-time` says "
        "otherwise)" in protocol
    )
    assert f"a reply may take {DEFAULT_MOVE_SECONDS:g} s" in guide
    assert (
        f"allows a reply {DEFAULT_MOVE_SECONDS:g} s (`--move-time`) and the "
        f"`ready` {DEFAULT_STARTUP_SECONDS:g} s" in guide
    )
    assert f"not reading its input for {WRITE_LIMIT_SECONDS:g} s" in protocol
    assert (
        f"that many seconds plus {MOVE_TIME_GRACE_SHARE:.0%} plus {MOVE_TIME_GRACE_SECONDS:g} s"
        in protocol
    )
    assert f"after {QUIT_GRACE_SECONDS:g} s its process group gets SIGTERM" in protocol
    assert f"does not answer within {PING_SECONDS:g} s is ended" in protocol
    assert f"A bot that stalls in {GIVE_UP_AFTER_STALLS} starts in a row" in protocol
    assert f"after {GIVE_UP_AFTER_STALLS} such starts in a row" in protocol
    assert TERM_GRACE_SECONDS == 1.0 and "after another second SIGKILL" in protocol


def test_the_bots_log_is_the_referees() -> None:
    protocol = _flat(_text("protocol.md"))
    guide = _flat(_text("writing-a-bot.md"))
    assert f"under the logger `{BOT_LOGGERS}.<name>`" in protocol
    assert f"logger `{BOT_LOGGERS}.<name>`" in guide
    assert (
        f"past {LOG_BURST_BYTES / 1e6:g} MB at once and {LOG_BYTES_PER_SECOND / 1e6:g} MB/s "
        f"after that" in protocol
    )
    assert f"the last {DROPPED_TAIL_LINES} of them are logged" in protocol


def test_the_line_format_is_the_referees() -> None:
    protocol = _flat(_text("protocol.md"))
    assert f"# The cheese bot protocol, version {PROTOCOL_VERSION}" in protocol
    offered = ",".join(str(version) for version in PROTOCOL_VERSIONS)
    assert f'"protocol":{FIRST_VERSION},"protocols":[{offered}],' in protocol
    assert f'`hello` lists them (`"protocols":[{offered}]`)' in protocol
    assert f'names the one it speaks in `ready` (`"protocol":{PROTOCOL_VERSION}`)' in protocol
    assert MAX_LINE_BYTES == 2**20 and f"at most 1 MiB ({MAX_LINE_BYTES:,} bytes" in protocol
    assert "may end its lines with CRLF" in protocol
    assert (
        "a field it does not know in `ready`, `unsupported`, `action` or `pong` is accepted "
        "and ignored" in protocol
    )


def test_what_the_docs_accept_from_a_bot_is_accepted() -> None:
    """CRLF line ends and unknown fields are read as the protocol page says; a number
    written as a float is not an integer."""
    line = b'{"type":"action","seq":4,"action":"NE","why":{"visits":[3,1]}}\r\n'
    assert read_action(line, 4) == "NE"
    assert read_action(b' {"type":"action","seq":4,"action":7} \r\n', 4) == 7
    ready = read_ready(b'{"type":"ready","name":"a","version":"1","licence":"MIT"}\r\n')
    assert ready == Ready(name="a", version="1")
    with pytest.raises(ProtocolError, match="integer"):
        read_action(b'{"type":"action","seq":4,"action":3.0}\n', 4)


def _expansions(path: str) -> list[str]:
    """``path`` with ``<package>`` or ``<slug>`` put for each game, ``<players>`` and
    ``<prefix>`` matching any table size and C prefix, and a test's ``::name`` or a
    function's ``:name`` left off."""
    path = re.sub(r"(\.py)?::?\w+$", r"\1", path.partition("::")[0])
    path = path.replace("<players>", "*").replace("<prefix>", "*")
    packages = [game.package.rpartition(".")[2] for game in GAMES]
    if "<package>" in path:
        return [path.replace("<package>", package) for package in packages]
    if "<slug>" in path:
        return [path.replace("<slug>", game.slug) for game in GAMES]
    return [path]


def _exists(path: str) -> bool:
    """Whether ``path`` names a file or directory, or, with a ``*``, matches one."""
    if "*" in path:
        return any(ROOT.glob(path.rstrip("/")))
    return (ROOT / path.rstrip("/")).exists()


@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_file_a_page_names_exists(page: Path) -> None:
    named = PATH.findall(page.read_text(encoding="utf-8"))
    # Any other placeholder (``<game>``) is left in, so the path does not exist: a reader
    # could not tell which directory it means.
    missing = [path for written in named for path in _expansions(written) if not _exists(path)]
    assert not missing, f"{page.name} names files that do not exist: {missing}"
