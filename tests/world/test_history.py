"""A world's history keeps the first state in full and one small patch per later version, and
gives back the world as it was at any recorded version."""

from __future__ import annotations

import json

import pytest

from assistworld.world import World
from assistworld.world.history import WorldHistory, json_copy
from assistworld.world.tables import keyed, members

NOTES = keyed("notes", str, "note id -> text")
TAGS = members("tags", str, "tags in order")


def test_every_version_reads_back_and_patches_hold_only_the_change() -> None:
    world = World(tables=(NOTES, TAGS))
    notes, tags = world.table(NOTES), world.table(TAGS)
    notes.update({f"n{i}": f"note {i}" for i in range(50)})
    history = WorldHistory.start(world)
    expected = {world.version: world.snapshot()}

    notes["n1"] = "changed"
    world.record_write()
    history.record(world)
    expected[world.version] = world.snapshot()
    del notes["n2"]
    tags.append("urgent")
    world.record_write()
    assert history.record(world) and not history.record(world)  # same version: nothing new
    expected[world.version] = world.snapshot()

    restored = WorldHistory.model_validate_json(history.model_dump_json())
    for version, state in expected.items():
        assert restored.state_at(version, (NOTES, TAGS)) == state
    assert restored.versions == list(expected)
    assert restored.state_at(world.version + 5, (NOTES, TAGS)) == expected[world.version]
    second = restored.patches[1]
    assert second.delete == [["notes", "n2"]]
    assert len(json.dumps(second.model_dump())) < len(json.dumps(restored.initial)) / 5
    with pytest.raises(KeyError, match="before the first recorded"):
        restored.state_at(-1)


def test_json_copy_equals_the_data_and_shares_no_object_or_array_with_it() -> None:
    data = {"a": [1, {"b": [2.5, None, "x"]}], "c": {"d": {"e": True}}}
    copied = json_copy(data)
    assert copied == data
    assert copied["a"] is not data["a"] and copied["a"][1] is not data["a"][1]
    assert copied["a"][1]["b"] is not data["a"][1]["b"] and copied["c"]["d"] is not data["c"]["d"]
    copied["a"][1]["b"].append("changed")
    assert data["a"][1]["b"] == [2.5, None, "x"]
