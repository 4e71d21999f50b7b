"""Behaviour of the ``time_utils`` library module and of recurrence expansion."""

from __future__ import annotations

import datetime
import inspect
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from typing import Any

import pytest
from pydantic import TypeAdapter

from assistworld.apps.workplace import time_utils as tu
from assistworld.apps.workplace._recurrence import MAX_UNBOUNDED_OCCURRENCES, expand_repetition
from assistworld.apps.workplace.time_utils import (
    ComparisonResult,
    DateExpressions,
    DateRange,
    DateRanges,
    DateTimeClauseOperators,
    Duration,
    EventFrequency,
    RepetitionSpec,
    TimeExpressions,
    TimeInterval,
    TimeUnits,
)
from assistworld.world import NoActiveWorldError, World

D = datetime.date
DT = datetime.datetime
T = datetime.time
ADD = DateTimeClauseOperators.add
SUBTRACT = DateTimeClauseOperators.subtract
MINUTES, HOURS, DAYS, MONTHS = TimeUnits.Minutes, TimeUnits.Hours, TimeUnits.Days, TimeUnits.Months

TUESDAY = DT(2024, 6, 25, 9, 6)  # the Asper-Bench default clock

SetClock = Callable[[datetime.datetime], World]


@pytest.fixture
def set_clock() -> Iterator[SetClock]:
    """Activate a fresh world whose clock reads the given time (for the rest of the test)."""
    with ExitStack() as stack:

        def activate(now: datetime.datetime) -> World:
            world = World(now=now)
            stack.enter_context(world.active())
            return world

        yield activate


@pytest.fixture
def tuesday(set_clock: SetClock) -> World:
    """The default world: Tuesday 2024-06-25 09:06."""
    return set_clock(TUESDAY)


def week_from(monday: datetime.date) -> list[datetime.date]:
    return [monday + datetime.timedelta(days=offset) for offset in range(7)]


# -- the module's public surface -----------------------------------------------------------------

SPEC_FUNCTIONS = {
    "now_",
    "get_weekday",
    "this_week_dates",
    "get_weekday_ordinal",
    "parse_time_string",
    "time_by_hm",
    "date_by_mdy",
    "get_next_dow",
    "get_prev_dow",
    "parse_duration_to_calendar",
    "parse_durations_to_date_interval",
    "parse_date_string",
    "sum_time_units",
    "convert",
    "compare_with_fixed_duration",
    "modify",
    "combine",
    "intervals_overlap",
    "replace",
}


def test_all_lists_exactly_the_specified_functions_each_documented() -> None:
    exported_functions = {name for name in tu.__all__ if inspect.isfunction(getattr(tu, name))}
    assert exported_functions == SPEC_FUNCTIONS
    assert "expand_repetition" not in tu.__all__
    for name in SPEC_FUNCTIONS:
        assert inspect.getdoc(getattr(tu, name)), f"{name} has no docstring"


def test_modify_operator_is_keyword_only(tuesday: World) -> None:
    with pytest.raises(TypeError):
        tu.modify(TUESDAY, Duration(1, HOURS), ADD)  # type: ignore[call-arg]


def test_intervals_overlap_defaults_to_one_minute() -> None:
    default = inspect.signature(tu.intervals_overlap).parameters["min_duration"].default
    assert default == Duration(1, MINUTES)
    assert default.unit is MINUTES


# -- the clock ----------------------------------------------------------------------------------


def test_now_is_the_world_clock_and_follows_it(set_clock: SetClock) -> None:
    world = set_clock(DT(2030, 1, 2, 3, 4))
    assert tu.now_() == DT(2030, 1, 2, 3, 4)
    world.now = DT(2030, 1, 2, 5, 0)
    assert tu.now_() == DT(2030, 1, 2, 5, 0)


def test_without_an_active_world_the_clock_cannot_be_read() -> None:
    with pytest.raises(NoActiveWorldError):
        tu.now_()


def test_two_worlds_on_two_threads_each_see_their_own_clock() -> None:
    both_bound = threading.Barrier(2)
    both_read = threading.Barrier(2)

    def read_clock(now: datetime.datetime) -> tuple[datetime.datetime, str, datetime.date]:
        with World(now=now).active():
            both_bound.wait(timeout=30)  # each thread reads while the other world is bound too
            seen = (tu.now_(), tu.get_weekday(), tu.parse_date_string(DateExpressions.Tomorrow))
            both_read.wait(timeout=30)
            return seen

    with ThreadPoolExecutor(max_workers=2) as pool:
        first = pool.submit(read_clock, DT(2024, 6, 25, 9, 6))
        second = pool.submit(read_clock, DT(2025, 12, 31, 23, 0))
        assert first.result(timeout=60) == (DT(2024, 6, 25, 9, 6), "Tuesday", D(2024, 6, 26))
        assert second.result(timeout=60) == (DT(2025, 12, 31, 23, 0), "Wednesday", D(2026, 1, 1))


