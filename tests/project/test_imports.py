"""The modules of the analyzer and of the notation import one another without cycles: neither
when they are loaded nor through the imports inside functions (kept there for start-up time,
never to hide a cycle). Imports only for type checkers are left out."""

from __future__ import annotations

import ast
from pathlib import Path

from paths import ROOT


#: The one cycle left: the fast reader uses the parser's helpers and the parser starts the fast
#: reader (``notation/fastread.py`` imports ``notation/parser.py``, which imports it inside a function).
KNOWN_CYCLE_EDGES = {("muehle.notation.fastread", "muehle.notation.parser")}


def _modules() -> dict[str, Path]:
    found = {}
    for package in ("analyzer", "notation"):
        for path in (ROOT / package).rglob("*.py"):
            parts = ("muehle", package, *path.relative_to(ROOT / package).with_suffix("").parts)
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _statements(tree: ast.AST) -> list[ast.AST]:
    """The statements of ``tree``, those under ``if TYPE_CHECKING:`` left out."""
    found = []
    pending = [tree]
    while pending:
        node = pending.pop()
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and "TYPE_CHECKING" in ast.unparse(child.test):
                pending.extend(child.orelse)
                continue
            found.append(child)
            pending.append(child)
    return found


def _imports(path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ``known`` that ``path`` imports, anywhere in it."""
    names: set[str] = set()
    for node in _statements(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in names if name in known}


def _parents(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:end]) for end in range(2, len(parts))]


def import_graph() -> dict[str, set[str]]:
    """Each module and the modules it imports, with the packages of those (not its own packages,
    which are being loaded already)."""
    known = _modules()
    graph = {}
    for name, path in known.items():
        edges = _imports(path, known)
        edges |= {parent for target in edges for parent in _parents(target) if parent in known}
        graph[name] = {target for target in edges if not (name == target or name.startswith(target + "."))
                       and (name, target) not in KNOWN_CYCLE_EDGES}
    return graph


def cycle_through(start: str, graph: dict[str, set[str]]) -> list[str]:
    """A chain of imports from ``start`` back to it, or an empty list."""
    stack = [(start, [start])]
    seen = set()
    while stack:
        name, chain = stack.pop()
        for target in graph.get(name, ()):
            if target == start:
                return chain + [start]
            if target not in seen:
                seen.add(target)
                stack.append((target, chain + [target]))
    return []


def test_no_module_imports_itself_through_others() -> None:
    graph = import_graph()
    assert "muehle.analyzer.engine.setup" in graph and "muehle.analyzer.reports.verdict" in graph
    assert "muehle.notation.playok" in graph and "muehle.notation.terminals" in graph
    cycles = [" -> ".join(chain) for name in sorted(graph) if (chain := cycle_through(name, graph))]
    assert cycles == []


def test_a_cycle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycle_through("a", graph) == ["a", "b", "c", "a"]
    assert cycle_through("d", graph) == []
