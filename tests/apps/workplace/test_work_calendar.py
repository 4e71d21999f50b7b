"""The user's calendar: writing, searching, deleting, reading colleagues' calendars, texts."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest

from assistworld.apps.workplace import work_calendar
from assistworld.apps.workplace.company_directory import Employee
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.time_utils import (
    Duration,
    EventFrequency,
    RepetitionSpec,
    TimeUnits,
)
from assistworld.apps.workplace.work_calendar import (
    DEFAULT_EVENT_DURATION_MINUTES,
    CalendarSearchSettings,
    Event,
    EventNotFoundError,
    ShowAsStatus,
    add_event,
    delete_event,
    find_events,
    find_past_events,
    get_calendar,
    get_default_preparation_time,
    get_search_settings,
    provide_event_details,
    share_calendar,
    summarise_calendar,
)
from assistworld.world import World
from tests.apps.workplace._calendar_fixtures import at, make_world, person

BOB, ALICE, CHLOE, USER = person("Bob"), person("Alice"), person("Chloe"), person("Alex")


@pytest.fixture
def world() -> Iterator[World]:
    world = make_world()
    with world.active():
        yield world


def weekly(count: int) -> RepetitionSpec:
    return RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=count)


def parents(world: World) -> list[Event]:
    return [
        e for e in WorkplaceTables(world).user_calendar.values() if e.recurrent_event_id is None
    ]


# -- module surface -------------------------------------------------------------------------------


def test_public_functions_are_exported_and_constant_is_not() -> None:
    expected = {
        "get_default_preparation_time",
        "add_event",
        "find_events",
        "find_past_events",
        "delete_event",
        "get_calendar",
        "get_search_settings",
        "find_available_slots",
        "share_calendar",
        "summarise_calendar",
        "provide_event_details",
    }
    assert expected <= set(work_calendar.__all__)
    assert DEFAULT_EVENT_DURATION_MINUTES == 16
    assert "DEFAULT_EVENT_DURATION_MINUTES" not in work_calendar.__all__


def test_default_preparation_time_is_30_minutes() -> None:
    assert get_default_preparation_time() == Duration(30, TimeUnits.Minutes)


# -- event text -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (
            Event(subject="Lunch", starts_at=at(26, 12), ends_at=at(26, 13)),
            "'Lunch' starting at: 2024-06-26 12:00:00, ending at 2024-06-26 13:00:00",
        ),
        (
            Event(subject="Lunch", attendees=[], starts_at=at(26, 12), ends_at=at(26, 13)),
            "'Lunch' starting at: 2024-06-26 12:00:00, ending at 2024-06-26 13:00:00",
        ),
        (
            Event(subject="Sync", attendees=[BOB, ALICE], starts_at=at(26, 12), ends_at=at(26, 12)),
            "'Sync' with Bob, Alice starting at: 2024-06-26 12:00:00 for less than a minute",
        ),
        (
            Event(
                subject="Sync",
                attendees=[BOB],
                starts_at=at(26, 12),
                ends_at=at(26, 12) + datetime.timedelta(seconds=59),
            ),
            "'Sync' with Bob starting at: 2024-06-26 12:00:00 for less than a minute",
        ),
        (
            Event(subject="Sync", attendees=[BOB], starts_at=at(26, 12), ends_at=at(26, 12, 45)),
            "'Sync' with Bob starting at: 2024-06-26 12:00:00 for 45 minutes",
        ),
        (
            Event(subject="Sync", attendees=[BOB], starts_at=at(26, 12), ends_at=at(26, 14)),
            "'Sync' with Bob starting at: 2024-06-26 12:00:00 for 2 hours",
        ),
        (
            Event(subject="Sync", attendees=[BOB], starts_at=at(26, 12), ends_at=at(26, 13, 30)),
            "'Sync' with Bob starting at: 2024-06-26 12:00:00 for 1 hours and 30 minutes",
        ),
        (
            Event(attendees=[BOB], starts_at=at(26, 9), ends_at=at(26, 9, 16)),
            "Meeting with Bob starting at: 2024-06-26 09:00:00 for 16 minutes",
        ),
        (
            Event(subject="", attendees=[BOB], starts_at=at(26, 9), ends_at=at(26, 9, 16)),
            "Meeting with Bob starting at: 2024-06-26 09:00:00 for 16 minutes",
        ),
        (
            Event(starts_at=at(26, 9), ends_at=at(26, 9, 16)),
            "Meeting with None starting at: 2024-06-26 09:00:00 for 16 minutes",
        ),
        (
            Event(subject="Review", starts_at=at(26, 9), ends_at=at(26, 10), location="Room A"),
            "'Review' starting at: 2024-06-26 09:00:00, ending at 2024-06-26 10:00:00"
            " (location: Room A)",
        ),
        (
            Event(attendees=[BOB], starts_at=at(26, 9), ends_at=at(26, 10), location="Oak"),
            "Meeting with Bob starting at: 2024-06-26 09:00:00 for 1 hours (location: Oak)",
        ),
    ],
)
def test_event_text(event: Event, text: str) -> None:
    assert str(event) == text


@pytest.mark.parametrize(
    ("events", "name", "text"),
    [
        ([], None, "There are no events in your calendar."),
        ([], "Bob", "There are no events in Bob's calendar."),
        (
            [Event(subject="A", starts_at=at(26, 9), ends_at=at(26, 10)), Event(subject="B")],
            None,
            "There are 2 events in your calendar. Here are the details of the first: "
            "'A' starting at: 2024-06-26 09:00:00, ending at 2024-06-26 10:00:00",
        ),
        (
            [Event(attendees=[BOB], starts_at=at(26, 9), ends_at=at(26, 10))],
            "Chloe",
            "There are 1 events in Chloe's calendar. Here are the details of the first: "
            "Meeting with Bob starting at: 2024-06-26 09:00:00 for 1 hours",
        ),
    ],
)
def test_summarise_calendar(events: list[Event], name: str | None, text: str) -> None:
    assert summarise_calendar(events, name) == text


def test_provide_event_details_for_none_one_and_several() -> None:
    early = Event(subject="Early", starts_at=at(26, 9), ends_at=at(26, 10))
    late = Event(attendees=[BOB], starts_at=at(27, 9), ends_at=at(27, 9, 30))
    assert provide_event_details([]) == "There are no events that satisfy these criteria"
    assert provide_event_details([late]) == str(late)
    assert provide_event_details([late, early]) == f"0. {early}\n1. {late}"


# -- add_event ------------------------------------------------------------------------------------


def test_add_event_creates_with_16_minute_default_and_writes_back(world: World) -> None:
    event = Event(subject="Chat", attendees=[BOB], starts_at=at(26, 10))
    event_id = add_event(event)
    assert event.event_id == event_id
    assert event.ends_at == at(26, 10, DEFAULT_EVENT_DURATION_MINUTES)
    stored = WorkplaceTables(world).user_calendar[event_id]
    assert stored.ends_at == at(26, 10, 16)
    assert stored is not event
    assert find_events() == [event]


def test_add_event_keeps_a_given_end(world: World) -> None:
    event = Event(subject="Long", starts_at=at(26, 10), ends_at=at(26, 12))
    add_event(event)
    assert WorkplaceTables(world).user_calendar[event.event_id or ""].ends_at == at(26, 12)
    assert event.ends_at == at(26, 12)


def test_add_event_needs_a_start(world: World) -> None:
    with pytest.raises(ValueError, match="starts_at"):
        add_event(Event(subject="Whenever"))
    assert WorkplaceTables(world).user_calendar == {}


def test_add_event_rejects_people_that_are_not_employees(world: World) -> None:
    event = Event(subject="Chat", starts_at=at(26, 10))
    event.attendees = ["Bob"]  # type: ignore[list-item]
    with pytest.raises(TypeError, match="find_employee"):
        add_event(event)
    assert WorkplaceTables(world).user_calendar == {}


def test_add_event_stores_the_attendees_as_given_the_user_too_sorted_by_name(world: World) -> None:
    event = Event(subject="Chat", attendees=[CHLOE, USER, ALICE], starts_at=at(26, 10))
    event_id = add_event(event)
    stored = WorkplaceTables(world).user_calendar[event_id]
    assert [p.name for p in stored.attendees or []] == ["Alex", "Alice", "Chloe"]
    assert event.attendees == [CHLOE, USER, ALICE], "the caller's list is left alone"


def test_only_the_user_as_attendee_is_kept(world: World) -> None:
    event_id = add_event(Event(subject="Focus", attendees=[USER], starts_at=at(26, 10)))
    assert WorkplaceTables(world).user_calendar[event_id].attendees == [USER]
    assert [e.event_id for e in find_events(attendees=[USER])] == [event_id]
    assert find_events(attendees=[]) == []


def test_a_search_matches_the_stored_list_so_listing_the_whole_team_finds_it(world: World) -> None:
    team_meeting = Event(subject="Team sync", attendees=[USER, BOB, ALICE], starts_at=at(26, 10))
    pair = Event(subject="Pairing", attendees=[BOB, ALICE], starts_at=at(27, 10))
    add_event(team_meeting)
    add_event(pair)
    whole_team = find_events(attendees=[ALICE, BOB, USER])
    assert [e.subject for e in whole_team] == ["Team sync"]
    assert whole_team[0].attendees == [USER, ALICE, BOB]
    assert [e.subject for e in find_events(attendees=[BOB, ALICE])] == ["Pairing"]


def test_recurs_until_becomes_that_date_at_the_events_start_time(world: World) -> None:
    spec = RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=datetime.date(2024, 7, 10))
    event = Event(subject="Standup", starts_at=at(26, 9, 30), ends_at=at(26, 9, 45), repeats=spec)
    event_id = add_event(event)
    expected = at(10, 9, 30, month=7)
    stored = WorkplaceTables(world).user_calendar[event_id]
    assert stored.repeats is not None and stored.repeats.recurs_until == expected
    assert spec.recurs_until == expected, "the caller's spec is updated the same way"
    assert event.repeats is spec
    occurrences = [
        r.starts_at for r in WorkplaceTables(world).user_calendar.values() if r.recurrent_event_id
    ]
    assert occurrences == [at(26, 9, 30), at(3, 9, 30, 7), at(10, 9, 30, 7)]
    (found,) = find_events(subject="Standup")
    assert found.repeats is not None and found.repeats.recurs_until == expected


def test_a_recurs_until_datetime_keeps_its_date_and_takes_the_start_time(world: World) -> None:
    spec = RepetitionSpec(frequency=EventFrequency.DAILY, recurs_until=at(28, 23, 59))
    event_id = add_event(Event(subject="Check-in", starts_at=at(26, 8), repeats=spec))
    stored = WorkplaceTables(world).user_calendar[event_id]
    assert stored.repeats is not None and stored.repeats.recurs_until == at(28, 8)
    assert spec.recurs_until == at(28, 8)


def test_a_spec_shared_by_two_events_ends_with_the_last_ones_start_time(world: World) -> None:
    spec = RepetitionSpec(frequency=EventFrequency.WEEKLY, recurs_until=datetime.date(2024, 7, 31))
    first = add_event(Event(subject="Early", starts_at=at(26, 9), repeats=spec))
    second = add_event(Event(subject="Late", starts_at=at(27, 16, 30), repeats=spec))
    assert spec.recurs_until == at(31, 16, 30, month=7)
    ends = {
        event_id: row.repeats.recurs_until
        for event_id, row in WorkplaceTables(world).user_calendar.items()
        if row.repeats is not None
    }
    assert ends == {first: at(31, 9, month=7), second: at(31, 16, 30, month=7)}


def test_mutating_the_callers_event_after_adding_changes_nothing(world: World) -> None:
    event = Event(subject="Chat", attendees=[BOB], starts_at=at(26, 10))
    add_event(event)
    event.subject = "Changed"
    assert event.attendees is not None
    event.attendees.append(ALICE)
    (stored,) = find_events()
    assert stored.subject == "Chat"
    assert stored.attendees == [BOB]


def test_add_event_with_existing_id_replaces_the_event(world: World) -> None:
    add_event(Event(subject="Other", starts_at=at(27, 9)))
    original = Event(subject="Chat", attendees=[BOB], starts_at=at(26, 10), ends_at=at(26, 11))
    event_id = add_event(original)
    (found,) = find_events(subject="Chat")
    found.starts_at = at(26, 14)
    found.ends_at = at(26, 15)
    assert add_event(found) == event_id
    assert len(WorkplaceTables(world).user_calendar) == 2
    assert WorkplaceTables(world).user_calendar[event_id].starts_at == at(26, 14)
    assert [e.subject for e in find_events()] == ["Chat", "Other"]


def test_replacing_with_missing_end_uses_the_default(world: World) -> None:
    event_id = add_event(Event(subject="Chat", starts_at=at(26, 10), ends_at=at(26, 11)))
    replacement = Event(subject="Chat", starts_at=at(26, 13), event_id=event_id)
    add_event(replacement)
    assert replacement.ends_at == at(26, 13, 16)
    assert WorkplaceTables(world).user_calendar[event_id].ends_at == at(26, 13, 16)


def test_add_event_with_unknown_id_stores_it_under_that_id(world: World) -> None:
    event = Event(subject="Imported", starts_at=at(26, 10), event_id="external-1")
    assert add_event(event) == "external-1"
    assert list(WorkplaceTables(world).user_calendar) == ["external-1"]


def test_recurring_event_is_stored_as_parent_and_occurrence_rows(world: World) -> None:
    event = Event(
        subject="Standup",
        attendees=[BOB, USER],
        starts_at=at(26, 9, 30),
        ends_at=at(26, 9, 45),
        repeats=weekly(3),
    )
    parent_id = add_event(event)
    rows = list(WorkplaceTables(world).user_calendar.values())
    assert len(rows) == 4
    parent, occurrences = rows[0], rows[1:]
    assert parent.event_id == parent_id
    assert parent.repeats == weekly(3)
    assert [o.starts_at for o in occurrences] == [at(26, 9, 30), at(3, 9, 30, 7), at(10, 9, 30, 7)]
    assert occurrences[0].starts_at == parent.starts_at
    for occurrence in occurrences:
        assert occurrence.event_id not in (None, parent_id)
        assert occurrence.recurrent_event_id == parent_id
        assert occurrence.original_starts_at == at(26, 9, 30)
        assert occurrence.repeats is None
        assert occurrence.duration == Duration(15, TimeUnits.Minutes)
        assert occurrence.attendees == [USER, BOB]
        assert occurrence.subject == "Standup"
    assert len({o.event_id for o in occurrences}) == 3


def test_recurring_event_without_end_gets_16_minute_occurrences(world: World) -> None:
    add_event(Event(subject="Standup", starts_at=at(26, 9), repeats=weekly(2)))
    rows = list(WorkplaceTables(world).user_calendar.values())
    assert [r.ends_at for r in rows] == [at(26, 9, 16), at(26, 9, 16), at(3, 9, 16, 7)]


def test_replacing_a_recurring_event_replaces_its_occurrences(world: World) -> None:
    event = Event(subject="Standup", starts_at=at(26, 9), ends_at=at(26, 9, 15), repeats=weekly(3))
    parent_id = add_event(event)
    old_occurrences = [k for k in WorkplaceTables(world).user_calendar if k != parent_id]
    event.repeats = weekly(2)
    event.starts_at, event.ends_at = at(26, 10), at(26, 10, 30)
    add_event(event)
    rows = WorkplaceTables(world).user_calendar
    assert len(rows) == 3
    assert not set(old_occurrences) & set(rows)
    assert [r.starts_at for r in rows.values() if r.recurrent_event_id == parent_id] == [
        at(26, 10),
        at(3, 10, 0, 7),
    ]


def test_replacing_a_recurring_event_by_a_one_off_removes_all_occurrences(world: World) -> None:
    event = Event(subject="Standup", starts_at=at(26, 9), ends_at=at(26, 9, 15), repeats=weekly(3))
    add_event(event)
    event.repeats = None
    add_event(event)
    assert list(WorkplaceTables(world).user_calendar) == [event.event_id]


# -- find_events / find_past_events ---------------------------------------------------------------


def _populate() -> dict[str, str]:
    """Past and future events; returns subject -> event id."""
    events = [
        Event(subject="Weekly Sync", attendees=[BOB], starts_at=at(27, 10), ends_at=at(27, 11)),
        Event(subject="Team lunch", attendees=[BOB, ALICE], starts_at=at(26, 12)),
        Event(subject="Retro", attendees=[ALICE, BOB], starts_at=at(24, 15)),
        Event(subject="Focus time", attendees=None, starts_at=at(25, 8)),
        Event(subject="Planning", attendees=[], starts_at=at(28, 9, 30)),
        Event(subject="Budget review", attendees=[CHLOE], starts_at=at(20, 9)),
        Event(
            subject="Standup",
            attendees=[BOB],
            starts_at=at(26, 9, 15),
            ends_at=at(26, 9, 30),
            repeats=weekly(4),
        ),
    ]
    return {e.subject or "": add_event(e) for e in events}


def subjects(events: list[Event]) -> list[str | None]:
    return [e.subject for e in events]


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, ["Standup", "Team lunch", "Weekly Sync", "Planning"]),
        ({"attendees": [BOB]}, ["Standup", "Weekly Sync"]),
        ({"attendees": [BOB, ALICE]}, ["Team lunch"]),
        ({"attendees": [ALICE, BOB]}, ["Team lunch"]),
        ({"attendees": [ALICE]}, []),
        ({"attendees": [BOB, ALICE, CHLOE]}, []),
        ({"attendees": []}, ["Planning"]),
        ({"subject": "weekly synk"}, ["Weekly Sync"]),
        ({"subject": "WEEKLY SYNC!"}, ["Weekly Sync"]),
        ({"subject": "lunch"}, ["Team lunch"]),
        ({"subject": "Budget review"}, []),
        ({"subject": "Sync", "attendees": [BOB]}, ["Weekly Sync"]),
        ({"subject": "Sync", "attendees": [ALICE]}, []),
    ],
)
def test_find_events_filters(world: World, kwargs: dict[str, object], expected: list[str]) -> None:
    _populate()
    assert subjects(find_events(**kwargs)) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("kwargs", "expected"),
    [
        ({}, ["Budget review", "Retro", "Focus time"]),
        ({"attendees": [ALICE, BOB]}, ["Retro"]),
        ({"attendees": []}, ["Focus time"]),
        ({"subject": "budget"}, ["Budget review"]),
        ({"subject": "Weekly Sync"}, []),
    ],
)
def test_find_past_events_filters(
    world: World, kwargs: dict[str, object], expected: list[str]
) -> None:
    _populate()
    assert subjects(find_past_events(**kwargs)) == expected  # type: ignore[arg-type]


def test_an_event_starting_exactly_now_is_upcoming(world: World) -> None:
    add_event(Event(subject="Now", starts_at=world.now))
    assert subjects(find_events()) == ["Now"]
    assert find_past_events() == []


def test_find_events_returns_parents_only_with_repeats(world: World) -> None:
    ids = _populate()
    (standup,) = find_events(subject="Standup")
    assert standup.event_id == ids["Standup"]
    assert standup.repeats == weekly(4)
    assert standup.recurrent_event_id is None


def test_a_recurring_event_that_started_in_the_past_is_not_upcoming(world: World) -> None:
    add_event(Event(subject="Daily", starts_at=at(24, 9), repeats=weekly(5)))
    assert find_events() == []
    assert subjects(find_past_events()) == ["Daily"]


def test_found_events_are_copies_with_people_sorted(world: World) -> None:
    WorkplaceTables(world).user_calendar["raw"] = Event(
        subject="Raw", attendees=[CHLOE, ALICE], starts_at=at(26, 10), event_id="raw"
    )
    (found,) = find_events()
    assert found.attendees == [ALICE, CHLOE]
    found.subject = "Changed"
    assert found.attendees is not None
    found.attendees.clear()
    assert WorkplaceTables(world).user_calendar["raw"].subject == "Raw"
    assert WorkplaceTables(world).user_calendar["raw"].attendees == [CHLOE, ALICE]


def test_find_events_rejects_names_instead_of_employees(world: World) -> None:
    with pytest.raises(TypeError, match="find_employee"):
        find_events(attendees=["Bob"])  # type: ignore[list-item]


# -- delete_event ---------------------------------------------------------------------------------


def test_delete_event_removes_it(world: World) -> None:
    ids = _populate()
    (lunch,) = find_events(subject="Team lunch")
    delete_event(lunch)
    assert ids["Team lunch"] not in WorkplaceTables(world).user_calendar
    assert "Team lunch" not in subjects(find_events())


def test_delete_recurring_event_removes_its_occurrences(world: World) -> None:
    ids = _populate()
    (standup,) = find_events(subject="Standup")
    delete_event(standup)
    rows = WorkplaceTables(world).user_calendar.values()
    assert all(r.recurrent_event_id != ids["Standup"] for r in rows)
    assert len(rows) == 6


def test_deleting_one_occurrence_keeps_the_rest(world: World) -> None:
    parent_id = add_event(Event(subject="S", starts_at=at(26, 10), repeats=weekly(3)))
    first_occurrence = next(
        e
        for e in WorkplaceTables(world).user_calendar.values()
        if e.recurrent_event_id == parent_id
    )
    delete_event(first_occurrence)
    assert len(WorkplaceTables(world).user_calendar) == 3


def test_delete_unknown_event_is_a_clear_lookup_error(world: World) -> None:
    with pytest.raises(EventNotFoundError, match="find_events") as caught:
        delete_event(Event(subject="Ghost", starts_at=at(26, 10), event_id="nope"))
    assert isinstance(caught.value, LookupError)


def test_delete_event_without_id_says_where_to_get_one(world: World) -> None:
    with pytest.raises(ValueError, match="find_events"):
        delete_event(Event(subject="Never added", starts_at=at(26, 10)))


# -- colleagues' calendars and sharing ------------------------------------------------------------


def test_get_calendar_returns_stored_rows_in_order_with_sorted_people(world: World) -> None:
    rows = {
        "b": Event(subject="Later", attendees=[CHLOE, USER], starts_at=at(28, 9), event_id="b"),
        "a": Event(subject="Earlier", starts_at=at(20, 9), event_id="a"),
        "a1": Event(subject="Earlier", starts_at=at(20, 9), event_id="a1", recurrent_event_id="a"),
    }
    WorkplaceTables(world).employee_calendars[BOB.employee_id] = rows
    calendar = get_calendar(BOB)
    assert [e.event_id for e in calendar] == ["b", "a", "a1"]
    assert calendar[0].attendees == [USER, CHLOE]
    calendar[0].subject = "Changed"
    assert WorkplaceTables(world).employee_calendars[BOB.employee_id]["b"].subject == "Later"


def test_get_calendar_of_someone_without_one_is_empty(world: World) -> None:
    assert get_calendar(ALICE) == []


def test_share_calendar_adds_recipients_once(world: World) -> None:
    share_calendar([BOB, ALICE])
    share_calendar([ALICE, CHLOE])
    assert WorkplaceTables(world).calendar_shared_with == ["id-bob", "id-alice", "id-chloe"]


# -- settings and value types ---------------------------------------------------------------------


@pytest.mark.parametrize("key", ["work", "default", "Work"])
def test_search_settings_are_the_working_day(key: str) -> None:
    settings = get_search_settings(key)  # type: ignore[arg-type]
    assert settings == CalendarSearchSettings(
        earliest_free_slot_start=datetime.time(9, 6), latest_free_slot_finish=datetime.time(17, 10)
    )


def test_search_settings_reject_unknown_calendars() -> None:
    with pytest.raises(ValueError, match='"work" or "default"'):
        get_search_settings("personal")  # type: ignore[arg-type]


def test_calendar_search_settings_positional_and_json() -> None:
    settings = CalendarSearchSettings(datetime.time(8), datetime.time(18, 30))
    assert settings.earliest_free_slot_start == datetime.time(8)
    assert settings.latest_free_slot_finish == datetime.time(18, 30)
    assert CalendarSearchSettings.model_validate_json(settings.model_dump_json()) == settings


def test_event_json_round_trip_with_every_field() -> None:
    event = Event(
        attendees=[BOB, ALICE],
        attendees_to_avoid=[CHLOE],
        optional_attendees=[ALICE],
        declined_by=[BOB],
        tentative_attendees=[CHLOE],
        subject="All fields",
        location="Room A",
        starts_at=at(26, 10),
        ends_at=at(26, 11),
        show_as_status=ShowAsStatus.OutOfOffice,
        event_importance="high",
        repeats=RepetitionSpec(
            frequency=EventFrequency.MONTHLY,
            period=2,
            recurs_until=datetime.date(2024, 12, 31),
            which_weekday=[4],
            bysetpos=[-1],
            exclude_occurrence=[at(26, 10, month=7)],
        ),
        notes="bring slides",
        video_link="https://company.xweb.com/bob",
        attachments=["agenda.pdf"],
        event_id="e1",
        recurrent_event_id="p1",
        original_starts_at=at(19, 10),
    )
    restored = Event.model_validate_json(event.model_dump_json())
    assert restored == event
    assert restored.model_dump() == event.model_dump()


def test_event_equality_ignores_order_of_people_only() -> None:
    one = Event(attendees=[BOB, ALICE], starts_at=at(26, 10))
    assert one == Event(attendees=[ALICE, BOB], starts_at=at(26, 10))
    assert one != Event(attendees=[ALICE], starts_at=at(26, 10))
    assert Event(attendees=None) != Event(attendees=[])


def test_a_world_with_calendar_rows_round_trips_through_json(world: World) -> None:
    _populate()
    share_calendar([BOB])
    assert World.from_json(world.to_json()) == world


def test_employee_cannot_be_made_up() -> None:
    with pytest.raises(ValueError, match="find_employee"):
        Employee(name="Nobody")  # type: ignore[call-arg]
