"""The JSON path: each tool called with JSON arguments gives what the direct Python call gives."""

from __future__ import annotations

import json

import pytest

from assistworld.tools.events import Trajectory, to_json
from assistworld.world import World
from tests.tools._world import CASES, at, person, small_world, workplace


@pytest.mark.parametrize("name", sorted(CASES))
def test_each_tool_through_json_matches_the_direct_call(name: str) -> None:
    tools = workplace()
    tool = tools.tool(name)
    direct_world, json_world = small_world(), small_world()
    arguments = CASES[name](direct_world)
    text = json.dumps(to_json(arguments))  # taken before the call: add_event changes its event
    with direct_world.active():
        expected = tool.function(**arguments)
    with json_world.active():
        event = tools.call_json(name, text)
    assert event.error is None, event.error
    assert event.result == to_json(expected)
    assert json.loads(json.dumps(event.result)) == event.result
    assert event.arguments == json.loads(text)
    assert (event.tool, event.app, event.effect) == (name, tool.app, tool.effect)
    assert json_world == direct_world
    assert event.world_version == json_world.version == direct_world.version


def test_json_text_arguments_become_library_types() -> None:
    tools, world = workplace(), small_world()
    chloe = person(world, "Chloe")
    arguments = {
        "event": {
            "subject": "Planning",
            "attendees": [{"name": chloe.name, "employee_id": chloe.employee_id}],
            "starts_at": "2024-06-27T16:00:00",
            "ends_at": "2024-06-27T16:30:00",
            "show_as_status": "OutOfOffice",
        }
    }
    with world.active():
        event = tools.call_json("add_event", json.dumps(arguments))
        stored = tools.call_json("find_events", {"subject": "Planning"})
    assert event.ok and isinstance(event.result, str)
    assert stored.result[0]["event_id"] == event.result
    assert stored.result[0]["starts_at"] == "2024-06-27T16:00:00"
    assert stored.result[0]["show_as_status"] == "OutOfOffice"


def test_named_tuples_and_enums_arrive_as_arrays_and_values() -> None:
    tools, world = workplace(), small_world()
    with world.active():
        event = tools.call_json(
            "modify",
            '{"datetime_to_change": "2024-06-26T10:00:00", "duration": [90, "Minutes"], '
            '"operator": "add"}',
        )
    assert event.result == at(26, 11, 30).isoformat()


@pytest.mark.parametrize(
    ("name", "arguments", "bad"),
    [
        (
            "modify",
            {"datetime_to_change": "soon", "duration": [1, "Hours"], "operator": "add"},
            ["datetime_to_change"],
        ),
        (
            "modify",
            {
                "datetime_to_change": "2024-06-26T10:00:00",
                "duration": [1, "Weeks"],
                "operator": "add",
            },
            ["duration"],
        ),
        ("time_by_hm", {"hour": 3, "minute": 30}, ["am_or_pm"]),
        ("find_employee", {"name": "Bob", "team": "Finance"}, ["team"]),
        ("get_calendar", {"employee": {"name": "Bob"}}, ["employee"]),
        ("parse_time_string", {"time_expr": "Teatime"}, ["time_expr"]),
    ],
)
def test_bad_arguments_give_an_error_object_naming_them(
    name: str, arguments: dict[str, object], bad: list[str]
) -> None:
    tools, world = workplace(), small_world()
    trajectory = Trajectory()
    with world.active():
        event = tools.call_json(name, arguments, trajectory)
    assert event.error is not None and event.result is None
    assert event.error.type == "invalid_arguments"
    assert event.error.arguments == bad
    assert all(argument in event.error.message for argument in bad)
    assert trajectory.events == [event]
    assert event.world_version == world.version


def test_malformed_json_text_unknown_tools_and_tool_failures_are_errors_too() -> None:
    tools, world = workplace(), small_world()
    with world.active():
        malformed = tools.call_json("find_employee", '{"name": ')
        unknown = tools.call_json("launch_rocket", "{}")
        failing = tools.call_json(
            "find_available_time_slots", {"room_name": "Nowhere", "time_window": []}
        )
        not_an_object = tools.call_json("find_employee", '["Bob"]')
    assert malformed.error is not None and malformed.error.type == "invalid_arguments"
    assert unknown.error is not None and unknown.error.type == "unknown_tool"
    assert failing.error is not None and failing.error.type == "RoomNotFoundError"
    assert "Nowhere" in failing.error.message
    assert not_an_object.error is not None and not_an_object.error.type == "invalid_arguments"
    assert failing.reply() == {"error": failing.error.model_dump(mode="json")}


def test_a_failed_write_does_not_count_as_a_write() -> None:
    tools, world = workplace(), small_world()
    before = world.version
    with world.active():
        event = tools.call_json("add_event", {"event": {"subject": "No start"}})
    assert event.error is not None and event.error.type == "ValueError"
    assert world.version == before


def test_a_tool_that_fails_on_an_empty_world_reports_it() -> None:
    world = World()
    with world.active():
        event = workplace().call_json("get_current_user", "{}")
    assert event.error is not None and event.error.type == "CurrentUserError"
