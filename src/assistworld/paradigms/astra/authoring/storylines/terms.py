"""The term table of a protagonist: names, addresses and numbers that a translation must keep
exactly (groundwork for scenarios in other languages).

Terms are collected from the protagonist file (people's names, phone numbers and email
addresses, places' names and addresses, the protagonist's own details); :func:`missing_terms`
says which terms of a source text a translated text lost.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from assistworld.paradigms.astra.authoring.storylines.biography import ProtagonistProfile

TermKind = Literal["name", "address", "number", "email"]


class Term(BaseModel):
    model_config = ConfigDict(frozen=True)
    text: str
    kind: TermKind
    owner: str
    """Whose term it is: ``me``, a person id or a place name."""


def term_table(profile: ProtagonistProfile) -> list[Term]:
    """Every term of the protagonist, longest first (so a name inside an address is found as
    part of the address), without duplicates."""
    bio = profile.biography
    terms = [
        Term(text=bio.name, kind="name", owner="me"),
        Term(text=bio.phone, kind="number", owner="me"),
        Term(text=bio.email, kind="email", owner="me"),
        Term(text=bio.home.address, kind="address", owner="me"),
    ]
    for person in profile.people:
        terms.append(Term(text=person.name, kind="name", owner=person.id))
        terms.append(Term(text=person.phone, kind="number", owner=person.id))
        if person.email:
            terms.append(Term(text=person.email, kind="email", owner=person.id))
        if person.address:
            terms.append(Term(text=person.address, kind="address", owner=person.id))
    for place in profile.all_places():
        if place.kind != "home":
            terms.append(Term(text=place.name, kind="name", owner=place.name))
        terms.append(Term(text=place.address, kind="address", owner=place.name))
        for value, kind in ((place.email, "email"), (place.phone, "number")):
            if value:
                terms.append(Term(text=value, kind=kind, owner=place.name))
    unique = {term.text: term for term in terms}
    return sorted(unique.values(), key=lambda t: (-len(t.text), t.text))


def terms_in(text: str, table: list[Term]) -> list[Term]:
    """The terms ``text`` contains (a term inside a longer found term is not counted again)."""
    found: list[Term] = []
    remaining = text
    for term in table:
        if term.text in remaining:
            found.append(term)
            remaining = remaining.replace(term.text, "\x00")
    return found


def missing_terms(source: str, translation: str, table: list[Term]) -> list[Term]:
    """Terms of ``source`` that ``translation`` does not keep verbatim (as often as the
    source has them)."""
    missing = []
    for term in terms_in(source, table):
        if translation.count(term.text) < source.count(term.text):
            missing.append(term)
    return missing
