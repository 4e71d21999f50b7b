"""Setup tools that populate the company directory: the organisation and vacation schedules.

``simulate_org_structure`` allocates people to roles exactly as the reference ASPERA tool does
(benchmark queries name people by role, so who becomes CEO must not change): one shuffle of the
names with the world's generator, then names are taken from the end of the list in a fixed order.
Every other random draw (profiles, the choices made when extending a team) also uses the world's
generator, so a world seed always gives the same organisation.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal, get_args

from assistworld.apps.workplace._world import active_tables, active_world
from assistworld.apps.workplace.company_directory import (
    Employee,
    EmployeeDetails,
    Team,
    get_employee_profile,
)
from assistworld.apps.workplace.time_utils import TimeInterval

__all__ = ["UserRole", "simulate_org_structure", "simulate_vacation_schedule"]

UserRole = Literal["CEO", "COO", "CFO", "Manager", "Team Member"]

LEADERSHIP_ROLES: tuple[str, ...] = ("CEO", "COO", "CFO")
WORKING_TEAMS: tuple[Team, ...] = (Team.SalesMarketing, Team.Engineering, Team.Finance)
"""The teams that have a manager and members, in the order managers are appointed."""

# fmt: off
FILLER_NAMES: tuple[str, ...] = (
    "Horace", "Mafalda", "Splendour", "Charm", "Sweethearta", "Robespierre",
    "Danton", "Marat", "Ileana", "Elina", "Spookington", "Jeeves",
)
# fmt: on
MIN_ORG_NAMES = 12
EXTENSION_FILLER_NAMES: tuple[str, ...] = ("Songoku", "Frodopop")
MIN_EXTENSION_NAMES = 2
MANAGER_USER_REPORT = "Rumplestinskin"
EXTENSION_MANAGER_PROBABILITY = 0.2

LEADER_JOIN_DATE = datetime.date(2023, 7, 23)
VETERAN_JOIN_RANGE = (LEADER_JOIN_DATE, datetime.date(2023, 12, 1))
RECENT_HIRE_JOIN_DATE = datetime.date(2024, 5, 22)
MAX_RECENT_HIRES_PER_EXTENDED_TEAM = 2
RECENT_HIRE_PROBABILITY = 0.5
RECENT_HIRE_WINDOW_DAYS = 30
BIRTH_RANGE = (datetime.date(1979, 1, 1), datetime.date(2005, 1, 1))
BIRTH_MONTHS = (7, 8)


@dataclass(eq=False)
class _Seat:
    """One person while the organisation is being built (identity, not name, tells them apart)."""

    name: str
    team: Team
    role: str
    manager: _Seat | None = None
    reports: list[_Seat] = field(default_factory=list)
    assistant: _Seat | None = None
    is_user: bool = False
    fixed_join_date: datetime.date | None = None

    def add_report(self, report: _Seat) -> _Seat:
        report.manager = self
        self.reports.append(report)
        return report

    def in_chart_order(self, depth: int = 0) -> Iterator[tuple[_Seat, int]]:
        """This person, their reports' subtrees, then their assistant (the directory's order)."""
        yield self, depth
        for report in self.reports:
            yield from report.in_chart_order(depth + 1)
        if self.assistant is not None:
            yield from self.assistant.in_chart_order(depth + 1)


@dataclass(frozen=True)
class OrgPosition:
    """One employee as placed by ``simulate_org_structure``."""

    employee: Employee
    role: str
    team: Team
    depth: int
    """0 for the CEO, 1 for the people under the CEO, and so on."""
    is_user: bool


@dataclass(frozen=True)
class Organisation:
    """What ``simulate_org_structure`` created; ``str()`` of it is an indented org chart."""

    positions: tuple[OrgPosition, ...]
    """Everyone, in chart order: each person, then the people under them."""

    @property
    def user(self) -> Employee:
        """The device's user."""
        return next(p.employee for p in self.positions if p.is_user)

    @property
    def ceo(self) -> Employee:
        """The chief executive, root of the chart."""
        return self.positions[0].employee

    def __len__(self) -> int:
        return len(self.positions)

    def __str__(self) -> str:
        lines = [
            f"{'  ' * p.depth}{p.employee.name} ({p.role}, {p.team.value})" for p in self.positions
        ]
        user = next(p for p in self.positions if p.is_user)
        lines += ["", f"User: {user.employee.name} ({user.role}, {user.team.value})"]
        return "\n".join(lines)