@pytest.mark.parametrize(
    ("today", "name", "ordinal"),
    [
        (D(2024, 6, 24), "Monday", 0),
        (D(2024, 6, 25), "Tuesday", 1),
        (D(2024, 6, 26), "Wednesday", 2),
        (D(2024, 6, 27), "Thursday", 3),
        (D(2024, 6, 28), "Friday", 4),
        (D(2024, 6, 29), "Saturday", 5),
        (D(2024, 6, 30), "Sunday", 6),
    ],
)
def test_weekday_name_and_ordinal(
    set_clock: SetClock, today: datetime.date, name: str, ordinal: int
) -> None:
    set_clock(DT.combine(today, T(23, 59)))
    assert tu.get_weekday() == name
    assert tu.get_weekday_ordinal() == ordinal


@pytest.mark.parametrize(
    ("today", "monday"),
    [
        (D(2024, 6, 24), D(2024, 6, 24)),  # Monday: the week starts today
        (D(2024, 6, 25), D(2024, 6, 24)),
        (D(2024, 6, 30), D(2024, 6, 24)),  # Sunday is still the same week
        (D(2024, 7, 1), D(2024, 7, 1)),
        (D(2024, 12, 31), D(2024, 12, 30)),  # across the year's end
        (D(2025, 1, 5), D(2024, 12, 30)),
    ],
)
def test_this_week_dates_runs_monday_to_sunday(
    set_clock: SetClock, today: datetime.date, monday: datetime.date
) -> None:
    set_clock(DT.combine(today, T(9, 6)))
    assert tu.this_week_dates() == week_from(monday)


# -- times of day -------------------------------------------------------------------------------

TIME_TABLE = [
    (TimeExpressions.Afternoon, T(14, 19)),
    (TimeExpressions.Breakfast, T(7, 23)),
    (TimeExpressions.Brunch, T(11, 1)),
    (TimeExpressions.Dinner, T(19, 29)),
    (TimeExpressions.StartOfWorkDay, T(9, 6)),
    (TimeExpressions.EndOfWorkDay, T(17, 10)),
    (TimeExpressions.Evening, T(19, 23)),
    (TimeExpressions.Night, T(22, 3)),
    (TimeExpressions.LateAfternoon, T(17, 1)),
    (TimeExpressions.LateMorning, T(10, 6)),
    (TimeExpressions.Lunch, T(12, 17)),
    (TimeExpressions.Morning, T(9, 5)),
    (TimeExpressions.Noon, T(12, 15)),
    (TimeExpressions.Midnight, T(0, 0)),
]


@pytest.mark.parametrize(("expression", "expected"), TIME_TABLE)
def test_parse_time_string_fixed_table(expression: TimeExpressions, expected: T) -> None:
    assert tu.parse_time_string(expression) == expected
    assert tu.parse_time_string(TimeExpressions[expression.name]) == expected


def test_time_table_covers_every_expression() -> None:
    assert {expression for expression, _ in TIME_TABLE} == set(TimeExpressions)


def test_parse_time_string_rejects_unknown_expression() -> None:
    with pytest.raises(ValueError, match=r"TimeExpressions\.Lunch"):
        tu.parse_time_string("Teatime")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hour", "minute", "am_or_pm", "expected"),
    [
        (12, 0, "am", T(0, 0)),  # 12 am is midnight
        (12, 30, "am", T(0, 30)),
        (12, 0, "pm", T(12, 0)),  # 12 pm is noon
        (12, 45, "PM", T(12, 45)),
        (1, 5, "am", T(1, 5)),
        (1, 5, "pm", T(13, 5)),
        (11, 59, "pm", T(23, 59)),
        (9, 6, " AM ", T(9, 6)),
        (3, 30, "p.m.", T(15, 30)),
        (17, 10, "pm", T(17, 10)),  # already on the 24-hour clock: kept
        (17, 10, "am", T(17, 10)),
    ],
)
def test_time_by_hm(hour: int, minute: int, am_or_pm: str, expected: T) -> None:
    assert tu.time_by_hm(hour, minute, am_or_pm) == expected


@pytest.mark.parametrize(
    ("hour", "minute", "am_or_pm"), [(9, 0, ""), (9, 0, "morning"), (25, 0, "pm"), (9, 60, "am")]
)
def test_time_by_hm_rejects_bad_input(hour: int, minute: int, am_or_pm: str) -> None:
    with pytest.raises(ValueError):
        tu.time_by_hm(hour, minute, am_or_pm)


# -- dates --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, D(2024, 6, 25)),
        ({"month": 12}, D(2024, 12, 25)),
        ({"day": 1}, D(2024, 6, 1)),
        ({"year": 2025}, D(2025, 6, 25)),
        ({"month": 2, "day": 29}, D(2024, 2, 29)),
        ({"month": 1, "day": 2, "year": 2026}, D(2026, 1, 2)),
    ],
)
def test_date_by_mdy_fills_missing_parts_from_today(
    tuesday: World, kwargs: dict[str, int], expected: datetime.date
) -> None:
    assert tu.date_by_mdy(**kwargs) == expected


def test_date_by_mdy_rejects_an_impossible_date(set_clock: SetClock) -> None:
    set_clock(DT(2024, 1, 31, 9, 6))
    with pytest.raises(ValueError, match="month=2, day=31"):
        tu.date_by_mdy(month=2)
    with pytest.raises(ValueError):
        tu.date_by_mdy(month=2, day=29, year=2025)


