"""Small worlds for calendar and room tests: a handful of employees, one of them the user."""

from __future__ import annotations

import datetime

from assistworld.apps.workplace.company_directory import Employee, EmployeeDetails, Team
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.world import World

USER_NAME = "Alex"
COLLEAGUES = ("Bob", "Alice", "Chloe", "Dan")
"""Deliberately not in name order, so tests can see that lists get sorted."""

NOW = datetime.datetime(2024, 6, 25, 9, 6)
"""The default world clock: Tuesday 25 June 2024, 09:06."""


def at(day: int, hour: int, minute: int = 0, month: int = 6) -> datetime.datetime:
    """A datetime in 2024 (June unless told otherwise)."""
    return datetime.datetime(2024, month, day, hour, minute)


def _details(name: str, *, is_user: bool = False) -> EmployeeDetails:
    lower = name.lower()
    return EmployeeDetails(
        name=name,
        email_address=f"{lower}@company.co.ro",
        mobile="+4000000000000",
        team=Team.Engineering,
        role="Team Member",
        video_conference_link=f"https://company.xweb.com/{lower}",
        joined_date=datetime.date(2023, 8, 1),
        birth_date=datetime.date(1990, 7, 1),
        employee_id=f"id-{lower}",
        is_user=is_user,
    )


def make_world(now: datetime.datetime = NOW) -> World:
    """A world whose directory holds the user (Alex) and four colleagues."""
    world = World(now=now)
    for name, is_user in [(USER_NAME, True)] + [(n, False) for n in COLLEAGUES]:
        details = _details(name, is_user=is_user)
        WorkplaceTables(world).employees[details.employee_id] = details
    return world


def person(name: str) -> Employee:
    """The ``Employee`` of a fixture person."""
    return Employee(name=name, employee_id=f"id-{name.lower()}")
