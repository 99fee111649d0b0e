"""``{cli-reference}``: every command's ``--help``, as the terminal prints it.

The page that lists the commands' options takes them from the command line itself, so it
cannot drift from it: the directive walks the command tree and renders each command's help
at a fixed width without colour, one section per command.
"""

from __future__ import annotations

import contextlib
import io
import os
from collections.abc import Iterator

import typer.main
from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from typer import _click as click
from typer.core import TyperGroup

from cheese.cli.app import app
from cheese.cli.help_format import readable_help

HELP_WIDTH = 88
"""Columns of the rendered help: wide enough that the option tables do not wrap."""


def command_tree() -> click.Command:
    """The ``cheese`` command as the console script builds it, with its readable help."""
    return readable_help(typer.main.get_command(app))


def command_paths(root: click.Command) -> Iterator[tuple[str, ...]]:
    """Every command below ``cheese``, depth first, in the order ``--help`` lists them."""

    def walk(command: click.Command, path: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if path:
            yield path
        if isinstance(command, TyperGroup):
            context = click.Context(command, info_name=" ".join(("cheese", *path)))
            for name in command.list_commands(context):
                child = command.get_command(context, name)
                if child is not None and not child.hidden:
                    yield from walk(child, (*path, name))

    yield from walk(root, ())


def rendered_help(root: click.Command, path: tuple[str, ...]) -> str:
    """``cheese PATH --help`` as a plain terminal of ``HELP_WIDTH`` columns shows it."""
    saved = {name: os.environ.get(name) for name in ("COLUMNS", "NO_COLOR", "TERM")}
    os.environ.update(COLUMNS=str(HELP_WIDTH), NO_COLOR="1", TERM="dumb")
    output = io.StringIO()
    try:
        with contextlib.redirect_stdout(output):
            code = root.main(args=[*path, "--help"], prog_name="cheese", standalone_mode=False)
    finally:
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    if code != 0:
        raise RuntimeError(f"cheese {' '.join(path)} --help exited {code}")
    lines = [line.rstrip() for line in output.getvalue().splitlines()]
    return "\n".join(lines).strip("\n")


class CliReference(SphinxDirective):
    """One section per command: its name as the title, its help as a literal block."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        sections: list[nodes.Node] = []
        root = command_tree()
        for path in command_paths(root):
            name = " ".join(("cheese", *path))
            section = nodes.section(
                ids=[nodes.make_id(name)], names=[nodes.fully_normalize_name(name)]
            )
            section += nodes.title(text=name)
            text = rendered_help(root, path)
            block = nodes.literal_block(text, text, language="text")
            section += block
            self.state.document.note_implicit_target(section, section)
            sections.append(section)
        return sections


def setup(app: Sphinx) -> dict[str, object]:
    app.add_directive("cli-reference", CliReference)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