@pytest.mark.parametrize(
    ("day", "after", "expected"),
    [
        ("Tuesday", None, D(2024, 7, 2)),  # same weekday as today: a week later
        ("Wednesday", None, D(2024, 6, 26)),
        ("Monday", None, D(2024, 7, 1)),
        ("Sunday", None, D(2024, 6, 30)),
        ("Monday", D(2024, 6, 30), D(2024, 7, 1)),  # Sunday -> the next day
        ("Sunday", D(2024, 7, 1), D(2024, 7, 7)),  # Monday -> the end of that week
        ("Monday", D(2024, 7, 1), D(2024, 7, 8)),
        ("Wednesday", D(2024, 12, 31), D(2025, 1, 1)),
    ],
)
def test_get_next_dow_is_strictly_after(
    tuesday: World, day: tu.weekdays, after: datetime.date | None, expected: datetime.date
) -> None:
    assert tu.get_next_dow(day, after=after) == expected


@pytest.mark.parametrize(
    ("day", "before", "expected"),
    [
        ("Tuesday", None, D(2024, 6, 18)),
        ("Monday", None, D(2024, 6, 24)),
        ("Wednesday", None, D(2024, 6, 19)),
        ("Sunday", D(2024, 7, 1), D(2024, 6, 30)),  # Monday -> the day before
        ("Monday", D(2024, 6, 30), D(2024, 6, 24)),  # Sunday -> the start of that week
        ("Monday", D(2024, 7, 1), D(2024, 6, 24)),
        ("Tuesday", D(2025, 1, 1), D(2024, 12, 31)),
    ],
)
def test_get_prev_dow_is_strictly_before(
    tuesday: World, day: tu.weekdays, before: datetime.date | None, expected: datetime.date
) -> None:
    assert tu.get_prev_dow(day, before=before) == expected


@pytest.mark.parametrize("function", [tu.get_next_dow, tu.get_prev_dow])
def test_weekday_names_must_be_capitalised_english(
    tuesday: World, function: Callable[[Any], datetime.date]
) -> None:
    with pytest.raises(ValueError, match="'Monday'"):
        function("monday")


# -- calendar periods ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("duration", "after", "first_monday", "weeks"),
    [
        ("NextWeek", D(2024, 6, 25), D(2024, 7, 1), 1),
        ("NextWeek", D(2024, 6, 30), D(2024, 7, 1), 1),  # from a Sunday
        ("NextWeek", D(2024, 7, 1), D(2024, 7, 8), 1),  # from a Monday
        ("NextWeek", D(2024, 12, 25), D(2024, 12, 30), 1),
        ("ThisMonth", D(2024, 6, 25), D(2024, 5, 27), 5),  # June 2024: Sat 1st .. Sun 30th
        ("NextMonth", D(2024, 6, 25), D(2024, 7, 1), 5),  # July 2024: Mon 1st .. Wed 31st
        ("NextMonth", D(2024, 11, 5), D(2024, 11, 25), 6),  # December from November
        ("ThisMonth", D(2024, 12, 10), D(2024, 11, 25), 6),  # December
        ("NextMonth", D(2024, 12, 10), D(2024, 12, 30), 5),  # January of the next year
        ("ThisMonth", D(2021, 2, 14), D(2021, 2, 1), 4),  # Mon 1st .. Sun 28th: no padding
        ("NextMonth", D(2024, 1, 31), D(2024, 1, 29), 5),  # February of a leap year
    ],
)
def test_parse_duration_to_calendar_gives_whole_weeks(
    tuesday: World, duration: Any, after: datetime.date, first_monday: datetime.date, weeks: int
) -> None:
    expected = [week_from(first_monday + datetime.timedelta(weeks=n)) for n in range(weeks)]
    assert tu.parse_duration_to_calendar(duration, after=after) == expected


@pytest.mark.parametrize(("duration", "month_after"), [("ThisMonth", 0), ("NextMonth", 1)])
@pytest.mark.parametrize("month", range(1, 13))
def test_parse_duration_to_calendar_covers_the_month_in_every_month(
    set_clock: SetClock, duration: Any, month_after: int, month: int
) -> None:
    set_clock(DT(2023, month, 28, 9, 6))
    weeks = tu.parse_duration_to_calendar(duration)
    days = [day for week in weeks for day in week]
    target_month = (month - 1 + month_after) % 12 + 1
    month_days = [day for day in days if day.month == target_month]
    assert month_days[0].day == 1
    assert (month_days[-1] + datetime.timedelta(days=1)).day == 1  # the month's last day
    assert days == [days[0] + datetime.timedelta(days=n) for n in range(len(days))]
    assert days[0].weekday() == 0 and days[-1].weekday() == 6
    assert days[7].month == target_month and days[-8].month == target_month  # no spare week


