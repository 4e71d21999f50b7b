"""The records the personal apps keep and return: contacts, events, emails, chats, calls.

Every record has a stable, readable id (``contact-3``, ``email-12``). Times are local to the
device owner (no time zone); "now" is the device's current time. Tools return copies of these
records, so changing a returned record changes nothing in the world.
"""

from __future__ import annotations

import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "CalendarEvent",
    "CallDirection",
    "ChatMessage",
    "Contact",
    "Conversation",
    "Email",
    "EmailFolder",
    "PhoneCall",
    "Protagonist",
]

EmailFolder = Literal["inbox", "sent", "drafts", "archive"]
"""The mailbox folders: received mail is in ``inbox`` (or ``archive`` once filed away), mail the
owner sent is in ``sent``, unsent mail in ``drafts``."""

CallDirection = Literal["incoming", "outgoing", "missed"]
"""A call the owner answered, placed, or did not answer."""

_ROW = ConfigDict(extra="forbid")


class Protagonist(BaseModel):
    """The device owner: the person the assistant works for ("me" in every app)."""

    model_config = _ROW

    name: str
    phone: str
    email: str
    birthday: datetime.date | None = None
    address: str | None = None
    biography: str = ""


class Contact(BaseModel):
    """A person in the owner's address book. ``relationship`` is how the owner knows them
    (``friend``, ``family``, ``colleague``, ``partner``...), free text."""

    model_config = _ROW

    contact_id: str
    name: str
    phone: str | None = None
    email: str | None = None
    relationship: str | None = None
    birthday: datetime.date | None = None
    address: str | None = None
    notes: str | None = None


class CalendarEvent(BaseModel):
    """An event of the owner's personal calendar; ``attendees`` are names or email addresses."""

    model_config = _ROW

    event_id: str
    title: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    location: str | None = None
    attendees: list[str] = Field(default_factory=list)
    notes: str | None = None


class Email(BaseModel):
    """One email. ``sender``, ``to`` and ``cc`` are addresses; ``sent_at`` is when it was sent
    or received (for a draft: when it was last saved). Replies share their ``thread_id``."""

    model_config = _ROW

    email_id: str
    thread_id: str
    folder: EmailFolder
    sender: str
    sender_name: str | None = None
    to: list[str] = Field(default_factory=list)
    cc: list[str] = Field(default_factory=list)
    subject: str = ""
    body: str = ""
    sent_at: datetime.datetime
    is_read: bool = True


class Conversation(BaseModel):
    """A text or WhatsApp conversation: the phone numbers of everyone in it but the owner, and
    a name for a group chat (more than one other participant)."""

    model_config = _ROW

    conversation_id: str
    participants: list[str]
    name: str | None = None


class ChatMessage(BaseModel):
    """One text or WhatsApp message. ``sender`` is a phone number (the owner's own number for
    messages the owner sent, which have ``outgoing`` set); ``recipients`` are the numbers it was
    sent to. ``is_read`` is False for an incoming message the owner has not read yet."""

    model_config = _ROW

    message_id: str
    conversation_id: str
    sender: str
    sender_name: str | None = None
    recipients: list[str] = Field(default_factory=list)
    text: str
    sent_at: datetime.datetime
    outgoing: bool = False
    is_read: bool = True


class PhoneCall(BaseModel):
    """One entry of the call log: the other party's number (and name if known), whether the
    call was ``incoming``, ``outgoing`` or ``missed``, when it started and how long it lasted."""

    model_config = _ROW

    call_id: str
    number: str
    name: str | None = None
    direction: CallDirection
    started_at: datetime.datetime
    duration_seconds: int = 0
