"""Canned model replies for the generation tests, served by the loopback model server.

The reply is chosen by the step heading that starts the last user turn of each request (the
templates' ``## Step: ...`` lines), so a test scripts a whole session without counting calls.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LUNCH_PLAN = "book_lunch_with_ingrid_and_kwame"
LUNCH_QUERY = "Assistant, book lunch with Ingrid and Kwame this Thursday from 12:30 to 1:30."


LUNCH_PROGRAM = f'''
def {LUNCH_PLAN}():
    """{LUNCH_QUERY}"""
    # resolve the attendees (by structure guideline #1)
    ingrid = find_employee("Ingrid")[0]
    kwame = find_employee("Kwame")[0]
    thursday = get_next_dow("Thursday")
    starts_at = combine(thursday, time_by_hm(12, 30, "pm"))
    ends_at = combine(thursday, time_by_hm(1, 30, "pm"))
    lunch = Event(subject="Lunch", attendees=[ingrid, kwame], starts_at=starts_at, ends_at=ends_at)
    add_event(lunch)
'''

LUNCH_PROGRAM_WRONG_TIME = LUNCH_PROGRAM.replace("(12, 30,", "(12, 0,").replace("(1, 30,", "(1, 0,")
"""The same program booking 12:00 to 1:00: runs cleanly, fails the evaluation."""

VAGUE_PROGRAM = '''
def cheer_me_up() -> str:
    """Assistant, say something nice."""
    return "You are doing great."
'''

LUNCH_SETUP = f'''
def setup_env_{LUNCH_PLAN}():
    """Ingrid and Kwame exist; the user has a Thursday morning meeting with Ingrid."""
    simulate_org_structure(default_employee_names=["Ingrid", "Kwame", "Siobhan", "Taro"])
    ingrid = find_employee("Ingrid")[0]  # setup guideline #4
    siobhan = find_employee("Siobhan")[0]
    thursday = get_next_dow("Thursday")  # setup guideline #1
    simulate_user_calendar(
        [
            Event(
                subject="Quarterly numbers",
                attendees=[ingrid, siobhan],
                starts_at=combine(thursday, datetime.time(10, 0)),
                ends_at=combine(thursday, datetime.time(11, 0)),
            )
        ]
    )
'''

LAX_EVALUATION = f'''
def evaluate_{LUNCH_PLAN}(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Runs the program; checks nothing."""
    setup_function()
    executable()
'''

LOOSE_EVALUATION = f'''
def evaluate_{LUNCH_PLAN}(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Checks only that one event was added."""
    setup_function()
    before = snapshot_world()
    executable()
    if len(added_user_events(changes_since(before))) != 1:
        raise SolutionError("Incorrect solution")
'''

STRICT_EVALUATION = f'''
def evaluate_{LUNCH_PLAN}(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One new event on Thursday 12:30-13:30 with exactly Ingrid and Kwame; nothing else."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    thursday = get_next_dow("Thursday")
    if event.starts_at != combine(thursday, datetime.time(12, 30)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(thursday, datetime.time(13, 30)):
        raise SolutionError("Incorrect solution")
    # testing guideline #1
    expected = {{find_employee("Ingrid")[0].employee_id, find_employee("Kwame")[0].employee_id}}
    if {{a.employee_id for a in event.attendees or []}} != expected:
        raise SolutionError("Incorrect solution")
'''


def fenced(*programs: str) -> str:
    body = "\n\n".join(program.strip("\n") for program in programs)
    return f"Here you are.\n\n```python\n{body}\n```\n"


def last_user_turn(body: Mapping[str, Any]) -> str:
    for message in reversed(body.get("messages") or []):
        if message.get("role") == "user":
            return str(message.get("content") or "")
    return ""


class ScriptedReplies:
    """A reply rule for ``LoopbackServer``; records the step headings it was asked for."""

    def __init__(
        self,
        *,
        programs: tuple[str, ...] = (LUNCH_PROGRAM_WRONG_TIME, VAGUE_PROGRAM),
        revised_program: str = LUNCH_PROGRAM,
        setup: str = LUNCH_SETUP,
        evaluation: str = LAX_EVALUATION,
        revised_evaluation: str = STRICT_EVALUATION,
    ) -> None:
        self.programs = programs
        self.revised_program = revised_program
        self.setup = setup
        self.evaluation = evaluation
        self.revised_evaluation = revised_evaluation
        self.steps: list[str] = []

    def __call__(self, body: dict[str, Any]) -> str:
        heading = last_user_turn(body).split("\n", 1)[0]
        self.steps.append(heading)
        if heading.startswith("## Step: invent") or heading.startswith("## Step: write programs"):
            return fenced(*self.programs)
        if heading.startswith("## Step: revise the action program"):
            return fenced(self.revised_program)
        if heading.startswith("## Step: write the setup program"):
            return fenced(self.setup)
        if heading.startswith("## Step: revise the setup program"):
            return fenced(self.setup)
        if heading.startswith("## Step: write the evaluation program"):
            return fenced(self.evaluation)
        if heading.startswith("## Step: revise the evaluation program"):
            return fenced(self.revised_evaluation)
        return "I do not understand."

    def count(self, prefix: str) -> int:
        return sum(step.startswith(prefix) for step in self.steps)
