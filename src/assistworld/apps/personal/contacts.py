"""The owner's address book: find, list, add, change and remove contacts."""

from __future__ import annotations

import datetime

from assistworld.apps.personal import _checks as check
from assistworld.apps.personal._checks import LongText, ShortText
from assistworld.apps.personal._copies import detached, kept
from assistworld.apps.personal._ids import readable_id
from assistworld.apps.personal._people import PersonQuery
from assistworld.apps.personal.errors import PersonalAppError
from assistworld.apps.personal.records import Contact
from assistworld.apps.personal.tables import active_tables
from assistworld.tools.declaration import tool

__all__ = [
    "add_contact",
    "get_all_contacts",
    "modify_contact",
    "remove_contact",
    "search_contacts",
]

_LISTER = "search_contacts or get_all_contacts"


@tool(app="contacts", effect="read")
def search_contacts(
    query: ShortText | None = None, relationship: ShortText | None = None
) -> list[Contact]:
    """Find contacts by name, phone number or email address, or by relationship.

    Returns the matching contacts (with their ``contact_id``), in address-book order; an empty
    list when none match (then try ``get_all_contacts``).

    query
        Part of a name ("jess" finds "Jessica Wong"), a phone number (any formatting) or an
        email address.
    relationship
        How the owner knows them, e.g. "family", "friend", "colleague" (case-insensitive).
    """
    wanted = check.short(query, "query")
    kind = check.short(relationship, "relationship")
    if wanted is None and kind is None:
        raise PersonalAppError(
            "search_contacts needs a query or a relationship; to list everyone use get_all_contacts"
        )
    person = PersonQuery(wanted) if wanted is not None else None
    found = []
    for contact in active_tables().contacts.values():
        if person is not None and not person.contact(contact):
            continue
        if kind is not None and (contact.relationship or "").casefold() != kind.casefold():
            continue
        found.append(detached(contact))
    return found


@tool(app="contacts", effect="read")
def get_all_contacts() -> list[Contact]:
    """Every contact of the owner's address book, in the order they were added."""
    return [detached(contact) for contact in active_tables().contacts.values()]


@tool(app="contacts", effect="write")
def add_contact(
    name: ShortText,
    phone: ShortText | None = None,
    email: ShortText | None = None,
    relationship: ShortText | None = None,
    birthday: datetime.date | None = None,
    address: ShortText | None = None,
    notes: LongText | None = None,
) -> Contact:
    """Add a person to the address book; returns the new contact with its ``contact_id``.

    name
        The person's full name (required).
    phone, email
        Their phone number and email address.
    relationship
        How the owner knows them, e.g. "friend", "family", "colleague".
    birthday
        Their date of birth, as YYYY-MM-DD.
    address, notes
        A postal address; anything else worth remembering.
    """
    fields = _fields(
        name=name, phone=phone, email=email, relationship=relationship, address=address, notes=notes
    )
    if fields.get("name") is None:
        raise PersonalAppError("add_contact: name must not be empty")
    _check_email(fields.get("email"))
    tables = active_tables()
    contact_id = readable_id(tables.world, "contact", tables.contacts)
    contact = Contact(contact_id=contact_id, birthday=birthday, **fields)
    return kept(tables.contacts, contact_id, contact)


@tool(app="contacts", effect="write")
def modify_contact(
    contact_id: ShortText,
    name: ShortText | None = None,
    phone: ShortText | None = None,
    email: ShortText | None = None,
    relationship: ShortText | None = None,
    birthday: datetime.date | None = None,
    address: ShortText | None = None,
    notes: LongText | None = None,
) -> Contact:
    """Change some fields of a contact; returns the contact as it now is.

    Fields left out (or null) keep their value; an empty string clears a field (all but name).

    contact_id
        The contact's id, from search_contacts or get_all_contacts.
    name, phone, email, relationship, birthday, address, notes
        The new values.
    """
    tables = active_tables()
    contact = check.record(tables.contacts, contact_id, "contact", _LISTER)
    given = {
        "name": name,
        "phone": phone,
        "email": email,
        "relationship": relationship,
        "address": address,
        "notes": notes,
    }
    changes: dict[str, object] = {}
    for field, value in given.items():
        if value is None:
            continue
        cleaned = _fields(**{field: value})[field]
        if field == "name" and cleaned is None:
            raise PersonalAppError("modify_contact: name cannot be cleared; give a new name")
        changes[field] = cleaned
    if birthday is not None:
        changes["birthday"] = birthday
    if not changes:
        raise PersonalAppError("modify_contact: give at least one field to change")
    _check_email(changes.get("email"))  # type: ignore[arg-type]
    updated = Contact.model_validate({**contact.model_dump(), **changes})
    return kept(tables.contacts, contact.contact_id, updated)


@tool(app="contacts", effect="write")
def remove_contact(contact_id: ShortText) -> Contact:
    """Delete a contact from the address book; returns the contact removed.

    contact_id
        The contact's id, from search_contacts or get_all_contacts.
    """
    return check.removed(active_tables().contacts, contact_id, "contact", _LISTER)


def _fields(**values: str | None) -> dict[str, str | None]:
    checked: dict[str, str | None] = {}
    for field, value in values.items():
        text = check.long if field == "notes" else check.short
        checked[field] = text(value, field)
    return checked


def _check_email(address: str | None) -> None:
    if address is not None and "@" not in address:
        raise PersonalAppError(f"email {address!r} is not an email address (it has no '@')")