def test_parse_duration_to_calendar_uses_today_and_accepts_the_enum(tuesday: World) -> None:
    assert tu.parse_duration_to_calendar("NextWeek") == [week_from(D(2024, 7, 1))]
    assert tu.parse_duration_to_calendar(DateRanges.NextWeek) == [week_from(D(2024, 7, 1))]  # type: ignore[arg-type]


def test_parse_duration_to_calendar_rejects_other_periods(tuesday: World) -> None:
    with pytest.raises(ValueError, match="NextWeek"):
        tu.parse_duration_to_calendar("ThisWeekend")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("expr", "after", "start", "end"),
    [
        (DateRanges.ThisWeekend, D(2024, 6, 25), D(2024, 6, 29), D(2024, 6, 30)),
        (DateRanges.ThisWeekend, D(2024, 6, 29), D(2024, 6, 29), D(2024, 6, 30)),  # Saturday
        (DateRanges.ThisWeekend, D(2024, 6, 30), D(2024, 7, 6), D(2024, 7, 7)),  # Sunday
        (DateRanges.ThisWeekend, D(2024, 12, 27), D(2024, 12, 28), D(2024, 12, 29)),
        (DateRanges.NextWeek, D(2024, 6, 25), D(2024, 7, 1), D(2024, 7, 7)),
        (DateRanges.NextWeek, D(2024, 6, 30), D(2024, 7, 1), D(2024, 7, 7)),
        (DateRanges.NextWeek, D(2024, 7, 1), D(2024, 7, 8), D(2024, 7, 14)),
        (DateRanges.NextWeek, D(2024, 12, 30), D(2025, 1, 6), D(2025, 1, 12)),
        (DateRanges.ThisMonth, D(2024, 6, 25), D(2024, 6, 1), D(2024, 6, 30)),
        (DateRanges.ThisMonth, D(2024, 2, 10), D(2024, 2, 1), D(2024, 2, 29)),
        (DateRanges.ThisMonth, D(2024, 12, 31), D(2024, 12, 1), D(2024, 12, 31)),
        (DateRanges.NextMonth, D(2024, 6, 25), D(2024, 7, 1), D(2024, 7, 31)),
        (DateRanges.NextMonth, D(2024, 1, 31), D(2024, 2, 1), D(2024, 2, 29)),
        (DateRanges.NextMonth, D(2024, 11, 30), D(2024, 12, 1), D(2024, 12, 31)),
        (DateRanges.NextMonth, D(2024, 12, 1), D(2025, 1, 1), D(2025, 1, 31)),
    ],
)
def test_parse_durations_to_date_interval(
    tuesday: World, expr: DateRanges, after: D, start: D, end: D
) -> None:
    assert tu.parse_durations_to_date_interval(expr, after=after) == DateRange(start, end)


def test_parse_durations_to_date_interval_defaults_to_today(set_clock: SetClock) -> None:
    set_clock(DT(2024, 12, 20, 16, 0))
    assert tu.parse_durations_to_date_interval(DateRanges.ThisMonth) == DateRange(
        D(2024, 12, 1), D(2024, 12, 31)
    )
    assert tu.parse_durations_to_date_interval(DateRanges.NextMonth) == DateRange(
        D(2025, 1, 1), D(2025, 1, 31)
    )


def test_parse_durations_to_date_interval_rejects_unknown_period(tuesday: World) -> None:
    with pytest.raises(ValueError, match=r"DateRanges\.ThisWeekend"):
        tu.parse_durations_to_date_interval("LastWeek")  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("now", "expr", "expected"),
    [
        (TUESDAY, DateExpressions.Today, D(2024, 6, 25)),
        (TUESDAY, DateExpressions.Tomorrow, D(2024, 6, 26)),
        (TUESDAY, DateExpressions.Yesterday, D(2024, 6, 24)),
        (TUESDAY, DateExpressions.FirstDayNextYear, D(2025, 1, 1)),
        (TUESDAY, DateExpressions.ChristmasDay, D(2024, 12, 25)),
        (TUESDAY, DateExpressions.LastMonth, D(2024, 5, 31)),
        (DT(2024, 3, 1, 8, 0), DateExpressions.Yesterday, D(2024, 2, 29)),
        (DT(2024, 3, 1, 8, 0), DateExpressions.LastMonth, D(2024, 2, 29)),
        (DT(2024, 1, 15, 8, 0), DateExpressions.LastMonth, D(2023, 12, 31)),
        (DT(2024, 12, 31, 8, 0), DateExpressions.Tomorrow, D(2025, 1, 1)),
        (DT(2024, 12, 31, 8, 0), DateExpressions.FirstDayNextYear, D(2025, 1, 1)),
        (DT(2024, 12, 31, 8, 0), DateExpressions.ChristmasDay, D(2024, 12, 25)),  # already past
    ],
)
def test_parse_date_string(
    set_clock: SetClock, now: datetime.datetime, expr: DateExpressions, expected: D
) -> None:
    set_clock(now)
    assert tu.parse_date_string(expr) == expected


