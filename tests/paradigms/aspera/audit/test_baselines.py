"""The task audit: a task that an always-hands-back program passes breaks the rules."""

from __future__ import annotations

from assistworld.paradigms.aspera.audit.baselines import audit_tasks
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.sandbox import InProcessExecutor

REFERENCE = '''def sync_with_bob():
    """Book 30 minutes with Bob tomorrow at 10, unless the user is busy then."""
    bob = find_employee("Bob")[0]
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    end = start + datetime.timedelta(minutes=30)
    if any(e.starts_at < end and start < e.ends_at for e in find_events()):
        raise RequiresUserInput("You are busy tomorrow at 10: shall I pick another time?")
    add_event(Event(subject="Sync", attendees=[bob], starts_at=start, ends_at=end))
'''

BUSY_SETUP = """def setup_env_sync_with_bob():
    simulate_org_structure(default_employee_names=["Bob", "Cy"])
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    simulate_user_calendar(
        [Event(subject="Dentist", starts_at=start, ends_at=start + datetime.timedelta(hours=1))]
    )
"""

BUSY_EVALUATION = """def evaluate_sync_with_bob(query, executable, setup_function):
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
"""

FREE_SETUP = """def setup_env_sync_with_bob_free():
    simulate_org_structure(default_employee_names=["Bob", "Cy"])
"""

FREE_EVALUATION = """def evaluate_sync_with_bob_free(query, executable, setup_function):
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(changes) != 1 or len(events) != 1:
        raise SolutionError("Incorrect solution")
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    if events[0].starts_at != start or events[0].ends_at != start + datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
"""


def _task(setups: list[str], evaluations: list[str]) -> Task:
    return Task(
        query_id="sync_with_bob",
        query="Assistant, book 30 minutes with Bob tomorrow at 10 unless I am busy then.",
        program=REFERENCE,
        state_generation_programs=setups,
        evaluation_programs=evaluations,
        kind="state-changing",
    )


def test_a_task_whose_only_pair_expects_a_hand_back_breaks_the_rules() -> None:
    audit = audit_tasks(
        [_task([BUSY_SETUP], [BUSY_EVALUATION])], InProcessExecutor(library=ASPERA_LIBRARY)
    )
    (item,) = audit.tasks
    assert item.oracle.passed
    assert not item.null.passed
    assert item.hands_back.passed
    assert audit.hands_back_passed == [item]
    assert not audit.ok
    (problem,) = item.problems
    assert "always hands back" in problem and "contrast" in problem


def test_a_contrast_pair_where_acting_is_right_fixes_it() -> None:
    task = _task([BUSY_SETUP, FREE_SETUP], [BUSY_EVALUATION, FREE_EVALUATION])
    audit = audit_tasks([task], InProcessExecutor(library=ASPERA_LIBRARY))
    (item,) = audit.tasks
    assert item.oracle.passed
    assert not item.hands_back.passed
    assert item.hands_back.outcome == "handback_control_error"
    assert audit.ok and item.problems == []
