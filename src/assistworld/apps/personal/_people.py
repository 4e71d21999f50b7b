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
    a, b = digits(first), digits(second)
    if not a or not b:
        return False
    if a == b:
        return True
    a, b = a.lstrip("0"), b.lstrip("0")  # a national trunk or international prefix
    shorter = min(len(a), len(b))
    return shorter >= _SHORTEST_LOCAL_NUMBER and (a.endswith(b) or b.endswith(a))


def name_matches(query: str, name: str | None) -> bool:
    """Whether the person called ``name`` is a fair reading of ``query``."""
    if not name:
        return False
    wanted, full = query.casefold().strip(), name.casefold()
    if not wanted:
        return False
    if wanted in full:
        return True
    words = full.split()
    if all(any(word.startswith(part) for word in words) for part in wanted.split()):
        return True
    return fuzz.ratio(wanted, full, processor=utils.default_process) >= _CLOSE_SPELLING


def contact_matches(query: str, contact: Contact) -> bool:
    """Whether ``contact`` is found by ``query`` (a name, a phone number or an address)."""
    if looks_like_number(query):
        return contact.phone is not None and same_number(query, contact.phone)
    if "@" in query:
        return contact.email is not None and query.casefold() in contact.email.casefold()
    return name_matches(query, contact.name)


def contact_for_number(number: str, contacts: Iterable[Contact]) -> Contact | None:
    """The first contact with phone ``number``."""
    for contact in contacts:
        if contact.phone is not None and same_number(number, contact.phone):
            return contact
    return None


def contact_for_address(address: str, contacts: Iterable[Contact]) -> Contact | None:
    """The first contact with email ``address``."""
    for contact in contacts:
        if contact.email is not None and contact.email.casefold() == address.casefold():
            return contact
    return None


def party_matches(query: str, handle: str, name: str | None, contacts: Iterable[Contact]) -> bool:
    """Whether the party reached at ``handle`` (a number or an address), shown as ``name``, is
    the person ``query`` names (through the contacts when the record has no name)."""
    if looks_like_number(query):
        return same_number(query, handle)
    if "@" in query:
        return query.casefold() in handle.casefold()
    if name_matches(query, name):
        return True
    if "@" in handle:
        known = contact_for_address(handle, contacts)
    else:
        known = contact_for_number(handle, contacts)
    return known is not None and name_matches(query, known.name)


def resolve_contact(query: str, contacts: Iterable[Contact], need: str, argument: str) -> Contact:
    """The one contact ``query`` names, who has a ``need`` (``phone`` or ``email``).

    An exact name wins over partial matches; several partial matches or none are errors that list
    what was found, so the caller can pick a number or an address instead.
    """
    usable = [contact for contact in contacts if getattr(contact, need)]
    exact = [c for c in usable if c.name.casefold() == query.casefold().strip()]
    found = exact or [c for c in usable if name_matches(query, c.name)]
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
