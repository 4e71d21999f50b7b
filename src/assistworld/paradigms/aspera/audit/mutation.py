"""Semantic mutants of a reference program, to test whether a task's evaluation is strict enough.

Each operator makes a small, plausible mistake an agent could make: a shifted time or date (in a
library helper or in the standard library's ``datetime``/``date``/``time``/``timedelta``
constructors and ``.replace()``), date arithmetic in the wrong direction, a dropped or swapped
attendee, an extra event, a different return value, a flipped condition, a wrong enum member or
sibling call, another element of a list; and the work dropped or destroyed (a write left out,
turned into the matching deletion, or made to another record). The time operators are in
:mod:`~assistworld.paradigms.aspera.audit.time_mutants`, the write operators in
:mod:`~assistworld.paradigms.aspera.audit.write_mutants`. A good evaluation program rejects
(kills) every mutant that changes what the program does.

Line numbers in descriptions are those of the file the program was read from when the caller
says where it starts (``first_line``); otherwise they count from the program's first line.
"""

from __future__ import annotations

import ast
import copy
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial

from assistworld.core.parsing import parse_in_turn
from assistworld.paradigms.aspera.audit.mutation_ast import (
    call_name,
    first_statement_after_docstring,
    node_at,
    numbered,
)
from assistworld.paradigms.aspera.audit.time_mutants import (
    shift_numbers_in_time_calls,
    shift_stdlib_datetimes,
    shift_timedeltas,
    swap_time_arithmetic,
    swap_weekday_names,
)
from assistworld.paradigms.aspera.audit.write_mutants import (
    WriteTool,
    remove_write_calls,
    workplace_write_tools,
    write_other_record,
    write_to_deletion,
)

EXTRA_EVENT = (
    "add_event(Event(subject='Unrequested', starts_at=combine("
    "get_next_dow('Thursday'), time_by_hm(3, 0, 'pm')), ends_at=combine("
    "get_next_dow('Thursday'), time_by_hm(3, 30, 'pm'))))"
)


@dataclass(frozen=True)
class Mutant:
    """One mutated program: which operator made it, where, and the program text."""

    operator: str
    description: str
    program: str


