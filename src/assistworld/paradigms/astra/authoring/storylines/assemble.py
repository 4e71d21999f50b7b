"""The personal world's plain data (what ``apps.personal.personal_world`` loads) from the
protagonist and every event's artifact set.

Ids are given explicitly and in a fixed order (contacts as the file lists people, records by
time, then event), so the same input gives the same data, byte for byte.
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from assistworld.paradigms.astra.authoring.storylines.artifacts import ArtifactSet
from assistworld.paradigms.astra.authoring.storylines.biography import ProtagonistProfile

UNREAD_HOURS = 12
"""Incoming mail and messages of the last hours before now are still unread."""


def address_of(profile: ProtagonistProfile, who: str) -> str:
    """An email address for ``me``, a person id, or an address as given."""
    if who == "me":
        return profile.biography.email
    try:
        person = profile.person(who)
    except KeyError:
        return who
    return person.email or who


def number_of(profile: ProtagonistProfile, who: str) -> str:
    return profile.biography.phone if who == "me" else profile.person(who).phone


def world_data(
    profile: ProtagonistProfile, sets: Sequence[ArtifactSet], now: datetime.datetime, seed: int
) -> dict[str, Any]:
    bio = profile.biography
    unread_after = now - datetime.timedelta(hours=UNREAD_HOURS)
    contacts = []
    for index, person in enumerate(profile.people, start=1):
        contacts.append(
            {
                "id": f"contact-{index}",
                "name": person.name,
                "phone": person.phone,
                "email": person.email,
                "relationship": person.ties[0].label.replace("_", " "),
                "birthday": person.birthday.isoformat() if person.birthday else None,
                "address": person.address,
                "notes": person.role,
            }
        )
    calendar = sorted(
        ((c, s.event_id) for s in sets for c in s.calendar),
        key=lambda item: (item[0].starts_at, item[1]),
    )
    emails = sorted(
        ((e, s.event_id) for s in sets for e in s.emails),
        key=lambda item: (item[0].sent_at, item[1], item[0].key),
    )
    threads: dict[tuple[str, str], str] = {}
    email_rows = []
    for index, (email, event_id) in enumerate(emails, start=1):
        thread = threads.setdefault((event_id, email.thread), f"thread-{len(threads) + 1}")
        mine = email.sender == "me"
        email_rows.append(
            {
                "id": f"email-{index}",
                "thread_id": thread,
                "folder": "sent" if mine else "inbox",
                "sender": address_of(profile, email.sender),
                "to": [address_of(profile, who) for who in email.to],
                "subject": email.subject,
                "body": email.body,
                "sent_at": email.sent_at.isoformat(),
                "is_read": mine or email.sent_at < unread_after,
            }
        )
    conversations: dict[str, dict[tuple[str, ...], dict[str, Any]]] = {"sms": {}, "whatsapp": {}}
    messages = sorted(
        ((m, s.event_id) for s in sets for m in s.messages),
        key=lambda item: (item[0].sent_at, item[1], item[0].key),
    )
    counter = 0
    for message, _ in messages:
        chats = conversations[message.channel]
        members = tuple(sorted(message.chat))
        chat = chats.get(members)
        if chat is None:
            counter += 1
            names = sorted(profile.person(p).name.split()[0] for p in members)
            chat = chats[members] = {
                "id": f"conversation-{counter}",
                "participants": [number_of(profile, p) for p in members],
                "name": ", ".join(names) if len(members) > 1 else None,
                "messages": [],
            }
        mine = message.sender == "me"
        chat["messages"].append(
            {
                "sender": "me" if mine else number_of(profile, message.sender),
                "text": message.text,
                "sent_at": message.sent_at.isoformat(),
                "is_read": mine or message.sent_at < unread_after,
            }
        )
    message_number = 0
    chat_lists: dict[str, list[dict[str, Any]]] = {}
    for channel, chats in conversations.items():
        chat_lists[channel] = sorted(chats.values(), key=lambda c: int(c["id"].split("-")[1]))
        for chat in chat_lists[channel]:
            for row in chat["messages"]:
                message_number += 1
                row["id"] = f"message-{message_number}"
    calls = sorted(
        ((c, s.event_id) for s in sets for c in s.calls),
        key=lambda item: (item[0].started_at, item[1]),
    )
    data: dict[str, Any] = {
        "now": now.isoformat(),
        "seed": seed,
        "ids_issued": 0,
        "protagonist": {
            "name": bio.name,
            "phone": bio.phone,
            "email": bio.email,
            "birthday": bio.birthday.isoformat(),
            "address": bio.home.address,
            "biography": f"{bio.age}, {bio.occupation} in {bio.city}, {bio.country}. "
            f"{bio.household}. Hobbies: {', '.join(bio.hobbies) or 'none'}.",
        },
        "contacts": contacts,
        "calendar": [
            {
                "id": f"event-{i}",
                "title": c.title,
                "starts_at": c.starts_at.isoformat(),
                "ends_at": c.ends_at.isoformat(),
                "location": c.location,
                "attendees": [profile.person(p).name for p in c.attendees if p != "me"],
                "notes": None,
            }
            for i, (c, _) in enumerate(calendar, start=1)
        ],
        "emails": email_rows,
        "text_conversations": chat_lists["sms"],
        "whatsapp_conversations": chat_lists["whatsapp"],
        "phone_calls": [
            {
                "id": f"call-{i}",
                "number": number_of(profile, c.person),
                "direction": c.direction,
                "started_at": c.started_at.isoformat(),
                "duration_seconds": c.duration_seconds,
            }
            for i, (c, _) in enumerate(calls, start=1)
        ],
    }
    data["ids_issued"] = (
        len(contacts)
        + len(calendar)
        + len(email_rows)
        + len(threads)
        + counter
        + message_number
        + len(calls)
    )
    return data
