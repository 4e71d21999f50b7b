"""A small suite of slow-ish honest tasks written for the runner's tests."""
# ruff: noqa: E501  (the task template keeps its programs on one line each)

from __future__ import annotations

from pathlib import Path

TEMPLATE = '''"""Assistant, add a {minutes}-minute focus block tomorrow at 10 AM."""

QUERY_ID = "{query_id}"
CATEGORY = "{category}"


def add_focus_block_{n}():
    """Add a {minutes}-minute focus block tomorrow at 10 AM."""
    import time

    time.sleep({sleep})
    starts_at = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    ends_at = modify(starts_at, Duration({minutes}, TimeUnits.Minutes), operator=DateTimeClauseOperators.add)
    add_event(Event(subject="Focus", starts_at=starts_at, ends_at=ends_at))


def setup_env_add_focus_block_{n}():
    simulate_org_structure(default_employee_names=["Ana", "Ben"])


def evaluate_add_focus_block_{n}(query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]):
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(changes) != 1 or len(events) != 1:
        raise SolutionError("Incorrect solution")
    start = datetime.datetime(2024, 6, 26, 10, 0)
    if events[0].starts_at != start or events[0].ends_at != start + datetime.timedelta(minutes={minutes}):
        raise SolutionError("Incorrect solution")
'''


def write_suite(folder: Path, count: int, *, sleep: float = 0.0) -> list[str]:
    """Write ``count`` task files into ``folder``; return their query ids."""
    folder.mkdir(parents=True, exist_ok=True)
    ids = []
    for n in range(count):
        query_id = f"focus_{n:02d}"
        text = TEMPLATE.format(
            query_id=query_id,
            n=n,
            minutes=15 + 5 * n,
            sleep=sleep,
            category="even" if n % 2 == 0 else "odd",
        )
        (folder / f"{query_id}.py").write_text(text, encoding="utf-8")
        ids.append(query_id)
    return ids
