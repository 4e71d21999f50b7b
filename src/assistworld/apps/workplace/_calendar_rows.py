"""How calendar events become stored rows and come back out.

Rows in the world are never the objects a program holds: every write stores a copy and every
read returns a copy, so a program that mutates an ``Event`` changes nothing until it calls
``add_event`` again. People in the five employee-list fields are kept in name order by a stable
sort on the name alone, as the reference library keeps them: people who share a name stay in the
order the program listed them. Evaluation programs rely on both halves when they compare lists
with ``==`` against ``sorted(people, key=lambda p: p.name)``.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, MutableMapping
from copy import deepcopy
from typing import TYPE_CHECKING

from assistworld.apps.workplace._recurrence import expand_repetition
from assistworld.apps.workplace.company_directory import Employee

if TYPE_CHECKING:
    from assistworld.apps.workplace.work_calendar import Event

EMPLOYEE_LIST_FIELDS = (
    "attendees",
    "attendees_to_avoid",
    "optional_attendees",
    "declined_by",
    "tentative_attendees",
)


class EventNotFoundError(LookupError):
    """No event with the given ``event_id`` is in the calendar."""


def employee_sort_key(employee: Employee) -> str:
    """Order people by name alone: with a stable sort, namesakes keep the order they came in."""
    return employee.name


def by_name(people: Iterable[Employee]) -> list[Employee]:
    """``people`` in name order, namesakes in the order given (the reference's stable sort)."""
    return sorted(people, key=employee_sort_key)


def check_event_fields(event: Event) -> None:
    """Reject values a program assigned after construction that pydantic never validated."""
    for field in EMPLOYEE_LIST_FIELDS:
        people = getattr(event, field)
        if people is None:
            continue
        if not isinstance(people, list):
            raise TypeError(
                f"Event.{field} must be a list of Employee objects or None, "
                f"not {type(people).__name__}."
            )
        for person in people:
            if not isinstance(person, Employee):
                raise TypeError(
                    f"Event.{field} must hold Employee objects (get them with find_employee); "
                    f"found {person!r} of type {type(person).__name__}."
                )
    for field in ("starts_at", "ends_at", "original_starts_at"):
        value = getattr(event, field)
        if value is not None and not isinstance(value, datetime.datetime):
            raise TypeError(
                f"Event.{field} must be a datetime.datetime, not {type(value).__name__}; "
                "build one with combine(date, time)."
            )


def row_copy(event: Event) -> Event:
    """A copy of ``event`` sharing no mutable part with it, every employee list in name order
    (:func:`by_name`, so namesakes keep the order the program gave them).

    Employees and datetimes are immutable, so fresh lists suffice for them; only the recurrence
    spec and attachments need a deep copy. (Reads copy every returned row, so this is hot.)
    """
    copy = event.model_copy()
    for field in EMPLOYEE_LIST_FIELDS:
        people = getattr(copy, field)
        if people is not None:
            setattr(copy, field, by_name(people))
    if copy.repeats is not None:
        copy.repeats = copy.repeats.model_copy(deep=True)
    if copy.attachments is not None:
        copy.attachments = deepcopy(copy.attachments)
    return copy


def repetition_end_at_start_time(row: Event) -> datetime.datetime | None:
    """Set ``row.repeats.recurs_until`` to that date at ``row.starts_at``'s time of day and return
    it (None when the row has no end date to normalise). The reference stores it so, and
    published evaluation programs compare it."""
    if row.repeats is None or row.repeats.recurs_until is None or row.starts_at is None:
        return None
    until = row.repeats.recurs_until
    day = until.date() if isinstance(until, datetime.datetime) else until
    row.repeats.recurs_until = datetime.datetime.combine(day, row.starts_at.time())
    return row.repeats.recurs_until


def without_person(people: list[Employee] | None, employee_id: str) -> list[Employee] | None:
    """``people`` minus whoever has ``employee_id`` (``None`` stays ``None``)."""
    if people is None:
        return None
    return [p for p in people if p.employee_id != employee_id]


def occurrence_rows(parent: Event, new_id: Callable[[], str]) -> dict[str, Event]:
    """One row per occurrence of the recurring ``parent`` (which must carry its id), by id.

    Each row copies the parent with its own id, ``repeats=None``, ``recurrent_event_id`` set to
    the parent's id, ``original_starts_at`` set to the parent's start and the parent's length.
    """
    if parent.repeats is None:
        return {}
    if parent.starts_at is None or parent.ends_at is None:
        raise ValueError("A recurring event needs both starts_at and ends_at.")
    length = parent.ends_at - parent.starts_at
    rows = {}
    starts = expand_repetition(parent.starts_at.time(), parent.repeats, parent.starts_at.date())
    for start in starts:
        row = parent.model_copy(deep=True)
        row.event_id = row_id = new_id()
        row.repeats = None
        row.starts_at = start
        row.ends_at = start + length
        row.recurrent_event_id = parent.event_id
        row.original_starts_at = parent.starts_at
        rows[row_id] = row
    return rows


def remove_with_occurrences(table: MutableMapping[str, Event], event_id: str) -> None:
    """Delete row ``event_id`` and every occurrence row that points at it."""
    if event_id not in table:
        raise EventNotFoundError(
            f"No event with event_id {event_id!r} is in the calendar. Get the event from "
            "find_events (or find_past_events) before changing or deleting it."
        )
    del table[event_id]
    for key in [k for k, row in table.items() if row.recurrent_event_id == event_id]:
        del table[key]
