"""The clock-only functions: the ones an agent child may run itself must only read the clock."""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable
from typing import Any

from assistworld.apps import workplace
from assistworld.apps.workplace import time_utils
from assistworld.sandbox.library import ProgramLibrary
from assistworld.sandbox.namespaces import is_clock_only, library_functions
from assistworld.tools.declaration import spec_of

WORKPLACE = ProgramLibrary.of(workplace.toolset())


def test_the_clock_only_functions_are_the_declared_pure_tools() -> None:
    local = {
        name for name, function in library_functions(WORKPLACE).items() if is_clock_only(function)
    }
    assert {"now_", "combine", "modify", "time_by_hm", "get_next_dow"} <= local
    assert {
        "summarise_calendar",
        "find_available_slots",
        "room_booking_default_time_window",
    } <= local
    assert not {"add_event", "find_employee", "search_conference_room", "find_events"} & local
    specs = {name: spec_of(function) for name, function in library_functions(WORKPLACE).items()}
    assert local == {name for name, spec in specs.items() if spec and spec.effect == "pure"}


def test_time_utils_reaches_the_world_only_for_its_clock() -> None:
    """A time utility that read or changed anything but ``active_world().now`` would give a
    wrong answer in the agent child, whose world has nothing but the clock."""
    tree = ast.parse(inspect.getsource(time_utils))
    uses = [
        node for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "active_world"
    ]
    calls = _world_reads(tree)
    assert len(uses) == len(calls) == 1 and calls[0].attr == "now"
    modules = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("assistworld")
    }
    assert modules == {"assistworld.apps.workplace._world", "assistworld.tools.declaration"}
    assert not any(
        isinstance(node, ast.Import) and "assistworld" in ast.dump(node) for node in ast.walk(tree)
    )


def test_pure_tools_read_no_table() -> None:
    """Every pure tool, and every library function it reaches by name, touches the world only
    through ``now_()`` (the time utilities, checked above)."""
    for name, function in library_functions(WORKPLACE).items():
        if is_clock_only(function) and function.__module__ != time_utils.__name__:
            for reached in _reached(function):
                tree = ast.parse(inspect.getsource(reached).lstrip())
                assert not _world_reads(tree), f"{name} reads the world in {reached.__name__}"


def _world_reads(tree: ast.AST) -> list[ast.Attribute]:
    return [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "active_world"
    ]


def _reached(function: Callable[..., Any]) -> list[Callable[..., Any]]:
    """``function`` and the functions of the library it names, transitively (time utils aside)."""
    seen: dict[int, Callable[..., Any]] = {}
    pending = [inspect.unwrap(function)]
    while pending:
        current = pending.pop()
        if id(current) in seen or current.__module__ == time_utils.__name__:
            continue
        seen[id(current)] = current
        tree = ast.parse(inspect.getsource(current).lstrip())
        names = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
        for used in names:
            value = current.__globals__.get(used)
            if inspect.isfunction(value) and value.__module__.startswith("assistworld.apps"):
                pending.append(inspect.unwrap(value))
    return list(seen.values())
