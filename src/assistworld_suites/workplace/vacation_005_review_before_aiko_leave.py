"""Assistant, Aiko might be off when our roadmap review is on this Friday. If she is, move the review to her last working day before the holiday starts, same time. If not, leave it alone."""  # noqa: E501

QUERY_ID = "vacation_005_review_before_aiko_leave"
CATEGORY = "vacations-availability"
TAGS = ["get_vacation_schedule", "find_events", "add_event", "conditional", "contrast-set"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def move_review_before_aiko_leave():
    """If Aiko's holiday covers Friday's roadmap review, move it to her last working day
    before it.
    """
    aiko = find_employee("Aiko")[0]  # by structure guideline #1
    friday = get_next_dow("Friday")
    reviews = [
        e
        for e in find_events(subject="Roadmap review")
        if aiko in (e.attendees or []) and e.starts_at.date() == friday
    ]
    if not reviews:
        raise RequiresUserInput("No roadmap review with Aiko found this Friday.")
    if len(reviews) > 1:
        raise RequiresUserInput(
            f"{len(reviews)} roadmap reviews with Aiko found on Friday; which one?"
        )
    covering = [
        v for v in get_vacation_schedule(aiko) or [] if v.start.date() <= friday <= v.end.date()
    ]
    if covering:
        # the last weekday before her holiday starts
        day = covering[0].start.date() - datetime.timedelta(days=1)
        while day.weekday() >= 5:
            day = day - datetime.timedelta(days=1)
        review = reviews[0]
        review.starts_at = combine(day, review.starts_at.time())
        review.ends_at = combine(day, review.ends_at.time())
        add_event(review)


def setup_env_move_review_before_aiko_leave():
    """Aiko is off Thursday 27 June to Monday 1 July: the review moves to Wednesday 26 June."""
    simulate_org_structure(default_employee_names=["Aiko", "Pedro", "Nkechi", "Sigrid", "Wojciech"])
    aiko = find_employee("Aiko")[0]  # setup guideline #4
    pedro = find_employee("Pedro")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    simulate_vacation_schedule(
        aiko,
        [
            TimeInterval(
                start=combine(date_by_mdy(month=8, day=19), time_by_hm(12, 0, "am")),
                end=combine(date_by_mdy(month=8, day=23), time_by_hm(11, 59, "pm")),
            ),
            TimeInterval(
                start=combine(thursday, time_by_hm(12, 0, "am")),
                end=combine(get_next_dow("Monday"), time_by_hm(11, 59, "pm")),
            ),
        ],
    )
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap review",
                attendees=[aiko, pedro],
                starts_at=combine(friday, time_by_hm(11, 0, "am")),
                ends_at=combine(friday, time_by_hm(12, 0, "pm")),
            ),
            Event(
                subject="Roadmap review",
                attendees=[pedro],
                starts_at=combine(get_next_dow("Monday"), time_by_hm(11, 0, "am")),
                ends_at=combine(get_next_dow("Monday"), time_by_hm(12, 0, "pm")),
            ),
            Event(
                subject="Budget check",
                attendees=[aiko],
                starts_at=combine(get_next_dow("Wednesday"), time_by_hm(3, 0, "pm")),
                ends_at=combine(get_next_dow("Wednesday"), time_by_hm(3, 30, "pm")),
            ),
        ]
    )


