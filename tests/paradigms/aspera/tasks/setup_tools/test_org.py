"""simulate_org_structure and simulate_vacation_schedule."""

from __future__ import annotations

import datetime
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from assistworld.apps.workplace.company_directory import (
    Employee,
    EmployeeDetails,
    EmployeeNotFoundError,
    Team,
    find_employee,
    find_manager_of,
    find_reports_of,
    get_assistant,
    get_current_user,
    get_employee_profile,
    get_vacation_schedule,
)
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.time_utils import TimeInterval
from assistworld.paradigms.aspera.tasks.setup_tools import (
    UserRole,
    simulate_org_structure,
    simulate_vacation_schedule,
)
from assistworld.paradigms.aspera.tasks.setup_tools.org import Organisation
from assistworld.world import World

DT = datetime.datetime

# default_employee_names=["Alice", "Bob", "Charlie"] padded to 12 with the first nine filler
# names, then the user "Alex" appended (written out by hand from appendix step 1):
PADDED_ABC = [
    "Alice", "Bob", "Charlie",
    "Horace", "Mafalda", "Splendour", "Charm", "Sweethearta", "Robespierre", "Danton", "Marat",
    "Ileana",
    "Alex",
]  # fmt: skip


def _shuffled_abc() -> list[str]:
    names = list(PADDED_ABC)
    random.Random(0).shuffle(names)  # what a fresh World() draws first
    return names


@pytest.fixture
def world() -> Iterator[World]:
    w = World()
    with w.active():
        yield w


def _profile(name: str) -> EmployeeDetails:
    (employee,) = [e for e in find_employee(name) if e.name == name]
    return get_employee_profile(employee)


def _name_of(employee_id: str | None, world: World) -> str | None:
    return None if employee_id is None else WorkplaceTables(world).employees[employee_id].name


def _roles(world: World) -> dict[str, tuple[str, Team, str | None]]:
    """name -> (role, team, manager's name); names are unique in these tests."""
    return {
        d.name: (d.role, d.team, _name_of(d.manager, world))
        for d in WorkplaceTables(world).employees.values()
    }


def test_padded_list_is_what_the_spec_describes() -> None:
    filler = ["Horace", "Mafalda", "Splendour", "Charm", "Sweethearta", "Robespierre", "Danton"]
    filler += ["Marat", "Ileana"]
    assert ["Alice", "Bob", "Charlie", *filler, "Alex"] == PADDED_ABC


def test_team_member_user_allocation_follows_the_pop_order(world: World) -> None:
    simulate_org_structure(["Alice", "Bob", "Charlie"])
    # With seed 0 the shuffle gives: Bob, Marat, Danton, Splendour, Ileana, Charlie, Horace,
    # Sweethearta, Robespierre, Mafalda, Alice, Alex, Charm. Alex is held back, then from the end:
    # CEO Charm, COO Alice, CFO Mafalda; assistants Robespierre, Sweethearta, Horace; Alex goes to
    # the front; managers Charlie (SalesMarketing), Ileana (Engineering), Splendour (Finance);
    # members dealt SalesMarketing, Finance, Engineering: Danton, Marat, Bob; then only Alex is
    # left, and joins Engineering under Ileana.
    pool = [n for n in _shuffled_abc() if n != "Alex"]
    ceo, coo, cfo = pool.pop(), pool.pop(), pool.pop()
    ceo_assistant, coo_assistant, cfo_assistant = pool.pop(), pool.pop(), pool.pop()
    sales, engineering, finance = pool.pop(), pool.pop(), pool.pop()
    sales_member, finance_member, engineering_member = pool.pop(), pool.pop(), pool.pop()
    assert pool == []
    assert _roles(world) == {
        ceo: ("CEO", Team.Leadership, None),
        coo: ("COO", Team.Leadership, ceo),
        cfo: ("CFO", Team.Leadership, ceo),
        ceo_assistant: ("Assistant", Team.Assistants, ceo),
        coo_assistant: ("Assistant", Team.Assistants, coo),
        cfo_assistant: ("Assistant", Team.Assistants, cfo),
        sales: ("Manager", Team.SalesMarketing, coo),
        engineering: ("Manager", Team.Engineering, coo),
        finance: ("Manager", Team.Finance, cfo),
        sales_member: ("Team Member", Team.SalesMarketing, sales),
        finance_member: ("Team Member", Team.Finance, finance),
        engineering_member: ("Team Member", Team.Engineering, engineering),
        "Alex": ("Team Member", Team.Engineering, engineering),
    }
    assert (ceo, coo, cfo, engineering) == ("Charm", "Alice", "Mafalda", "Ileana")
    assert get_current_user().name == "Alex"
    assert get_employee_profile(get_current_user()).is_user


