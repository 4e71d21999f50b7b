"""The artifacts one event projects into, in a form a model can write and a check can read.

People are named by their id in the protagonist file (or ``me``); an email's sender may also be
the address of one of the protagonist's places (a booking confirmation). Each email and message
has a ``key`` unique within its event so that a reply can say what it answers. The assembler
(``assemble.py``) turns every event's set into the personal world's plain data.
"""

from __future__ import annotations

import datetime

from pydantic import BaseModel, ConfigDict, Field

from assistworld.paradigms.astra.authoring.storylines.events import ArtifactKind

_DRAFT = ConfigDict(extra="forbid")


class CalendarDraft(BaseModel):
    model_config = _DRAFT
    kind: ArtifactKind = "invite"
    title: str = Field(min_length=1)
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    location: str
    attendees: list[str] = Field(default_factory=list)


class EmailDraft(BaseModel):
    model_config = _DRAFT
    key: str
    kind: ArtifactKind
    thread: str = "main"
    reply_to: str | None = None
    sender: str
    to: list[str] = Field(min_length=1)
    subject: str = Field(min_length=1)
    body: str = Field(min_length=1)
    sent_at: datetime.datetime


class MessageDraft(BaseModel):
    model_config = _DRAFT
    key: str
    kind: ArtifactKind
    channel: str
    chat: list[str] = Field(min_length=1)
    """The other people in the conversation (ids)."""
    sender: str
    text: str = Field(min_length=1)
    sent_at: datetime.datetime
    reply_to: str | None = None


class CallDraft(BaseModel):
    model_config = _DRAFT
    kind: ArtifactKind = "call"
    person: str
    direction: str
    started_at: datetime.datetime
    duration_seconds: int = Field(ge=0)


class ArtifactSet(BaseModel):
    """Everything one event left in the apps."""

    model_config = _DRAFT
    event_id: str
    calendar: list[CalendarDraft] = Field(default_factory=list)
    emails: list[EmailDraft] = Field(default_factory=list)
    messages: list[MessageDraft] = Field(default_factory=list)
    calls: list[CallDraft] = Field(default_factory=list)

    def count(self) -> int:
        return len(self.calendar) + len(self.emails) + len(self.messages) + len(self.calls)


def clock(moment: datetime.datetime) -> str:
    """How artifacts write a time of day: ``19:30``."""
    return moment.strftime("%H:%M")


def day_text(moment: datetime.datetime) -> str:
    """How artifacts write a date: ``Friday 12 June``."""
    return f"{moment.strftime('%A')} {moment.day} {moment.strftime('%B')}"
