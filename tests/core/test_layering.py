"""The engine's import layering (issue 24): ``fcm.core`` is the bottom layer. It never imports
what sits above it (the data files' loader, the expansion modules, the ruleset registry, bots,
environments, the server), not even inside a function or for type checking, and its own modules
import each other without a circle, so no import has to hide inside a function."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src"
CORE = SRC / "fcm/core"

def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _imports(path: Path, tree: ast.AST) -> list[tuple[str, ast.stmt]]:
    """Every module ``path`` names in an import statement anywhere in its syntax tree (module
    level, functions, classes, ``if TYPE_CHECKING:``), relative imports made absolute; for
    ``from a import b`` both ``a`` and ``a.b`` (b may be a submodule)."""
    here = _module_name(path)
    package = here if _is_package(path) else here.rpartition(".")[0]
    found: list[tuple[str, ast.stmt]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.extend((a.name, node) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((module, node))
            found.extend((f"{module}.{a.name}", node) for a in node.names)
    return found


def _core_files() -> list[Path]:
    files = sorted(CORE.rglob("*.py"))
    assert len(files) > 30  # the scan sees the whole engine
    return files


def test_core_imports_nothing_above_it_anywhere():
    """Not fcm.data, fcm.modules, the registry (fcm.rulesets, fcm.games, fcm.record), fcm.bots,
    fcm.env or fcm.server; nor the ``fcm`` package itself, whose ``__init__`` imports them all.
    Core's only fcm imports are core modules."""
    offenders = [
        f"{path.relative_to(SRC)}:{node.lineno} imports {module}"
        for path in _core_files()
        for module, node in _imports(path, ast.parse(path.read_text()))
        if module == "fcm"
        or (module.startswith("fcm.") and not (module == "fcm.core" or _in_core(module)))
    ]
    assert offenders == []


def _in_core(module: str) -> bool:
    return module.startswith("fcm.core.")


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _runtime_imports(path: Path, tree: ast.Module) -> list[tuple[str, ast.stmt, bool]]:
    """Imports run when the module runs: ``(module, statement, inside a function)``; those in
    ``if TYPE_CHECKING:`` blocks never run."""
    out: list[tuple[str, ast.stmt, bool]] = []

    def visit(nodes: list[ast.stmt], in_function: bool) -> None:
        for node in nodes:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                out.extend((m, node, in_function) for m, _ in _imports(path, node))
            elif isinstance(node, ast.If) and _type_checking(node.test):
                visit(node.orelse, in_function)
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(node.body, True)
            else:
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.stmt):
                        visit([child], in_function)
                    elif isinstance(child, (ast.excepthandler, ast.match_case)):
                        visit(child.body, in_function)

    visit(tree.body, False)
    return out


def test_no_core_import_hides_inside_a_function():
    """An import inside a function is how a circle is broken; core has none left."""
    hidden = [
        f"{path.relative_to(SRC)}:{node.lineno} imports {module} inside a function"
        for path in _core_files()
        for module, node, in_function in _runtime_imports(path, ast.parse(path.read_text()))
        if in_function and module.startswith("fcm")
    ]
    assert hidden == []


def test_core_modules_import_each_other_without_a_circle():
    """The modules of fcm.core, linked by the imports they run, form no cycle."""
    files = {_module_name(p): p for p in _core_files()}
    graph: dict[str, set[str]] = {name: set() for name in files}
    for name, path in files.items():
        for module, _, _ in _runtime_imports(path, ast.parse(path.read_text())):
            if module in files and module != name and not name.startswith(module + "."):
                graph[name].add(module)  # (a submodule's own package is imported before it)
    cycle: list[str] = []
    state: dict[str, int] = {}

    def visit(node: str, path: list[str]) -> bool:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                cycle.extend([*path[path.index(nxt) :], nxt])
                return True
            if state.get(nxt) is None and visit(nxt, [*path, nxt]):
                return True
        state[node] = 2
        return False

    for start in sorted(graph):
        if state.get(start) is None and visit(start, [start]):
            break
    assert cycle == [], " -> ".join(cycle)
    assert "fcm.core.phases.working" in graph["fcm.core.ruleset"]  # the scan sees the edges


def test_importing_fcm_reads_no_catalog():
    """The data package builds the base catalog when a game first needs it, not at import."""
    code = (
        "import fcm, fcm.data.catalog as c\n"
        "print(c.load_catalog.cache_info().currsize)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"
