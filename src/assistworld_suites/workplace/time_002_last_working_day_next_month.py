"""Assistant, book an hour with Fenna and Luca to go over the accruals on the last working day of next month, at 3:30 PM."""  # noqa: E501

QUERY_ID = "time_002_last_working_day_next_month"
CATEGORY = "time-expressions"
TAGS = [
    "add_event",
    "find_employee",
    "month-end",
    "weekend-policy",
    "parse_durations_to_date_interval",
]
NOW = "2024-10-22T09:30"

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def book_accruals_review():
    """Book a one-hour review with Fenna and Luca at 3:30 PM on the last working day of next
    month.
    """
    fenna = find_employee("Fenna")[0]  # by structure guideline #1
    luca = find_employee("Luca")[0]  # by structure guideline #1
    # the last calendar day of next month, stepped back over a weekend
    day = parse_durations_to_date_interval(DateRanges.NextMonth).end
    while day.weekday() >= 5:
        day = day - datetime.timedelta(days=1)
    starts_at = combine(day, time_by_hm(3, 30, "pm"))
    ends_at = modify(starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add)
    add_event(
        Event(
            subject="Accruals review",
            attendees=[fenna, luca],
            starts_at=starts_at,
            ends_at=ends_at,
        )
    )


def setup_env_book_accruals_review():
    """Fenna and Luca work in the company; the user has other meetings at the end of next month."""
    simulate_org_structure(
        default_employee_names=["Fenna", "Luca", "Oksana", "Tendai", "Bongani", "Marisol"]
    )
    fenna = find_employee("Fenna")[0]  # setup guideline #4
    oksana = find_employee("Oksana")[0]  # setup guideline #4
    # setup guideline #1: grounded on next month; #2 working hours; #3 in the future
    next_month = parse_durations_to_date_interval(DateRanges.NextMonth)
    friday_before = get_prev_dow("Friday", before=next_month.end)
    thursday_before = get_prev_dow("Thursday", before=next_month.end)
    simulate_user_calendar(
        [
            Event(
                subject="Forecast sync",
                attendees=[fenna, oksana],
                starts_at=combine(friday_before, time_by_hm(10, 0, "am")),
                ends_at=combine(friday_before, time_by_hm(11, 0, "am")),
            ),
            Event(
                subject="Invoice triage",
                attendees=[oksana],
                starts_at=combine(thursday_before, time_by_hm(3, 30, "pm")),
                ends_at=combine(thursday_before, time_by_hm(4, 0, "pm")),
            ),
        ]
    )


def evaluate_book_accruals_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """November 2024 ends on a Saturday, so the review is on Friday 2024-11-29, 15:30-16:30."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    if event.starts_at != datetime.datetime(2024, 11, 29, 15, 30):
        raise SolutionError("Incorrect solution")
    if event.ends_at != datetime.datetime(2024, 11, 29, 16, 30):
        raise SolutionError("Incorrect solution")
    wanted = sorted([find_employee("Fenna")[0].employee_id, find_employee("Luca")[0].employee_id])
    if sorted(a.employee_id for a in event.attendees or []) != wanted:
        raise SolutionError("Incorrect solution")
    if event.repeats is not None:
        raise SolutionError("Incorrect solution")
