"""Finding people the way a person names them: by name, phone number or email address.

Names match case-insensitively when the query is part of the name, when every word of the query
starts a word of the name ("jess w" finds "Jessica Wong"), or when the two are close spellings.
Phone numbers match on their digits, ignoring spaces and punctuation, and a number with a
country code matches the same number written without it (``+44 7700 900201`` is
``07700 900201``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rapidfuzz import fuzz, utils

from assistworld.apps.personal.errors import PersonalAppError
from assistworld.apps.personal.records import Contact

_NUMBER = re.compile(r"\+?[\d\s\-().]+")
_CLOSE_SPELLING = 88
_SHORTEST_LOCAL_NUMBER = 7


def digits(number: str) -> str:
    """The digits of a phone number."""
    return "".join(ch for ch in number if ch.isdigit())


def looks_like_number(text: str) -> bool:
    """Whether ``text`` is a phone number rather than a name."""
    return bool(_NUMBER.fullmatch(text.strip())) and len(digits(text)) >= 3


def same_number(first: str, second: str) -> bool:
    """Whether two phone numbers are the same line."""
    return _same_digits(digits(first), digits(second))


def _same_digits(a: str, b: str) -> bool:
    """:func:`same_number` on the numbers' digits."""
    if not a or not b:
        return False
    if a == b:
        return True
    a, b = a.lstrip("0"), b.lstrip("0")  # a national trunk or international prefix
    shorter = min(len(a), len(b))
    return shorter >= _SHORTEST_LOCAL_NUMBER and (a.endswith(b) or b.endswith(a))


def name_matches(query: str, name: str | None) -> bool:
    """Whether the person called ``name`` is a fair reading of ``query``."""
    return PersonQuery(query).name(name)


class PersonQuery:
    """A person named in a search (a name, a phone number or an email address), matched against
    many records: the query is prepared once, and a name query knows the numbers and addresses
    of the contacts it names, so a record showing only a number is found by the name too."""

    def __init__(self, query: str, contacts: Iterable[Contact] = ()) -> None:
        text = query.strip()
        self._text = text.casefold()
        self._words = self._text.split()
        self._kind = "number" if looks_like_number(text) else "address" if "@" in text else "name"
        self._seen: dict[str, bool] = {}
        self._handles: list[str] = []
        self._seen_handles: dict[str, bool] = {}
        if self._kind == "name":
            for contact in contacts:
                if self.name(contact.name):
                    self._handles += [h for h in (contact.phone, contact.email) if h]

    def name(self, name: str | None) -> bool:
        """Whether ``name`` is a fair reading of the query (see the module docstring)."""
        if not name or not self._words:
            return False
        known = self._seen.get(name)
        if known is None:
            known = self._seen[name] = self._reads_as(name.casefold())
        return known

    def _reads_as(self, full: str) -> bool:
        if self._text in full:
            return True
        words = full.split()
        if all(any(word.startswith(part) for word in words) for part in self._words):
            return True
        return fuzz.ratio(self._text, full, processor=utils.default_process) >= _CLOSE_SPELLING

    def contact(self, contact: Contact) -> bool:
        """Whether ``contact`` is the person (or one of the people) the query names."""
        if self._kind == "number":
            return contact.phone is not None and same_number(self._text, contact.phone)
        if self._kind == "address":
            return contact.email is not None and self._text in contact.email.casefold()
        return self.name(contact.name)

    def party(self, handle: str, name: str | None = None) -> bool:
        """Whether the party reached at ``handle`` (a number or an address), shown as ``name``,
        is the person the query names."""
        if self._kind == "number":
            return same_number(self._text, handle)
        if self._kind == "address":
            return self._text in handle.casefold()
        if self.name(name):
            return True
        known = self._seen_handles.get(handle)
        if known is None:
            known = self._seen_handles[handle] = self._holds(handle)
        return known

    def _holds(self, handle: str) -> bool:
        """Whether ``handle`` is a number or address of a contact the query names."""
        if "@" in handle:
            return any(handle.casefold() == known.casefold() for known in self._handles)
        return any(same_number(handle, known) for known in self._handles if "@" not in known)


def contact_for_number(number: str, contacts: Iterable[Contact]) -> Contact | None:
    """The first contact with phone ``number``."""
    return NumberBook(contacts).contact(number)


class NumberBook:
    """The contacts' phone numbers read once, for finding the contact of many numbers (loading
    a world looks up the sender of every message; each lookup used to re-read every contact's
    number)."""

    def __init__(self, contacts: Iterable[Contact]) -> None:
        self._numbers = [(c, digits(c.phone)) for c in contacts if c.phone is not None]
        self._found: dict[str, Contact | None] = {}

    def contact(self, number: str) -> Contact | None:
        """The first contact with phone ``number`` (what :func:`contact_for_number` finds)."""
        if number not in self._found:
            wanted = digits(number)
            self._found[number] = next(
                (contact for contact, known in self._numbers if _same_digits(wanted, known)),
                None,
            )
        return self._found[number]


def contact_for_address(address: str, contacts: Iterable[Contact]) -> Contact | None:
    """The first contact with email ``address``."""
    for contact in contacts:
        if contact.email is not None and contact.email.casefold() == address.casefold():
            return contact
    return None


def resolve_contact(query: str, contacts: Iterable[Contact], need: str, argument: str) -> Contact:
    """The one contact ``query`` names, who has a ``need`` (``phone`` or ``email``).

    An exact name wins over partial matches; several partial matches or none are errors that list
    what was found, so the caller can pick a number or an address instead.
    """
    usable = [contact for contact in contacts if getattr(contact, need)]
    exact = [c for c in usable if c.name.casefold() == query.casefold().strip()]
    wanted = PersonQuery(query)
    found = exact or [c for c in usable if wanted.name(c.name)]
    if len(found) == 1:
        return found[0]
    what = "phone number" if need == "phone" else "email address"
    if not found:
        raise PersonalAppError(
            f"{argument}: no contact named {query!r} has a {what}; give the {what} itself, "
            "or find the person with search_contacts"
        )
    listed = "; ".join(f"{c.name} ({getattr(c, need)})" for c in found[:10])
    raise PersonalAppError(
        f"{argument}: {len(found)} contacts match {query!r}: {listed}; give the full name "
        f"or the {what}"
    )
