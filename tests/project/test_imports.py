"""The modules of the analyzer and of the notation import one another without cycles: neither
when they are loaded nor through the imports inside functions (kept there for start-up time,
never to hide a cycle). Imports only for type checkers are left out."""

from __future__ import annotations

import ast
from pathlib import Path

from paths import ROOT

#: Import edges allowed to close a cycle: none.
KNOWN_CYCLE_EDGES: set[tuple[str, str]] = set()


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
    assert "muehle.notation.formats.playok" in graph and "muehle.notation.reading.terminals" in graph
    cycles = [" -> ".join(chain) for name in sorted(graph) if (chain := cycle_through(name, graph))]
    assert cycles == []


def test_a_cycle_is_found() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycle_through("a", graph) == ["a", "b", "c", "a"]
    assert cycle_through("d", graph) == []


#: Folders whose imports inside functions are not checked for a comment.
UNCHECKED_FOR_COMMENTS: tuple[str, ...] = ()


def local_imports_without_comment(path: Path) -> list[int]:
    """The lines of the imports inside functions of ``path`` that say nowhere why they are there:
    a comment on one of the import's lines, on a line of the run of imports it stands in (before
    or after it), or on its own line just above that run."""
    lines = path.read_text(encoding="utf-8").splitlines()
    tree = ast.parse("\n".join(lines))
    import_lines = {line for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                    for line in range(node.lineno - 1, (node.end_lineno or node.lineno))}
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in _statements(function):
            if not isinstance(node, (ast.Import, ast.ImportFrom)):
                continue
            run = set(range(node.lineno - 1, node.end_lineno or node.lineno))
            index = node.lineno - 2
            while index >= 0 and (index in import_lines or not lines[index].strip()):
                run.add(index)
                index -= 1
            after = node.end_lineno or node.lineno
            while after < len(lines) and after in import_lines:
                run.add(after)
                after += 1
            said = any("#" in lines[line] for line in run if line in import_lines) or (
                index >= 0 and lines[index].strip().startswith("#"))
            if not said:
                found.append(node.lineno)
    return found


def test_every_import_inside_a_function_says_why() -> None:
    """An import inside a function keeps start-up fast or loads an optional dependency: its
    comment says which (never a hidden cycle: see above)."""
    silent = [f"{path.relative_to(ROOT)}:{line}"
              for package in ("analyzer", "notation") for path in sorted((ROOT / package).rglob("*.py"))
              if not str(path.relative_to(ROOT)).startswith(UNCHECKED_FOR_COMMENTS)
              for line in local_imports_without_comment(path)]
    assert silent == []


def test_an_import_without_its_reason_is_found(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("def f():\n    import json  # (start-up)\n    import csv\n    x = 1\n    import re\n\n"
                      "def g():\n    # (start-up: both)\n    import csv\n    import json\n\n"
                      "def h():\n    if True:\n        import csv\n", encoding="utf-8")
    assert local_imports_without_comment(module) == [5, 14]


def test_the_core_that_applies_plies_builds_no_text() -> None:
    """A broken rule is worded where it is reported (engine/messages.py), never on the way:
    the core imports neither the wording nor the language of messages."""
    path = ROOT / "analyzer" / "engine" / "core.py"
    imported = {node.module for node in _statements(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.ImportFrom)}
    assert "muehle.analyzer.engine.core" not in imported and "muehle.analyzer.engine.board" in imported
    assert not imported & {"muehle.analyzer.engine.messages", "muehle.notation.text.i18n"}
