"""Dates, times, durations and recurrence rules, always relative to the world's clock.

Use these tools, not the standard ``datetime`` module, to find out what "now", "today" or "next
Tuesday" means: the assistant's clock is the simulated world's, not the machine's.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from enum import Enum
from types import MappingProxyType
from typing import Any, Literal, NamedTuple, TypeVar, get_args

from dateutil.relativedelta import relativedelta
from pydantic import BaseModel, ConfigDict, model_validator

from assistworld.apps.workplace._world import active_world
from assistworld.tools.declaration import tool

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
    "combine",
    "compare_with_fixed_duration",
    "convert",
    "date_by_mdy",
    "get_next_dow",
    "get_prev_dow",
    "get_weekday",
    "get_weekday_ordinal",
    "intervals_overlap",
    "modify",
    "now_",
    "parse_date_string",
    "parse_duration_to_calendar",
    "parse_durations_to_date_interval",
    "parse_time_string",
    "replace",
    "sum_time_units",
    "this_week_dates",
    "time_by_hm",
    "weekdays",
]

weekdays = Literal["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]


# The enums mix in ``str`` rather than derive from ``StrEnum`` on purpose: ``str(member)`` stays
# "TimeUnits.Hours", as with the reference library's plain enums, while members still equal
# their string values.
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


_MINUTES_PER_UNIT: Mapping[TimeUnits, int] = MappingProxyType(
    {TimeUnits.Minutes: 1, TimeUnits.Hours: 60, TimeUnits.Days: 1440}
)


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

    def __lt__(self, other: object) -> bool:
        a, b = self._ordered(other)
        return a < b

    def __le__(self, other: object) -> bool:
        a, b = self._ordered(other)
        return a <= b

    def __gt__(self, other: object) -> bool:
        a, b = self._ordered(other)
        return a > b

    def __ge__(self, other: object) -> bool:
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

    The series starts at the event's own start date and time, which is itself an occurrence
    only if it fits the ``which_*`` filters. Parameters:

    frequency
        The base unit of repetition (``EventFrequency.WEEKLY`` etc.).
    period
        Repeat every ``period`` units (2 with WEEKLY means fortnightly).
    recurs_until
        Last date on which an occurrence may fall (included). Only the date part is used:
        ``add_event`` sets it to that date at the event's start time (a datetime), in the stored
        event and in this object.
    max_repetitions
        Number of occurrences the rule makes, the first included (excluded ones still
        count). Do not combine with ``recurs_until``.
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


# -- private helpers ------------------------------------------------------------------------------

_WEEKDAY_NAMES: tuple[weekdays, ...] = get_args(weekdays)

_TIME_OF_DAY: Mapping[TimeExpressions, datetime.time] = MappingProxyType(
    {
        TimeExpressions.Afternoon: datetime.time(14, 19),
        TimeExpressions.Breakfast: datetime.time(7, 23),
        TimeExpressions.Brunch: datetime.time(11, 1),
        TimeExpressions.Dinner: datetime.time(19, 29),
        TimeExpressions.StartOfWorkDay: datetime.time(9, 6),
        TimeExpressions.EndOfWorkDay: datetime.time(17, 10),
        TimeExpressions.Evening: datetime.time(19, 23),
        TimeExpressions.Night: datetime.time(22, 3),
        TimeExpressions.LateAfternoon: datetime.time(17, 1),
        TimeExpressions.LateMorning: datetime.time(10, 6),
        TimeExpressions.Lunch: datetime.time(12, 17),
        TimeExpressions.Morning: datetime.time(9, 5),
        TimeExpressions.Noon: datetime.time(12, 15),
        TimeExpressions.Midnight: datetime.time(0, 0),
    }
)

_ONE_MINUTE = Duration(1, TimeUnits.Minutes)

_EnumT = TypeVar("_EnumT", bound=Enum)


def _member(enum: type[_EnumT], value: object, function: str) -> _EnumT:
    """``value`` as a member of ``enum``, or a ValueError that lists the valid members."""
    try:
        return enum(value)
    except ValueError:
        valid = ", ".join(f"{enum.__name__}.{member.name}" for member in enum)
        raise ValueError(f"{function}: {value!r} is not one of {valid}.") from None


def _weekday_index(day_of_week: object, function: str) -> int:
    if day_of_week not in _WEEKDAY_NAMES:
        valid = ", ".join(repr(name) for name in _WEEKDAY_NAMES)
        raise ValueError(f"{function}: {day_of_week!r} is not a weekday; use one of {valid}.")
    return _WEEKDAY_NAMES.index(day_of_week)


def _as_duration(value: object, function: str) -> Duration:
    """``value`` checked to be a Duration with a number and a valid unit."""
    if not isinstance(value, Duration):
        raise TypeError(f"{function} expects a Duration, got {type(value).__name__}.")
    if not isinstance(value.number, int | float):
        raise TypeError(f"{function}: a Duration's number must be an int or float, got {value!r}.")
    return Duration(value.number, _member(TimeUnits, value.unit, function))


def _minutes(duration: object, function: str) -> int | float:
    """The length in minutes of a duration in hours, minutes or days."""
    checked = _as_duration(duration, function)
    if checked.unit is TimeUnits.Months:
        raise TypeError(
            f"{function} cannot use {duration!r}: a month has no fixed length. "
            "Use TimeUnits.Days, Hours or Minutes."
        )
    return checked.to_minutes()


def _fixed_length(duration: object, function: str) -> datetime.timedelta:
    return datetime.timedelta(minutes=_minutes(duration, function))


def _interval_ends(interval: object, function: str) -> tuple[Any, Any]:
    if not (hasattr(interval, "start") and hasattr(interval, "end")):
        hint = ""
        if hasattr(interval, "starts_at"):
            hint = " For an Event, build TimeInterval(start=event.starts_at, end=event.ends_at)."
        raise TypeError(f"{function} expects a TimeInterval, got {type(interval).__name__}.{hint}")
    return interval.start, interval.end


def _interval_length(interval: object, function: str) -> datetime.timedelta:
    start, end = _interval_ends(interval, function)
    length: datetime.timedelta = end - start
    return length


def _first_of_month(day: datetime.date, months_ahead: int) -> datetime.date:
    first: datetime.date = day.replace(day=1) + relativedelta(months=months_ahead)
    return first


def _whole_weeks(first: datetime.date, last: datetime.date) -> list[list[datetime.date]]:
    """Monday..Sunday weeks from the week holding ``first`` to the week holding ``last``."""
    monday = first - datetime.timedelta(days=first.weekday())
    weeks = []
    while monday <= last:
        weeks.append([monday + datetime.timedelta(days=offset) for offset in range(7)])
        monday += datetime.timedelta(days=7)
    return weeks


# -- the clock ------------------------------------------------------------------------------------


@tool(app="time_utils", effect="pure")
def now_() -> datetime.datetime:
    """The current date and time on the user's device. Use it instead of ``datetime.now()``."""
    return active_world().now


