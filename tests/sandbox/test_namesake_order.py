"""Namesakes keep their order across the sandbox boundary: a program's ``add_event`` call, the
stored row and the events ``find_events`` sends back all carry the order the program chose."""

from __future__ import annotations

import json

from assistworld.apps import workplace
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.sandbox import Limits, RunOutcome, SandboxPool, WorldRunRequest
from assistworld.sandbox.library import ProgramLibrary
from assistworld.world import World
from tests.apps.workplace._calendar_fixtures import make_world

LIMITS = Limits(wall_seconds=10, cpu_seconds=4, memory_mb=256, file_size_mb=4, call_budget=200)

PROGRAM = """
def namesakes():
    first, second = find_employee("Sam")
    bob = find_employee("Bob")[0]
    add_event(Event(subject="Sync", starts_at=now_(), attendees=[second, bob, first]))
    (found,) = find_events(subject="Sync")
    return [
        [p.employee_id for p in [bob, second, first]],
        [p.employee_id for p in found.attendees],
        len(find_events(attendees=[second, first, bob])),
        len(find_events(attendees=[bob, first, second])),
        found == found.model_copy(update={"attendees": [second, bob, first]}),
        found == found.model_copy(update={"attendees": [first, bob, second]}),
    ]
"""


def _world_with_two_sams() -> World:
    world = make_world()
    employees = WorkplaceTables(world).employees
    bob = employees["id-bob"]
    for employee_id in ("id-sam-zulu", "id-sam-alpha"):
        employees[employee_id] = bob.model_copy(update={"name": "Sam", "employee_id": employee_id})
    return world


def test_a_sandboxed_program_sees_namesakes_in_the_order_it_gave() -> None:
    request = WorldRunRequest(
        world=_world_with_two_sams().snapshot().to_data(), candidate_program=PROGRAM
    )
    with SandboxPool(
        slots=1, limits=LIMITS, library=ProgramLibrary.of(workplace.toolset())
    ) as pool:
        done = pool.run_in_world(request)
    run = done.run
    assert run.outcome is RunOutcome.completed, (run.exception_type, run.exception_message)
    expected, ids, *found = run.return_value
    assert ids == expected and set(ids) == {"id-bob", "id-sam-zulu", "id-sam-alpha"}
    assert found == [1, 0, True, False]
    assert done.world is not None
    stored = World.from_json(json.dumps(done.world))
    with stored.active():
        (row,) = WorkplaceTables(stored).user_calendar.values()
    assert [p.employee_id for p in row.attendees or []] == ids
