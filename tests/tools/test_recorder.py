"""The program-path recorder: arguments by name, taken before the call, bounded memory."""

from __future__ import annotations

from assistworld.apps.workplace.company_directory import find_employee
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.work_calendar import Event, add_event, share_calendar
from assistworld.tools.recorder import CallRecorder
from tests.tools._world import at, person, small_world, workplace


def test_arguments_are_named_whatever_the_call_shape() -> None:
    recorder = CallRecorder(workplace())
    assert recorder.arguments("time_by_hm", (3, 30), {"am_or_pm": "pm"}) == {
        "hour": 3,
        "minute": 30,
        "am_or_pm": "pm",
    }
    assert recorder.arguments("time_by_hm", (), {"minute": 5, "hour": 1}) == {
        "minute": 5,
        "hour": 1,
    }
    assert recorder.arguments("time_by_hm", (1, 2, "am", 4), {}) == {"*args": [1, 2, "am", 4]}
    assert recorder.arguments("time_by_hm", (1,), {"hour": 2}) == {"*args": [1], "hour": 2}


def test_an_argument_is_recorded_as_it_was_before_the_call() -> None:
    world, recorder = small_world(), CallRecorder(workplace())
    event = Event(subject="Lunch", starts_at=at(26, 12))
    with world.active():
        arguments = recorder.arguments("add_event", (event,), {})
        recorder.returned("add_event", arguments, add_event(event))
    (recorded,) = recorder.trajectory.events
    assert event.event_id is not None  # add_event wrote the id back onto its argument
    assert recorded.arguments["event"]["event_id"] is None
    assert recorded.result == event.event_id and recorded.world_version == world.version


def test_an_iterator_argument_is_not_used_up_by_the_record() -> None:
    world, recorder = small_world(), CallRecorder(workplace())
    dan = person(world, "Dan")
    people = iter([dan])
    with world.active():
        arguments = recorder.arguments("share_calendar", (people,), {})
        share_calendar(people)  # type: ignore[arg-type]
        assert dan.employee_id in WorkplaceTables(world).calendar_shared_with
    assert arguments is not None and arguments["recipients"].startswith("<list_iterator")


def test_past_the_limit_calls_are_only_counted() -> None:
    world, recorder = small_world(), CallRecorder(workplace(), limit=3)
    with world.active():
        for _ in range(10):
            arguments = recorder.arguments("find_employee", ("Bob",), {})
            recorder.returned("find_employee", arguments, find_employee("Bob"))
        try:
            find_employee(None)  # type: ignore[arg-type]
        except TypeError as exc:
            recorder.raised("find_employee", recorder.arguments("find_employee", (None,), {}), exc)
    trajectory = recorder.trajectory
    assert len(trajectory.events) == 3 and trajectory.omitted == 8 and trajectory.calls == 11
