"""Small honest tasks for the sandbox tests, written against the public library and setup tools.

* ``schedule``: "Schedule a 30-minute meeting called Sync with Bob tomorrow at 10 am." The
  evaluation checks the one new event and that the existing event was left alone.
* ``manager``: "Who is my manager?" Two pairs (the user is a Team Member, then a Manager), so a
  hard-coded name cannot pass both. The evaluation checks the answer and that nothing changed.
* ``handback``: "Cancel my meeting with Zed." There is no Zed: the right move is to raise
  ``RequiresUserInput``; the evaluation expects it and checks nothing was deleted.
"""

from __future__ import annotations

from assistworld.sandbox import DryRunRequest, TaskRequest

EVALUATION_CANARY = "eval-canary-7f3a91"
"""A string only evaluation programs contain: an agent child must never find it in memory."""

SCHEDULE_SETUP = """
def setup_env_schedule_sync_with_bob():
    simulate_org_structure(["Bob", "Carol", "Dave"], user_name="Alex")
    carol = find_employee("Carol")[0]
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(2, 0, "pm"))
    simulate_user_calendar([
        Event(attendees=[carol], subject="Design review", starts_at=start,
              ends_at=start + datetime.timedelta(hours=1)),
    ])
"""

SCHEDULE_EVALUATION = f'''
CANARY = "{EVALUATION_CANARY}"

def evaluate_schedule_sync_with_bob(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
) -> None:
    setup_function()
    before = find_events()
    result = executable()
    after = find_events()
    known = {{event.event_id for event in before}}
    added = [event for event in after if event.event_id not in known]
    if len(added) != 1:
        raise SolutionError(f"expected exactly one new event, found {{len(added)}}")
    event = added[0]
    bob = find_employee("Bob")[0]
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    if event.attendees != [bob]:
        raise SolutionError("the meeting must have Bob as its only attendee")
    if event.starts_at != start or event.ends_at != start + datetime.timedelta(minutes=30):
        raise SolutionError("the meeting must run from 10:00 to 10:30 tomorrow")
    if [e for e in after if e.event_id in known] != before:
        raise SolutionError("other events were changed or deleted")
    if result is not None and result != event.event_id:
        raise SolutionError("the program returned something other than the new event's id")
'''

SCHEDULE_PROGRAM = """
def schedule_sync_with_bob():
    bob = find_employee("Bob")[0]
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(10, 0, "am"))
    end = modify(start, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add)
    event = Event(attendees=[bob], subject="Sync", starts_at=start, ends_at=end)
    add_event(event)
    return event.event_id
"""

MANAGER_SETUPS = [
    """
def setup_env_who_is_my_manager():
    simulate_org_structure(["Bob", "Carol", "Dave", "Erin"], user_name="Alex")
""",
    """
def setup_env_who_is_my_manager_as_manager():
    simulate_org_structure(
        ["Bob", "Carol", "Dave", "Erin"], user_name="Alex", user_role="Manager",
        user_team=Team.Finance,
    )
""",
]

MANAGER_EVALUATION = f'''
CANARY = "{EVALUATION_CANARY}"

def evaluate_who_is_my_manager(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
) -> None:
    setup_function()
    expected = find_manager_of(get_current_user()).name
    before = get_calendar(get_current_user())
    answer = executable()
    if not isinstance(answer, str) or answer.strip() != expected:
        raise SolutionError("the answer is not the user's manager")
    if get_calendar(get_current_user()) != before or find_events() != []:
        raise SolutionError("answering a question must not change the calendar")
'''

MANAGER_PROGRAM = """
def who_is_my_manager():
    return find_manager_of(get_current_user()).name
"""

HANDBACK_SETUP = """
def setup_env_cancel_meeting_with_zed():
    simulate_org_structure(["Bob", "Carol"], user_name="Alex")
    bob = find_employee("Bob")[0]
    start = combine(parse_date_string(DateExpressions.Tomorrow), time_by_hm(9, 30, "am"))
    simulate_user_calendar([
        Event(attendees=[bob], subject="Standup", starts_at=start,
              ends_at=start + datetime.timedelta(minutes=15)),
    ])
"""

HANDBACK_EVALUATION = f'''
CANARY = "{EVALUATION_CANARY}"

def evaluate_cancel_meeting_with_zed(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
) -> None:
    setup_function()
    before = find_events()
    try:
        executable()
    except RequiresUserInput:
        pass
    else:
        raise SolutionError("there is no Zed: the program should have asked the user")
    if find_events() != before:
        raise SolutionError("nothing may be deleted when the person does not exist")
'''

HANDBACK_PROGRAM = """
def cancel_meeting_with_zed():
    people = find_employee("Zed")
    if not people:
        raise RequiresUserInput("I found nobody called Zed; who did you mean?")
    for event in find_events(attendees=[people[0]]):
        delete_event(event)
"""

TASKS: dict[str, tuple[str, list[str], list[str], str]] = {
    "schedule": (
        "Schedule a 30-minute meeting called Sync with Bob tomorrow at 10 am.",
        [SCHEDULE_SETUP],
        [SCHEDULE_EVALUATION],
        SCHEDULE_PROGRAM,
    ),
    "manager": (
        "Who is my manager?",
        MANAGER_SETUPS,
        [MANAGER_EVALUATION, MANAGER_EVALUATION],
        MANAGER_PROGRAM,
    ),
    "handback": (
        "Cancel my meeting with Zed.",
        [HANDBACK_SETUP],
        [HANDBACK_EVALUATION],
        HANDBACK_PROGRAM,
    ),
}
"""name -> (query, setup programs, evaluation programs, reference program)."""


def task_request(
    name: str, program: str | None = None, *, query_id: str | None = None
) -> TaskRequest:
    """The request for task ``name`` with ``program`` (the reference program by default)."""
    query, setups, evaluations, reference = TASKS[name]
    return TaskRequest(
        query_id=query_id or name,
        query=query,
        setup_programs=setups,
        evaluation_programs=evaluations,
        candidate_program=reference if program is None else program,
    )


def dry_run_request(name: str, program: str) -> DryRunRequest:
    """A dry run of ``program`` on the first setup program of task ``name``."""
    return DryRunRequest(setup_program=TASKS[name][1][0], candidate_program=program)
