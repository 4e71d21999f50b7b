"""Argument bounds and checks shared by the personal tools.

The bounds appear twice on purpose: as ``Annotated`` metadata, so the JSON schema a model reads
states them and the JSON path rejects oversize arguments before the tool runs, and as the checks
below, so a program calling the tools directly meets the same limits with a clear message.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from typing import Annotated, TypeVar

from pydantic import Field

from assistworld.apps.personal.errors import PersonalAppError, RecordNotFoundError

NAME_CHARS = 200
"""Names, numbers, addresses, titles, ids and search text."""
TEXT_CHARS = 20_000
"""Message and email bodies, notes."""
LIST_ITEMS = 50
"""Recipients, attendees, ids in one call."""

ShortText = Annotated[str, Field(max_length=NAME_CHARS)]
LongText = Annotated[str, Field(max_length=TEXT_CHARS)]
NameList = Annotated[list[ShortText], Field(max_length=LIST_ITEMS)]

R = TypeVar("R")


def short(value: str | None, argument: str, *, required: bool = False) -> str | None:
    """``value`` stripped, checked against :data:`NAME_CHARS`; None when absent or blank (an
    error instead when ``required``)."""
    return _text(value, argument, NAME_CHARS, required)


def long(value: str | None, argument: str, *, required: bool = False) -> str | None:
    """Like :func:`short`, for bodies and notes (:data:`TEXT_CHARS`)."""
    return _text(value, argument, TEXT_CHARS, required)


def names(values: Iterable[str] | None, argument: str) -> list[str]:
    """A list of short strings, each stripped, blanks dropped, at most :data:`LIST_ITEMS`."""
    if values is None:
        return []
    if isinstance(values, str):
        raise PersonalAppError(f"{argument} must be a list of strings, e.g. [{values!r}]")
    items = list(values)
    if len(items) > LIST_ITEMS:
        raise PersonalAppError(f"{argument} has {len(items)} items; give at most {LIST_ITEMS}")
    found = [short(item, argument) for item in items]
    return [item for item in found if item is not None]


def naive(moment: datetime.datetime | None, argument: str) -> None:
    """Refuse a time with a time zone (the world's times are the device's local time), or a
    value that is not a ``datetime`` at all."""
    if moment is not None and not isinstance(moment, datetime.datetime):
        raise PersonalAppError(
            f"{argument} must be a datetime.datetime, e.g. datetime.datetime(2025, 3, 14, 18, 30),"
            f" not {type(moment).__name__}"
        )
    if moment is not None and moment.tzinfo is not None:
        raise PersonalAppError(
            f"{argument} ({moment.isoformat()}) has a time zone; give the device's local time "
            f"without one, e.g. {moment.replace(tzinfo=None).isoformat()}"
        )


def time_range(
    start: datetime.datetime | None, end: datetime.datetime | None, *, what: str = "end"
) -> None:
    """Refuse a range whose end is before its start (or a bound with a time zone)."""
    naive(start, "start")
    naive(end, what)
    if start is not None and end is not None and end < start:
        raise PersonalAppError(
            f"{what} ({end.isoformat()}) is before start ({start.isoformat()}); "
            f"give a {what} at or after the start"
        )


def record(table: dict[str, R], record_id: str, kind: str, lister: str) -> R:
    """The record ``record_id`` of ``table``, or an error naming the tool that lists the ids."""
    short(record_id, f"{kind}_id", required=True)
    found = table.get(record_id.strip())
    if found is None:
        raise RecordNotFoundError(
            f"no {kind} has the id {record_id.strip()!r}; use {lister} to find the right id"
        )
    return found


def removed(table: dict[str, R], record_id: str, kind: str, lister: str) -> R:
    """The record ``record_id`` of ``table``, deleted from it (errors as :func:`record`)."""
    found = record(table, record_id, kind, lister)
    del table[record_id.strip()]
    return found


def _text(value: str | None, argument: str, limit: int, required: bool) -> str | None:
    if value is None:
        if required:
            raise PersonalAppError(f"{argument} is required")
        return None
    if not isinstance(value, str):
        raise PersonalAppError(f"{argument} must be a string, not {type(value).__name__}")
    if len(value) > limit:
        raise PersonalAppError(
            f"{argument} is {len(value)} characters long; the limit is {limit}: shorten it"
        )
    stripped = value.strip()
    if not stripped:
        if required:
            raise PersonalAppError(f"{argument} must not be empty")
        return None
    return stripped
