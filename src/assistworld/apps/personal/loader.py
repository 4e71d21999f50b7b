"""A personal world from plain data (a scenario file's ``world``), and the data of a world.

``personal_world(data)`` validates everything first and reports every problem at once (which
record, which field, the fix) as a :class:`PersonalWorldDataError`; ``personal_data(world)`` is
its inverse, so ``personal_world(personal_data(world)) == world``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, ValidationError

from assistworld.apps.personal._data_errors import (
    Issue,
    PersonalWorldDataError,
    from_validation,
    plain_place,
    validation_issues,
)
from assistworld.apps.personal._ids import readable_id
from assistworld.apps.personal._people import NumberBook, contact_for_address, same_number
from assistworld.apps.personal._world_data import (
    OWNER_ALIAS,
    ConversationData,
    PersonalWorldData,
)
from assistworld.apps.personal.records import (
    CalendarEvent,
    ChatMessage,
    Contact,
    Conversation,
    Email,
    PhoneCall,
    Protagonist,
)
from assistworld.apps.personal.tables import OWNER_KEY, PROTAGONIST, PersonalTables, tables_of
from assistworld.world.world import World

_ID_KINDS = {
    "contacts": "contact",
    "calendar": "event",
    "emails": "email",
    "phone_calls": "call",
}


def personal_world(data: Mapping[str, Any], *, source: str = "personal world data") -> World:
    """The world ``data`` describes (see ``_world_data.PersonalWorldData`` for its form).

    ``source`` names the data in error messages (a scenario file's path, say).
    """
    if not isinstance(data, Mapping):
        raise PersonalWorldDataError([f"expected an object, got {type(data).__name__}"], source)
    try:
        parsed = PersonalWorldData.model_validate(dict(data))
    except ValidationError as exc:
        issues = validation_issues(exc)
        raise PersonalWorldDataError(from_validation(data, exc), source, issues) from None
    found = _problems(parsed)
    if found:
        problems = [plain_place(location) + detail for location, detail in found]
        raise PersonalWorldDataError(problems, source, found)
    world = World(parsed.now, seed=parsed.seed)
    world.ids_issued = parsed.ids_issued
    _fill(tables_of(world), parsed)
    return world


def personal_data(world: World) -> dict[str, Any]:
    """The plain data of ``world``'s personal tables, ids included (the inverse of
    :func:`personal_world`)."""
    tables = tables_of(world)
    owner = tables.owner()
    data: dict[str, Any] = {
        "now": world.now.isoformat(),
        "seed": world.seed,
        "ids_issued": world.ids_issued,
        "protagonist": owner.model_dump(mode="json"),
        "contacts": [
            _renamed(c.model_dump(mode="json"), "contact_id") for c in tables.contacts.values()
        ],
        "calendar": [
            _renamed(e.model_dump(mode="json"), "event_id") for e in tables.calendar.values()
        ],
        "emails": [_renamed(e.model_dump(mode="json"), "email_id") for e in tables.emails.values()],
        "text_conversations": _conversations(tables, "sms"),
        "whatsapp_conversations": _conversations(tables, "whatsapp"),
        "phone_calls": [
            _renamed(c.model_dump(mode="json"), "call_id") for c in tables.phone_calls.values()
        ],
    }
    return data


def _problems(parsed: PersonalWorldData) -> list[Issue]:
    """Problems no field's type can tell: ids used twice, an event ending before it starts, a
    message from someone not in its conversation."""
    problems: list[Issue] = []
    for name in (*_ID_KINDS, "text_conversations", "whatsapp_conversations"):
        problems += _duplicate_ids((name,), getattr(parsed, name), "record")
    for index, event in enumerate(parsed.calendar):
        if event.ends_at < event.starts_at:
            problems.append(
                (
                    ("calendar", index, "ends_at"),
                    f"{event.ends_at.isoformat()} is before starts_at "
                    f"{event.starts_at.isoformat()}; fix: give an end at or after the start",
                )
            )
    for name in ("text_conversations", "whatsapp_conversations"):
        conversations: list[ConversationData] = getattr(parsed, name)
        messages = [
            ((name, index, "messages"), position, message, chat.participants)
            for index, chat in enumerate(conversations)
            for position, message in enumerate(chat.messages)
        ]
        problems += _duplicate_ids(None, [entry[:3] for entry in messages], "message")
        for at, position, message, participants in messages:
            if not _is_owner(message.sender, parsed.protagonist) and not any(
                same_number(message.sender, number) for number in participants
            ):
                problems.append(
                    (
                        (*at, position, "sender"),
                        f"{message.sender!r} is not in the conversation; fix: use one of "
                        f"{participants} or 'me' for the owner",
                    )
                )
    return problems


def _duplicate_ids(at: tuple[str] | None, records: Iterable[Any], what: str) -> list[Issue]:
    """``records`` are records under ``at``, or (location, index, record) triples."""
    seen: set[str] = set()
    problems: list[Issue] = []
    for index, item in enumerate(records):
        where, position, record = (at, index, item) if at is not None else item
        if record.id is None:
            continue
        if record.id in seen:
            problems.append(
                (
                    (*where, position, "id"),
                    f"{record.id!r} is used twice; fix: give each {what} its own id, "
                    "or leave id out",
                )
            )
        seen.add(record.id)
    return problems


def _is_owner(sender: str, owner: Protagonist) -> bool:
    return sender == OWNER_ALIAS or same_number(sender, owner.phone)


def _fill(tables: PersonalTables, parsed: PersonalWorldData) -> None:
    world = tables.world
    owner = parsed.protagonist
    world.table(PROTAGONIST)[OWNER_KEY] = owner.model_copy()
    ids = _IdSource(world)
    for contact in parsed.contacts:
        contact_id = ids.take("contact", contact.id, (c.id for c in parsed.contacts))
        tables.contacts[contact_id] = Contact(
            contact_id=contact_id, **contact.model_dump(exclude={"id"})
        )
    people = list(tables.contacts.values())
    for event in parsed.calendar:
        event_id = ids.take("event", event.id, (e.id for e in parsed.calendar))
        tables.calendar[event_id] = CalendarEvent(
            event_id=event_id, **event.model_dump(exclude={"id"})
        )
    for email in parsed.emails:
        email_id = ids.take("email", email.id, (e.id for e in parsed.emails))
        tables.emails[email_id] = Email(
            email_id=email_id,
            thread_id=ids.take("thread", email.thread_id, (e.thread_id for e in parsed.emails)),
            sender_name=_named(email, "sender_name", _address_name(email.sender, owner, people)),
            **email.model_dump(exclude={"id", "thread_id", "sender_name"}),
        )
    book = NumberBook(people)
    _fill_chats(tables, "sms", parsed.text_conversations, owner, ids, book)
    _fill_chats(tables, "whatsapp", parsed.whatsapp_conversations, owner, ids, book)
    for call in parsed.phone_calls:
        call_id = ids.take("call", call.id, (c.id for c in parsed.phone_calls))
        known = book.contact(call.number)
        tables.phone_calls[call_id] = PhoneCall(
            call_id=call_id,
            name=_named(call, "name", known.name if known is not None else None),
            **call.model_dump(exclude={"id", "name"}),
        )


class _IdSource:
    """The ids of loaded records: the data's own, or fresh readable ones that avoid them."""

    def __init__(self, world: World) -> None:
        self._world = world
        self._taken: dict[str, set[str]] = {}

    def take(
        self, kind: str, given: str | None, all_given: Iterable[str | None], scope: str = ""
    ) -> str:
        """``given``, or a fresh ``<kind>-<n>`` none of ``all_given`` uses (per table:
        ``scope`` tells apart tables of the same kind of record)."""
        key = f"{scope}/{kind}"
        taken = self._taken.get(key)
        if taken is None:
            taken = self._taken[key] = {ident for ident in all_given if ident is not None}
        ident = given or readable_id(self._world, kind, taken)
        taken.add(ident)
        return ident