# -- durations ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (Duration(60, MINUTES), Duration(1, HOURS)),
        (Duration(1, DAYS), Duration(24, HOURS)),
        (Duration(1440, MINUTES), Duration(1.0, DAYS)),
        (Duration(1.5, HOURS), Duration(90, MINUTES)),
        (Duration(2, MONTHS), Duration(2, MONTHS)),
    ],
)
def test_durations_equal_across_units(first: Duration, second: Duration) -> None:
    assert first == second
    assert (first != second) is False
    assert hash(first) == hash(second)
    assert first <= second and first >= second


@pytest.mark.parametrize(
    ("shorter", "longer"),
    [
        (Duration(59, MINUTES), Duration(1, HOURS)),
        (Duration(23.5, HOURS), Duration(1, DAYS)),
        (Duration(1, HOURS), Duration(61, MINUTES)),
        (Duration(1, MONTHS), Duration(2, MONTHS)),
    ],
)
def test_durations_order_across_units(shorter: Duration, longer: Duration) -> None:
    assert shorter < longer and longer > shorter
    assert shorter != longer
    assert max(shorter, longer) is longer


def test_months_have_no_length_in_minutes() -> None:
    with pytest.raises(TypeError):
        Duration(1, MONTHS).to_minutes()
    with pytest.raises(TypeError):
        _ = Duration(1, MONTHS) < Duration(31, DAYS)
    assert Duration(1, MONTHS) != Duration(30, DAYS)


@pytest.mark.parametrize(
    ("durations", "expected"),
    [
        ([], Duration(0, MINUTES)),
        ([Duration(30, MINUTES), Duration(15, MINUTES)], Duration(45, MINUTES)),
        ([Duration(30, MINUTES), Duration(30, MINUTES)], Duration(1.0, HOURS)),
        ([Duration(1, HOURS), Duration(10, MINUTES)], Duration(70 / 60, HOURS)),
        ([Duration(23, HOURS), Duration(59, MINUTES)], Duration(1439 / 60, HOURS)),
        ([Duration(23, HOURS), Duration(60, MINUTES)], Duration(1.0, DAYS)),
        ([Duration(1, DAYS), Duration(12, HOURS)], Duration(1.5, DAYS)),
        ([Duration(0.5, HOURS), Duration(0.25, HOURS)], Duration(45.0, MINUTES)),
    ],
)
def test_sum_time_units_picks_the_largest_unit_that_fits(
    durations: list[Duration], expected: Duration
) -> None:
    total = tu.sum_time_units(durations)
    assert total.unit is expected.unit
    assert total.number == pytest.approx(expected.number)


def test_sum_time_units_rejects_months() -> None:
    with pytest.raises(TypeError, match="month"):
        tu.sum_time_units([Duration(1, HOURS), Duration(1, MONTHS)])


NINETY_MINUTES = TimeInterval(DT(2024, 6, 25, 10, 0), DT(2024, 6, 25, 11, 30))


@pytest.mark.parametrize(
    ("unit", "number"), [(HOURS, 1.5), (MINUTES, 90.0), (DAYS, 0.0625), ("Hours", 1.5)]
)
def test_convert(unit: TimeUnits, number: float) -> None:
    result = tu.convert(NINETY_MINUTES, unit)
    assert result.unit is TimeUnits(unit)
    assert result.number == pytest.approx(number)


def test_convert_rejects_months_and_events() -> None:
    with pytest.raises(TypeError, match="month"):
        tu.convert(NINETY_MINUTES, MONTHS)

    class EventLike:
        starts_at = DT(2024, 6, 25, 10, 0)
        ends_at = DT(2024, 6, 25, 11, 0)

    with pytest.raises(TypeError, match=r"TimeInterval\(start=event\.starts_at"):
        tu.convert(EventLike(), HOURS)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("interval", "duration", "expected"),
    [
        (NINETY_MINUTES, Duration(1.5, HOURS), ComparisonResult.EQUAL),
        (NINETY_MINUTES, Duration(90, MINUTES), ComparisonResult.EQUAL),
        (NINETY_MINUTES, Duration(89, MINUTES), ComparisonResult.GREATER),
        (NINETY_MINUTES, Duration(1, HOURS), ComparisonResult.GREATER),
        (NINETY_MINUTES, Duration(2, HOURS), ComparisonResult.SMALLER),
        (NINETY_MINUTES, Duration(1, DAYS), ComparisonResult.SMALLER),
        (
            TimeInterval(DT(2024, 6, 25, 9, 0), DT(2024, 6, 26, 9, 0)),
            Duration(24, HOURS),
            ComparisonResult.EQUAL,
        ),
        (
            TimeInterval(DT(2024, 6, 25, 9, 0), DT(2024, 6, 25, 9, 20)),
            Duration(1 / 3, HOURS),
            ComparisonResult.EQUAL,
        ),
    ],
)
def test_compare_with_fixed_duration(
    interval: TimeInterval, duration: Duration, expected: ComparisonResult
) -> None:
    assert tu.compare_with_fixed_duration(interval, duration) is expected


def test_compare_with_fixed_duration_rejects_months() -> None:
    with pytest.raises(TypeError, match="month"):
        tu.compare_with_fixed_duration(NINETY_MINUTES, Duration(1, MONTHS))


