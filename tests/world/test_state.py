"""The JSON form of a world: exact round trips, and tables the reader has not declared."""

from __future__ import annotations

import datetime
import json

from assistworld.world import World, WorldState, diff
from tests.world._notes_app import HISTORY, NOTES, NOTES_TABLES, PINS, STARRED, Note, Pin, populated


def test_json_round_trip_of_declared_tables_is_exact_and_typed() -> None:
    world = populated()
    text = world.to_json()
    again = World.from_json(text, tables=NOTES_TABLES)
    assert again == world
    assert again.to_json() == text
    assert again.version == world.version == 1
    assert again.rng.random() == world.rng.random()
    first = next(iter(again.table(NOTES).values()))
    assert isinstance(first, Note) and first.tags == ("home",)
    assert isinstance(first.written, datetime.datetime)
    assert isinstance(again.table(HISTORY)[next(iter(again.table(NOTES)))][0], Note)
    assert again.table(PINS)["p1"] == Pin(1, 2, datetime.date(2025, 3, 5))


def test_the_json_form_is_one_object_with_the_world_fields_then_one_member_per_table() -> None:
    data = json.loads(populated().to_json(indent=2))
    assert list(data) == [
        "now",
        "seed",
        "rng_state",
        "ids_issued",
        "version",
        "notes",
        "history",
        "shared",
        "starred",
        "pins",
    ]
    assert data["now"] == "2025-03-04T09:30:00" and data["seed"] == 3 and data["version"] == 1
    assert data["pins"] == {"p1": {"x": 1, "y": 2, "label": "2025-03-05"}}


def test_a_table_nobody_declared_is_kept_as_json_and_written_back_unchanged() -> None:
    text = populated().to_json()
    stranger = World.from_json(text, tables=[STARRED])
    assert stranger.declared() == (STARRED,)
    assert stranger.to_json() == text
    assert stranger == World.from_json(text, tables=NOTES_TABLES)
    copy = World.from_state(stranger.snapshot())
    assert copy.to_json() == text


def test_a_table_kept_as_json_is_typed_when_its_app_declares_it_later() -> None:
    text = populated().to_json()
    world = World.from_json(text)
    before = world.snapshot()
    notes = world.table(NOTES)
    assert all(isinstance(row, Note) for row in notes.values())
    assert world.declared() == (NOTES,)
    assert not diff(before, world.snapshot())
    assert world.to_json() == text


def test_a_snapshot_reads_back_from_plain_data_with_or_without_declarations() -> None:
    snap = populated().snapshot()
    data = json.loads(json.dumps(snap.to_data()))
    typed = WorldState.from_data(data, NOTES_TABLES)
    untyped = WorldState.from_data(data)
    assert typed == snap == untyped
    assert typed.version == untyped.version == snap.version
    assert isinstance(next(iter(typed.notes.values())), Note)
    assert isinstance(next(iter(untyped.notes.values())), dict)
    assert untyped.table(NOTES) == typed.notes
    assert not diff(typed, untyped)


def test_an_empty_world_writes_its_fields_only() -> None:
    data = json.loads(World().to_json())
    assert data == {
        "now": "2024-06-25T09:06:00",
        "seed": 0,
        "rng_state": data["rng_state"],
        "ids_issued": 0,
        "version": 0,
    }