def simulate_org_structure(
    default_employee_names: list[str],
    user_name: str = "Alex",
    user_role: UserRole = "Team Member",
    user_team: Team = Team.Engineering,
    teams_to_extend: dict[Team, list[str]] | None = None,
) -> Organisation:
    """Create the company: leadership, assistants, three teams, and the user. Call it once.

    Who gets which role is decided by the world's random generator, so the same arguments always
    give the same organisation, but the caller cannot choose who is CEO or who is in which team
    (except for the user and ``teams_to_extend``).

    Parameters:
        default_employee_names: names of people to place in the company. Fewer than 12 are padded
            with filler names (Horace, Mafalda, ...); pass ``[]`` to use only fillers.
        user_name: the device's user; added to the names if missing.
        user_role: "CEO", "COO" or "CFO" puts the user in that leadership seat; "Manager" or
            "Team Member" puts the user in ``user_team`` reporting to its manager. A Manager user
            also gets one report, "Rumplestinskin".
        user_team: the user's team (SalesMarketing, Engineering or Finance); ignored for a
            leadership user.
        teams_to_extend: more people for specific teams, to guarantee they share a team or to
            build a deeper hierarchy: ``{Team.Finance: ["Ben", "Jerry"]}``. Do not repeat these
            names in ``default_employee_names``. Each team gets at least two new people (padded
            with "Songoku", "Frodopop"); when the team has no manager reporting to a manager, a
            new manager with one report is created first; the others become Team Members (or,
            with probability 0.2, Managers) under the team's managers.

    Created: a CEO, COO and CFO (team Leadership; COO and CFO report to the CEO), each with an
    assistant (team Assistants, role "Assistant", whose manager is the leader but who is not
    among the leader's reports); one Manager per team (SalesMarketing and Engineering report to
    the COO, Finance to the CFO); the remaining names as Team Members dealt round-robin over the
    teams, the user's team last. Every profile gets an email, mobile, video-conference link, join
    date and birth date. Names should be distinct; afterwards get people with
    ``find_employee(name)[0]``. Returns the organisation; ``print`` it to see the org chart.
    """
    names = _validated_names(default_employee_names, "default_employee_names")
    (user_name,) = _validated_names([user_name], "user_name")
    role = _validated_role(user_role)
    team = _validated_team(user_team, "user_team")
    if role not in LEADERSHIP_ROLES and team not in WORKING_TEAMS:
        raise ValueError(
            f"A {role} user must be in SalesMarketing, Engineering or Finance, not {team.value}; "
            "pass user_team=Team.Engineering (or another working team)."
        )
    extensions = _validated_extensions(teams_to_extend)

    world = active_world()
    ceo, teams = _allocate(names, user_name, role, team, world.rng)
    for extended_team, new_names in extensions:
        _extend_team(teams[extended_team], extended_team, new_names, world.rng)
    return _write_directory(ceo)


def simulate_vacation_schedule(employee: Employee, time_off: list[TimeInterval]) -> None:
    """Record time off for ``employee`` (added to any already recorded).

    Parameters:
        employee: an employee from the directory (e.g. ``find_employee("Bob")[0]``).
        time_off: the vacations, each a ``TimeInterval(start, end)`` of ``datetime.datetime``
            values with start before end; they should not overlap.
    """
    get_employee_profile(employee)  # a clear error if the employee is not in the directory
    intervals: list[TimeInterval] = []
    for position, interval in enumerate(time_off):
        if not (
            isinstance(interval, tuple)
            and len(interval) == 2
            and all(isinstance(value, datetime.datetime) for value in interval)
        ):
            raise TypeError(
                f"time_off[{position}] must be a TimeInterval of two datetime.datetime values, "
                f"got {interval!r}; e.g. TimeInterval(start=datetime.datetime(2024, 7, 1, 9, 0), "
                "end=datetime.datetime(2024, 7, 5, 17, 0))."
            )
        start, end = interval
        if end < start:
            raise ValueError(f"time_off[{position}] ends ({end}) before it starts ({start}).")
        intervals.append(TimeInterval(start, end))
    active_tables().vacations.setdefault(employee.employee_id, []).extend(intervals)
    active_world().record_write()


# -- allocation (appendix steps 1-7 of the library spec) ----------------------------------------


