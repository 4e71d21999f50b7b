"""Assistant, we're dropping the sprint demos: cancel the whole series."""

QUERY_ID = "recurring_007_cancel_sprint_demo_series"
CATEGORY = "recurring-events"
TAGS = ["delete_event", "find_events", "repeats", "RequiresUserInput", "contrast-set"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def cancel_sprint_demo_series():
    """Delete the recurring sprint demo, with all its occurrences."""
    # "the series": only recurring events count, not one-off meetings with a similar title
    series = [e for e in find_events(subject="sprint demo") if e.repeats is not None]
    if not series:
        raise RequiresUserInput("I could not find a recurring sprint demo in your calendar.")
    if len(series) > 1:
        raise RequiresUserInput(
            f"I found {len(series)} recurring sprint demos; which series should I cancel?"
        )
    # deleting the recurring event removes every occurrence with it
    delete_event(series[0])


def setup_env_cancel_sprint_demo_series():
    """A fortnightly sprint demo series, a one-off demo prep and a weekly sprint planning series."""
    simulate_org_structure(default_employee_names=["Tomas", "Ayesha", "Rangi", "Leilani"])
    tomas = find_employee("Tomas")[0]  # setup guideline #4
    ayesha = find_employee("Ayesha")[0]
    rangi = find_employee("Rangi")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3: all series start in the future
    simulate_user_calendar(
        [
            Event(
                subject="Sprint demo",
                attendees=[ayesha, rangi, tomas],
                starts_at=at(friday, 15, 0),
                ends_at=at(friday, 16, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY,
                    period=2,
                    recurs_until=friday + datetime.timedelta(weeks=12),
                ),
            ),
            Event(
                subject="Sprint demo prep",
                attendees=[tomas],
                starts_at=at(thursday, 16, 0),
                ends_at=at(thursday, 16, 30),
            ),
            Event(
                subject="Sprint planning",
                attendees=[ayesha, rangi, tomas],
                starts_at=at(monday, 10, 0),
                ends_at=at(monday, 11, 0),
                repeats=RepetitionSpec(frequency=EventFrequency.WEEKLY, max_repetitions=8),
            ),
        ]
    )


def setup_env_cancel_sprint_demo_series_2():
    """Two recurring sprint demos (web and mobile): the request does not say which one."""
    simulate_org_structure(default_employee_names=["Tomas", "Ayesha", "Rangi", "Leilani"])
    tomas = find_employee("Tomas")[0]  # setup guideline #4
    ayesha = find_employee("Ayesha")[0]
    leilani = find_employee("Leilani")[0]
    # setup guideline #1
    thursday = get_next_dow("Thursday")
    friday = get_next_dow("Friday")

    def at(day, hour, minute):
        return datetime.datetime.combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Sprint demo (web)",
                attendees=[ayesha, tomas],
                starts_at=at(friday, 15, 0),
                ends_at=at(friday, 16, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, period=2, max_repetitions=6
                ),
            ),
            Event(
                subject="Sprint demo (mobile)",
                attendees=[leilani, tomas],
                starts_at=at(thursday, 11, 0),
                ends_at=at(thursday, 12, 0),
                repeats=RepetitionSpec(
                    frequency=EventFrequency.WEEKLY, period=2, max_repetitions=6
                ),
            ),
        ]
    )


def evaluate_cancel_sprint_demo_series(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """The sprint demo series and all its occurrences are gone; nothing else changed."""
    setup_function()
    before = snapshot_world()
    friday_demo = datetime.datetime.combine(get_next_dow("Friday"), datetime.time(15, 0))
    parents = [
        key
        for key, row in before.user_calendar.items()
        if row.repeats is not None and row.starts_at == friday_demo
    ]
    if len(parents) != 1:
        raise ValueError("the setup should hold one sprint demo series")
    series_rows = {
        key
        for key, row in before.user_calendar.items()
        if key == parents[0] or row.recurrent_event_id == parents[0]
    }
    executable()
    changes = changes_since(before)
    # exactly the rows of the series are removed (the parent and its seven occurrences)
    if any(c.table != "user_calendar" or c.kind != "removed" for c in changes):
        raise SolutionError("Incorrect solution")
    if {c.key for c in changes} != series_rows or len(series_rows) < 2:
        raise SolutionError("Incorrect solution")


def evaluate_cancel_sprint_demo_series_2(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Two sprint demo series: the program must ask which one and delete nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
