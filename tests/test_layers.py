"""The package's layers: imports point one way and no module imports itself back.

From the top: cli → levels → tournaments (and the adapters) → ratings and the store →
the referee → bots → engine, with a few game-free helpers (``parallel``, ``text_files``,
``words``) at the bottom. A higher layer may import a lower one, never the reverse, and no module
reaches itself through imports, whether they stand at the top of a file or inside a
function.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "cheese"

RANKS = {
    "": 0,
    "parallel": 0,
    "text_files": 0,
    "words": 0,
    "signal_handlers": 0,
    "native_build": 0,
    "engine": 1,
    "bots": 2,
    "referee": 3,
    "ratings": 4,
    "store": 4,
    "tournaments": 5,
    "analysis": 5,
    "adapters": 5,
    "levels": 6,
    "cli": 7,
    "__main__": 8,
}
"""Each top-level part of the package and its layer: imports go to lower numbers only."""


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path) -> Iterator[tuple[str, int]]:
    """The cheese modules ``path`` imports, anywhere in it, with the line."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module == "cheese" or node.module.startswith("cheese."):
                yield node.module, node.lineno
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("cheese."):
                    yield alias.name, node.lineno


def part(module: str) -> str:
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else ""


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def test_every_part_of_the_package_has_a_layer() -> None:
    missing = sorted({part(name) for name in modules()} - set(RANKS))
    assert not missing, f"give these a layer in RANKS: {missing}"


def test_no_import_runs_up_a_layer() -> None:
    upward = []
    for name, path in modules().items():
        here = part(name)
        for target, line in imported(path):
            there = part(target)
            if there != here and RANKS[there] >= RANKS[here]:
                upward.append(f"{path.relative_to(PACKAGE.parent)}:{line} imports {target}")
    assert not upward, "\n".join(upward)


def test_no_import_circle() -> None:
    known = modules()

    def resolved(target: str) -> str | None:
        # ``from cheese.x import y`` may name a module y or a name in x.
        while target and target not in known:
            target = target.rpartition(".")[0]
        return target or None

    graph = {
        name: {
            found
            for target, _ in imported(path)
            if (found := resolved(target)) is not None and found != name
        }
        for name, path in known.items()
    }
    # A package's __init__ importing its own modules is how a package shows its face,
    # not a circle of meaning: leave those edges out.
    for name, path in known.items():
        if path.name == "__init__.py":
            graph[name] = {t for t in graph[name] if not t.startswith(name + ".")}
    circles = []
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                circles.append(" -> ".join([*stack[stack.index(nxt):], nxt]))
            elif nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node)
    assert not circles, "\n".join(circles)

