"""``mcts:others=seen`` and ``others=trees`` at five players, where Get The Cheese!'s
action values run far past its count of legal actions: many searches in a process whose
allocator checks its heap (glibc's ``MALLOC_CHECK_``, with its debugging allocator where
the system has it) end cleanly. Checked to fail (a crash at the process's end) when the
stamps of the seen moves were sized by the count of moves instead of their values."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from ...native import needs_native

pytestmark = needs_native

MALLOC_DEBUG = Path("/usr/lib/x86_64-linux-gnu/libc_malloc_debug.so.0")
"""glibc's checking allocator (since 2.34 ``MALLOC_CHECK_`` needs it preloaded)."""

SEARCHES = """
import random
from cheese.bots import Turn, make_bot
from tests.bots.mcts.test_search_in_c import native_position
for others in ("seen", "trees"):
    bot = make_bot(f"mcts:iterations=2000,others={others}")
    for seed in range(12):
        state = native_position("get-the-cheese", 5, seed=seed, moves=10 + seed)
        bot.choose(Turn(state, state.current_player), random.Random(seed))
print("searched")
"""


def test_searches_with_seen_moves_keep_the_heap_whole() -> None:
    env = {**os.environ, "MALLOC_CHECK_": "3", "MALLOC_PERTURB_": "165"}
    if MALLOC_DEBUG.exists():
        env["LD_PRELOAD"] = str(MALLOC_DEBUG)
    done = subprocess.run(
        [sys.executable, "-c", SEARCHES], capture_output=True, text=True, env=env, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "searched"
