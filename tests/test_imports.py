"""No import cycle among the project's Python modules: each layer imports only those below it
(function-local imports count too: one that breaks a cycle at run time still ties the two
modules together)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"engine_service": ROOT / "engine_service", "cardgames_client": ROOT / "clients" / "python" / "cardgames_client",
            "cardgames": ROOT / "clients" / "python" / "cardgames"}


def _modules() -> dict[str, Path]:
    found = {}
    for package, folder in PACKAGES.items():
        for path in folder.rglob("*.py"):
            parts = [package, *path.relative_to(folder).with_suffix("").parts]
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project's modules ``name`` imports, anywhere in its code."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            targets |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(max(node.level - 1, 0)):
                base = base.rpartition(".")[0]
            source = ".".join(filter(None, [base if node.level else "", node.module or ""]))
            submodules = {f"{source}.{alias.name}" for alias in node.names} & set(modules)
            targets |= submodules
            if len(submodules) < len(node.names):  # a name of the package itself, not only its modules
                targets.add(source)
    return {target for target in targets if target in modules and target != name}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph, if it has one (depth-first search)."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return stack[stack.index(target):] + [target]
            if target not in state and (found := visit(target)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_import_cycle_among_the_projects_modules():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    assert len(graph) > 80 and graph["engine_service.service.server"]  # the check sees the project
    cycle = _cycle(graph)
    assert cycle is None, " -> ".join(cycle or [])


def test_the_check_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
