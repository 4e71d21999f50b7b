"""The free-slot walk behind ``work_calendar.find_available_slots``.

Benchmark programs depend on the reference's exact steps, quirks included (a gap before an event
that starts after the working day ends at that event's start), so this module follows those
steps literally rather than computing a "clean" complement of busy time.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import TYPE_CHECKING

from assistworld.apps.workplace.time_utils import TimeInterval

if TYPE_CHECKING:
    from assistworld.apps.workplace.work_calendar import Event

Span = tuple[datetime.datetime, datetime.datetime]

_ONE_DAY = datetime.timedelta(days=1)


def busy_spans(events: Iterable[Event]) -> list[Span]:
    """(start, end) of every event not shown as Free; an event lacking either is an error."""
    spans = []
    for event in events:
        if event.show_as_status == "Free":
            continue
        if event.starts_at is None or event.ends_at is None:
            raise ValueError(
                f"find_available_slots: the event {event} needs both starts_at and ends_at."
            )
        spans.append((event.starts_at, event.ends_at))
    return spans


def working_days(
    first: datetime.date, last: datetime.date, opens: datetime.time, closes: datetime.time
) -> list[TimeInterval]:
    """One ``opens``..``closes`` interval per day from ``first`` to ``last`` (both included)."""
    days = []
    day = first
    while day <= last:
        days.append(
            TimeInterval(
                datetime.datetime.combine(day, opens), datetime.datetime.combine(day, closes)
            )
        )
        day += _ONE_DAY
    return days


def _touches(span: Span, day: datetime.date) -> bool:
    return span[0].date() <= day <= span[1].date()


def gaps(
    spans: list[Span],
    opens: datetime.time,
    closes: datetime.time,
    only_date: datetime.date | None,
) -> list[TimeInterval]:
    """The gaps between busy ``spans`` (non-empty), day by day, sorted by start.

    Days run from the earliest span start date to the latest span end date, or are just
    ``only_date``. On each day a cursor starts at ``opens``; for each span touching the day, in
    (start, end) order, the stretch from the cursor to the span's start is free when the cursor
    is before it (that end is deliberately not clipped to ``closes``), then the cursor moves to the
    span's end if that is later; what is left up to ``closes`` is free too.
    """
    first = min(start for start, _ in spans).date()
    last = max(end for _, end in spans).date()
    days = [only_date] if only_date is not None else _dates(first, last)
    free: list[TimeInterval] = []
    for day in days:
        cursor = datetime.datetime.combine(day, opens)
        day_end = datetime.datetime.combine(day, closes)
        for start, end in sorted(s for s in spans if _touches(s, day)):
            if cursor < start:
                free.append(TimeInterval(cursor, start))
            cursor = max(cursor, end)
        if cursor < day_end:
            free.append(TimeInterval(cursor, day_end))
    free.sort(key=lambda slot: slot.start)
    return free


def _dates(first: datetime.date, last: datetime.date) -> list[datetime.date]:
    count = (last - first).days + 1
    return [first + i * _ONE_DAY for i in range(max(count, 0))]
