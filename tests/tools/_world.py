"""A small world built with the setup tools, and one call of every workplace tool on it."""

from __future__ import annotations

import datetime
from collections.abc import Callable
from typing import Any

from assistworld.apps.workplace import toolset
from assistworld.apps.workplace.company_directory import Employee, find_employee
from assistworld.apps.workplace.time_utils import (
    DateRanges,
    DateTimeClauseOperators,
    Duration,
    EventFrequency,
    RepetitionSpec,
    TimeExpressions,
    TimeInterval,
    TimeUnits,
)
from assistworld.apps.workplace.work_calendar import Event, find_events
from assistworld.paradigms.aspera.tasks.setup_tools import (
    simulate_conference_room,
    simulate_employee_calendar,
    simulate_org_structure,
    simulate_user_calendar,
    simulate_vacation_schedule,
)
from assistworld.tools.toolset import Toolset
from assistworld.world import World

NOW = datetime.datetime(2024, 6, 25, 9, 6)
"""Tuesday 25 June 2024, 09:06."""


def at(day: int, hour: int, minute: int = 0) -> datetime.datetime:
    return datetime.datetime(2024, 6, day, hour, minute)


def workplace() -> Toolset:
    return toolset()


def small_world() -> World:
    """A company of a dozen people; the user Alex has a few meetings; Bob shared a calendar and
    has a vacation; two rooms, one partly booked."""
    world = World(now=NOW, seed=7)
    with world.active():
        simulate_org_structure(["Alex", "Bob", "Chloe", "Dan"], user_name="Alex")
        bob = find_employee("Bob")[0]
        chloe = find_employee("Chloe")[0]
        simulate_user_calendar(
            [
                Event(
                    subject="Budget review",
                    attendees=[bob],
                    starts_at=at(26, 10),
                    ends_at=at(26, 11),
                ),
                Event(
                    subject="Design sync",
                    attendees=[bob, chloe],
                    starts_at=at(27, 14),
                    ends_at=at(27, 15),
                ),
                Event(
                    subject="Retro", attendees=[chloe], starts_at=at(20, 9, 30), ends_at=at(20, 10)
                ),
                Event(
                    subject="Standup",
                    starts_at=at(26, 9, 15),
                    ends_at=at(26, 9, 30),
                    repeats=RepetitionSpec(frequency=EventFrequency.DAILY, max_repetitions=3),
                ),
            ]
        )
        simulate_employee_calendar(
            bob, [Event(subject="Focus", starts_at=at(26, 13), ends_at=at(26, 15))]
        )
        simulate_vacation_schedule(bob, [TimeInterval(at(28, 9), at(28, 17))])
        simulate_conference_room(
            "Room Ada", 8, {at(26, 0).date(): [TimeInterval(at(26, 10), at(26, 12))]}
        )
        simulate_conference_room("Room Turing", 4)
    return world


def person(world: World, name: str) -> Employee:
    with world.active():
        return find_employee(name)[0]


def _event(world: World, subject: str) -> Event:
    with world.active():
        return find_events(subject=subject)[0]


Case = Callable[[World], dict[str, Any]]
"""The keyword arguments of one call of a tool, looked up in the world they will run on."""

CASES: dict[str, Case] = {
    # time_utils
    "combine": lambda w: {"date": datetime.date(2024, 6, 26), "time": datetime.time(10, 30)},
    "compare_with_fixed_duration": lambda w: {
        "interval": TimeInterval(at(26, 10), at(26, 11)),
        "duration": Duration(30, TimeUnits.Minutes),
    },
    "convert": lambda w: {
        "interval": TimeInterval(at(26, 10), at(26, 11, 30)),
        "unit": TimeUnits.Hours,
    },
    "date_by_mdy": lambda w: {"month": 7, "day": 4},
    "get_next_dow": lambda w: {"day_of_week": "Friday"},
    "get_prev_dow": lambda w: {"day_of_week": "Monday", "before": datetime.date(2024, 6, 20)},
    "get_weekday": lambda w: {},
    "get_weekday_ordinal": lambda w: {},
    "intervals_overlap": lambda w: {
        "interval_1": TimeInterval(at(26, 10), at(26, 11)),
        "interval_2": TimeInterval(at(26, 10, 30), at(26, 12)),
    },
    "modify": lambda w: {
        "datetime_to_change": at(26, 10),
        "duration": Duration(2, TimeUnits.Hours),
        "operator": DateTimeClauseOperators.subtract,
    },
    "now_": lambda w: {},
    "parse_date_string": lambda w: {"date_expr": "Tomorrow"},
    "parse_duration_to_calendar": lambda w: {"duration": "NextWeek"},
    "parse_durations_to_date_interval": lambda w: {"expr": DateRanges.ThisMonth},
    "parse_time_string": lambda w: {"time_expr": TimeExpressions.Lunch},
    "replace": lambda w: {"date": datetime.date(2024, 6, 25), "day": 30},
    "sum_time_units": lambda w: {
        "time_units": [Duration(90, TimeUnits.Minutes), Duration(1, TimeUnits.Hours)]
    },
    "this_week_dates": lambda w: {},
    "time_by_hm": lambda w: {"hour": 3, "minute": 30, "am_or_pm": "pm"},
    # work_calendar
    "add_event": lambda w: {
        "event": Event(subject="Lunch", attendees=[person(w, "Chloe")], starts_at=at(26, 12))
    },
    "delete_event": lambda w: {"event": _event(w, "Design sync")},
    "find_available_slots": lambda w: {
        "events": [_event(w, "Budget review")],
        "date": datetime.date(2024, 6, 26),
    },
    "find_events": lambda w: {"attendees": [person(w, "Bob")]},
    "find_past_events": lambda w: {"subject": "retro"},
    "get_calendar": lambda w: {"employee": person(w, "Bob")},
    "get_default_preparation_time": lambda w: {},
    "get_search_settings": lambda w: {"calendar_key": "work"},
    "provide_event_details": lambda w: {
        "events": [_event(w, "Design sync"), _event(w, "Budget review")]
    },
    "share_calendar": lambda w: {"recipients": [person(w, "Dan")]},
    "summarise_calendar": lambda w: {"events": [_event(w, "Budget review")], "name": "Alex"},
    # company_directory
    "find_employee": lambda w: {"name": "Chlo"},
    "find_manager_of": lambda w: {"employee": person(w, "Bob")},
    "find_reports_of": lambda w: {"employee": person(w, "Alex")},
    "find_team_of": lambda w: {"employee": person(w, "Alex")},
    "get_all_employees": lambda w: {},
    "get_assistant": lambda w: {"employee": person(w, "Bob")},
    "get_current_user": lambda w: {},
    "get_employee_profile": lambda w: {"employee": person(w, "Chloe")},
    "get_office_location": lambda w: {"employee": person(w, "Dan")},
    "get_vacation_schedule": lambda w: {"employee": person(w, "Bob")},
    # room_booking
    "find_available_time_slots": lambda w: {
        "room_name": "ada",
        "time_window": [TimeInterval(at(26, 9), at(26, 17))],
    },
    "room_booking_default_time_window": lambda w: {},
    "search_conference_room": lambda w: {
        "time_constraints": [datetime.date(2024, 6, 26)],
        "capacity": 6,
    },
    "summarise_availability": lambda w: {
        "schedule": _availability(w),
        "room_name": "Room Ada",
    },
}


def _availability(world: World) -> Any:
    from assistworld.apps.workplace.room_booking import search_conference_room

    with world.active():
        return search_conference_room([datetime.date(2024, 6, 26)])
