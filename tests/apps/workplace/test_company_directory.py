"""The company directory functions, over small directories written straight into a world."""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pydantic import ValidationError

from assistworld.apps.workplace.company_directory import (
    CurrentUserError,
    Employee,
    EmployeeDetails,
    EmployeeNotFoundError,
    Team,
    find_employee,
    find_manager_of,
    find_reports_of,
    find_team_of,
    get_all_employees,
    get_assistant,
    get_current_user,
    get_employee_profile,
    get_office_location,
    get_vacation_schedule,
)
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.time_utils import TimeInterval
from assistworld.world import NoActiveWorldError, World

DT = datetime.datetime


def _add(
    world: World,
    name: str,
    team: Team,
    role: str,
    manager: str | None = None,
    *,
    is_user: bool = False,
    reports_none: bool = False,
) -> str:
    """Store one employee (and link them into their manager's reports); returns the id."""
    employee_id = f"id-{len(WorkplaceTables(world).employees):03d}-{name.lower()}"
    WorkplaceTables(world).employees[employee_id] = EmployeeDetails(
        name=name,
        email_address=f"{name.lower()}@company.co.ro",
        mobile="+40712345678901",
        team=team,
        role=role,
        video_conference_link=f"https://company.xweb.com/{name.lower()}",
        joined_date=datetime.date(2023, 8, 1),
        birth_date=datetime.date(1990, 7, 1),
        manager=manager,
        reports=None if reports_none else [],
        employee_id=employee_id,
        is_user=is_user,
    )
    if manager is not None and role != "Assistant":
        boss = WorkplaceTables(world).employees[manager]
        WorkplaceTables(world).employees[manager] = boss.model_copy(
            update={"reports": [*(boss.reports or []), employee_id]}
        )
    return employee_id


def _set_assistant(world: World, leader: str, assistant: str) -> None:
    details = WorkplaceTables(world).employees[leader]
    WorkplaceTables(world).employees[leader] = details.model_copy(update={"assistant": assistant})


@pytest.fixture
def world() -> Iterator[World]:
    """CEO Zed (assistant Amy) -> COO Carla (assistant Pat) -> Engineering manager Mona.

    Mona manages Jianpeng, Jian and the user Alex; Finance has its manager Fred and two people
    called Sam; Engineering also holds Bobby. Nobody in Finance reports to anyone in Engineering.
    """
    w = World()
    ceo = _add(w, "Zed", Team.Leadership, "CEO")
    coo = _add(w, "Carla", Team.Leadership, "COO", ceo)
    _set_assistant(w, ceo, _add(w, "Amy", Team.Assistants, "Assistant", ceo))
    _set_assistant(w, coo, _add(w, "Pat", Team.Assistants, "Assistant", coo))
    mona = _add(w, "Mona", Team.Engineering, "Manager", coo)
    _add(w, "Jianpeng", Team.Engineering, "Team Member", mona)
    _add(w, "Jian", Team.Engineering, "Team Member", mona)
    _add(w, "Alex", Team.Engineering, "Team Member", mona, is_user=True)
    _add(w, "Bobby", Team.Engineering, "Team Member", mona, reports_none=True)
    fred = _add(w, "Fred", Team.Finance, "Manager", coo)
    _add(w, "Sam", Team.Finance, "Team Member", fred)
    _add(w, "Sam", Team.Finance, "Team Member", fred)
    with w.active():
        yield w


def _one(name: str) -> Employee:
    """The single employee with exactly this name (a test helper, not the library's matcher)."""
    (employee,) = [e for e in get_all_employees() if e.name == name]
    return employee


def _names(employees: list[Employee] | None) -> list[str]:
    assert employees is not None
    return [e.name for e in employees]


# -- get_current_user -----------------------------------------------------------------------------


def test_current_user_is_the_one_marked_user(world: World) -> None:
    user = get_current_user()
    assert user.name == "Alex"
    assert get_employee_profile(user).is_user


