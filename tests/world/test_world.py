from __future__ import annotations

import asyncio
import datetime
import threading

import pytest

from assistworld.apps.workplace._world import active_world
from assistworld.apps.workplace.company_directory import EmployeeDetails, Team
from assistworld.apps.workplace.room_booking import ConferenceRoom
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.time_utils import (
    EventFrequency,
    RepetitionSpec,
    TimeInterval,
)
from assistworld.apps.workplace.work_calendar import Event
from assistworld.world import DEFAULT_NOW, NoActiveWorldError, World, diff

MON = datetime.datetime(2024, 7, 1, 10, 0)


def _employee(world: World, name: str, *, user: bool = False) -> EmployeeDetails:
    employee_id = world.new_id("employee")
    row = EmployeeDetails(
        name=name,
        email_address=f"{name.lower()}@company.co.ro",
        mobile="+4000000000000",
        team=Team.Engineering,
        role="Team Member",
        video_conference_link=f"https://company.xweb.com/{name.lower()}",
        joined_date=datetime.date(2023, 8, 1),
        birth_date=datetime.date(1990, 7, 3),
        employee_id=employee_id,
        is_user=user,
    )
    WorkplaceTables(world).employees[employee_id] = row
    return row


def _populated() -> World:
    world = World()
    alex = _employee(world, "Alex", user=True)
    bob = _employee(world, "Bob")
    WorkplaceTables(world).vacations[bob.employee_id] = [
        TimeInterval(MON, MON + datetime.timedelta(days=3))
    ]
    from assistworld.apps.workplace.company_directory import Employee

    event = Event(
        attendees=[Employee(name="Bob", employee_id=bob.employee_id)],
        subject="Sync",
        starts_at=MON,
        ends_at=MON + datetime.timedelta(minutes=30),
        repeats=RepetitionSpec(
            frequency=EventFrequency.WEEKLY, recurs_until=datetime.date(2024, 8, 1)
        ),
        event_id=world.new_id("event"),
        attachments=[{"name": "agenda.txt"}],
    )
    assert event.event_id is not None
    WorkplaceTables(world).user_calendar[event.event_id] = event
    WorkplaceTables(world).rooms["Oak"] = ConferenceRoom(room_name="Oak", capacity=8)
    WorkplaceTables(world).room_bookings["Oak"] = [
        TimeInterval(MON, MON + datetime.timedelta(hours=1))
    ]
    WorkplaceTables(world).calendar_shared_with.append(alex.employee_id)
    world.rng.random()  # move the generator so its state is not the seed's
    return world


def test_a_new_world_starts_at_the_default_clock_and_is_empty() -> None:
    world = World()
    assert world.now == DEFAULT_NOW == datetime.datetime(2024, 6, 25, 9, 6)
    assert WorkplaceTables(world).employees == {}
    assert World(now=MON).now == MON


def test_json_round_trip_is_exact_including_the_random_generator() -> None:
    world = _populated()
    text = world.to_json()
    again = World.from_json(text)
    assert again == world
    assert again.to_json() == text
    assert again.rng.random() == world.rng.random()
    event = next(iter(WorkplaceTables(again).user_calendar.values()))
    assert isinstance(event.repeats, RepetitionSpec)
    assert isinstance(event.repeats.recurs_until, datetime.date)
    assert not isinstance(event.repeats.recurs_until, datetime.datetime)


def test_restore_undoes_every_change_made_after_the_snapshot() -> None:
    world = _populated()
    before = world.snapshot()
    draw = world.rng.random()
    WorkplaceTables(world).user_calendar.clear()
    WorkplaceTables(world).rooms["Elm"] = ConferenceRoom(room_name="Elm", capacity=2)
    world.now = MON
    world.restore(before)
    assert world.snapshot() == before
    assert world.rng.random() == draw


def test_snapshots_are_copies_not_views() -> None:
    world = _populated()
    snap = world.snapshot()
    next(iter(WorkplaceTables(world).user_calendar.values())).subject = "Changed"
    assert next(iter(snap.user_calendar.values())).subject == "Sync"


