"""The personal apps' tables: what they keep in a world, declared once, here.

A world learns these declarations the first time a personal tool reaches it (or when
:func:`~assistworld.apps.personal.loader.personal_world` builds it), all at once and in this
order, the order snapshots list them and diffs report them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, cast

from assistworld.apps.personal.errors import PersonalAppError
from assistworld.apps.personal.records import (
    CalendarEvent,
    ChatMessage,
    Contact,
    Conversation,
    Email,
    PhoneCall,
    Protagonist,
)
from assistworld.world.context import current_world
from assistworld.world.tables import Table, keyed

if TYPE_CHECKING:
    from assistworld.world.world import World

OWNER_KEY = "owner"
"""The one key of the ``protagonist`` table."""

PROTAGONIST = keyed("protagonist", Protagonist, "'owner' -> the device owner.")
CONTACTS = keyed("contacts", Contact, "contact_id -> contact, in the order added.")
PERSONAL_CALENDAR = keyed("personal_calendar", CalendarEvent, "event_id -> personal event.")
EMAILS = keyed("emails", Email, "email_id -> email (every folder, drafts included).")
SMS_CONVERSATIONS = keyed("sms_conversations", Conversation, "conversation_id -> text chat.")
SMS_MESSAGES = keyed("sms_messages", ChatMessage, "message_id -> text message.")
WHATSAPP_CONVERSATIONS = keyed(
    "whatsapp_conversations", Conversation, "conversation_id -> WhatsApp chat."
)
WHATSAPP_MESSAGES = keyed("whatsapp_messages", ChatMessage, "message_id -> WhatsApp message.")
PHONE_CALLS = keyed("phone_calls", PhoneCall, "call_id -> call log entry.")

PERSONAL_TABLES: tuple[Table[Any], ...] = (
    PROTAGONIST,
    CONTACTS,
    PERSONAL_CALENDAR,
    EMAILS,
    SMS_CONVERSATIONS,
    SMS_MESSAGES,
    WHATSAPP_CONVERSATIONS,
    WHATSAPP_MESSAGES,
    PHONE_CALLS,
)

SUBJECT_COLUMNS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        PROTAGONIST.name: ("name",),
        CONTACTS.name: ("contact_id", "name", "phone", "email"),
        PERSONAL_CALENDAR.name: ("event_id", "title", "attendees"),
        EMAILS.name: ("email_id", "thread_id", "to", "cc"),
        SMS_CONVERSATIONS.name: ("conversation_id", "participants", "name"),
        SMS_MESSAGES.name: ("message_id", "conversation_id", "recipients"),
        WHATSAPP_CONVERSATIONS.name: ("conversation_id", "participants", "name"),
        WHATSAPP_MESSAGES.name: ("message_id", "conversation_id", "recipients"),
        PHONE_CALLS.name: ("call_id", "number", "name"),
    }
)
"""Per table, the columns that say whom or what a row concerns (the record, the recipient, the
conversation, the number called): a success condition on a row names one of them, or its key,
so that a write to the wrong person cannot meet it."""


class PersonalTables:
    """The personal tables of one world, typed. Making one declares them all with the world."""

    __slots__ = ("world",)

    def __init__(self, world: World) -> None:
        world.declare(*PERSONAL_TABLES)
        self.world = world

    def owner(self) -> Protagonist:
        """The device owner; a clear error when the world has none."""
        found = self.world.table(PROTAGONIST).get(OWNER_KEY)
        if found is None:
            raise PersonalAppError(
                "this world has no device owner (protagonist); build it with "
                "personal_world({'protagonist': {...}, ...})"
            )
        return found

    @property
    def contacts(self) -> dict[str, Contact]:
        return self.world.table(CONTACTS)

    @property
    def calendar(self) -> dict[str, CalendarEvent]:
        return self.world.table(PERSONAL_CALENDAR)

    @property
    def emails(self) -> dict[str, Email]:
        return self.world.table(EMAILS)

    @property
    def phone_calls(self) -> dict[str, PhoneCall]:
        return self.world.table(PHONE_CALLS)

    def conversations(self, channel: str) -> dict[str, Conversation]:
        """The conversations of ``channel`` (``sms`` or ``whatsapp``)."""
        return self.world.table(
            WHATSAPP_CONVERSATIONS if channel == "whatsapp" else SMS_CONVERSATIONS
        )

    def messages(self, channel: str) -> dict[str, ChatMessage]:
        """The messages of ``channel`` (``sms`` or ``whatsapp``)."""
        return self.world.table(WHATSAPP_MESSAGES if channel == "whatsapp" else SMS_MESSAGES)


def tables_of(world: World) -> PersonalTables:
    """The typed view of ``world``'s personal tables, made once and kept in ``world.views``."""
    view = world.views.get("personal")
    if view is None:
        view = world.views["personal"] = PersonalTables(world)
    return cast(PersonalTables, view)


def active_tables() -> PersonalTables:
    """The personal tables of the world bound with ``with world.active():``."""
    return tables_of(current_world())
