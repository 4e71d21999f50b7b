"""Assistant, set up a 45-minute pipeline review with Sione and Dilnoza every Monday at 10 AM from next Monday until the end of August, but skip 26 August because it's a bank holiday."""  # noqa: E501

QUERY_ID = "recurring_005_pipeline_review_skip_bank_holiday"
CATEGORY = "recurring-events"
TAGS = ["add_event", "RepetitionSpec", "exclude_occurrence", "recurs_until", "weekly"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def weekly_pipeline_review():
    """Create a weekly Monday 10 AM pipeline review until 31 August, without 26 August."""
    # by structure guideline #1
    sione = find_employee("Sione")[0]
    dilnoza = find_employee("Dilnoza")[0]
    monday = get_next_dow("Monday")
    starts_at = combine(monday, time_by_hm(10, 0, "am"))
    ends_at = modify(
        starts_at, Duration(45, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    bank_holiday = combine(date_by_mdy(month=8, day=26), time_by_hm(10, 0, "am"))
    repeats = RepetitionSpec(
        frequency=EventFrequency.WEEKLY,
        recurs_until=date_by_mdy(month=8, day=31),
        exclude_occurrence=[bank_holiday],
    )
    add_event(
        Event(
            subject="Pipeline review",
            attendees=[sione, dilnoza],
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=repeats,
        )
    )


def setup_env_weekly_pipeline_review():
    """Sione and Dilnoza exist; the user has an unrelated weekly series on Mondays."""
    simulate_org_structure(default_employee_names=["Sione", "Dilnoza", "Teodor", "Sigrun", "Ravi"])
    teodor = find_employee("Teodor")[0]  # setup guideline #4
    # setup guideline #1
    monday = get_next_dow("Monday")
    start = datetime.datetime.combine(monday, datetime.time(14, 0))
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Architecture office hours",
                attendees=[teodor],
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=60),
                repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=6),
            )
        ]
    )


def evaluate_weekly_pipeline_review(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Mondays 10:00-10:45 from 1 July to 19 August (26 August skipped) with Sione and Dilnoza."""
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
    # compare occurrences, not RepetitionSpec fields (an exclusion or an earlier end both work)
    first = datetime.datetime.combine(get_next_dow("Monday"), datetime.time(10, 0))
    expected = [first + datetime.timedelta(weeks=n) for n in range(8)]
    if series.repeats is None or series.starts_at != first:
        raise SolutionError("Incorrect solution")
    schedule = repetition_schedule(series.starts_at.time(), series.repeats, series.starts_at.date())
    occurrences = sorted(
        datetime.datetime.fromisoformat(c.after["starts_at"]) for c in occurrence_rows
    )
    if schedule != expected or occurrences != expected:
        raise SolutionError("Incorrect solution")
    if series.ends_at - series.starts_at != datetime.timedelta(minutes=45):
        raise SolutionError("Incorrect solution")
    # testing guideline #1: attendees by id
    expected_people = {find_employee(n)[0].employee_id for n in ("Sione", "Dilnoza")}
    attendees = [a.employee_id for a in series.attendees or []]
    if len(attendees) != 2 or set(attendees) != expected_people:
        raise SolutionError("Incorrect solution")
