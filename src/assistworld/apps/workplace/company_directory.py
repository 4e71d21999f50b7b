"""The company directory: who works here, in which team, for whom, and when they are away."""

from __future__ import annotations

import datetime
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator
from rapidfuzz import fuzz, process, utils

from assistworld.apps.workplace._fuzzy_bounds import bounded
from assistworld.apps.workplace._world import active_tables
from assistworld.apps.workplace.time_utils import TimeInterval
from assistworld.tools.declaration import tool

__all__ = [
    "Employee",
    "EmployeeDetails",
    "Team",
    "find_employee",
    "find_manager_of",
    "find_reports_of",
    "find_team_of",
    "get_all_employees",
    "get_assistant",
    "get_current_user",
    "get_employee_profile",
    "get_office_location",
    "get_vacation_schedule",
]


class Team(StrEnum):
    """The teams of the company."""

    SalesMarketing = "SalesMarketing"
    Engineering = "Engineering"
    Finance = "Finance"
    Leadership = "Leadership"
    Assistants = "Assistants"


class Employee(BaseModel):
    """A person in the company directory: their ``name`` and an opaque ``employee_id``.

    Never create an ``Employee`` yourself: get one from ``find_employee``, ``get_current_user``,
    ``get_all_employees`` and the other directory functions. Two employees are equal only when both
    name and id are equal, so two people with the same name stay distinct.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    employee_id: str

    @model_validator(mode="before")
    @classmethod
    def _needs_directory_id(cls, data: Any) -> Any:
        if isinstance(data, dict) and "employee_id" not in data:
            raise ValueError(
                "Employee objects cannot be created directly; use `find_employee(name)` (or "
                "another company_directory function) to look the person up."
            )
        return data


class EmployeeDetails(BaseModel):
    """An employee's profile, as returned by ``get_employee_profile``.

    ``manager`` and ``assistant`` are employee ids (``None`` when there is none: the CEO has no
    manager, and only the CEO, COO and CFO have an assistant, whose ``manager`` is that leader);
    ``reports`` lists the ids of direct reports (empty or ``None`` when there are none; a leader's
    assistant is not among them). ``role`` is one of "CEO", "COO", "CFO", "Manager",
    "Team Member" and "Assistant". ``is_user`` marks the device's user.
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str
    email_address: str
    mobile: str
    team: Team
    role: str
    video_conference_link: str
    joined_date: datetime.date
    birth_date: datetime.date
    manager: str | None = None
    assistant: str | None = None
    reports: list[str] | None = None
    employee_id: str
    is_user: bool = False


OFFICE_ADDRESS = "30 Station Road, Cambridge, CV3 2AL"
"""The one office every employee works from."""

_LEADERSHIP_ROLES = ("CEO", "COO", "CFO")
_NAME_MATCH_CUTOFF = 90
_MAX_NAME_MATCHES = 50


# These errors are deliberately not in ``__all__``: action programs never see them (the program
# namespace holds only the names the benchmark expects), but other library modules and the
# harness may import them to recognise a broken directory or a forged employee.
class EmployeeNotFoundError(LookupError):
    """An ``Employee`` whose id is not in the company directory was passed to a library call."""


class CurrentUserError(LookupError):
    """The company directory does not mark exactly one employee as the device's user."""


def _as_employee(details: EmployeeDetails) -> Employee:
    return Employee(name=details.name, employee_id=details.employee_id)


def _details_by_id(employee_id: str) -> EmployeeDetails:
    details = active_tables().employees.get(employee_id)
    if details is None:
        raise EmployeeNotFoundError(
            f"No employee with id {employee_id!r} is in the company directory. Get employees "
            "from `find_employee(name)` or the other company_directory functions."
        )
    return details


def _details_of(employee: Employee) -> EmployeeDetails:
    """The stored profile of ``employee``; a clear error for anything else."""
    if not isinstance(employee, Employee):
        raise TypeError(
            f"Expected an Employee, got {type(employee).__name__} {employee!r}. Look people up "
            "with `find_employee(name)` and pass one of the returned Employee objects."
        )
    details = active_tables().employees.get(employee.employee_id)
    if details is None:
        raise EmployeeNotFoundError(
            f"{employee.name!r} (id {employee.employee_id!r}) is not in the company directory. "
            "Get employees from `find_employee(name)` instead of creating them."
        )
    return details


def _by_name(employees: list[Employee]) -> list[Employee]:
    """Sorted by name; people with the same name keep the directory's stored order."""
    return sorted(employees, key=lambda e: e.name)


