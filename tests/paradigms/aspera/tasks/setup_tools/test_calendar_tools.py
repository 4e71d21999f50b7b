"""Setup tools for calendars and rooms."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest

from assistworld.apps.workplace.room_booking import ConferenceRoom, find_available_time_slots
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.time_utils import EventFrequency, RepetitionSpec, TimeInterval
from assistworld.apps.workplace.work_calendar import Event, find_events, get_calendar
from assistworld.paradigms.aspera.tasks.setup_tools.calendar_tools import (
    simulate_conference_room,
    simulate_employee_calendar,
    simulate_user_calendar,
)
from assistworld.world import World
from tests.apps.workplace._calendar_fixtures import at, make_world, person

BOB, ALICE, USER = person("Bob"), person("Alice"), person("Alex")


@pytest.fixture
def world() -> Iterator[World]:
    world = make_world()
    with world.active():
        yield world


def test_simulate_user_calendar_adds_every_event_like_add_event(world: World) -> None:
    events = [
        Event(subject="One", attendees=[BOB, USER], starts_at=at(26, 10)),
        Event(subject="Two", starts_at=at(27, 10), ends_at=at(27, 11)),
    ]
    ids = simulate_user_calendar(events)
    assert ids == [e.event_id for e in events]
    assert list(WorkplaceTables(world).user_calendar) == ids
    assert events[0].ends_at == at(26, 10, 16)
    assert [e.attendees for e in find_events()] == [[USER, BOB], None]


def test_employee_event_is_stored_as_given_and_gets_its_id_back(world: World) -> None:
    event = Event(subject="1:1", attendees=[USER, BOB], starts_at=at(26, 10), ends_at=at(26, 11))
    (event_id,) = simulate_employee_calendar(BOB, [event])
    assert event.event_id == event_id
    (stored,) = get_calendar(BOB)
    assert stored.event_id == event_id
    assert stored.attendees == [USER, BOB], "the owner is only removed from copied events"
    assert stored.ends_at == at(26, 11)
    assert WorkplaceTables(world).user_calendar == {}


def test_event_with_an_id_is_copied_without_the_owner(world: World) -> None:
    event = Event(subject="Sync", attendees=[ALICE, BOB], starts_at=at(26, 10), ends_at=at(26, 11))
    (user_id,) = simulate_user_calendar([event])
    (copy_id,) = simulate_employee_calendar(BOB, [event])
    assert copy_id != user_id
    assert event.event_id == user_id
    assert event.attendees == [ALICE, BOB]
    (stored,) = get_calendar(BOB)
    assert stored.event_id == copy_id
    assert stored.attendees == [ALICE]
    assert stored.subject == "Sync"


def test_copying_an_event_whose_attendees_lack_the_owner_is_fine(world: World) -> None:
    event = Event(subject="Solo", starts_at=at(26, 10), ends_at=at(26, 11), event_id="given")
    (copy_id,) = simulate_employee_calendar(BOB, [event])
    assert get_calendar(BOB)[0].attendees is None
    assert copy_id != "given"


def test_employee_recurring_event_gets_occurrence_rows(world: World) -> None:
    event = Event(
        subject="Standup",
        starts_at=at(26, 9),
        ends_at=at(26, 9, 15),
        repeats=RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=3),
    )
    (parent_id,) = simulate_employee_calendar(ALICE, [event])
    rows = get_calendar(ALICE)
    assert [r.starts_at for r in rows] == [at(26, 9), at(26, 9), at(27, 9), at(28, 9)]
    assert [r.recurrent_event_id for r in rows] == [None, parent_id, parent_id, parent_id]
    assert all(r.ends_at == r.starts_at + datetime.timedelta(minutes=15) for r in rows)  # type: ignore[operator]


@pytest.mark.parametrize(
    "event",
    [
        Event(subject="No end", starts_at=at(26, 10)),
        Event(subject="No start", ends_at=at(26, 10)),
    ],
)
def test_employee_events_need_start_and_end(world: World, event: Event) -> None:
    with pytest.raises(ValueError, match="starts_at and ends_at"):
        simulate_employee_calendar(BOB, [event])
    assert get_calendar(BOB) == []


def test_employee_must_be_in_the_directory(world: World) -> None:
    stranger = person("Zed")
    with pytest.raises(ValueError, match="simulate_org_structure"):
        simulate_employee_calendar(stranger, [])


def test_simulate_conference_room_stores_room_and_bookings_in_order(world: World) -> None:
    first, second = TimeInterval(at(26, 14), at(26, 15)), TimeInterval(at(26, 10), at(26, 11))
    third = TimeInterval(at(27, 9, 30), at(27, 10))
    simulate_conference_room(
        "Oak",
        6,
        {datetime.date(2024, 6, 26): [first, second], datetime.date(2024, 6, 27): [third]},
    )
    simulate_conference_room("Pine", 2)
    assert WorkplaceTables(world).rooms == {
        "Oak": ConferenceRoom(room_name="Oak", capacity=6),
        "Pine": ConferenceRoom(room_name="Pine", capacity=2),
    }
    assert WorkplaceTables(world).room_bookings["Oak"] == [first, second, third]
    assert WorkplaceTables(world).room_bookings.get("Pine", []) == []
    assert find_available_time_slots("Pine", [datetime.date(2024, 6, 26)]) == [
        TimeInterval(at(26, 9, 6), at(26, 17, 10))
    ]


@pytest.mark.parametrize(
    ("name", "bookings", "error", "message"),
    [
        ("", None, ValueError, "non-empty"),
        ("Oak", None, ValueError, "already exists"),
        (
            "Elm",
            {datetime.date(2024, 6, 26): [TimeInterval(at(26, 11), at(26, 10))]},
            ValueError,
            "ends",
        ),
        ("Elm", {datetime.date(2024, 6, 26): ["all day"]}, TypeError, "TimeIntervals"),
    ],
)
def test_simulate_conference_room_rejects_bad_input(
    world: World, name: str, bookings: object, error: type[Exception], message: str
) -> None:
    simulate_conference_room("Oak", 6)
    with pytest.raises(error, match=message):
        simulate_conference_room(name, 4, bookings)  # type: ignore[arg-type]
    assert list(WorkplaceTables(world).rooms) == ["Oak"]


def test_setup_tools_that_write_rooms_or_employee_calendars_count_writes(world: World) -> None:
    start = world.version
    simulate_conference_room("Oak", 4)
    assert world.version == start + 1
    one = Event(subject="A", starts_at=at(26, 10), ends_at=at(26, 11))
    two = Event(subject="B", starts_at=at(27, 10), ends_at=at(27, 11))
    simulate_employee_calendar(BOB, [one, two])
    assert world.version == start + 3  # one write per event stored
    with pytest.raises(ValueError, match="already exists"):
        simulate_conference_room("Oak", 4)
    assert world.version == start + 3