def evaluate_move_review_before_aiko_leave(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The review with Aiko now runs Wednesday 2024-06-26 11:00-12:00; nothing else changed."""
    setup_function()
    aiko = find_employee("Aiko")[0]
    original = next(e for e in find_events(subject="Roadmap review") if aiko in (e.attendees or []))
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
        datetime.datetime(2024, 6, 26, 11, 0),
        datetime.datetime(2024, 6, 26, 12, 0),
    ):
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in event.attendees or []) != sorted(
        a.employee_id for a in original.attendees or []
    ):
        raise SolutionError("Incorrect solution")


def setup_env_move_review_before_aiko_leave_friday_only():
    """Aiko is off on Friday only: the review moves to Thursday 27 June."""
    simulate_org_structure(default_employee_names=["Aiko", "Pedro", "Nkechi", "Sigrid", "Wojciech"])
    aiko = find_employee("Aiko")[0]  # setup guideline #4
    nkechi = find_employee("Nkechi")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    friday = get_next_dow("Friday")
    simulate_vacation_schedule(
        aiko,
        [
            TimeInterval(
                start=combine(friday, time_by_hm(12, 0, "am")),
                end=combine(friday, time_by_hm(11, 59, "pm")),
            )
        ],
    )
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap review",
                attendees=[aiko, nkechi],
                starts_at=combine(friday, time_by_hm(2, 30, "pm")),
                ends_at=combine(friday, time_by_hm(3, 15, "pm")),
            ),
        ]
    )


def evaluate_move_review_before_aiko_leave_friday_only(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The review with Aiko now runs Thursday 2024-06-27 14:30-15:15; nothing else changed."""
    setup_function()
    aiko = find_employee("Aiko")[0]
    original = next(e for e in find_events(subject="Roadmap review") if aiko in (e.attendees or []))
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
        datetime.datetime(2024, 6, 27, 14, 30),
        datetime.datetime(2024, 6, 27, 15, 15),
    ):
        raise SolutionError("Incorrect solution")
    if sorted(a.employee_id for a in event.attendees or []) != sorted(
        a.employee_id for a in original.attendees or []
    ):
        raise SolutionError("Incorrect solution")


def setup_env_move_review_before_aiko_leave_back_by_friday():
    """Aiko's holiday ends on Thursday, so she is in on Friday: nothing moves."""
    simulate_org_structure(default_employee_names=["Aiko", "Pedro", "Nkechi", "Sigrid", "Wojciech"])
    aiko = find_employee("Aiko")[0]  # setup guideline #4
    pedro = find_employee("Pedro")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    friday = get_next_dow("Friday")
    simulate_vacation_schedule(
        aiko,
        [
            TimeInterval(
                start=combine(get_prev_dow("Monday"), time_by_hm(12, 0, "am")),
                end=combine(get_next_dow("Thursday"), time_by_hm(11, 59, "pm")),
            )
        ],
    )
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap review",
                attendees=[aiko, pedro],
                starts_at=combine(friday, time_by_hm(11, 0, "am")),
                ends_at=combine(friday, time_by_hm(12, 0, "pm")),
            ),
        ]
    )


def evaluate_move_review_before_aiko_leave_back_by_friday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Aiko is back on Friday: the world must be unchanged."""
    setup_function()
    before = snapshot_world()
    executable()
    assert_no_changes_since(before)


def setup_env_move_review_before_aiko_leave_no_record():
    """Aiko has no holiday on record (Pedro is the one off on Friday): nothing moves."""
    simulate_org_structure(default_employee_names=["Aiko", "Pedro", "Nkechi", "Sigrid", "Wojciech"])
    aiko = find_employee("Aiko")[0]  # setup guideline #4
    pedro = find_employee("Pedro")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    friday = get_next_dow("Friday")
    simulate_vacation_schedule(
        pedro,
        [
            TimeInterval(
                start=combine(friday, time_by_hm(12, 0, "am")),
                end=combine(friday, time_by_hm(11, 59, "pm")),
            )
        ],
    )
    simulate_user_calendar(
        [
            Event(
                subject="Roadmap review",
                attendees=[aiko, pedro],
                starts_at=combine(friday, time_by_hm(11, 0, "am")),
                ends_at=combine(friday, time_by_hm(12, 0, "pm")),
            ),
        ]
    )


def evaluate_move_review_before_aiko_leave_no_record(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Aiko is not on holiday: the world must be unchanged."""
    setup_function()
    before = snapshot_world()
    executable()
    assert_no_changes_since(before)
