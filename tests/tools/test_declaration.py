"""The declaration: a frozen spec on the function, and writes that count on the world."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from assistworld.apps.workplace import time_utils, work_calendar
from assistworld.tools.declaration import ToolSpec, described_parameters, spec_of, tool
from assistworld.tools.events import Trajectory
from assistworld.tools.schema import build_schema
from assistworld.world import World
from tests.tools._world import CASES, small_world, workplace


def test_every_public_library_function_is_declared() -> None:
    names = workplace().namespace()
    functions = {name for name, value in names.items() if inspect.isfunction(value)}
    declared = {name for name, value in names.items() if spec_of(value) is not None}
    assert functions == declared and len(declared) == 44


def test_the_effects_are_those_the_functions_have() -> None:
    effects = {t.name: t.effect for t in workplace()}
    assert {n for n, e in effects.items() if e == "write"} == {
        "add_event",
        "delete_event",
        "share_calendar",
    }
    assert all(effects[name] == "pure" for name in time_utils.__all__ if name in effects)
    assert effects["find_events"] == effects["search_conference_room"] == "read"


def test_the_spec_is_frozen_and_the_function_keeps_its_face() -> None:
    spec = spec_of(work_calendar.add_event)
    assert spec is not None and spec.parameters[0][0] == "event"
    assert spec == ToolSpec(
        name="add_event", app="work_calendar", effect="write", parameters=spec.parameters
    )
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.effect = "read"  # type: ignore[misc]
    wrapped = work_calendar.add_event
    plain = inspect.unwrap(wrapped)
    assert wrapped is not plain
    assert wrapped.__module__ == plain.__module__ == "assistworld.apps.workplace.work_calendar"
    assert inspect.signature(wrapped) == inspect.signature(plain)
    assert wrapped.__doc__ == plain.__doc__
    assert (
        spec_of(time_utils.now_) is not None and inspect.unwrap(time_utils.now_) is time_utils.now_
    )


def test_the_decorator_refuses_unknown_effects() -> None:
    with pytest.raises(ValueError, match="effect"):
        tool(app="x", effect="delete")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(CASES))
def test_write_tools_bump_the_version_and_others_do_not(name: str) -> None:
    tools, world = workplace(), small_world()
    tool_ = tools.tool(name)
    arguments = CASES[name](world)
    before = world.version
    with world.active():
        tool_.function(**arguments)
    assert world.version == before + (1 if tool_.effect == "write" else 0)


def test_the_version_counts_each_write_on_the_world_it_was_made_on() -> None:
    tools, first, second = workplace(), small_world(), World()
    trajectory = Trajectory()
    with first.active():
        for subject in ("One", "Two"):
            tools.call_json(
                "add_event",
                {"event": {"subject": subject, "starts_at": "2024-06-26T15:00:00"}},
                trajectory,
            )
        tools.call_json("find_events", {"subject": "One"}, trajectory)
    start = first.version - 2
    assert [e.world_version for e in trajectory.events] == [start + 1, start + 2, start + 2]
    assert second.version == 0


# -- parameter descriptions declared beside the function ----------------------------------------


def _pick(day: int, hour: int = 9, note: str = "") -> str:
    """Pick a slot.

    note
        Free text kept with the slot.
    """
    return f"{day} {hour} {note}"


def test_declared_descriptions_reach_the_schema_in_signature_order_beside_docstring_blocks() -> (
    None
):
    declared = tool(
        app="x", effect="pure", parameters={"hour": "Hour, 0-23.", "day": " Day of the month. "}
    )(_pick)
    spec = spec_of(declared)
    assert spec is not None
    assert spec.parameters == (("day", "Day of the month."), ("hour", "Hour, 0-23."))
    assert described_parameters(declared) == {
        "day": "Day of the month.",
        "hour": "Hour, 0-23.",
        "note": "Free text kept with the slot.",
    }
    properties = build_schema("pick", declared).parameters()["properties"]
    assert [properties[n]["description"] for n in ("day", "hour", "note")] == [
        "Day of the month.",
        "Hour, 0-23.",
        "Free text kept with the slot.",
    ]
    assert declared.__doc__ == _pick.__doc__  # the documentation prompts render is untouched


@pytest.mark.parametrize(
    ("texts", "message"),
    [
        ({"minute": "Minute."}, "'minute' is not a parameter of _pick .*day, hour, note"),
        ({"day": "Day.\nOf the month."}, "'day' must be one line"),
        ({"day": "  "}, "'day' must be one line"),
        ({"note": "Again."}, "'note' already has a block in the docstring"),
    ],
)
def test_bad_declared_descriptions_are_refused_when_declared(
    texts: dict[str, str], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        tool(app="x", effect="pure", parameters=texts)(_pick)
