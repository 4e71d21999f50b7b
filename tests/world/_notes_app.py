"""A made-up app for the world's tests: notes, with one table of each shape.

The world has never heard of it; the tests prove it stores, copies, writes and diffs these tables
as it does the workplace's.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from pydantic import BaseModel

from assistworld.world import World, keyed, keyed_lists, members, nested

WHEN = datetime.datetime(2025, 3, 4, 9, 30)


class Note(BaseModel):
    text: str
    written: datetime.datetime
    tags: tuple[str, ...] = ()


@dataclass
class Pin:
    """A row type that is not a pydantic model."""

    x: int
    y: int
    label: datetime.date


NOTES = keyed("notes", Note, "note id -> note")
HISTORY = keyed_lists("history", Note, "note id -> earlier versions, oldest first")
SHARED = nested("shared", Note, "person -> (note id -> note) shared with them")
STARRED = members("starred", str, "ids of starred notes, in the order starred")
PINS = keyed("pins", Pin, "pin id -> pin")

NOTES_TABLES = (NOTES, HISTORY, SHARED, STARRED, PINS)


def note(text: str, minutes: int = 0, *tags: str) -> Note:
    return Note(text=text, written=WHEN + datetime.timedelta(minutes=minutes), tags=tags)


def populated() -> World:
    """A world with rows in every notes table, a moved generator and issued ids."""
    world = World(now=WHEN, seed=3, tables=NOTES_TABLES)
    first, second = world.new_id("note"), world.new_id("note")
    world.table(NOTES).update({first: note("buy milk", 0, "home"), second: note("call Ana", 5)})
    world.table(HISTORY)[first] = [note("buy mlk", -3)]
    world.table(SHARED)["ana"] = {second: note("call Ana", 5)}
    world.table(STARRED).append(second)
    world.table(PINS)["p1"] = Pin(1, 2, datetime.date(2025, 3, 5))
    world.rng.random()
    world.record_write()
    return world
