"""Assistant, how many meetings have I got this weekend?"""

QUERY_ID = "time_006_this_weekend_count"
CATEGORY = "time-expressions"
TAGS = ["information-seeking", "find_events", "parse_durations_to_date_interval", "weekend"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def count_meetings_this_weekend() -> int:
    """Count the user's meetings on the coming Saturday and Sunday."""
    weekend = parse_durations_to_date_interval(DateRanges.ThisWeekend)
    return len([e for e in find_events() if weekend.start <= e.starts_at.date() <= weekend.end])


def setup_env_count_meetings_this_weekend():
    """Meetings on Friday, Saturday (two), Sunday, Monday and the weekend after."""
    simulate_org_structure(default_employee_names=["Sione", "Mirela", "Jun", "Adaeze"])
    sione = find_employee("Sione")[0]  # setup guideline #4
    mirela = find_employee("Mirela")[0]  # setup guideline #4
    # setup guideline #1: all dates relative to now; #3 every event is in the future
    friday = get_next_dow("Friday")
    saturday = get_next_dow("Saturday")
    sunday = get_next_dow("Sunday")
    monday = get_next_dow("Monday")
    next_saturday = get_next_dow("Saturday", after=saturday)

    def meeting(subject: str, day: datetime.date, hour: int, am_or_pm: str, people: list) -> Event:
        starts_at = combine(day, time_by_hm(hour, 0, am_or_pm))
        return Event(
            subject=subject,
            attendees=people,
            starts_at=starts_at,
            ends_at=modify(
                starts_at, Duration(1, TimeUnits.Hours), operator=DateTimeClauseOperators.add
            ),
        )

    simulate_user_calendar(
        [
            meeting("Release retro", friday, 4, "pm", [sione]),
            meeting("Hackathon kickoff", saturday, 10, "am", [sione, mirela]),
            meeting("Hackathon demos", saturday, 3, "pm", [sione, mirela]),
            meeting("On-call handover", sunday, 11, "am", [mirela]),
            meeting("Weekly planning", monday, 10, "am", [sione]),
            meeting("Charity run", next_saturday, 9, "am", []),
        ]
    )


def evaluate_count_meetings_this_weekend(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Three meetings fall on Saturday 29 or Sunday 30 June; nothing may change."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    weekend_ids = sorted(
        e.event_id
        for e in find_events()
        if e.subject in ("Hackathon kickoff", "Hackathon demos", "On-call handover")
    )
    # testing guideline #2: a count, or the weekend's events themselves
    if isinstance(result, bool):
        raise SolutionError("Incorrect solution")
    if isinstance(result, int | float):
        if result != 3:
            raise SolutionError("Incorrect solution")
        return
    if isinstance(result, list) and all(isinstance(e, Event) for e in result):
        if sorted(e.event_id for e in result) != weekend_ids:
            raise SolutionError("Incorrect solution")
        return
    raise SolutionError("Incorrect solution")
