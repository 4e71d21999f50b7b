"""Assistant, set up a 30-minute standup with Chen, Amara and Bruno every Monday and Wednesday at 9:30, starting next week and running until the end of July."""  # noqa: E501

QUERY_ID = "recurring_001_standup_mondays_wednesdays"
CATEGORY = "recurring-events"
TAGS = ["add_event", "RepetitionSpec", "which_weekday", "recurs_until", "weekly"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def standup_mondays_and_wednesdays():
    """Create a 30-minute standup on Mondays and Wednesdays at 9:30 from next week to 31 July."""
    # by structure guideline #1
    chen = find_employee("Chen")[0]
    amara = find_employee("Amara")[0]
    bruno = find_employee("Bruno")[0]
    # the series starts on next week's Monday, its first occurrence
    first_monday = get_next_dow("Monday")
    starts_at = combine(first_monday, time_by_hm(9, 30, "am"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    repeats = RepetitionSpec(
        frequency=EventFrequency.WEEKLY,
        which_weekday=[0, 2],
        recurs_until=date_by_mdy(month=7, day=31),
    )
    add_event(
        Event(
            subject="Standup",
            attendees=[chen, amara, bruno],
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=repeats,
        )
    )


def setup_env_standup_mondays_and_wednesdays():
    """Chen, Amara and Bruno exist; the user has a one-off meeting next Monday."""
    simulate_org_structure(default_employee_names=["Chen", "Amara", "Bruno", "Yusuf", "Kirra"])
    yusuf = find_employee("Yusuf")[0]  # setup guideline #4
    # setup guideline #1
    monday = get_next_dow("Monday")
    start = datetime.datetime.combine(monday, datetime.time(11, 0))
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Quarterly goals",
                attendees=[yusuf],
                starts_at=start,
                ends_at=start + datetime.timedelta(minutes=60),
            )
        ]
    )


def evaluate_standup_mondays_and_wednesdays(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """A new series: Mondays and Wednesdays 9:30-10:00 from 1 July to 31 July, with the three."""
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
    # compare occurrences, not RepetitionSpec fields (many specs are equivalent)
    first_monday = get_next_dow("Monday")
    expected = [
        datetime.datetime.combine(
            first_monday + datetime.timedelta(days=offset), datetime.time(9, 30)
        )
        for offset in range(0, 31)
        if (first_monday + datetime.timedelta(days=offset)).weekday() in (0, 2)
        and first_monday + datetime.timedelta(days=offset) <= date_by_mdy(month=7, day=31)
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
    # testing guideline #1: attendees compared by id
    expected_people = {find_employee(n)[0].employee_id for n in ("Chen", "Amara", "Bruno")}
    attendees = [a.employee_id for a in series.attendees or []]
    if len(attendees) != 3 or set(attendees) != expected_people:
        raise SolutionError("Incorrect solution")
