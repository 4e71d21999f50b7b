"""End-state conditions are effects: only rows the conversation added, changed or removed meet
them, never what the starting world already held; ``still: true`` is the "must still hold" case.
Replays that claim an effect without bringing it about fail."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from assistworld.core.registry import load_suite
from assistworld.paradigms.astra.audit.baselines import BaselinePlayer
from assistworld.paradigms.astra.grading.results import AstraResult
from assistworld.paradigms.astra.grading.success import check_row, holds, matches
from assistworld.paradigms.astra.tasks.scenario import RequiredRow, Scenario

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


@pytest.fixture(scope="module")
def lifelines() -> dict[str, Scenario]:
    found = {}
    for task in load_suite("lifelines").tasks:
        assert isinstance(task, Scenario)
        found[task.query_id] = task
    return found


def _call(tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
    function = {"name": tool, "arguments": arguments}
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [{"id": "c1", "type": "function", "function": function}],
    }


def _replay(scenario: Scenario, *messages: dict[str, Any]) -> AstraResult:
    conversation = [{"role": "user", "content": scenario.query}, *messages]
    return asyncio.run(BaselinePlayer().replay(scenario, conversation, "replay"))


def _end_state(result: AstraResult) -> list[tuple[bool, str]]:
    return [(c.passed, c.detail) for c in result.details.checks if c.kind == "end_state"]


def test_a_wrong_number_claimed_as_the_right_call_fails(lifelines: dict[str, Scenario]) -> None:
    scenario = lifelines["priya_call_back_00"]
    dialled = (
        _call("create_outgoing_call", {"recipient": "1234567890"}),
        {"role": "assistant", "content": "I called Meera back."},
    )
    result = _replay(scenario, *dialled)
    assert not result.passed and result.outcome == "end_state_wrong"
    assert _end_state(result) == [(False, "no such row in the final world")]
    # Without the scenario's time bound, the starting world's own call to Meera still does not
    # count: it was not made by the conversation.
    (row,) = scenario.success.end_state
    unbounded = {k: v for k, v in row.where.items() if k != "started_at"}
    success = scenario.success.model_copy(
        update={"end_state": [row.model_copy(update={"where": unbounded})]}
    )
    loose = _replay(scenario.model_copy(update={"success": success}), *dialled)
    assert _end_state(loose) == [(False, "only rows the starting world already held")]
    oracle = asyncio.run(BaselinePlayer().replay(scenario, scenario.reference, "oracle"))
    assert oracle.passed and oracle.score == 1.0


def test_a_reply_with_no_action_fails(lifelines: dict[str, Scenario]) -> None:
    scenario = lifelines["amara_thank_wrong_day_00"]
    final = [m["content"] for m in scenario.reference if m["role"] == "assistant"][-1]
    result = _replay(scenario, {"role": "assistant", "content": final})
    assert all(c.passed for c in result.details.checks if c.kind == "answer")
    assert not result.passed and result.outcome == "end_state_wrong"


def test_a_text_to_the_wrong_person_fails(lifelines: dict[str, Scenario]) -> None:
    scenario = lifelines["amara_text_person_02"]  # Emeka, with no SMS conversation yet
    (row,) = scenario.success.end_state
    assert row.where["recipients"] == ["+44 7700 900104"]
    text = "Thanks again for yesterday, it was great to see you."
    wrong = _replay(
        scenario,
        _call("send_message", {"recipients": ["+44 7700 900999"], "text": text}),
        {"role": "assistant", "content": "Texted Emeka."},
    )
    assert not wrong.passed and _end_state(wrong) == [(False, "no such row in the final world")]
    right = _replay(
        scenario,
        _call("send_message", {"recipients": ["Emeka Eze"], "text": text}),
        {"role": "assistant", "content": "Texted Emeka."},
    )
    assert [passed for passed, _ in _end_state(right)] == [True]


def test_a_row_of_a_nested_table_is_named_by_owner_and_key() -> None:
    start = {"calendars": {"e2": {"ev1": {"subject": "1:1"}}, "e3": {"ev9": {"subject": "Review"}}}}
    row = _row(table="calendars", owner="e2", where={"subject": "Review"})
    assert not check_row(row, start, start).passed  # e3's review is someone else's
    booked = {**start, "calendars": {**start["calendars"], "e2": {"ev2": {"subject": "Review"}}}}
    made = check_row(row, booked, start)
    assert made.passed and made.detail == "made by the conversation (e2/ev2)"
