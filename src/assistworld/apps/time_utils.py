"""Dates, times, durations and recurrence rules, always relative to the world's clock.

Use these tools, not the standard ``datetime`` module, to find out what "now", "today" or "next
Tuesday" means: the assistant's clock is the simulated world's, not the machine's.
"""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Literal, NamedTuple

from pydantic import BaseModel, ConfigDict, model_validator

__all__ = [
    "ComparisonResult",
    "DateExpressions",
    "DateRange",
    "DateRanges",
    "DateTimeClauseOperators",
    "Duration",
    "EventFrequency",
    "RepetitionSpec",
    "TimeExpressions",
    "TimeInterval",
    "TimeUnits",
    "weekdays",
]

weekdays = Literal["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


class TimeExpressions(str, Enum):
    """Named times of day. ``parse_time_string`` turns each into a clock time."""

    Afternoon = "Afternoon"
    Breakfast = "Breakfast"
    Brunch = "Brunch"
    Dinner = "Dinner"
    StartOfWorkDay = "StartOfWorkDay"
    EndOfWorkDay = "EndOfWorkDay"
    Evening = "Evening"
    Night = "Night"
    LateAfternoon = "LateAfternoon"
    LateMorning = "LateMorning"
    Lunch = "Lunch"
    Morning = "Morning"
    Noon = "Noon"
    Midnight = "Midnight"


class DateRanges(str, Enum):
    """Named periods. ``parse_durations_to_date_interval`` turns each into a ``DateRange``."""

    ThisWeekend = "ThisWeekend"
    NextWeek = "NextWeek"
    ThisMonth = "ThisMonth"
    NextMonth = "NextMonth"


class DateExpressions(str, Enum):
    """Named dates. ``parse_date_string`` turns each into a ``datetime.date``."""

    Today = "Today"
    Tomorrow = "Tomorrow"
    Yesterday = "Yesterday"
    FirstDayNextYear = "FirstDayNextYear"
    ChristmasDay = "ChristmasDay"
    LastMonth = "LastMonth"


class TimeUnits(str, Enum):
    """Units of a ``Duration``. There is no unit for weeks: use 7 days."""

    Hours = "Hours"
    Minutes = "Minutes"
    Days = "Days"
    Months = "Months"


class DateTimeClauseOperators(str, Enum):
    """Whether ``modify`` adds a duration to a datetime or subtracts it."""

    add = "add"
    subtract = "subtract"


class ComparisonResult(str, Enum):
    """The result of ``compare_with_fixed_duration``."""

    GREATER = "Greater"
    SMALLER = "Smaller"
    EQUAL = "Equal"


class EventFrequency(str, Enum):
    """How often a recurring event repeats (the base unit of a ``RepetitionSpec``)."""

    DAILY = "DAILY"
    WEEKLY = "WEEKLY"
    MONTHLY = "MONTHLY"
    YEARLY = "YEARLY"


_MINUTES_PER_UNIT = {TimeUnits.Minutes: 1, TimeUnits.Hours: 60, TimeUnits.Days: 1440}


class Duration(NamedTuple):
    """A length of time: ``number`` of ``unit``, e.g. ``Duration(90, TimeUnits.Minutes)``.

    Durations compare by their length in minutes, so ``Duration(60, TimeUnits.Minutes) ==
    Duration(1, TimeUnits.Hours)``. A duration in months has no fixed length in minutes: it
    compares equal only to another duration of the same number of months, and ``to_minutes``
    raises ``TypeError`` for it.
    """

    number: int | float
    unit: TimeUnits

    def to_minutes(self) -> int | float:
        """Return the length in minutes. Raises ``TypeError`` for a duration in months."""
        unit = TimeUnits(self.unit)
        if unit is TimeUnits.Months:
            raise TypeError("A duration in months has no fixed length in minutes.")
        return self.number * _MINUTES_PER_UNIT[unit]

    def _key(self) -> tuple[str, int | float]:
        if TimeUnits(self.unit) is TimeUnits.Months:
            return ("Months", self.number)
        return ("Minutes", self.to_minutes())

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Duration):
            return NotImplemented
        return self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        result = self.__eq__(other)
        return result if result is NotImplemented else not result

    def __hash__(self) -> int:
        return hash(self._key())

    def _ordered(self, other: object) -> tuple[int | float, int | float]:
        if not isinstance(other, Duration):
            raise TypeError(f"Cannot compare a Duration with {type(other).__name__}.")
        mine, theirs = self._key(), other._key()
        if mine[0] != theirs[0]:
            raise TypeError("Cannot compare a duration in months with one in fixed units.")
        return mine[1], theirs[1]

    def __lt__(self, other: object) -> bool:  # type: ignore[override]
        a, b = self._ordered(other)
        return a < b

    def __le__(self, other: object) -> bool:  # type: ignore[override]
        a, b = self._ordered(other)
        return a <= b

    def __gt__(self, other: object) -> bool:  # type: ignore[override]
        a, b = self._ordered(other)
        return a > b

    def __ge__(self, other: object) -> bool:  # type: ignore[override]
        a, b = self._ordered(other)
        return a >= b


