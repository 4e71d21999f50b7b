"""Declaring tables with a world: a made-up app's tables, stored, copied and restored."""

from __future__ import annotations

import datetime

import pytest

from assistworld.world import Shape, TableConflictError, World, keyed, members
from tests.world._notes_app import (
    HISTORY,
    NOTES,
    NOTES_TABLES,
    PINS,
    SHARED,
    STARRED,
    Note,
    Pin,
    note,
    populated,
)


def test_a_world_made_with_tables_holds_them_empty_in_order() -> None:
    world = World(tables=NOTES_TABLES)
    assert world.declared() == NOTES_TABLES
    assert world.table(NOTES) == {} and world.table(STARRED) == []
    assert [t.shape for t in NOTES_TABLES] == [
        Shape.KEYED,
        Shape.KEYED_LISTS,
        Shape.NESTED,
        Shape.MEMBERS,
        Shape.KEYED,
    ]


def test_a_plain_world_declares_a_table_on_first_use_and_returns_the_live_rows() -> None:
    world = World()
    assert world.declared() == ()
    world.table(STARRED).append("n1")
    world.table(NOTES)["n1"] = note("hello")
    assert world.declared() == (STARRED, NOTES)
    assert world.table(STARRED) == ["n1"]
    assert world.table(NOTES)["n1"].text == "hello"


def test_declaring_again_or_an_identical_declaration_changes_nothing() -> None:
    world = populated()
    before = world.snapshot()
    twin = keyed("notes", Note, "another object, same table")
    world.declare(*NOTES_TABLES, twin)
    assert world.table(twin) is world.table(NOTES)
    assert world.snapshot() == before
    assert world.declared() == NOTES_TABLES


def test_a_different_table_under_a_taken_name_is_refused() -> None:
    world = World(tables=[NOTES])
    with pytest.raises(TableConflictError, match="notes"):
        world.table(members("notes", str))
    with pytest.raises(TableConflictError):
        World(tables=[NOTES, keyed("notes", Pin)])


@pytest.mark.parametrize(
    "name", ["now", "version", "seed", "rng_state", "ids_issued", "tables", "declared", "to_json"]
)
def test_a_table_cannot_take_the_name_of_a_world_field(name: str) -> None:
    with pytest.raises(ValueError, match="reserved"):
        keyed(name, Note)


@pytest.mark.parametrize("name", ["", "two words", "_private", "3rd"])
def test_a_table_name_must_be_a_public_identifier(name: str) -> None:
    with pytest.raises(ValueError, match="identifier"):
        keyed(name, Note)


def test_a_snapshot_is_a_deep_copy_with_every_table_readable_by_name() -> None:
    world = populated()
    snap = world.snapshot()
    world.table(NOTES)[next(iter(world.table(NOTES)))].text = "changed"
    world.table(STARRED).clear()
    world.table(PINS)["p1"].x = 99
    assert [n.text for n in snap.notes.values()] == ["buy milk", "call Ana"]
    assert snap.starred == [next(iter(snap.shared["ana"]))]
    assert snap.table(PINS)["p1"] == Pin(1, 2, datetime.date(2025, 3, 5))
    with pytest.raises(AttributeError, match="no table named 'drafts'"):
        _ = snap.drafts


def test_restore_puts_back_every_table_the_clock_the_ids_and_the_generator() -> None:
    world = populated()
    before = world.snapshot()
    draw = world.rng.random()
    world.table(NOTES).clear()
    world.table(HISTORY)["x"] = [note("new")]
    world.table(SHARED)["ana"].clear()
    world.table(STARRED).append("x")
    world.table(PINS)["p2"] = Pin(0, 0, datetime.date(2025, 1, 1))
    world.now += datetime.timedelta(hours=2)
    world.new_id("note")
    world.restore(before)
    assert world.snapshot() == before
    assert world.now == before.now and world.ids_issued == before.ids_issued
    assert world.rng.random() == draw
    assert isinstance(next(iter(world.table(NOTES).values())), Note)


def test_tables_declared_after_a_snapshot_are_empty_once_it_is_restored() -> None:
    world = World(tables=[NOTES])
    empty = world.snapshot()
    world.table(STARRED).append("n1")
    world.table(NOTES)["n1"] = note("x")
    world.restore(empty)
    assert world.table(STARRED) == [] and world.table(NOTES) == {}
    assert world.declared() == (NOTES, STARRED)


def test_views_an_app_keeps_with_a_world_are_not_part_of_its_contents() -> None:
    world = populated()
    text = world.to_json()
    world.views["notes"] = object()
    assert world.to_json() == text
    assert world == populated()
    assert World.from_json(text).views == {}


def test_worlds_compare_by_content_and_a_missing_table_equals_an_empty_one() -> None:
    assert World() == World(tables=NOTES_TABLES)
    assert populated() == populated()
    other = populated()
    other.table(STARRED).append("extra")
    assert other != populated()
