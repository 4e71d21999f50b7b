"""Calls per second of the library's hot functions as the world grows.

Prints, for worlds of 100, 1,000 and 10,000 employees (for ``find_employee``) or events (for
``find_events`` and ``add_event``), the calls per second and the growth exponent between sizes:
1.0 means the cost grows linearly with the world, 0 means it does not grow at all.

Run: ``python bench/library.py``
"""

from __future__ import annotations

import datetime
import math
import time
from collections.abc import Callable

from assistworld import World
from assistworld.apps.workplace.company_directory import (
    Employee,
    EmployeeDetails,
    Team,
    find_employee,
)
from assistworld.apps.workplace.tables import WorkplaceTables
from assistworld.apps.workplace.work_calendar import Event, add_event, find_events

SIZES = (100, 1_000, 10_000)
FIRST_NAMES = (
    "Ana", "Bogdan", "Chen", "Dana", "Emeka", "Farah", "Goran", "Hana", "Ines", "Jonas",
    "Kofi", "Lena", "Mateo", "Nadia", "Oskar", "Priya", "Quentin", "Rosa", "Sven", "Tariq",
)  # fmt: skip


def _world(employees: int, events: int) -> World:
    world = World()
    table = WorkplaceTables(world).employees
    for n in range(employees):
        employee_id = world.new_id("employee")
        name = f"{FIRST_NAMES[n % len(FIRST_NAMES)]} {n}"
        table[employee_id] = EmployeeDetails(
            name=name,
            email_address=f"e{n}@company.co.ro",
            mobile="+40700000000",
            team=Team.Engineering,
            role="Team Member",
            video_conference_link=f"https://company.xweb.com/e{n}",
            joined_date=datetime.date(2023, 8, 1),
            birth_date=datetime.date(1990, 7, 1),
            employee_id=employee_id,
            is_user=n == 0,
        )
    people = [Employee(name=r.name, employee_id=r.employee_id) for r in table.values()]
    start = datetime.datetime(2024, 6, 26, 9, 30)
    with world.active():
        for n in range(events):
            when = start + datetime.timedelta(minutes=37 * n)
            add_event(Event(subject=f"Meeting {n}", attendees=[people[1 + n % 5]], starts_at=when))
    return world


def _rate(world: World, call: Callable[[], object], budget: float = 0.6) -> float:
    with world.active():
        calls, started = 0, time.perf_counter()
        while True:
            call()
            calls += 1
            elapsed = time.perf_counter() - started
            if elapsed >= budget and calls >= 3:
                return calls / elapsed


def main() -> None:
    rows: list[tuple[str, list[float]]] = []
    rates: list[float] = []
    for size in SIZES:
        world = _world(employees=size, events=10)
        rates.append(_rate(world, lambda: find_employee("Priya")))
    rows.append(("find_employee (employees)", rates))

    rates = []
    for size in SIZES:
        world = _world(employees=20, events=size)
        rates.append(_rate(world, lambda: find_events(subject="Meeting 7")))
    rows.append(("find_events (events)", rates))

    rates = []
    extra = Event(subject="Extra", starts_at=datetime.datetime(2024, 7, 30, 10, 0))
    for size in SIZES:
        world = _world(employees=20, events=size)
        rates.append(_rate(world, lambda: add_event(extra.model_copy())))
    rows.append(("add_event (events)", rates))

    header = f"{'function (size axis)':28}" + "".join(f"{s:>14,}" for s in SIZES)
    print(header + f"{'growth 100->1k':>16}{'growth 1k->10k':>16}")
    for name, values in rows:
        cells = "".join(f"{v:>12,.0f}/s" for v in values)
        growth = [
            math.log10(values[i] / values[i + 1]) / math.log10(SIZES[i + 1] / SIZES[i])
            for i in range(len(values) - 1)
        ]
        print(f"{name:28}{cells}" + "".join(f"{g:>16.2f}" for g in growth))
    print("growth = log(rate ratio) / log(size ratio); 1.00 is linear, above 1 is worse.")


if __name__ == "__main__":
    main()
