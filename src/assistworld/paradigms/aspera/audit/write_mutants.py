"""Mutants that drop or destroy the work: the mistakes a check that looks at nothing misses.

Which calls are writes comes from the library's own declarations (``@tool(effect="write")``),
never from a hand-kept list. Three operators:

``remove-call``
    a write call left out (an update that is never saved, an event never created);
``write-to-delete``
    a write replaced by the matching deletion: the write tool whose name begins ``delete_`` or
    ``remove_`` and whose first parameter takes the same record type (``add_event(event)``
    becomes ``delete_event(event)``); a write with no such deletion is left alone;
``other-record``
    the write made to another record found by the same search: the record a write is given,
    when it was taken from a list (``for e in found``, ``found[0]``, ``next(e for e in found
    ...)``, ``min(found, ...)``), is written under the id of another record of that list, so the
    change lands on the wrong meeting (or the wrong one is deleted).
"""

from __future__ import annotations

import ast
import copy
import re
import typing
from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel

from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.aspera.audit.mutation_ast import (
    call_name,
    node_at,
    numbered,
    parents,
    replace_node,
    replace_statement,
)
from assistworld.tools.toolset import Tool, Toolset

DELETION_PREFIXES = ("delete_", "remove_")
SELECTORS = frozenset({"next", "min", "max"})
"""Calls that pick one record out of a list (the list is the search the record came from)."""


@dataclass(frozen=True)
class WriteTool:
    """What the mutants need to know about one write tool of the library."""

    name: str
    parameter: str | None
    """Its first parameter (the record it writes), if any."""
    deletion: str | None
    """The matching deletion's name; None for a deletion or a write that has none."""
    deletion_parameter: str | None
    id_field: str | None
    """The id field of the record type it takes (``event_id`` for an ``Event``), if any."""


def _record_type(tool: Tool) -> tuple[str | None, object]:
    names = list(tool.signature.parameters)
    if not names:
        return None, None
    hints = typing.get_type_hints(tool.function)
    return names[0], hints.get(names[0])


def _id_field(record: object) -> str | None:
    if not (isinstance(record, type) and issubclass(record, BaseModel)):
        return None
    snake = re.sub(r"(?<!^)(?=[A-Z])", "_", record.__name__).lower()
    return f"{snake}_id" if f"{snake}_id" in record.model_fields else None


def write_tools(toolset: Toolset) -> dict[str, WriteTool]:
    """The write tools of ``toolset`` by name, each with its matching deletion and id field."""
    writes = [tool for tool in toolset if tool.effect == "write"]
    typed = {tool.name: _record_type(tool) for tool in writes}
    deletions = [tool for tool in writes if tool.name.startswith(DELETION_PREFIXES)]
    found: dict[str, WriteTool] = {}
    for tool in writes:
        parameter, record = typed[tool.name]
        match = None
        if tool not in deletions and record is not None:
            match = next((d for d in deletions if typed[d.name][1] == record), None)
        found[tool.name] = WriteTool(
            name=tool.name,
            parameter=parameter,
            deletion=match.name if match else None,
            deletion_parameter=typed[match.name][0] if match else None,
            id_field=_id_field(record),
        )
    return found


def workplace_write_tools() -> dict[str, WriteTool]:
    """The write tools of the workplace library (what ASPERA programs call)."""
    from assistworld.apps import workplace

    return write_tools(workplace.toolset())


def _is_write(writes: dict[str, WriteTool]) -> typing.Callable[[ast.AST], bool]:
    return lambda node: isinstance(node, ast.Call) and call_name(node) in writes


def remove_write_calls(
    tree: ast.Module, writes: dict[str, WriteTool]
) -> Iterator[tuple[str, ast.Module]]:
    """Leave one write call out: its statement becomes ``pass`` (a name it set gets a
    placeholder, so later code still runs); a write inside an expression becomes ``None``."""
    for index in numbered(tree, _is_write(writes)):
        mutated = copy.deepcopy(tree)
        call = node_at(mutated, index)
        assert isinstance(call, ast.Call)
        statement = parents(mutated).get(id(call))
        if isinstance(statement, ast.Expr):
            replace_statement(mutated, statement, ast.Pass())
        elif isinstance(statement, ast.Assign | ast.AnnAssign) and statement.value is call:
            replace_node(mutated, call, ast.Constant("event-not-created"))
        else:
            replace_node(mutated, call, ast.Constant(None))
        yield f"line {call.lineno}: removed a {call_name(call)} call", mutated


