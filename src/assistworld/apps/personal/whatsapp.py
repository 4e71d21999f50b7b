"""WhatsApp: find, list, send and remove messages and conversations."""

from __future__ import annotations

import datetime

from assistworld.apps.personal import _chat
from assistworld.apps.personal._checks import LongText, NameList, ShortText
from assistworld.apps.personal._periods import Period
from assistworld.apps.personal.records import ChatMessage
from assistworld.tools.declaration import tool

__all__ = [
    "get_all_whatsapp_messages",
    "remove_whatsapp_message_or_conversation",
    "search_whatsapp_messages",
    "send_whatsapp_message",
]

_CHANNEL = "whatsapp"
_LISTER = "search_whatsapp_messages or get_all_whatsapp_messages"


@tool(app="whatsapp", effect="read")
def search_whatsapp_messages(
    query: ShortText | None = None,
    person: ShortText | None = None,
    conversation_id: ShortText | None = None,
    unread_only: bool = False,
    start: datetime.datetime | None = None,
    end: datetime.datetime | None = None,
    period: Period | None = None,
) -> list[ChatMessage]:
    """Find WhatsApp messages by words, by a person, by conversation, unread state or time.

    Returns the matching messages (with ``message_id`` and ``conversation_id``), newest first; an
    empty list when none match (then try ``get_all_whatsapp_messages``).

    query
        Words that must all appear in the message text (case-insensitive).
    person
        A name or phone number: the sender or anyone in the conversation (or a group's name).
    conversation_id
        Only the messages of this conversation.
    unread_only
        Only incoming messages the owner has not read yet.
    start, end
        Only messages sent in this time range (end excluded), ISO format: 2024-06-24T18:00.
    period
        A period relative to now: today, yesterday, tomorrow, last_night, this_week, last_week,
        next_week, last_7_days, next_7_days, past, upcoming. Combined with start/end, both apply.
    """
    return _chat.search(
        _CHANNEL,
        _LISTER,
        query=query,
        person=person,
        conversation_id=conversation_id,
        unread_only=unread_only,
        start=start,
        end=end,
        period=period,
    )


@tool(app="whatsapp", effect="read")
def get_all_whatsapp_messages() -> list[ChatMessage]:
    """Every WhatsApp message of every conversation, newest first."""
    return _chat.every(_CHANNEL)


@tool(app="whatsapp", effect="write")
def send_whatsapp_message(
    text: LongText,
    recipients: NameList | None = None,
    conversation_id: ShortText | None = None,
) -> ChatMessage:
    """Send a WhatsApp message from the owner; returns the message sent.

    It goes into the existing conversation with exactly these recipients (a new one is started
    if there is none), or into the conversation given by ``conversation_id`` (e.g. a group chat).

    text
        The message.
    recipients
        Phone numbers, or names of contacts who have one. Several people make a group chat.
    conversation_id
        An existing conversation to write in, from search_whatsapp_messages or
        get_all_whatsapp_messages.
    """
    return _chat.send(_CHANNEL, _LISTER, recipients, text, conversation_id)


@tool(app="whatsapp", effect="write")
def remove_whatsapp_message_or_conversation(
    message_id: ShortText | None = None, conversation_id: ShortText | None = None
) -> list[str]:
    """Delete one message or a whole conversation; returns the ids of the messages removed.

    Give exactly one of the two.

    message_id
        The message to delete.
    conversation_id
        The conversation to delete with all its messages.
    """
    return _chat.remove(_CHANNEL, _LISTER, message_id, conversation_id)