# -- moving datetimes ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "duration", "operator", "expected"),
    [
        (DT(2024, 6, 25, 9, 6), Duration(30, MINUTES), ADD, DT(2024, 6, 25, 9, 36)),
        (DT(2024, 6, 25, 1, 0), Duration(2, HOURS), SUBTRACT, DT(2024, 6, 24, 23, 0)),
        (DT(2024, 6, 25, 9, 0), Duration(1.5, HOURS), ADD, DT(2024, 6, 25, 10, 30)),
        (DT(2024, 12, 31, 10, 0), Duration(1, DAYS), ADD, DT(2025, 1, 1, 10, 0)),
        (DT(2024, 12, 25, 9, 5), Duration(10, DAYS), SUBTRACT, DT(2024, 12, 15, 9, 5)),
        (DT(2024, 6, 25, 9, 0), Duration(14, DAYS), ADD, DT(2024, 7, 9, 9, 0)),
        (DT(2024, 1, 31, 9, 0), Duration(1, MONTHS), ADD, DT(2024, 2, 29, 9, 0)),
        (DT(2023, 1, 31, 9, 0), Duration(1, MONTHS), ADD, DT(2023, 2, 28, 9, 0)),
        (DT(2024, 1, 31, 9, 0), Duration(2, MONTHS), ADD, DT(2024, 3, 31, 9, 0)),
        (DT(2024, 1, 31, 9, 0), Duration(3.0, MONTHS), ADD, DT(2024, 4, 30, 9, 0)),
        (DT(2024, 3, 31, 9, 0), Duration(1, MONTHS), SUBTRACT, DT(2024, 2, 29, 9, 0)),
        (DT(2024, 12, 15, 9, 0), Duration(1, MONTHS), ADD, DT(2025, 1, 15, 9, 0)),
        (DT(2024, 1, 15, 9, 0), Duration(1, MONTHS), SUBTRACT, DT(2023, 12, 15, 9, 0)),
    ],
)
def test_modify(
    start: DT, duration: Duration, operator: DateTimeClauseOperators, expected: DT
) -> None:
    assert tu.modify(start, duration, operator=operator) == expected


def test_modify_rejects_a_date_and_says_to_combine_first(tuesday: World) -> None:
    christmas = tu.parse_date_string(DateExpressions.ChristmasDay)
    with pytest.raises(TypeError, match=r"combine\(date, time\)"):
        tu.modify(christmas, Duration(10, DAYS), operator=SUBTRACT)  # type: ignore[arg-type]
    morning = tu.combine(christmas, tu.parse_time_string(TimeExpressions.Morning))
    assert tu.modify(morning, Duration(10, DAYS), operator=SUBTRACT) == DT(2024, 12, 15, 9, 5)


def test_modify_rejects_fractional_months_and_unknown_operators() -> None:
    with pytest.raises(ValueError, match="whole"):
        tu.modify(TUESDAY, Duration(1.5, MONTHS), operator=ADD)
    with pytest.raises(ValueError, match=r"DateTimeClauseOperators\.add"):
        tu.modify(TUESDAY, Duration(1, DAYS), operator="plus")  # type: ignore[arg-type]


def test_combine() -> None:
    assert tu.combine(D(2024, 12, 25), T(9, 5)) == DT(2024, 12, 25, 9, 5)
    assert tu.combine(D(2024, 2, 29), T(0, 0)) == DT(2024, 2, 29, 0, 0)


def _interval(start: tuple[int, int], end: tuple[int, int]) -> TimeInterval:
    return TimeInterval(DT(2024, 6, 25, *start), DT(2024, 6, 25, *end))


@pytest.mark.parametrize(
    ("first", "second", "min_duration", "expected"),
    [
        (_interval((9, 0), (10, 0)), _interval((9, 30), (11, 0)), None, True),
        (_interval((9, 30), (11, 0)), _interval((9, 0), (10, 0)), None, True),
        (_interval((9, 0), (12, 0)), _interval((10, 0), (10, 5)), None, True),  # contained
        (_interval((9, 0), (10, 0)), _interval((10, 0), (11, 0)), None, False),  # touching
        (_interval((9, 0), (10, 0)), _interval((10, 30), (11, 0)), None, False),  # apart
        (_interval((9, 0), (10, 0)), _interval((9, 59), (11, 0)), None, True),  # exactly 1 min
        (_interval((9, 0), (10, 0)), _interval((9, 30), (11, 0)), Duration(30, MINUTES), True),
        (_interval((9, 0), (10, 0)), _interval((9, 30), (11, 0)), Duration(1, HOURS), False),
        (_interval((9, 0), (10, 0)), _interval((10, 0), (11, 0)), Duration(0, MINUTES), True),
    ],
)
def test_intervals_overlap(
    first: TimeInterval, second: TimeInterval, min_duration: Duration | None, expected: bool
) -> None:
    if min_duration is None:
        assert tu.intervals_overlap(first, second) is expected
    else:
        assert tu.intervals_overlap(first, second, min_duration) is expected