@tool(app="time_utils", effect="pure")
def get_weekday() -> weekdays:
    """Today's weekday name, e.g. ``"Tuesday"``."""
    return _WEEKDAY_NAMES[now_().weekday()]


@tool(app="time_utils", effect="pure")
def this_week_dates() -> list[datetime.date]:
    """The seven dates of the current week, Monday to Sunday (past days included)."""
    today = now_().date()
    monday = today - datetime.timedelta(days=today.weekday())
    return [monday + datetime.timedelta(days=offset) for offset in range(7)]


@tool(app="time_utils", effect="pure")
def get_weekday_ordinal() -> int:
    """Today's weekday as a number: 0 = Monday ... 6 = Sunday."""
    return now_().weekday()


# -- times and dates ------------------------------------------------------------------------------


@tool(
    app="time_utils",
    effect="pure",
    parameters={"time_expr": "The named time of day, e.g. TimeExpressions.Lunch."},
)
def parse_time_string(time_expr: TimeExpressions) -> datetime.time:
    """The clock time the user means by a named time of day.

    The table is fixed: Afternoon 14:19, Breakfast 07:23, Brunch 11:01, Dinner 19:29,
    StartOfWorkDay 09:06, EndOfWorkDay 17:10, Evening 19:23, Night 22:03, LateAfternoon 17:01,
    LateMorning 10:06, Lunch 12:17, Morning 09:05, Noon 12:15, Midnight 00:00.
    The working day runs from StartOfWorkDay to EndOfWorkDay.
    """
    return _TIME_OF_DAY[_member(TimeExpressions, time_expr, "parse_time_string")]


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "hour": "The hour on the 12-hour clock, 1 to 12 (13 to 23 are kept as they are).",
        "minute": "The minute, 0 to 59.",
        "am_or_pm": '"am" or "pm", in any case.',
    },
)
def time_by_hm(hour: int, minute: int, am_or_pm: str) -> datetime.time:
    """A clock time from the 12-hour clock, e.g. ``time_by_hm(3, 30, "pm")`` is 15:30.

    ``am_or_pm`` is ``"am"`` or ``"pm"`` (any case). 12 am is 00:00 and 12 pm is 12:00;
    an hour from 13 to 23 is kept as it is.
    """
    suffix = am_or_pm.strip().lower().replace(".", "") if isinstance(am_or_pm, str) else None
    if suffix not in ("am", "pm"):
        raise ValueError(f'time_by_hm: am_or_pm must be "am" or "pm", got {am_or_pm!r}.')
    if suffix == "pm" and hour < 12:
        hour += 12
    elif suffix == "am" and hour == 12:
        hour = 0
    return datetime.time(hour, minute)


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "month": "The month, 1 to 12; None keeps the current month.",
        "day": "The day of the month; None keeps today's day.",
        "year": "The year, e.g. 2024; None keeps the current year.",
    },
)
def date_by_mdy(
    month: int | None = None, day: int | None = None, year: int | None = None
) -> datetime.date:
    """The date with this month, day and year; each part left out is taken from today.

    Raises
    ------
    ValueError
        If the parts do not form a real date (e.g. ``date_by_mdy(month=2, day=30)``).
    """
    today = now_().date()
    return replace(today, month=month, day=day, year=year)


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "day_of_week": 'The weekday wanted, e.g. "Monday".',
        "after": "The date to count from, not itself a candidate; None means today.",
    },
)
def get_next_dow(day_of_week: weekdays, after: datetime.date | None = None) -> datetime.date:
    """The first ``day_of_week`` strictly after ``after`` (default: today).

    On a Tuesday, ``get_next_dow("Tuesday")`` is a week later, not today.
    """
    start = now_().date() if after is None else after
    ahead = (_weekday_index(day_of_week, "get_next_dow") - start.weekday()) % 7 or 7
    return start + datetime.timedelta(days=ahead)


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "day_of_week": 'The weekday wanted, e.g. "Monday".',
        "before": "The date to count back from, not itself a candidate; None means today.",
    },
)
def get_prev_dow(day_of_week: weekdays, before: datetime.date | None = None) -> datetime.date:
    """The last ``day_of_week`` strictly before ``before`` (default: today)."""
    start = now_().date() if before is None else before
    back = (start.weekday() - _weekday_index(day_of_week, "get_prev_dow")) % 7 or 7
    return start - datetime.timedelta(days=back)


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "duration": 'The period: "NextWeek", "ThisMonth" or "NextMonth".',
        "after": "A date in the current week or month the period is relative to; None means today.",
    },
)
def parse_duration_to_calendar(
    duration: Literal["NextWeek", "ThisMonth", "NextMonth"], after: datetime.date | None = None
) -> list[list[datetime.date]]:
    """A period as calendar rows: a list of weeks, each a list of 7 dates from Monday to Sunday.

    ``"NextWeek"`` is the one week after the current one. ``"ThisMonth"`` and ``"NextMonth"``
    are whole weeks covering the month, so the first and last rows may hold days of the
    neighbouring months, and ``"ThisMonth"`` includes days already past: filter as needed.
    The current week and month are those of ``after`` (default: today).
    """
    start = now_().date() if after is None else after
    if duration == "NextWeek":
        monday = start + datetime.timedelta(days=7 - start.weekday())
        return _whole_weeks(monday, monday)
    if duration == "ThisMonth":
        first = _first_of_month(start, 0)
    elif duration == "NextMonth":
        first = _first_of_month(start, 1)
    else:
        raise ValueError(
            "parse_duration_to_calendar: duration must be 'NextWeek', 'ThisMonth' or "
            f"'NextMonth', got {duration!r}."
        )
    last = _first_of_month(first, 1) - datetime.timedelta(days=1)
    return _whole_weeks(first, last)


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "expr": "The named period, e.g. DateRanges.NextWeek.",
        "after": "The date the period is relative to; None means today.",
    },
)
def parse_durations_to_date_interval(
    expr: DateRanges, after: datetime.date | None = None
) -> DateRange:
    """The first and last date of a named period, relative to ``after`` (default: today).

    ThisWeekend is the first Saturday on or after that date and the Sunday after it (on a
    Sunday that is the following weekend); NextWeek is the next Monday to Sunday; ThisMonth
    and NextMonth are whole calendar months.
    """
    start = now_().date() if after is None else after
    period = _member(DateRanges, expr, "parse_durations_to_date_interval")
    if period is DateRanges.ThisWeekend:
        saturday = start + datetime.timedelta(days=(5 - start.weekday()) % 7)
        return DateRange(saturday, saturday + datetime.timedelta(days=1))
    if period is DateRanges.NextWeek:
        monday = start + datetime.timedelta(days=7 - start.weekday())
        return DateRange(monday, monday + datetime.timedelta(days=6))
    first = _first_of_month(start, 0 if period is DateRanges.ThisMonth else 1)
    return DateRange(first, _first_of_month(first, 1) - datetime.timedelta(days=1))


