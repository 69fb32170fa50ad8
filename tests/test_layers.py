"""The package's layers: imports point down, never up, and modules form no cycles.

Data flows one way (input → action → rules → log → views → devices), so a lower layer never imports a
higher one. The order, lowest first, is ``LAYERS``; a package may import any package below it. Imports
inside functions count too: a late import is still a dependency, only a hidden one.

``KNOWN`` lists the arrows and cycles that exist today and are still to be taken apart. The test fails
when a new one appears, and also when a listed one is gone (so the list only shrinks).
"""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1] / "companion"

#: Lowest first. Top-level modules (paths, tls, kinds) count as packages of their own.
LAYERS = [
    ["paths", "tls", "safejson", "declare", "heap", "__init__"],
    ["messages"],
    ["catalog"],
    ["kinds"],
    ["store"],  # the neutral log store: below the rules it records, so it knows none
    ["rules"],
    ["tapestry"],
    ["service"],  # the table service: every write to a game (authorize, play, seal, append, notify)
    ["scan", "tts"],
    ["events"],
    ["web"],
    ["bench"],
    ["cli", "__main__"],
]
RANK = {name: i for i, names in enumerate(LAYERS) for name in names}

#: Upward arrows (package → package above it) still present: (from, to).
KNOWN_UP: dict[tuple[str, str], str] = {}

#: Module cycles still present, each as the sorted tuple of its modules.
KNOWN_CYCLES: set[tuple[str, ...]] = set()


def _modules() -> dict[str, Path]:
    out = {}
    for path in ROOT.rglob("*.py"):
        parts = path.relative_to(ROOT.parent).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module → the project modules it imports (anywhere in the file)."""
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")
                    base = ".".join(parts[: len(parts) - node.level + 1] + ([base] if base else []))
                targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def _cycles(graph: dict[str, set[str]]) -> set[tuple[str, ...]]:
    """Strongly connected components of more than one module (Tarjan)."""
    sys.setrecursionlimit(max(10_000, sys.getrecursionlimit()))
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[tuple[str, ...]] = set()

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.add(tuple(sorted(component)))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_every_package_has_a_layer() -> None:
    missing = sorted({_layer(m) for m in _modules()} - set(RANK))
    assert not missing, f"packages with no place in LAYERS: {missing}"


def test_imports_point_down() -> None:
    graph = _imports(_modules())
    up: dict[tuple[str, str], list[str]] = defaultdict(list)
    for source, targets in graph.items():
        for target in targets:
            a, b = _layer(source), _layer(target)
            if RANK[b] > RANK[a]:
                up[(a, b)].append(f"{source} → {target}")
    new = {arrow: where for arrow, where in up.items() if arrow not in KNOWN_UP}
    assert not new, f"imports up the layers: {new}"
    gone = set(KNOWN_UP) - set(up)
    assert not gone, f"arrows taken apart, remove them from KNOWN_UP: {gone}"


def test_no_new_import_cycles() -> None:
    cycles = _cycles(_imports(_modules()))
    assert not cycles - KNOWN_CYCLES, f"new import cycles: {cycles - KNOWN_CYCLES}"
    assert not KNOWN_CYCLES - cycles, f"cycles taken apart, remove them from KNOWN_CYCLES: {KNOWN_CYCLES - cycles}"


#: What a pure rules core must not reach, through any chain of imports: storage, files' databases, the web.
NOT_IN_THE_CORE = ("sqlite3", "sqlite_utils", "flask", "werkzeug", "uvicorn")
OUTSIDE_THE_CORE = ("companion.store", "companion.catalog.store", "companion.service", "companion.web",
                    "companion.scan", "companion.tts", "companion.events", "companion.cli")


def _outside_imports(path: Path) -> set[str]:
    """The top-level names of the modules outside the project a file imports (anywhere in it)."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            out.add(node.module.split(".")[0])
    return out - {"companion"}


def _type_only(path: Path) -> set[str]:
    """Modules a file imports only for its types (under ``if TYPE_CHECKING:``): never loaded when it runs."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            for inner in node.body:
                if isinstance(inner, ast.ImportFrom) and inner.module:
                    out.add(inner.module)
    return out


def test_the_rules_core_reaches_no_storage_and_no_web() -> None:
    """The rules core (table state, actions, verdicts, views) knows nothing of SQLite, Flask or files: whatever
    it imports, and whatever that imports in turn, stays out of the store, the web and the other outer layers."""
    modules = _modules()
    graph = _imports(modules)
    for name, path in modules.items():
        graph[name] -= _type_only(path)
    seen: dict[str, str] = {}  # module -> the module that first reached it
    todo = [m for m in modules if m == "companion.rules" or m.startswith("companion.rules.")]
    seen.update({m: m for m in todo})
    while todo:
        here = todo.pop()
        for there in graph[here]:
            if there not in seen:
                seen[there] = here
                todo.append(there)

    def chain(module: str) -> str:
        path = [module]
        while seen[path[-1]] != path[-1]:
            path.append(seen[path[-1]])
        return " ← ".join(path)

    outer = [chain(m) for m in seen if m.startswith(OUTSIDE_THE_CORE)]
    assert not outer, f"the rules core reaches an outer layer: {outer}"
    storage = [f"{chain(m)} imports {sorted(_outside_imports(modules[m]) & set(NOT_IN_THE_CORE))}"
               for m in seen if _outside_imports(modules[m]) & set(NOT_IN_THE_CORE)]
    assert not storage, f"the rules core reaches storage or the web: {storage}"
