"""Searching the user's calendar: the filters behind ``find_events`` and ``find_past_events``.

The attendee filter compares the whole attendee list, as the reference does: both lists in name
order (a stable sort, so namesakes keep their given order), then person by person. Benchmark
programs rely on a one-person search not finding larger meetings.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from rapidfuzz import fuzz, utils

from assistworld.apps.workplace._calendar_rows import by_name, row_copy
from assistworld.apps.workplace._fuzzy_bounds import bounded
from assistworld.apps.workplace.company_directory import Employee

if TYPE_CHECKING:
    from assistworld.apps.workplace.work_calendar import Event

SUBJECT_MATCH_CUTOFF = 90
"""Lowest rapidfuzz ``WRatio`` score (0-100) at which a subject counts as matching."""


def people_key(people: Iterable[Employee] | None) -> list[str]:
    """The ids of ``people`` in name order (namesakes as given): two lists match when these are
    equal, so listing the same people in another order matches unless it swaps namesakes."""
    return [person.employee_id for person in by_name(people or [])]


def subject_matches(query: str, subject: str | None) -> bool:
    """Fuzzy title match: ``WRatio`` with rapidfuzz's default processor, at least 90 (on the first
    ``FUZZY_INPUT_CHARS`` characters of each side)."""
    if not subject:
        return False
    score = fuzz.WRatio(bounded(query), bounded(subject), processor=utils.default_process)
    return bool(score >= SUBJECT_MATCH_CUTOFF)


def search_parents(
    rows: Iterable[Event],
    attendees: list[Employee] | None,
    subject: str | None,
    starts_when: Callable[[datetime.datetime], bool],
) -> list[Event]:
    """Copies of the rows that are not occurrences, start when ``starts_when`` says and match.

    ``attendees`` (if not None) must hold the row's attendees (:func:`people_key`), with None
    and ``[]`` alike; an empty or None ``subject`` does not filter. Sorted by start.
    """
    wanted = None
    if attendees is not None:
        for person in attendees:
            if not isinstance(person, Employee):
                raise TypeError(
                    "attendees must be a list of Employee objects (get them with find_employee); "
                    f"found {person!r}."
                )
        wanted = people_key(attendees)
    found = []
    for row in rows:
        start = row.starts_at
        if row.recurrent_event_id is not None or start is None or not starts_when(start):
            continue
        if wanted is not None and people_key(row.attendees) != wanted:
            continue
        if subject and not subject_matches(subject, row.subject):
            continue
        found.append(row)
    found.sort(key=lambda row: row.starts_at or datetime.datetime.min)
    return [row_copy(row) for row in found]
