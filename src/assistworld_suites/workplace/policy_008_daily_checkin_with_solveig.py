"""Assistant, add a daily 20-minute check-in with Solveig at 4:45 PM, starting tomorrow and running until the end of next week."""  # noqa: E501

QUERY_ID = "policy_008_daily_checkin_with_solveig"
CATEGORY = "policy-following"
TAGS = ["weekend-policy", "RepetitionSpec", "recurring", "parse_durations_to_date_interval"]


if __name__ == "__main__":  # `python <this file>` checks the reference program in-process
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def daily_checkin_with_solveig():
    """A 16:45-17:05 check-in with Solveig every weekday from tomorrow to the end of next week."""
    # by structure guideline #1
    solveig = find_employee("Solveig")[0]
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    starts_at = combine(tomorrow, time_by_hm(4, 45, "pm"))
    ends_at = modify(
        starts_at, Duration(20, TimeUnits.Minutes), operator=DateTimeClauseOperators.add
    )
    next_week = parse_durations_to_date_interval(DateRanges.NextWeek)
    # "daily" meetings do not recur at the weekend unless the user says so
    every_weekday = RepetitionSpec(
        frequency=EventFrequency.DAILY,
        which_weekday=[0, 1, 2, 3, 4],
        recurs_until=next_week.end,
    )
    add_event(
        Event(
            subject="Check-in with Solveig",
            attendees=[solveig],
            starts_at=starts_at,
            ends_at=ends_at,
            repeats=every_weekday,
        )
    )


def setup_env_daily_checkin_with_solveig():
    """Solveig and a few colleagues; the user has one other meeting tomorrow afternoon."""
    simulate_org_structure(
        default_employee_names=[
            "Solveig",
            "Adebayo",
            "Brigitte",
            "Cristiano",
            "Deepika",
            "Eldor",
            "Fionnuala",
            "Gyasi",
            "Hedda",
            "Ignacio",
            "Jinhee",
            "Kauri",
        ]
    )
    adebayo = find_employee("Adebayo")[0]  # setup guideline #4
    # setup guideline #1
    tomorrow = parse_date_string(DateExpressions.Tomorrow)

    def at(day, hour, minute):
        return combine(day, datetime.time(hour, minute))

    # setup guidelines #2 and #3
    simulate_user_calendar(
        [
            Event(
                subject="Release planning",
                attendees=[adebayo],
                starts_at=at(tomorrow, 14, 0),
                ends_at=at(tomorrow, 15, 0),
            )
        ]
    )


def evaluate_daily_checkin_with_solveig(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Check-ins at 16:45-17:05 on each weekday from tomorrow to next Friday, and no weekend one.

    Accepts one recurring event (any rule with these occurrences) or separate events.
    """
    setup_function()
    before = snapshot_world()
    executable()
    changes = changes_since(before)
    # only additions to the user's calendar
    if any(c.table != "user_calendar" or c.kind != "added" for c in changes):
        raise SolutionError("Incorrect solution")
    rows = [Event.model_validate(c.after) for c in changes]
    # the meetings that actually happen: occurrences of recurring events and one-off events
    meetings = [r for r in rows if r.recurrent_event_id is not None or r.repeats is None]
    if not meetings:
        raise SolutionError("Incorrect solution")
    tomorrow = parse_date_string(DateExpressions.Tomorrow)
    last_day = get_next_dow("Friday", after=get_next_dow("Monday"))
    expected = []
    day = tomorrow
    while day <= last_day:
        if day.weekday() < 5:
            expected.append(combine(day, datetime.time(16, 45)))
        day += datetime.timedelta(days=1)
    if sorted(m.starts_at for m in meetings) != expected:
        raise SolutionError("Incorrect solution")
    solveig = find_employee("Solveig")[0]
    for row in rows:
        if row.ends_at - row.starts_at != datetime.timedelta(minutes=20):
            raise SolutionError("Incorrect solution")
        if [a.employee_id for a in row.attendees or []] != [solveig.employee_id]:
            raise SolutionError("Incorrect solution")
