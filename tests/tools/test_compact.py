"""Compact tool definitions: what a small local model reads, and what it still may not do."""

from __future__ import annotations

import json

import jsonschema

from assistworld.apps.personal import personal_world, toolset
from assistworld.tools.compact import compact_definitions, first_paragraph


def _by_name(definitions: list[dict]) -> dict[str, dict]:  # type: ignore[type-arg]
    return {d["function"]["name"]: d["function"] for d in definitions}


def test_the_same_tools_in_the_same_order_with_the_same_required_arguments() -> None:
    full = toolset().definitions()
    compact = compact_definitions(full)
    assert [d["function"]["name"] for d in compact] == [d["function"]["name"] for d in full]
    for name, function in _by_name(full).items():
        shown = _by_name(compact)[name]
        assert shown["parameters"].get("required", []) == function["parameters"].get("required", [])
        assert set(shown["parameters"]["properties"]) == set(function["parameters"]["properties"])
        jsonschema.Draft202012Validator.check_schema(shown["parameters"])


def test_the_personal_tools_cost_at_most_about_half_the_text() -> None:
    full = json.dumps(toolset().definitions())
    compact = json.dumps(compact_definitions(toolset().definitions()))
    assert len(compact) < 0.6 * len(full)
    assert '"type": "null"' not in compact
    for function in _by_name(compact_definitions(toolset().definitions())).values():
        for argument in function["parameters"]["properties"].values():
            assert "title" not in argument


def test_an_optional_argument_keeps_its_type_format_values_and_description() -> None:
    shown = _by_name(compact_definitions(toolset().definitions()))["search_emails"]
    properties = shown["parameters"]["properties"]
    assert properties["folder"]["enum"] == ["inbox", "sent", "drafts", "archive"]
    assert properties["start"] == {
        "type": "string",
        "format": "date-time",
        "default": None,
        "description": properties["start"]["description"],
    }
    assert "\n" not in shown["description"] and shown["description"].startswith("Find emails")


def test_a_bound_dropped_from_the_view_is_still_enforced_when_the_call_runs() -> None:
    shown = _by_name(compact_definitions(toolset().definitions()))["add_contact"]
    assert "maxLength" not in json.dumps(shown)
    owner = {"name": "Maya", "phone": "+44 7700 900100", "email": "maya@example.org"}
    world = personal_world({"now": "2025-03-13T10:00:00", "protagonist": owner})
    with world.active():
        event = toolset().call_json("add_contact", {"name": "x" * 5000})
    assert event.error is not None and "200" in str(event.error)


def test_first_paragraph_is_one_line() -> None:
    assert first_paragraph("  Send a text.\n  To anyone.\n\nrecipients\n    Names.") == (
        "Send a text. To anyone."
    )
    assert first_paragraph("") == ""


def test_an_optional_argument_says_it_is_optional_with_its_null_default() -> None:
    shown = _by_name(compact_definitions(toolset().definitions()))["add_contact"]
    birthday = shown["parameters"]["properties"]["birthday"]
    assert birthday["default"] is None and "birthday" not in shown["parameters"]["required"]
