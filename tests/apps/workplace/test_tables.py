"""The workplace tables: declared with a world by the library's first call, all at once."""

from __future__ import annotations

import pytest

from assistworld.apps.workplace import tables
from assistworld.apps.workplace.company_directory import get_all_employees
from assistworld.apps.workplace.tables import WORKPLACE_TABLES, WorkplaceTables
from assistworld.apps.workplace.time_utils import now_
from assistworld.world import TableConflictError, World, members

ORDER = [
    "employees",
    "vacations",
    "user_calendar",
    "employee_calendars",
    "rooms",
    "room_bookings",
    "calendar_shared_with",
    "user_metadata",
]


def test_the_first_library_call_declares_every_workplace_table_in_the_documented_order() -> None:
    world = World()
    with world.active():
        assert get_all_employees() == []
    assert [t.name for t in world.declared()] == ORDER
    assert world.declared() == WORKPLACE_TABLES


def test_a_call_that_only_reads_the_clock_declares_nothing() -> None:
    world = World()
    with world.active():
        now_()
    assert world.declared() == ()


def test_the_typed_view_returns_the_live_tables_of_its_world() -> None:
    world = World()
    view = WorkplaceTables(world)
    assert view.employees is world.table(tables.EMPLOYEES)
    assert view.calendar_shared_with is world.table(tables.CALENDAR_SHARED_WITH)
    view.user_metadata["city"] = "Iasi"
    assert world.snapshot().user_metadata == {"city": "Iasi"}
    assert [getattr(view, name) for name in ORDER] == [world.table(t) for t in WORKPLACE_TABLES]


def test_a_world_holding_another_table_named_like_a_workplace_one_is_refused() -> None:
    world = World(tables=[members("rooms", str)])
    with world.active(), pytest.raises(TableConflictError, match="rooms"):
        get_all_employees()
