"""Conference rooms: find one with enough seats and see when it is free.

There is no booking call: a meeting books a room by naming it in ``Event.location`` when the
event is added with ``work_calendar.add_event``.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence

from pydantic import BaseModel, ConfigDict

from assistworld.apps.workplace._world import active_tables
from assistworld.apps.workplace.time_utils import (
    TimeExpressions,
    TimeInterval,
    combine,
    get_next_dow,
    now_,
    parse_time_string,
)
from assistworld.tools.declaration import tool

__all__ = [
    "ConferenceRoom",
    "RoomAvailability",
    "find_available_time_slots",
    "room_booking_default_time_window",
    "search_conference_room",
    "summarise_availability",
]


class RoomNotFoundError(LookupError):
    """No conference room's name contains the text searched for."""


class ConferenceRoom(BaseModel):
    """A conference room and how many people it seats."""

    model_config = ConfigDict(extra="forbid")

    room_name: str
    capacity: int


class RoomAvailability(BaseModel):
    """A room and the slots in which it is free (empty when the room is fully booked)."""

    model_config = ConfigDict(extra="forbid")

    room: ConferenceRoom
    free_slots: list[TimeInterval]


@tool(app="room_booking", effect="read")
def find_available_time_slots(
    room_name: str, time_window: list[TimeInterval] | list[datetime.date]
) -> list[TimeInterval]:
    """When a room is free within ``time_window``.

    room_name
        Matched case-insensitively as part of the room's name; the first room that matches is
        used. Raises ``LookupError`` if no room matches.
    time_window
        Time intervals, or dates (a date means its working day, 09:06 to 17:10).

    Returns the free parts of each window interval, in window order: a whole interval when the
    room has no booking in it; ``[]`` when the room is booked throughout.
    """
    room = _room_named(room_name)
    return _free_slots(room.room_name, _as_intervals(time_window, "find_available_time_slots"))


@tool(app="room_booking", effect="pure")
def room_booking_default_time_window() -> TimeInterval:
    """From now until the end of the working day (17:10) next Friday.

    Use it to search for a room when the user does not say when. "Next Friday" is the first Friday
    after today (on a Friday, the one a week later).
    """
    end = combine(get_next_dow("Friday"), parse_time_string(TimeExpressions.EndOfWorkDay))
    return TimeInterval(start=now_(), end=end)


@tool(
    app="room_booking",
    effect="read",
    parameters={
        "time_constraints": "Time intervals, or dates (a date means its working day, 09:06-17:10).",
        "capacity": "The fewest seats the room must have; None accepts any room.",
    },
)
def search_conference_room(
    time_constraints: list[TimeInterval] | list[datetime.date], capacity: int | None = None
) -> list[RoomAvailability]:
    """Every room that seats at least ``capacity`` people (any room if None), with its free slots.

    ``time_constraints`` are time intervals, or dates (a date means its working day, 09:06 to
    17:10). Rooms come in the order they were set up. Fully booked rooms are included with empty
    ``free_slots``: check ``free_slots`` before choosing a room. To book the room, put its
    ``room_name`` in the ``location`` of the event you add.
    """
    windows = _as_intervals(time_constraints, "search_conference_room")
    found = []
    for room in active_tables().rooms.values():
        if capacity is not None and room.capacity < capacity:
            continue
        found.append(
            RoomAvailability(
                room=room.model_copy(), free_slots=_free_slots(room.room_name, windows)
            )
        )
    return found


@tool(
    app="room_booking",
    effect="pure",
    parameters={
        "schedule": "Rooms and their free slots, as search_conference_room returns them.",
        "room_name": "Describe only the room with this name (any case); None describes every room.",
    },
)
def summarise_availability(schedule: list[RoomAvailability], room_name: str | None = None) -> str:
    """A text summary of room availability for the user.

    With ``room_name``, only the room with that name (any case) is described. The text lists each
    room as "Room: <name> (Capacity: <n>)" followed by one "  Available: <start> to <end>" line per
    free slot (times as YYYY-MM-DD HH:MM) or "   Fully booked!", with a blank line between
    rooms; it is "No rooms found!" when there is no room to describe.
    """
    entries = list(schedule)
    if room_name is not None:
        wanted = room_name.casefold()
        entries = [e for e in entries if e.room.room_name.casefold() == wanted]
    if not entries:
        return "No rooms found!"
    return "\n".join(_describe(entry) for entry in entries)


def _describe(entry: RoomAvailability) -> str:
    lines = [f"Room: {entry.room.room_name} (Capacity: {entry.room.capacity})\n"]
    for slot in entry.free_slots:
        start, end = (moment.strftime("%Y-%m-%d %H:%M") for moment in slot)
        lines.append(f"  Available: {start} to {end}\n")
    if not entry.free_slots:
        lines.append("   Fully booked!\n")
    return "".join(lines)


def _room_named(text: str) -> ConferenceRoom:
    """The first room (in stored order) whose name contains ``text``, ignoring case."""
    if not isinstance(text, str):
        raise TypeError(f"room_name must be a string, got {type(text).__name__}.")
    needle = text.casefold()
    rooms = active_tables().rooms.values()
    for room in rooms:
        if needle in room.room_name.casefold():
            return room
    known = ", ".join(repr(room.room_name) for room in rooms) or "none"
    raise RoomNotFoundError(f"No conference room is named like {text!r}. Rooms: {known}.")


def _as_intervals(window: Sequence[object], function: str) -> list[TimeInterval]:
    """Window items as intervals: a date stands for its working day."""
    opens = parse_time_string(TimeExpressions.StartOfWorkDay)
    closes = parse_time_string(TimeExpressions.EndOfWorkDay)
    intervals = []
    for item in window:
        if isinstance(item, tuple) and len(item) == 2:
            start, end = item
            if isinstance(start, datetime.datetime) and isinstance(end, datetime.datetime):
                intervals.append(TimeInterval(start, end))
                continue
        elif isinstance(item, datetime.date):
            day = item.date() if isinstance(item, datetime.datetime) else item
            intervals.append(TimeInterval(combine(day, opens), combine(day, closes)))
            continue
        raise TypeError(
            f"{function}: each time window item must be a TimeInterval or a datetime.date, "
            f"got {item!r}."
        )
    return intervals


def _free_slots(room_name: str, windows: list[TimeInterval]) -> list[TimeInterval]:
    """The parts of ``windows`` not covered by the room's bookings.

    A window that no booking overlaps or touches is free whole. Otherwise its overlapping
    bookings are taken in the order they were stored (not sorted): a cursor from the window's
    start yields the stretch up to each booking's start and then jumps past the booking's end.
    """
    bookings = active_tables().room_bookings.get(room_name, [])
    free = []
    for window in windows:
        clashes = [b for b in bookings if b.start <= window.end and b.end >= window.start]
        if not clashes:
            free.append(window)
            continue
        cursor = window.start
        for booking in clashes:
            if cursor < booking.start:
                free.append(TimeInterval(cursor, booking.start))
            cursor = max(cursor, booking.end)
        if cursor < window.end:
            free.append(TimeInterval(cursor, window.end))
    return free