class TimeInterval(NamedTuple):
    """A span of time from ``start`` to ``end`` (both ``datetime.datetime``)."""

    start: datetime.datetime
    end: datetime.datetime

    def contains(self, dt: datetime.datetime) -> bool:
        """True if ``dt`` lies in the interval, both ends included."""
        return self.start <= dt <= self.end

    def contains_date(self, d: datetime.date) -> bool:
        """True if any part of the day ``d`` lies in the interval (ends' dates included)."""
        return self.start.date() <= d <= self.end.date()

    def includes(self, other: TimeInterval) -> bool:
        """True if ``other`` lies entirely inside this interval."""
        return self.start <= other.start and other.end <= self.end


class DateRange(NamedTuple):
    """A span of whole days from ``start`` to ``end`` (both ``datetime.date``, both included)."""

    start: datetime.date
    end: datetime.date


class RepetitionSpec(BaseModel):
    """How a recurring event repeats, following the iCalendar (RFC 5545) recurrence rules.

    The first occurrence is the event's own start. Parameters:

    frequency
        The base unit of repetition (``EventFrequency.WEEKLY`` etc.).
    period
        Repeat every ``period`` units (2 with WEEKLY means fortnightly).
    recurs_until
        Last date on which an occurrence may fall (included). Only the date part is used.
    max_repetitions
        Total number of occurrences, the first included. Do not combine with ``recurs_until``.
    which_weekday
        Weekdays on which it occurs, 0 = Monday ... 6 = Sunday.
    which_month_day
        Days of the month on which it occurs (negative counts from the month's end).
    which_year_month
        Months (1-12) in which it occurs.
    bysetpos
        Picks occurrences by position within each period, e.g. ``[-1]`` with
        ``which_weekday=[4]`` and MONTHLY means "the last Friday of each month".
    exclude_occurrence
        Exact start datetimes of occurrences to skip.
    occurrence_on_date
        An extra occurrence at this exact datetime.

    With neither ``max_repetitions`` nor ``recurs_until``, at most 23 occurrences are created.
    """

    model_config = ConfigDict(extra="forbid")

    frequency: EventFrequency
    period: int = 1
    recurs_until: datetime.date | datetime.datetime | None = None
    max_repetitions: int | None = None
    which_weekday: list[int] | None = None
    which_month_day: list[int] | None = None
    which_year_month: list[int] | None = None
    bysetpos: list[int] | None = None
    exclude_occurrence: list[datetime.datetime] | None = None
    occurrence_on_date: datetime.datetime | None = None

    @model_validator(mode="after")
    def _count_or_until(self) -> RepetitionSpec:
        if self.max_repetitions is not None and self.recurs_until is not None:
            raise ValueError(
                "Set either max_repetitions or recurs_until on a RepetitionSpec, not both."
            )
        return self