def _record_argument(call: ast.Call, parameter: str | None) -> ast.expr | None:
    if call.args:
        return call.args[0]
    return next((k.value for k in call.keywords if k.arg == parameter), None)


def write_to_deletion(
    tree: ast.Module, writes: dict[str, WriteTool]
) -> Iterator[tuple[str, ast.Module]]:
    """Replace a write with the matching deletion of the record it was given."""

    def has_deletion(node: ast.AST) -> bool:
        name = call_name(node)
        return name in writes and writes[name].deletion is not None

    for index in numbered(tree, has_deletion):
        mutated = copy.deepcopy(tree)
        call = node_at(mutated, index)
        assert isinstance(call, ast.Call)
        tool = writes[str(call_name(call))]
        record = _record_argument(call, tool.parameter)
        if record is None or tool.deletion is None:
            continue
        func: ast.expr = ast.Name(tool.deletion, ast.Load())
        if isinstance(call.func, ast.Attribute):
            func = ast.Attribute(call.func.value, tool.deletion, ast.Load())
        if call.args:
            replacement = ast.Call(func, [record], [])
        else:
            replacement = ast.Call(func, [], [ast.keyword(tool.deletion_parameter, record)])
        replace_node(mutated, call, replacement)
        yield f"line {call.lineno}: {tool.name} -> {tool.deletion} (the work destroyed)", mutated


def _search_of(value: ast.expr) -> ast.expr | None:
    """The list a record was picked out of by ``value``, if it reads as such a pick."""
    if isinstance(value, ast.Subscript) and not isinstance(value.slice, ast.Slice):
        return value.value
    if isinstance(value, ast.Call) and call_name(value) in SELECTORS and value.args:
        first = value.args[0]
        if isinstance(first, ast.GeneratorExp | ast.ListComp):
            return first.generators[0].iter
        return first
    return None


def _searches(tree: ast.Module, name: str) -> list[tuple[int, ast.expr]]:
    """Where ``name`` gets a record picked out of a list: (line, the list expression)."""
    found: list[tuple[int, ast.expr]] = []
    for node in ast.walk(tree):
        target: ast.expr | None = None
        source: ast.expr | None = None
        if isinstance(node, ast.For | ast.comprehension):
            target, source = node.target, node.iter
        elif isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, source = node.targets[0], _search_of(node.value)
        if isinstance(target, ast.Name) and target.id == name and source is not None:
            found.append((source.lineno, source))
    return found


def _elsewhere(record: ast.Name, search: ast.expr, id_field: str) -> ast.expr:
    """``record`` carrying the id of the first other record of ``search`` (unchanged if none)."""
    text = (
        f"(lambda _record, _others: _record.model_copy(update={{{id_field!r}: _others[0]}}) "
        f"if getattr(_record, {id_field!r}, None) is not None and _others else _record)"
        f"({record.id}, [getattr(_other, {id_field!r}, None) for _other in ({ast.unparse(search)})"
        f" if getattr(_other, {id_field!r}, None) not in (None, getattr({record.id}, "
        f"{id_field!r}, None))])"
    )
    expression = parse_in_turn(text, mode="eval").body
    return expression


def write_other_record(
    tree: ast.Module, writes: dict[str, WriteTool]
) -> Iterator[tuple[str, ast.Module]]:
    """Make a write to another record found by the same search as the one it was given."""
    for index in numbered(tree, _is_write(writes)):
        call = node_at(tree, index)
        assert isinstance(call, ast.Call)
        tool = writes[str(call_name(call))]
        record = _record_argument(call, tool.parameter)
        if tool.id_field is None or not isinstance(record, ast.Name):
            continue
        earlier = [found for found in _searches(tree, record.id) if found[0] <= call.lineno]
        if not earlier:
            continue
        _, search = max(earlier, key=lambda found: found[0])
        mutated = copy.deepcopy(tree)
        moved = node_at(mutated, index)
        assert isinstance(moved, ast.Call)
        target = _record_argument(moved, tool.parameter)
        assert isinstance(target, ast.Name)
        replace_node(mutated, target, _elsewhere(target, search, tool.id_field))
        yield (
            f"line {call.lineno}: {tool.name}({record.id}) made to another record of "
            f"{ast.unparse(search)}",
            mutated,
        )
