"""What a person notices using the apps: finding people, threads, drafts, groups, call logs."""

from __future__ import annotations

from typing import Any

from assistworld.apps.personal import toolset
from assistworld.tools.events import ToolEvent
from assistworld.world import World
from tests.apps.personal._world import MAYA_PHONE, NOW, maya_world


def _call(world: World, tool: str, /, **arguments: Any) -> ToolEvent:
    with world.active():
        event = toolset().call_json(tool, arguments)
    assert event.ok, event.error
    return event


def test_contacts_are_found_by_any_spelling_of_a_number_and_by_partial_names() -> None:
    world = maya_world()
    by_number = _call(world, "search_contacts", query="07700 900201").result
    assert [c["name"] for c in by_number] == ["Jonas Berg"]
    by_words = _call(world, "search_contacts", query="jo be").result
    assert [c["name"] for c in by_words] == ["Jonas Berg"]
    family = _call(world, "search_contacts", relationship="Family").result
    assert [c["contact_id"] for c in family] == ["contact-1"]
    assert _call(world, "search_contacts", query="Zebedee").result == []


def test_added_contacts_get_readable_ids_that_are_never_reused() -> None:
    world = maya_world()
    first = _call(world, "add_contact", name="Ines Duarte").result["contact_id"]
    _call(world, "remove_contact", contact_id=first)
    second = _call(world, "add_contact", name="Ines Duarte").result["contact_id"]
    assert first.startswith("contact-") and second.startswith("contact-")
    assert first != second


def test_modifying_a_contact_keeps_what_is_not_given_and_clears_with_empty_text() -> None:
    world = maya_world()
    result = _call(world, "modify_contact", contact_id="contact-2", email="", notes="Vegetarian")
    assert result.result["email"] is None
    assert result.result["phone"] == "07700 900302"
    assert result.result["notes"] == "Vegetarian"


def test_a_reply_joins_the_thread_and_a_sent_draft_leaves_the_drafts() -> None:
    world = maya_world()
    _call(world, "send_email", reply_to_email_id="email-1", body="Approved.")
    thread = _call(world, "search_emails", thread_id="thread-1").result
    assert len(thread) == 3 and thread[0]["body"] == "Approved."
    sent = _call(world, "send_email", draft_id="email-4").result
    assert (sent["email_id"], sent["folder"], sent["sent_at"]) == (
        "email-4",
        "sent",
        NOW.isoformat(),
    )
    assert _call(world, "search_emails", folder="drafts").result == []


def test_drafts_can_be_saved_and_edited_before_sending() -> None:
    world = maya_world()
    draft = _call(
        world, "send_email", save_as_draft=True, subject="Visit", body="Plans for the weekend"
    ).result
    assert draft["folder"] == "drafts" and draft["to"] == []
    edited = _call(
        world,
        "modify_draft_email",
        draft_id=draft["email_id"],
        to=["jonas.berg@post.example", "Tom Okafor"],
    ).result
    assert edited["to"] == ["jonas.berg@post.example", "tom.okafor@studio.example"]
    assert edited["body"] == "Plans for the weekend"


def test_emails_are_found_by_the_name_of_the_sender_or_a_recipient() -> None:
    world = maya_world()
    from_tom = _call(world, "search_emails", person="tom okafor").result
    assert [e["email_id"] for e in from_tom] == ["email-2", "email-1"]
    club = _call(world, "search_emails", person="Rowing Club").result
    assert [e["email_id"] for e in club] == ["email-3"]


def test_messages_to_a_group_land_in_the_group_conversation() -> None:
    world = maya_world()
    sent = _call(
        world, "send_message", recipients=["+44 7700 900303", "Priya Raman"], text="Yes to that"
    ).result
    assert sent["conversation_id"] == "conversation-2"
    assert sent["sender"] == MAYA_PHONE
    group = _call(world, "search_messages", person="book club").result
    assert [m["text"] for m in group] == ["Yes to that", "Next book: The Overstory?"]


def test_a_new_recipient_starts_a_new_conversation_on_the_right_channel() -> None:
    world = maya_world()
    sent = _call(world, "send_whatsapp_message", recipients=["Jonas Berg"], text="hi").result
    assert sent["conversation_id"] not in ("conversation-1", "conversation-3")
    assert _call(world, "search_messages", query="hi").result == []
    newest = _call(world, "get_all_whatsapp_messages").result[0]
    assert newest["text"] == "hi"


def test_removing_a_conversation_removes_its_messages() -> None:
    world = maya_world()
    removed = _call(world, "remove_message_or_conversation", conversation_id="conversation-1")
    assert removed.result == ["message-1", "message-2"]
    assert [m["message_id"] for m in _call(world, "get_all_messages").result] == ["message-3"]


def test_a_call_is_logged_now_with_the_contacts_name() -> None:
    world = maya_world()
    call = _call(world, "create_outgoing_call", recipient="+447700900201").result
    assert call["name"] == "Jonas Berg" and call["started_at"] == NOW.isoformat()
    assert _call(world, "get_all_phone_calls").result[0]["call_id"] == call["call_id"]
    unknown = _call(world, "create_outgoing_call", recipient="0113 496 0999").result
    assert unknown["name"] is None and unknown["number"] == "0113 496 0999"


def test_returned_records_are_copies() -> None:
    world = maya_world()
    contacts = toolset().tool("get_all_contacts").function
    with world.active():
        first = contacts()
        first[0].name = "Changed"
        assert contacts()[0].name == "Jonas Berg"
