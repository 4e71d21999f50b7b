"""The user's work calendar: find, add, change and delete events, and read colleagues' calendars."""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from assistworld.apps.workplace._calendar_rows import (
    EMPLOYEE_LIST_FIELDS,
    by_name,
    check_event_fields,
    occurrence_rows,
    remove_with_occurrences,
    repetition_end_at_start_time,
    row_copy,
)
from assistworld.apps.workplace._calendar_rows import (
    EventNotFoundError as EventNotFoundError,
)
from assistworld.apps.workplace._calendar_search import search_parents
from assistworld.apps.workplace._free_slots import busy_spans, gaps, working_days
from assistworld.apps.workplace._world import active_tables, active_world
from assistworld.apps.workplace.company_directory import Employee
from assistworld.apps.workplace.time_utils import (
    Duration,
    RepetitionSpec,
    TimeExpressions,
    TimeInterval,
    TimeUnits,
    get_next_dow,
    now_,
    parse_time_string,
)
from assistworld.tools.declaration import tool

__all__ = [
    "CalendarSearchSettings",
    "Event",
    "ShowAsStatus",
    "add_event",
    "delete_event",
    "find_available_slots",
    "find_events",
    "find_past_events",
    "get_calendar",
    "get_default_preparation_time",
    "get_search_settings",
    "provide_event_details",
    "share_calendar",
    "summarise_calendar",
]

DEFAULT_EVENT_DURATION_MINUTES = 16
"""Length given by ``add_event`` to an event created without ``ends_at``."""

_PREPARATION_MINUTES = 30


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
        People who accepted the invitation. The calendar is the user's, so the user need not be
        listed; ``add_event`` stores the list exactly as given (the user too, if listed).
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
        Start and end (``datetime.datetime``). ``add_event`` sets a missing ``ends_at`` to
        ``starts_at`` + 16 minutes.
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

    Two events are equal when all fields are equal, ignoring the order of people in the lists
    except between people who share a name. Events returned by the calendar list people sorted
    by name (people who share a name in the order they were given). ``str(event)`` gives a
    one-line description.
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
                mine, theirs = by_name(mine), by_name(theirs)
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


class CalendarSearchSettings(BaseModel):
    """The part of each day in which ``find_available_slots`` looks for free time.

    ``CalendarSearchSettings(earliest_free_slot_start, latest_free_slot_finish)``, both
    ``datetime.time`` values; positional or keyword arguments both work.
    """

    model_config = ConfigDict(extra="forbid")

    earliest_free_slot_start: datetime.time
    latest_free_slot_finish: datetime.time

    def __init__(
        self, earliest_free_slot_start: datetime.time, latest_free_slot_finish: datetime.time
    ) -> None:
        super().__init__(
            earliest_free_slot_start=earliest_free_slot_start,
            latest_free_slot_finish=latest_free_slot_finish,
        )


# -- writing the user's calendar ------------------------------------------------------------------


@tool(app="work_calendar", effect="pure")
def get_default_preparation_time() -> Duration:
    """The time to set aside to prepare for a meeting when the user does not say: 30 minutes."""
    return Duration(_PREPARATION_MINUTES, TimeUnits.Minutes)


@tool(
    app="work_calendar",
    effect="write",
    parameters={
        "event": "The event to store; with the event_id of a stored event it replaces that event."
    },
)
def add_event(event: Event) -> str:
    """Add an event to the user's calendar, or replace one, and return its ``event_id``.

    - ``event.event_id`` is None: a new event is created. ``starts_at`` is required. A missing
      ``ends_at`` becomes ``starts_at`` + 16 minutes: set ``ends_at`` whenever the length matters.
    - ``event.event_id`` is that of an event in the calendar: that event (and, if it is recurring,
      all its occurrences) is replaced by ``event``. To change an event, get it from
      ``find_events``, change its fields and pass it here; do not also delete it. An
      ``event_id`` not in the calendar is kept as the new event's id.
    - The assigned ``event_id`` and a filled-in ``ends_at`` are written back onto ``event``.
    - With ``repeats`` set, the calendar also stores one occurrence per repetition, each with its
      own ``event_id`` and ``recurrent_event_id`` set to this event's id. A ``recurs_until`` (date
      or datetime) becomes that date at the event's start time, both in the stored event and in
      the ``RepetitionSpec`` object given (so a spec shared by several events ends up holding the
      last one's start time; each stored event keeps its own).
    - ``attendees`` are stored exactly as given: the user is neither added nor removed. An event
      that lists the user is found by ``find_events(attendees=...)`` only when the search lists
      the user too.
    - To book a conference room, put its name in ``location``.
    - Nothing is checked: clashes with other events, weekends and working hours are not
      rejected, so check them yourself first if the request calls for it.
    """
    if not isinstance(event, Event):
        raise TypeError(f"add_event expects an Event, got {type(event).__name__}.")
    check_event_fields(event)
    if event.starts_at is None:
        raise ValueError("add_event: the event has no starts_at; set its start time first.")
    world = active_world()
    ends_at = event.ends_at
    if ends_at is None:
        ends_at = event.starts_at + datetime.timedelta(minutes=DEFAULT_EVENT_DURATION_MINUTES)
    event_id = event.event_id if event.event_id is not None else world.new_id("event")

    row = row_copy(event)
    row.ends_at = ends_at
    row.event_id = event_id
    until = repetition_end_at_start_time(row)
    occurrences = occurrence_rows(row, lambda: world.new_id("event"))

    table = active_tables().user_calendar
    if event_id in table:
        remove_with_occurrences(table, event_id)
    table[event_id] = row
    table.update(occurrences)
    event.event_id = event_id
    event.ends_at = ends_at
    if until is not None and event.repeats is not None:
        event.repeats.recurs_until = until
    return event_id


