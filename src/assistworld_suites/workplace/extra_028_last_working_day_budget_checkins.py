"""Assistant, for the first half of next year, set up a 30-minute budget check-in with Xu and Renske at 4 PM on the last working day of each month."""  # noqa: E501

QUERY_ID = "extra_028_last_working_day_budget_checkins"
CATEGORY = "time-expressions"
TAGS = [
    "add_event",
    "RepetitionSpec",
    "bysetpos",
    "last-working-day",
    "year-end",
    "parse_date_string",
]
NOW = "2024-12-30T10:00"

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def budget_checkins_on_last_working_days():
    """Six monthly check-ins, January to June next year, 16:00-16:30 on each last weekday."""
    # by structure guideline #1
    xu = find_employee("Xu")[0]
    renske = find_employee("Renske")[0]
    new_year = parse_date_string(DateExpressions.FirstDayNextYear)
    # the last working day of January: 31 January, or the Friday before it at a weekend
    last_day = replace(new_year, month=1, day=31)
    if last_day.weekday() >= 5:
        last_day = get_prev_dow("Friday", before=last_day)
    starts_at = combine(last_day, time_by_hm(4, 0, "pm"))
    ends_at = modify(
        starts_at, Duration(30, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    # the last Monday-to-Friday day of every month, six times
    add_event(
        Event(
            subject="Budget check-in",
            attendees=[xu, renske],
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=RepetitionSpec(
                frequency=EventFrequency.MONTHLY,
                which_weekday=[0, 1, 2, 3, 4],
                bysetpos=[-1],
                max_repetitions=6,
            ),
        )
    )


def setup_env_budget_checkins_on_last_working_days():
    """Monday 30 December 2024; Xu (the COO) and Renske; a couple of January meetings."""
    simulate_org_structure(
        default_employee_names=["Xu", "Renske", "Abdirahman", "Beatrix", "Ciaran", "Delwyn", "Esi"],
        user_name="Fenella",
        user_team=Team.Finance,
    )
    # setup guideline #4
    xu, renske = (find_employee(name)[0] for name in ("Xu", "Renske"))
    # setup guideline #1: grounded on the new year
    new_year = parse_date_string(DateExpressions.FirstDayNextYear)
    last_friday_of_january = replace(new_year, day=31)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Month-end close",
                attendees=[renske],
                starts_at=at(last_friday_of_january, 10, 0),
                ends_at=at(last_friday_of_january, 11, 0),
            ),
            Event(
                subject="Year plan",
                attendees=[xu],
                starts_at=at(get_next_dow("Monday", after=new_year), 14, 0),
                ends_at=at(get_next_dow("Monday", after=new_year), 15, 0),
            ),
        ]
    )


def evaluate_budget_checkins_on_last_working_days(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """16:00-16:30 on 31 Jan, 28 Feb, 31 Mar, 30 Apr, 30 May (31 May is a Saturday), 30 Jun
    2025.
    """
    from collections import Counter

    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    # only new rows in the user's calendar (a series or separate events are both fine)
    if changes.tables() != {"user_calendar"} or any(c.kind != "added" for c in changes):
        raise SolutionError("Incorrect solution")

    def meetings(state):
        # every meeting instance: occurrence rows of series, and one-off events
        return Counter(
            (row.starts_at, row.ends_at, tuple(sorted(a.employee_id for a in row.attendees or [])))
            for row in state.user_calendar.values()
            if row.repeats is None
        )

    people = tuple(sorted(find_employee(name)[0].employee_id for name in ("Xu", "Renske")))
    days = ((1, 31), (2, 28), (3, 31), (4, 30), (5, 30), (6, 30))
    expected = [
        (datetime.datetime(2025, m, d, 16, 0), datetime.datetime(2025, m, d, 16, 30), people)
        for m, d in days
    ]
    old, new = meetings(before), meetings(snapshot_world())
    if old - new or sorted((new - old).elements()) != expected:
        raise SolutionError("Incorrect solution")
    # a series must start on its first check-in (the calendar shows it from that start)
    for event in added_user_events(changes):
        attendees = tuple(sorted(a.employee_id for a in event.attendees or []))
        if (event.starts_at, event.ends_at, attendees) not in expected:
            raise SolutionError("Incorrect solution")