@tool(
    app="time_utils",
    effect="pure",
    parameters={"date_expr": "The named date, e.g. DateExpressions.Tomorrow."},
)
def parse_date_string(date_expr: DateExpressions) -> datetime.date:
    """The date meant by a named date, relative to today.

    LastMonth is the last day of the previous month, ChristmasDay is 25 December of the
    current year and FirstDayNextYear is 1 January of next year.
    """
    expr = _member(DateExpressions, date_expr, "parse_date_string")
    today = now_().date()
    if expr is DateExpressions.Today:
        return today
    if expr is DateExpressions.Tomorrow:
        return today + datetime.timedelta(days=1)
    if expr is DateExpressions.Yesterday:
        return today - datetime.timedelta(days=1)
    if expr is DateExpressions.FirstDayNextYear:
        return datetime.date(today.year + 1, 1, 1)
    if expr is DateExpressions.ChristmasDay:
        return datetime.date(today.year, 12, 25)
    return today.replace(day=1) - datetime.timedelta(days=1)


# -- durations ------------------------------------------------------------------------------------


@tool(
    app="time_utils",
    effect="pure",
    parameters={"time_units": "The durations to add up (none of them in Months)."},
)
def sum_time_units(time_units: list[Duration]) -> Duration:
    """The total of several durations, in the largest unit that fits.

    Returns Days if the total is at least 1440 minutes, else Hours if at least 60 minutes,
    else Minutes; e.g. 130 minutes give ``Duration(2.1666..., TimeUnits.Hours)``.

    Raises
    ------
    TypeError
        For a duration in Months.
    """
    minutes = sum(_minutes(unit, "sum_time_units") for unit in time_units)
    if minutes >= 1440:
        return Duration(minutes / 1440, TimeUnits.Days)
    if minutes >= 60:
        return Duration(minutes / 60, TimeUnits.Hours)
    return Duration(minutes, TimeUnits.Minutes)


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "interval": "The time interval to measure.",
        "unit": "The unit of the result: Hours, Minutes or Days.",
    },
)
def convert(interval: TimeInterval, unit: TimeUnits) -> Duration:
    """The length of ``interval`` in ``unit`` (Hours, Minutes or Days; a float)."""
    target = _member(TimeUnits, unit, "convert")
    if target is TimeUnits.Months:
        raise TypeError("convert: a month has no fixed length; use Days, Hours or Minutes.")
    seconds = _interval_length(interval, "convert").total_seconds()
    return Duration(seconds / (60 * _MINUTES_PER_UNIT[target]), target)


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "interval": "The time interval whose length is compared.",
        "duration": "The length to compare it with, in Minutes, Hours or Days (not Months).",
    },
)
def compare_with_fixed_duration(interval: TimeInterval, duration: Duration) -> ComparisonResult:
    """Compare the length of ``interval`` with ``duration`` (not in Months).

    Returns GREATER if the interval is longer, SMALLER if it is shorter, else EQUAL.
    """
    length = _interval_length(interval, "compare_with_fixed_duration")
    reference = _fixed_length(duration, "compare_with_fixed_duration")
    if length > reference:
        return ComparisonResult.GREATER
    if length < reference:
        return ComparisonResult.SMALLER
    return ComparisonResult.EQUAL


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "datetime_to_change": "The datetime to move (a datetime.datetime, not a date).",
        "duration": "How far to move it.",
        "operator": "DateTimeClauseOperators.add to move it forward, subtract to move it back.",
    },
)
def modify(
    datetime_to_change: datetime.datetime,
    duration: Duration,
    *,
    operator: DateTimeClauseOperators,
) -> datetime.datetime:
    """``datetime_to_change`` moved forward (add) or back (subtract) by ``duration``.

    Months move by calendar months, clamped to the month's last day (31 January + 1 month
    is 28 or 29 February); their number must be whole.

    Raises
    ------
    TypeError
        If ``datetime_to_change`` is a ``datetime.date``: only datetimes are accepted, so
        ``combine`` a date with a time first.
    """
    if not isinstance(datetime_to_change, datetime.datetime):
        if isinstance(datetime_to_change, datetime.date):
            raise TypeError(
                f"modify accepts only a datetime.datetime, not the date {datetime_to_change}. "
                "Turn the date into a datetime first with combine(date, time)."
            )
        raise TypeError(
            f"modify expects a datetime.datetime, got {type(datetime_to_change).__name__}."
        )
    direction = _member(DateTimeClauseOperators, operator, "modify")
    checked = _as_duration(duration, "modify")
    if checked.unit is TimeUnits.Months:
        if not float(checked.number).is_integer():
            raise ValueError(f"modify: a number of months must be whole, got {checked.number}.")
        delta: datetime.timedelta | relativedelta = relativedelta(months=int(checked.number))
    else:
        delta = _fixed_length(checked, "modify")
    if direction is DateTimeClauseOperators.add:
        return datetime_to_change + delta
    return datetime_to_change - delta


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "date": "The day (a datetime.date).",
        "time": "The time of day on that date (a datetime.time).",
    },
)
def combine(date: datetime.date, time: datetime.time) -> datetime.datetime:
    """The datetime at ``time`` on ``date``."""
    return datetime.datetime.combine(date, time)


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "interval_1": "The first time interval.",
        "interval_2": "The second time interval.",
        "min_duration": "The least shared time that counts as an overlap (default one minute).",
    },
)
def intervals_overlap(
    interval_1: TimeInterval, interval_2: TimeInterval, min_duration: Duration = _ONE_MINUTE
) -> bool:
    """True if the two intervals share at least ``min_duration`` of time.

    Intervals that only touch (one ends when the other starts) do not overlap.
    Both arguments must be ``TimeInterval`` values, not events.
    """
    start_1, end_1 = _interval_ends(interval_1, "intervals_overlap")
    start_2, end_2 = _interval_ends(interval_2, "intervals_overlap")
    shared: datetime.timedelta = min(end_1, end_2) - max(start_1, start_2)
    return shared >= _fixed_length(min_duration, "intervals_overlap")


@tool(
    app="time_utils",
    effect="pure",
    parameters={
        "date": "The date to change (a datetime gives its date).",
        "month": "The new month, 1 to 12; None keeps the date's month.",
        "day": "The new day of the month; None keeps the date's day.",
        "year": "The new year; None keeps the date's year.",
    },
)
def replace(
    date: datetime.date, month: int | None = None, day: int | None = None, year: int | None = None
) -> datetime.date:
    """``date`` with the given parts changed (a datetime loses its time: a date is returned).

    Raises
    ------
    ValueError
        If the result is not a real date (e.g. day 31 in April).
    """
    new_year = date.year if year is None else year
    new_month = date.month if month is None else month
    new_day = date.day if day is None else day
    try:
        return datetime.date(new_year, new_month, new_day)
    except ValueError as exc:
        raise ValueError(
            f"There is no date with year={new_year}, month={new_month}, day={new_day} ({exc})."
        ) from None
