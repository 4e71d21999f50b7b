"""The company directory: who works here, in which team, for whom, and when they are away."""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Any

from pydantic import BaseModel, ConfigDict, model_validator

__all__ = ["Employee", "EmployeeDetails", "Team"]


class Team(str, Enum):
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
    manager, and only the CEO, COO and CFO have an assistant); ``reports`` lists the ids of direct
    reports (``None`` when there are none). ``role`` is one of "CEO", "COO", "CFO", "Manager",
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
