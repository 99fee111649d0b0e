"""The cffi build of the C code: the engine's games and the bots' search, one extension.

``setup.py`` names ``ffibuilder`` in ``cffi_modules``, so ``pip install .`` compiles the
games' C files and the bridge helpers (``cheese/engine/native``) and the search
(``cheese/bots/mcts/native/search.c``) into ``cheese.engine.native._cheese_native``. For a
quick rebuild in a checkout: ``python cheese/native_build.py`` (writes the module in
place).

A game's C file names its prefix once, in ``#define CH_GAME(name) <prefix>_##name``; the
build finds the games by that line and declares each one's API to cffi from the shared
``game_api.h``.

The same games' C files, with the view reader and ``cheese_bot.c``, also make
``libcheese_bot.so`` beside the extension: the library of ``include/cheese_bot.h`` for bots
outside Python (``cheese bot sdk`` prints the flags to build against it). It is a plain
shared library, not a Python module, so ``BuildBotLibrary`` names its file. The same
command links ``bot_launcher`` beside ``launcher.py`` (``cheese/referee/external``): the C
twin of that script, which starts each external bot without the cost of a Python start.
"""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

from cffi import FFI
from setuptools import Distribution, Extension
from setuptools.command.build_ext import build_ext

PACKAGE_DIR = Path(__file__).resolve().parent
ENGINE_DIR = PACKAGE_DIR / "engine" / "native"
BOTS_DIR = PACKAGE_DIR / "bots" / "mcts" / "native"
GAME_PREFIX = re.compile(r"^#define CH_GAME\(name\) (\w+)_##name$", re.MULTILINE)
GAME_NAME = re.compile(r"\bCH_GAME\((\w+)\)")

EXTRA_COMPILE_ARGS = ["-O2", "-std=gnu11", "-fno-strict-aliasing", "-Wall", "-Wextra"]
BOT_LIBRARY = "cheese.engine.native.libcheese_bot"
BOT_LIBRARY_FILE = "libcheese_bot.so"
LAUNCHER = "cheese.referee.external.bot_launcher"
LAUNCHER_SOURCE = PACKAGE_DIR / "referee" / "external" / "launcher.c"


def game_prefixes() -> list[str]:
    """The prefixes of the games' C files, in file-name order."""
    prefixes = []
    for path in sorted(ENGINE_DIR.glob("[a-z]*.c")):  # not cffi's generated _cheese_native.c
        match = GAME_PREFIX.search(path.read_text())
        if match and match.group(1) == path.stem:  # cheese_bot.c names every game
            prefixes.append(match.group(1))
    return prefixes


def game_declarations(prefix: str) -> str:
    """``game_api.h`` as cffi declarations of the game ``prefix``."""
    lines = (ENGINE_DIR / "game_api.h").read_text().splitlines()
    text = "\n".join(line for line in lines if not line.startswith("#"))
    return GAME_NAME.sub(lambda match: f"{prefix}_{match.group(1)}", text)


def make_builder() -> FFI:
    """An FFI builder declaring the games' and the search's APIs and compiling their C."""
    builder = FFI()
    prefixes = game_prefixes()
    games = [ENGINE_DIR / f"{prefix}.c" for prefix in prefixes]
    sources = [*games, ENGINE_DIR / "bridge.c", ENGINE_DIR / "json_reader.c", BOTS_DIR / "search.c"]
    builder.cdef(
        "\n".join(
            [
                (ENGINE_DIR / "bridge_api.h").read_text(),
                *(game_declarations(prefix) for prefix in prefixes),
                (BOTS_DIR / "search_api.h").read_text(),
            ]
        )
    )
    sanitize = os.environ.get("CHEESE_NATIVE_SANITIZE", "")
    compile_args = list(EXTRA_COMPILE_ARGS)
    link_args: list[str] = []
    if sanitize:
        # e.g. CHEESE_NATIVE_SANITIZE=address (see CONTRIBUTING.md)
        compile_args += [f"-fsanitize={sanitize}", "-fno-omit-frame-pointer", "-g", "-O1"]
        link_args += [f"-fsanitize={sanitize}"]
    builder.set_source(
        "cheese.engine.native._cheese_native",
        "\n".join(f'#include "{path.name}"' for path in sources),
        include_dirs=[str(ENGINE_DIR), str(BOTS_DIR)],
        extra_compile_args=compile_args,
        extra_link_args=link_args,
        libraries=["m"],
        depends=_depends(),
    )
    return builder


