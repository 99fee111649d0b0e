"""Compiles the native engine with cffi at install time; metadata lives in pyproject.toml."""

from setuptools import setup

setup(cffi_modules=["cheese/native_build.py:ffibuilder"])
