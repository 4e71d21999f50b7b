"""Checking a scenario's success conditions against a finished conversation.

Stateless conditions (answer facts): each required fact is stated in what the assistant told
the user: the *value* of one of its phrasings, in any form a person would use for it, found as
its own token and never inside a longer, different value (:mod:`.answer_forms`). A time
"18:30" is also "6:30 pm", "half past six", "18 h 30", "18.30 Uhr", "6:30 de la tarde" (an
unmarked "6:30" counts, "6:30 am" does not), and "8:30" is not found in "18:30"; a date "14
March" is also "March 14th", "14/03", "14 de marzo", "14. März"; a weekday is its name in
English, Spanish, German or French; a phone number is its digits however grouped, or in the
national form; a contact's full name may be said by the first name alone if no other contact
shares it; an event's title is not found inside another event's longer title; other words
must appear whole ("Ana" is not in "Anabel", "for 2" not in "for 20"), case, accents and
punctuation aside, numbers by value ("two", "dos", "2"). What the final world holds (its
contacts, events, places and date: :func:`known_in`) is what the words are read against. A
reply stating several values of the kind (every time of the day) still states the one asked
for; which action was taken is for the end-state checks and milestones.

Stateful ones: the final world holds
(or no longer holds) a row with the given fields, compared as JSON: text without regard to case
or spacing (and times written either way, ``18:30`` or ``18:30:00``), objects by their listed
members, lists by containing every listed item; ``{"$contains": "..."}`` asks only that a text
holds those words. Milestones and minefields are the milestone
scorer's; these are the scenario's own end-of-conversation checks.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from assistworld.paradigms.astra.answer_forms import Known, fold, says
from assistworld.paradigms.astra.scenario import RequiredFact, RequiredRow, SuccessConditions

_SPACES = re.compile(r"\s+")


class ConditionCheck(BaseModel):
    """One success condition and whether the conversation met it."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["answer", "end_state"]
    about: str
    passed: bool
    detail: str = ""


def normalised(text: str) -> str:
    """``text`` folded to lower case with every run of spaces made one space."""
    return _SPACES.sub(" ", text.casefold()).strip()


def check_fact(
    fact: RequiredFact, replies: Sequence[str], *, known: Known | None = None
) -> ConditionCheck:
    """Whether the assistant's replies state the value of any of the fact's phrasings.

    ``known`` is what the final world names (:func:`known_in`): a contact's full name may then
    be said by its first name alone, and words inside a longer title or place are that other
    one.
    """
    said = "\n".join(replies)
    about = fact.about or " / ".join(fact.any_of)
    for text in fact.any_of:
        found = says(text, said, known)
        if found is not None:
            detail = f"said {found!r}" + ("" if fold(found) == fold(text) else f" for {text!r}")
            return ConditionCheck(kind="answer", about=about, passed=True, detail=detail)
    return ConditionCheck(
        kind="answer", about=about, passed=False, detail="not in any reply to the user"
    )


def _rows(world: dict[str, Any], table: str) -> list[dict[str, Any]]:
    found = world.get(table)
    rows = found.values() if isinstance(found, dict) else found if isinstance(found, list) else []
    return [row for row in rows if isinstance(row, dict)]


def known_in(world: dict[str, Any]) -> Known:
    """What a world (its JSON form) names, for :func:`check_fact`: the contacts' names, the
    calendar's titles and places, and the date of its ``now``."""
    people = [row["name"] for row in _rows(world, "contacts") if isinstance(row.get("name"), str)]
    things = [
        row[field]
        for row in _rows(world, "calendar")
        for field in ("title", "location")
        if isinstance(row.get(field), str)
    ]
    now = _as_time(str(world.get("now", "")))
    return Known(
        people=tuple(people), things=tuple(things), today=None if now is None else now.date()
    )


def _as_time(text: str) -> datetime.datetime | None:
    try:
        return datetime.datetime.fromisoformat(text)
    except ValueError:
        return None


CONTAINS = "$contains"
"""``{"$contains": "late"}`` in a required row: text holding these words (case-insensitive), for
free text such as a message an agent writes in its own words."""


def matches(expected: Any, actual: Any) -> bool:
    """Whether ``actual`` (JSON) has everything ``expected`` lists (see the module's doc)."""
    if isinstance(expected, dict) and set(expected) == {CONTAINS}:
        return isinstance(actual, str) and normalised(str(expected[CONTAINS])) in normalised(actual)
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            key in actual and matches(value, actual[key]) for key, value in expected.items()
        )
    if isinstance(expected, list):
        return isinstance(actual, list) and all(
            any(matches(item, candidate) for candidate in actual) for item in expected
        )
    if isinstance(expected, str):
        if not isinstance(actual, str | int | float) or isinstance(actual, bool):
            return False
        if normalised(expected) == normalised(str(actual)):
            return True
        wanted, held = _as_time(expected), _as_time(str(actual))
        return wanted is not None and wanted == held
    if isinstance(expected, bool) or isinstance(actual, bool):
        return expected is actual
    return bool(expected == actual)


def _candidates(table: Any, row: RequiredRow) -> list[Any]:
    if row.owner is not None:
        table = table.get(row.owner) if isinstance(table, dict) else None
    if table is None:
        return []
    if row.key is not None:
        found = table.get(row.key) if isinstance(table, dict) else None
        rows = [] if found is None else [found]
    else:
        rows = list(table.values()) if isinstance(table, dict) else list(table)
    flat: list[Any] = []
    for item in rows:
        flat.extend(item if isinstance(item, list) else [item])
    return flat


def check_row(row: RequiredRow, world: dict[str, Any]) -> ConditionCheck:
    """Whether the final world (its JSON form) holds (or lacks) the row."""
    about = row.about or _describe(row)
    if row.table not in world:
        return ConditionCheck(
            kind="end_state",
            about=about,
            passed=not row.present,
            detail=f"the world has no table {row.table!r}",
        )
    found = [c for c in _candidates(world[row.table], row) if matches(row.where, c)]
    if row.present:
        detail = "found" if found else "no such row in the final world"
        return ConditionCheck(kind="end_state", about=about, passed=bool(found), detail=detail)
    detail = "absent" if not found else f"still there ({len(found)} row(s))"
    return ConditionCheck(kind="end_state", about=about, passed=not found, detail=detail)


def _describe(row: RequiredRow) -> str:
    where = ", ".join(f"{key}={value!r}" for key, value in row.where.items())
    place = row.table + "".join(f"[{part}]" for part in (row.owner, row.key) if part)
    verb = "holds" if row.present else "lacks"
    return f"{place} {verb} a row" + (f" with {where}" if where else "")


def check_success(
    success: SuccessConditions, replies: Sequence[str], final_world: dict[str, Any]
) -> list[ConditionCheck]:
    """Every condition of ``success``, checked: facts first, then rows."""
    known = known_in(final_world)
    checks = [check_fact(fact, replies, known=known) for fact in success.answer]
    checks.extend(check_row(row, final_world) for row in success.end_state)
    return checks


__all__ = [
    "CONTAINS",
    "ConditionCheck",
    "check_fact",
    "check_row",
    "check_success",
    "known_in",
    "matches",
    "normalised",
]
