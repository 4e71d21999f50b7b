"""Assistant, start a weekly half-hour one-on-one with Greta on Tuesdays at 2 PM from next week through August, and skip any Tuesday she's on vacation."""  # noqa: E501

QUERY_ID = "recurring_006_one_on_one_around_vacations"
CATEGORY = "recurring-events"
TAGS = [
    "add_event",
    "RepetitionSpec",
    "exclude_occurrence",
    "get_vacation_schedule",
    "contrast-set",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def weekly_one_on_one_with_greta():
    """Create a weekly Tuesday 2 PM one-on-one with Greta until August, skipping her vacations."""
    # by structure guideline #1
    greta = find_employee("Greta")[0]
    # next week's Tuesday is the first occurrence
    first = get_next_dow("Tuesday", after=get_next_dow("Monday"))
    starts_at = combine(first, time_by_hm(2, 0, "pm"))
    length = Duration(30, TimeUnits.Minutes)
    ends_at = modify(starts_at, length, operator=DateTimeClauseOperators.add)
    last_day = date_by_mdy(month=8, day=31)
    # get_vacation_schedule returns None when Greta has no vacation booked
    vacations = get_vacation_schedule(greta) or []
    skipped = []
    occurrence = starts_at
    while occurrence.date() <= last_day:
        slot = TimeInterval(
            start=occurrence, end=modify(occurrence, length, operator=DateTimeClauseOperators.add)
        )
        if any(intervals_overlap(vacation, slot) for vacation in vacations):
            skipped.append(occurrence)
        occurrence = modify(
            occurrence, Duration(7, TimeUnits.Days), operator=DateTimeClauseOperators.add
        )
    repeats = RepetitionSpec(
        frequency=EventFrequency.WEEKLY, recurs_until=last_day, exclude_occurrence=skipped
    )
    add_event(
        Event(
            subject="1:1 Greta",
            attendees=[greta],
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=repeats,
        )
    )


def setup_env_weekly_one_on_one_with_greta():
    """Greta is away 15-26 July (two Tuesdays) and on Friday 30 August; a colleague is away too."""
    simulate_org_structure(default_employee_names=["Greta", "Kenji", "Ayesha", "Omari"])
    greta = find_employee("Greta")[0]  # setup guideline #4
    kenji = find_employee("Kenji")[0]
    # setup guideline #1: vacations relative to now (next month is July)
    july = parse_durations_to_date_interval(DateRanges.NextMonth)

    def whole_days(first, last):
        return TimeInterval(
            start=datetime.datetime.combine(first, datetime.time(0, 0)),
            end=datetime.datetime.combine(last, datetime.time(23, 59)),
        )

    summer = whole_days(july.start.replace(day=15), july.start.replace(day=26))
    long_weekend = whole_days(
        july.start.replace(month=8, day=30), july.start.replace(month=8, day=30)
    )
    simulate_vacation_schedule(greta, [summer, long_weekend])
    # Kenji is away on Tuesday 6 August, which must not affect Greta's meetings
    simulate_vacation_schedule(
        kenji, [whole_days(july.start.replace(month=8, day=5), july.start.replace(month=8, day=9))]
    )


def setup_env_weekly_one_on_one_with_greta_2():
    """Greta has no vacation booked (a colleague does)."""
    simulate_org_structure(default_employee_names=["Greta", "Kenji", "Ayesha", "Omari"])
    kenji = find_employee("Kenji")[0]  # setup guideline #4
    # setup guideline #1
    july = parse_durations_to_date_interval(DateRanges.NextMonth)
    simulate_vacation_schedule(
        kenji,
        [
            TimeInterval(
                start=datetime.datetime.combine(july.start.replace(day=15), datetime.time(0, 0)),
                end=datetime.datetime.combine(july.start.replace(day=26), datetime.time(23, 59)),
            )
        ],
    )


def evaluate_weekly_one_on_one_with_greta(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tuesdays 14:00-14:30 from 2 July to 27 August except 16 and 23 July, with Greta."""
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
    first = datetime.datetime.combine(
        get_next_dow("Tuesday", after=get_next_dow("Monday")), datetime.time(14, 0)
    )
    skipped = {
        datetime.datetime.combine(date_by_mdy(month=7, day=d), datetime.time(14, 0))
        for d in (16, 23)
    }
    expected = [first + datetime.timedelta(weeks=n) for n in range(9)]
    expected = [start for start in expected if start not in skipped]
    # compare occurrences, not RepetitionSpec fields
    if series.repeats is None or series.starts_at != first:
        raise SolutionError("Incorrect solution")
    schedule = repetition_schedule(series.starts_at.time(), series.repeats, series.starts_at.date())
    occurrences = sorted(
        datetime.datetime.fromisoformat(c.after["starts_at"]) for c in occurrence_rows
    )
    if schedule != expected or occurrences != expected:
        raise SolutionError("Incorrect solution")
    if series.ends_at - series.starts_at != datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    greta = find_employee("Greta")[0]
    if [a.employee_id for a in series.attendees or []] != [greta.employee_id]:
        raise SolutionError("Incorrect solution")


def evaluate_weekly_one_on_one_with_greta_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No vacation: all nine Tuesdays 14:00-14:30 from 2 July to 27 August, with Greta."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1:
        raise SolutionError("Incorrect solution")
    series = events[0]
    occurrence_rows = [c for c in changes if c.key != series.event_id]
    if any(c.table != "user_calendar" or c.kind != "added" for c in changes):
        raise SolutionError("Incorrect solution")
    if any(c.after["recurrent_event_id"] != series.event_id for c in occurrence_rows):
        raise SolutionError("Incorrect solution")
    first = datetime.datetime.combine(
        get_next_dow("Tuesday", after=get_next_dow("Monday")), datetime.time(14, 0)
    )
    expected = [first + datetime.timedelta(weeks=n) for n in range(9)]
    if series.repeats is None or series.starts_at != first:
        raise SolutionError("Incorrect solution")
    schedule = repetition_schedule(series.starts_at.time(), series.repeats, series.starts_at.date())
    occurrences = sorted(
        datetime.datetime.fromisoformat(c.after["starts_at"]) for c in occurrence_rows
    )
    if schedule != expected or occurrences != expected:
        raise SolutionError("Incorrect solution")
    if series.ends_at - series.starts_at != datetime.timedelta(minutes=30):
        raise SolutionError("Incorrect solution")
    greta = find_employee("Greta")[0]
    if [a.employee_id for a in series.attendees or []] != [greta.employee_id]:
        raise SolutionError("Incorrect solution")
