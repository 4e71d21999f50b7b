"""What text messages and WhatsApp have in common: conversations of phone numbers, searched,
listed, written to and cleared the same way. ``messages`` and ``whatsapp`` declare the tools."""

from __future__ import annotations

import datetime

from assistworld.apps.personal import _checks as check
from assistworld.apps.personal._copies import detached, kept
from assistworld.apps.personal._filters import text_matches, window
from assistworld.apps.personal._ids import readable_id
from assistworld.apps.personal._people import (
    PersonQuery,
    contact_for_number,
    looks_like_number,
    resolve_contact,
    same_number,
)
from assistworld.apps.personal.errors import PersonalAppError
from assistworld.apps.personal.records import ChatMessage, Conversation
from assistworld.apps.personal.tables import PersonalTables, active_tables


def search(
    channel: str,
    lister: str,
    *,
    query: str | None,
    person: str | None,
    conversation_id: str | None,
    unread_only: bool,
    start: datetime.datetime | None,
    end: datetime.datetime | None,
    period: str | None,
) -> list[ChatMessage]:
    """The messages of ``channel`` that pass every filter given, newest first."""
    words = check.short(query, "query")
    who = check.short(person, "person")
    tables = active_tables()
    conversations = tables.conversations(channel)
    if conversation_id is not None:
        check.record(conversations, conversation_id, "conversation", lister)
    span = window(start, end, period, tables.world.now)
    matcher = PersonQuery(who, tables.contacts.values()) if who is not None else None
    found = []
    for message in tables.messages(channel).values():
        if conversation_id is not None and message.conversation_id != conversation_id.strip():
            continue
        if unread_only and (message.outgoing or message.is_read):
            continue
        if not span.holds(message.sent_at) or not text_matches(words, message.text):
            continue
        if matcher is not None and not _involves(tables, channel, message, matcher, who or ""):
            continue
        found.append(detached(message))
    return sorted(found, key=lambda message: message.sent_at, reverse=True)


def every(channel: str) -> list[ChatMessage]:
    """Every message of ``channel``, newest first."""
    messages = [detached(m) for m in active_tables().messages(channel).values()]
    return sorted(messages, key=lambda message: message.sent_at, reverse=True)


def send(
    channel: str,
    lister: str,
    recipients: list[str] | None,
    text: str,
    conversation_id: str | None,
) -> ChatMessage:
    """Send ``text`` from the owner into a conversation (found or started); the message."""
    body = check.long(text, "text", required=True) or ""
    tables = active_tables()
    owner = tables.owner()
    conversations = tables.conversations(channel)
    numbers = _numbers(tables, check.names(recipients, "recipients"))
    if conversation_id is not None:
        conversation = check.record(conversations, conversation_id, "conversation", lister)
        if numbers and not _same_people(numbers, conversation.participants):
            raise PersonalAppError(
                f"recipients do not match conversation {conversation.conversation_id!r} "
                f"({', '.join(conversation.participants)}); give either the conversation_id "
                "or the recipients"
            )
    elif numbers:
        conversation = _conversation_with(tables, channel, numbers)
    else:
        raise PersonalAppError(
            "give at least one recipient (a phone number or a contact name) or a conversation_id"
        )
    message_id = readable_id(tables.world, "message", tables.messages(channel))
    message = ChatMessage(
        message_id=message_id,
        conversation_id=conversation.conversation_id,
        sender=owner.phone,
        sender_name=owner.name,
        recipients=list(conversation.participants),
        text=body,
        sent_at=tables.world.now,
        outgoing=True,
        is_read=True,
    )
    return kept(tables.messages(channel), message_id, message)


def remove(
    channel: str, lister: str, message_id: str | None, conversation_id: str | None
) -> list[str]:
    """Delete one message or a whole conversation; the ids of the messages removed."""
    tables = active_tables()
    one = check.short(message_id, "message_id")
    chat = check.short(conversation_id, "conversation_id")
    if (one is None) == (chat is None):
        raise PersonalAppError("give exactly one of message_id or conversation_id")
    messages = tables.messages(channel)
    if one is not None:
        doomed = [check.record(messages, one, "message", lister).message_id]
    else:
        conversation = check.record(
            tables.conversations(channel), chat or "", "conversation", lister
        )
        doomed = [
            k for k, m in messages.items() if m.conversation_id == conversation.conversation_id
        ]
        del tables.conversations(channel)[conversation.conversation_id]
    for key in doomed:
        del messages[key]
    return doomed


def _involves(
    tables: PersonalTables, channel: str, message: ChatMessage, person: PersonQuery, who: str
) -> bool:
    if person.party(message.sender, message.sender_name):
        return True
    conversation = tables.conversations(channel).get(message.conversation_id)
    numbers = conversation.participants if conversation is not None else message.recipients
    if any(person.party(number) for number in numbers):
        return True
    return (
        conversation is not None
        and bool(conversation.name)
        and text_matches(who, conversation.name)
    )


def _numbers(tables: PersonalTables, people: list[str]) -> list[str]:
    contacts = list(tables.contacts.values())
    found: list[str] = []
    for person in people:
        if looks_like_number(person):
            known = contact_for_number(person, contacts)
            number = known.phone if known is not None and known.phone else person
        else:
            number = resolve_contact(person, contacts, "phone", "recipients").phone or ""
        if not any(same_number(number, seen) for seen in found):
            found.append(number)
    return found


def _same_people(first: list[str], second: list[str]) -> bool:
    return len(first) == len(second) and all(any(same_number(a, b) for b in second) for a in first)


def _conversation_with(tables: PersonalTables, channel: str, numbers: list[str]) -> Conversation:
    conversations = tables.conversations(channel)
    for conversation in conversations.values():
        if _same_people(numbers, conversation.participants):
            return conversation
    conversation_id = readable_id(tables.world, "conversation", conversations)
    conversation = Conversation(conversation_id=conversation_id, participants=numbers)
    conversations[conversation_id] = conversation
    return conversation