def _allocate(
    names: list[str], user_name: str, user_role: str, user_team: Team, rng: random.Random
) -> tuple[_Seat, dict[Team, list[_Seat]]]:
    """Place everyone; returns the CEO and each working team's members in joining order."""
    names.extend(FILLER_NAMES[: max(0, MIN_ORG_NAMES - len(names))])
    if user_name not in names:
        names.append(user_name)
    rng.shuffle(names)

    seats: dict[str, _Seat] = {}
    if user_role in LEADERSHIP_ROLES:
        names.remove(user_name)
        seats[user_role] = _Seat(user_name, Team.Leadership, user_role, is_user=True)
    user_held_back = user_name in names
    if user_held_back:
        names.remove(user_name)
    for role in LEADERSHIP_ROLES:
        if role not in seats:
            seats[role] = _Seat(_take_last(names), Team.Leadership, role)
    ceo, coo, cfo = (seats[role] for role in LEADERSHIP_ROLES)
    ceo.add_report(coo)
    ceo.add_report(cfo)
    for leader in (ceo, coo, cfo):
        leader.assistant = _Seat(_take_last(names), Team.Assistants, "Assistant", manager=leader)
    if user_held_back:
        names.insert(0, user_name)

    managers: dict[Team, _Seat] = {}
    for team in WORKING_TEAMS:
        boss = cfo if team is Team.Finance else coo
        managers[team] = boss.add_report(
            _Seat(_take_last_except_user(names, user_name), team, "Manager")
        )
    teams = {team: [manager] for team, manager in managers.items()}

    deal_order = [t for t in WORKING_TEAMS if t is not user_team]
    if user_team in WORKING_TEAMS:
        deal_order.append(user_team)
    while not _only_user_left(names, user_name):
        for team in deal_order:
            if _only_user_left(names, user_name):
                break
            member = _Seat(_take_last_except_user(names, user_name), team, "Team Member")
            teams[team].append(managers[team].add_report(member))

    if user_role not in LEADERSHIP_ROLES:
        user = managers[user_team].add_report(_Seat(user_name, user_team, user_role, is_user=True))
        teams[user_team].append(user)
        if user_role == "Manager":
            report = _Seat(MANAGER_USER_REPORT, user_team, "Team Member")
            teams[user_team].append(user.add_report(report))
    return ceo, teams


def _extend_team(
    members: list[_Seat], team: Team, new_names: list[str], rng: random.Random
) -> None:
    """Add ``new_names`` to ``team`` (``members`` grows in place), as in appendix step 7."""
    new_names.extend(EXTENSION_FILLER_NAMES[: max(0, MIN_EXTENSION_NAMES - len(new_names))])
    managers = [m for m in members if m.role == "Manager"]
    has_second_level = any(r.role == "Manager" for m in managers for r in m.reports)
    if not has_second_level:
        sub_manager = rng.choice(managers).add_report(_Seat(new_names.pop(), team, "Manager"))
        managers.append(sub_manager)
        members.append(sub_manager)
        members.append(sub_manager.add_report(_Seat(new_names.pop(), team, "Team Member")))

    recent_hires = 0
    while new_names:
        name = new_names.pop()
        becomes_manager = rng.random() < EXTENSION_MANAGER_PROBABILITY and bool(new_names)
        without_reports = [m for m in managers if not m.reports]
        boss = rng.choice(without_reports or managers)
        seat = _Seat(name, team, "Manager" if becomes_manager else "Team Member")
        if recent_hires < MAX_RECENT_HIRES_PER_EXTENDED_TEAM:
            seat.fixed_join_date = RECENT_HIRE_JOIN_DATE
            recent_hires += 1
        members.append(boss.add_report(seat))
        if becomes_manager:
            managers.append(seat)


def _take_last(names: list[str]) -> str:
    if not names:
        raise ValueError(
            "simulate_org_structure ran out of names; pass more distinct default_employee_names."
        )
    return names.pop()


def _take_last_except_user(names: list[str], user_name: str) -> str:
    """Take the last name; if it is the user's, take the next one and put the user at the front."""
    name = _take_last(names)
    if name == user_name:
        name = _take_last(names)
        names.insert(0, user_name)
    return name


def _only_user_left(names: list[str], user_name: str) -> bool:
    return not names or names == [user_name]


# -- writing the directory (appendix step 8) ----------------------------------------------------