def test_the_live_state_is_the_world_now_without_a_copy() -> None:
    world = _populated()
    live = world.live_state()
    assert live == world.snapshot()
    next(iter(WorkplaceTables(world).user_calendar.values())).subject = "Changed"
    assert next(iter(live.user_calendar.values())).subject == "Changed"
    assert world.live_state().to_data() == world.snapshot().to_data() == world.to_data()


def test_diff_reports_added_removed_and_changed_rows() -> None:
    world = _populated()
    before = world.snapshot()
    event_id = next(iter(WorkplaceTables(world).user_calendar))
    WorkplaceTables(world).user_calendar[event_id].subject = "Renamed"
    WorkplaceTables(world).rooms.pop("Oak")
    WorkplaceTables(world).rooms["Elm"] = ConferenceRoom(room_name="Elm", capacity=2)
    changes = diff(before, world.snapshot())
    assert {(c.table, c.key, c.kind) for c in changes} == {
        ("user_calendar", event_id, "changed"),
        ("rooms", "Oak", "removed"),
        ("rooms", "Elm", "added"),
    }
    changed = changes.in_table("user_calendar", "changed")[0]
    assert changed.before["subject"] == "Sync" and changed.after["subject"] == "Renamed"
    assert not changes.clock_moved
    assert not diff(before, before)


def test_every_recorded_write_increments_the_version() -> None:
    world = World()
    assert world.version == 0
    assert [world.record_write() for _ in range(3)] == [1, 2, 3]
    assert world.version == 3


def test_snapshots_and_json_carry_the_version() -> None:
    world = _populated()
    world.record_write()
    world.record_write()
    assert world.snapshot().version == 2
    assert World.from_json(world.to_json()).version == 2
    assert World.from_state(world.snapshot()).version == 2


def test_a_restore_counts_as_a_write_so_the_version_never_goes_back() -> None:
    world = World()
    world.record_write()
    early = world.snapshot()
    for _ in range(4):
        world.record_write()
    world.restore(early)  # back to the contents of version 1, but as a new write
    assert world.version == 6
    later = World.from_state(world.snapshot())
    later.record_write()
    assert later.version == 7
    fresh = World()
    fresh.restore(later.snapshot())  # a restore never goes below the snapshot's version
    assert fresh.version == 8


def test_ids_are_deterministic_for_a_seed() -> None:
    assert [World().new_id("e") for _ in range(2)] == [World().new_id("e") for _ in range(2)]
    world = World()
    assert world.new_id("e") != world.new_id("e")
    assert World(seed=1).new_id("e") != World(seed=2).new_id("e")


def test_library_calls_without_an_active_world_explain_what_to_do() -> None:
    with pytest.raises(NoActiveWorldError, match=r"with world\.active\(\)"):
        active_world()


def test_worlds_on_two_threads_never_see_each_other() -> None:
    seen: dict[str, list[datetime.datetime]] = {"a": [], "b": []}
    barrier = threading.Barrier(2)

    def use(name: str, world: World) -> None:
        with world.active():
            barrier.wait(timeout=5)  # both threads hold their world at the same time
            for _ in range(200):
                seen[name].append(active_world().now)

    first, second = World(now=MON), World(now=DEFAULT_NOW)
    threads = [
        threading.Thread(target=use, args=("a", first)),
        threading.Thread(target=use, args=("b", second)),
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert set(seen["a"]) == {MON}
    assert set(seen["b"]) == {DEFAULT_NOW}


def test_worlds_in_two_asyncio_tasks_never_see_each_other() -> None:
    async def use(world: World) -> set[datetime.datetime]:
        found = set()
        with world.active():
            for _ in range(20):
                await asyncio.sleep(0)
                found.add(active_world().now)
        return found

    async def both() -> list[set[datetime.datetime]]:
        return list(await asyncio.gather(use(World(now=MON)), use(World())))

    assert asyncio.run(both()) == [{MON}, {DEFAULT_NOW}]


def test_nested_activation_restores_the_outer_world() -> None:
    outer, inner = World(now=MON), World()
    with outer.active():
        with inner.active():
            assert active_world() is inner
        assert active_world() is outer
