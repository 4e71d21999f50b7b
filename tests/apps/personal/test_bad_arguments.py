"""Bad arguments come back as tool errors a model can act on, never as exceptions."""

from __future__ import annotations

import datetime
from typing import Any

import pytest

from assistworld.apps.personal import toolset
from assistworld.apps.personal.errors import PersonalAppError, RecordNotFoundError
from tests.apps.personal._world import NOW, maya_world

LATER = NOW + datetime.timedelta(hours=2)

# (tool, arguments, words the error message must hold)
LIBRARY_ERRORS: list[tuple[str, dict[str, Any], list[str]]] = [
    (
        "modify_contact",
        {"contact_id": "contact-99", "name": "X"},
        ["contact-99", "search_contacts"],
    ),
    ("remove_calendar_event", {"event_id": "event-42"}, ["event-42", "get_all_calendars"]),
    ("remove_phone_call_logs", {"call_ids": ["call-1", "call-77"]}, ["call-77"]),
    ("send_whatsapp_message", {"conversation_id": "nope", "text": "hi"}, ["nope"]),
    (
        "create_calendar_event",
        {"title": "Backwards", "starts_at": LATER, "ends_at": NOW},
        ["before", "ends_at"],
    ),
    ("search_emails", {"start": LATER, "end": NOW}, ["before start"]),
    ("send_email", {"to": [], "subject": "Hello", "body": "Hi"}, ["recipient", "to"]),
    ("send_message", {"text": "hello"}, ["recipient", "conversation_id"]),
    ("send_message", {"recipients": ["Priya"], "text": "hi"}, ["2 contacts", "Priya Raman"]),
    ("send_message", {"recipients": ["Tom Okafor"], "text": "hi"}, ["phone number"]),
    ("send_email", {"to": ["Nobody Here"], "body": "hi"}, ["no contact", "email address"]),
    ("send_message", {"recipients": ["Jonas Berg"], "text": "   "}, ["text", "empty"]),
    ("modify_draft_email", {"draft_id": "email-1", "body": "x"}, ["inbox", "drafts"]),
    ("remove_email_or_thread", {}, ["exactly one"]),
    ("remove_email_or_thread", {"email_id": "email-1", "thread_id": "thread-1"}, ["exactly one"]),
    ("search_contacts", {}, ["get_all_contacts"]),
    ("add_contact", {"name": "Eve", "email": "not-an-address"}, ["email", "@"]),
    ("modify_contact", {"contact_id": "contact-1"}, ["at least one"]),
]


@pytest.mark.parametrize(("name", "arguments", "words"), LIBRARY_ERRORS)
def test_library_errors_are_tool_errors_and_raise_directly(
    name: str, arguments: dict[str, Any], words: list[str]
) -> None:
    tools = toolset()
    world = maya_world()
    before = world.snapshot()
    with world.active():
        event = tools.call_json(name, arguments)
        with pytest.raises(PersonalAppError):
            tools.tool(name).function(**arguments)
    assert event.error is not None
    assert event.error.type in ("PersonalAppError", "RecordNotFoundError")
    for word in words:
        assert word in event.error.message, event.error.message
    assert world.snapshot() == before
    assert world.version == 0


def test_unknown_ids_raise_the_not_found_error() -> None:
    with maya_world().active(), pytest.raises(RecordNotFoundError):
        toolset().tool("remove_contact").function(contact_id="contact-404")


# Arguments the schema itself refuses, named in the error.
SCHEMA_ERRORS: list[tuple[str, dict[str, Any], str]] = [
    ("search_emails", {"folder": "spam"}, "folder"),
    ("search_calendar_events", {"period": "someday"}, "period"),
    ("search_phone_calls", {"direction": "sideways"}, "direction"),
    ("send_message", {"recipients": ["+44 7700 900201"], "text": "x" * 20_001}, "text"),
    ("add_contact", {"name": "n" * 201}, "name"),
    ("remove_phone_call_logs", {"call_ids": [f"call-{i}" for i in range(51)]}, "call_ids"),
    ("create_calendar_event", {"title": "Soon", "starts_at": "tomorrow at 3"}, "starts_at"),
    ("send_message", {"recipients": "Jonas Berg", "text": "hi"}, "recipients"),
    ("get_all_contacts", {"limit": 3}, "limit"),
    ("add_contact", {}, "name"),
]


@pytest.mark.parametrize(("name", "arguments", "argument"), SCHEMA_ERRORS)
def test_arguments_outside_the_schema_are_named(
    name: str, arguments: dict[str, Any], argument: str
) -> None:
    world = maya_world()
    with world.active():
        event = toolset().call_json(name, arguments)
    assert event.error is not None
    assert event.error.type == "invalid_arguments"
    assert argument in event.error.arguments
    assert world.version == 0


@pytest.mark.parametrize(
    ("name", "arguments"),
    [
        ("search_emails", {"folder": "spam"}),
        ("search_calendar_events", {"period": "someday"}),
        ("search_phone_calls", {"direction": "sideways"}),
        ("send_message", {"recipients": ["+44 7700 900201"], "text": "x" * 20_001}),
        ("add_contact", {"name": "n" * 201}),
        ("remove_phone_call_logs", {"call_ids": [f"call-{i}" for i in range(51)]}),
        ("send_message", {"recipients": "Jonas Berg", "text": "hi"}),
    ],
)
def test_a_program_calling_directly_meets_the_same_bounds(
    name: str, arguments: dict[str, Any]
) -> None:
    world = maya_world()
    with world.active(), pytest.raises(PersonalAppError) as raised:
        toolset().tool(name).function(**arguments)
    assert str(raised.value)
    assert world.version == 0


def test_malformed_json_is_a_tool_error() -> None:
    with maya_world().active():
        event = toolset().call_json("search_contacts", '{"query": ')
    assert event.error is not None and event.error.type == "invalid_arguments"


def test_a_world_without_an_owner_says_how_to_build_one() -> None:
    from assistworld.world import World

    with World().active():
        event = toolset().call_json("send_message", {"recipients": ["123456"], "text": "hi"})
    assert event.error is not None and "personal_world" in event.error.message