@pytest.mark.parametrize("users", [0, 2])
def test_current_user_needs_exactly_one_user(users: int) -> None:
    w = World()
    ceo = _add(w, "Zed", Team.Leadership, "CEO", is_user=users >= 1)
    _add(w, "Bo", Team.Engineering, "Team Member", ceo, is_user=users >= 2)
    with w.active(), pytest.raises(CurrentUserError, match=f"marks {users} employees"):
        get_current_user()


# -- find_employee --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("Jianpeng", ["Jianpeng", "Jian"]),  # exact first; "Jian" still scores 90
        ("Jian", ["Jian", "Jianpeng"]),  # best score first
        ("jianpeng", ["Jianpeng", "Jian"]),  # case-insensitive
        ("  JIANPENG  ", ["Jianpeng", "Jian"]),  # surrounding spaces ignored
        ("Jianpeng!", ["Jianpeng", "Jian"]),  # punctuation ignored
        ("Bob", ["Bobby"]),  # a partial name matches a longer one
        ("Carla", ["Carla"]),
        ("Sam", ["Sam", "Sam"]),  # two people with the same name, both returned
        ("Xavier", []),
        ("", []),
    ],
)
def test_find_employee_matches_fuzzily(world: World, query: str, expected: list[str]) -> None:
    assert _names(find_employee(query)) == expected


def test_same_name_people_stay_distinct_in_stored_order(world: World) -> None:
    first, second = find_employee("Sam")
    assert first != second
    assert first.employee_id != second.employee_id
    stored = [i for i, d in WorkplaceTables(world).employees.items() if d.name == "Sam"]
    assert [first.employee_id, second.employee_id] == stored
    assert len({first, second}) == 2  # hashable, and distinct as set members


def test_find_employee_returns_at_most_fifty_in_stored_order() -> None:
    w = World()
    ceo = _add(w, "Zed", Team.Leadership, "CEO")
    ids = [_add(w, "Sam", Team.Finance, "Team Member", ceo) for _ in range(60)]
    with w.active():
        found = find_employee("sam")
    assert [e.employee_id for e in found] == ids[:50]


def test_find_employee_rejects_a_non_string(world: World) -> None:
    with pytest.raises(TypeError, match="expects a name"):
        find_employee(["Bob"])  # type: ignore[arg-type]


# -- relations ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("who", "team"),
    [
        ("Alex", ["Bobby", "Jian", "Jianpeng", "Mona"]),  # excludes self, includes the manager
        ("Mona", ["Alex", "Bobby", "Jian", "Jianpeng"]),
        ("Fred", ["Sam", "Sam"]),
        ("Zed", ["Carla"]),
        ("Amy", ["Pat"]),
    ],
)
def test_find_team_of(world: World, who: str, team: list[str]) -> None:
    assert _names(find_team_of(_one(who))) == team


@pytest.mark.parametrize(
    ("who", "reports"),
    [
        ("Mona", ["Alex", "Bobby", "Jian", "Jianpeng"]),  # sorted by name
        ("Zed", ["Carla"]),  # the assistant is not a report
        ("Carla", ["Fred", "Mona"]),
        ("Alex", []),  # stored as an empty list
        ("Bobby", []),  # stored as None
    ],
)
def test_find_reports_of(world: World, who: str, reports: list[str]) -> None:
    assert _names(find_reports_of(_one(who))) == reports


@pytest.mark.parametrize(
    ("who", "manager"),
    [("Zed", None), ("Carla", "Zed"), ("Amy", "Zed"), ("Mona", "Carla"), ("Alex", "Mona")],
)
def test_find_manager_of(world: World, who: str, manager: str | None) -> None:
    found = find_manager_of(_one(who))
    assert (found.name if found else None) == manager


@pytest.mark.parametrize(
    ("who", "assistant"),
    [("Zed", "Amy"), ("Carla", "Pat"), ("Mona", None), ("Alex", None), ("Amy", None)],
)
def test_get_assistant_only_for_leaders(world: World, who: str, assistant: str | None) -> None:
    found = get_assistant(_one(who))
    assert (found.name if found else None) == assistant


# -- vacations, profiles, everyone ----------------------------------------------------------------


