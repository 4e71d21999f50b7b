"""The mutation audit: stdlib time mistakes are caught, and broken evaluations kill nothing."""

from __future__ import annotations

from assistworld.paradigms.aspera.audit.mutation_audit import audit_mutants
from assistworld.paradigms.aspera.tasks.library import ASPERA_LIBRARY
from assistworld.paradigms.aspera.tasks.model import Task
from assistworld.sandbox import InProcessExecutor

REFERENCE = '''def review_with_bob():
    """Book 30 minutes with Bob on Friday at 15:00."""
    bob = find_employee("Bob")[0]
    start = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(15, 0))
    add_event(
        Event(
            subject="Review",
            attendees=[bob],
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=30),
        )
    )
'''

SETUP = """def setup_env_review_with_bob():
    simulate_org_structure(default_employee_names=["Bob", "Cy"])
"""

LAX_EVALUATION = """def evaluate_review_with_bob(query, executable, setup_function):
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(changes) != 1 or len(events) != 1:
        raise SolutionError("Incorrect solution")
    if [a.name for a in events[0].attendees or []] != ["Bob"]:
        raise SolutionError("Incorrect solution")
"""

STRICT_EVALUATION = (
    LAX_EVALUATION
    + """    start = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(15, 0))
    if events[0].starts_at != start or events[0].ends_at != start + datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
"""
)

CRASHING_EVALUATION = """def evaluate_review_with_bob(query, executable, setup_function):
    setup_function()
    executable()
    raise KeyError("the evaluation itself is broken")
"""


def _audit(evaluation: str) -> tuple[int, int, list[str]]:
    task = Task(
        query_id="review_with_bob",
        query="Assistant, book 30 minutes with Bob on Friday at 3 PM.",
        program=REFERENCE,
        state_generation_programs=[SETUP],
        evaluation_programs=[evaluation],
        kind="state-changing",
    )
    (audit,) = audit_mutants([task], InProcessExecutor(library=ASPERA_LIBRARY), workers=1).tasks
    survivors = [f"{v.mutant.operator}: {v.mutant.description}" for v in audit.survivors]
    return audit.killed, audit.counted, survivors


def test_an_evaluation_that_checks_neither_time_nor_length_lets_stdlib_time_mutants_live() -> None:
    killed, counted, survivors = _audit(LAX_EVALUATION)
    assert killed < counted
    assert "shift-datetime: line 4: hour 15 -> 16 in time()" in survivors
    assert "shift-timedelta: line 10: timedelta 30 -> 31" in survivors
    assert "swap-time-direction: line 10: + timedelta -> - timedelta" in survivors


def test_an_evaluation_that_checks_them_kills_every_stdlib_time_mutant() -> None:
    killed, counted, survivors = _audit(STRICT_EVALUATION)
    assert survivors == []
    assert killed == counted > 0


def test_an_evaluation_that_crashes_on_the_reference_kills_nothing() -> None:
    killed, counted, survivors = _audit(CRASHING_EVALUATION)
    assert killed == 0
    assert counted > 0 and len(survivors) == counted
