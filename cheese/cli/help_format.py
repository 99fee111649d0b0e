"""How ``--help`` names what a command takes: ``GAME`` and ``--seed SEED``, never typer's
type labels.

typer 0.29 writes every parameter's Python type into the help: ``--json <bool>`` (a flag
takes no value), ``--vs <list[str]>`` (the option is repeated, one spec each time),
``{game}`` in the usage line. ``readable_help`` turns a built command tree into the
conventional form instead: a flag shows no value, an option shows its metavar (or its
name in capitals), a repeated option the metavar of one item, and an argument its name
in capitals, bare when required and in brackets when not.

The parameters' and commands' classes are swapped for subclasses that only change these
labels; parsing is untouched. The subclasses override names typer does not promise to
keep (``TYPER_HOOKS``), so pyproject.toml pins typer's minor series and
tests/cli/test_typer_hooks.py fails, naming the missing ones, if an upgrade drops them.
"""

from __future__ import annotations

from typer import _click as click
from typer.core import TyperArgument, TyperCommand, TyperGroup, TyperOption

__all__ = ["TYPER_HOOKS", "readable_help"]

REPEAT = "..."

TYPER_HOOKS: tuple[tuple[type, str], ...] = (
    (TyperOption, "display_type_rich"),
    (TyperArgument, "display_type_rich"),
    (TyperArgument, "display_name_raw"),
    (TyperArgument, "_usage_display_name"),
    (TyperCommand, "get_params"),
    (TyperGroup, "get_params"),
)
"""The typer internals the readable classes override: (class, attribute)."""


def _capitals(name: str | None) -> str:
    return (name or "value").upper()


class ReadableOption(TyperOption):
    """An option whose help shows a metavar, or nothing for a flag."""

    def display_type_rich(self, ctx: click.Context) -> str | None:
        if self.is_flag or self.count:
            return None
        if self.metavar is not None:
            return self.metavar
        return _capitals(self.name)


class ReadableArgument(TyperArgument):
    """An argument named in capitals, without its type."""

    @property
    def display_name_raw(self) -> str:
        return self.metavar if self.metavar is not None else _capitals(self.name)

    def display_type_rich(self, ctx: click.Context) -> str | None:
        # The name column already says what to type; the type column would repeat it.
        return None

    def _usage_display_name(self) -> str:
        name = self.display_name_raw
        if self.nargs != 1 and not name.endswith(REPEAT):
            name += REPEAT
        return name if self.required else f"[{name}]"


def _readable_parameter(parameter: click.Parameter) -> None:
    if type(parameter) is TyperOption:
        parameter.__class__ = ReadableOption
    elif type(parameter) is TyperArgument:
        parameter.__class__ = ReadableArgument


class ReadableCommand(TyperCommand):
    """A command whose help, including the ``--help`` option's own line, reads plainly."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        parameters = super().get_params(ctx)
        for parameter in parameters:
            _readable_parameter(parameter)
        return parameters


class ReadableGroup(TyperGroup):
    """A group of commands whose help reads plainly."""

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        parameters = super().get_params(ctx)
        for parameter in parameters:
            _readable_parameter(parameter)
        return parameters


def readable_help(command: click.Command) -> click.Command:
    """``command`` and every command under it, with help that names values plainly.

    >>> import typer
    >>> app = typer.Typer(add_completion=False)
    >>> @app.command()
    ... def show(game: str, name: str = "", fast: bool = False) -> None:
    ...     '''Show GAME.'''
    >>> tree = readable_help(typer.main.get_command(app))
    >>> context = tree.make_context("show", ["chess"])
    >>> tree.get_usage(context)
    'Usage: show [OPTIONS] GAME'
    >>> [p.display_type_rich(context) for p in tree.get_params(context)]
    [None, 'NAME', None, None]
    """
    if type(command) is TyperCommand:
        command.__class__ = ReadableCommand
    elif type(command) is TyperGroup:
        command.__class__ = ReadableGroup
        for subcommand in command.commands.values():
            readable_help(subcommand)
    return command
