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

Stateful ones (the end state) are rows of the world, compared as JSON: text without regard to
case or spacing (and times written either way, ``18:30`` or ``18:30:00``), objects by their
listed members, lists by containing every listed item; ``{"$contains": "..."}`` asks only that
a text holds those words, ``{"$from": "<time>"}`` that a time is at or
after this one.

A row condition is an **effect** unless it says ``still: true``: the conversation must bring it
about, so the starting world never meets it.

- ``present: true``: some row of the final world matches, and the conversation *made* it match:
  the row is new (its key was not in the starting world) or changed (it differs from the row of
  that key there, which did not match). These are the milestone scorer's ``added`` and
  ``updated`` rows (:func:`~assistworld.world.diff` and
  :func:`~assistworld.paradigms.astra.grading.scoring.conversation.table_rows`): a keyed table's row
  is
  named by its key, a nested table's by owner and key, an item of a keyed list by its list's key
  and its position.
- ``present: false``: a deletion: the starting world held a matching row and the final world
  holds none.

``still: true`` is the rare "must still hold" case (what must be kept: "the design review is
kept"): judged on the final world alone, and the audit asks that the starting world meets it
too. Milestones and minefields are the milestone scorer's; these are the scenario's own
end-of-conversation checks.
"""

from __future__ import annotations

import datetime
import json
import re
from collections.abc import Sequence
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from assistworld.paradigms.astra.grading.answer_forms import Known, fold, says
from assistworld.paradigms.astra.tasks.scenario import RequiredFact, RequiredRow, SuccessConditions

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


def _comparable(time: datetime.datetime, other: datetime.datetime) -> datetime.datetime:
    """``time`` with ``other``'s kind of time zone (a naive time is read as ``other``'s zone)."""
    if (time.tzinfo is None) == (other.tzinfo is None):
        return time
    if time.tzinfo is None:
        return time.replace(tzinfo=other.tzinfo)
    return time.replace(tzinfo=None)


CONTAINS = "$contains"
"""``{"$contains": "late"}`` in a required row: text holding these words (case-insensitive), for
free text such as a message an agent writes in its own words."""
FROM = "$from"
"""``{"$from": "2026-07-23T20:00"}`` in a required row: a time at or after this one, for what is
made now (a call placed, a message sent) and so never matches what the world held before."""


def matches(expected: Any, actual: Any) -> bool:
    """Whether ``actual`` (JSON) has everything ``expected`` lists (see the module's doc)."""
    if isinstance(expected, dict) and set(expected) == {CONTAINS}:
        return isinstance(actual, str) and normalised(str(expected[CONTAINS])) in normalised(actual)
    if isinstance(expected, dict) and set(expected) == {FROM}:
        start, held = _as_time(str(expected[FROM])), _as_time(str(actual))
        return start is not None and held is not None and _comparable(held, start) >= start
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


def _candidates(table: Any, row: RequiredRow) -> dict[str, Any]:
    """The rows of ``table`` that ``row`` may mean, by the name the milestone scorer gives them
    (key, ``owner/key``, ``key/position`` for an item of a keyed list, the member itself)."""
    prefix = ""
    if row.owner is not None:
        table = table.get(row.owner) if isinstance(table, dict) else None
        prefix = f"{row.owner}/"
    if table is None:
        return {}
    named: list[tuple[str, Any]]
    if row.key is not None:
        found = table.get(row.key) if isinstance(table, dict) else None
        named = [] if found is None else [(row.key, found)]
    elif isinstance(table, dict):
        named = [(str(key), value) for key, value in table.items()]
    else:
        named = [(_member_name(member), member) for member in table]
    flat: dict[str, Any] = {}
    for name, item in named:
        if isinstance(item, list):
            flat.update((f"{prefix}{name}/{at}", part) for at, part in enumerate(item))
        else:
            flat[prefix + name] = item
    return flat


def _member_name(member: Any) -> str:
    return member if isinstance(member, str) else json.dumps(member, sort_keys=True)


def matching(row: RequiredRow, world: dict[str, Any]) -> dict[str, Any]:
    """The rows of ``world`` (its JSON form) that match ``row``'s fields, by name."""
    if row.table not in world:
        return {}
    return {
        name: value
        for name, value in _candidates(world[row.table], row).items()
        if matches(row.where, value)
    }


def holds(row: RequiredRow, world: dict[str, Any]) -> bool:
    """Whether ``world`` taken alone meets ``row``: it holds a matching row (``present``) or none.

    The plain reading, with no starting world: how a ``still`` condition is judged, and what
    the audit asks of the starting world (an effect must not hold there, a ``still`` must)."""
    return bool(matching(row, world)) == row.present


def check_row(row: RequiredRow, world: dict[str, Any], start: dict[str, Any]) -> ConditionCheck:
    """Whether the conversation that went from ``start`` to ``world`` (the starting and the
    final world, their JSON forms) meets ``row`` (see the module's documentation)."""
    about = row.about or _describe(row)
    found = matching(row, world)
    if row.still:
        if row.present:
            detail = "still there" if found else "no such row in the final world"
        else:
            detail = "absent" if not found else f"there ({len(found)} row(s))"
        return ConditionCheck(
            kind="end_state", about=about, passed=bool(found) == row.present, detail=detail
        )
    before = matching(row, start)
    if not row.present:
        if not before:
            detail = "the starting world holds no such row: there was nothing to remove"
        elif found:
            detail = f"still there ({len(found)} row(s))"
        else:
            detail = "removed"
        return ConditionCheck(
            kind="end_state", about=about, passed=bool(before) and not found, detail=detail
        )
    made = [name for name in found if name not in before]
    if made:
        detail = f"made by the conversation ({made[0]})"
    elif found:
        detail = "only rows the starting world already held"
    else:
        detail = "no such row in the final world"
    return ConditionCheck(kind="end_state", about=about, passed=bool(made), detail=detail)


def _describe(row: RequiredRow) -> str:
    where = ", ".join(f"{key}={value!r}" for key, value in row.where.items())
    place = row.table + "".join(f"[{part}]" for part in (row.owner, row.key) if part)
    if row.still:
        verb = "still holds" if row.present else "still lacks"
    else:
        verb = "gains" if row.present else "loses"
    return f"{place} {verb} a row" + (f" with {where}" if where else "")


def check_success(
    success: SuccessConditions,
    replies: Sequence[str],
    final_world: dict[str, Any],
    start_world: dict[str, Any],
) -> list[ConditionCheck]:
    """Every condition of ``success``, checked: facts first (read against what the final world
    holds), then rows (each judged on how the world went from ``start_world`` to
    ``final_world``)."""
    known = known_in(final_world)
    checks = [check_fact(fact, replies, known=known) for fact in success.answer]
    checks.extend(check_row(row, final_world, start_world) for row in success.end_state)
    return checks


__all__ = [
    "CONTAINS",
    "FROM",
    "ConditionCheck",
    "check_fact",
    "check_row",
    "check_success",
    "holds",
    "known_in",
    "matches",
    "matching",
    "normalised",
]
