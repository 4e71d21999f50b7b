"""Setup tools that fill calendars and conference rooms.

Setup programs build a task's starting world with these; action programs never see them.
"""

from __future__ import annotations

import datetime

from assistworld.apps.workplace._calendar_rows import (
    check_event_fields,
    occurrence_rows,
    row_copy,
    without_person,
)
from assistworld.apps.workplace._world import active_tables, active_world
from assistworld.apps.workplace.company_directory import Employee
from assistworld.apps.workplace.room_booking import ConferenceRoom
from assistworld.apps.workplace.time_utils import TimeInterval
from assistworld.apps.workplace.work_calendar import Event, add_event

__all__ = ["simulate_conference_room", "simulate_employee_calendar", "simulate_user_calendar"]


def simulate_user_calendar(events: list[Event]) -> list[str]:
    """Put ``events`` in the user's calendar with ``add_event``; returns their ids in order.

    Everything ``add_event`` does applies: a missing ``ends_at`` becomes start + 16 minutes, the
    ids (and defaulted ends) are written back onto the events, recurring events get occurrence
    rows and their ``recurs_until`` at the event's start time, ``attendees`` are stored as given
    (the user too, if listed), and an event whose ``event_id`` is already in the calendar replaces
    it.
    """
    return [add_event(event) for event in events]


def simulate_employee_calendar(employee: Employee, events: list[Event]) -> list[str]:
    """Put ``events`` in ``employee``'s shared calendar (read by ``get_calendar``); returns the ids.

    Every event needs ``starts_at`` and ``ends_at`` (there is no default length here). An event
    without ``event_id`` is stored as given (leave the calendar's owner out of ``attendees``) and
    its new id is written back onto it. An event that already has an id, e.g. one just added to
    another calendar, is stored as a copy under a new id with ``employee`` removed from its
    attendees; the event passed in is left unchanged. Recurring events also get one row per
    occurrence.
    """
    world = active_world()
    owner = _known_employee(employee)
    calendar = active_tables().employee_calendars.setdefault(owner.employee_id, {})
    ids = []
    for event in events:
        if not isinstance(event, Event):
            raise TypeError(f"simulate_employee_calendar expects Events, got {event!r}.")
        check_event_fields(event)
        if event.starts_at is None or event.ends_at is None:
            raise ValueError(
                f"simulate_employee_calendar: the event {event} needs both starts_at and ends_at "
                f"(employee calendars have no default length)."
            )
        row = row_copy(event)
        row.event_id = world.new_id("event")
        if event.event_id is not None:
            row.attendees = without_person(row.attendees, owner.employee_id)
        occurrences = occurrence_rows(row, lambda: world.new_id("event"))
        calendar[row.event_id] = row
        calendar.update(occurrences)
        world.record_write()
        if event.event_id is None:
            event.event_id = row.event_id
        ids.append(row.event_id)
    return ids


def simulate_conference_room(
    room_name: str,
    capacity: int,
    bookings: dict[datetime.date, list[TimeInterval]] | None = None,
) -> None:
    """Add a conference room that seats ``capacity`` people, with its existing bookings.

    ``bookings`` maps a date to the intervals booked (the intervals' own datetimes are what
    counts; the date keys only group them). ``None`` means the room is not booked at all.
    """
    if not isinstance(room_name, str) or not room_name.strip():
        raise ValueError(
            f"simulate_conference_room: room_name must be a non-empty string, got {room_name!r}."
        )
    tables = active_tables()
    if room_name in tables.rooms:
        raise ValueError(f"simulate_conference_room: a room named {room_name!r} already exists.")
    booked: list[TimeInterval] = []
    for day, intervals in (bookings or {}).items():
        for interval in intervals:
            booked.append(_booking(room_name, day, interval))
    tables.rooms[room_name] = ConferenceRoom(room_name=room_name, capacity=capacity)
    tables.room_bookings.setdefault(room_name, []).extend(booked)
    active_world().record_write()


def _known_employee(employee: Employee) -> Employee:
    if not isinstance(employee, Employee):
        raise TypeError(
            f"simulate_employee_calendar expects an Employee (from find_employee), "
            f"got {employee!r}."
        )
    if employee.employee_id not in active_tables().employees:
        raise ValueError(
            f"simulate_employee_calendar: {employee.name} is not in the company directory; "
            "create the organisation with simulate_org_structure first."
        )
    return employee


def _booking(room_name: str, day: datetime.date, interval: object) -> TimeInterval:
    if not (isinstance(interval, tuple) and len(interval) == 2):
        raise TypeError(
            f"simulate_conference_room: bookings of {room_name!r} on {day} must be TimeIntervals, "
            f"got {interval!r}."
        )
    start, end = interval
    if not (isinstance(start, datetime.datetime) and isinstance(end, datetime.datetime)):
        raise TypeError(
            f"simulate_conference_room: booking {interval!r} of {room_name!r} needs datetimes."
        )
    if end < start:
        raise ValueError(
            f"simulate_conference_room: booking of {room_name!r} ends ({end}) before it starts "
            f"({start})."
        )
    return TimeInterval(start, end)
