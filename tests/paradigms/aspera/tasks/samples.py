"""Task-file texts and task fields shared by the task tests (all invented for these tests)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

VALID_FILE = '''"""Assistant, how many meetings do I have tomorrow?"""

QUERY_ID = "count_tomorrow"
CATEGORY = "counting"
TAGS = ["calendar"]


def count_meetings_tomorrow() -> int:
    """Count tomorrow's meetings."""
    # look up tomorrow's events
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    return len([e for e in find_events() if e.starts_at.date() == tomorrow])


def setup_env_count_meetings_tomorrow():
    simulate_org_structure(["Ana"])


def evaluate_count_meetings_tomorrow(query, executable, setup_function):
    setup_function()
    if executable() != 0:
        raise SolutionError("Incorrect solution")
'''

PLAN = "def book_room():\n    add_event(Event(subject='Sync'))"
SETUP = "def setup_env_book_room():\n    simulate_org_structure(['Ana'])"
EVALUATION = (
    "def evaluate_book_room(query, executable, setup_function):\n"
    "    setup_function()\n"
    "    executable()"
)


def task_fields(**overrides: Any) -> dict[str, Any]:
    """Valid Task fields for a one-pair task, with ``overrides`` applied."""
    fields: dict[str, Any] = {
        "query_id": "book",
        "query": "Assistant, book a sync.",
        "program": PLAN,
        "state_generation_programs": [SETUP],
        "evaluation_programs": [EVALUATION],
        "source": "tasks/book.py",
    }
    fields.update(overrides)
    return fields


def line_of(text: str, needle: str) -> int:
    """The 1-based number of the first line of ``text`` containing ``needle``."""
    for number, line in enumerate(text.split("\n"), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in the text")


def write(folder: Path, name: str, text: str) -> Path:
    """Write ``text`` to ``folder/name`` and return the path."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path
