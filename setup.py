"""Compiles the native engine with cffi at install time, and the bots' C library and the
bots' launcher beside it; metadata lives in pyproject.toml."""

import importlib.util
from pathlib import Path

from setuptools import setup

_spec = importlib.util.spec_from_file_location(
    "native_build", Path(__file__).resolve().parent / "cheese" / "native_build.py"
)
assert _spec and _spec.loader
native_build = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(native_build)

setup(
    cffi_modules=["cheese/native_build.py:ffibuilder"],
    ext_modules=[native_build.bot_library(), native_build.launcher_program()],
    cmdclass={"build_ext": native_build.BuildBotLibrary},
)
