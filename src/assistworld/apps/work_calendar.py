"""The user's work calendar: find, add, change and delete events, and read colleagues' calendars."""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from assistworld.apps.company_directory import Employee
from assistworld.apps.time_utils import Duration, RepetitionSpec, TimeUnits

__all__ = ["CalendarSearchSettings", "Event", "ShowAsStatus"]

EMPLOYEE_LIST_FIELDS = (
    "attendees",
    "attendees_to_avoid",
    "optional_attendees",
    "declined_by",
    "tentative_attendees",
)


class ShowAsStatus(str, Enum):
    """How an event shows in the calendar. Events shown as ``Free`` do not block time."""

    Busy = "Busy"
    OutOfOffice = "OutOfOffice"
    Free = "Free"


def _format_duration(delta: datetime.timedelta) -> str:
    hours, remainder = divmod(int(delta.total_seconds()), 3600)
    minutes = remainder // 60
    if hours == 0 and minutes == 0:
        return "less than a minute"
    if hours == 0:
        return f"{minutes} minutes"
    if minutes == 0:
        return f"{hours} hours"
    return f"{hours} hours and {minutes} minutes"


class Event(BaseModel):
    """A calendar event. Every field is optional when you create one.

    attendees
        People who accepted the invitation (never include the user: the calendar is theirs).
    attendees_to_avoid
        People deliberately left out.
    optional_attendees
        People invited as optional.
    declined_by
        People who declined the invitation.
    tentative_attendees
        People who have not confirmed, or answered "maybe".
    subject
        The event's title.
    location
        Where it happens; a conference room's name here books that room.
    starts_at, ends_at
        Start and end (``datetime.datetime``). ``add_event`` fills a missing ``ends_at``.
    show_as_status
        Busy (default), OutOfOffice or Free.
    event_importance
        "normal" (default) or "high".
    repeats
        A ``RepetitionSpec`` for a recurring event; ``None`` for a one-off.
    notes, video_link, attachments
        Free text, a video-call link, and attached items.
    event_id
        Set by ``add_event``. Keep it to change or delete the event later.
    recurrent_event_id
        On an occurrence of a recurring event: the ``event_id`` of the recurring event.
    original_starts_at
        On an occurrence of a recurring event: the recurring event's start.

    Two events are equal when all fields are equal, ignoring the order of people in the lists.
    Events returned by the calendar list people sorted by name. ``str(event)`` gives a one-line
    description.
    """

    model_config = ConfigDict(extra="forbid")

    attendees: list[Employee] | None = None
    attendees_to_avoid: list[Employee] | None = None
    optional_attendees: list[Employee] | None = None
    declined_by: list[Employee] | None = None
    tentative_attendees: list[Employee] | None = None
    subject: str | None = None
    location: str | None = None
    starts_at: datetime.datetime | None = None
    ends_at: datetime.datetime | None = None
    show_as_status: ShowAsStatus = ShowAsStatus.Busy
    event_importance: Literal["normal", "high"] = "normal"
    repeats: RepetitionSpec | None = None
    notes: str | None = None
    video_link: str | None = None
    attachments: list[Any] | None = None
    event_id: str | None = None
    recurrent_event_id: str | None = None
    original_starts_at: datetime.datetime | None = None

    @property
    def duration(self) -> Duration:
        """The event's length in minutes (``ends_at - starts_at``)."""
        if self.starts_at is None or self.ends_at is None:
            raise ValueError("An event needs both starts_at and ends_at to have a duration.")
        minutes = (self.ends_at - self.starts_at).total_seconds() / 60
        return Duration(minutes, TimeUnits.Minutes)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        for name in type(self).model_fields:
            mine, theirs = getattr(self, name), getattr(other, name)
            if name in EMPLOYEE_LIST_FIELDS and mine is not None and theirs is not None:
                mine = sorted(mine, key=_employee_sort_key)
                theirs = sorted(theirs, key=_employee_sort_key)
            if mine != theirs:
                return False
        return True

    __hash__ = None  # type: ignore[assignment]

    def __str__(self) -> str:
        start = self.starts_at.strftime("%Y-%m-%d %H:%M:%S") if self.starts_at else "N/A"
        end = self.ends_at.strftime("%Y-%m-%d %H:%M:%S") if self.ends_at else "N/A"
        length = (
            _format_duration(self.ends_at - self.starts_at)
            if self.starts_at and self.ends_at
            else "N/A"
        )
        people = ", ".join(a.name for a in self.attendees) if self.attendees else "None"
        if self.subject:
            if people == "None":
                text = f"'{self.subject}' starting at: {start}, ending at {end}"
            else:
                text = f"'{self.subject}' with {people} starting at: {start} for {length}"
        else:
            text = f"Meeting with {people} starting at: {start} for {length}"
        if self.location is not None:
            text += f" (location: {self.location})"
        return text


def _employee_sort_key(employee: Employee) -> tuple[str, str]:
    return (employee.name, employee.employee_id)


class CalendarSearchSettings(BaseModel):
    """The part of each day in which ``find_available_slots`` looks for free time."""

    model_config = ConfigDict(extra="forbid")

    earliest_free_slot_start: datetime.time
    latest_free_slot_finish: datetime.time
