"""One toolset, many faces: the program namespace, documentation and planner text."""

from __future__ import annotations

import datetime

import pytest

from assistworld.apps import workplace as apps
from assistworld.apps.workplace import library_modules
from assistworld.docs import render_library
from assistworld.sandbox.library import ProgramLibrary
from assistworld.sandbox.namespaces import action_namespace
from assistworld.tools.events import ToolEvent, Trajectory
from assistworld.tools.toolset import Toolset, UnknownToolError
from tests.tools._world import workplace


def test_the_namespace_is_the_library_plus_datetime() -> None:
    names = workplace().namespace()
    assert names["datetime"] is datetime
    expected = {"datetime"} | {n for module in apps.LIBRARY_MODULES for n in module.__all__}
    assert set(names) == expected
    assert all(names[n] is getattr(m, n) for m in apps.LIBRARY_MODULES for n in m.__all__)
    assert action_namespace(ProgramLibrary.of(apps.toolset())).keys() == names.keys()


def test_documentation_is_todays_renderer_output() -> None:
    assert workplace().documentation() == render_library(library_modules())


def test_planner_text_lists_every_tool_by_app() -> None:
    text = workplace().planner_text()
    headers = [line for line in text.splitlines() if line.startswith("## ")]
    assert headers == [
        "## time_utils",
        "## work_calendar",
        "## company_directory",
        "## room_booking",
    ]
    lines = [line for line in text.splitlines() if line.startswith("- ")]
    assert len(lines) == len(workplace())
    assert (
        "- find_manager_of(employee: Employee) -> Employee | None [read]  # The manager of "
        "``employee``; ``None`` for the CEO, who has no manager." in lines
    )
    assert any(line.startswith("- add_event(event: Event) -> str [write]") for line in lines)


def test_unknown_tools_and_duplicate_names_are_refused() -> None:
    with pytest.raises(UnknownToolError, match="launch"):
        workplace().tool("launch")
    with pytest.raises(ValueError, match="two modules"):
        Toolset([apps.time_utils, apps.time_utils])


def test_a_trajectory_round_trips_through_json_and_bounds_what_it_keeps() -> None:
    trajectory = Trajectory(limit=2)
    for version in range(5):
        trajectory.add(
            ToolEvent(
                tool="now_", effect="pure", result="2024-06-25T09:06:00", world_version=version
            )
        )
    assert len(trajectory) == 2 and trajectory.omitted == 3 and trajectory.calls == 5
    assert Trajectory.model_validate_json(trajectory.model_dump_json()) == trajectory