def test_intervals_overlap_rejects_months() -> None:
    whole_day = _interval((0, 0), (23, 59))
    with pytest.raises(TypeError, match="month"):
        tu.intervals_overlap(whole_day, whole_day, Duration(1, MONTHS))


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({"day": 1}, D(2024, 1, 1)),
        ({"month": 3}, D(2024, 3, 31)),
        ({"year": 2023, "month": 12}, D(2023, 12, 31)),
        ({}, D(2024, 1, 31)),
    ],
)
def test_replace(kwargs: dict[str, int], expected: datetime.date) -> None:
    assert tu.replace(D(2024, 1, 31), **kwargs) == expected


def test_replace_rejects_an_impossible_date_and_returns_dates_only() -> None:
    with pytest.raises(ValueError, match="month=2, day=31"):
        tu.replace(D(2024, 1, 31), month=2)
    moved = tu.replace(DT(2024, 6, 25, 9, 6), day=1)
    assert type(moved) is datetime.date
    assert moved == D(2024, 6, 1)


# -- value types cross process boundaries as JSON -----------------------------------------------


@pytest.mark.parametrize(
    ("kind", "value"),
    [
        (Duration, Duration(2, HOURS)),
        (Duration, Duration(2.0, HOURS)),
        (Duration, Duration(0.25, DAYS)),
        (Duration, Duration(3, MONTHS)),
        (TimeInterval, TimeInterval(DT(2024, 6, 25, 9, 6), DT(2024, 6, 25, 17, 10, 0, 5))),
        (DateRange, DateRange(D(2024, 12, 28), D(2025, 1, 3))),
        (RepetitionSpec, RepetitionSpec(frequency=EventFrequency.DAILY)),
        (
            RepetitionSpec,
            RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=D(2024, 7, 9)),
        ),
        (
            RepetitionSpec,
            RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=DT(2024, 7, 9, 0, 0)),
        ),
        (
            RepetitionSpec,
            RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=DT(2024, 7, 9, 8, 30)),
        ),
        (
            RepetitionSpec,
            RepetitionSpec(
                frequency=EventFrequency.MONTHLY,
                period=2,
                max_repetitions=5,
                which_weekday=[0, 4],
                which_month_day=[-1],
                which_year_month=[1, 12],
                bysetpos=[-1],
                exclude_occurrence=[DT(2024, 7, 26, 10, 0)],
                occurrence_on_date=DT(2024, 7, 1, 15, 30),
            ),
        ),
    ],
)
def test_value_types_round_trip_through_json_exactly(kind: Any, value: Any) -> None:
    adapter: TypeAdapter[Any] = TypeAdapter(kind)
    back = adapter.validate_json(adapter.dump_json(value))
    assert back == value
    assert type(back) is type(value)
    assert repr(back) == repr(value)  # same field types: int vs float, date vs datetime


def test_repetition_spec_refuses_both_count_and_until() -> None:
    with pytest.raises(ValueError, match="not both"):
        RepetitionSpec(
            frequency=EventFrequency.DAILY, max_repetitions=2, recurs_until=D(2024, 7, 1)
        )


# -- recurrence ---------------------------------------------------------------------------------

TEN = T(10, 0)


def at_ten(*days: datetime.date) -> list[datetime.datetime]:
    return [DT.combine(day, TEN) for day in days]


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        (
            RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=3),
            at_ten(D(2024, 6, 25), D(2024, 6, 26), D(2024, 6, 27)),
        ),
        (
            # the Tuesday start does not fit the filter, so the series begins on Wednesday
            RepetitionSpec(
                frequency=EventFrequency.WEEKLY, which_weekday=[0, 2], max_repetitions=4
            ),
            at_ten(D(2024, 6, 26), D(2024, 7, 1), D(2024, 7, 3), D(2024, 7, 8)),
        ),
        (
            RepetitionSpec(frequency=EventFrequency.WEEKLY, period=2, max_repetitions=3),
            at_ten(D(2024, 6, 25), D(2024, 7, 9), D(2024, 7, 23)),
        ),
        (
            # the last Friday of each month
            RepetitionSpec(
                frequency=EventFrequency.MONTHLY,
                which_weekday=[4],
                bysetpos=[-1],
                max_repetitions=3,
            ),
            at_ten(D(2024, 6, 28), D(2024, 7, 26), D(2024, 8, 30)),
        ),
        (
            # the last working day of each month
            RepetitionSpec(
                frequency=EventFrequency.MONTHLY,
                which_weekday=[0, 1, 2, 3, 4],
                bysetpos=[-1],
                max_repetitions=3,
            ),
            at_ten(D(2024, 6, 28), D(2024, 7, 31), D(2024, 8, 30)),
        ),
        (
            RepetitionSpec(
                frequency=EventFrequency.YEARLY,
                which_year_month=[12],
                which_month_day=[25],
                max_repetitions=2,
            ),
            at_ten(D(2024, 12, 25), D(2025, 12, 25)),
        ),
        (
            # UNTIL is that date at the event's time: the datetime's 08:00 is ignored
            RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=DT(2024, 7, 9, 8, 0)),
            at_ten(D(2024, 6, 25), D(2024, 7, 2), D(2024, 7, 9)),
        ),
        (
            RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=D(2024, 7, 9)),
            at_ten(D(2024, 6, 25), D(2024, 7, 2), D(2024, 7, 9)),
        ),
        (
            RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=DT(2024, 7, 8, 23, 59)),
            at_ten(D(2024, 6, 25), D(2024, 7, 2)),
        ),
        (
            RepetitionSpec(frequency=EventFrequency.DAILY, recurs_until=D(2024, 6, 25)),
            at_ten(D(2024, 6, 25)),
        ),
        (
            # an excluded occurrence still counts towards max_repetitions
            RepetitionSpec(
                frequency=EventFrequency.DAILY,
                max_repetitions=4,
                exclude_occurrence=[DT(2024, 6, 26, 10, 0)],
            ),
            at_ten(D(2024, 6, 25), D(2024, 6, 27), D(2024, 6, 28)),
        ),
        (
            # exclusions are exact datetimes: another time of day excludes nothing
            RepetitionSpec(
                frequency=EventFrequency.DAILY,
                max_repetitions=2,
                exclude_occurrence=[DT(2024, 6, 26, 9, 0)],
            ),
            at_ten(D(2024, 6, 25), D(2024, 6, 26)),
        ),
        (
            RepetitionSpec(
                frequency=EventFrequency.WEEKLY,
                max_repetitions=2,
                occurrence_on_date=DT(2024, 6, 27, 15, 30),
            ),
            [DT(2024, 6, 25, 10, 0), DT(2024, 6, 27, 15, 30), DT(2024, 7, 2, 10, 0)],
        ),
        (
            # an empty filter list counts as no filter
            RepetitionSpec(frequency=EventFrequency.WEEKLY, which_weekday=[], max_repetitions=2),
            at_ten(D(2024, 6, 25), D(2024, 7, 2)),
        ),
    ],
)
def test_expand_repetition(
    tuesday: World, spec: RepetitionSpec, expected: list[datetime.datetime]
) -> None:
    assert expand_repetition(TEN, spec, D(2024, 6, 25)) == expected


