"""Assistant, block 12:30 to 1 PM for lunch on each of the next ten working days, starting tomorrow."""  # noqa: E501

QUERY_ID = "recurring_015_lunch_block_ten_working_days"
CATEGORY = "recurring-events"
TAGS = ["add_event", "RepetitionSpec", "daily", "which_weekday", "max_repetitions", "weekends"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def lunch_block_next_ten_working_days():
    """Block 12:30-1 PM every weekday for ten working days from tomorrow."""
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts_at = combine(tomorrow, time_by_hm(12, 30, "pm"))
    ends_at = combine(tomorrow, time_by_hm(1, 0, "pm"))
    # Monday to Friday only, ten occurrences in all
    repeats = RepetitionSpec(
        frequency=EventFrequency.DAILY, which_weekday=[0, 1, 2, 3, 4], max_repetitions=10
    )
    add_event(Event(subject="Lunch", starts_at=starts_at, ends_at=ends_at, repeats=repeats))


def setup_env_lunch_block_next_ten_working_days():
    """The user has a lunch meeting next Monday and a weekly series of their own."""
    simulate_org_structure(default_employee_names=["Xiadani", "Kenji", "Oksana", "Dagny"])
    kenji = find_employee("Kenji")[0]  # setup guideline #4
    # setup guideline #1
    monday = get_next_dow("Monday")
    thursday = get_next_dow("Thursday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Team lunch",
                attendees=[kenji],
                starts_at=at(monday, 12, 0),
                ends_at=at(monday, 13, 0),
            ),
            Event(
                subject="Weekly planning",
                starts_at=at(thursday, 9, 30),
                ends_at=at(thursday, 10, 0),
                repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=4),
            ),
        ]
    )


def evaluate_lunch_block_next_ten_working_days(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """12:30-13:00 on the ten weekdays from tomorrow (weekends skipped), no attendees."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    if any(c.table != "user_calendar" or c.kind != "added" for c in changes):
        raise SolutionError("Incorrect solution")
    # testing guideline #2: one recurring block or ten separate blocks are both fine; collect
    # the effective occurrences (a series' occurrence rows, or the one-off events themselves)
    series_ids = {e.event_id for e in added_user_events(changes) if e.repeats is not None}
    blocks = []
    for change in changes:
        row = Event.model_validate(change.after)
        if row.repeats is None and row.recurrent_event_id in series_ids | {None}:
            blocks.append(row)
    if len(blocks) + len(series_ids) != len(changes):
        raise SolutionError("Incorrect solution")
    day = parse_date_string(DateExpressions.Tomorrow)
    expected = []
    while len(expected) < 10:
        if day.weekday() < 5:
            expected.append(datetime.datetime.combine(day, datetime.time(12, 30)))
        day += datetime.timedelta(days=1)
    if sorted(b.starts_at for b in blocks) != expected:
        raise SolutionError("Incorrect solution")
    if any(b.ends_at - b.starts_at != datetime.timedelta(minutes=30) for b in blocks):
        raise SolutionError("Incorrect solution")
    if any(b.attendees or b.show_as_status == ShowAsStatus.Free for b in blocks):
        raise SolutionError("Incorrect solution")
    for series in added_user_events(changes):
        if series.repeats is not None:
            schedule = repetition_schedule(
                series.starts_at.time(), series.repeats, series.starts_at.date()
            )
            if series.starts_at not in expected or not set(schedule) <= set(expected):
                raise SolutionError("Incorrect solution")