def drop_attendee(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Leave the last person out of an ``attendees=`` list given to ``Event``."""

    def attendee_keyword(node: ast.AST) -> bool:
        return isinstance(node, ast.keyword) and node.arg == "attendees"

    for index in numbered(tree, attendee_keyword):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.keyword)
        line = node.value.lineno
        node.value = ast.Subscript(
            value=node.value,
            slice=ast.Slice(upper=ast.Constant(-1)),
            ctx=ast.Load(),
        )
        yield f"line {line}: dropped the last attendee", mutated


def add_extra_event(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Add an unrequested event just before the program ends (a side effect)."""
    entry = tree.body[-1] if tree.body else None
    function = next((n for n in reversed(tree.body) if isinstance(n, ast.FunctionDef)), entry)
    if not isinstance(function, ast.FunctionDef):
        return
    mutated = copy.deepcopy(tree)
    target = next(n for n in reversed(mutated.body) if isinstance(n, ast.FunctionDef))
    extra = parse_in_turn(EXTRA_EVENT).body[0]
    target.body.insert(first_statement_after_docstring(target), extra)
    yield "added an unrequested event at the start", mutated


def change_return_values(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Return something else: None instead of a value, or the negation of a comparison."""

    def returns_a_value(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Return)
            and node.value is not None
            and not (isinstance(node.value, ast.Constant) and node.value.value is None)
        )

    for index in numbered(tree, returns_a_value):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.Return) and node.value is not None
        node.value = ast.Constant(None)
        yield f"line {node.lineno}: return None instead", mutated
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.Return) and node.value is not None
        original = node.value
        node.value = ast.IfExp(
            test=ast.Call(
                ast.Name("isinstance", ast.Load()), [original, ast.Name("bool", ast.Load())], []
            ),
            body=ast.UnaryOp(ast.Not(), original),
            orelse=ast.IfExp(
                test=ast.Call(
                    ast.Name("isinstance", ast.Load()), [original, ast.Name("list", ast.Load())], []
                ),
                body=ast.Subscript(original, ast.Slice(upper=ast.Constant(-1)), ast.Load()),
                orelse=ast.Constant("a different answer"),
            ),
        )
        yield f"line {node.lineno}: return a different value", mutated


def flip_conditions(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Negate the test of an ``if`` statement or a conditional expression."""
    for index in numbered(tree, lambda n: isinstance(n, ast.If | ast.IfExp)):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.If | ast.IfExp)
        node.test = ast.UnaryOp(ast.Not(), node.test)
        yield f"line {node.lineno}: condition flipped", mutated


def swap_comparisons(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Swap a comparison: ``<`` and ``<=`` (an off-by-one), ``==`` and ``!=``, ``is``, ``in``."""
    swaps: dict[type[ast.cmpop], type[ast.cmpop]] = {
        ast.Lt: ast.LtE,
        ast.LtE: ast.Lt,
        ast.Gt: ast.GtE,
        ast.GtE: ast.Gt,
        ast.Eq: ast.NotEq,
        ast.NotEq: ast.Eq,
        ast.Is: ast.IsNot,
        ast.IsNot: ast.Is,
        ast.In: ast.NotIn,
        ast.NotIn: ast.In,
    }
    for index in numbered(tree, lambda n: isinstance(n, ast.Compare)):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.Compare)
        op = node.ops[0]
        if type(op) not in swaps:
            continue
        node.ops[0] = swaps[type(op)]()
        yield f"line {node.lineno}: {type(op).__name__} -> {type(node.ops[0]).__name__}", mutated


ENUM_MEMBERS: dict[str, tuple[str, ...]] = {
    "TimeUnits": ("Hours", "Minutes", "Days", "Months"),
    "DateTimeClauseOperators": ("add", "subtract"),
    "ShowAsStatus": ("Busy", "OutOfOffice", "Free"),
    "Team": ("SalesMarketing", "Engineering", "Finance", "Leadership", "Assistants"),
    "EventFrequency": ("DAILY", "WEEKLY", "MONTHLY", "YEARLY"),
    "DateRanges": ("ThisWeekend", "NextWeek", "ThisMonth", "NextMonth"),
    "DateExpressions": ("Today", "Tomorrow", "Yesterday", "FirstDayNextYear", "ChristmasDay"),
    "TimeExpressions": ("Morning", "LateMorning", "Noon", "Lunch", "Afternoon", "LateAfternoon"),
}
SIBLING_CALLS: dict[str, str] = {
    "find_events": "find_past_events",
    "find_past_events": "find_events",
    "get_next_dow": "get_prev_dow",
    "get_prev_dow": "get_next_dow",
    "min": "max",
    "max": "min",
    "any": "all",
    "all": "any",
}


def swap_enum_members(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Use the next member of a library enum (Hours for Minutes, subtract for add, ...)."""

    def enum_member(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.attr in ENUM_MEMBERS.get(node.value.id, ())
        )

    for index in numbered(tree, enum_member):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
        members = ENUM_MEMBERS[node.value.id]
        old = node.attr
        node.attr = members[(members.index(old) + 1) % len(members)]
        yield f"line {node.lineno}: {node.value.id}.{old} -> {node.attr}", mutated


def swap_sibling_calls(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Call a sibling function instead (past for upcoming events, previous for next weekday...)."""

    def sibling(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and (node.func.id in SIBLING_CALLS)
        )

    for index in numbered(tree, sibling):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        old = node.func.id
        node.func.id = SIBLING_CALLS[old]
        yield f"line {node.lineno}: {old} -> {node.func.id}", mutated


def swap_people(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Swap the names looked up by two ``find_employee("...")`` calls (the wrong person)."""

    def lookup(node: ast.AST) -> bool:
        return (
            call_name(node) == "find_employee"
            and isinstance(node, ast.Call)
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        )

    positions = numbered(tree, lookup)
    names = []
    for index in positions:
        node = node_at(tree, index)
        assert isinstance(node, ast.Call) and isinstance(node.args[0], ast.Constant)
        names.append(node.args[0].value)
    for first in range(len(positions)):
        for second in range(first + 1, len(positions)):
            if names[first] == names[second]:
                continue
            mutated = copy.deepcopy(tree)
            for index, name in (
                (positions[first], names[second]),
                (positions[second], names[first]),
            ):
                node = node_at(mutated, index)
                assert isinstance(node, ast.Call)
                node.args[0] = ast.Constant(name)
            yield f"swapped {names[first]!r} and {names[second]!r}", mutated


def change_indexes(tree: ast.Module) -> Iterator[tuple[str, ast.Module]]:
    """Take another element: ``[0]`` becomes ``[-1]``, ``[-1]`` becomes ``[0]``, ``[1]`` ``[0]``."""

    def constant_index(node: ast.AST) -> bool:
        return (
            isinstance(node, ast.Subscript)
            and isinstance(node.slice, ast.Constant | ast.UnaryOp)
            and ast.unparse(node.slice) in {"0", "1", "-1"}
        )

    for index in numbered(tree, constant_index):
        mutated = copy.deepcopy(tree)
        node = node_at(mutated, index)
        assert isinstance(node, ast.Subscript)
        old = ast.unparse(node.slice)
        new = {"0": -1, "1": 0, "-1": 0}[old]
        node.slice = ast.Constant(new)
        yield f"line {node.lineno}: [{old}] -> [{new}]", mutated


OPERATORS: tuple[tuple[str, Callable[[ast.Module], Iterator[tuple[str, ast.Module]]]], ...] = (
    # the operators that need no library knowledge; see operators() for the full list
    ("shift-time", shift_numbers_in_time_calls),
    ("shift-datetime", shift_stdlib_datetimes),
    ("shift-timedelta", shift_timedeltas),
    ("swap-time-direction", swap_time_arithmetic),
    ("swap-weekday", swap_weekday_names),
    ("drop-attendee", drop_attendee),
    ("extra-event", add_extra_event),
    ("change-return", change_return_values),
    ("flip-condition", flip_conditions),
    ("swap-comparison", swap_comparisons),
    ("swap-enum", swap_enum_members),
    ("swap-call", swap_sibling_calls),
    ("swap-person", swap_people),
    ("change-index", change_indexes),
)


Operator = Callable[[ast.Module], Iterator[tuple[str, ast.Module]]]


def operators(writes: dict[str, WriteTool]) -> list[tuple[str, Operator]]:
    """Every operator in the order mutants are made, the write operators bound to ``writes``."""
    work: list[tuple[str, Operator]] = [
        ("remove-call", partial(remove_write_calls, writes=writes)),
        ("write-to-delete", partial(write_to_deletion, writes=writes)),
        ("other-record", partial(write_other_record, writes=writes)),
    ]
    return [*OPERATORS[:5], *work, *OPERATORS[5:]]


def operator_names() -> list[str]:
    """The operators' names, in the order mutants are made."""
    return [name for name, _ in operators({})]


def generate_mutants(
    program: str,
    *,
    limit_per_operator: int = 4,
    first_line: int = 1,
    writes: dict[str, WriteTool] | None = None,
) -> list[Mutant]:
    """Every mutant the operators make of ``program`` (at most ``limit_per_operator`` each).

    ``first_line`` is the line of the file the program starts at, so descriptions name file
    lines; ``writes`` the library's write tools (default: the workplace library's, read from
    its declarations). Mutants whose text equals the original or another mutant are dropped.
    """
    tree = parse_in_turn(program)
    ast.increment_lineno(tree, first_line - 1)
    seen = {ast.unparse(tree)}
    mutants: list[Mutant] = []
    for name, operator in operators(workplace_write_tools() if writes is None else writes):
        made = 0
        for description, mutated in operator(tree):
            text = ast.unparse(ast.fix_missing_locations(mutated))
            if text in seen:
                continue
            seen.add(text)
            mutants.append(Mutant(name, description, text))
            made += 1
            if made >= limit_per_operator:
                break
    return mutants
