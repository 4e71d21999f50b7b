"""The clock-only functions: the ones an agent child may run itself must only read the clock."""

from __future__ import annotations

import ast
import inspect

from assistworld.apps.workplace import time_utils
from assistworld.sandbox.namespaces import is_clock_only, library_functions


def test_the_clock_only_functions_are_the_time_utilities() -> None:
    local = {name for name, function in library_functions().items() if is_clock_only(function)}
    assert {"now_", "combine", "modify", "time_by_hm", "get_next_dow"} <= local
    assert not {"add_event", "find_employee", "search_conference_room"} & local
    assert local <= set(library_functions())


def test_time_utils_reaches_the_world_only_for_its_clock() -> None:
    """A time utility that read or changed anything but ``active_world().now`` would give a
    wrong answer in the agent child, whose world has nothing but the clock."""
    tree = ast.parse(inspect.getsource(time_utils))
    uses = [
        node for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id == "active_world"
    ]
    calls = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "active_world"
    ]
    assert len(uses) == len(calls) == 1 and calls[0].attr == "now"
    modules = {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("assistworld")
    }
    assert modules == {"assistworld.apps.workplace._world"}
    assert not any(
        isinstance(node, ast.Import) and "assistworld" in ast.dump(node) for node in ast.walk(tree)
    )
