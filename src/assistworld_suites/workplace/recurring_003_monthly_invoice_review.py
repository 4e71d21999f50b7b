"""Assistant, add a 30-minute invoice review with Farah on the 16th of every month at 11 AM, through October."""  # noqa: E501

QUERY_ID = "recurring_003_monthly_invoice_review"
CATEGORY = "recurring-events"
TAGS = ["add_event", "RepetitionSpec", "which_month_day", "monthly", "recurs_until"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def monthly_invoice_review_with_farah():
    """Create a 30-minute invoice review with Farah on the 16th of each month until October."""
    # by structure guideline #1
    farah = find_employee("Farah")[0]
    # the first occurrence is the next 16th still to come: this month's, or else next month's
    starts_at = combine(replace(now_().date(), day=16), time_by_hm(11, 0, "am"))
    if starts_at <= now_():
        starts_at = modify(
            starts_at, Duration(1, TimeUnits.Months), operator=DateTimeClauseOperators.add
        )
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    repeats = RepetitionSpec(
        frequency=EventFrequency.MONTHLY,
        which_month_day=[16],
        recurs_until=date_by_mdy(month=10, day=31),
    )
    add_event(
        Event(
            subject="Invoice review",
            attendees=[farah],
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=repeats,
        )
    )


def setup_env_monthly_invoice_review_with_farah():
    """Farah exists; the user has a past invoice review with her on 16 June and other meetings."""
    simulate_org_structure(default_employee_names=["Farah", "Dagny", "Ravi", "Xiadani"])
    farah = find_employee("Farah")[0]  # setup guideline #4
    dagny = find_employee("Dagny")[0]
    # setup guideline #1
    last_friday = get_prev_dow("Friday")
    thursday = get_next_dow("Thursday")

    def meeting(subject, people, day, hour, minute, length):
        start = datetime.datetime.combine(day, datetime.time(hour, minute))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=start,
            ends_at=start + datetime.timedelta(minutes=length),
        )

    # setup guidelines #2 and #3: last Friday's review is past, Thursday's meeting future
    simulate_user_calendar(
        [
            meeting("Invoice review", [farah], last_friday, 11, 0, 30),
            meeting("Supplier audit", [dagny, farah], thursday, 15, 0, 60),
        ]
    )


def evaluate_monthly_invoice_review_with_farah(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """A new series: 16 July, August, September and October at 11:00-11:30, with Farah."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1:
        raise SolutionError("Incorrect solution")
    series = events[0]
    # every change is the new series or one of its occurrences
    occurrence_rows = [c for c in changes if c.key != series.event_id]
    if any(c.table != "user_calendar" or c.kind != "added" for c in changes):
        raise SolutionError("Incorrect solution")
    if any(c.after["recurrent_event_id"] != series.event_id for c in occurrence_rows):
        raise SolutionError("Incorrect solution")
    # compare occurrences, not RepetitionSpec fields; all four 16ths fall on weekdays
    expected = [
        datetime.datetime.combine(date_by_mdy(month=m, day=16), datetime.time(11, 0))
        for m in (7, 8, 9, 10)
    ]
    if series.repeats is None or series.starts_at != expected[0]:
        raise SolutionError("Incorrect solution")
    schedule = repetition_schedule(series.starts_at.time(), series.repeats, series.starts_at.date())
    occurrences = sorted(
        datetime.datetime.fromisoformat(c.after["starts_at"]) for c in occurrence_rows
    )
    if schedule != expected or occurrences != expected:
        raise SolutionError("Incorrect solution")
    if series.ends_at - series.starts_at != datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    farah = find_employee("Farah")[0]
    if [a.employee_id for a in series.attendees or []] != [farah.employee_id]:
        raise SolutionError("Incorrect solution")