def _fill_chats(
    tables: PersonalTables,
    channel: str,
    chats: list[ConversationData],
    owner: Protagonist,
    ids: _IdSource,
    book: NumberBook,
) -> None:
    every_message = [m.id for chat in chats for m in chat.messages]
    for chat in chats:
        chat_id = ids.take("conversation", chat.id, (c.id for c in chats), channel)
        tables.conversations(channel)[chat_id] = Conversation(
            conversation_id=chat_id, participants=list(chat.participants), name=chat.name
        )
        for message in chat.messages:
            message_id = ids.take("message", message.id, every_message, channel)
            outgoing = _is_owner(message.sender, owner)
            sender = owner.phone if outgoing else message.sender
            recipients = [n for n in chat.participants if not same_number(n, sender)]
            if not outgoing:
                recipients.insert(0, owner.phone)
            known = book.contact(sender)
            tables.messages(channel)[message_id] = ChatMessage(
                message_id=message_id,
                conversation_id=chat_id,
                sender=sender,
                sender_name=_named(
                    message,
                    "sender_name",
                    owner.name if outgoing else known.name if known is not None else None,
                ),
                recipients=recipients,
                text=message.text,
                sent_at=message.sent_at,
                outgoing=outgoing,
                is_read=True if outgoing else message.is_read,
            )


def _named(record: BaseModel, field: str, found: str | None) -> str | None:
    """The record's ``field`` as the data gives it (an explicit null included, so a world's own
    data reads back unchanged), or ``found`` (from the contacts) when the data leaves it out."""
    value: str | None = getattr(record, field)
    return value if field in record.model_fields_set else found


def _address_name(address: str, owner: Protagonist, people: list[Contact]) -> str | None:
    if address.casefold() == owner.email.casefold():
        return owner.name
    known = contact_for_address(address, people)
    return known.name if known is not None else None


def _renamed(row: dict[str, Any], key: str) -> dict[str, Any]:
    """A record's dump with its id field called ``id``, first."""
    return {"id": row.pop(key), **row}


def _conversations(tables: PersonalTables, channel: str) -> list[dict[str, Any]]:
    by_chat: dict[str, list[dict[str, Any]]] = {}
    for message in tables.messages(channel).values():
        by_chat.setdefault(message.conversation_id, []).append(
            {
                "id": message.message_id,
                "sender": message.sender,
                "sender_name": message.sender_name,
                "text": message.text,
                "sent_at": message.sent_at.isoformat(),
                "is_read": message.is_read,
            }
        )
    return [
        {
            "id": chat.conversation_id,
            "participants": list(chat.participants),
            "name": chat.name,
            "messages": by_chat.get(chat.conversation_id, []),
        }
        for chat in tables.conversations(channel).values()
    ]
