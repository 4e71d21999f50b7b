"""Assistant, push my design review with Chiara back by 90 minutes. If that would run past the end of the working day, move it to 10 AM on the next working day instead."""  # noqa: E501

QUERY_ID = "time_015_push_back_or_next_working_day"
CATEGORY = "time-expressions"
TAGS = [
    "find_events",
    "add_event",
    "reschedule",
    "EndOfWorkDay",
    "next-working-day",
    "contrast-set",
]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def push_back_design_review():
    """Delay the design review with Chiara by 90 minutes, or move it to 10 AM the next
    working day.
    """
    chiara = find_employee("Chiara")[0]  # by structure guideline #1
    reviews = [e for e in find_events(subject="Design review") if chiara in (e.attendees or [])]
    if not reviews:
        raise RequiresUserInput("No upcoming design review with Chiara found.")
    if len(reviews) > 1:
        raise RequiresUserInput(
            f"{len(reviews)} upcoming design reviews with Chiara found; which one?"
        )
    review = reviews[0]
    delay = Duration(90, TimeUnits.Minutes)
    starts_at = modify(review.starts_at, delay, operator=DateTimeClauseOperators.add)
    ends_at = modify(review.ends_at, delay, operator=DateTimeClauseOperators.add)
    end_of_day = combine(review.starts_at.date(), parse_time_string(TimeExpressions.EndOfWorkDay))
    if ends_at > end_of_day:
        # the next working day (skip the weekend), same length
        day = review.starts_at.date() + datetime.timedelta(days=1)
        while day.weekday() >= 5:
            day = day + datetime.timedelta(days=1)
        starts_at = combine(day, time_by_hm(10, 0, "am"))
        ends_at = modify(starts_at, review.duration, operator=DateTimeClauseOperators.add)
    review.starts_at = starts_at
    review.ends_at = ends_at
    add_event(review)


def setup_env_push_back_design_review():
    """Tomorrow's review runs 11:00-12:00: pushed back it ends at 13:30, well inside the day."""
    simulate_org_structure(
        default_employee_names=["Chiara", "Ulla", "Bashir", "Yaretzi", "Dariusz"]
    )
    chiara = find_employee("Chiara")[0]  # setup guideline #4
    ulla = find_employee("Ulla")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    friday = get_next_dow("Friday")
    simulate_user_calendar(
        [
            Event(
                subject="Design review",
                attendees=[chiara, ulla],
                starts_at=combine(tomorrow, time_by_hm(11, 0, "am")),
                ends_at=combine(tomorrow, time_by_hm(12, 0, "pm")),
            ),
            Event(
                subject="Design review",
                attendees=[ulla],
                starts_at=combine(friday, time_by_hm(11, 0, "am")),
                ends_at=combine(friday, time_by_hm(12, 0, "pm")),
            ),
            Event(
                subject="Brand sync",
                attendees=[chiara],
                starts_at=combine(tomorrow, time_by_hm(2, 0, "pm")),
                ends_at=combine(tomorrow, time_by_hm(2, 30, "pm")),
            ),
        ]
    )


def evaluate_push_back_design_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The review with Chiara now runs 2024-06-26 12:30-13:30; nothing else changed."""
    setup_function()
    chiara = find_employee("Chiara")[0]
    original = next(
        e for e in find_events(subject="Design review") if chiara in (e.attendees or [])
    )
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    # moved in place (same id), or deleted and added again: both are accepted
    moved = [e for e in find_events() + find_past_events() if e.event_id == original.event_id]
    if moved:
        event = moved[0]
        if len(changes) != 1:
            raise SolutionError("Incorrect solution")
    else:
        added = added_user_events(changes)
        if (
            len(added) != 1
            or len(changes.in_table("user_calendar", "removed")) != 1
            or len(changes) != 2
        ):
            raise SolutionError("Incorrect solution")
        event = added[0]
    if (event.starts_at, event.ends_at) != (
        datetime.datetime(2024, 6, 26, 12, 30),
        datetime.datetime(2024, 6, 26, 13, 30),
    ):
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in event.attendees or []) != sorted(
        a.employee_id for a in original.attendees or []
    ):
        raise SolutionError("Incorrect solution")


def setup_env_push_back_design_review_late():
    """Friday's review runs 15:45-16:30: pushed back it would end at 18:00, so it goes to Monday."""
    simulate_org_structure(
        default_employee_names=["Chiara", "Ulla", "Bashir", "Yaretzi", "Dariusz"]
    )
    chiara = find_employee("Chiara")[0]  # setup guideline #4
    bashir = find_employee("Bashir")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")
    simulate_user_calendar(
        [
            Event(
                subject="Design review",
                attendees=[chiara, bashir],
                starts_at=combine(friday, time_by_hm(3, 45, "pm")),
                ends_at=combine(friday, time_by_hm(4, 30, "pm")),
            ),
            Event(
                subject="Sprint planning",
                attendees=[bashir],
                starts_at=combine(monday, time_by_hm(9, 30, "am")),
                ends_at=combine(monday, time_by_hm(10, 0, "am")),
            ),
        ]
    )


