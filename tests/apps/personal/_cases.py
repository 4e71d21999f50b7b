"""One call of every personal tool on the test world (arguments in the library's own types)."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from tests.apps.personal._world import NOW

PAPER_TOOLS = [
    "search_contacts",
    "get_all_contacts",
    "add_contact",
    "modify_contact",
    "remove_contact",
    "search_calendar_events",
    "get_all_calendars",
    "create_calendar_event",
    "modify_calendar_event",
    "remove_calendar_event",
    "search_emails",
    "get_all_emails",
    "send_email",
    "modify_draft_email",
    "remove_email_or_thread",
    "search_messages",
    "get_all_messages",
    "send_message",
    "remove_message_or_conversation",
    "search_whatsapp_messages",
    "get_all_whatsapp_messages",
    "send_whatsapp_message",
    "remove_whatsapp_message_or_conversation",
    "search_phone_calls",
    "get_all_phone_calls",
    "create_outgoing_call",
    "remove_phone_call_logs",
]
"""The 27 tools of ASTRA-bench, by the names the paper gives them."""

CASES: dict[str, dict[str, Any]] = {
    "search_contacts": {"query": "7700900201"},
    "get_all_contacts": {},
    "add_contact": {
        "name": "Ines Duarte",
        "phone": "+351 912 345 678",
        "relationship": "friend",
        "birthday": datetime.date(1994, 8, 30),
    },
    "modify_contact": {"contact_id": "contact-4", "phone": "+44 7700 900404", "notes": "Studio"},
    "remove_contact": {"contact_id": "contact-5"},
    "search_calendar_events": {"attendee": "priya", "period": "this_week"},
    "get_all_calendars": {},
    "create_calendar_event": {
        "title": "Coffee with Jonas",
        "starts_at": NOW + datetime.timedelta(days=1, hours=1),
        "attendees": ["Jonas Berg"],
        "location": "Laynes Espresso",
    },
    "modify_calendar_event": {
        "event_id": "event-2",
        "starts_at": datetime.datetime(2025, 3, 14, 20, 0),
    },
    "remove_calendar_event": {"event_id": "event-3"},
    "search_emails": {"person": "Tom", "folder": "inbox", "unread_only": True},
    "get_all_emails": {},
    "send_email": {"reply_to_email_id": "email-1", "body": "Looks good, approved."},
    "modify_draft_email": {"draft_id": "email-4", "body": "Shall we book Tharavadu for 8?"},
    "remove_email_or_thread": {"thread_id": "thread-1"},
    "search_messages": {"person": "Jonas", "period": "last_night"},
    "get_all_messages": {},
    "send_message": {"recipients": ["Jonas Berg"], "text": "Cake is collected."},
    "remove_message_or_conversation": {"conversation_id": "conversation-2"},
    "search_whatsapp_messages": {"query": "landing", "unread_only": True},
    "get_all_whatsapp_messages": {},
    "send_whatsapp_message": {"conversation_id": "conversation-3", "text": "See you at 18:40!"},
    "remove_whatsapp_message_or_conversation": {"message_id": "message-4"},
    "search_phone_calls": {"direction": "missed", "period": "yesterday"},
    "get_all_phone_calls": {},
    "create_outgoing_call": {"recipient": "Priya Raman"},
    "remove_phone_call_logs": {"call_ids": ["call-1", "call-3"]},
}

EXPECTED: dict[str, Callable[[Any], bool]] = {
    "search_contacts": lambda r: [c["contact_id"] for c in r] == ["contact-1"],
    "search_calendar_events": lambda r: [e["event_id"] for e in r] == ["event-2"],
    "search_emails": lambda r: [e["email_id"] for e in r] == ["email-1"],
    "send_email": lambda r: (
        r["thread_id"] == "thread-1"
        and r["to"] == ["tom.okafor@studio.example"]
        and r["subject"] == "Re: Planting plan, rev B"
    ),
    "search_messages": lambda r: [m["message_id"] for m in r] == ["message-1"],
    "send_message": lambda r: r["conversation_id"] == "conversation-1" and r["outgoing"],
    "search_whatsapp_messages": lambda r: [m["message_id"] for m in r] == ["message-4"],
    "search_phone_calls": lambda r: [c["call_id"] for c in r] == ["call-1"],
    "create_outgoing_call": lambda r: r["name"] == "Priya Raman" and r["number"] == "07700 900302",
    "modify_calendar_event": lambda r: r["ends_at"] == "2025-03-14T22:00:00",
    "remove_email_or_thread": lambda r: r == ["email-1", "email-2"],
    "remove_message_or_conversation": lambda r: r == ["message-3"],
}
"""What some calls must return (as JSON), so the both-ways test also checks the behaviour."""
