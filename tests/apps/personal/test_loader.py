"""A personal world from plain data and back, its JSON form, and the messages bad data gets."""

from __future__ import annotations

import copy
import json

import pytest

from assistworld.apps.personal import (
    PERSONAL_TABLES,
    PersonalWorldDataError,
    personal_data,
    personal_world,
    toolset,
)
from assistworld.world import World, diff
from tests.apps.personal._cases import CASES
from tests.apps.personal._world import NOW, world_data


def _changed_world() -> World:
    """The test world after one call of every write tool (the removals last)."""
    world = personal_world(world_data())
    tools = toolset()
    writes = sorted((t for t in tools if t.effect == "write"), key=lambda t: "remove" in t.name)
    with world.active():
        for tool in writes:
            if tool.effect == "write":
                event = tools.call_json(tool.name, CASES[tool.name])
                assert event.ok, (tool.name, event.error)
    return world


def test_the_world_keeps_the_reference_time_and_starts_at_version_zero() -> None:
    world = personal_world(world_data())
    assert world.now == NOW
    assert world.version == 0


def test_data_round_trips_through_the_world_after_writes() -> None:
    world = _changed_world()
    data = personal_data(world)
    again = personal_world(json.loads(json.dumps(data)))
    assert again == world
    assert personal_data(again) == data


def test_the_worlds_json_round_trips_with_and_without_the_declarations() -> None:
    world = _changed_world()
    text = world.to_json()
    assert World.from_json(text, tables=PERSONAL_TABLES) == world
    untyped = World.from_json(text)
    with untyped.active():  # the tools declare the tables on first use
        listed = toolset().call_json("get_all_contacts", {})
    assert listed.ok and untyped == world


def test_a_diff_names_the_rows_a_tool_changed_by_their_readable_ids() -> None:
    world = personal_world(world_data())
    before = world.snapshot()
    with world.active():
        toolset().call_json("remove_contact", {"contact_id": "contact-2"})
        toolset().call_json("send_message", {"recipients": ["Jonas Berg"], "text": "On my way"})
    changes = {(c.table, c.key, c.kind) for c in diff(before, world.snapshot()).changes}
    assert ("contacts", "contact-2", "removed") in changes
    assert any(t == "sms_messages" and kind == "added" for t, _, kind in changes)


def test_records_without_ids_get_readable_ones_that_avoid_the_given_ids() -> None:
    data = world_data()
    data["ids_issued"] = 0
    data["contacts"].append({"name": "No Id"})
    data["contacts"][1]["id"] = "contact-6"
    data["emails"][2].pop("id")
    world = personal_world(data)
    names = {c["name"]: c["id"] for c in personal_data(world)["contacts"]}
    assert names["No Id"].startswith("contact-")
    assert names["No Id"] not in {"contact-1", "contact-6", "contact-3", "contact-4", "contact-5"}
    emails = [e["id"] for e in personal_data(world)["emails"]]
    assert len(set(emails)) == 4 and all(e.startswith("email-") for e in emails)


def test_outgoing_messages_may_name_the_owner_as_me() -> None:
    data = personal_data(personal_world(world_data()))
    message = data["text_conversations"][0]["messages"][1]
    assert message["sender"] == world_data()["protagonist"]["phone"]


def _problems(data: object) -> list[str]:
    with pytest.raises(PersonalWorldDataError) as raised:
        personal_world(data)  # type: ignore[arg-type]
    assert "problem" in str(raised.value)
    return raised.value.problems


def test_every_problem_is_reported_once_with_record_field_and_fix() -> None:
    data = world_data()
    data["contacts"][1]["phone_number"] = data["contacts"][1].pop("phone")
    data["emails"][0]["folder"] = "spam"
    data["calendar"][2]["starts_at"] = "next Sunday"
    del data["phone_calls"][0]["direction"]
    problems = _problems(data)
    assert len(problems) == 4
    text = "\n".join(problems)
    assert "contacts[1] (id 'contact-2'), field 'phone_number'" in text
    assert "emails[0] (id 'email-1'), field 'folder'" in text and "'inbox'" in text
    assert "calendar[2] (id 'event-3'), field 'starts_at'" in text and "ISO 8601" in text
    assert "phone_calls[0] (id 'call-1'), field 'direction'" in text and "add this field" in text
    assert all("fix:" in problem for problem in problems)


def test_consistency_problems_are_reported_too() -> None:
    data = world_data()
    data["contacts"][2]["id"] = "contact-1"
    data["calendar"][0]["ends_at"] = data["calendar"][0]["starts_at"][:11] + "09:00:00"
    data["text_conversations"][0]["messages"][0]["sender"] = "+1 555 0100"
    problems = _problems(data)
    text = "\n".join(problems)
    assert len(problems) == 3
    assert "contacts[2], field 'id': 'contact-1' is used twice" in text
    assert "calendar[0], field 'ends_at'" in text
    assert "text_conversations[0].messages[0], field 'sender'" in text and "'me'" in text


def test_missing_owner_and_reference_time_are_named() -> None:
    data = copy.deepcopy(world_data())
    del data["now"], data["protagonist"]
    text = "\n".join(_problems(data))
    assert "field 'now'" in text and "field 'protagonist'" in text
    assert _problems([1, 2]) == ["expected an object, got list"]
