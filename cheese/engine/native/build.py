"""The cffi build of the native engine (API mode, compiled at install time).

``setup.py`` names ``ffibuilder`` in ``cffi_modules``, so ``pip install .`` compiles the
games' C files into ``cheese.engine.native._cheese_native``. For a quick rebuild in a
checkout: ``python cheese/engine/native/build.py`` (writes the module next to this file).
"""

from __future__ import annotations

import os
from pathlib import Path

from cffi import FFI

NATIVE_DIR = Path(__file__).resolve().parent
GAME_PREFIXES = ("gtc", "chs", "cdp")
"""get-the-cheese, cheese-chasers, cheese-drop — each has <prefix>.c and <prefix>_api.h."""
SHARED_PARTS = ("bridge",)
"""Compiled after the games: <name>.c and <name>_api.h."""
SEARCH_PART = "search"
"""The MCTS loop: it calls every game, so it is compiled only when all of them are."""

EXTRA_COMPILE_ARGS = ["-O2", "-std=gnu11", "-fno-strict-aliasing"]


def _present_prefixes() -> list[str]:
    return [
        prefix
        for prefix in GAME_PREFIXES
        if (NATIVE_DIR / f"{prefix}.c").exists() and (NATIVE_DIR / f"{prefix}_api.h").exists()
    ]


def make_builder() -> FFI:
    """An FFI builder declaring every game's API and compiling every game's C file."""
    builder = FFI()
    prefixes = _present_prefixes()
    shared = list(SHARED_PARTS)
    if len(prefixes) == len(GAME_PREFIXES):
        shared.append(SEARCH_PART)
    headers = [f"{name}_api.h" for name in [*prefixes, *shared]]
    builder.cdef("\n".join((NATIVE_DIR / header).read_text() for header in headers))
    sanitize = os.environ.get("CHEESE_NATIVE_SANITIZE", "")
    compile_args = list(EXTRA_COMPILE_ARGS)
    link_args: list[str] = []
    if sanitize:
        # e.g. CHEESE_NATIVE_SANITIZE=address (see CONTRIBUTING.md)
        compile_args += [f"-fsanitize={sanitize}", "-fno-omit-frame-pointer", "-g", "-O1"]
        link_args += [f"-fsanitize={sanitize}"]
    builder.set_source(
        "cheese.engine.native._cheese_native",
        "\n".join(f'#include "{name}.c"' for name in [*prefixes, *shared]),
        include_dirs=[str(NATIVE_DIR)],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        libraries=["m"],
        depends=[str(path) for path in sorted(NATIVE_DIR.glob("*.[ch]"))],
    )
    return builder


ffibuilder = make_builder()

if __name__ == "__main__":
    ffibuilder.compile(tmpdir=str(NATIVE_DIR.parents[2]), verbose=False)
