"""End-state conditions are effects: only rows the conversation added, changed or removed meet
them, never what the starting world already held; ``still: true`` is the "must still hold" case."""

from __future__ import annotations

from typing import Any

from assistworld.paradigms.astra.scenario import RequiredRow
from assistworld.paradigms.astra.success import check_row, holds, matches

CALL = {"number": "+1 555 0101", "direction": "outgoing", "started_at": "2026-07-01T09:00:00"}
START: dict[str, Any] = {
    "phone_calls": {"call-1": CALL},
    "contacts": {"c1": {"name": "Meera", "phone": "+1 555 0101"}},
}


def _row(**fields: Any) -> RequiredRow:
    return RequiredRow.model_validate(fields)


def _with(table: str, rows: dict[str, Any], start: dict[str, Any] = START) -> dict[str, Any]:
    return {**start, table: {**start.get(table, {}), **rows}}


def test_a_row_the_starting_world_held_does_not_meet_an_effect() -> None:
    row = _row(table="phone_calls", where={"number": "+1 555 0101", "direction": "outgoing"})
    untouched = check_row(row, START, START)
    assert not untouched.passed and "starting world already held" in untouched.detail
    dialled = _with("phone_calls", {"call-2": {**CALL, "started_at": "2026-07-02T10:00:00"}})
    made = check_row(row, dialled, START)
    assert made.passed and "call-2" in made.detail
    assert holds(row, START)  # read alone, the starting world meets it: the audit flags that


def test_a_changed_row_meets_an_effect_only_when_the_change_made_it_match() -> None:
    row = _row(table="contacts", key="c1", where={"phone": "+1 555 0199"})
    moved = _with("contacts", {"c1": {"name": "Meera", "phone": "+1 555 0199"}})
    assert check_row(row, moved, START).passed
    renamed_only = _row(table="contacts", key="c1", where={"name": "Meera"})
    touched = _with("contacts", {"c1": {"name": "Meera", "phone": "+1 555 0199"}})
    assert not check_row(renamed_only, touched, START).passed  # it matched before the change


def test_a_deletion_needs_the_row_at_the_start_and_gone_at_the_end() -> None:
    row = _row(table="phone_calls", key="call-1", present=False)
    assert check_row(row, {**START, "phone_calls": {}}, START).passed
    kept = check_row(row, START, START)
    assert not kept.passed and "still there" in kept.detail
    never = _row(table="phone_calls", key="call-9", present=False)
    missing = check_row(never, START, START)
    assert not missing.passed and "nothing to remove" in missing.detail


def test_a_still_condition_is_judged_on_the_final_world_alone() -> None:
    kept = _row(table="contacts", key="c1", still=True)
    assert check_row(kept, START, START).passed
    assert not check_row(kept, {**START, "contacts": {}}, START).passed
    absent = _row(table="contacts", where={"name": "Omar"}, present=False, still=True)
    assert check_row(absent, START, START).passed
    assert not kept.effect and not absent.effect


def test_an_item_of_a_keyed_list_is_named_by_its_position() -> None:
    start = {"bookings": {"room-a": [{"who": "Ana"}]}}
    row = _row(table="bookings", key="room-a", where={"who": "Ana"})
    assert not check_row(row, start, start).passed
    again = {"bookings": {"room-a": [{"who": "Ana"}, {"who": "Ana"}]}}
    assert check_row(row, again, start).passed  # a second booking, at position 1


def test_from_matches_a_time_at_or_after_it() -> None:
    assert matches({"$from": "2026-07-23T20:00"}, "2026-07-23T20:00:00")
    assert matches({"$from": "2026-07-23T20:00"}, "2026-07-24T08:00:00")
    assert not matches({"$from": "2026-07-23T20:00"}, "2026-07-23T19:59:00")
    assert not matches({"$from": "2026-07-23T20:00"}, "not a time")
