"""Assistant, how many hours of meetings am I looking at next week?"""

QUERY_ID = "time_012_meeting_hours_next_week"
CATEGORY = "time-expressions"
TAGS = ["information-seeking", "parse_durations_to_date_interval", "sum_time_units", "duration"]

if __name__ == "__main__":
    from assistworld.paradigms.aspera.tasks.debug import run_file

    raise SystemExit(run_file(__file__))


def meeting_hours_next_week() -> float:
    """Total length, in hours, of the user's meetings from next Monday to next Sunday."""
    week = parse_durations_to_date_interval(DateRanges.NextWeek)
    durations = [e.duration for e in find_events() if week.start <= e.starts_at.date() <= week.end]
    if not durations:
        return 0.0
    # sum_time_units picks the unit; convert back to hours explicitly
    return sum_time_units(durations).to_minutes() / 60


def setup_env_meeting_hours_next_week():
    """Four meetings next week (3 h 45 min), others this week and the week after."""
    simulate_org_structure(default_employee_names=["Anahera", "Vikram", "Solveig", "Moussa"])
    anahera = find_employee("Anahera")[0]  # setup guideline #4
    vikram = find_employee("Vikram")[0]  # setup guideline #4
    # setup guideline #1: relative dates; #2 working hours; #3 future
    monday = get_next_dow("Monday")

    def meeting(subject: str, day: datetime.date, start: datetime.time, minutes: int) -> Event:
        starts_at = combine(day, start)
        return Event(
            subject=subject,
            attendees=[anahera, vikram],
            starts_at=starts_at,
            ends_at=modify(
                starts_at,
                Duration(minutes, TimeUnits.Minutes),
                operator=DateTimeClauseOperators.add,
            ),
        )

    simulate_user_calendar(
        [
            meeting("Friday demo", get_next_dow("Friday"), time_by_hm(1, 0, "pm"), 120),
            meeting("Kickoff", monday, time_by_hm(10, 0, "am"), 90),
            meeting(
                "Design review", get_next_dow("Wednesday", after=monday), time_by_hm(2, 0, "pm"), 45
            ),
            meeting(
                "Customer call", get_next_dow("Thursday", after=monday), time_by_hm(9, 30, "am"), 60
            ),
            meeting("Retro", get_next_dow("Friday", after=monday), time_by_hm(3, 0, "pm"), 30),
            meeting("Planning", get_next_dow("Monday", after=monday), time_by_hm(10, 0, "am"), 60),
        ]
    )


def evaluate_meeting_hours_next_week(
    query: str, executable: Callable[[], Any], setup_function: Callable[[], Any]
):
    """Next week (1-7 July) holds 90 + 45 + 60 + 30 minutes = 3.75 hours of meetings."""
    setup_function()
    before = snapshot_world()
    result = executable()
    assert_no_changes_since(before)
    # testing guideline #2: a number of hours, or a Duration of 225 minutes
    if isinstance(result, Duration):
        if result.unit == TimeUnits.Months or abs(result.to_minutes() - 225) > 1e-6:
            raise SolutionError("Incorrect solution")
        return
    if isinstance(result, bool) or not isinstance(result, int | float):
        raise SolutionError("Incorrect solution")
    if abs(result - 3.75) > 1e-6:
        raise SolutionError("Incorrect solution")
