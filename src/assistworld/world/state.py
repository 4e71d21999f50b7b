"""The world's data as one plain, serialisable record.

Every table is a mapping from a row key to a typed row, kept in the order rows were stored (several
library functions promise "in the order stored"). The record is what snapshots, JSON files and
diffs are made of.
"""

from __future__ import annotations

import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.workplace.company_directory import EmployeeDetails
from assistworld.apps.workplace.room_booking import ConferenceRoom
from assistworld.apps.workplace.time_utils import TimeInterval
from assistworld.apps.workplace.work_calendar import Event

DEFAULT_NOW = datetime.datetime(2024, 6, 25, 9, 6)

TABLE_NAMES = (
    "employees",
    "vacations",
    "user_calendar",
    "employee_calendars",
    "rooms",
    "room_bookings",
    "calendar_shared_with",
    "user_metadata",
)


class WorldState(BaseModel):
    """Everything a world holds. Plain data: it round-trips through JSON exactly."""

    model_config = ConfigDict(extra="forbid")

    now: datetime.datetime = DEFAULT_NOW
    seed: int = 0
    rng_state: list[Any] | None = None
    ids_issued: int = 0
    employees: dict[str, EmployeeDetails] = Field(default_factory=dict)
    """employee_id -> profile."""
    vacations: dict[str, list[TimeInterval]] = Field(default_factory=dict)
    """employee_id -> time off, in the order stored."""
    user_calendar: dict[str, Event] = Field(default_factory=dict)
    """event_id -> event row (recurring parents and their occurrence rows), in the order stored."""
    employee_calendars: dict[str, dict[str, Event]] = Field(default_factory=dict)
    """employee_id -> (event_id -> event row) of that employee's shared calendar."""
    rooms: dict[str, ConferenceRoom] = Field(default_factory=dict)
    """room name -> room, in the order stored."""
    room_bookings: dict[str, list[TimeInterval]] = Field(default_factory=dict)
    """room name -> booked intervals, in the order stored."""
    calendar_shared_with: list[str] = Field(default_factory=list)
    """ids of the employees the user's calendar is shared with, in the order shared."""
    user_metadata: dict[str, Any] = Field(default_factory=dict)
    """Free-form facts about the user that setup programs record."""