@tool(
    app="work_calendar",
    effect="write",
    parameters={"event": "The event to delete, as found by find_events or find_past_events."},
)
def delete_event(event: Event) -> None:
    """Delete ``event`` from the user's calendar; for a recurring event, all its occurrences too.

    The event must come from the calendar (``find_events`` or ``find_past_events``): it is found
    by its ``event_id``. Raises ``LookupError`` if no event with that id is in the calendar.
    """
    if not isinstance(event, Event):
        raise TypeError(f"delete_event expects an Event, got {type(event).__name__}.")
    if event.event_id is None:
        raise ValueError(
            "delete_event: the event has no event_id, so it is not in the calendar. "
            "Get the event to delete from find_events or find_past_events."
        )
    remove_with_occurrences(active_tables().user_calendar, event.event_id)


@tool(
    app="work_calendar",
    effect="write",
    parameters={"recipients": "The employees who may see the user's calendar."},
)
def share_calendar(recipients: list[Employee]) -> None:
    """Let ``recipients`` see the user's calendar (adding to anyone it is already shared with)."""
    shared = active_tables().calendar_shared_with
    for person in recipients:
        if not isinstance(person, Employee):
            raise TypeError(
                "share_calendar expects a list of Employee objects (get them with find_employee); "
                f"found {person!r}."
            )
        if person.employee_id not in shared:
            shared.append(person.employee_id)


# -- reading calendars ----------------------------------------------------------------------------


@tool(app="work_calendar", effect="read")
def find_events(attendees: list[Employee] | None = None, subject: str | None = None) -> list[Event]:
    """Upcoming events in the user's calendar (starting now or later), sorted by start.

    With no arguments, returns every upcoming event. A recurring event appears once, as the event
    with ``repeats`` set (starting at its first occurrence), not once per occurrence; a recurring
    event whose first occurrence is past is not returned (look in ``find_past_events``).

    attendees
        Keeps only events whose attendees are exactly these people, in any order (except that
        people who share a name must come in the order the event lists them). A search for
        ``[alice]`` does NOT find a meeting with Alice and Bob: to find every meeting that includes
        Alice, call ``find_events()`` and keep the events with ``alice in (e.attendees or [])``.
        ``[]`` finds events without attendees. The lists are compared as stored: an event
        added with the user among its attendees is found only by a search that lists the user.
    subject
        Keeps events whose subject matches approximately (case and punctuation are ignored;
        close or partial titles match, unrelated ones do not).

    Both filters must hold. People in the returned events are sorted by name.
    """
    now = now_()
    return search_parents(
        active_tables().user_calendar.values(), attendees, subject, lambda s: s >= now
    )


@tool(
    app="work_calendar",
    effect="read",
    parameters={
        "attendees": "Keeps only events whose attendees are exactly these (as in find_events).",
        "subject": "Keeps events whose subject matches this approximately.",
    },
)
def find_past_events(
    attendees: list[Employee] | None = None, subject: str | None = None
) -> list[Event]:
    """Events in the user's calendar that started before now, sorted by start (oldest first).

    Filters work exactly as in ``find_events`` (``attendees`` must match the attendee list
    exactly; ``subject`` matches approximately). A recurring event appears once, as the event with
    ``repeats`` set, if its first occurrence is past.
    """
    now = now_()
    return search_parents(
        active_tables().user_calendar.values(), attendees, subject, lambda s: s < now
    )


