"""Tools that evaluation programs use to judge what an action program did."""

from __future__ import annotations

import datetime

from assistworld.apps.workplace._recurrence import expand_repetition
from assistworld.apps.workplace._world import active_tables
from assistworld.apps.workplace.company_directory import Employee
from assistworld.apps.workplace.time_utils import RepetitionSpec

__all__ = ["SolutionError", "assert_user_calendar_shared", "repetition_schedule"]


class SolutionError(Exception):
    """An evaluation program found that the action program did not solve the task."""

    def __init__(self, message: str = "Incorrect solution") -> None:
        super().__init__(message)


def repetition_schedule(
    when: datetime.time, spec: RepetitionSpec | None, start_date: datetime.date | None = None
) -> list[datetime.datetime]:
    """The start of every occurrence of a recurring event, exactly as ``add_event`` expands it.

    ``when`` is the time of day, ``start_date`` the first day (today if None). ``[]`` when
    ``spec`` is None.
    """
    return expand_repetition(when, spec, start_date)


def assert_user_calendar_shared(employees: list[Employee]) -> None:
    """Raise ``SolutionError`` unless the user's calendar is shared with exactly ``employees``.

    Order does not matter; sharing with anyone else, or with fewer people, fails.
    """
    wanted = {person.employee_id for person in employees}
    shared = set(active_tables().calendar_shared_with)
    if shared != wanted:
        raise SolutionError(
            f"Incorrect solution: the calendar is shared with {len(shared)} people, "
            f"expected exactly {len(wanted)} specific people."
        )