def _depends() -> list[str]:
    folders = (ENGINE_DIR, ENGINE_DIR / "include", BOTS_DIR)
    return [str(path) for folder in folders for path in sorted(folder.glob("[a-z]*.[ch]"))]


def bot_library(relative_to: Path | None = PACKAGE_DIR.parent) -> Extension:
    """``libcheese_bot.so``: the games' C files, the view reader and the bots' API; the
    sources named relative to the checkout (as ``setup.py`` must), or absolute."""
    games = [ENGINE_DIR / f"{prefix}.c" for prefix in game_prefixes()]
    sources = [*games, ENGINE_DIR / "bridge.c", ENGINE_DIR / "json_reader.c"]
    sources.append(ENGINE_DIR / "cheese_bot.c")
    return Extension(
        BOT_LIBRARY,
        sources=[str(path.relative_to(relative_to) if relative_to else path) for path in sources],
        include_dirs=[str(ENGINE_DIR)],
        extra_compile_args=EXTRA_COMPILE_ARGS,
        libraries=["m"],
        depends=_depends(),
    )


def launcher_program(relative_to: Path | None = PACKAGE_DIR.parent) -> Extension:
    """``bot_launcher``: a program, not a library, built by ``BuildBotLibrary`` as if it were
    an extension so that setuptools installs it (and copies it in place for an editable
    install) as it does the extensions."""
    source = LAUNCHER_SOURCE.relative_to(relative_to) if relative_to else LAUNCHER_SOURCE
    return Extension(LAUNCHER, sources=[str(source)], extra_compile_args=EXTRA_COMPILE_ARGS)


class BuildBotLibrary(build_ext):  # type: ignore[misc]  # setuptools ships no types
    """``build_ext`` that writes the bots' library as ``libcheese_bot.so``, the name a
    linker's ``-lcheese_bot`` looks for, instead of a Python module's name, and links the
    launcher as a program."""

    def get_ext_filename(self, fullname: str) -> str:
        # asked with the full dotted name, or (building) with its last part alone
        for name, file in ((BOT_LIBRARY, BOT_LIBRARY_FILE), (LAUNCHER, _last(LAUNCHER))):
            if fullname == name:
                return str(Path(*name.split(".")[:-1]) / file)
            if fullname == _last(name):
                return file
        return str(super().get_ext_filename(fullname))

    def build_extension(self, ext: Extension) -> None:
        if ext.name != LAUNCHER:
            super().build_extension(ext)
            return
        target = Path(self.get_ext_fullpath(ext.name))
        objects = self.compiler.compile(
            ext.sources, output_dir=self.build_temp, extra_postargs=ext.extra_compile_args
        )
        self.compiler.link_executable(objects, target.name, output_dir=str(target.parent))

    def get_export_symbols(self, ext: Extension) -> list[str]:
        # a plain library has no PyInit_ function to export
        return [] if ext.name == BOT_LIBRARY else list(super().get_export_symbols(ext))


def _last(dotted: str) -> str:
    return dotted.rpartition(".")[2]


def build_bot_library_in_place() -> None:
    """Builds ``libcheese_bot.so`` and ``bot_launcher`` beside the sources (``python
    cheese/native_build.py``)."""
    cwd = Path.cwd()
    with tempfile.TemporaryDirectory() as scratch:
        # run away from the checkout, whose pyproject.toml setuptools would read and warn on
        os.chdir(scratch)
        try:
            distribution = Distribution(
                {
                    "ext_modules": [bot_library(relative_to=None), launcher_program(None)],
                    "cmdclass": {"build_ext": BuildBotLibrary},
                }
            )
            command = distribution.get_command_obj("build_ext")
            command.build_lib = str(PACKAGE_DIR.parent)
            command.build_temp = scratch
            distribution.run_command("build_ext")
        finally:
            os.chdir(cwd)


ffibuilder = make_builder()

if __name__ == "__main__":
    # Named for the stable ABI it is built for, as pip's build names it, so an in-place
    # rebuild replaces the installed extension instead of shadowing it with a second file.
    ABI3_TARGET = "_cheese_native.abi3.so"
    ffibuilder.compile(tmpdir=str(PACKAGE_DIR.parent), verbose=False, target=ABI3_TARGET)
    for shadowing in (PACKAGE_DIR / "engine" / "native").glob("_cheese_native.cpython-*.so"):
        shadowing.unlink()
    build_bot_library_in_place()
