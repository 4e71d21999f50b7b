"""The filters the search tools share: a time window from explicit bounds and a named period,
and text that must contain every word of a query."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from assistworld.apps.personal._checks import time_range
from assistworld.apps.personal._periods import PERIODS, period_bounds
from assistworld.apps.personal.errors import PersonalAppError


@dataclass(frozen=True)
class Window:
    """A half-open time window ``[start, end)``; a missing bound is open."""

    start: datetime.datetime | None = None
    end: datetime.datetime | None = None

    def holds(self, moment: datetime.datetime) -> bool:
        """Whether ``moment`` is in the window."""
        return (self.start is None or moment >= self.start) and (
            self.end is None or moment < self.end
        )

    def overlaps(self, start: datetime.datetime, end: datetime.datetime) -> bool:
        """Whether an event from ``start`` to ``end`` overlaps the window."""
        if end <= start:
            return self.holds(start)
        return (self.start is None or end > self.start) and (self.end is None or start < self.end)


def window(
    start: datetime.datetime | None,
    end: datetime.datetime | None,
    period: str | None,
    now: datetime.datetime,
) -> Window:
    """The window the arguments name: the explicit bounds, narrowed by ``period`` if given."""
    time_range(start, end)
    if period is None:
        return Window(start, end)
    if period not in PERIODS:
        raise PersonalAppError(f"period {period!r} is unknown; use one of {', '.join(PERIODS)}")
    first, last = period_bounds(period, now)
    low = first if start is None else max(start, first)
    high = last if end is None else min(end, last)
    return Window(low, high)


def text_matches(query: str | None, *fields: str | None) -> bool:
    """Whether every word of ``query`` appears (case-insensitively) in one of ``fields``."""
    if not query:
        return True
    haystack = " ".join(field for field in fields if field).casefold()
    return all(word in haystack for word in query.casefold().split())
