"""The generator keeps a draft's related entities to those its reference conversation reads, so
that the reference scores 1.0 on IR recall by construction."""

from __future__ import annotations

import json
from typing import Any

from assistworld.paradigms.astra.authoring.scenario_gen.__main__ import bundled_folder
from assistworld.paradigms.astra.authoring.scenario_gen.draft import Draft, Labels, ToolCall
from assistworld.paradigms.astra.authoring.scenario_gen.retrieved import keep_read_entities, read_by

NOW = "2026-03-19T20:00"


def _world() -> dict[str, Any]:
    path = bundled_folder() / "worlds" / "amara.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _draft(calls: list[ToolCall], related: list[str]) -> Draft:
    return Draft(
        name="t",
        family="text_person",
        category="sms",
        query="Text Chidi: running late.",
        reasoning="",
        labels=Labels("low", "low", "low"),
        reply="Done.",
        calls=calls,
        related=related,
    )


def test_a_contact_a_write_tool_resolves_by_name_is_not_a_related_entity() -> None:
    send = ToolCall("send_message", {"recipients": ["Chidi Okafor"], "text": "Running late."})
    draft = _draft([send], ["contact-1", "conversation-4"])
    keep_read_entities(draft, _world(), NOW)
    # the write's result names the conversation, but a write is not a read
    assert draft.related == []


def test_what_the_reference_reads_stays_in_order() -> None:
    look_up = ToolCall("search_contacts", {"query": "Chidi"})
    send = ToolCall("send_message", {"recipients": ["Chidi Okafor"], "text": "Running late."})
    draft = _draft([look_up, send], ["conversation-4", "contact-1"])
    keep_read_entities(draft, _world(), NOW)
    assert draft.related == ["contact-1"]
    assert "Chidi Okafor" in read_by([look_up], _world(), NOW)


def test_reads_see_the_writes_made_before_them() -> None:
    send = ToolCall("send_message", {"recipients": ["Chidi Okafor"], "text": "Running late."})
    read_back = ToolCall("search_messages", {"person": "Chidi"})
    assert "Running late." in read_by([send, read_back], _world(), NOW)
    assert "Running late." not in read_by([read_back], _world(), NOW)
