"""Mutants that get a time wrong: a shifted hour, minute, day or length (in a library helper or
in the standard library's ``datetime``/``date``/``time``/``timedelta`` constructors and
``.replace()``), date arithmetic in the wrong direction, the next weekday."""

from __future__ import annotations

import ast
import copy
import datetime
from collections.abc import Iterator

from assistworld.paradigms.aspera.audit.mutation_ast import (
    call_name,
    node_at,
    numbered,
)
from assistworld.paradigms.aspera.audit.mutation_ast import (
    parents as parents_of,
)

TIME_CALLS = frozenset({"time_by_hm", "Duration", "date_by_mdy", "combine", "modify"})
"""Library helpers whose number arguments are times, dates or lengths."""
_DATE_FIELDS = (("year", 1, 9999), ("month", 1, 12), ("day", 1, 31))
_CLOCK_FIELDS = (("hour", 0, 23), ("minute", 0, 59), ("second", 0, 59), ("microsecond", 0, 999999))
STDLIB_TIME_FIELDS: dict[str, tuple[tuple[str, int, int], ...]] = {
    "time": _CLOCK_FIELDS,
    "date": _DATE_FIELDS,
    "datetime": _DATE_FIELDS + _CLOCK_FIELDS,
}
"""The standard library's date/time constructors: each positional field with its valid range.
``.replace()`` takes the same fields by keyword."""
TIMEDELTA_FIELDS = ("days", "seconds", "microseconds", "milliseconds", "minutes", "hours", "weeks")


def _is_number(node: ast.AST) -> bool:
    return (
        isinstance(node, ast.Constant)
        and isinstance(node.value, int | float)
        and not isinstance(node.value, bool)
    )


# -- operators: each yields (description, mutated tree) -------------------------------------------


def shift_numbers_in_time_calls(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Add one to a number passed to a time or date helper (an hour, a minute, a day count)."""
    parents = parents_of(tree)

    def in_time_call(node: ast.AST) -> bool:
        if not _is_number(node):
            return False
        parent = parents.get(id(node))
        if isinstance(parent, ast.keyword):
            parent = parents.get(id(parent))
        return call_name(parent) in TIME_CALLS if parent is not None else False

    for index in numbered(tree, in_time_call):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.Constant) and isinstance(node.value, int | float)
        old = node.value
        node.value = old + 1
        yield f"line {node.lineno}: {old} -> {old + 1} in a time/date call", mutated


def _stdlib_time_call(node: ast.AST) -> str | None:
    """``time``, ``date``, ``datetime``, ``timedelta`` or ``replace`` when ``node`` calls that
    part of the standard library's ``datetime`` module (``datetime.time(15, 0)``,
    ``timedelta(minutes=30)``, ``start.replace(hour=9)``); otherwise None."""
    if not isinstance(node, ast.Call):
        return None
    func = node.func
    if isinstance(func, ast.Name) and (func.id in STDLIB_TIME_FIELDS or func.id == "timedelta"):
        return func.id
    if not isinstance(func, ast.Attribute):
        return None
    if func.attr == "replace":
        return "replace"
    owner = func.value
    from_module = isinstance(owner, ast.Name) and owner.id == "datetime"
    if from_module and (func.attr in STDLIB_TIME_FIELDS or func.attr == "timedelta"):
        return func.attr
    return None


def _field_of(call: ast.Call, kind: str, node: ast.AST) -> tuple[str, int, int] | None:
    """The field (name, lowest, highest) that number ``node`` sets in a date/time ``call``."""
    every = {name: (name, low, high) for name, low, high in _DATE_FIELDS + _CLOCK_FIELDS}
    for keyword in call.keywords:
        if keyword.value is node:
            return every.get(keyword.arg or "")
    if kind == "replace":
        return None  # positional replace() arguments belong to str.replace and the like
    for position, argument in enumerate(call.args):
        if argument is node:
            fields = STDLIB_TIME_FIELDS[kind]
            return fields[position] if position < len(fields) else None
    return None


def shift_stdlib_datetimes(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Shift one field of a ``datetime.time``/``date``/``datetime`` or ``.replace()`` call by one
    (an hour, a minute, a day later; one earlier where later would not be a valid value)."""
    parents = parents_of(tree)

    def field_number(node: ast.AST) -> bool:
        if not (isinstance(node, ast.Constant) and type(node.value) is int):
            return False
        call = parents.get(id(node))
        if isinstance(call, ast.keyword):
            call = parents.get(id(call))
        kind = _stdlib_time_call(call) if call is not None else None
        if kind is None or kind == "timedelta":
            return False
        assert isinstance(call, ast.Call)
        return _field_of(call, kind, node) is not None

    for index in numbered(tree, field_number):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        call = parents_of(mutated)[id(node)]
        if isinstance(call, ast.keyword):
            call = parents_of(mutated)[id(call)]
        assert isinstance(call, ast.Call) and isinstance(node, ast.Constant)
        assert isinstance(node.value, int)
        kind = _stdlib_time_call(call)
        assert kind is not None
        found = _field_of(call, kind, node)
        assert found is not None
        name, low, high = found
        old = node.value
        for new in (old + 1, old - 1):
            node.value = new
            if low <= new <= high and _still_valid(call, kind, name):
                yield f"line {node.lineno}: {name} {old} -> {new} in {kind}()", mutated
                break


