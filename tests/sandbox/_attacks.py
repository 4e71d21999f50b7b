"""The adversarial programs of the sandbox spec, list 4.7 (items 1-52), and of issue 13 (filed
under the item they extend), as one catalogue."""

from __future__ import annotations

from assistworld.sandbox import PairOutcome
from tests.sandbox._attack_kit import Attack, returned
from tests.sandbox._attacks_escaping import ESCAPING
from tests.sandbox._attacks_exhausting import EXHAUSTING
from tests.sandbox._attacks_file_identity import FILE_IDENTITY
from tests.sandbox._attacks_host_protection import HOST_PROTECTION
from tests.sandbox._attacks_leaving_and_forging import LEAVING_AND_FORGING
from tests.sandbox._attacks_reading_and_tampering import READING_AND_TAMPERING

P = PairOutcome

ATTACKS: tuple[Attack, ...] = (
    *LEAVING_AND_FORGING,
    *READING_AND_TAMPERING,
    *EXHAUSTING,
    *ESCAPING,
    *HOST_PROTECTION,
    *FILE_IDENTITY,
)

TRIVIAL_PROGRAMS: tuple[tuple[str, str, PairOutcome], ...] = (
    ("empty", "", P.execution_error),
    ("pass", "def do_nothing():\n    pass\n", P.task_completion_error),
    (
        "random-api",
        """
import random

def random_api():
    rng = random.Random(52)
    people = get_all_employees()
    find_employee(rng.choice(people).name)
    find_available_slots(find_events())
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(3, 7, "pm"))
    add_event(Event(attendees=[rng.choice(people)], starts_at=start))
    return rng.choice(people).name
""",
        P.task_completion_error,
    ),
)
"""Item 52: trivial programs that must fail every test task."""

TRIVIAL_ATTACKS: tuple[Attack, ...] = tuple(
    Attack(f"52-{name}-on-{task}", 52, program, expected, task=task)
    for name, program, expected in TRIVIAL_PROGRAMS
    for task in ("schedule", "manager", "handback")
)

RESIDUE_PROBE = """
import os, sys

def look_for_residue():
    import assistworld.apps.workplace.work_calendar as calendar
    return {
        "files": sorted(os.listdir(".")),
        "environment": dict(os.environ),
        "module_attribute": hasattr(calendar, "ASSISTWORLD_RESIDUE"),
        "module": "evil_residue" in sys.modules,
    }
"""
"""Item 50: what an honest program sees in a fresh run after ``50-leave-residue``."""


__all__ = ["ATTACKS", "RESIDUE_PROBE", "TRIVIAL_ATTACKS", "Attack", "returned"]