def test_ceo_user_takes_the_seat_and_has_no_manager(world: World) -> None:
    simulate_org_structure(["Alice", "Bob", "Charlie"], user_role="CEO")
    pool = [n for n in _shuffled_abc() if n != "Alex"]
    coo, cfo = pool.pop(), pool.pop()
    ceo_assistant = pool.pop()
    roles = _roles(world)
    assert roles["Alex"] == ("CEO", Team.Leadership, None)
    assert roles[coo] == ("COO", Team.Leadership, "Alex")
    assert roles[cfo] == ("CFO", Team.Leadership, "Alex")
    user = get_current_user()
    assert find_manager_of(user) is None
    assert _names(find_reports_of(user)) == sorted([coo, cfo])
    assistant = get_assistant(user)
    assert assistant is not None and assistant.name == ceo_assistant
    assert len(WorkplaceTables(world).employees) == 13


def test_manager_user_gets_rumplestinskin(world: World) -> None:
    simulate_org_structure(["Alice", "Bob", "Charlie"], user_role="Manager")
    user = get_current_user()
    profile = get_employee_profile(user)
    assert (profile.role, profile.team) == ("Manager", Team.Engineering)
    manager = find_manager_of(user)
    assert manager is not None
    assert get_employee_profile(manager).role == "Manager"
    assert get_employee_profile(manager).team is Team.Engineering
    (report,) = find_reports_of(user)
    assert report.name == "Rumplestinskin"
    assert _profile("Rumplestinskin").role == "Team Member"
    assert _profile("Rumplestinskin").team is Team.Engineering
    assert len(WorkplaceTables(world).employees) == 14


def test_finance_user_joins_finance_dealt_last(world: World) -> None:
    simulate_org_structure(["Alice", "Bob", "Charlie"], user_team=Team.Finance)
    pool = [n for n in _shuffled_abc() if n != "Alex"]
    del pool[-9:]  # three leaders, three assistants, three managers
    sales_member, engineering_member, finance_member = pool.pop(), pool.pop(), pool.pop()
    roles = _roles(world)
    finance_manager = next(n for n, r in roles.items() if r[:2] == ("Manager", Team.Finance))
    assert roles["Alex"] == ("Team Member", Team.Finance, finance_manager)
    assert roles[sales_member][:2] == ("Team Member", Team.SalesMarketing)
    assert roles[engineering_member][:2] == ("Team Member", Team.Engineering)
    assert roles[finance_member][:2] == ("Team Member", Team.Finance)


@pytest.mark.parametrize("role", ["COO", "CFO"])
def test_coo_or_cfo_user_reports_to_the_ceo(world: World, role: UserRole) -> None:
    simulate_org_structure([], user_name="Dana", user_role=role)
    profile = get_employee_profile(get_current_user())
    assert (profile.name, profile.role, profile.team) == ("Dana", role, Team.Leadership)
    assert WorkplaceTables(world).employees[profile.manager or ""].role == "CEO"


def test_extending_a_team_puts_everyone_in_it(world: World) -> None:
    new = ["Ben", "Jerry", "Tom", "Jack", "William"]
    simulate_org_structure([], user_team=Team.Finance, teams_to_extend={Team.Finance: new})
    assert new == ["Ben", "Jerry", "Tom", "Jack", "William"]  # the caller's list is untouched
    profiles = {name: _profile(name) for name in new}
    assert all(p.team is Team.Finance for p in profiles.values())
    # the team had one management level, so the last name became a manager reporting to the
    # Finance manager, and the next one that manager's report
    assert profiles["William"].role == "Manager"
    boss = WorkplaceTables(world).employees[profiles["William"].manager or ""]
    assert (boss.role, boss.team) == ("Manager", Team.Finance)
    assert _name_of(profiles["Jack"].manager, world) == "William"
    # the last name is never a manager; the first two of the rest joined on the fixed date
    assert profiles["Ben"].role == "Team Member"
    assert [profiles[n].joined_date for n in ("Tom", "Jerry")] == [datetime.date(2024, 5, 22)] * 2
    assert profiles["Ben"].joined_date != datetime.date(2024, 5, 22)


