"""The plain-data form of a personal world (what a scenario file holds), as pydantic models.

Records may leave their ``id`` out (one is assigned); a conversation holds its messages; a
message's ``sender`` is a phone number of the conversation, or ``"me"`` for the owner.
"""

from __future__ import annotations

import datetime

from pydantic import BaseModel, ConfigDict, Field

from assistworld.apps.personal.records import CallDirection, EmailFolder, Protagonist

_DATA = ConfigDict(extra="forbid")

OWNER_ALIAS = "me"


class ContactData(BaseModel):
    model_config = _DATA

    id: str | None = None
    name: str = Field(min_length=1)
    phone: str | None = None
    email: str | None = None
    relationship: str | None = None
    birthday: datetime.date | None = None
    address: str | None = None
    notes: str | None = None


class EventData(BaseModel):
    model_config = _DATA

    id: str | None = None
    title: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    location: str | None = None
    attendees: list[str] = Field(default_factory=list)
    notes: str | None = None


class EmailData(BaseModel):
    model_config = _DATA

    id: str | None = None
    thread_id: str | None = None
    folder: EmailFolder = "inbox"
    sender: str
    sender_name: str | None = None
    to: list[str] = Field(default_factory=list)
    cc: list[str] = Field(default_factory=list)
    subject: str = ""
    body: str = ""
    sent_at: datetime.datetime
    is_read: bool = True


class MessageData(BaseModel):
    model_config = _DATA

    id: str | None = None
    sender: str
    sender_name: str | None = None
    text: str
    sent_at: datetime.datetime
    is_read: bool = True


class ConversationData(BaseModel):
    model_config = _DATA

    id: str | None = None
    participants: list[str] = Field(min_length=1)
    name: str | None = None
    messages: list[MessageData] = Field(default_factory=list)


class CallData(BaseModel):
    model_config = _DATA

    id: str | None = None
    number: str
    name: str | None = None
    direction: CallDirection
    started_at: datetime.datetime
    duration_seconds: int = Field(default=0, ge=0)


class PersonalWorldData(BaseModel):
    """A personal world as plain data. ``now`` is the scenario's reference time."""

    model_config = _DATA

    now: datetime.datetime
    seed: int = 0
    ids_issued: int = Field(default=0, ge=0)
    protagonist: Protagonist
    contacts: list[ContactData] = Field(default_factory=list)
    calendar: list[EventData] = Field(default_factory=list)
    emails: list[EmailData] = Field(default_factory=list)
    text_conversations: list[ConversationData] = Field(default_factory=list)
    whatsapp_conversations: list[ConversationData] = Field(default_factory=list)
    phone_calls: list[CallData] = Field(default_factory=list)
