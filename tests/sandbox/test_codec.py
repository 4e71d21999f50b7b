"""The tagged-JSON codec: what crosses the sandbox boundary, and what is refused."""

from __future__ import annotations

import collections
import datetime
import json
import math
from enum import Enum
from typing import Any

import pytest
from pydantic import BaseModel

from assistworld.apps import workplace as apps
from assistworld.apps.personal.records import Contact
from assistworld.apps.workplace.company_directory import Employee, EmployeeDetails, Team
from assistworld.apps.workplace.room_booking import ConferenceRoom, RoomAvailability
from assistworld.apps.workplace.time_utils import (
    ComparisonResult,
    DateRange,
    Duration,
    EventFrequency,
    RepetitionSpec,
    TimeExpressions,
    TimeInterval,
    TimeUnits,
)
from assistworld.apps.workplace.work_calendar import CalendarSearchSettings, Event, ShowAsStatus
from assistworld.sandbox.codec import Codec, CodecError
from assistworld.sandbox.framing import parse_strict_json
from assistworld.sandbox.library import ProgramLibrary

WORKPLACE = ProgramLibrary.of(apps.toolset())
CODEC = Codec(WORKPLACE.value_types())
START = datetime.datetime(2024, 6, 26, 10, 0)
BOB = Employee(name="Bob", employee_id="e-1")
SLOT = TimeInterval(START, START + datetime.timedelta(hours=1))
FULL_EVENT = Event(
    attendees=[BOB],
    optional_attendees=[Employee(name="Ann", employee_id="e-2")],
    subject="Sync",
    location="Room 1",
    starts_at=START,
    ends_at=START + datetime.timedelta(minutes=30),
    show_as_status=ShowAsStatus.OutOfOffice,
    event_importance="high",
    repeats=RepetitionSpec(
        frequency=EventFrequency.WEEKLY,
        which_weekday=[0, 2],
        recurs_until=datetime.date(2024, 8, 1),
        exclude_occurrence=[START + datetime.timedelta(days=7)],
    ),
    notes="agenda",
    attachments=[{"name": "slides", "pages": 3}, ["a", 1.5]],
    event_id="ev-1",
)

ROUND_TRIPS: list[Any] = [
    None,
    True,
    False,
    0,
    -7,
    2**200,
    1.5,
    -0.0,
    "",
    "naïve text",
    [1, "a", None],
    (1, (2, 3)),
    {"a": 1, "b": [2]},
    {1: "int key", (1, 2): "tuple key", datetime.date(2024, 1, 1): "date key", BOB: "model key"},
    {1, 2, 3},
    frozenset({"x"}),
    datetime.date(2024, 6, 25),
    START,
    datetime.datetime(2024, 6, 25, 9, 6, tzinfo=datetime.timezone(datetime.timedelta(hours=2))),
    datetime.time(17, 10, 5),
    datetime.timedelta(days=-1, seconds=5, microseconds=7),
    TimeExpressions.Afternoon,
    ComparisonResult.GREATER,
    Team.Finance,
    Duration(90, TimeUnits.Minutes),
    Duration(1.5, TimeUnits.Hours),
    SLOT,
    DateRange(datetime.date(2024, 7, 1), datetime.date(2024, 7, 7)),
    BOB,
    EmployeeDetails(
        name="Bob",
        email_address="bob@company.co.ro",
        mobile="+4012345678901",
        team=Team.Engineering,
        role="Manager",
        video_conference_link="https://company.xweb.com/bob",
        joined_date=datetime.date(2023, 7, 23),
        birth_date=datetime.date(1990, 7, 2),
        reports=["e-3"],
        employee_id="e-1",
    ),
    Event(subject="Bare"),
    FULL_EVENT,
    CalendarSearchSettings(
        earliest_free_slot_start=datetime.time(9, 6), latest_free_slot_finish=datetime.time(17, 10)
    ),
    ConferenceRoom(room_name="Room 1", capacity=8),
    RoomAvailability(room=ConferenceRoom(room_name="Room 1", capacity=8), free_slots=[SLOT]),
    [FULL_EVENT, [SLOT, {"nested": (BOB,)}]],
]


@pytest.mark.parametrize("value", ROUND_TRIPS, ids=lambda v: type(v).__name__)
def test_values_round_trip_exactly(value: Any) -> None:
    encoded = CODEC.encode(value)
    wire = json.dumps(encoded, allow_nan=False).encode()
    decoded = CODEC.decode(parse_strict_json(wire))
    assert decoded == value
    assert type(decoded) is type(value)
    if isinstance(value, float):
        assert math.copysign(1, decoded) == math.copysign(1, value)


def test_a_decoded_model_keeps_every_field() -> None:
    decoded = CODEC.decode(CODEC.encode(FULL_EVENT))
    assert decoded.model_dump() == FULL_EVENT.model_dump()
    assert type(decoded.repeats) is RepetitionSpec
    assert type(decoded.attendees[0]) is Employee


def test_the_allow_list_covers_every_value_type_of_the_library() -> None:
    library_types = [v for v in apps.namespace().values() if isinstance(v, type)]
    value_types = {
        t
        for t in library_types
        if issubclass(t, Enum | BaseModel) or (issubclass(t, tuple) and hasattr(t, "_fields"))
    }
    assert set(WORKPLACE.value_types()) == value_types
    for value in (TimeUnits.Days, SLOT, FULL_EVENT):
        assert CODEC.decode(CODEC.encode(value)) == value