def _write_directory(ceo: _Seat) -> Organisation:
    """Give everyone an id and a profile, store them in chart order, and describe the result."""
    world = active_world()
    placed = list(ceo.in_chart_order())
    ids = {id(seat): world.new_id("employee") for seat, _ in placed}

    def id_of(seat: _Seat | None) -> str | None:
        return None if seat is None else ids[id(seat)]

    positions: list[OrgPosition] = []
    for seat, depth in placed:
        employee_id = ids[id(seat)]
        slug = seat.name.lower()
        active_tables().employees[employee_id] = EmployeeDetails(
            name=seat.name,
            email_address=f"{slug}@company.co.ro",
            mobile=_mobile_number(world.rng),
            team=seat.team,
            role=seat.role,
            video_conference_link=f"https://company.xweb.com/{slug}",
            joined_date=_join_date(seat, world.now.date(), world.rng),
            birth_date=_birth_date(world.rng),
            manager=id_of(seat.manager),
            assistant=id_of(seat.assistant),
            reports=[ids[id(r)] for r in seat.reports],
            employee_id=employee_id,
            is_user=seat.is_user,
        )
        employee = Employee(name=seat.name, employee_id=employee_id)
        positions.append(OrgPosition(employee, seat.role, seat.team, depth, seat.is_user))
    world.record_write()
    return Organisation(tuple(positions))


def _mobile_number(rng: random.Random) -> str:
    """The prefix +40, then 11 digits starting with 6-9 (shaped like a mobile number)."""
    return "+40" + rng.choice("6789") + "".join(rng.choice("0123456789") for _ in range(10))


def _random_date(start: datetime.date, end: datetime.date, rng: random.Random) -> datetime.date:
    """A uniformly drawn date from ``start`` to ``end``, both included."""
    return start + datetime.timedelta(days=rng.randint(0, (end - start).days))


def _join_date(seat: _Seat, today: datetime.date, rng: random.Random) -> datetime.date:
    if seat.role in LEADERSHIP_ROLES:
        return LEADER_JOIN_DATE
    if seat.is_user:
        return _random_date(*VETERAN_JOIN_RANGE, rng)
    if seat.fixed_join_date is not None:
        return seat.fixed_join_date
    if rng.random() < RECENT_HIRE_PROBABILITY:
        window_start = today - datetime.timedelta(days=RECENT_HIRE_WINDOW_DAYS)
        return _random_date(window_start, today - datetime.timedelta(days=1), rng)
    return _random_date(*VETERAN_JOIN_RANGE, rng)


def _birth_date(rng: random.Random) -> datetime.date:
    day = _random_date(*BIRTH_RANGE, rng)
    return day.replace(month=rng.choice(BIRTH_MONTHS))


# -- argument checks -----------------------------------------------------------------------------


def _validated_names(names: Sequence[str], parameter: str) -> list[str]:
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise TypeError(f"{parameter} must be a list of names, e.g. ['Bob', 'Alice'].")
    for position, name in enumerate(names):
        if not isinstance(name, str) or not name.strip():
            raise ValueError(f"{parameter}[{position}] must be a non-empty name, got {name!r}.")
    return list(names)


def _validated_role(user_role: str) -> str:
    roles: tuple[str, ...] = get_args(UserRole)
    if user_role not in roles:
        raise ValueError(f"user_role must be one of {', '.join(roles)}; got {user_role!r}.")
    return user_role


def _validated_team(team: Team | str, parameter: str) -> Team:
    try:
        return Team(team)
    except ValueError:
        choices = ", ".join(f"Team.{t.name}" for t in Team)
        raise ValueError(f"{parameter} must be one of {choices}; got {team!r}.") from None


def _validated_extensions(
    teams_to_extend: Mapping[Team, list[str]] | None,
) -> list[tuple[Team, list[str]]]:
    if teams_to_extend is None:
        return []
    if not isinstance(teams_to_extend, Mapping):
        raise TypeError("teams_to_extend must be a dict such as {Team.Finance: ['Ben', 'Jerry']}.")
    extensions: list[tuple[Team, list[str]]] = []
    for key, new_names in teams_to_extend.items():
        team = _validated_team(key, "each teams_to_extend key")
        if team not in WORKING_TEAMS:
            raise ValueError(
                f"teams_to_extend can only extend SalesMarketing, Engineering or Finance, "
                f"not {team.value}."
            )
        extensions.append((team, _validated_names(new_names, f"teams_to_extend[{team.value}]")))
    return extensions