@tool(app="company_directory", effect="read")
def get_current_user() -> Employee:
    """Return the device's user (the person the assistant works for)."""
    users = [d for d in active_tables().employees.values() if d.is_user]
    if len(users) != 1:
        raise CurrentUserError(
            f"The company directory marks {len(users)} employees as the user; exactly one is "
            "needed. A setup program creates the user with `simulate_org_structure(...)`."
        )
    return _as_employee(users[0])


@tool(
    app="company_directory",
    effect="read",
    parameters={"name": "The name, or part of it, to look for (case does not matter)."},
)
def find_employee(name: str) -> list[Employee]:
    """Find employees by name; best match first, ``[]`` when nobody matches.

    Matching is fuzzy (rapidfuzz ``WRatio`` on the first 1000 characters, score at least 90, at
    most 50 results) and ignores case, punctuation and surrounding spaces. Partial names match
    too ("Jian" finds "Jianpeng"), so several employees may be returned, including different
    people with the same name.
    """
    if not isinstance(name, str):
        raise TypeError(f"find_employee expects a name (str), got {type(name).__name__}.")
    directory = list(active_tables().employees.values())
    matches = process.extract(
        bounded(name),
        [bounded(d.name) for d in directory],
        scorer=fuzz.WRatio,
        processor=utils.default_process,
        score_cutoff=_NAME_MATCH_CUTOFF,
        limit=None,
    )
    # Best score first; equal scores keep the order in which employees were stored.
    ranked = sorted(matches, key=lambda match: (-match[1], match[2]))
    return [_as_employee(directory[index]) for _, _, index in ranked[:_MAX_NAME_MATCHES]]


@tool(
    app="company_directory",
    effect="read",
    parameters={"employee": "The employee whose teammates to list."},
)
def find_team_of(employee: Employee) -> list[Employee]:
    """Everyone in ``employee``'s team (managers included) except ``employee``, sorted by name."""
    team = _details_of(employee).team
    return _by_name(
        [
            _as_employee(d)
            for d in active_tables().employees.values()
            if d.team == team and d.employee_id != employee.employee_id
        ]
    )


@tool(
    app="company_directory",
    effect="read",
    parameters={"employee": "The employee whose direct reports to list."},
)
def find_reports_of(employee: Employee) -> list[Employee]:
    """The people who report directly to ``employee``, sorted by name; ``[]`` if none.

    A leader's assistant is not a report: use ``get_assistant`` for it.
    """
    report_ids = _details_of(employee).reports or []
    return _by_name([_as_employee(_details_by_id(i)) for i in report_ids])


@tool(
    app="company_directory",
    effect="read",
    parameters={"employee": "The employee whose manager to find."},
)
def find_manager_of(employee: Employee) -> Employee | None:
    """The manager of ``employee``; ``None`` for the CEO, who has no manager."""
    manager_id = _details_of(employee).manager
    return None if manager_id is None else _as_employee(_details_by_id(manager_id))


@tool(
    app="company_directory",
    effect="read",
    parameters={"employee": "The employee (the CEO, COO or CFO) whose assistant to find."},
)
def get_assistant(employee: Employee) -> Employee | None:
    """The assistant of ``employee``. Only the CEO, COO and CFO have one; ``None`` for others."""
    details = _details_of(employee)
    if details.role not in _LEADERSHIP_ROLES or details.assistant is None:
        return None
    return _as_employee(_details_by_id(details.assistant))


@tool(
    app="company_directory",
    effect="read",
    parameters={"employee": "The employee whose booked vacations to list."},
)
def get_vacation_schedule(employee: Employee) -> list[TimeInterval] | None:
    """The vacations ``employee`` has booked, sorted by start.

    Returns ``None`` (not ``[]``) when the employee has no vacation booked.
    """
    _details_of(employee)
    booked = active_tables().vacations.get(employee.employee_id)
    if not booked:
        return None
    return sorted(booked, key=lambda interval: interval.start)


@tool(
    app="company_directory",
    effect="read",
    parameters={"employee": "The employee whose profile to read."},
)
def get_employee_profile(employee: Employee) -> EmployeeDetails:
    """The profile of ``employee``: team, role, email, mobile, manager, reports and more."""
    return _details_of(employee).model_copy(deep=True)


@tool(app="company_directory", effect="read")
def get_all_employees() -> list[Employee]:
    """Every employee of the company (the user included), sorted by name."""
    return _by_name([_as_employee(d) for d in active_tables().employees.values()])


@tool(
    app="company_directory",
    effect="read",
    parameters={"employee": "The employee whose office address to give."},
)
def get_office_location(employee: Employee) -> str:
    """The address of the office where ``employee`` works (everyone works at the same office)."""
    _details_of(employee)
    return OFFICE_ADDRESS
