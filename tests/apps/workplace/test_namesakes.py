"""People who share a name: the reference's stable name sort, kept everywhere lists are stored,
read back, compared and sent across processes.

Two colleagues are both called Sam. Whatever order a program lists them in is the order they keep
(people with other names still go into name order around them), and swapping the two is a
different list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from assistworld.apps.workplace import toolset as workplace_toolset
from assistworld.apps.workplace._calendar_rows import EMPLOYEE_LIST_FIELDS
from assistworld.apps.workplace.company_directory import Employee
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.work_calendar import (
    Event,
    add_event,
    find_events,
    find_past_events,
    get_calendar,
)
from assistworld.paradigms.aspera.tasks.setup_tools.calendar_tools import simulate_employee_calendar
from assistworld.sandbox.codec import Codec
from assistworld.sandbox.library import ProgramLibrary
from assistworld.world import World
from assistworld.world.diff import diff
from tests.apps.workplace._calendar_fixtures import at, make_world, person

BOB, ALICE, CHLOE = person("Bob"), person("Alice"), person("Chloe")
SAM_1 = Employee(name="Sam", employee_id="id-sam-zulu")
SAM_2 = Employee(name="Sam", employee_id="id-sam-alpha")
"""Namesakes whose ids sort the other way round, so a tie-break on id would show."""

LISTED_BOTH_WAYS = (
    pytest.param([BOB, SAM_1, ALICE, SAM_2], [ALICE, BOB, SAM_1, SAM_2], id="sam-1-first"),
    pytest.param([SAM_2, BOB, SAM_1, ALICE], [ALICE, BOB, SAM_2, SAM_1], id="sam-2-first"),
)
"""(as a program lists them, as the reference stores them: a stable sort on the name)."""


@pytest.fixture
def world() -> Iterator[World]:
    world = make_world()
    with world.active():
        yield world


def _stored(world: World, event_id: str) -> Event:
    return WorkplaceTables(world).user_calendar[event_id]


@pytest.mark.parametrize(("given", "kept"), LISTED_BOTH_WAYS)
def test_every_stored_list_keeps_namesakes_in_the_order_given(
    world: World, given: list[Employee], kept: list[Employee]
) -> None:
    lists = {name: list(given) for name in EMPLOYEE_LIST_FIELDS}
    event_id = add_event(Event(subject="Sync", starts_at=at(26, 10), **lists))
    for name in EMPLOYEE_LIST_FIELDS:
        assert getattr(_stored(world, event_id), name) == kept, name
    (found,) = find_events()
    for name in EMPLOYEE_LIST_FIELDS:
        assert [p.employee_id for p in getattr(found, name)] == [p.employee_id for p in kept]


@pytest.mark.parametrize(("given", "kept"), LISTED_BOTH_WAYS)
def test_a_colleagues_calendar_reads_back_in_the_same_order(
    world: World, given: list[Employee], kept: list[Employee]
) -> None:
    event = Event(subject="1:1", starts_at=at(26, 10), ends_at=at(26, 11), attendees=given)
    simulate_employee_calendar(CHLOE, [event])
    (row,) = get_calendar(CHLOE)
    assert row.attendees == kept


@pytest.mark.parametrize(("given", "kept"), LISTED_BOTH_WAYS)
def test_the_order_survives_a_world_json_round_trip_snapshot_and_restore(
    world: World, given: list[Employee], kept: list[Employee]
) -> None:
    event_id = add_event(Event(subject="Sync", starts_at=at(26, 10), attendees=given))
    restored = World.from_json(world.to_json())
    with restored.active():
        assert WorkplaceTables(restored).user_calendar[event_id].attendees == kept
    snapshot = world.snapshot()
    _stored(world, event_id).attendees = []
    world.restore(snapshot)
    assert _stored(world, event_id).attendees == kept


def test_a_diff_reports_a_swap_of_namesakes_as_a_change(world: World) -> None:
    event_id = add_event(Event(subject="Sync", starts_at=at(26, 10), attendees=[SAM_1, SAM_2]))
    before = world.snapshot()
    add_event(
        Event(subject="Sync", starts_at=at(26, 10), attendees=[SAM_2, SAM_1], event_id=event_id)
    )
    (change,) = diff(before, world.snapshot())
    assert change.kind == "changed"
    assert [p["employee_id"] for p in change.after["attendees"]] == ["id-sam-alpha", "id-sam-zulu"]


@pytest.mark.parametrize(("given", "kept"), LISTED_BOTH_WAYS)
def test_the_sandbox_codec_keeps_the_order(given: list[Employee], kept: list[Employee]) -> None:
    codec = Codec(ProgramLibrary.of(workplace_toolset()).value_types())
    event = Event(subject="Sync", attendees=given)
    decoded = codec.decode(codec.encode(event))
    assert decoded.attendees == given
    assert codec.decode(codec.encode(kept)) == kept


@pytest.mark.parametrize(("given", "kept"), LISTED_BOTH_WAYS)
def test_equality_sorts_by_name_then_compares_person_by_person(
    given: list[Employee], kept: list[Employee]
) -> None:
    event = Event(subject="Sync", attendees=given)
    assert event == Event(subject="Sync", attendees=kept)
    assert event == Event(subject="Sync", attendees=list(reversed(kept[:2])) + kept[2:])
    swapped = [SAM_2 if p == SAM_1 else SAM_1 if p == SAM_2 else p for p in given]
    assert event != Event(subject="Sync", attendees=swapped)
    for name in EMPLOYEE_LIST_FIELDS:
        assert Event(**{name: given}) == Event(**{name: kept})
        assert Event(**{name: given}) != Event(**{name: swapped})


@pytest.mark.parametrize("search", [find_events, find_past_events])
@pytest.mark.parametrize(("given", "kept"), LISTED_BOTH_WAYS)
def test_the_attendees_filter_matches_namesakes_only_in_their_stored_order(
    world: World, search: Callable[..., list[Event]], given: list[Employee], kept: list[Employee]
) -> None:
    start = at(26, 10) if search is find_events else at(24, 10)
    add_event(Event(subject="Sync", starts_at=start, attendees=given))
    swapped = [SAM_2 if p == SAM_1 else SAM_1 if p == SAM_2 else p for p in given]
    assert [e.subject for e in search(attendees=given)] == ["Sync"]
    assert [e.subject for e in search(attendees=kept)] == ["Sync"]
    assert [e.subject for e in search(attendees=list(reversed(given)))] == []
    assert search(attendees=swapped) == []
    assert [e.subject for e in search(attendees=list(reversed(swapped)))] == ["Sync"]
