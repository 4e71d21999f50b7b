"""Both program paths record the world calls a candidate makes as the run's trajectory."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import InProcessExecutor, Limits, SandboxPool, TaskExecution, TaskRequest
from assistworld.tools.events import Trajectory
from assistworld.tools.recorder import EVENTS_KEPT
from tests.sandbox._root import needs_root
from tests.sandbox._tasks import SCHEDULE_EVALUATION, SCHEDULE_SETUP, task_request

pytestmark = needs_root

LIMITS = Limits(wall_seconds=5, cpu_seconds=2, memory_mb=256, file_size_mb=4, call_budget=1000)

LOOKUP_EVALUATION = """
def evaluate_anything(query, executable, setup_function):
    setup_function()
    try:
        executable()
    except Exception:
        pass
"""


@pytest.fixture(scope="module")
def pool() -> Iterator[SandboxPool]:
    with SandboxPool(slots=1, limits=LIMITS, library=ASPERA_LIBRARY) as sandbox:
        yield sandbox


def _both(pool: SandboxPool, request: TaskRequest) -> list[TaskExecution]:
    return [
        pool.run_task(request),
        InProcessExecutor(LIMITS, library=ASPERA_LIBRARY).run_task(request),
    ]


def _trajectory(execution: TaskExecution) -> Trajectory:
    run = execution.pairs[0].run
    assert run is not None
    return run.tool_calls


def _request(program: str) -> TaskRequest:
    return TaskRequest(
        query_id="recorded",
        query="a test task",
        setup_programs=[SCHEDULE_SETUP],
        evaluation_programs=[LOOKUP_EVALUATION],
        candidate_program=program,
    )


def test_the_world_calls_of_a_run_are_its_trajectory_on_both_paths(pool: SandboxPool) -> None:
    sandboxed, in_process = _both(pool, task_request("schedule"))
    assert sandboxed.passed and in_process.passed
    trajectory = _trajectory(sandboxed)
    assert trajectory == _trajectory(in_process)
    find, add = trajectory.events
    assert (find.tool, find.effect, find.arguments) == ("find_employee", "read", {"name": "Bob"})
    assert find.result[0]["name"] == "Bob"
    assert (add.tool, add.app, add.effect) == ("add_event", "work_calendar", "write")
    assert (
        add.arguments["event"]["subject"] == "Sync" and add.arguments["event"]["event_id"] is None
    )
    assert isinstance(add.result, str) and add.error is None
    assert add.world_version == find.world_version + 1
    run = sandboxed.pairs[0].run
    assert run is not None and run.api_calls == trajectory.calls == 2
    assert run.local_calls > 0  # the pure time utilities ran in the child, unrecorded
    assert Trajectory.model_validate_json(trajectory.model_dump_json()) == trajectory
    assert SCHEDULE_EVALUATION  # the task whose world these versions count


def test_failed_calls_are_recorded_with_their_error(pool: SandboxPool) -> None:
    program = (
        "def look():\n"
        "    try:\n"
        "        find_available_time_slots('Nowhere', [])\n"
        "    except LookupError:\n"
        "        pass\n"
        "    return get_calendar(get_current_user())\n"
    )
    for execution in _both(pool, _request(program)):
        failed, user, calendar = _trajectory(execution).events
        assert failed.error is not None and failed.error.type == "RoomNotFoundError"
        assert failed.arguments == {"room_name": "Nowhere", "time_window": []}
        assert user.tool == "get_current_user" and user.result["name"] == "Alex"
        assert calendar.result == []


def test_a_wrong_typed_argument_is_recorded_as_refused(pool: SandboxPool) -> None:
    """A value the child can send but the library's types reject is refused by the world host."""
    program = "def look():\n    return add_event(Event.model_construct(subject=1))\n"
    (event,) = _trajectory(pool.run_task(_request(program))).events
    assert event.tool == "add_event" and event.error is not None
    assert event.error.type == "TypeError" and "wrong type" in event.error.message
    assert event.arguments["event"]["$t"] == "model"  # recorded as it arrived


def test_a_long_loop_keeps_the_first_events_and_counts_the_rest(pool: SandboxPool) -> None:
    program = "def loop():\n    for _ in range(250):\n        find_employee('Bob')\n"
    for execution in _both(pool, _request(program)):
        trajectory = _trajectory(execution)
        assert len(trajectory.events) == EVENTS_KEPT
        assert trajectory.omitted == 250 - EVENTS_KEPT
        assert trajectory.calls == 250
