"""One bot process's lines: written whole whatever the pipe's room, read back one at a
time however the bot's writes cut them."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator

import pytest

from cheese.referee.external.process import BotExited, BotProcess

# Answers each line it reads: first with two lines and a blank one in one write, then
# with a line cut in two writes, then with the length of the line it read.
CUTTER = """
import os, sys, time
out = sys.stdout.fileno()
sys.stdin.buffer.readline()
os.write(out, b'\\n{"a":1}\\n\\n{"b":2}\\n')
sys.stdin.buffer.readline()
os.write(out, b'{"c"')
time.sleep(0.05)
os.write(out, b':3}\\n')
line = sys.stdin.buffer.readline()
os.write(out, b'%d\\n' % len(line))
"""


@pytest.fixture
def bot() -> Iterator[BotProcess]:
    process = BotProcess("cutter", [sys.executable, "-c", CUTTER])
    yield process
    process.close()


def test_lines_come_one_at_a_time_however_they_were_written(bot: BotProcess) -> None:
    deadline = time.monotonic() + 10
    bot.write(b"one\n")
    assert [bot.receive(deadline).data for _ in range(2)] == [b'{"a":1}\n', b'{"b":2}\n']
    bot.write(b"two\n")
    assert bot.receive(deadline).data == b'{"c":3}\n'
    # Longer than a pipe holds: the rest is written as the bot reads.
    bot.write(b"x" * 300_000 + b"\n")
    assert bot.receive(deadline).data == b"300001\n"
    with pytest.raises(BotExited):
        bot.receive(deadline)
