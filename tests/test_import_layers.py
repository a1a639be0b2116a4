"""The direction of imports (issue 30, item 6): no circle of modules anywhere in the package, and in
each game the rules sit below their descriptions, the descriptions below the drawing, the drawing
below the widgets, and the bots below their explanations (docs/architecture.md).

Read from the source, never by importing it: every ``import`` counts, the ones inside functions
too (a lazy import that closes a circle is still a circle).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "skye_widgets"

#: Per game: its rules (the model the other layers read), then the layers above them.
RULES = {
    "skye": ("tiles", "territory", "graphs", "scoring_tiles", "scoring", "game", "files"),
    "hashi": ("board", "game", "puzzle", "connect", "cdcl", "engine", "ladder", "solver"),
    "skylands": ("words", "components", "board", "game"),
}
#: (lower, higher): the lower never imports the higher, in every game.
NEVER = [("rules", "describe"), ("rules", "render"), ("describe", "render"), ("rules", "bots"),
         ("rules", "explain"), ("bots", "explain"), ("bots", "search")]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _graph() -> dict[str, set[str]]:
    """Module -> the package's modules it imports (anywhere in it)."""
    files = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                for a in node.names:
                    targets.add(f"{base}.{a.name}" if f"{base}.{a.name}" in files else base)
        graph[name] = {t for t in targets if t in files and t != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_module_of_the_package_imports_itself_back():
    assert _circles(_graph()) == []


@pytest.mark.parametrize("game", sorted(RULES))
def test_each_game_imports_downward_only(game):
    graph = _graph()
    prefix = f"skye_widgets.{game}."

    def layer(module: str) -> str | None:
        if not module.startswith(prefix):
            return None
        short = module[len(prefix):]
        return "rules" if short in RULES[game] else short

    wrong = sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets
                   if (layer(a), layer(b)) in NEVER)
    assert wrong == []


@pytest.mark.parametrize("game", sorted(RULES))
def test_no_game_imports_the_widgets(game):
    graph = _graph()
    wrong = sorted(f"{a} -> {b}" for a, targets in graph.items() if a.startswith(f"skye_widgets.{game}.")
                   for b in targets if b.startswith("skye_widgets.widgets"))
    assert wrong == []
