"""A small personal world written for these tests: Maya, her contacts, a week of her life."""

from __future__ import annotations

import datetime
from typing import Any

from assistworld.apps.personal import personal_world
from assistworld.world import World

NOW = datetime.datetime(2025, 3, 13, 10, 0)
"""Thursday 13 March 2025, 10:00: the scenario's reference time."""

MAYA_PHONE = "+44 7700 900100"


def at(day: int, hour: int, minute: int = 0) -> str:
    return datetime.datetime(2025, 3, day, hour, minute).isoformat()


def world_data() -> dict[str, Any]:
    """The plain data of the world (a scenario file would hold the same)."""
    return {
        "now": NOW.isoformat(),
        "protagonist": {
            "name": "Maya Lindqvist",
            "phone": MAYA_PHONE,
            "email": "maya@lindqvist.example",
            "birthday": "1996-05-02",
            "biography": "Landscape architect in Leeds; rows on Sundays.",
        },
        "contacts": [
            {
                "id": "contact-1",
                "name": "Jonas Berg",
                "phone": "+44 7700 900201",
                "email": "jonas.berg@post.example",
                "relationship": "family",
            },
            {
                "id": "contact-2",
                "name": "Priya Raman",
                "phone": "07700 900302",
                "email": "priya@raman.example",
                "relationship": "friend",
            },
            {"id": "contact-3", "name": "Priya Sharma", "phone": "+44 7700 900303"},
            {
                "id": "contact-4",
                "name": "Tom Okafor",
                "email": "tom.okafor@studio.example",
                "relationship": "colleague",
            },
            {"id": "contact-5", "name": "Lena Vogel", "phone": "+49 151 2345678"},
        ],
        "calendar": [
            {
                "id": "event-1",
                "title": "Site visit, Roundhay Park",
                "starts_at": at(12, 14),
                "ends_at": at(12, 16),
                "location": "Roundhay Park",
                "attendees": ["Tom Okafor"],
            },
            {
                "id": "event-2",
                "title": "Dinner with Priya",
                "starts_at": at(14, 19, 30),
                "ends_at": at(14, 21, 30),
                "location": "Tharavadu",
                "attendees": ["Priya Raman"],
            },
            {
                "id": "event-3",
                "title": "Rowing club",
                "starts_at": at(16, 8),
                "ends_at": at(16, 10),
                "notes": "bring the new gloves",
            },
        ],
        "emails": [
            {
                "id": "email-1",
                "thread_id": "thread-1",
                "folder": "inbox",
                "sender": "tom.okafor@studio.example",
                "to": ["maya@lindqvist.example"],
                "subject": "Planting plan, rev B",
                "body": "Attached is revision B of the planting plan for the park.",
                "sent_at": at(12, 21, 15),
                "is_read": False,
            },
            {
                "id": "email-2",
                "thread_id": "thread-1",
                "folder": "sent",
                "sender": "maya@lindqvist.example",
                "to": ["tom.okafor@studio.example"],
                "subject": "Re: Planting plan, rev B",
                "body": "Thanks, I will look at it tomorrow.",
                "sent_at": at(12, 22, 0),
            },
            {
                "id": "email-3",
                "folder": "inbox",
                "sender": "news@rowing.example",
                "sender_name": "Leeds Rowing Club",
                "to": ["maya@lindqvist.example"],
                "subject": "Regatta entries open",
                "body": "Entries for the spring regatta are open until 20 March.",
                "sent_at": at(10, 9, 0),
            },
            {
                "id": "email-4",
                "folder": "drafts",
                "sender": "maya@lindqvist.example",
                "to": ["jonas.berg@post.example"],
                "subject": "Mum's birthday",
                "body": "Shall we book the restaurant?",
                "sent_at": at(11, 18, 0),
            },
        ],
        "text_conversations": [
            {
                "id": "conversation-1",
                "participants": ["+44 7700 900201"],
                "messages": [
                    {
                        "id": "message-1",
                        "sender": "+44 7700 900201",
                        "text": "Can you pick up the cake on Saturday?",
                        "sent_at": at(12, 23, 10),
                        "is_read": False,
                    },
                    {
                        "id": "message-2",
                        "sender": "me",
                        "text": "Yes, after rowing.",
                        "sent_at": at(11, 8, 0),
                    },
                ],
            },
            {
                "id": "conversation-2",
                "name": "Book club",
                "participants": ["07700 900302", "+44 7700 900303"],
                "messages": [
                    {
                        "id": "message-3",
                        "sender": "+44 7700 900303",
                        "text": "Next book: The Overstory?",
                        "sent_at": at(9, 20, 0),
                    }
                ],
            },
        ],
        "whatsapp_conversations": [
            {
                "id": "conversation-3",
                "participants": ["+49 151 2345678"],
                "messages": [
                    {
                        "id": "message-4",
                        "sender": "+49 151 2345678",
                        "text": "Landing in Manchester at 18:40 on Friday!",
                        "sent_at": at(13, 7, 45),
                        "is_read": False,
                    }
                ],
            }
        ],
        "phone_calls": [
            {
                "id": "call-1",
                "number": "+44 7700 900201",
                "direction": "missed",
                "started_at": at(12, 22, 30),
            },
            {
                "id": "call-2",
                "number": "07700 900302",
                "direction": "incoming",
                "started_at": at(10, 12, 5),
                "duration_seconds": 340,
            },
            {
                "id": "call-3",
                "number": "+44 113 496 0000",
                "direction": "outgoing",
                "started_at": at(13, 9, 0),
                "duration_seconds": 75,
            },
        ],
        "ids_issued": 40,
    }


def maya_world() -> World:
    return personal_world(world_data())
