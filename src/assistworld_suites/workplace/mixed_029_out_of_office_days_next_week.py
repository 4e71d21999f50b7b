"""Assistant, how many working days next week have I got marked as out of office in my calendar?"""

QUERY_ID = "mixed_029_out_of_office_days_next_week"
CATEGORY = "vacations-availability"
TAGS = [
    "information-seeking",
    "ShowAsStatus",
    "multi-day-event",
    "parse_durations_to_date_interval",
]

if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def out_of_office_days_next_week() -> int:
    """Count next week's weekdays touched by an event shown as out of office."""
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    away = [e for e in find_events() if e.show_as_status == ShowAsStatus.OutOfOffice]
    count = 0
    day = week.start
    while day <= week.end:
        # one event can cover several days: test each day against the event's whole span
        if day.weekday() < 5 and any(e.starts_at.date() <= day <= e.ends_at.date() for e in away):
            count += 1
        day = day + datetime.timedelta(days=1)
    return count


def setup_env_out_of_office_days_next_week():
    """Next week: one out-of-office event from Tuesday to Thursday, a weekend trip marked out of
    office, a busy offsite on Monday and a Free focus block on Friday. Other weeks have
    out-of-office days too.
    """
    simulate_org_structure(
        default_employee_names=[
            "Yaaba",
            "Zoltan",
            "Aino",
            "Bolat",
            "Constança",
            "Dagny",
            "Efrat",
            "Fionnuala",
            "Gbenga",
            "Hortensia",
            "Iñaki",
            "Jun",
        ]
    )
    yaaba, zoltan = (find_employee(n)[0] for n in ("Yaaba", "Zoltan"))  # setup guideline #4
    # setup guideline #1
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    monday = week.start
    tuesday = get_next_dow("Tuesday", after=monday)
    thursday = get_next_dow("Thursday", after=monday)
    friday = get_next_dow("Friday", after=monday)
    saturday = get_next_dow("Saturday", after=monday)
    sunday = week.end
    this_thursday = get_next_dow("Thursday")
    friday_after = get_next_dow("Friday", after=friday)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guideline #3: all in the future
    simulate_user_calendar(
        [
            Event(
                subject="Off: dentist recovery",
                starts_at=at(this_thursday, 9, 6),
                ends_at=at(this_thursday, 17, 10),
                show_as_status=ShowAsStatus.OutOfOffice,
            ),
            Event(
                subject="Strategy offsite",
                attendees=[yaaba, zoltan],
                starts_at=at(monday, 9, 30),
                ends_at=at(monday, 17, 0),
            ),
            Event(
                subject="Trade fair in Lyon",
                starts_at=at(tuesday, 0, 0),
                ends_at=at(thursday, 23, 59),
                show_as_status=ShowAsStatus.OutOfOffice,
            ),
            Event(
                subject="Focus time",
                starts_at=at(friday, 9, 30),
                ends_at=at(friday, 12, 0),
                show_as_status=ShowAsStatus.Free,
            ),
            Event(
                subject="Family weekend",
                starts_at=at(saturday, 0, 0),
                ends_at=at(sunday, 23, 59),
                show_as_status=ShowAsStatus.OutOfOffice,
            ),
            Event(
                subject="Off",
                starts_at=at(friday_after, 9, 6),
                ends_at=at(friday_after, 17, 10),
                show_as_status=ShowAsStatus.OutOfOffice,
            ),
        ]
    )


def evaluate_out_of_office_days_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Tuesday, Wednesday and Thursday: three days; nothing changes."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    days = {week.start + datetime.timedelta(days=n) for n in (1, 2, 3)}
    # testing guideline #2: a count, or the days themselves (dates or datetimes)
    if isinstance(result, bool):
        raise SolutionError("Incorrect solution")
    if isinstance(result, int | float):
        if result != 3:
            raise SolutionError("Incorrect solution")
        return
    if not isinstance(result, list | tuple | set) or len(result) != 3:
        raise SolutionError("Incorrect solution")
    found = set()
    for item in result:
        if isinstance(item, datetime.datetime):
            found.add(item.date())
        elif isinstance(item, datetime.date):
            found.add(item)
        else:
            raise SolutionError("Incorrect solution")
    if found != days:
        raise SolutionError("Incorrect solution")