def test_extension_is_padded_to_two_people(world: World) -> None:
    simulate_org_structure([], teams_to_extend={Team.SalesMarketing: ["Pete"]})
    # padded with "Songoku" only; names are taken from the end, so Songoku is the new manager
    assert (_profile("Songoku").role, _profile("Songoku").team) == ("Manager", Team.SalesMarketing)
    assert _profile("Pete").team is Team.SalesMarketing
    assert _name_of(_profile("Pete").manager, world) == "Songoku"
    assert find_employee("Frodopop") == []


def test_extension_under_a_manager_user_needs_no_new_level(world: World) -> None:
    simulate_org_structure([], user_role="Manager", teams_to_extend={Team.Engineering: ["Pete"]})
    songoku, pete = _profile("Songoku"), _profile("Pete")
    assert pete.role == "Team Member"  # the last name is never a manager
    assert songoku.joined_date == pete.joined_date == datetime.date(2024, 5, 22)
    assert {songoku.team, pete.team} == {Team.Engineering}


# -- invariants over several set-ups --------------------------------------------------------------

SETUPS: list[dict[str, Any]] = [
    {"default_employee_names": []},
    {"default_employee_names": ["Alice", "Bob", "Charlie"], "user_role": "Manager"},
    {"default_employee_names": [f"P{i}" for i in range(20)], "user_team": Team.SalesMarketing},
    {"default_employee_names": ["Ann"], "user_role": "CFO", "teams_to_extend": {Team.Finance: []}},
    {
        "default_employee_names": ["Ann", "Bea"],
        "teams_to_extend": {Team.Engineering: ["E1", "E2", "E3"], Team.Finance: ["F1", "F2"]},
    },
]


@pytest.mark.parametrize("kwargs", SETUPS)
def test_directory_is_consistent(world: World, kwargs: dict[str, Any]) -> None:
    org = simulate_org_structure(**kwargs)
    people = WorkplaceTables(world).employees
    assert [p.employee.employee_id for p in org.positions] == list(people)  # chart = stored order
    assert sum(d.is_user for d in people.values()) == 1
    assert [d.role for d in people.values() if d.manager is None] == ["CEO"]
    for employee_id, details in people.items():
        for report in details.reports or []:
            assert people[report].manager == employee_id
        if details.manager is not None:
            boss = people[details.manager]
            assert employee_id in (boss.reports or []) or boss.assistant == employee_id
        if details.role in ("CEO", "COO", "CFO"):
            assert people[details.assistant or ""].team is Team.Assistants


@pytest.mark.parametrize("kwargs", SETUPS)
def test_profiles_follow_the_documented_shapes(world: World, kwargs: dict[str, Any]) -> None:
    simulate_org_structure(**kwargs)
    now = world.now.date()
    for d in WorkplaceTables(world).employees.values():
        assert d.email_address == f"{d.name.lower()}@company.co.ro"
        assert d.video_conference_link == f"https://company.xweb.com/{d.name.lower()}"
        assert re.fullmatch(r"\+40\d{11}", d.mobile)
        assert d.birth_date.month in (7, 8) and 1979 <= d.birth_date.year <= 2005
        veteran = datetime.date(2023, 7, 23) <= d.joined_date <= datetime.date(2023, 12, 1)
        recent = now - datetime.timedelta(days=30) <= d.joined_date < now
        if d.role in ("CEO", "COO", "CFO"):
            assert d.joined_date == datetime.date(2023, 7, 23)
        elif d.is_user:
            assert veteran
        else:
            assert veteran or recent or d.joined_date == datetime.date(2024, 5, 22)


def test_same_seed_same_world_other_seed_other_world() -> None:
    def build(seed: int) -> str:
        w = World(seed=seed)
        with w.active():
            simulate_org_structure(["Ann", "Bea"], teams_to_extend={Team.Finance: ["F1", "F2"]})
        return w.to_json()

    assert build(0) == build(0)
    assert build(0) != build(1)


def test_recent_hires_are_drawn_relative_to_the_worlds_clock() -> None:
    w = World(now=DT(2030, 1, 15, 9, 6))
    with w.active():
        simulate_org_structure([f"P{i}" for i in range(40)])
    joined = [
        d.joined_date for d in WorkplaceTables(w).employees.values() if d.role == "Team Member"
    ]
    assert any(datetime.date(2029, 12, 16) <= j <= datetime.date(2030, 1, 14) for j in joined)


