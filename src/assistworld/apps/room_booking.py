"""Conference rooms: find one with enough seats and see when it is free.

There is no booking call: a meeting books a room by naming it in ``Event.location`` when the
event is added with ``work_calendar.add_event``.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from assistworld.apps.time_utils import TimeInterval

__all__ = ["ConferenceRoom", "RoomAvailability"]


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
