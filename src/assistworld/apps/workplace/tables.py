"""The workplace app's tables: what it keeps in a world, declared once, here.

A world learns these declarations the first time the library reaches it
(:func:`assistworld.apps.workplace._world.active_tables`), all at once and in this order, which
is the order in which snapshots list them and diffs report them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from assistworld.apps.workplace.company_directory import EmployeeDetails
from assistworld.apps.workplace.room_booking import ConferenceRoom
from assistworld.apps.workplace.time_utils import TimeInterval
from assistworld.apps.workplace.work_calendar import Event
from assistworld.world.tables import Table, keyed, keyed_lists, members, nested

if TYPE_CHECKING:
    from assistworld.world.world import World

EMPLOYEES = keyed("employees", EmployeeDetails, "employee_id -> profile.")
VACATIONS = keyed_lists("vacations", TimeInterval, "employee_id -> time off, in the order stored.")
USER_CALENDAR = keyed(
    "user_calendar",
    Event,
    "event_id -> event row (recurring parents and their occurrence rows), in the order stored.",
)
EMPLOYEE_CALENDARS = nested(
    "employee_calendars",
    Event,
    "employee_id -> (event_id -> event row) of that employee's shared calendar.",
)
ROOMS = keyed("rooms", ConferenceRoom, "room name -> room, in the order stored.")
ROOM_BOOKINGS = keyed_lists(
    "room_bookings", TimeInterval, "room name -> booked intervals, in the order stored."
)
CALENDAR_SHARED_WITH = members(
    "calendar_shared_with",
    str,
    "ids of the employees the user's calendar is shared with, in the order shared.",
)
USER_METADATA = keyed(
    "user_metadata", object, "Free-form facts about the user that setup programs record."
)

WORKPLACE_TABLES: tuple[Table[Any], ...] = (
    EMPLOYEES,
    VACATIONS,
    USER_CALENDAR,
    EMPLOYEE_CALENDARS,
    ROOMS,
    ROOM_BOOKINGS,
    CALENDAR_SHARED_WITH,
    USER_METADATA,
)

SUBJECT_COLUMNS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        EMPLOYEES.name: ("employee_id", "name", "email_address"),
        USER_CALENDAR.name: ("event_id", "subject", "attendees", "optional_attendees"),
        EMPLOYEE_CALENDARS.name: ("event_id", "subject", "attendees", "optional_attendees"),
        ROOMS.name: ("room_name",),
    }
)
"""Per table, the columns that say whom or what a row concerns: a success condition on a row
names one of them, or its key (or owner), so that a write to the wrong person cannot meet it.
A table left out (the keyed lists, the members, the metadata) is named by its key alone."""


class WorkplaceTables:
    """The workplace tables of one world, typed. Making one declares them all with the world."""

    __slots__ = ("_world",)

    def __init__(self, world: World) -> None:
        world.declare(*WORKPLACE_TABLES)
        self._world = world

    @property
    def employees(self) -> dict[str, EmployeeDetails]:
        return self._world.table(EMPLOYEES)

    @property
    def vacations(self) -> dict[str, list[TimeInterval]]:
        return self._world.table(VACATIONS)

    @property
    def user_calendar(self) -> dict[str, Event]:
        return self._world.table(USER_CALENDAR)

    @property
    def employee_calendars(self) -> dict[str, dict[str, Event]]:
        return self._world.table(EMPLOYEE_CALENDARS)

    @property
    def rooms(self) -> dict[str, ConferenceRoom]:
        return self._world.table(ROOMS)

    @property
    def room_bookings(self) -> dict[str, list[TimeInterval]]:
        return self._world.table(ROOM_BOOKINGS)

    @property
    def calendar_shared_with(self) -> list[str]:
        return self._world.table(CALENDAR_SHARED_WITH)

    @property
    def user_metadata(self) -> dict[str, object]:
        return self._world.table(USER_METADATA)