def test_many_names_need_no_filler_and_the_user_is_not_duplicated(world: World) -> None:
    names = [f"P{i}" for i in range(14)] + ["Alex"]
    simulate_org_structure(names)
    stored = sorted(d.name for d in WorkplaceTables(world).employees.values())
    assert stored == sorted(names)


# -- the returned organisation --------------------------------------------------------------------


def test_org_chart_text_is_indented_under_managers(world: World) -> None:
    org = simulate_org_structure(["Alice", "Bob", "Charlie"])
    assert isinstance(org, Organisation)
    assert org.user == get_current_user()
    assert org.ceo.name == "Charm"
    chart, user_line = str(org).split("\n\n")
    lines = chart.splitlines()
    assert lines[0] == "Charm (CEO, Leadership)"
    assert "  Alice (COO, Leadership)" in lines
    assert "      Alex (Team Member, Engineering)" in lines
    assert user_line == "User: Alex (Team Member, Engineering)"
    depth = {line.strip().split(" (")[0]: (len(line) - len(line.lstrip())) // 2 for line in lines}
    for d in WorkplaceTables(world).employees.values():
        if d.manager is not None:
            assert depth[d.name] == depth[_name_of(d.manager, world) or ""] + 1


# -- bad arguments --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"user_role": "Intern"}, ValueError, "user_role must be one of"),
        ({"user_team": Team.Assistants}, ValueError, "must be in SalesMarketing"),
        ({"user_team": "Marketing"}, ValueError, "user_team must be one of"),
        ({"teams_to_extend": {Team.Leadership: ["X"]}}, ValueError, "can only extend"),
        ({"teams_to_extend": ["X"]}, TypeError, "must be a dict"),
        ({"user_name": " "}, ValueError, "user_name"),
        ({"default_employee_names": "Bob"}, TypeError, "must be a list of names"),
        ({"default_employee_names": ["Bob", 3]}, ValueError, r"default_employee_names\[1\]"),
    ],
)
def test_bad_arguments_are_named(
    world: World, kwargs: dict[str, Any], error: type[Exception], message: str
) -> None:
    kwargs.setdefault("default_employee_names", [])
    with pytest.raises(error, match=message):
        simulate_org_structure(**kwargs)
    assert WorkplaceTables(world).employees == {}


# -- vacations ------------------------------------------------------------------------------------


def test_vacations_accumulate_and_read_back_sorted(world: World) -> None:
    simulate_org_structure(["Bob"])
    bob = find_employee("Bob")[0]
    august = TimeInterval(DT(2024, 8, 5, 9, 0), DT(2024, 8, 9, 17, 0))
    july = TimeInterval(DT(2024, 7, 1, 9, 0), DT(2024, 7, 2, 17, 0))
    simulate_vacation_schedule(bob, [august])
    simulate_vacation_schedule(bob, [july])
    assert get_vacation_schedule(bob) == [july, august]
    assert get_vacation_schedule(get_current_user()) is None


def test_each_setup_tool_call_that_writes_counts_as_a_write(world: World) -> None:
    simulate_org_structure(["Bob"])
    after_org = world.version
    bob = find_employee("Bob")[0]
    simulate_vacation_schedule(bob, [TimeInterval(DT(2024, 8, 5, 9, 0), DT(2024, 8, 9, 17, 0))])
    assert after_org >= 1 and world.version == after_org + 1


@pytest.mark.parametrize(
    ("time_off", "error", "message"),
    [
        ([TimeInterval(DT(2024, 7, 2), DT(2024, 7, 1))], ValueError, "ends .* before it starts"),
        ([(datetime.date(2024, 7, 1), datetime.date(2024, 7, 2))], TypeError, "datetime.datetime"),
        (["2024-07-01"], TypeError, r"time_off\[0\]"),
    ],
)
def test_bad_vacations_are_refused(
    world: World, time_off: list[Any], error: type[Exception], message: str
) -> None:
    simulate_org_structure([])
    with pytest.raises(error, match=message):
        simulate_vacation_schedule(get_current_user(), time_off)
    assert WorkplaceTables(world).vacations == {}


def test_vacation_for_someone_not_in_the_directory(world: World) -> None:
    with pytest.raises(EmployeeNotFoundError):
        simulate_vacation_schedule(Employee(name="Ghost", employee_id="x"), [])


def _names(employees: list[Employee]) -> list[str]:
    return [e.name for e in employees]