def test_expand_repetition_of_no_spec_is_empty(tuesday: World) -> None:
    assert expand_repetition(TEN, None) == []


def test_expand_repetition_starts_today_by_default(set_clock: SetClock) -> None:
    set_clock(DT(2024, 12, 30, 8, 0))
    spec = RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=3)
    assert expand_repetition(T(16, 45), spec) == [
        DT(2024, 12, 30, 16, 45),
        DT(2024, 12, 31, 16, 45),
        DT(2025, 1, 1, 16, 45),
    ]


def test_unbounded_rules_stop_at_23_occurrences(tuesday: World) -> None:
    daily = RepetitionSpec(frequency=EventFrequency.DAILY)
    occurrences = expand_repetition(TEN, daily)
    assert MAX_UNBOUNDED_OCCURRENCES == 23
    assert occurrences == at_ten(*(D(2024, 6, 25) + datetime.timedelta(days=n) for n in range(23)))

    skipping = RepetitionSpec(
        frequency=EventFrequency.DAILY, exclude_occurrence=[DT(2024, 6, 26, 10, 0)]
    )
    assert len(expand_repetition(TEN, skipping)) == 23
    assert expand_repetition(TEN, skipping)[-1] == DT(2024, 7, 18, 10, 0)

    on_the_31st = RepetitionSpec(frequency=EventFrequency.MONTHLY, which_month_day=[31])
    months = expand_repetition(TEN, on_the_31st)
    assert len(months) == 23
    assert months[:3] == at_ten(D(2024, 7, 31), D(2024, 8, 31), D(2024, 10, 31))


def test_expansion_does_not_change_the_spec(tuesday: World) -> None:
    spec = RepetitionSpec(
        frequency=EventFrequency.WEEKLY,
        recurs_until=D(2024, 7, 30),
        which_weekday=[1, 3],
        exclude_occurrence=[DT(2024, 6, 27, 10, 0)],
        occurrence_on_date=DT(2024, 6, 29, 10, 0),
    )
    before = spec.model_dump_json()
    first = expand_repetition(TEN, spec)
    assert spec.model_dump_json() == before
    assert type(spec.recurs_until) is datetime.date
    assert expand_repetition(TEN, spec) == first  # expanding again gives the same series
    assert expand_repetition(T(11, 0), spec)[0] == DT(2024, 6, 25, 11, 0)


def test_expand_repetition_rejects_bad_input(tuesday: World) -> None:
    daily = RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=2)
    with pytest.raises(TypeError, match=r"datetime\.time"):
        expand_repetition(TUESDAY, daily)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="RepetitionSpec"):
        expand_repetition(TEN, {"frequency": "DAILY"})  # type: ignore[arg-type]

    stalled = daily.model_copy(update={"period": 0})
    with pytest.raises(ValueError, match="period"):
        expand_repetition(TEN, stalled)

    both = daily.model_copy(update={"recurs_until": D(2024, 7, 1)})
    with pytest.raises(ValueError, match="not both"):
        expand_repetition(TEN, both)

    nonsense = daily.model_copy(update={"bysetpos": [0]})
    with pytest.raises(ValueError, match="Invalid RepetitionSpec"):
        expand_repetition(TEN, nonsense)
