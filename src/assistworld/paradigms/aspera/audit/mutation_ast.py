"""Syntax-tree helpers the mutation operators share: find a node by position, replace a
statement, name the function a call calls."""

from __future__ import annotations

import ast
from collections.abc import Callable


def call_name(node: ast.AST | None) -> str | None:
    """The called name of a call (``f(...)`` or ``x.f(...)`` give ``f``); None for other nodes."""
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name):
            return node.func.id
        if isinstance(node.func, ast.Attribute):
            return node.func.attr
    return None


def numbered(tree: ast.Module, predicate: Callable[[ast.AST], bool]) -> list[int]:
    """Positions (in ``ast.walk`` order) of the nodes matching ``predicate``."""
    return [i for i, node in enumerate(ast.walk(tree)) if predicate(node)]


def node_at(tree: ast.Module, index: int) -> ast.AST:
    """The node at ``index`` in ``ast.walk`` order (the same position in a deep copy)."""
    for i, node in enumerate(ast.walk(tree)):
        if i == index:
            return node
    raise IndexError(index)


def parents(tree: ast.Module) -> dict[int, ast.AST]:
    """Each node's parent, keyed by the child's ``id``."""
    return {
        id(child): parent for parent in ast.walk(tree) for child in ast.iter_child_nodes(parent)
    }


def first_statement_after_docstring(function: ast.FunctionDef) -> int:
    """Index in ``function.body`` of the first statement that is not its docstring."""
    first = function.body[0] if function.body else None
    is_doc = (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )
    return 1 if is_doc else 0


def replace_statement(tree: ast.Module, old: ast.stmt, new: ast.stmt) -> None:
    """Put ``new`` where ``old`` stands in whatever block holds it (keeping its location)."""
    for parent in ast.walk(tree):
        blocks = [getattr(parent, name, None) for name in ("body", "orelse", "finalbody")]
        blocks += [handler.body for handler in getattr(parent, "handlers", [])]
        for block in blocks:
            if isinstance(block, list) and any(s is old for s in block):
                block[[id(s) for s in block].index(id(old))] = ast.copy_location(new, old)
                return


def replace_node(tree: ast.Module, old: ast.AST, new: ast.AST) -> None:
    """Put ``new`` where the expression ``old`` stands (found by identity)."""

    class Swap(ast.NodeTransformer):
        def visit(self, node: ast.AST) -> ast.AST:
            if node is old:
                return ast.copy_location(new, old)
            changed: ast.AST = super().visit(node)
            return changed

    Swap().visit(tree)
