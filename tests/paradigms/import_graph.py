"""The import graph of the paradigm packages, read from the source, and its cycles.

Every import counts: the ones at module level, the ones under ``if TYPE_CHECKING:`` and the ones
inside function bodies, because a deferred import that only dodges a cycle leaves the cycle in the
design. Run ``python -m tests.paradigms.import_graph`` to print each strongly connected component
of more than one module, and where every edge of it is written.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

import assistworld.paradigms

PARADIGMS_PACKAGE = "assistworld.paradigms"


@dataclass(frozen=True)
class Edge:
    """One import statement: ``source`` imports ``target`` at ``line``; ``deferred`` when the
    statement sits inside a function body (it runs when the function is called)."""

    source: str
    target: str
    line: int
    deferred: bool


def module_files(package_dir: Path, package: str) -> dict[str, Path]:
    """Every module below ``package_dir`` by dotted name (a package by its own name)."""
    found: dict[str, Path] = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = list(path.relative_to(package_dir).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join([package, *parts])] = path
    return found


def _absolute(module: str, is_package: bool, level: int, name: str | None) -> str:
    """The absolute module a ``from`` import names (``level`` dots relative to ``module``)."""
    if level == 0:
        return name or ""
    base = module.split(".")
    # A module's own package is one step up; a package's ``__init__`` is its own package.
    drop = level - 1 if is_package else level
    anchor = base[: len(base) - drop]
    return ".".join([*anchor, name] if name else anchor)


def _imports(tree: ast.Module) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Each import statement of a module, and whether it sits inside a function body."""

    def walk(node: ast.AST, deferred: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.Import | ast.ImportFrom):
                yield child, deferred
            body = isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda)
            yield from walk(child, deferred or body)

    yield from walk(tree, False)


def module_edges(module: str, path: Path, known: Mapping[str, Path]) -> list[Edge]:
    """The imports of one module that reach another module of ``known``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    is_package = path.name == "__init__.py"
    edges: list[Edge] = []
    for statement, deferred in _imports(tree):
        targets: list[str] = []
        if isinstance(statement, ast.Import):
            targets = [alias.name for alias in statement.names]
        else:
            base = _absolute(module, is_package, statement.level, statement.module)
            for alias in statement.names:
                submodule = f"{base}.{alias.name}"
                targets.append(submodule if submodule in known else base)
        for target in dict.fromkeys(_with_packages(targets, module)):
            if target in known and target != module:
                edges.append(Edge(module, target, statement.lineno, deferred))
    return edges


def _with_packages(targets: list[str], module: str) -> Iterator[str]:
    """Each target after the packages above it that importing it runs first: all but those
    above ``module`` itself, which are already being imported when it runs."""
    mine = module.split(".")
    own = {".".join(mine[:depth]) for depth in range(1, len(mine))}
    for target in targets:
        parts = target.split(".")
        for depth in range(1, len(parts)):
            package = ".".join(parts[:depth])
            if package not in own:
                yield package
        yield target


def paradigm_edges() -> list[Edge]:
    """Every import between two modules of the paradigm packages."""
    package_dir = Path(next(iter(assistworld.paradigms.__path__)))
    known = module_files(package_dir, PARADIGMS_PACKAGE)
    return [edge for module, path in known.items() for edge in module_edges(module, path, known)]


def strongly_connected(nodes: list[str], edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative),
    each sorted, in order of their first module."""
    successors: dict[str, list[str]] = {node: [] for node in nodes}
    for edge in edges:
        successors[edge.source].append(edge.target)
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    components: list[list[str]] = []
    for root in nodes:
        if root in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(root, iter(successors[root]))]
        index[root] = lowest[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, pending = work[-1]
            advanced = False
            for successor in pending:
                if successor not in index:
                    index[successor] = lowest[successor] = len(index)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(successors[successor])))
                    advanced = True
                    break
                if successor in on_stack:
                    lowest[node] = min(lowest[node], index[successor])
            if advanced:
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                lowest[parent] = min(lowest[parent], lowest[node])
            if lowest[node] == index[node]:
                component: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    components.append(sorted(component))
    return sorted(components)


def paradigm_of(module: str) -> str:
    """``assistworld.paradigms.astra.grading.success`` -> ``astra``."""
    return module.removeprefix(f"{PARADIGMS_PACKAGE}.").split(".")[0]


def cycles() -> tuple[list[list[str]], list[Edge]]:
    """The import cycles of the paradigm packages and the edges they are made of."""
    edges = paradigm_edges()
    nodes = sorted({edge.source for edge in edges} | {edge.target for edge in edges})
    components = strongly_connected(nodes, edges)
    members = {module for component in components for module in component}
    inner = [
        edge
        for edge in edges
        if edge.source in members
        and edge.target in members
        and any(edge.source in c and edge.target in c for c in components)
    ]
    return components, inner


def describe(components: list[list[str]], edges: list[Edge]) -> str:
    """A readable account of the cycles: each component and the imports that close it."""
    if not components:
        return "no import cycle among the paradigm modules"
    short = len(PARADIGMS_PACKAGE) + 1
    lines: list[str] = []
    for component in components:
        lines.append(f"cycle of {len(component)} modules:")
        for edge in sorted(edges, key=lambda e: (e.source, e.line)):
            if edge.source in component:
                how = "in a function" if edge.deferred else "at module level"
                where = f"{edge.source[short:]}:{edge.line}"
                lines.append(f"  {where} -> {edge.target[short:]} ({how})")
    return "\n".join(lines)


def deferred_imports() -> list[Edge]:
    """Every import between paradigm modules written inside a function body, one edge per
    statement and module named (not the packages above it)."""
    edges = [edge for edge in paradigm_edges() if edge.deferred]
    named = {(edge.source, edge.line, edge.target) for edge in edges}
    return [
        edge
        for edge in edges
        if not any(
            (edge.source, edge.line, other) in named
            for other in (t for (_, _, t) in named)
            if other.startswith(f"{edge.target}.")
        )
    ]


def main() -> int:
    components, edges = cycles()
    print(describe(components, edges))
    short = len(PARADIGMS_PACKAGE) + 1
    deferred = deferred_imports()
    print(f"\n{len(deferred)} imports between paradigm modules inside function bodies:")
    for edge in sorted(deferred, key=lambda e: (e.source, e.line)):
        print(f"  {edge.source[short:]}:{edge.line} -> {edge.target[short:]}")
    return 1 if components else 0


if __name__ == "__main__":
    sys.exit(main())
