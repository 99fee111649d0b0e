"""Where the bots' C library (``libcheese_bot.so``, ``include/cheese_bot.h``) is installed,
and the compiler and linker flags that build a bot against it (``cheese bot sdk``).

>>> bot_cflags().startswith("-I")
True
"""

from __future__ import annotations

import shlex
from pathlib import Path

NATIVE_DIR = Path(__file__).resolve().parent
LIBRARY_NAME = "cheese_bot"
LIBRARY_FILE = f"lib{LIBRARY_NAME}.so"
HEADER_FILE = "cheese_bot.h"


def include_dir() -> Path:
    """The folder holding ``cheese_bot.h``."""
    return NATIVE_DIR / "include"


def library_path() -> Path:
    """``libcheese_bot.so`` as installed with the package (built by ``pip install``)."""
    return NATIVE_DIR / LIBRARY_FILE


def bot_cflags() -> str:
    """The compiler flags, as ``pkg-config --cflags`` prints them."""
    return f"-I{shlex.quote(str(include_dir()))}"


def bot_libs() -> str:
    """The linker flags, as ``pkg-config --libs`` prints them: the library's folder, the
    library, and that folder as the program's run path, so the bot finds it when run."""
    folder = shlex.quote(str(library_path().parent))
    return f"-L{folder} -l{LIBRARY_NAME} -Wl,-rpath,{folder}"
