"""A program that passes a wrongly typed value to the library made a programming error.

It must see a ``TypeError`` it can catch (as it would calling the library directly), and the
task must be graded as an execution error, not as a protocol violation of the RPC.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.sandbox import Limits, SandboxPool
from tests.sandbox._root import needs_root
from tests.sandbox._tasks import task_request

pytestmark = needs_root

DATES_AS_DATETIMES = """
def schedule_sync_with_bob():
    day = parse_date_string(DateExpressions.Tomorrow)
    return find_available_time_slots("Oak", [TimeInterval(day, day)])
"""

CATCHES_IT = """
def schedule_sync_with_bob():
    day = parse_date_string(DateExpressions.Tomorrow)
    try:
        find_available_time_slots("Oak", [TimeInterval(day, day)])
    except TypeError as error:
        print("caught:", error)
    bob = find_employee("Bob")[0]
    start = combine(day, time_by_hm(10, 0, "am"))
    end = modify(start, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add)
    return add_event(Event(subject="Sync", attendees=[bob], starts_at=start, ends_at=end))
"""


@pytest.fixture(scope="module")
def pool() -> Iterator[SandboxPool]:
    with SandboxPool(
        slots=1, limits=Limits(wall_seconds=10, cpu_seconds=5), library=ASPERA_LIBRARY
    ) as running:
        yield running


def test_a_wrongly_typed_argument_is_an_execution_error(pool: SandboxPool) -> None:
    execution = pool.run_task(task_request("schedule", DATES_AS_DATETIMES))
    (pair,) = execution.pairs
    assert not pair.passed
    assert pair.outcome.value == "execution_error"
    assert pair.run is not None
    assert pair.run.exception_type == "TypeError"
    assert "find_available_time_slots() got an argument of the wrong type" in (
        pair.run.exception_message or ""
    )


def test_the_program_can_catch_the_type_error_and_go_on(pool: SandboxPool) -> None:
    execution = pool.run_task(task_request("schedule", CATCHES_IT))
    assert execution.passed, execution.pairs[0]
    run = execution.pairs[0].run
    assert run is not None
    assert "caught: find_available_time_slots() got an argument of the wrong type" in run.stdout