def _still_valid(call: ast.Call, kind: str, name: str) -> bool:
    """False when ``call`` builds, from constants only, a date or time that does not exist (the
    31st of a shorter month), or when it replaces the day of an unknown date with one that some
    months lack; True otherwise."""
    if kind == "replace":
        day = next((k.value for k in call.keywords if k.arg == "day"), None)
        value = day.value if isinstance(day, ast.Constant) else None
        return name != "day" or (isinstance(value, int) and 1 <= value <= 28)
    values = [*call.args, *(keyword.value for keyword in call.keywords)]
    if not all(isinstance(v, ast.Constant) and type(v.value) is int for v in values):
        return True
    args = [v.value for v in call.args if isinstance(v, ast.Constant)]
    kwargs = {str(k.arg): k.value.value for k in call.keywords if isinstance(k.value, ast.Constant)}
    try:
        getattr(datetime, kind)(*args, **kwargs)
    except (TypeError, ValueError, OverflowError):
        return False
    return True


def shift_timedeltas(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Add one to a number passed to ``timedelta`` (a minute, an hour, a day more)."""
    parents = parents_of(tree)

    def in_timedelta(node: ast.AST) -> bool:
        if not _is_number(node):
            return False
        parent = parents.get(id(node))
        if isinstance(parent, ast.keyword):
            if parent.arg not in TIMEDELTA_FIELDS:
                return False
            parent = parents.get(id(parent))
        return parent is not None and _stdlib_time_call(parent) == "timedelta"

    for index in numbered(tree, in_timedelta):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.Constant) and isinstance(node.value, int | float)
        old = node.value
        node.value = old + 1
        yield f"line {node.lineno}: timedelta {old} -> {old + 1}", mutated


def swap_time_arithmetic(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Go the other way in time: ``x + timedelta(...)`` becomes ``x - timedelta(...)`` and back
    (also ``+=`` and ``-=``)."""

    def time_step(node: ast.AST) -> bool:
        if isinstance(node, ast.BinOp | ast.AugAssign) and isinstance(node.op, ast.Add | ast.Sub):
            step = node.right if isinstance(node, ast.BinOp) else node.value
            return _stdlib_time_call(step) == "timedelta"
        return False

    for index in numbered(tree, time_step):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.BinOp | ast.AugAssign)
        old = "+" if isinstance(node.op, ast.Add) else "-"
        node.op = ast.Sub() if isinstance(node.op, ast.Add) else ast.Add()
        new = "-" if old == "+" else "+"
        yield f"line {node.lineno}: {old} timedelta -> {new} timedelta", mutated


def swap_weekday_names(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Replace a weekday name with the next weekday (Monday -> Tuesday ...)."""
    days = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    for index in numbered(tree, lambda n: isinstance(n, ast.Constant) and n.value in days):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.Constant)
        old = str(node.value)
        node.value = days[(days.index(old) + 1) % 7]
        yield f"line {node.lineno}: {old} -> {node.value}", mutated