def evaluate_push_back_design_review_late(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The review with Chiara moves to Monday 2024-07-01, 10:00-10:45; nothing else changed."""
    setup_function()
    chiara = find_employee("Chiara")[0]
    original = next(
        e for e in find_events(subject="Design review") if chiara in (e.attendees or [])
    )
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    moved = [e for e in find_events() + find_past_events() if e.event_id == original.event_id]
    if moved:
        event = moved[0]
        if len(changes) != 1:
            raise SolutionError("Incorrect solution")
    else:
        added = added_user_events(changes)
        if (
            len(added) != 1
            or len(changes.in_table("user_calendar", "removed")) != 1
            or len(changes) != 2
        ):
            raise SolutionError("Incorrect solution")
        event = added[0]
    if (event.starts_at, event.ends_at) != (
        datetime.datetime(2024, 7, 1, 10, 0),
        datetime.datetime(2024, 7, 1, 10, 45),
    ):
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in event.attendees or []) != sorted(
        a.employee_id for a in original.attendees or []
    ):
        raise SolutionError("Incorrect solution")


def setup_env_push_back_design_review_edge():
    """Thursday's review runs 15:00-15:40: pushed back it ends exactly at 17:10, which still
    fits.
    """
    simulate_org_structure(
        default_employee_names=["Chiara", "Ulla", "Bashir", "Yaretzi", "Dariusz"]
    )
    chiara = find_employee("Chiara")[0]  # setup guideline #4
    yaretzi = find_employee("Yaretzi")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    thursday = get_next_dow("Thursday")
    simulate_user_calendar(
        [
            Event(
                subject="Design review",
                attendees=[chiara],
                starts_at=combine(thursday, time_by_hm(3, 0, "pm")),
                ends_at=combine(thursday, time_by_hm(3, 40, "pm")),
            ),
            Event(
                subject="Accessibility audit",
                attendees=[yaretzi, chiara],
                starts_at=combine(thursday, time_by_hm(10, 0, "am")),
                ends_at=combine(thursday, time_by_hm(11, 0, "am")),
            ),
        ]
    )


def evaluate_push_back_design_review_edge(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The review with Chiara now runs 2024-06-27 16:30-17:10 (ending at the end of the day is
    fine).
    """
    setup_function()
    chiara = find_employee("Chiara")[0]
    original = next(
        e for e in find_events(subject="Design review") if chiara in (e.attendees or [])
    )
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    moved = [e for e in find_events() + find_past_events() if e.event_id == original.event_id]
    if moved:
        event = moved[0]
        if len(changes) != 1:
            raise SolutionError("Incorrect solution")
    else:
        added = added_user_events(changes)
        if (
            len(added) != 1
            or len(changes.in_table("user_calendar", "removed")) != 1
            or len(changes) != 2
        ):
            raise SolutionError("Incorrect solution")
        event = added[0]
    if (event.starts_at, event.ends_at) != (
        datetime.datetime(2024, 6, 27, 16, 30),
        datetime.datetime(2024, 6, 27, 17, 10),
    ):
        raise SolutionError("Incorrect solution")
    if [a.employee_id for a in event.attendees or []] != [chiara.employee_id]:
        raise SolutionError("Incorrect solution")
