"""find_available_slots: the reference's steps, quirks included (spec section 4)."""

from __future__ import annotations

import datetime

import pytest

from assistworld.apps.workplace.time_utils import TimeInterval
from assistworld.apps.workplace.work_calendar import (
    CalendarSearchSettings,
    Event,
    ShowAsStatus,
    find_available_slots,
)
from assistworld.world import World
from tests.apps.workplace._calendar_fixtures import at, make_world


def busy(start: datetime.datetime, end: datetime.datetime, **fields: object) -> Event:
    return Event(starts_at=start, ends_at=end, **fields)


def slot(start: datetime.datetime, end: datetime.datetime) -> TimeInterval:
    return TimeInterval(start, end)


def working_day(day: int, month: int = 6) -> TimeInterval:
    return slot(at(day, 9, 6, month), at(day, 17, 10, month))


TUESDAY_TO_FRIDAY = [working_day(25), working_day(26), working_day(27), working_day(28)]


@pytest.mark.parametrize(
    ("now", "expected"),
    [
        (at(25, 9, 6), TUESDAY_TO_FRIDAY),
        (at(25, 16, 0), TUESDAY_TO_FRIDAY),  # not clipped to now
        (
            at(28, 9, 0),
            [working_day(d) for d in range(28, 31)] + [working_day(d, 7) for d in range(1, 6)],
        ),
        (
            at(29, 12, 0),
            [working_day(29), working_day(30)] + [working_day(d, 7) for d in range(1, 6)],
        ),
    ],
)
def test_no_events_gives_working_days_through_next_friday(
    now: datetime.datetime, expected: list[TimeInterval]
) -> None:
    with make_world(now).active():
        assert find_available_slots([]) == expected


def test_events_shown_as_free_are_ignored() -> None:
    with make_world().active():
        free = busy(at(26, 10), at(26, 11), show_as_status=ShowAsStatus.Free)
        assert find_available_slots([free]) == TUESDAY_TO_FRIDAY
        assert find_available_slots([free], date=datetime.date(2024, 6, 26)) == [working_day(26)]


@pytest.mark.parametrize(
    ("events", "date", "expected"),
    [
        # a date that no event touches: its whole working day
        ([busy(at(26, 10), at(26, 11))], datetime.date(2024, 7, 2), [working_day(2, 7)]),
        ([], datetime.date(2024, 6, 29), [working_day(29)]),
        # one event
        (
            [busy(at(26, 10), at(26, 11))],
            None,
            [slot(at(26, 9, 6), at(26, 10)), slot(at(26, 11), at(26, 17, 10))],
        ),
        # only the given date is walked
        (
            [busy(at(26, 10), at(26, 11)), busy(at(27, 13), at(27, 14))],
            datetime.date(2024, 6, 27),
            [slot(at(27, 9, 6), at(27, 13)), slot(at(27, 14), at(27, 17, 10))],
        ),
        # a datetime passed as date counts as its date
        (
            [busy(at(27, 13), at(27, 14))],
            at(27, 15),
            [slot(at(27, 9, 6), at(27, 13)), slot(at(27, 14), at(27, 17, 10))],
        ),
        # overlapping events merge; input order does not matter
        (
            [busy(at(26, 10, 30), at(26, 12)), busy(at(26, 10), at(26, 11))],
            None,
            [slot(at(26, 9, 6), at(26, 10)), slot(at(26, 12), at(26, 17, 10))],
        ),
        # an event inside another one
        (
            [busy(at(26, 10), at(26, 15)), busy(at(26, 11), at(26, 12))],
            None,
            [slot(at(26, 9, 6), at(26, 10)), slot(at(26, 15), at(26, 17, 10))],
        ),
        # back-to-back events leave no empty slot between them
        (
            [busy(at(26, 10), at(26, 11)), busy(at(26, 11), at(26, 12))],
            None,
            [slot(at(26, 9, 6), at(26, 10)), slot(at(26, 12), at(26, 17, 10))],
        ),
        # a multi-day event blocks the end of its first day and the start of its last
        (
            [busy(at(26, 15), at(27, 10))],
            None,
            [slot(at(26, 9, 6), at(26, 15)), slot(at(27, 10), at(27, 17, 10))],
        ),
        # a day in the range without events is free all day
        (
            [busy(at(26, 10), at(26, 11)), busy(at(28, 16), at(28, 17))],
            None,
            [
                slot(at(26, 9, 6), at(26, 10)),
                slot(at(26, 11), at(26, 17, 10)),
                working_day(27),
                slot(at(28, 9, 6), at(28, 16)),
                slot(at(28, 17), at(28, 17, 10)),
            ],
        ),
        # an event before the working day does not create a slot
        ([busy(at(26, 7), at(26, 8))], None, [working_day(26)]),
        # an event running into the working day pushes its start
        ([busy(at(26, 8), at(26, 9, 30))], None, [slot(at(26, 9, 30), at(26, 17, 10))]),
        # unclipped end (keep): the gap before an evening event ends at its start
        ([busy(at(26, 18), at(26, 19))], None, [slot(at(26, 9, 6), at(26, 18))]),
        # an event over the end of the working day leaves nothing after it
        ([busy(at(26, 16), at(26, 18))], None, [slot(at(26, 9, 6), at(26, 16))]),
    ],
)
def test_slots_around_events(
    events: list[Event], date: datetime.date | None, expected: list[TimeInterval]
) -> None:
    with make_world().active():
        assert find_available_slots(events, date=date) == expected


def test_custom_search_settings_bound_each_day() -> None:
    settings = CalendarSearchSettings(datetime.time(8), datetime.time(12))
    events = [busy(at(26, 10), at(26, 11))]
    with make_world().active():
        assert find_available_slots(events, settings) == [
            slot(at(26, 8), at(26, 10)),
            slot(at(26, 11), at(26, 12)),
        ]
        assert find_available_slots([], settings, datetime.date(2024, 6, 26)) == [
            slot(at(26, 8), at(26, 12))
        ]


def test_the_callers_list_is_not_reordered() -> None:
    events = [busy(at(27, 10), at(27, 11)), busy(at(26, 10), at(26, 11))]
    before = list(events)
    with make_world().active():
        find_available_slots(events)
    assert events == before


def test_an_event_without_end_is_a_clear_error() -> None:
    world: World = make_world()
    with world.active(), pytest.raises(ValueError, match="starts_at and ends_at"):
        find_available_slots([Event(subject="Open", starts_at=at(26, 10))])
