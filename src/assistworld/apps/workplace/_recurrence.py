"""Expanding a ``RepetitionSpec`` into the start datetimes of its occurrences.

The expansion is RFC 5545 as implemented by ``dateutil.rrule``; this module only maps the spec's
fields onto a rule set. Both ``work_calendar.add_event`` (which materialises occurrence rows) and
the evaluation tool ``repetition_schedule`` use it, so they always agree.

Two behaviours follow ``dateutil`` rather than a literal reading of RFC 5545: the start (DTSTART)
is an occurrence only if it fits the ``which_*`` filters, and COUNT is applied before EXDATE, so an
excluded occurrence still counts towards ``max_repetitions``.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from itertools import islice
from types import MappingProxyType
from typing import Literal

from dateutil import rrule

from assistworld.apps.workplace._world import active_world
from assistworld.apps.workplace.time_utils import EventFrequency, RepetitionSpec

__all__ = ["MAX_UNBOUNDED_OCCURRENCES", "expand_repetition"]

MAX_UNBOUNDED_OCCURRENCES = 23
"""How many occurrences a rule with neither ``max_repetitions`` nor ``recurs_until`` yields."""

_RRULE_FREQUENCY: Mapping[EventFrequency, Literal[0, 1, 2, 3]] = MappingProxyType(
    {
        EventFrequency.DAILY: rrule.DAILY,
        EventFrequency.WEEKLY: rrule.WEEKLY,
        EventFrequency.MONTHLY: rrule.MONTHLY,
        EventFrequency.YEARLY: rrule.YEARLY,
    }
)


def expand_repetition(
    when: datetime.time, spec: RepetitionSpec | None, start_date: datetime.date | None = None
) -> list[datetime.datetime]:
    """The start datetimes of every occurrence of ``spec``, in time order.

    Parameters
    ----------
    when
        The time of day of each occurrence.
    spec
        The recurrence rule; ``None`` gives ``[]``. It is never modified.
    start_date
        The date of the series' start (DTSTART); today in the active world if omitted.

    Returns
    -------
    list[datetime.datetime]
        DTSTART is ``start_date`` at ``when``; ``frequency``/``period`` are FREQ/INTERVAL,
        ``max_repetitions`` is COUNT, ``recurs_until`` is UNTIL at ``when`` on that date (its own
        time part ignored, so an occurrence on that date is kept), the ``which_*`` lists are
        BYDAY/BYMONTHDAY/BYMONTH (an empty list counts as unset), ``bysetpos`` is BYSETPOS,
        ``exclude_occurrence`` are EXDATEs and ``occurrence_on_date`` an RDATE. Without COUNT or
        UNTIL, only the first ``MAX_UNBOUNDED_OCCURRENCES`` occurrences are returned.

    Raises
    ------
    TypeError
        If ``when`` is not a ``datetime.time`` or ``spec`` not a ``RepetitionSpec``.
    ValueError
        If the spec sets both COUNT and UNTIL, has a period below 1, or dateutil rejects it.
    """
    if spec is None:
        return []
    if not isinstance(spec, RepetitionSpec):
        raise TypeError(f"Expected a RepetitionSpec, got {type(spec).__name__}.")
    if not isinstance(when, datetime.time):
        raise TypeError(f"The time of a recurring event must be a datetime.time, got {when!r}.")
    if spec.max_repetitions is not None and spec.recurs_until is not None:
        raise ValueError(
            "Set either max_repetitions or recurs_until on a RepetitionSpec, not both."
        )
    if spec.period < 1:
        raise ValueError(f"A RepetitionSpec's period must be at least 1, got {spec.period}.")

    first_date = active_world().now.date() if start_date is None else start_date
    until = None
    if spec.recurs_until is not None:
        until = datetime.datetime.combine(_date_only(spec.recurs_until), when)
    try:
        rule = rrule.rrule(
            _RRULE_FREQUENCY[EventFrequency(spec.frequency)],
            dtstart=datetime.datetime.combine(first_date, when),
            interval=spec.period,
            count=spec.max_repetitions,
            until=until,
            byweekday=_filter(spec.which_weekday),
            bymonthday=_filter(spec.which_month_day),
            bymonth=_filter(spec.which_year_month),
            bysetpos=_filter(spec.bysetpos),
        )
    except ValueError as exc:
        raise ValueError(f"Invalid RepetitionSpec {spec!r}: {exc}") from None

    occurrences = rrule.rruleset()
    occurrences.rrule(rule)
    for excluded in spec.exclude_occurrence or ():
        occurrences.exdate(excluded)
    if spec.occurrence_on_date is not None:
        occurrences.rdate(spec.occurrence_on_date)

    if spec.max_repetitions is None and spec.recurs_until is None:
        return list(islice(occurrences, MAX_UNBOUNDED_OCCURRENCES))
    return list(occurrences)


def _date_only(day: datetime.date) -> datetime.date:
    """The calendar date of a date or datetime."""
    return day.date() if isinstance(day, datetime.datetime) else day


def _filter(values: list[int] | None) -> tuple[int, ...] | None:
    """A ``which_*`` list as dateutil expects it: a fresh tuple, or None when unset or empty."""
    return tuple(values) if values else None
