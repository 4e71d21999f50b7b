"""Assistant, what time does my first meeting tomorrow start?"""

QUERY_ID = "simple_013_first_meeting_tomorrow"
CATEGORY = "simple-scheduling"
TAGS = ["find_events", "parse_date_string", "information-seeking"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def first_meeting_tomorrow() -> datetime.time:
    """Return the start time of my earliest meeting tomorrow."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    # find_events is sorted by start, so the first one tomorrow is the earliest
    meetings = [e for e in find_events() if e.starts_at.date() == tomorrow]
    if not meetings:
        raise RequiresUserInput("You have no meetings tomorrow.")
    return meetings[0].starts_at.time()


def setup_env_first_meeting_tomorrow():
    """Tomorrow holds three meetings out of order; today and the day after have earlier ones."""
    simulate_org_structure(default_employee_names=["Nadia", "Rohan", "Elif", "Soo-ah"])
    nadia = find_employee("Nadia")[0]  # setup guideline #4
    rohan = find_employee("Rohan")[0]
    elif_ = find_employee("Elif")[0]
    # setup guideline #1
    today = parse_date_string(DateExpressions.Today)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    day_after = tomorrow + datetime.timedelta(days=1)

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3: everything is after now
    simulate_user_calendar(
        [
            meeting("Roadmap", [nadia, rohan], tomorrow, 13, 0, 60),
            meeting("Standup", [elif_], today, 9, 30, 15),
            meeting("Customer escalation", [rohan], tomorrow, 15, 30, 30),
            meeting("Data review", [elif_, nadia], tomorrow, 10, 15, 45),
            meeting("Standup", [elif_], day_after, 9, 30, 15),
        ]
    )


def evaluate_first_meeting_tomorrow(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The answer is 10:15 (a time, tomorrow's datetime, the event, or a text with 10:15)."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    expected = datetime.datetime.combine(tomorrow, datetime.time(10, 15))
    # testing guideline #2: several reasonable answer types
    if isinstance(result, Event):
        result = result.starts_at
    if isinstance(result, datetime.datetime):
        if result != expected:
            raise SolutionError("Incorrect solution")
    elif isinstance(result, datetime.time):
        if result != expected.time():
            raise SolutionError("Incorrect solution")
    elif isinstance(result, str):
        if "10:15" not in result:
            raise SolutionError("Incorrect solution")
    else:
        raise SolutionError("Incorrect solution")
