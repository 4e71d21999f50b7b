"""Row-level diffs of tables of every shape, declared or not."""

from __future__ import annotations

import datetime

from assistworld.world import World, WorldState, diff
from tests.world._notes_app import HISTORY, NOTES, PINS, SHARED, STARRED, Pin, note, populated


def _keys(world: World, before: WorldState) -> list[tuple[str, str, str]]:
    """The changes since ``before``, checked to be the same against the live world."""
    changes = diff(before, world.snapshot())
    assert diff(before, world.live_state()) == changes
    return [(c.table, c.key, c.kind) for c in changes]


def test_each_shape_names_its_rows_as_declared() -> None:
    world = populated()
    first, second = list(world.table(NOTES))
    before = world.snapshot()
    world.table(NOTES)[first].text = "buy oat milk"
    world.table(NOTES).pop(second)
    world.table(NOTES)["n3"] = note("new")
    world.table(HISTORY)[first].append(note("buy milk"))
    world.table(SHARED)["ana"].pop(second)
    world.table(SHARED)["bo"] = {first: note("buy milk")}
    world.table(STARRED).remove(second)
    world.table(STARRED).append(first)
    world.table(PINS)["p1"].x = 5
    assert _keys(world, before) == [
        ("notes", first, "changed"),
        ("notes", second, "removed"),
        ("notes", "n3", "added"),
        ("history", first, "changed"),
        ("shared", f"ana/{second}", "removed"),
        ("shared", f"bo/{first}", "added"),
        ("starred", second, "removed"),
        ("starred", first, "added"),
        ("pins", "p1", "changed"),
    ]


def test_rows_are_compared_as_json_for_models_and_as_values_otherwise() -> None:
    world = populated()
    first = next(iter(world.table(NOTES)))
    before = world.snapshot()
    world.table(NOTES)[first].tags = ("home", "urgent")
    world.table(PINS)["p1"].label = datetime.date(2025, 3, 6)
    notes, pins = diff(before, world.snapshot())
    assert notes.before["tags"] == ["home"] and notes.after["tags"] == ["home", "urgent"]
    assert notes.after["written"] == "2025-03-04T09:30:00"
    assert pins.before == Pin(1, 2, datetime.date(2025, 3, 5))
    assert pins.after == Pin(1, 2, datetime.date(2025, 3, 6))


def test_reordering_members_is_not_a_change_and_the_version_is_not_reported() -> None:
    world = World(tables=[STARRED])
    world.table(STARRED).extend(["a", "b"])
    before = world.snapshot()
    world.table(STARRED).reverse()
    world.record_write()
    assert not diff(before, world.snapshot())


def test_a_table_declared_later_is_reported_after_the_others() -> None:
    world = World(tables=[NOTES])
    before = world.snapshot()
    world.table(STARRED).append("a")
    world.table(NOTES)["n"] = note("x")
    assert _keys(world, before) == [("notes", "n", "added"), ("starred", "a", "added")]


def test_undeclared_tables_are_compared_as_json_objects_member_by_member() -> None:
    old = WorldState.from_data({"tags": {"a": 1, "b": [1, 2]}, "motto": "hi"})
    new = WorldState.from_data({"tags": {"a": 1, "b": [1, 3], "c": 0}, "motto": "ho"})
    assert [(c.table, c.key, c.kind) for c in diff(old, new)] == [
        ("tags", "b", "changed"),
        ("tags", "c", "added"),
        ("motto", "", "changed"),
    ]


def test_a_moved_clock_is_reported_apart_from_rows() -> None:
    world = populated()
    before = world.snapshot()
    world.now += datetime.timedelta(minutes=1)
    changes = diff(before, world.snapshot())
    assert changes and not changes.changes and changes.clock_moved
    assert str(changes) == "clock moved"


def test_changes_against_the_live_world_stay_put_when_it_changes_again() -> None:
    world = populated()
    first = next(iter(world.table(NOTES)))
    before = world.snapshot()
    world.table(NOTES)[first].text = "buy oat milk"
    world.table(PINS)["p1"].x = 5
    live = diff(before, world.live_state())
    world.table(NOTES)[first].text = "later"
    world.table(PINS)["p1"].x = 6
    notes, pins = live
    assert notes.after["text"] == "buy oat milk" and pins.after.x == 5


def test_an_added_row_is_the_only_change_against_the_live_world() -> None:
    world = populated()
    before = world.snapshot()
    world.table(NOTES)["n9"] = note("added")
    changes = diff(before, world.live_state())
    assert [(c.key, c.kind) for c in changes] == [("n9", "added")]
