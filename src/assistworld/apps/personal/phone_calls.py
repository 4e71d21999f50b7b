"""The owner's call log: find and list calls, place a call, remove log entries."""

from __future__ import annotations

import datetime

from assistworld.apps.personal import _checks as check
from assistworld.apps.personal._checks import NameList, ShortText
from assistworld.apps.personal._copies import detached, kept
from assistworld.apps.personal._filters import window
from assistworld.apps.personal._ids import readable_id
from assistworld.apps.personal._people import (
    PersonQuery,
    contact_for_number,
    looks_like_number,
    resolve_contact,
)
from assistworld.apps.personal.errors import PersonalAppError
from assistworld.apps.personal.records import CallDirection, Period, PhoneCall
from assistworld.apps.personal.tables import active_tables
from assistworld.tools.declaration import tool

__all__ = [
    "create_outgoing_call",
    "get_all_phone_calls",
    "remove_phone_call_logs",
    "search_phone_calls",
]

DIRECTIONS: tuple[str, ...] = ("incoming", "outgoing", "missed")
_LISTER = "search_phone_calls or get_all_phone_calls"


@tool(app="phone", effect="read")
def search_phone_calls(
    person: ShortText | None = None,
    direction: CallDirection | None = None,
    start: datetime.datetime | None = None,
    end: datetime.datetime | None = None,
    period: Period | None = None,
) -> list[PhoneCall]:
    """Find calls in the call log by person, by direction or by time.

    Returns the matching calls (with their ``call_id``), newest first; an empty list when none
    match (then try ``get_all_phone_calls``).

    person
        A name or phone number of the other party.
    direction
        incoming (answered), outgoing (placed by the owner) or missed.
    start, end
        Only calls started in this time range (end excluded), ISO format: 2024-06-24T18:00.
    period
        A period relative to now (a ``Period``: today, yesterday, tomorrow, last_night,
        this_week, last_week, next_week, last_7_days, next_7_days, past, upcoming). With start or
        end as well, both apply.
    """
    who = check.short(person, "person")
    if direction is not None and direction not in DIRECTIONS:
        raise PersonalAppError(
            f"direction {direction!r} is unknown; use one of {', '.join(DIRECTIONS)}"
        )
    tables = active_tables()
    span = window(start, end, period, tables.world.now)
    matcher = PersonQuery(who, tables.contacts.values()) if who is not None else None
    found = [
        detached(call)
        for call in tables.phone_calls.values()
        if (direction is None or call.direction == direction)
        and span.holds(call.started_at)
        and (matcher is None or matcher.party(call.number, call.name))
    ]
    return sorted(found, key=lambda call: call.started_at, reverse=True)


@tool(app="phone", effect="read")
def get_all_phone_calls() -> list[PhoneCall]:
    """Every call of the call log (incoming, outgoing and missed), newest first."""
    calls = [detached(call) for call in active_tables().phone_calls.values()]
    return sorted(calls, key=lambda call: call.started_at, reverse=True)


@tool(app="phone", effect="write")
def create_outgoing_call(recipient: ShortText) -> PhoneCall:
    """Call someone now; the call is added to the call log, which is returned.

    recipient
        A phone number, or the name of a contact who has one.
    """
    who = check.short(recipient, "recipient", required=True) or ""
    tables = active_tables()
    contacts = list(tables.contacts.values())
    if looks_like_number(who):
        known = contact_for_number(who, contacts)
        number = known.phone if known is not None and known.phone else who
    else:
        known = resolve_contact(who, contacts, "phone", "recipient")
        number = known.phone or ""
    call_id = readable_id(tables.world, "call", tables.phone_calls)
    call = PhoneCall(
        call_id=call_id,
        number=number,
        name=known.name if known is not None else None,
        direction="outgoing",
        started_at=tables.world.now,
        duration_seconds=0,
    )
    return kept(tables.phone_calls, call_id, call)


@tool(app="phone", effect="write")
def remove_phone_call_logs(call_ids: NameList) -> list[str]:
    """Delete entries from the call log; returns the ids removed.

    call_ids
        The ids of the calls to delete, from search_phone_calls or get_all_phone_calls.
    """
    wanted = check.names(call_ids, "call_ids")
    if not wanted:
        raise PersonalAppError("call_ids must list at least one call id")
    calls = active_tables().phone_calls
    doomed = [check.record(calls, call_id, "call", _LISTER).call_id for call_id in wanted]
    for key in dict.fromkeys(doomed):
        del calls[key]
    return list(dict.fromkeys(doomed))
