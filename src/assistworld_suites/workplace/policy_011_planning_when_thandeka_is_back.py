"""Assistant, book a one-hour planning session with Thandeka at 10 AM on the first day next week that she isn't on holiday."""  # noqa: E501

QUERY_ID = "policy_011_planning_when_thandeka_is_back"
CATEGORY = "policy-following"
TAGS = [
    "weekend-policy",
    "get_vacation_schedule",
    "parse_durations_to_date_interval",
    "RequiresUserInput",
]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def planning_when_thandeka_is_back():
    """Book 10:00-11:00 with Thandeka on the first working day next week she is not on holiday."""
    # by structure guideline #1
    thandeka = find_employee("Thandeka")[0]
    holidays = get_vacation_schedule(thandeka) or []
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    day = next_week.start
    while day <= next_week.end:
        # meetings are not scheduled at the weekend unless the user says so
        if day.weekday() < 5:
            midnight = combine(day, time_by_hm(12, 0, "am"))
            whole_day = TimeInterval(
                midnight,
                modify(midnight, Duration(1, TimeUnits.Days), operator=DateTimeClauseOperators.add),
            )
            if not any(intervals_overlap(h, whole_day) for h in holidays):
                starts_at = combine(day, time_by_hm(10, 0, "am"))
                ends_at = modify(
                    starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add
                )
                add_event(
                    Event(
                        subject="Planning session",
                        attendees=[thandeka],
                        starts_at=starts_at,
                        ends_at=ends_at,
                    )
                )
                return
        day = modify(
            combine(day, time_by_hm(12, 0, "am")),
            Duration(1, TimeUnits.Days),
            operator=DateTimeClauseOperators.add,
        ).date()
    raise RequiresUserInput("Thandeka is on holiday every working day next week.")


def setup_env_planning_when_thandeka_is_back():
    """Thandeka is on holiday from this Friday to next Wednesday; back on Thursday."""
    simulate_org_structure(
        default_employee_names=[
            "Thandeka",
            "Arvid",
            "Benicio",
            "Chayton",
            "Dunya",
            "Elske",
            "Fraser",
            "Gulsen",
            "Hamza",
            "Iolana",
            "Jyoti",
            "Kieran",
        ]
    )
    thandeka = find_employee("Thandeka")[0]  # setup guideline #4
    arvid = find_employee("Arvid")[0]
    # setup guideline #1: next week's Monday
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def plus_days(day, days):
        return day + datetime.timedelta(days=days)

    simulate_vacation_schedule(
        thandeka, [TimeInterval(at(plus_days(monday, -3), 0, 0), at(plus_days(monday, 3), 0, 0))]
    )
    # a colleague's holiday is irrelevant
    simulate_vacation_schedule(
        arvid, [TimeInterval(at(monday, 0, 0), at(plus_days(monday, 2), 0, 0))]
    )
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Quarter kickoff",
                attendees=[arvid],
                starts_at=at(monday, 14, 0),
                ends_at=at(monday, 15, 0),
            )
        ]
    )


def evaluate_planning_when_thandeka_is_back(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event with Thandeka next Thursday 10:00-11:00; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    day = get_next_dow("Monday") + datetime.timedelta(days=3)
    if event.starts_at != combine(day, datetime.time(10, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(day, datetime.time(11, 0)):
        raise SolutionError("Incorrect solution")
    thandeka = find_employee("Thandeka")[0]
    if [a.employee_id for a in event.attendees or []] != [thandeka.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_planning_when_thandeka_is_back_no_holiday():
    """Thandeka has no holiday next week (only one the week after)."""
    simulate_org_structure(
        default_employee_names=[
            "Thandeka",
            "Arvid",
            "Benicio",
            "Chayton",
            "Dunya",
            "Elske",
            "Fraser",
            "Gulsen",
            "Hamza",
            "Iolana",
            "Jyoti",
            "Kieran",
        ]
    )
    thandeka = find_employee("Thandeka")[0]  # setup guideline #4
    arvid = find_employee("Arvid")[0]
    # setup guideline #1: next week's Monday
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def plus_days(day, days):
        return day + datetime.timedelta(days=days)

    simulate_vacation_schedule(
        thandeka, [TimeInterval(at(plus_days(monday, 7), 0, 0), at(plus_days(monday, 9), 0, 0))]
    )
    # a colleague's holiday is irrelevant
    simulate_vacation_schedule(
        arvid, [TimeInterval(at(monday, 0, 0), at(plus_days(monday, 2), 0, 0))]
    )
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Quarter kickoff",
                attendees=[arvid],
                starts_at=at(monday, 14, 0),
                ends_at=at(monday, 15, 0),
            )
        ]
    )


def evaluate_planning_when_thandeka_is_back_no_holiday(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """One event with Thandeka next Monday 10:00-11:00; nothing else changed."""
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    events = added_user_events(changes)
    if len(events) != 1 or len(changes) != 1:
        raise SolutionError("Incorrect solution")
    event = events[0]
    day = get_next_dow("Monday") + datetime.timedelta(days=0)
    if event.starts_at != combine(day, datetime.time(10, 0)):
        raise SolutionError("Incorrect solution")
    if event.ends_at != combine(day, datetime.time(11, 0)):
        raise SolutionError("Incorrect solution")
    thandeka = find_employee("Thandeka")[0]
    if [a.employee_id for a in event.attendees or []] != [thandeka.employee_id]:
        raise SolutionError("Incorrect solution")


def setup_env_planning_when_thandeka_is_back_away_all_week():
    """Thandeka is away for the whole working week; only the weekend is left."""
    simulate_org_structure(
        default_employee_names=[
            "Thandeka",
            "Arvid",
            "Benicio",
            "Chayton",
            "Dunya",
            "Elske",
            "Fraser",
            "Gulsen",
            "Hamza",
            "Iolana",
            "Jyoti",
            "Kieran",
        ]
    )
    thandeka = find_employee("Thandeka")[0]  # setup guideline #4
    arvid = find_employee("Arvid")[0]
    # setup guideline #1: next week's Monday
    monday = get_next_dow("Monday")

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    def plus_days(day, days):
        return day + datetime.timedelta(days=days)

    simulate_vacation_schedule(
        thandeka, [TimeInterval(at(monday, 0, 0), at(plus_days(monday, 5), 0, 0))]
    )
    # a colleague's holiday is irrelevant
    simulate_vacation_schedule(
        arvid, [TimeInterval(at(monday, 0, 0), at(plus_days(monday, 2), 0, 0))]
    )
    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Quarter kickoff",
                attendees=[arvid],
                starts_at=at(monday, 14, 0),
                ends_at=at(monday, 15, 0),
            )
        ]
    )


def evaluate_planning_when_thandeka_is_back_away_all_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """No working day is left next week and weekends are not allowed: hand back, change nothing."""
    setup_function()
    before = snapshot_world()
    try:
        executable()
    except RequiresUserInput:
        assert_no_changes_since(before)
        return
    raise SolutionError("Incorrect solution")
