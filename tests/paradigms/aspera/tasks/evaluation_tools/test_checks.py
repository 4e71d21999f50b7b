"""Evaluation tools: SolutionError, repetition_schedule, assert_user_calendar_shared."""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest

from assistworld.apps.workplace.company_directory import Employee
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.time_utils import EventFrequency, RepetitionSpec
from assistworld.apps.workplace.work_calendar import Event, add_event, share_calendar
from assistworld.paradigms.aspera.tasks.evaluation_tools import (
    SolutionError,
    assert_user_calendar_shared,
    repetition_schedule,
)
from assistworld.world import World
from tests.apps.workplace._calendar_fixtures import at, make_world, person

BOB, ALICE, CHLOE = person("Bob"), person("Alice"), person("Chloe")


@pytest.fixture
def world() -> Iterator[World]:
    world = make_world()
    with world.active():
        yield world


def test_solution_error_message() -> None:
    assert str(SolutionError()) == "Incorrect solution"
    assert str(SolutionError("wrong attendees")) == "wrong attendees"
    assert issubclass(SolutionError, Exception)


def test_repetition_schedule_without_spec_is_empty(world: World) -> None:
    assert repetition_schedule(datetime.time(10), None) == []


def test_repetition_schedule_matches_the_rows_add_event_stores(world: World) -> None:
    spec = RepetitionSpec(frequency=EventFrequency.WEEKLY, which_weekday=[0, 2], max_repetitions=4)
    parent_id = add_event(Event(subject="Gym", starts_at=at(26, 18), repeats=spec))
    stored = [
        e.starts_at
        for e in WorkplaceTables(world).user_calendar.values()
        if e.recurrent_event_id == parent_id
    ]
    expected = repetition_schedule(datetime.time(18), spec, datetime.date(2024, 6, 26))
    assert stored == expected == [at(26, 18), at(1, 18, 0, 7), at(3, 18, 0, 7), at(8, 18, 0, 7)]


def test_repetition_schedule_starts_today_by_default(world: World) -> None:
    spec = RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=2)
    assert repetition_schedule(datetime.time(8), spec) == [at(25, 8), at(26, 8)]


def test_unbounded_schedule_is_capped_at_23(world: World) -> None:
    spec = RepetitionSpec(frequency=EventFrequency.DAILY)
    assert len(repetition_schedule(datetime.time(8), spec)) == 23


@pytest.mark.parametrize(
    ("shared", "expected", "passes"),
    [
        ([BOB, ALICE], [ALICE, BOB], True),
        ([BOB], [BOB], True),
        ([], [], True),
        ([BOB], [BOB, ALICE], False),
        ([BOB, ALICE, CHLOE], [BOB, ALICE], False),
        ([CHLOE], [BOB], False),
        ([], [BOB], False),
    ],
)
def test_assert_user_calendar_shared(
    world: World, shared: list[Employee], expected: list[Employee], passes: bool
) -> None:
    share_calendar(shared)
    if passes:
        assert_user_calendar_shared(expected)
    else:
        with pytest.raises(SolutionError, match="Incorrect solution"):
            assert_user_calendar_shared(expected)
