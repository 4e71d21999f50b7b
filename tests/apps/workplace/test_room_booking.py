"""Conference rooms: free slots, the default search window, search and summaries."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest

from assistworld.apps.workplace import room_booking
from assistworld.apps.workplace.room_booking import (
    ConferenceRoom,
    RoomAvailability,
    find_available_time_slots,
    room_booking_default_time_window,
    search_conference_room,
    summarise_availability,
)
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.time_utils import TimeInterval
from assistworld.world import World
from tests.apps.workplace._calendar_fixtures import at, make_world

WEDNESDAY = datetime.date(2024, 6, 26)


def slot(start: datetime.datetime, end: datetime.datetime) -> TimeInterval:
    return TimeInterval(start, end)


def add_room(world: World, name: str, capacity: int, *bookings: TimeInterval) -> None:
    WorkplaceTables(world).rooms[name] = ConferenceRoom(room_name=name, capacity=capacity)
    WorkplaceTables(world).room_bookings[name] = list(bookings)


@pytest.fixture
def world() -> Iterator[World]:
    world = make_world()
    with world.active():
        yield world


def test_public_functions_are_exported() -> None:
    assert {
        "find_available_time_slots",
        "room_booking_default_time_window",
        "search_conference_room",
        "summarise_availability",
    } <= set(room_booking.__all__)


WINDOW = slot(at(26, 10), at(26, 12))


@pytest.mark.parametrize(
    ("bookings", "expected"),
    [
        ([], [WINDOW]),
        ([slot(at(26, 13), at(26, 14))], [WINDOW]),
        (
            [slot(at(26, 10, 30), at(26, 11))],
            [slot(at(26, 10), at(26, 10, 30)), slot(at(26, 11), at(26, 12))],
        ),
        ([slot(at(26, 9), at(26, 10, 30))], [slot(at(26, 10, 30), at(26, 12))]),
        ([slot(at(26, 11, 30), at(26, 13))], [slot(at(26, 10), at(26, 11, 30))]),
        ([slot(at(26, 9), at(26, 13))], []),
        # bookings touching an edge count as overlapping but leave the window free
        ([slot(at(26, 9), at(26, 10))], [WINDOW]),
        ([slot(at(26, 12), at(26, 13))], [WINDOW]),
        # bookings are walked in stored order, not sorted (keep): the later booking stored
        # first moves the cursor past the earlier one
        (
            [slot(at(26, 11, 30), at(26, 11, 45)), slot(at(26, 10, 15), at(26, 10, 30))],
            [slot(at(26, 10), at(26, 11, 30)), slot(at(26, 11, 45), at(26, 12))],
        ),
        # a booking touching the window's end, stored first, ends the walk (keep)
        ([slot(at(26, 12), at(26, 13)), slot(at(26, 10, 30), at(26, 11))], [WINDOW]),
    ],
)
def test_free_slots_in_one_window(
    world: World, bookings: list[TimeInterval], expected: list[TimeInterval]
) -> None:
    add_room(world, "Oak", 6, *bookings)
    assert find_available_time_slots("Oak", [WINDOW]) == expected


def test_dates_mean_working_days_and_windows_are_independent(world: World) -> None:
    add_room(world, "Oak", 6, slot(at(26, 12), at(26, 13)))
    assert find_available_time_slots("Oak", [WEDNESDAY, datetime.date(2024, 6, 27)]) == [
        slot(at(26, 9, 6), at(26, 12)),
        slot(at(26, 13), at(26, 17, 10)),
        slot(at(27, 9, 6), at(27, 17, 10)),
    ]
    assert find_available_time_slots("Oak", [slot(at(26, 11), at(26, 14)), WINDOW]) == [
        slot(at(26, 11), at(26, 12)),
        slot(at(26, 13), at(26, 14)),
        slot(at(26, 10), at(26, 12)),
    ]


def test_room_is_found_by_case_insensitive_part_of_its_name(world: World) -> None:
    add_room(world, "Big Oak Room", 6, slot(at(26, 10), at(26, 11)))
    add_room(world, "Oak Annex", 4)
    assert find_available_time_slots("oak", [WINDOW]) == [slot(at(26, 11), at(26, 12))]
    assert find_available_time_slots("ANNEX", [WINDOW]) == [WINDOW]


def test_unknown_room_is_a_clear_lookup_error(world: World) -> None:
    add_room(world, "Oak", 6)
    with pytest.raises(LookupError, match=r"'Pine'.*'Oak'"):
        find_available_time_slots("Pine", [WINDOW])


def test_bad_window_items_are_rejected(world: World) -> None:
    add_room(world, "Oak", 6)
    with pytest.raises(TypeError, match=r"TimeInterval or a datetime\.date"):
        find_available_time_slots("Oak", ["tomorrow"])  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("now", "end"),
    [
        (at(25, 9, 6), at(28, 17, 10)),
        (at(28, 15, 0), at(5, 17, 10, 7)),
        (at(30, 11, 0), at(5, 17, 10, 7)),
    ],
)
def test_default_window_runs_from_now_to_next_friday_evening(
    now: datetime.datetime, end: datetime.datetime
) -> None:
    with make_world(now).active():
        assert room_booking_default_time_window() == TimeInterval(now, end)


def test_search_filters_by_capacity_and_keeps_fully_booked_rooms(world: World) -> None:
    add_room(world, "Small", 2)
    add_room(world, "Busy", 8, slot(at(26, 9), at(26, 18)))
    add_room(world, "Large", 10, slot(at(26, 10), at(26, 11)))
    found = search_conference_room([WEDNESDAY], capacity=8)
    assert found == [
        RoomAvailability(room=ConferenceRoom(room_name="Busy", capacity=8), free_slots=[]),
        RoomAvailability(
            room=ConferenceRoom(room_name="Large", capacity=10),
            free_slots=[slot(at(26, 9, 6), at(26, 10)), slot(at(26, 11), at(26, 17, 10))],
        ),
    ]
    assert [a.room.room_name for a in search_conference_room([WINDOW])] == [
        "Small",
        "Busy",
        "Large",
    ]
    assert search_conference_room([WINDOW], capacity=11) == []


def test_search_uses_each_rooms_own_bookings_even_with_similar_names(world: World) -> None:
    add_room(world, "Room A2", 4, slot(at(26, 10), at(26, 12)))
    add_room(world, "Room A", 4)
    by_name = {a.room.room_name: a.free_slots for a in search_conference_room([WINDOW])}
    assert by_name == {"Room A2": [], "Room A": [WINDOW]}


ROOM_A = ConferenceRoom(room_name="Room A", capacity=4)
ROOM_B = ConferenceRoom(room_name="Room B", capacity=10)
TWO_SLOTS = RoomAvailability(
    room=ROOM_A, free_slots=[slot(at(26, 9, 6), at(26, 10)), slot(at(26, 11), at(26, 17, 10))]
)
FULL = RoomAvailability(room=ROOM_B, free_slots=[])
TWO_SLOTS_TEXT = (
    "Room: Room A (Capacity: 4)\n"
    "  Available: 2024-06-26 09:06 to 2024-06-26 10:00\n"
    "  Available: 2024-06-26 11:00 to 2024-06-26 17:10\n"
)
FULL_TEXT = "Room: Room B (Capacity: 10)\n   Fully booked!\n"


@pytest.mark.parametrize(
    ("schedule", "room_name", "text"),
    [
        ([], None, "No rooms found!"),
        ([TWO_SLOTS], None, TWO_SLOTS_TEXT),
        ([FULL], None, FULL_TEXT),
        ([TWO_SLOTS, FULL], None, TWO_SLOTS_TEXT + "\n" + FULL_TEXT),
        ([TWO_SLOTS, FULL], "Room B", FULL_TEXT),
        ([TWO_SLOTS, FULL], "room a", TWO_SLOTS_TEXT),
        ([TWO_SLOTS, FULL], "Room C", "No rooms found!"),
    ],
)
def test_summarise_availability(
    schedule: list[RoomAvailability], room_name: str | None, text: str
) -> None:
    assert summarise_availability(schedule, room_name) == text


def test_room_values_round_trip_through_json() -> None:
    assert ConferenceRoom.model_validate_json(ROOM_A.model_dump_json()) == ROOM_A
    restored = RoomAvailability.model_validate_json(TWO_SLOTS.model_dump_json())
    assert restored == TWO_SLOTS
    assert all(isinstance(s, TimeInterval) for s in restored.free_slots)


def test_search_results_do_not_alias_the_world(world: World) -> None:
    add_room(world, "Oak", 6)
    (found,) = search_conference_room([WINDOW])
    found.free_slots.clear()
    found.room.capacity = 1
    assert WorkplaceTables(world).rooms["Oak"].capacity == 6
    assert search_conference_room([WINDOW])[0].free_slots == [WINDOW]
