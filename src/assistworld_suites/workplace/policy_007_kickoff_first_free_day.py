"""Assistant, book a two-hour hackathon kickoff with Marisol at 10 AM on the first day from tomorrow on when neither of us has anything in the calendar. Weekends are fine by me."""  # noqa: E501

QUERY_ID = "policy_007_kickoff_first_free_day"
CATEGORY = "policy-following"
TAGS = ["weekend-allowed", "get_calendar", "find_events", "loop-over-days", "add_event"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def kickoff_on_first_free_day():
    """Book 10:00-12:00 with Marisol on the first day from tomorrow free in both calendars."""
    # by structure guideline #1
    marisol = find_employee("Marisol")[0]
    everything = find_events() + get_calendar(marisol)
    day = parse_date_string(DateExpressions.Tomorrow)
    # the user allows weekends, so every day counts; look up to four weeks ahead
    for _ in range(28):
        if not any(e.starts_at.date() <= day <= e.ends_at.date() for e in everything):
            starts_at = combine(day, time_by_hm(10, 0, "am"))
            ends_at = modify(
                starts_at, Duration(2, TimeUnits.Hours), operator=DateTimeClauseOperators.add
            )
            add_event(
                Event(
                    subject="Hackathon kickoff",
                    attendees=[marisol],
                    starts_at=starts_at,
                    ends_at=ends_at,
                )
            )
            return
        day = modify(
            combine(day, time_by_hm(10, 0, "am")),
            Duration(1, TimeUnits.Days),
            operator=DateTimeClauseOperators.add,
        ).date()
    raise RequiresUserInput("You and Marisol have no day free of meetings in the next four weeks.")


def setup_env_kickoff_on_first_free_day():
    """Wednesday to Friday each have a meeting for one of the two; Saturday is free for both."""
    simulate_org_structure(
        default_employee_names=[
            "Marisol",
            "Anatoly",
            "Chen",
            "Dagny",
            "Emre",
            "Folasade",
            "Guadalupe",
            "Haruto",
            "Ivana",
            "Jabari",
            "Kristjan",
            "Lwazi",
        ]
    )
    marisol = find_employee("Marisol")[0]  # setup guideline #4
    anatoly = find_employee("Anatoly")[0]
    chen = find_employee("Chen")[0]
    # setup guideline #1
    today = now_().date()
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    sunday = get_next_dow("Sunday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design sync",
                attendees=[anatoly],
                starts_at=at(today, 14, 0),
                ends_at=at(today, 15, 0),
            ),
            Event(
                subject="Budget review",
                attendees=[chen],
                starts_at=at(wednesday, 16, 0),
                ends_at=at(wednesday, 16, 30),
            ),
            Event(subject="Sprint demo", starts_at=at(friday, 9, 30), ends_at=at(friday, 10, 0)),
        ]
    )
    simulate_employee_calendar(
        marisol,
        [
            Event(
                subject="Customer call", starts_at=at(thursday, 15, 0), ends_at=at(thursday, 15, 45)
            ),
            Event(subject="Climbing trip", starts_at=at(sunday, 9, 30), ends_at=at(sunday, 17, 0)),
        ],
    )


def evaluate_kickoff_on_first_free_day(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event with Marisol on Saturday 10:00-12:00 (weekends allowed); nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Saturday"), datetime.time(10, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=2):
        raise SolutionError("Incorrect solution")
    marisol = find_employee("Marisol")[0]
    if [a.employee_id for a in event.attendees or []] != [marisol.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_kickoff_on_first_free_day_saturday_taken():
    """As before, but the user has a Saturday morning commitment; Sunday is free for both."""
    simulate_org_structure(
        default_employee_names=[
            "Marisol",
            "Anatoly",
            "Chen",
            "Dagny",
            "Emre",
            "Folasade",
            "Guadalupe",
            "Haruto",
            "Ivana",
            "Jabari",
            "Kristjan",
            "Lwazi",
        ]
    )
    marisol = find_employee("Marisol")[0]  # setup guideline #4
    anatoly = find_employee("Anatoly")[0]
    chen = find_employee("Chen")[0]
    # setup guideline #1
    today = now_().date()
    wednesday = get_next_dow("Wednesday")
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    saturday = get_next_dow("Saturday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Design sync",
                attendees=[anatoly],
                starts_at=at(today, 14, 0),
                ends_at=at(today, 15, 0),
            ),
            Event(
                subject="Budget review",
                attendees=[chen],
                starts_at=at(wednesday, 16, 0),
                ends_at=at(wednesday, 16, 30),
            ),
            Event(subject="Sprint demo", starts_at=at(friday, 9, 30), ends_at=at(friday, 10, 0)),
            Event(
                subject="Kids' football",
                starts_at=at(saturday, 9, 30),
                ends_at=at(saturday, 11, 30),
            ),
        ]
    )
    simulate_employee_calendar(
        marisol,
        [
            Event(
                subject="Customer call", starts_at=at(thursday, 15, 0), ends_at=at(thursday, 15, 45)
            ),
        ],
    )


def evaluate_kickoff_on_first_free_day_saturday_taken(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event with Marisol on Sunday 10:00-12:00; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    expected_start = combine(get_next_dow("Sunday"), datetime.time(10, 0))
    if event.starts_at != expected_start:
        raise SolutionError("Incorrect solution")
    if event.ends_at != expected_start + datetime.timedelta(hours=2):
        raise SolutionError("Incorrect solution")
    marisol = find_employee("Marisol")[0]
    if [a.employee_id for a in event.attendees or []] != [marisol.employee_id]:
        raise SolutionError("Incorrect solution")
