"""The owner's personal calendar: find, list, create, change and remove events."""

from __future__ import annotations

import datetime

from assistworld.apps.personal import _checks as check
from assistworld.apps.personal._checks import LongText, NameList, ShortText
from assistworld.apps.personal._copies import detached, kept
from assistworld.apps.personal._filters import text_matches, window
from assistworld.apps.personal._ids import readable_id
from assistworld.apps.personal._people import PersonQuery
from assistworld.apps.personal.errors import PersonalAppError
from assistworld.apps.personal.records import CalendarEvent, Period
from assistworld.apps.personal.tables import active_tables
from assistworld.tools.declaration import tool

__all__ = [
    "create_calendar_event",
    "get_all_calendars",
    "modify_calendar_event",
    "remove_calendar_event",
    "search_calendar_events",
]

DEFAULT_EVENT_MINUTES = 60
"""The length of an event created without an end."""

_LISTER = "search_calendar_events or get_all_calendars"


@tool(app="calendar", effect="read")
def search_calendar_events(
    query: ShortText | None = None,
    attendee: ShortText | None = None,
    start: datetime.datetime | None = None,
    end: datetime.datetime | None = None,
    period: Period | None = None,
) -> list[CalendarEvent]:
    """Find calendar events by words of their title, location or notes, by attendee, or by time.

    Returns the matching events (with their ``event_id``) ordered by start time; an empty list
    when none match (then try ``get_all_calendars``). An event matches a time filter when it
    overlaps it.

    query
        Words that must all appear in the title, location or notes (case-insensitive).
    attendee
        A name or email address among the event's attendees.
    start, end
        Only events overlapping this time range (end excluded), ISO format: 2024-06-25T18:00.
    period
        A period relative to now (a ``Period``: today, yesterday, tomorrow, last_night,
        this_week, last_week, next_week, last_7_days, next_7_days, past, upcoming). With start or
        end as well, both apply.
    """
    words = check.short(query, "query")
    person = check.short(attendee, "attendee")
    tables = active_tables()
    span = window(start, end, period, tables.world.now)
    matcher = PersonQuery(person, tables.contacts.values()) if person is not None else None
    found = []
    for event in tables.calendar.values():
        if not text_matches(words, event.title, event.location, event.notes):
            continue
        if matcher is not None and not any(
            matcher.name(who) or matcher.party(who) for who in event.attendees
        ):
            continue
        if not span.overlaps(event.starts_at, event.ends_at):
            continue
        found.append(detached(event))
    return sorted(found, key=lambda event: event.starts_at)


@tool(app="calendar", effect="read")
def get_all_calendars() -> list[CalendarEvent]:
    """Every event of the owner's calendar, past and upcoming, ordered by start time."""
    events = [detached(event) for event in active_tables().calendar.values()]
    return sorted(events, key=lambda event: event.starts_at)


@tool(app="calendar", effect="write")
def create_calendar_event(
    title: ShortText,
    starts_at: datetime.datetime,
    ends_at: datetime.datetime | None = None,
    location: ShortText | None = None,
    attendees: NameList | None = None,
    notes: LongText | None = None,
) -> CalendarEvent:
    """Add an event to the owner's calendar; returns it with its ``event_id``.

    Clashes with other events are not checked: search the calendar first if that matters.

    title
        What the event is, e.g. "Dinner with Jess".
    starts_at, ends_at
        When it starts and ends, ISO format: 2024-06-28T19:30. Without an end it lasts one hour.
    location
        Where it takes place.
    attendees
        The other people invited, by name or email address.
    notes
        Anything else to remember.
    """
    name = check.short(title, "title", required=True)
    check.naive(starts_at, "starts_at")
    end = ends_at or starts_at + datetime.timedelta(minutes=DEFAULT_EVENT_MINUTES)
    check.time_range(starts_at, end, what="ends_at")
    people = check.names(attendees, "attendees")
    place, text = check.short(location, "location"), check.long(notes, "notes")
    tables = active_tables()
    event_id = readable_id(tables.world, "event", tables.calendar)
    event = CalendarEvent(
        event_id=event_id,
        title=name or "",
        starts_at=starts_at,
        ends_at=end,
        location=place,
        attendees=people,
        notes=text,
    )
    return kept(tables.calendar, event_id, event)


@tool(app="calendar", effect="write")
def modify_calendar_event(
    event_id: ShortText,
    title: ShortText | None = None,
    starts_at: datetime.datetime | None = None,
    ends_at: datetime.datetime | None = None,
    location: ShortText | None = None,
    attendees: NameList | None = None,
    notes: LongText | None = None,
) -> CalendarEvent:
    """Change some fields of a calendar event; returns the event as it now is.

    Fields left out (or null) keep their value; an empty string clears the location or notes.
    Moving the start without giving an end keeps the event's length.

    event_id
        The event's id, from search_calendar_events or get_all_calendars.
    title, location, notes
        The new texts.
    starts_at, ends_at
        The new times, ISO format: 2024-06-28T19:30.
    attendees
        The new, complete list of attendees (names or email addresses).
    """
    tables = active_tables()
    event = check.record(tables.calendar, event_id, "event", _LISTER)
    changes: dict[str, object] = {}
    if title is not None:
        changes["title"] = check.short(title, "title", required=True)
    if location is not None:
        changes["location"] = check.short(location, "location")
    if notes is not None:
        changes["notes"] = check.long(notes, "notes")
    if attendees is not None:
        changes["attendees"] = check.names(attendees, "attendees")
    check.naive(starts_at, "starts_at")
    if starts_at is not None:
        changes["starts_at"] = starts_at
        changes["ends_at"] = ends_at or starts_at + (event.ends_at - event.starts_at)
    elif ends_at is not None:
        changes["ends_at"] = ends_at
    if not changes:
        raise PersonalAppError("modify_calendar_event: give at least one field to change")
    updated = CalendarEvent.model_validate({**event.model_dump(), **changes})
    check.time_range(updated.starts_at, updated.ends_at, what="ends_at")
    return kept(tables.calendar, event.event_id, updated)


@tool(app="calendar", effect="write")
def remove_calendar_event(event_id: ShortText) -> CalendarEvent:
    """Delete an event from the owner's calendar; returns the event removed.

    event_id
        The event's id, from search_calendar_events or get_all_calendars.
    """
    return check.removed(active_tables().calendar, event_id, "event", _LISTER)
