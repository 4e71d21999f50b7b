"""A generated personal world read as people, chats, events, emails and calls at its ``now``.

Template families ask questions of this view ("who has a 1:1 chat on WhatsApp", "which
upcoming events have a unique title") instead of walking the raw world data themselves.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from assistworld.apps.personal._people import same_number

Channel = str
"""``sms`` or ``whatsapp``."""


@dataclass(frozen=True)
class Person:
    """A contact of the protagonist."""

    contact_id: str
    name: str
    phone: str | None
    email: str | None
    relationship: str | None

    @property
    def first(self) -> str:
        """The name a user would say: the first word, or the surname after a title."""
        words = self.name.split()
        if words[0].rstrip(".") in ("Dr", "Dra", "Prof"):
            return self.name
        return words[0]


@dataclass(frozen=True)
class Message:
    message_id: str
    sender: str
    text: str
    sent_at: datetime.datetime
    is_read: bool

    @property
    def outgoing(self) -> bool:
        return self.sender == "me"


@dataclass(frozen=True)
class Chat:
    """A conversation of one channel, with its messages oldest first."""

    conversation_id: str
    channel: Channel
    participants: tuple[str, ...]
    name: str | None
    messages: tuple[Message, ...]

    @property
    def latest(self) -> Message:
        return self.messages[-1]

    @property
    def latest_incoming(self) -> Message | None:
        incoming = [m for m in self.messages if not m.outgoing]
        return incoming[-1] if incoming else None


@dataclass(frozen=True)
class Event:
    event_id: str
    title: str
    starts_at: datetime.datetime
    ends_at: datetime.datetime
    location: str | None
    attendees: tuple[str, ...]


@dataclass(frozen=True)
class Email:
    email_id: str
    thread_id: str
    folder: str
    sender: str
    to: tuple[str, ...]
    subject: str
    body: str
    sent_at: datetime.datetime


@dataclass(frozen=True)
class Call:
    call_id: str
    number: str
    direction: str
    started_at: datetime.datetime


@dataclass
class WorldView:
    """The world data of one protagonist, indexed for the template families."""

    key: str
    """The protagonist's short name (``sofia``), used in scenario ids and file names."""
    data: dict[str, Any]
    now: datetime.datetime
    people: list[Person] = field(default_factory=list)
    chats: list[Chat] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    emails: list[Email] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)

    @classmethod
    def of(cls, key: str, data: dict[str, Any]) -> WorldView:
        view = cls(key=key, data=data, now=datetime.datetime.fromisoformat(data["now"]))
        view.people = [
            Person(c["id"], c["name"], c.get("phone"), c.get("email"), c.get("relationship"))
            for c in data["contacts"]
        ]
        for channel, table in (
            ("sms", "text_conversations"),
            ("whatsapp", "whatsapp_conversations"),
        ):
            for chat in data[table]:
                messages = tuple(
                    Message(
                        m["id"],
                        m["sender"],
                        m["text"],
                        datetime.datetime.fromisoformat(m["sent_at"]),
                        m.get("is_read", True),
                    )
                    for m in sorted(chat["messages"], key=lambda m: m["sent_at"])
                )
                if messages:
                    view.chats.append(
                        Chat(
                            chat["id"],
                            channel,
                            tuple(chat["participants"]),
                            chat.get("name"),
                            messages,
                        )
                    )
        view.events = sorted(
            (
                Event(
                    e["id"],
                    e["title"],
                    datetime.datetime.fromisoformat(e["starts_at"]),
                    datetime.datetime.fromisoformat(e["ends_at"]),
                    e.get("location"),
                    tuple(e.get("attendees") or ()),
                )
                for e in data["calendar"]
            ),
            key=lambda e: (e.starts_at, e.event_id),
        )
        view.emails = [
            Email(
                e["id"],
                e["thread_id"],
                e["folder"],
                e["sender"],
                tuple(e.get("to") or ()),
                e.get("subject", ""),
                e.get("body", ""),
                datetime.datetime.fromisoformat(e["sent_at"]),
            )
            for e in data["emails"]
        ]
        view.calls = sorted(
            (
                Call(
                    c["id"],
                    c["number"],
                    c["direction"],
                    datetime.datetime.fromisoformat(c["started_at"]),
                )
                for c in data["phone_calls"]
            ),
            key=lambda c: (c.started_at, c.call_id),
        )
        return view

    @property
    def owner(self) -> dict[str, Any]:
        owner: dict[str, Any] = self.data["protagonist"]
        return owner

    def person_with_number(self, number: str) -> Person | None:
        return next((p for p in self.people if p.phone and same_number(p.phone, number)), None)

    def person_named(self, name: str) -> Person | None:
        return next((p for p in self.people if p.name == name), None)

    def unambiguous(self, person: Person) -> bool:
        """Whether the person's short name picks them alone out of the address book."""
        first = person.first.casefold()
        return sum(first in p.name.casefold() for p in self.people) == 1

    def direct_chat(self, person: Person) -> Chat | None:
        """The 1:1 chat with ``person`` most recently used (either channel)."""
        found = [
            c
            for c in self.chats
            if person.phone
            and len(c.participants) == 1
            and same_number(c.participants[0], person.phone)
        ]
        return max(found, key=lambda c: c.latest.sent_at, default=None)

    def unique_events(self) -> list[Event]:
        """Events whose title no other event shares."""
        counts = Counter(e.title for e in self.events)
        return [e for e in self.events if counts[e.title] == 1]

    def coming(self) -> list[Event]:
        """Every event still to come, earliest first."""
        return [e for e in self.events if e.starts_at > self.now]

    def upcoming(self) -> list[Event]:
        """Events still to come whose title no other upcoming event shares (so "my coffee with
        Ana" names one of them)."""
        coming = [e for e in self.events if e.starts_at > self.now]
        counts = Counter(e.title for e in coming)
        return [e for e in coming if counts[e.title] == 1]

    def person_of_attendee(self, attendee: str) -> Person | None:
        return self.person_named(attendee)

    def clashes(self, start: datetime.datetime, end: datetime.datetime) -> list[Event]:
        return [e for e in self.events if e.starts_at < end and start < e.ends_at]


__all__ = ["Call", "Channel", "Chat", "Email", "Event", "Message", "Person", "WorldView"]