def test_a_codec_refuses_the_value_types_of_a_library_it_was_not_made_for() -> None:
    with pytest.raises(TypeError, match=r"cannot return a value of type .*records\.Contact"):
        CODEC.encode(Contact(contact_id="c-1", name="Priya"))
    plain = Codec()  # plain data only
    with pytest.raises(TypeError, match=r"cannot return a value of type .*time_utils\.TimeUnits"):
        plain.encode(TimeUnits.Days)
    with pytest.raises(CodecError, match="'TimeUnits' is not a library enum"):
        plain.decode(CODEC.encode(TimeUnits.Days))
    with pytest.raises(CodecError, match="'Event' is not a library model"):
        plain.decode(CODEC.encode(FULL_EVENT))


def test_only_the_library_s_unfrozen_models_are_written_back() -> None:
    assert CODEC.is_mutable_model(FULL_EVENT)
    assert not CODEC.is_mutable_model(BOB)  # an Employee is frozen
    assert not Codec().is_mutable_model(FULL_EVENT)


class _AlwaysEqual(str):
    def __eq__(self, other: object) -> bool:
        return True

    __hash__ = str.__hash__


class _Big(int):
    def __int__(self) -> int:
        return 1


@pytest.mark.parametrize(
    ("value", "plain"),
    [
        (_AlwaysEqual("whoever"), "whoever"),
        (_Big(42), 42),
        (collections.defaultdict(list, {"a": [1]}), {"a": [1]}),
        (collections.OrderedDict(b=2), {"b": 2}),
        (collections.namedtuple("Point", "x y")(1, 2), (1, 2)),  # type: ignore[call-arg, arg-type]
    ],
)
def test_subclasses_of_plain_types_arrive_as_the_plain_type(value: Any, plain: Any) -> None:
    decoded = CODEC.decode(CODEC.encode(value))
    assert type(decoded) is type(plain)
    assert decoded == plain
    if isinstance(plain, str):
        assert decoded != "something else"


class _Custom:
    pass


class _MyEvent(Event):
    pass


class _Colour(Enum):
    red = 1


def _self_containing() -> list[Any]:
    loop: list[Any] = []
    loop.append(loop)
    return loop


@pytest.mark.parametrize(
    ("value", "error", "message"),
    [
        (lambda: None, TypeError, "cannot return a value of type function"),
        (_Custom(), TypeError, "test_codec._Custom"),
        (_MyEvent(subject="x"), TypeError, "_MyEvent"),
        (_Colour.red, TypeError, "_Colour"),
        (b"bytes", TypeError, "bytes"),
        (float("nan"), ValueError, "non-finite"),
        ([float("inf")], ValueError, "non-finite"),
        (_self_containing(), ValueError, "nested more than"),
        ({"key": {1: _Custom()}}, TypeError, "_Custom"),
    ],
)
def test_values_outside_the_allow_list_are_refused_clearly(
    value: Any, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        CODEC.encode(value)


def test_refusal_names_what_to_return_instead() -> None:
    with pytest.raises(TypeError) as refused:
        CODEC.encode(_Custom())
    assert "return plain data" in str(refused.value) and "library types" in str(refused.value)
    with pytest.raises(TypeError, match="cannot pass a value"):
        CODEC.encode(_Custom(), what="pass")


MALFORMED: list[Any] = [
    {"$t": "unknown", "v": 1},
    {"no_tag": 1},
    {"$t": "tuple", "v": [1], "extra": 2},
    {"$t": "tuple", "v": "not a list"},
    {"$t": "enum", "c": "TimeUnits", "v": "Weeks"},
    {"$t": "enum", "c": "os", "v": "system"},
    {"$t": "model", "c": "World", "v": {}},
    {"$t": "model", "c": "Employee", "v": {"name": "Bob"}},
    {"$t": "model", "c": "Employee", "v": {"name": 5, "employee_id": "e"}},
    {"$t": "model", "c": "Event", "v": {"subject": "x", "password": "y"}},
    {"$t": "model", "c": "Event", "v": {"starts_at": "2024-06-26T10:00:00"}},
    {
        "$t": "namedtuple",
        "c": "Duration",
        "v": [True, {"$t": "enum", "c": "TimeUnits", "v": "Hours"}],
    },
    {"$t": "namedtuple", "c": "Duration", "v": [1]},
    {"$t": "namedtuple", "c": "Point", "v": [1, 2]},
    {"$t": "dict", "v": [[[1, 2], "list key"]]},
    {"$t": "dict", "v": [["only a key"]]},
    {"$t": "set", "v": [[1]]},
    {"$t": "date", "v": "2024-02-30"},
    {"$t": "datetime", "v": 20240101},
    {"$t": "timedelta", "v": [1, 2.5, 0]},
    {"$t": "timedelta", "v": [1, 2]},
    {"$t": "timedelta", "v": [10**10, 0, 0]},
    {"$t": "time", "v": "25:00"},
    float("inf"),
    b"bytes",
]


@pytest.mark.parametrize("data", MALFORMED, ids=lambda d: str(d)[:40])
def test_malformed_tagged_json_is_refused(data: Any) -> None:
    with pytest.raises(CodecError):
        CODEC.decode(data)


def test_deep_values_are_refused_on_both_sides() -> None:
    deep: Any = 1
    for _ in range(40):
        deep = [deep]
    with pytest.raises(ValueError, match="nested more than"):
        CODEC.encode(deep)
    with pytest.raises(CodecError, match="nested more than"):
        CODEC.decode(deep)
