"""Checking a scenario's success conditions against a finished conversation.

Stateless conditions: each required fact appears in what the assistant told the user (any one of
its phrasings, without regard to case or runs of spaces). Stateful ones: the final world holds
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


def check_fact(fact: RequiredFact, replies: Sequence[str]) -> ConditionCheck:
    """Whether any of the fact's phrasings appears in the assistant's replies."""
    said = normalised("\n".join(replies))
    found = next((text for text in fact.any_of if normalised(text) in said), None)
    about = fact.about or " / ".join(fact.any_of)
    if found is not None:
        return ConditionCheck(kind="answer", about=about, passed=True, detail=f"said {found!r}")
    return ConditionCheck(
        kind="answer", about=about, passed=False, detail="not in any reply to the user"
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
    checks = [check_fact(fact, replies) for fact in success.answer]
    checks.extend(check_row(row, final_world) for row in success.end_state)
    return checks


__all__ = [
    "CONTAINS",
    "ConditionCheck",
    "check_fact",
    "check_row",
    "check_success",
    "matches",
    "normalised",
]