@tool(
    app="work_calendar",
    effect="read",
    parameters={"employee": "The colleague whose shared calendar to read."},
)
def get_calendar(employee: Employee) -> list[Event]:
    """The events in a colleague's shared calendar, in the order they were stored.

    Past and future events are included, and a recurring event is listed both as the event with
    ``repeats`` and as one event per occurrence (those have ``recurrent_event_id`` set). The
    owner is normally not in ``attendees``: a meeting between the owner and Mark lists only Mark.
    Returns ``[]`` if the employee has not shared a calendar. For the user's own calendar use
    ``find_events``.
    """
    if not isinstance(employee, Employee):
        raise TypeError(
            f"get_calendar expects an Employee (get one with find_employee), got {employee!r}."
        )
    rows = active_tables().employee_calendars.get(employee.employee_id, {})
    return [row_copy(row) for row in rows.values()]


@tool(
    app="work_calendar",
    effect="pure",
    parameters={"calendar_key": '"work" or "default" (both give 09:06 to 17:10).'},
)
def get_search_settings(calendar_key: Literal["work", "default"]) -> CalendarSearchSettings:
    """The working day used to search for free time: 09:06 to 17:10 for both calendars."""
    if not isinstance(calendar_key, str) or calendar_key.lower() not in ("work", "default"):
        raise ValueError(
            f'get_search_settings: calendar_key must be "work" or "default", got {calendar_key!r}.'
        )
    return CalendarSearchSettings(
        earliest_free_slot_start=parse_time_string(TimeExpressions.StartOfWorkDay),
        latest_free_slot_finish=parse_time_string(TimeExpressions.EndOfWorkDay),
    )


@tool(
    app="work_calendar",
    effect="pure",
    parameters={
        "events": "The events that take up time, e.g. from find_events or get_calendar.",
        "search_settings": "The part of each day to search; None means 09:06 to 17:10.",
        "date": "Only this day; None: every day the events span (today to next Friday if none).",
    },
)
def find_available_slots(
    events: list[Event],
    search_settings: CalendarSearchSettings | None = None,
    date: datetime.date | None = None,
) -> list[TimeInterval]:
    """Free time around ``events`` (e.g. from ``find_events`` or ``get_calendar``), sorted by start.

    Only the events passed in count; those shown as ``Free`` are ignored. Each day is searched
    within ``search_settings`` (default ``get_search_settings("default")``: 09:06 to 17:10):

    - If no events are left, or ``date`` is given and no event spans that date: the whole working
      day of ``date`` is returned; without ``date``, one whole working day for each day from today
      through next Friday (weekend days included; today's slot starts at the start of the working
      day even if that is past).
    - Otherwise, for each day from the first event's start date to the last event's end date (or
      just ``date``): the gaps before, between and after that day's events within the working
      day. A day without events in that range is free all day.

    Caveats: slots are not clipped to now; a gap before an event that starts after the working day
    ends runs up to that event's start, past the end of the working day.
    """
    settings = search_settings if search_settings is not None else get_search_settings("default")
    opens, closes = settings.earliest_free_slot_start, settings.latest_free_slot_finish
    for event in events:
        if not isinstance(event, Event):
            raise TypeError(f"find_available_slots expects a list of Event, found {event!r}.")
    spans = busy_spans(events)
    if date is not None and isinstance(date, datetime.datetime):
        date = date.date()
    if not spans or (
        date is not None and not any(start.date() <= date <= end.date() for start, end in spans)
    ):
        if date is not None:
            return working_days(date, date, opens, closes)
        today = now_().date()
        return working_days(today, get_next_dow("Friday", after=today), opens, closes)
    return gaps(spans, opens, closes, date)


# -- describing events ----------------------------------------------------------------------------


@tool(
    app="work_calendar",
    effect="pure",
    parameters={
        "events": "The events to summarise; the first in the list is described.",
        "name": "Whose calendar it is, for the text; None means the user's own.",
    },
)
def summarise_calendar(events: list[Event], name: str | None = None) -> str:
    """A one-line summary: how many events there are and the details of the first in the list.

    Example: "There are 3 events in Alex's calendar. Here are the details of the first: ..."
    ("your calendar" when ``name`` is None); with no events: "There are no events in your
    calendar." The list is not sorted here: sort it first if "first" should mean earliest.
    """
    whose = "your calendar" if name is None else f"{name}'s calendar"
    if not events:
        return f"There are no events in {whose}."
    return (
        f"There are {len(events)} events in {whose}. Here are the details of the first: {events[0]}"
    )


@tool(app="work_calendar", effect="pure", parameters={"events": "The events to describe."})
def provide_event_details(events: list[Event]) -> str:
    """The details of every event, for the user to read.

    One event: its description. Several: one per line, sorted by start, numbered from 0
    ("0. ...", "1. ..."). None: "There are no events that satisfy these criteria".
    """
    if not events:
        return "There are no events that satisfy these criteria"
    if len(events) == 1:
        return str(events[0])
    ordered = sorted(
        events, key=lambda e: (e.starts_at is None, e.starts_at or datetime.datetime.min)
    )
    return "\n".join(f"{i}. {e}" for i, e in enumerate(ordered))


# -- helpers --------------------------------------------------------------------------------------