def test_vacation_schedule_is_sorted_by_start(world: World) -> None:
    alex = _one("Alex")
    later = TimeInterval(DT(2024, 8, 1, 9, 0), DT(2024, 8, 9, 17, 0))
    sooner = TimeInterval(DT(2024, 7, 1, 9, 0), DT(2024, 7, 3, 17, 0))
    WorkplaceTables(world).vacations[alex.employee_id] = [later, sooner]
    assert get_vacation_schedule(alex) == [sooner, later]
    assert WorkplaceTables(world).vacations[alex.employee_id] == [
        later,
        sooner,
    ]  # the table is untouched


@pytest.mark.parametrize("record", [None, []])
def test_vacation_schedule_is_none_without_a_record(
    world: World, record: list[TimeInterval] | None
) -> None:
    alex = _one("Alex")
    if record is not None:
        WorkplaceTables(world).vacations[alex.employee_id] = record
    assert get_vacation_schedule(alex) is None


def test_profile_is_the_stored_record_and_a_copy(world: World) -> None:
    mona = _one("Mona")
    profile = get_employee_profile(mona)
    assert profile == WorkplaceTables(world).employees[mona.employee_id]
    assert profile.role == "Manager"
    assert profile.team is Team.Engineering
    assert profile.reports is not None
    profile.reports.clear()  # a program scribbling on its copy changes nothing stored
    assert len(find_reports_of(mona)) == 4


def test_all_employees_sorted_by_name_including_the_user(world: World) -> None:
    names = _names(get_all_employees())
    assert names == sorted(d.name for d in WorkplaceTables(world).employees.values())
    assert "Alex" in names
    assert len(names) == 12


@pytest.mark.parametrize("who", ["Zed", "Alex", "Sam"])
def test_office_location_is_one_address(world: World, who: str) -> None:
    employee = find_employee(who)[0]
    assert get_office_location(employee) == "30 Station Road, Cambridge, CV3 2AL"


# -- bad input ------------------------------------------------------------------------------------

_PER_EMPLOYEE: list[Callable[[Employee], Any]] = [
    find_team_of,
    find_reports_of,
    find_manager_of,
    get_assistant,
    get_vacation_schedule,
    get_employee_profile,
    get_office_location,
]


@pytest.mark.parametrize("function", _PER_EMPLOYEE, ids=lambda f: f.__name__)
def test_unknown_employee_is_a_clear_error(
    world: World, function: Callable[[Employee], Any]
) -> None:
    ghost = Employee(name="Ghost", employee_id="no-such-id")
    with pytest.raises(EmployeeNotFoundError, match=r"'Ghost'.*find_employee"):
        function(ghost)


@pytest.mark.parametrize("function", _PER_EMPLOYEE, ids=lambda f: f.__name__)
def test_a_name_instead_of_an_employee_is_a_clear_error(
    world: World, function: Callable[[Any], Any]
) -> None:
    with pytest.raises(TypeError, match=r"Expected an Employee, got str.*find_employee"):
        function("Alex")


def test_library_calls_need_an_active_world() -> None:
    with pytest.raises(NoActiveWorldError):
        get_all_employees()


# -- value types ----------------------------------------------------------------------------------


def test_employee_cannot_be_made_up() -> None:
    with pytest.raises(ValidationError, match="find_employee"):
        Employee(name="X")  # type: ignore[call-arg]


def test_employee_equality_uses_name_and_id() -> None:
    a = Employee(name="Sam", employee_id="1")
    assert a == Employee(name="Sam", employee_id="1")
    assert a != Employee(name="Sam", employee_id="2")
    assert a != Employee(name="Samuel", employee_id="1")
    assert hash(a) == hash(Employee(name="Sam", employee_id="1"))


def test_employee_and_details_round_trip_through_json(world: World) -> None:
    for employee in get_all_employees():
        assert Employee.model_validate_json(employee.model_dump_json()) == employee
        profile = get_employee_profile(employee)
        assert EmployeeDetails.model_validate_json(profile.model_dump_json()) == profile
