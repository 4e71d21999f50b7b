"""Periods are read against the world's clock, not the machine's."""

from __future__ import annotations

import datetime

import pytest

from assistworld.apps.personal import toolset
from assistworld.apps.personal._periods import PERIODS, period_bounds
from tests.apps.personal._world import NOW, maya_world


def _ids(name: str, key: str, **arguments: object) -> list[str]:
    world = maya_world()
    return _ids_in(world, name, key, **arguments)


def _ids_in(world: object, name: str, key: str, **arguments: object) -> list[str]:
    with world.active():  # type: ignore[attr-defined]
        event = toolset().call_json(name, arguments)
    assert event.ok, event.error
    return [row[key] for row in event.result]


def test_yesterday_and_last_night_follow_the_reference_time() -> None:
    assert _ids("search_emails", "email_id", period="yesterday") == ["email-2", "email-1"]
    assert _ids("search_messages", "message_id", period="last_night") == ["message-1"]
    assert _ids("search_phone_calls", "call_id", period="last_night") == ["call-1"]
    assert _ids("search_whatsapp_messages", "message_id", period="today") == ["message-4"]


def test_moving_the_clock_moves_the_periods() -> None:
    world = maya_world()
    world.now = NOW + datetime.timedelta(days=1)
    assert _ids_in(world, "search_emails", "email_id", period="yesterday") == []
    assert _ids_in(world, "search_whatsapp_messages", "message_id", period="yesterday") == [
        "message-4"
    ]
    assert _ids_in(world, "search_calendar_events", "event_id", period="today") == ["event-2"]


def test_upcoming_and_past_events_split_at_now() -> None:
    assert _ids("search_calendar_events", "event_id", period="upcoming") == ["event-2", "event-3"]
    assert _ids("search_calendar_events", "event_id", period="past") == ["event-1"]
    assert _ids("search_calendar_events", "event_id", period="next_week") == []
    assert _ids("search_calendar_events", "event_id", period="this_week") == [
        "event-1",
        "event-2",
        "event-3",
    ]


def test_explicit_bounds_narrow_a_period() -> None:
    found = _ids(
        "search_calendar_events",
        "event_id",
        period="upcoming",
        end=datetime.datetime(2025, 3, 15).isoformat(),
    )
    assert found == ["event-2"]


def test_unread_means_incoming_and_not_yet_read() -> None:
    assert _ids("search_emails", "email_id", unread_only=True) == ["email-1"]
    assert _ids("search_messages", "message_id", unread_only=True) == ["message-1"]


@pytest.mark.parametrize("period", PERIODS)
def test_every_period_is_a_forward_interval(period: str) -> None:
    for now in (NOW, datetime.datetime(2025, 3, 16, 3, 0)):
        start, end = period_bounds(period, now)
        assert start < end


def test_last_night_before_dawn_is_the_night_still_going_on() -> None:
    start, end = period_bounds("last_night", datetime.datetime(2025, 3, 13, 2, 0))
    assert (start, end) == (datetime.datetime(2025, 3, 12, 18), datetime.datetime(2025, 3, 13, 6))
